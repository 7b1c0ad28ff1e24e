// prepare's steps in this process: a run request as main.ts reads one off the
// runner's environment (here: of a GitHub emulator, an event and inputs), the
// trigger and spec prepare decides, an io that records what the run says, and
// the declared steps a value needs (the same steps prepare runs for the spec).
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cancellation, type RunIo } from '../../src/core/run.js';
import { readInputs } from '../../src/inputs.js';
import { specOf } from '../../src/modes/index.js';
import type { ModeSpec } from '../../src/modes/spec.js';
import { decide, stepsFor as preparesSteps } from '../../src/prepare/index.js';
import type { Step } from '../../src/prepare/runner.js';
import type { RunRequest, Values } from '../../src/prepare/values.js';
import { createRedactor } from '../../src/safety/redact.js';
import { GitHubEmulator, type Permission, type UserSpec } from '../emulators/github.js';

export interface RequestOptions {
  event: string;
  payload: unknown;
  /** The checkout (GITHUB_WORKSPACE). */
  workspace: string;
  /** RUNNER_TEMP: the run's own folder is made in it. */
  runnerTemp: string;
  /** The GitHub the run talks to: its token, repository and API URL. None: a run without a token. */
  gh?: GitHubEmulator;
  /** Inputs by name, as the workflow's `with:` gives them (empty ones take their defaults). */
  inputs?: Record<string, string>;
  /** What the model is reached with; default an API key. */
  model?: RunRequest['model'];
  /** GITHUB_ACTOR. */
  workflowActor?: string;
}

/** A run request as main.ts reads one, for this event against `gh`. */
export function requestFor(opts: RequestOptions): RunRequest {
  const inputs = readInputs((name) => opts.inputs?.[name] ?? '');
  const { gh } = opts;
  const named = (opts.payload as { repository?: { default_branch?: unknown } } | null)?.repository?.default_branch;
  return {
    inputs,
    redactor: createRedactor([]),
    eventName: opts.event,
    payload: opts.payload,
    token: inputs.github_token || gh?.token || '',
    ...(gh ? { repository: { owner: gh.owner, repo: gh.repo } } : {}),
    repositoryName: gh?.fullName ?? '',
    serverUrl: gh?.serverUrl ?? 'https://github.test',
    apiUrl: gh?.url ?? 'https://api.github.test',
    runId: '4242',
    ...(opts.workflowActor ? { workflowActor: opts.workflowActor } : {}),
    ...(typeof named === 'string' && named !== '' ? { eventDefaultBranch: named } : {}),
    model: opts.model ?? { apiKey: 'sk-test' },
    workspace: opts.workspace,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, RUNNER_TEMP: opts.runnerTemp },
    startedAt: Date.now(),
  };
}

/** What prepare starts its steps from: the request, and the trigger and spec it decided (a skip throws). */
export function startOf(request: RunRequest): Pick<Values, 'request' | 'trigger' | 'spec'> {
  const decision = decide(request);
  if (decision.kind === 'skip') throw new Error(`The trigger skipped the event: ${decision.reason}`);
  return { request, trigger: decision.trigger, spec: specOf(decision.trigger.mode) };
}

/** An io that keeps what the run logs and warns, and runs what it asked to stop at its end (`end()`). */
export function recordingIo(cancellation = new Cancellation(1_000)): RunIo & { logs: string[]; warnings: string[]; end(): Promise<void> } {
  const logs: string[] = [];
  const warnings: string[] = [];
  const stops: Array<() => Promise<void>> = [];
  return {
    logs,
    warnings,
    cancellation,
    log: (line) => logs.push(line),
    warn: (message) => warnings.push(message),
    atEnd: (stop) => void stops.push(stop),
    end: async () => {
      await Promise.all(stops.splice(0).map((stop) => stop()));
    },
  };
}

/**
 * The steps prepare runs for this mode that make `wanted`, and every step they
 * need (or take later) — leaving out the values `given` has.
 */
export function stepsMaking(spec: ModeSpec, wanted: ReadonlyArray<keyof Values>, given: ReadonlyArray<keyof Values> = ['request', 'trigger', 'spec']): Array<Step<Values>> {
  const byName = new Map(preparesSteps(spec).map((s) => [s.makes, s] as const));
  const chosen = new Set<keyof Values>();
  const add = (name: keyof Values) => {
    if (chosen.has(name) || given.includes(name)) return;
    const declared = byName.get(name);
    if (!declared) throw new Error(`No step makes ${String(name)}.`);
    chosen.add(name);
    for (const need of [...declared.needs, ...declared.later]) add(need);
  };
  for (const name of wanted) add(name);
  return preparesSteps(spec).filter((s) => chosen.has(s.makes));
}

export interface StepScenario {
  gh: GitHubEmulator;
  /** A folder of the test's own: RUNNER_TEMP and the workspace are in it. */
  base: string;
  runnerTemp: string;
  /** GITHUB_WORKSPACE (absent until `checkout`, or made by the test). */
  workspace: string;
  /** Clones the repository into the workspace at `ref`. */
  checkout(ref?: string): string;
  /** The request, trigger and spec of a run on this event against the emulator. */
  start(event: string, payload: unknown, inputs?: Record<string, string>, more?: Partial<RequestOptions>): Pick<Values, 'request' | 'trigger' | 'spec'>;
  cleanup(): Promise<void>;
}

/** A GitHub emulator with `files` on main and `users`' permissions, and a folder for the run. */
export async function stepScenario(
  files: Record<string, string>,
  opts: { users?: Record<string, Permission>; tokenUser?: UserSpec; latencyMs?: number } = {},
): Promise<StepScenario> {
  const gh = await new GitHubEmulator({ ...(opts.tokenUser ? { tokenUser: opts.tokenUser } : {}), ...(opts.latencyMs ? { latencyMs: opts.latencyMs } : {}) }).start();
  gh.commitFiles('main', files, 'Initial commit');
  const users: Record<string, Permission> = opts.users ?? { alice: 'write' };
  for (const [login, permission] of Object.entries(users)) gh.setPermission(login, permission);
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'deckhand-prepare-')));
  const runnerTemp = join(base, 'runner-temp');
  const workspace = join(base, 'workspace');
  mkdirSync(runnerTemp);
  return {
    gh,
    base,
    runnerTemp,
    workspace,
    checkout(ref = 'main') {
      rmSync(workspace, { recursive: true, force: true });
      return gh.cloneTo(workspace, ref);
    },
    start: (event, payload, inputs = {}, more = {}) => startOf(requestFor({ event, payload, inputs, gh, workspace, runnerTemp, ...more })),
    async cleanup() {
      await gh.stop();
      rmSync(base, { recursive: true, force: true });
    },
  };
}
