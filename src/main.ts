// The run, top to bottom:
//   event → trigger → authorize → tracking comment → gather → policy (from the
//   base branch) → checkout → mode plan → agent → publish → summary and outputs.
// The only module that reads the runner's environment and decides the exit
// code; everything below it takes and returns plain values.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCost } from './format.js';
import { anthropicModel } from './agent/model.js';
import { runAgent, type Outcome } from './agent/session.js';
import { StopReason } from './agent/state.js';
import { systemPrompt } from './context/system-prompt.js';
import { createGitHub, type GitHub } from './github/api.js';
import { authorize, parseAllowedBots } from './github/authorize.js';
import { issueBranch, isValidBranchName, taskBranch } from './github/branch-name.js';
import { CheckoutError, ensureCheckedOut, headSha } from './github/checkout.js';
import { EventError, readEventFile } from './github/event.js';
import type { GitHubContext } from './github/context.js';
import { gather } from './github/gather.js';
import { publish, PublishError, type Published } from './github/publish/index.js';
import { failureComment, finalComment, workingComment, type Links, type RunFacts } from './github/publish/text.js';
import { TrackingComment, type CommentPlace } from './github/publish/tracking-comment.js';
import { dryRunWriter, guardedWriter, liveWriter, type Writer } from './github/publish/writer.js';
import { annotateError, annotateWarning, appendSummary, getInput, log, redactOutputsWith, setOutput } from './github/runner.js';
import { renderFailureSummary, renderSkipSummary, renderSummary, type Conclusion } from './github/summary.js';
import { decideTrigger, type Trigger } from './github/trigger.js';
import { DEFAULT_MAX_TURNS, DEFAULT_MODEL, InputError, readInputs, type Inputs } from './inputs.js';
import { planMode, type ModePlan } from './modes/index.js';
import { ConfigError, EMPTY_CONFIG, loadPolicyFiles } from './policy/config.js';
import { PolicyError, preparePolicy, startSandbox } from './policy/setup.js';
import { git } from './safety/git.js';
import { realRoot } from './safety/paths.js';
import { createRedactor, secretsOf } from './safety/redact.js';

/** A problem that stops the run, told in one line (the input, the setting or the state that is wrong). */
class SetupError extends Error {}

const TASK_EVENTS = new Set(['schedule', 'workflow_dispatch', 'repository_dispatch']);

/** success when something useful came out; a stop note alone does not count (product.md §7). */
export function conclusionOf(outcome: Outcome, published: Published): Conclusion {
  switch (outcome.terminal.reason) {
    case 'completed':
      return 'success';
    case 'aborted':
      return 'cancelled';
    case 'error':
      return 'failure';
    default:
      return outcome.answer || published.commitSha ? 'success' : 'failure';
  }
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

function skipped(reason: string): number {
  log(`Deckhand skipped this event: ${reason}`);
  appendSummary(renderSkipSummary(reason));
  setOutput('conclusion', 'skipped');
  setOutput('turns', '0');
  setOutput('cost_usd', '0.0000');
  return 0;
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

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const startedAt = Date.now();
  const controller = new AbortController();
  /** Set once the run has begun to report how it ended: from then on nothing else reports. */
  let ending: Promise<number> | undefined;
  const cancel = () => {
    controller.abort(new StopReason('cancelled'));
    setTimeout(() => {
      if (ending) return;
      void fail('The run was cancelled.', true).then((code) => process.exit(code));
    }, CANCEL_GRACE_MS).unref();
  };
  process.once('SIGTERM', cancel);
  process.once('SIGINT', cancel);
  const warn = (message: string) => annotateWarning(message);
  let tracking: TrackingComment | undefined;
  let facts: RunFacts | undefined;
  let outcome: Outcome | undefined;
  let published: Published = { links: {} };
  /** What could not be published (a patch, a review), for the job summary. */
  let unpublished: string | undefined;

  let writer: Writer | undefined;

  /** Every failure ends the same way: log, annotation, summary, the tracking comment, outputs — once. */
  const fail = (reason: string, wasCancelled = false): Promise<number> => (ending ??= reportFailure(reason, wasCancelled));
  const reportFailure = async (reason: string, wasCancelled: boolean): Promise<number> => {
    annotateError(reason);
    if (tracking && facts) {
      const body = failureComment(reason, { ...facts, durationMs: Date.now() - startedAt }, outcome?.answer ?? '', published.links, wasCancelled);
      await tracking.finish(body).catch((err) => annotateWarning(`Could not update the tracking comment: ${(err as Error).message}`));
    }
    const conclusion = wasCancelled ? 'cancelled' : 'failure';
    const planned = writer?.dryRun ? writer.planned : [];
    for (const write of planned) log(`\n--- would write: ${write.title} ---\n${write.content}`);
    appendSummary(outcome ? renderSummary(outcome, conclusion, facts?.model ?? '', published, planned, reason) : renderFailureSummary(reason, conclusion, planned));
    if (unpublished) appendSummary(unpublished);
    setOutput('conclusion', conclusion);
    if (tracking) setOutput('comment_url', tracking.url);
    if (published.review) setOutput('review_url', published.review.url);
    if (published.branch) setOutput('branch', published.branch);
    if (published.pullUrl) setOutput('pr_url', published.pullUrl);
    if (published.commitSha) setOutput('commit_sha', published.commitSha);
    setOutput('turns', String(outcome?.turns ?? 0));
    setOutput('cost_usd', (outcome?.costUsd ?? 0).toFixed(4));
    if (outcome) setOutput('transcript', outcome.transcriptPath);
    return 1;
  };
  /** A SIGTERM/SIGINT came (not the timeout, which stops only the agent). */
  const cancelled = () => controller.signal.aborted && controller.signal.reason instanceof StopReason && controller.signal.reason.kind === 'cancelled';
  const stopIfCancelled = () => {
    if (cancelled()) throw new Cancelled();
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
    redactOutputsWith(redactor.redact);
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
    if (decision.kind === 'skip') return skipped(decision.reason);
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
    if (!authorization.ok) return skipped(authorization.reason);

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
    facts = { model: inputs.model || DEFAULT_MODEL, turns: 0, durationMs: 0, costUsd: 0, runUrl };
    // Loaded when the first text is posted, not at start-up.
    const defanging = () => import('./safety/defang.js');
    writer = guardedWriter(inputs.dry_run ? dryRunWriter(`${serverUrl}/${repoName}`) : liveWriter(api!), async (text) =>
      (await defanging()).defang(redactor.redact(text), serverUrl),
    );
    const asker = trigger.actor.login === 'unknown' && env.GITHUB_ACTOR ? env.GITHUB_ACTOR : trigger.actor.login;
    log(`Deckhand: ${trigger.mode} mode on ${trigger.event}${trigger.number ? ` #${trigger.number}` : ''}, asked by ${asker}${inputs.dry_run ? ' (dry run)' : ''}.`);

    // 2. Say we are on it, before anything slow.
    const place = trackingPlace(trigger);
    if (place) tracking = await TrackingComment.create(writer, place, workingComment(runUrl), warn);

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
    facts = { ...facts, model };

    if (context.pull) await ensureCheckedOut(root, { number: context.number!, headSha: context.pull.headSha }, token);
    const baseSha = await headSha(root).catch(() => '');
    const gitStatus = baseSha ? await git(['status', '--short', '--branch'], { cwd: root }).catch(() => '') : '';
    if (!baseSha && commitsChanges(trigger)) warn(`${root} is not a git checkout: Deckhand can run, but cannot commit what it changes.`);

    let incremental: { since: string; files: NonNullable<GitHubContext['pull']>['files'] } | undefined;
    if (trigger.mode === 'review' && context.pull?.lastReviewedSha) {
      const since = context.pull.lastReviewedSha;
      if (since === context.pull.headSha) return skipped(`Deckhand already reviewed ${since.slice(0, 7)}, the pull request's head.`);
      const compare = await api!.compare(since, context.pull.headSha).catch(() => undefined);
      // After a force-push the old head is not an ancestor: review the whole pull request again.
      if (compare?.status === 'ahead') {
        incremental = {
          since,
          files: (compare.files ?? []).map((f) => ({ path: f.filename, status: f.status, additions: f.additions, deletions: f.deletions, ...(f.patch !== undefined ? { patch: f.patch } : {}) })),
        };
      }
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
    const timer = setTimeout(() => controller.abort(new StopReason('timeout')), inputs.timeout_minutes * 60_000);
    timer.unref();
    outcome = await runAgent({
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
      signal: controller.signal,
      transcriptPath: join(tempDir, 'transcript.jsonl'),
      ...(tracking ? { onTodos: (todos) => tracking!.progress(workingComment(runUrl, todos)) } : {}),
    });
    clearTimeout(timer);
    facts = { ...facts, turns: outcome.turns, durationMs: Date.now() - startedAt, costUsd: outcome.costUsd };
    if (outcome.answer) log(`\n${outcome.answer}\n`);
    log(`${outcome.terminal.message} Cost: ${formatCost(outcome.costUsd)}.`);
    if (!outcome.priceKnown) warn(`Model ${model} is not in Deckhand's price table; its cost is estimated at Sonnet prices.`);
    if (outcome.terminal.reason === 'aborted') return await fail(outcome.terminal.message, true);
    const publishSettings = { root, baseSha, baseBranch, defaultBranch, findSecret: redactor.find, openPr: inputs.open_pr, serverUrl, repository: repoName };
    if (outcome.terminal.reason === 'error') {
      if (plan.commit.kind === 'none') return await fail(outcome.terminal.message);
      // The model failed mid-run: what the agent changed so far is kept on a new branch —
      // not the pull request's, and with no pull request opened, since it is unfinished.
      const unfinished: ModePlan = { ...plan, commit: { kind: 'new-branch', name: branchName }, review: undefined };
      const compareBase = plan.commit.kind === 'pr-head' ? plan.commit.branch : undefined;
      const note = `Unfinished work: Deckhand stopped with an error\n\n${outcome.terminal.message}\n\n${outcome.answer}`;
      try {
        published = await publish(writer, api, unfinished, trigger, context, { ...outcome, answer: note }, facts, {
          ...publishSettings,
          openPr: false,
          ...(compareBase ? { baseBranch: () => Promise.resolve(compareBase) } : {}),
        });
      } catch (err) {
        if (!(err instanceof PublishError)) throw err;
        published = err.published;
        unpublished = err.kept;
        return await fail(`${outcome.terminal.message} The changes made so far could not be kept: ${err.message}`);
      }
      const onBranch = published.branch ? ` The changes made so far are on the branch ${published.branch}, with no pull request opened.` : '';
      return await fail(`${outcome.terminal.message}${onBranch}`);
    }

    // 6. What it did, written back. A cancellation from here on still publishes (the work is done), then says so.
    published = await publish(writer, api, plan, trigger, context, outcome, facts, publishSettings);
    if (cancelled()) {
      const linked = Object.keys(published.links).length > 0 ? ' What was published is linked below.' : '';
      return await fail(`The run was cancelled while its results were being published.${linked}`, true);
    }
    const conclusion = conclusionOf(outcome, published);
    // Reporting has begun: a cancellation from now on no longer ends the run from the signal.
    ending = Promise.resolve(conclusion === 'success' ? 0 : 1);
    const stoppedEarly = outcome.terminal.reason === 'completed' ? undefined : outcome.terminal.message;
    const links: Links = { ...published.links };
    if (tracking) {
      facts = { ...facts, durationMs: Date.now() - startedAt };
      await tracking.finish(finalComment(outcome.answer, links, facts, stoppedEarly));
    }
    if (conclusion === 'failure') annotateError(outcome.terminal.message);
    if (writer.dryRun) for (const write of writer.planned) log(`\n--- would write: ${write.title} ---\n${write.content}`);
    // The same duration as the footer: the whole run, not only the agent's part.
    appendSummary(renderSummary({ ...outcome, durationMs: Date.now() - startedAt }, conclusion, model, published, writer.planned));
    setOutput('conclusion', conclusion);
    if (tracking) setOutput('comment_url', tracking.url);
    if (published.review) setOutput('review_url', published.review.url);
    if (published.branch) setOutput('branch', published.branch);
    if (published.pullUrl) setOutput('pr_url', published.pullUrl);
    if (published.commitSha) setOutput('commit_sha', published.commitSha);
    setOutput('turns', String(outcome.turns));
    setOutput('cost_usd', outcome.costUsd.toFixed(4));
    setOutput('transcript', outcome.transcriptPath);
    return conclusion === 'success' ? 0 : 1;
  } catch (err) {
    if (err instanceof PublishError) {
      published = err.published;
      unpublished = err.kept;
    }
    if (err instanceof Cancelled) return await fail(err.message, true);
    const expected = [SetupError, InputError, EventError, PublishError, ConfigError, PolicyError, CheckoutError];
    if (expected.some((kind) => err instanceof kind)) return await fail((err as Error).message);
    if (err instanceof Error && err.name === 'GitHubError') return await fail(err.message);
    // Unexpected: still one clear line (the stack only when the runner's debug logging is on).
    if (env.RUNNER_DEBUG === '1' && err instanceof Error && err.stack) log(err.stack);
    return await fail(`Deckhand failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    process.off('SIGTERM', cancel);
    process.off('SIGINT', cancel);
  }
}
