// Starts the bundled action as the runner does (test/helpers/run-action.ts),
// against the bench's emulator, and tracks the child so it never outlives the bench.
import { startAction as start, type ActionRun, type RunningAction } from '../test/helpers/run-action.js';
import { track } from './scratch.js';

export interface ActionOptions {
  /** dist/index.js of the checkout being measured. */
  script: string;
  workspace: string;
  runnerTemp: string;
  apiUrl: string;
  inputs: Record<string, string>;
  /** Killed after this long: a bench must end even when the action hangs. */
  timeoutMs: number;
  /** The Node that runs it (default: the bench's own). */
  node?: string;
}

export function startAction(opts: ActionOptions): RunningAction {
  const running = start({
    action: opts.script,
    workspace: opts.workspace,
    runnerTemp: opts.runnerTemp,
    inputs: opts.inputs,
    env: { ANTHROPIC_BASE_URL: opts.apiUrl, ANTHROPIC_API_KEY: 'sk-bench-key' },
    timeoutMs: opts.timeoutMs,
    ...(opts.node ? { node: opts.node } : {}),
  });
  track(running.child);
  return running;
}

/** One line saying why a run did not end as a successful run would (its error annotation, else stderr). */
export function describeFailure(run: ActionRun): string {
  const annotation = run.stdout.split('\n').find((line) => line.startsWith('::error::'))?.slice('::error::'.length);
  const detail = annotation || run.stderr.trim().split('\n')[0] || `conclusion ${run.outputs.conclusion ?? '(none)'}`;
  return `the action exited with code ${run.code ?? '(killed)'}: ${detail}`;
}
