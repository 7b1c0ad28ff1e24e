// The run, top to bottom:
//   the runner's environment → a run request → prepare (what woke it, then
//   declared steps: who asked, the tracking comment, the GitHub context, the
//   policy from the base branch, the checkout, the mode's plan) → work (the
//   agent) → publish → one ending, reported once.
// The only module that knows the process (its environment, its signals, its
// exit); `run(env, runner)` takes the environment and the runner as values,
// so a test can run a whole run in-process with a recording sink. The three
// stages know nothing of each other: what one makes, this hands to the next.
import { ProviderSetupError } from './agent/providers.js';
import { McpConfigError } from './config/mcp.js';
import { ConfigError } from './config/repo.js';
import type { Outcome } from './core/outcome.js';
import { Cancellation } from './core/run.js';
import { EventError, readEventFile } from './github/event.js';
import { getInput, runnerSink, type RunnerSink } from './github/runner.js';
import { workflowFileOf } from './github/wake.js';
import { InputError, readInputs } from './inputs.js';
import { PolicyError } from './policy/run-policy.js';
import { prepare } from './prepare/index.js';
import { CheckoutError } from './prepare/steps/checkout.js';
import { Cancelled, SetupError, type Prepared, type RunRequest } from './prepare/values.js';
import { commitMemories, publish, publishUnfinished } from './publish/index.js';
import { report, type RunEnding, type RunRecord } from './publish/report.js';
import { PublishError, type Published, type PublishRequest } from './publish/request.js';
import { createRedactor, secretsOf } from './safety/redact.js';
import { work } from './work/index.js';

const TASK_EVENTS = new Set(['schedule', 'workflow_dispatch', 'repository_dispatch']);

/**
 * After SIGTERM/SIGINT, how long the run may take to end on its own (the agent
 * stops at once) before it is ended from the signal: a step waiting on
 * something that does not listen — a GitHub call being retried with backoff —
 * must not outlast the runner's grace period and leave the comment "working".
 */
const CANCEL_GRACE_MS = 2_500;

/** success when something useful came out; a stop note alone does not count (product.md §7). For an agent that neither failed nor was cancelled. */
function conclusionOf(outcome: Outcome, published: Published): 'success' | 'failure' {
  if (outcome.terminal.reason === 'completed') return 'success';
  return outcome.answer || published.commitSha ? 'success' : 'failure';
}

function serverUrlOf(env: NodeJS.ProcessEnv): string {
  return (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
}

/** The job summary renders like a comment, so it is defanged like one; loaded when the run ends, never at start-up. */
async function defangSummary(env: NodeJS.ProcessEnv, sink: RunnerSink): Promise<void> {
  const { defang } = await import('./safety/defang.js');
  const server = URL.canParse(serverUrlOf(env)) ? serverUrlOf(env) : 'https://github.com';
  sink.defangSummaryWith((markdown) => defang(markdown, server));
}

function repositoryOf(env: NodeJS.ProcessEnv): { owner: string; repo: string } | undefined {
  const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(env.GITHUB_REPOSITORY ?? '');
  return match ? { owner: match[1]!, repo: match[2]! } : undefined;
}

/** What the runner's environment asks of this run; from the moment it is read, nothing printed or posted carries a secret. */
function runRequest(env: NodeJS.ProcessEnv, sink: RunnerSink, startedAt: number): RunRequest {
  const inputs = readInputs((name) => getInput(name, env));
  const redactor = createRedactor(
    secretsOf(env, [
      { name: 'anthropic_api_key', value: inputs.anthropic_api_key },
      { name: 'github_token', value: inputs.github_token },
    ]),
  );
  sink.redactWith(redactor.redact);
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const repository = repositoryOf(env);
  const apiKey = inputs.anthropic_api_key || env.ANTHROPIC_API_KEY;
  const payload = TASK_EVENTS.has(eventName) && !env.GITHUB_EVENT_PATH ? {} : readEventFile(env.GITHUB_EVENT_PATH);
  const named = (payload as { repository?: { default_branch?: unknown } } | null)?.repository?.default_branch;
  const eventDefaultBranch = typeof named === 'string' && named !== '' ? named : undefined;
  return {
    inputs,
    redactor,
    eventName,
    payload,
    token: inputs.github_token || env.GITHUB_TOKEN || '',
    ...(repository ? { repository } : {}),
    repositoryName: env.GITHUB_REPOSITORY ?? '',
    serverUrl: serverUrlOf(env),
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    runId: env.GITHUB_RUN_ID ?? '',
    ...(env.GITHUB_ACTOR ? { workflowActor: env.GITHUB_ACTOR } : {}),
    ...(workflowFileOf(env.GITHUB_WORKFLOW_REF) ? { workflowFile: workflowFileOf(env.GITHUB_WORKFLOW_REF)! } : {}),
    ...(eventDefaultBranch ? { eventDefaultBranch } : {}),
    model: {
      ...(apiKey ? { apiKey } : {}),
      ...(env.ANTHROPIC_AUTH_TOKEN ? { authToken: env.ANTHROPIC_AUTH_TOKEN } : {}),
      ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
    },
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    env,
    startedAt,
  };
}

/** What a run is given besides the environment: where it reports, and how it is stopped. */
export interface Runner {
  sink: RunnerSink;
  cancellation: Cancellation;
  /** Ends the process once a cancelled run has reported (after the grace period); a test leaves it out. */
  exit?: (code: number) => void;
}

/** The action as the runner starts it: the process's environment, stdout and signals. */
export async function main(): Promise<number> {
  const cancellation = new Cancellation(CANCEL_GRACE_MS);
  const cancel = () => cancellation.cancel();
  process.once('SIGTERM', cancel);
  process.once('SIGINT', cancel);
  try {
    return await run(process.env, { sink: runnerSink(process.env, process.stdout), cancellation, exit: (code) => process.exit(code) });
  } finally {
    process.off('SIGTERM', cancel);
    process.off('SIGINT', cancel);
  }
}

export async function run(env: NodeJS.ProcessEnv, runner: Runner): Promise<number> {
  const { sink, cancellation } = runner;
  const startedAt = Date.now();
  /** What the run has made so far: what its ending reports, however it ends. */
  const record: RunRecord = { startedAt, published: { links: {} } };
  /** Set once the run has begun to report how it ended: from then on nothing else reports. */
  let ending: Promise<number> | undefined;
  /** What the run started that its end stops (MCP servers). */
  const running: Array<() => Promise<void>> = [];
  const stopRunning = () => Promise.all(running.splice(0).map((stop) => stop().catch(() => undefined)));
  const end = (how: RunEnding): Promise<number> => {
    cancellation.endingBegun();
    return (ending ??= stopRunning()
      .then(() => defangSummary(env, sink))
      .then(() => report(how, sink)));
  };
  const fail = (reason: string, wasCancelled = false) => end({ kind: wasCancelled ? 'cancelled' : 'failed', reason, record });
  cancellation.onGraceExpired(() => void fail('The run was cancelled.', true).then((code) => runner.exit?.(code)));
  const io = { log: (line: string) => sink.log(line), warn: (message: string) => sink.warning(message), cancellation, atEnd: (stop: () => Promise<void>) => void running.push(stop) };

  try {
    const request = runRequest(env, sink, startedAt);
    const prepared = await prepare(request, record, io);
    if ('skip' in prepared) return await end({ kind: 'skipped', reason: prepared.skip, ...(record.writer ? { writer: record.writer } : {}) });

    // The agent is done with the servers once it stops.
    const outcome = await work(request, prepared, io).finally(stopRunning);
    record.outcome = outcome;
    const facts = { ...record.facts!, turns: outcome.turns, durationMs: Date.now() - startedAt, costUsd: outcome.costUsd, agents: outcome.agents };
    record.facts = facts;
    const toPublish: PublishRequest = { ...prepared, outcome, facts, settings: publishSettings(request, prepared, sink) };
    if (outcome.terminal.reason === 'aborted') {
      // What the run was taught before it stopped is kept (a Remember the reply already called saved).
      await commitMemories(toPublish, record.published);
      return await fail(outcome.terminal.message, true);
    }
    if (outcome.terminal.reason === 'error') {
      const { commit } = prepared.plan;
      if (commit.kind === 'none') {
        await commitMemories(toPublish, record.published);
        return await fail(outcome.terminal.message);
      }
      const kept = await publishUnfinished({ ...toPublish, plan: { commit } }, prepared.branchName);
      record.published = kept.published;
      if (kept.unpublished !== undefined) record.unpublished = kept.unpublished;
      return await fail(kept.reason);
    }

    // What it did, written back. A cancellation from here on still publishes (the work is done), then says so.
    const published = await publish(toPublish);
    record.published = published;
    if (cancellation.cancelled) {
      const linked = Object.keys(published.links).length > 0 ? ' What was published is linked below.' : '';
      return await fail(`The run was cancelled while its results were being published.${linked}`, true);
    }
    return await end({ kind: 'finished', conclusion: conclusionOf(outcome, published), record: { ...record, outcome, facts, writer: prepared.writer } });
  } catch (err) {
    if (err instanceof PublishError) {
      record.published = err.published;
      if (err.kept !== undefined) record.unpublished = err.kept;
    }
    if (err instanceof Cancelled) return await fail(err.message, true);
    // Unexpected: still one clear line (the stack only when the runner's debug logging is on).
    if (!expected(err) && env.RUNNER_DEBUG === '1' && err instanceof Error && err.stack) sink.log(err.stack);
    return await fail(expected(err) ? (err as Error).message : `Deckhand failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A failure Deckhand tells in one line of its own: a bad input, setting or state, or GitHub's error. */
function expected(err: unknown): boolean {
  const kinds = [SetupError, InputError, EventError, PublishError, ConfigError, PolicyError, CheckoutError, McpConfigError, ProviderSetupError];
  return kinds.some((kind) => err instanceof kind) || (err instanceof Error && err.name === 'GitHubError');
}

/** Where publishing puts things, and what it checks before it does. */
function publishSettings(request: RunRequest, prepared: Prepared, sink: RunnerSink): PublishRequest['settings'] {
  return {
    repo: prepared.repo,
    baseSha: prepared.baseSha,
    baseBranch: prepared.baseBranch,
    defaultBranch: prepared.defaultBranch,
    findSecret: request.redactor.find,
    openPr: request.inputs.open_pr,
    serverUrl: request.serverUrl,
    repository: prepared.repoName,
    warn: (message: string) => sink.warning(message),
  };
}
