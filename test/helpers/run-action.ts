// Runs the bundled action exactly as the runner does: `node dist/index.js`
// with INPUT_* variables, GITHUB_* paths and the runner's output files.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ACTION = join(import.meta.dirname, '..', '..', 'dist', 'index.js');

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

export interface ActionOptions {
  runnerTemp: string;
  workspace: string;
  inputs: Record<string, string>;
  env?: Record<string, string>;
  /** The bundle to run (default: this checkout's dist/index.js). */
  action?: string;
  /** The Node that runs it (default: this one). */
  node?: string;
  /** Killed after this long, so a hung run cannot hang its caller. */
  timeoutMs?: number;
}

export interface RunningAction {
  child: ChildProcess;
  /** performance.now() just before the spawn. */
  spawnedAt: number;
  done: Promise<ActionRun>;
}

/** Parses the runner's GITHUB_OUTPUT file (name<<delimiter ... delimiter). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!match) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== match[2]; i++) value.push(lines[i]!);
    outputs[match[1]!] = value.join('\n');
  }
  return outputs;
}

/** The environment the runner gives the action's process (outputs and summary files emptied). */
export function actionEnv(opts: Pick<ActionOptions, 'runnerTemp' | 'workspace' | 'inputs' | 'env'>): Record<string, string> {
  const outputFile = join(opts.runnerTemp, 'github-output');
  const summaryFile = join(opts.runnerTemp, 'step-summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_REPOSITORY: 'octo/widgets',
    GITHUB_WORKSPACE: opts.workspace,
    GITHUB_RUN_ID: '4242',
    RUNNER_TEMP: opts.runnerTemp,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    ...opts.env,
  };
  for (const [name, value] of Object.entries(opts.inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return env;
}

/** Starts the action and hands back the child while it runs. */
export function startAction(opts: ActionOptions): RunningAction {
  const env = actionEnv(opts);
  const outputFile = env.GITHUB_OUTPUT!;
  const summaryFile = env.GITHUB_STEP_SUMMARY!;
  const spawnedAt = performance.now();
  const child = spawn(opts.node ?? process.execPath, [opts.action ?? ACTION], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
  const done = new Promise<ActionRun>((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout,
        stderr,
        outputs: existsSync(outputFile) ? parseOutputs(readFileSync(outputFile, 'utf8')) : {},
        summary: existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '',
      });
    });
  });
  return { child, spawnedAt, done };
}

/** `killWith` is sent once the action has said something (past start-up), or once `killAfter` settles. */
export async function runAction(opts: ActionOptions & { killWith?: NodeJS.Signals; killAfter?: Promise<unknown> }): Promise<ActionRun> {
  const running = startAction(opts);
  const { killWith, killAfter } = opts;
  if (killWith && killAfter) void killAfter.then(() => running.child.kill(killWith));
  else if (killWith) running.child.stdout!.once('data', () => running.child.kill(killWith));
  return running.done;
}
