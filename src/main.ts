// The run, top to bottom:
//   event → trigger → authorize → tracking comment → gather → policy (from the
//   base branch) → checkout → mode plan → agent → publish → summary and outputs.
// The only module that knows the process (its environment, its signals, its
// exit); `run(env, runner)` below it takes the environment and the runner as
// values, so a test can run a whole run in-process with a recording sink.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCost } from './format.js';
import { anthropicModel } from './agent/model.js';
import { runAgent, type Outcome } from './agent/session.js';
import { Cancellation } from './agent/cancellation.js';
import { systemPrompt } from './context/system-prompt.js';
import { createGitHub, type GitHub } from './github/api.js';
import { authorize, parseAllowedBots } from './github/authorize.js';
import { issueBranch, isValidBranchName, taskBranch } from './github/branch-name.js';
import { CheckoutError, ensureCheckedOut, headSha } from './github/checkout.js';
import { EventError, readEventFile } from './github/event.js';
import type { GitHubContext } from './github/context.js';
import { changesSince, gather } from './github/gather.js';
import { publish, PublishError, publishUnfinished, type Published } from './github/publish/index.js';
import { report, type RunEnding, type RunRecord } from './github/publish/report.js';
import { workingComment } from './github/publish/text.js';
import { TrackingComment, type CommentPlace } from './github/publish/tracking-comment.js';
import { dryRunWriter, guardedWriter, liveWriter } from './github/publish/writer.js';
import { getInput, runnerSink, type RunnerSink } from './github/runner.js';
import { decideTrigger, type Trigger } from './github/trigger.js';
import { DEFAULT_MAX_TURNS, DEFAULT_MODEL, InputError, readInputs, type Inputs } from './inputs.js';
import { planMode } from './modes/index.js';
import { ConfigError, EMPTY_CONFIG, loadPolicyFiles } from './policy/config.js';
import { PolicyError, preparePolicy, startSandbox } from './policy/setup.js';
import { git } from './safety/git.js';
import { realRoot } from './safety/paths.js';
import { createRedactor, secretsOf } from './safety/redact.js';

/** A problem that stops the run, told in one line (the input, the setting or the state that is wrong). */
class SetupError extends Error {}

const TASK_EVENTS = new Set(['schedule', 'workflow_dispatch', 'repository_dispatch']);

/** success when something useful came out; a stop note alone does not count (product.md §7). For an agent that neither failed nor was cancelled. */
function conclusionOf(outcome: Outcome, published: Published): 'success' | 'failure' {
  if (outcome.terminal.reason === 'completed') return 'success';
  return outcome.answer || published.commitSha ? 'success' : 'failure';
}

function repositoryOf(env: NodeJS.ProcessEnv): { owner: string; repo: string } | undefined {
  const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(env.GITHUB_REPOSITORY ?? '');
  return match ? { owner: match[1]!, repo: match[2]! } : undefined;
}

function trackingPlace(trigger: Trigger): CommentPlace | undefined {
  if (trigger.mode !== 'mention' && trigger.mode !== 'fix') return undefined;
  const thread = trigger.comment?.thread;
  return thread ? { kind: 'thread', number: trigger.number!, rootId: thread.rootId } : { kind: 'issue', number: trigger.number! };
}

function newBranchName(trigger: Trigger, inputs: Inputs, now: Date): string {
  const name =
    trigger.mode === 'task' ? taskBranch(inputs.branch_prefix, now, inputs.prompt) : issueBranch(inputs.branch_prefix, trigger.number!, trigger.subject?.title ?? '');
  if (!isValidBranchName(name)) throw new SetupError(`The branch name ${name} is not valid: check the branch_prefix input.`);
  return name;
}

/** Modes whose file changes get committed. */
function commitsChanges(trigger: Trigger): boolean {
  return trigger.mode !== 'review';
}

/** A SIGTERM or SIGINT before the agent started: the run stops at the next step. */
class Cancelled extends Error {
  constructor() {
    super('The run was cancelled before the agent started.');
  }
}

/**
 * After SIGTERM/SIGINT, how long the run may take to end on its own (the agent
 * stops at once) before it is ended from the signal: a step waiting on
 * something that does not listen — a GitHub call being retried with backoff —
 * must not outlast the runner's grace period and leave the comment "working".
 */
const CANCEL_GRACE_MS = 2_500;

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
  const end = (how: RunEnding): Promise<number> => {
    cancellation.endingBegun();
    return (ending ??= report(how, sink));
  };
  const fail = (reason: string, wasCancelled = false) => end({ kind: wasCancelled ? 'cancelled' : 'failed', reason, record });
  const skip = (reason: string) => end({ kind: 'skipped', reason });
  cancellation.onGraceExpired(() => void fail('The run was cancelled.', true).then((code) => runner.exit?.(code)));
  const log = (line: string) => sink.log(line);
  const warn = (message: string) => sink.warning(message);
  const stopIfCancelled = () => {
    if (cancellation.cancelled) throw new Cancelled();
  };

  try {
    // 1. What woke us, and whether it is ours to answer.
    const inputs = readInputs((name) => getInput(name, env));
    // From here on, nothing the action prints or posts can carry a secret.
    const redactor = createRedactor(
      secretsOf(env, [
        { name: 'anthropic_api_key', value: inputs.anthropic_api_key },
        { name: 'github_token', value: inputs.github_token },
      ]),
    );
    sink.redactWith(redactor.redact);
    const eventName = env.GITHUB_EVENT_NAME ?? '';
    const payload = TASK_EVENTS.has(eventName) && !env.GITHUB_EVENT_PATH ? {} : readEventFile(env.GITHUB_EVENT_PATH);
    const decision = decideTrigger(eventName, payload, {
      mode: inputs.mode,
      triggerPhrase: inputs.trigger_phrase,
      labelTrigger: inputs.label_trigger,
      assigneeTrigger: inputs.assignee_trigger,
      prompt: inputs.prompt,
      now: new Date(startedAt),
    });
    if (decision.kind === 'skip') return await skip(decision.reason);
    const { trigger } = decision;

    const token = inputs.github_token || env.GITHUB_TOKEN || '';
    const repository = repositoryOf(env);
    if (trigger.mode !== 'task' && (!token || !repository)) {
      throw new SetupError('Missing github_token or GITHUB_REPOSITORY: Deckhand needs both to read and answer GitHub events.');
    }
    const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
    const api: GitHub | undefined =
      token && repository ? createGitHub({ token, baseUrl: env.GITHUB_API_URL || 'https://api.github.com', ...repository, warn }) : undefined;
    const authorization = await authorize(trigger, parseAllowedBots(inputs.allowed_bots), (login) => api!.permission(login));
    if (!authorization.ok) return await skip(authorization.reason);

    const apiKey = inputs.anthropic_api_key || env.ANTHROPIC_API_KEY;
    const authToken = env.ANTHROPIC_AUTH_TOKEN;
    const baseURL = env.ANTHROPIC_BASE_URL || undefined;
    // A base URL alone is enough: a gateway or a local server may authenticate another way (issue 2's "Done when").
    if (!apiKey && !authToken && !baseURL) {
      throw new SetupError('Missing API key: set the anthropic_api_key input (or the ANTHROPIC_API_KEY environment variable).');
    }
    // Made now so the SDK loads while the rest is prepared.
    const modelClient = anthropicModel({ ...(apiKey ? { apiKey } : {}), ...(authToken ? { authToken } : {}), ...(baseURL ? { baseURL } : {}) });
    let root: string;
    try {
      root = realRoot(env.GITHUB_WORKSPACE || process.cwd());
    } catch (err) {
      throw new SetupError(`${(err as Error).message} Check GITHUB_WORKSPACE and the checkout step.`);
    }
    const sandbox = startSandbox(trigger.mode, { setting: inputs.sandbox, root, network: inputs.network === 'on', env, log });
    const repoName = repository ? `${repository.owner}/${repository.repo}` : env.GITHUB_REPOSITORY || '(unknown)';
    const runUrl = `${serverUrl}/${repoName}/actions/runs/${env.GITHUB_RUN_ID ?? ''}`;
    record.facts = { model: inputs.model || DEFAULT_MODEL, turns: 0, durationMs: 0, costUsd: 0, runUrl };
    // Loaded when the first text is posted, not at start-up.
    const defanging = () => import('./safety/defang.js');
    const writer = guardedWriter(inputs.dry_run ? dryRunWriter(`${serverUrl}/${repoName}`) : liveWriter(api!), async (text) =>
      (await defanging()).defang(redactor.redact(text), serverUrl),
    );
    record.writer = writer;
    const asker = trigger.actor.login === 'unknown' && env.GITHUB_ACTOR ? env.GITHUB_ACTOR : trigger.actor.login;
    log(`Deckhand: ${trigger.mode} mode on ${trigger.event}${trigger.number ? ` #${trigger.number}` : ''}, asked by ${asker}${inputs.dry_run ? ' (dry run)' : ''}.`);

    // 2. Say we are on it, before anything slow.
    const place = trackingPlace(trigger);
    if (place) record.tracking = await TrackingComment.create(writer, place, workingComment(runUrl), warn);

    // 3. What the model needs to know, and the code it works on.
    let defaultBranchLookup: Promise<string> | undefined;
    const defaultBranch = () =>
      (defaultBranchLookup ??= api ? api.repository().then((r) => r.default_branch) : Promise.reject(new Error('no github_token to look up the default branch')));
    const baseBranch = () => (inputs.base_branch ? Promise.resolve(inputs.base_branch) : defaultBranch());
    const context: GitHubContext =
      trigger.number !== undefined && api ? await gather(api, trigger, warn) : { repository: repoName, isPullRequest: false, title: '', body: '', comments: [], threads: [] };

    stopIfCancelled();

    // 4. The policy, from the base branch — never from the PR head or the checkout.
    const files = api
      ? await loadPolicyFiles((path, ref) => api.fileContent(path, ref), inputs.config_path, context.pull?.baseRef ?? (await defaultBranch()))
      : { config: EMPTY_CONFIG, warnings: [], instructions: [], ref: '' };
    for (const warning of files.warnings) warn(warning);
    const { config } = files;
    const model = inputs.model || config.model || DEFAULT_MODEL;
    const maxTurns = inputs.max_turns ?? config.maxTurns ?? DEFAULT_MAX_TURNS;
    record.facts = { ...record.facts, model };

    if (context.pull) await ensureCheckedOut(root, { number: context.number!, headSha: context.pull.headSha }, token);
    const baseSha = await headSha(root).catch(() => '');
    const gitStatus = baseSha ? await git(['status', '--short', '--branch'], { cwd: root }).catch(() => '') : '';
    if (!baseSha && commitsChanges(trigger)) warn(`${root} is not a git checkout: Deckhand can run, but cannot commit what it changes.`);

    let incremental: { since: string; files: NonNullable<GitHubContext['pull']>['files'] } | undefined;
    if (trigger.mode === 'review' && context.pull?.lastReviewedSha) {
      const since = context.pull.lastReviewedSha;
      if (since === context.pull.headSha) return await skip(`Deckhand already reviewed ${since.slice(0, 7)}, the pull request's head.`);
      incremental = await changesSince(api!, since, context.pull.headSha);
    }
    const branchName = newBranchName(trigger, inputs, new Date(startedAt));
    const plan = planMode(trigger, context, {
      prompt: inputs.prompt,
      root,
      newBranchName: branchName,
      ...(incremental ? { incremental } : {}),
      review: config.review,
    });
    const policy = await preparePolicy({
      mode: plan.mode,
      tools: plan.tools,
      allowedTools: inputs.allowed_tools,
      disallowedTools: inputs.disallowed_tools,
      sandbox,
      config,
      warn,
    });
    const repositoryInstructions = [
      ...(config.instructions ? [{ source: `${inputs.config_path} on ${files.ref}`, text: config.instructions }] : []),
      ...files.instructions.map((file) => ({ source: `${file.path} on ${files.ref}`, text: file.text })),
    ];

    stopIfCancelled();

    // 5. The agent, under the wall-clock limit.
    const tempDir = realpathSync(mkdtempSync(join(env.RUNNER_TEMP || tmpdir(), 'deckhand-')));
    const timer = setTimeout(() => cancellation.timeOut(), inputs.timeout_minutes * 60_000);
    timer.unref();
    const outcome = await runAgent({
      model: modelClient,
      modelId: model,
      system: systemPrompt({ repository: repoName, root, date: new Date(startedAt).toISOString().slice(0, 10), repositoryInstructions, gitStatus }),
      prompt: plan.firstMessage,
      tools: policy.tools,
      gate: policy.gate,
      after: policy.after,
      onStop: policy.onStop,
      redact: redactor.redact,
      ...(policy.sandbox ? { sandbox: policy.sandbox } : {}),
      hiddenGlobs: policy.hiddenGlobs,
      root,
      tempDir,
      parentEnv: env,
      maxTurns,
      maxBudgetUsd: inputs.max_budget_usd,
      signal: cancellation.signal,
      transcriptPath: join(tempDir, 'transcript.jsonl'),
      ...(record.tracking ? { onTodos: (todos) => record.tracking!.progress(workingComment(runUrl, todos)) } : {}),
    });
    clearTimeout(timer);
    record.outcome = outcome;
    const facts = { ...record.facts, turns: outcome.turns, durationMs: Date.now() - startedAt, costUsd: outcome.costUsd };
    record.facts = facts;
    if (outcome.answer) log(`\n${outcome.answer}\n`);
    log(`${outcome.terminal.message} Cost: ${formatCost(outcome.costUsd)}.`);
    if (!outcome.priceKnown) warn(`Model ${model} is not in Deckhand's price table; its cost is estimated at Sonnet prices.`);
    if (outcome.terminal.reason === 'aborted') return await fail(outcome.terminal.message, true);
    const publishSettings = { root, baseSha, baseBranch, defaultBranch, findSecret: redactor.find, openPr: inputs.open_pr, serverUrl, repository: repoName };
    if (outcome.terminal.reason === 'error') {
      if (plan.commit.kind === 'none') return await fail(outcome.terminal.message);
      const kept = await publishUnfinished(writer, api, plan, trigger, context, outcome, facts, publishSettings, branchName);
      record.published = kept.published;
      record.unpublished = kept.unpublished;
      return await fail(kept.reason);
    }

    // 6. What it did, written back. A cancellation from here on still publishes (the work is done), then says so.
    const published = await publish(writer, api, plan, trigger, context, outcome, facts, publishSettings);
    record.published = published;
    if (cancellation.cancelled) {
      const linked = Object.keys(published.links).length > 0 ? ' What was published is linked below.' : '';
      return await fail(`The run was cancelled while its results were being published.${linked}`, true);
    }
    return await end({ kind: 'finished', conclusion: conclusionOf(outcome, published), record: { ...record, outcome, facts, writer } });
  } catch (err) {
    if (err instanceof PublishError) {
      record.published = err.published;
      record.unpublished = err.kept;
    }
    if (err instanceof Cancelled) return await fail(err.message, true);
    const expected = [SetupError, InputError, EventError, PublishError, ConfigError, PolicyError, CheckoutError];
    if (expected.some((kind) => err instanceof kind)) return await fail((err as Error).message);
    if (err instanceof Error && err.name === 'GitHubError') return await fail(err.message);
    // Unexpected: still one clear line (the stack only when the runner's debug logging is on).
    if (env.RUNNER_DEBUG === '1' && err instanceof Error && err.stack) log(err.stack);
    return await fail(`Deckhand failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`);
  }
}
