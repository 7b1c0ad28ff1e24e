// The run, top to bottom:
//   the runner's environment → a run request → prepare (what woke it, then
//   declared steps: who asked, the tracking comment, the GitHub context, the
//   policy from the base branch, the checkout, the mode's plan) → work (the
//   agent) → publish → one ending, reported once.
// A two-phase run (input phase) splits it over jobs: start posts the tracking
// comment; agent runs up to publishing with a writer that writes nothing and
// seals what it would write; publish prepares with no model, takes the sealed
// writes in place of the agent's work once they are checked, and publishes.
// The only module that knows the process (its environment, its signals, its
// exit); `run(env, runner)` takes the environment and the runner as values,
// so a test can run a whole run in-process with a recording sink. The three
// stages know nothing of each other: what one makes, this hands to the next.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderSetupError } from './agent/providers.js';
import { McpConfigError } from './config/mcp.js';
import { OutputSchemaError } from './config/output-schema.js';
import { ConfigError } from './config/repo.js';
import type { Outcome } from './core/outcome.js';
import { Cancellation, type RunIo } from './core/run.js';
import { fleetTargetOf } from './fleet/entries.js';
import { hiddenJson, noticeOf, noticeTitle, type FleetNotice } from './fleet/record.js';
import type { FleetSettings } from './fleet/settings.js';
import { EventError, readEventFile } from './github/event.js';
import { MARKER } from './github/markers.js';
import { getInput, runnerSink, type RunnerSink } from './github/runner.js';
import { workflowFileOf } from './github/wake.js';
import { InputError, readInputs } from './inputs.js';
import { PolicyError } from './policy/run-policy.js';
import { decide, prepare, prepareStart } from './prepare/index.js';
import { CheckoutError } from './prepare/steps/checkout.js';
import { Cancelled, SetupError, type Prepared, type RunRequest } from './prepare/values.js';
import { commitMemories, publish, publishUnfinished } from './publish/index.js';
import type { Proposal } from './publish/proposal.js';
import { report, type RunEnding, type RunRecord } from './publish/report.js';
import { PublishError, type Published, type PublishRequest } from './publish/request.js';
import { createRedactor, secretsOf } from './safety/redact.js';
import { work } from './work/index.js';
import { takeMemoryAnswers } from './work/memory.js';

const TASK_EVENTS = new Set(['schedule', 'workflow_dispatch', 'repository_dispatch']);

/** The two phases' hand-over (its schemas), loaded only by a two-phase run's agent and publish jobs. */
const handOver = () => import('./publish/proposal.js');

/** The folder the agent job seals its writes into, and the publish job reads them from by default. */
const outputsFolder = (request: RunRequest) => join(request.env.RUNNER_TEMP || tmpdir(), 'deckhand-outputs');

/** The publish job will not write the folder (publish/proposal.ts, publish/manifest.ts): one line saying why. */
const refused = (err: unknown): err is Error => err instanceof Error && (err.name === 'ProposalRefused' || err.name === 'OutputsError');

/** A fleet's input or listing is wrong (fleet/): one line of its own. */
const fleetProblem = (err: unknown): err is Error => err instanceof Error && (err.name === 'FleetInputError' || err.name === 'FleetError');

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

/** A fleet target's environment for what it runs: the repository is the target's; the home repository's commit and ref are not its. */
function targetFacts(env: NodeJS.ProcessEnv, target: { owner: string; repo: string }): NodeJS.ProcessEnv {
  const { GITHUB_SHA: _sha, GITHUB_REF: _ref, GITHUB_REF_NAME: _name, GITHUB_REF_TYPE: _type, ...rest } = env;
  return { ...rest, GITHUB_REPOSITORY: `${target.owner}/${target.repo}`, GITHUB_REPOSITORY_OWNER: target.owner };
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
  // A fleet's target: the workflow runs in the fleet's home repository, the work is on the target's.
  const target = fleetTargetOf(inputs);
  const repository = target ?? repositoryOf(env);
  const apiKey = inputs.anthropic_api_key || env.ANTHROPIC_API_KEY;
  const payload = TASK_EVENTS.has(eventName) && !env.GITHUB_EVENT_PATH ? {} : readEventFile(env.GITHUB_EVENT_PATH);
  const named = (payload as { repository?: { default_branch?: unknown } } | null)?.repository?.default_branch;
  const eventDefaultBranch = typeof named === 'string' && named !== '' && !target ? named : undefined;
  return {
    inputs,
    redactor,
    eventName,
    payload,
    token: inputs.github_token || env.GITHUB_TOKEN || '',
    ...(repository ? { repository } : {}),
    repositoryName: target ? `${target.owner}/${target.repo}` : (env.GITHUB_REPOSITORY ?? ''),
    ...(target && env.GITHUB_REPOSITORY ? { workflowRepositoryName: env.GITHUB_REPOSITORY } : {}),
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
    env: target ? targetFacts(env, target) : env,
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
  /** The agent job of a two-phase run: once reported, its ending is sealed into the outputs folder. */
  let sealing: ((how: RunEnding) => Promise<string | false>) | undefined;
  /** A fleet target's run: its ending told to the fleet's report as a notice. */
  let noticing: ((how: RunEnding) => void) | undefined;
  const end = (how: RunEnding): Promise<number> => {
    cancellation.endingBegun();
    return (ending ??= stopRunning()
      .then(() => defangSummary(env, sink))
      .then(async () => {
        noticing?.(how);
        const code = await report(how, sink);
        // Sealed once reported: the tracking comment's last state is among what the agent job would have written.
        const sealed = sealing ? await sealing(how) : '';
        if (sealed) sink.summary(sealed);
        return sealed === false ? 1 : code;
      }));
  };
  const fail = (reason: string, wasCancelled = false) => end({ kind: wasCancelled ? 'cancelled' : 'failed', reason, record });
  cancellation.onGraceExpired(() => void fail('The run was cancelled.', true).then((code) => runner.exit?.(code)));
  const io = { log: (line: string) => sink.log(line), warn: (message: string) => sink.warning(message), cancellation, atEnd: (stop: () => Promise<void>) => void running.push(stop) };

  try {
    const request = runRequest(env, sink, startedAt);
    const { phase, mode, fleet_id: fleetId } = request.inputs;
    if (mode === 'fleet-plan' || mode === 'fleet-report') {
      await defangSummary(env, sink);
      const { runFleetJob } = await import('./fleet/jobs.js');
      return await runFleetJob(mode, fleetSettings(request), sink);
    }
    if (fleetId) noticing = (how) => sink.notice(noticeTitle(fleetId), hiddenJson(fleetNotice(how, request, fleetId)));
    if (phase === 'start') return await startJob(request, record, io, sink, end);
    /** The publish job: the agent job's folder, opened before anything else is read (or why it cannot be). */
    const opened = phase === 'publish' ? await openedProposal(request) : undefined;
    let preparedSoFar: Prepared | undefined;
    if (phase === 'agent') sealing = (how) => sealAgentOutputs(how, request, record, preparedSoFar, sink);

    const prepared = await prepare(request, record, io, opened ? { recalled: ('proposal' in opened ? opened.proposal.writes.memory?.recalled : undefined) ?? [] } : undefined);
    if ('skip' in prepared) {
      // The start job's comment, once taken on, is not left "working" by a publish job that skips.
      if (phase === 'publish' && record.tracking) {
        await record.tracking.finish(`⏭️ Deckhand did not publish: ${prepared.skip}\n\n${MARKER}`).catch((err: Error) => sink.warning(`Could not update the tracking comment: ${err.message}`));
      }
      return await end({ kind: 'skipped', reason: prepared.skip, ...(record.writer ? { writer: record.writer } : {}) });
    }
    preparedSoFar = prepared;

    // The agent's work — or, in the publish job, what the agent job proposed, once checked and its patch applied.
    let outcome: Outcome;
    if (opened) {
      const proposed = await takeProposal(opened, request, prepared, record);
      if ('failed' in proposed) return await fail(proposed.failed, proposed.cancelled);
      outcome = proposed.outcome;
    } else {
      // The agent is done with the servers once it stops.
      outcome = await work(request, prepared, io).finally(stopRunning);
      const value = prepared.structured?.result.value;
      if (value !== undefined) outcome = { ...outcome, structuredOutput: value };
    }
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
      // A two-phase run publishes a failed agent's failure, and nothing else.
      if (commit.kind === 'none' || phase !== 'all') {
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
    // A run whose result is wanted as data fails without it, once what it did is published.
    if (prepared.structured && outcome.structuredOutput === undefined) {
      return await fail(`The run ended without a StructuredOutput value matching the output schema (${prepared.structured.schema.name}).`);
    }
    return await end({ kind: 'finished', conclusion: conclusionOf(outcome, published), record: { ...record, outcome, facts, writer: prepared.writer } });
  } catch (err) {
    if (err instanceof PublishError) {
      record.published = err.published;
      if (err.kept !== undefined) record.unpublished = err.kept;
    }
    if (err instanceof Cancelled) return await fail(err.message, true);
    if (refused(err)) return await fail(refusedLine(err.message));
    // Unexpected: still one clear line (the stack only when the runner's debug logging is on).
    if (!expected(err) && env.RUNNER_DEBUG === '1' && err instanceof Error && err.stack) sink.log(err.stack);
    return await fail(expected(err) ? (err as Error).message : `Deckhand failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** What a fleet's own jobs (fleet-plan, fleet-report) are given. */
function fleetSettings(request: RunRequest): FleetSettings {
  const { inputs } = request;
  return {
    repositories: inputs.fleet_repositories,
    fleetId: inputs.fleet_id,
    maxTargets: inputs.fleet_max_targets,
    maxBudgetUsd: inputs.max_budget_usd,
    configPath: inputs.config_path,
    branchPrefix: inputs.branch_prefix,
    token: request.token,
    apiUrl: request.apiUrl,
    serverUrl: request.serverUrl,
    home: request.repositoryName,
    runId: request.runId,
    dryRun: inputs.dry_run,
    redact: request.redactor.redact,
  };
}

/** A fleet target's run as the fleet's report reads it: what it did with its pull request, what it cost. */
function fleetNotice(how: RunEnding, request: RunRequest, fleet: string): FleetNotice {
  const at = { repository: request.repositoryName, fleet, run: request.runId };
  if (how.kind === 'skipped') return noticeOf(at, { kind: 'skipped', reason: how.reason });
  const { outcome, published } = how.record;
  return noticeOf(at, { kind: how.kind, ...(how.kind !== 'finished' ? { reason: how.reason } : {}), costUsd: outcome?.costUsd ?? 0, turns: outcome?.turns ?? 0, ...(published.fleet ? { pull: published.fleet } : {}) });
}

/** A failure Deckhand tells in one line of its own: a bad input, setting or state, or GitHub's error. */
function expected(err: unknown): boolean {
  if (refused(err) || fleetProblem(err)) return true;
  const kinds = [OutputSchemaError, SetupError, InputError, EventError, PublishError, ConfigError, PolicyError, CheckoutError, McpConfigError, ProviderSetupError];
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

/** A two-phase run's start job: posts the tracking comment and hands its id on; no model, no checkout needed. */
async function startJob(request: RunRequest, record: RunRecord, io: RunIo, sink: RunnerSink, end: (how: RunEnding) => Promise<number>): Promise<number> {
  const started = await prepareStart(request, record, io);
  if ('skip' in started) return end({ kind: 'skipped', reason: started.skip, ...(record.writer ? { writer: record.writer } : {}) });
  const { tracking } = started;
  sink.output('conclusion', 'success');
  if (tracking) {
    sink.output('tracking_comment_id', String(tracking.id));
    sink.output('comment_url', tracking.url);
    sink.log(`Deckhand posted the tracking comment ${tracking.url}; the agent job works next, then the publish job writes what it proposes.`);
  }
  sink.summary(`## Deckhand: started\n\n${tracking ? `The tracking comment is posted (${tracking.url}). ` : ''}The agent job works next with a read-only token; the publish job checks and writes what it proposes.\n`);
  return 0;
}

/** The publish job's refusal, as the tracking comment and the summary say it. */
function refusedLine(why: string): string {
  return `Nothing the agent job proposed was published: ${why}`;
}

/** The folder the agent job left (its path an input, else RUNNER_TEMP's), opened with its digest — or why it cannot be. */
async function openedProposal(request: RunRequest): Promise<{ proposal: Proposal } | { refused: string }> {
  const { openProposal } = await handOver();
  try {
    return { proposal: openProposal(request.inputs.outputs_path || outputsFolder(request), request.inputs.outputs_sha256) };
  } catch (err) {
    if (refused(err)) return { refused: err.message };
    throw err;
  }
}

/**
 * The publish job's outcome: the agent job's, once its writes are for this
 * run, this issue or pull request and this plan, its patch is applied to this
 * checkout and its memories staged again — or the failure it ended with.
 */
async function takeProposal(
  opened: { proposal: Proposal } | { refused: string },
  request: RunRequest,
  prepared: Prepared,
  record: RunRecord,
): Promise<{ outcome: Outcome } | { failed: string; cancelled: boolean }> {
  const { applyProposal, checkedComments, checkProposal, checkStaged, checkThreadReplies, outcomeOf, ProposalRefused, restageAsked } = await handOver();
  if ('refused' in opened) throw new ProposalRefused(opened.refused);
  const { proposal } = opened;
  const { writes } = proposal;
  checkProposal(writes, {
    repository: prepared.repoName,
    runId: request.runId,
    event: request.eventName,
    mode: prepared.trigger.mode,
    ...(prepared.trigger.number !== undefined ? { number: prepared.trigger.number } : {}),
    ...(request.inputs.tracking_comment_id !== undefined ? { trackingCommentId: request.inputs.tracking_comment_id } : {}),
    baseSha: prepared.baseSha,
    commitTo: prepared.plan.commit.kind,
  });
  // A failure is published as the agent job's failure, with what it had written so far.
  if (writes.ended.kind !== 'finished') {
    if (writes.outcome) record.outcome = outcomeOf(writes.outcome);
    return { failed: writes.ended.reason, cancelled: writes.ended.kind === 'cancelled' };
  }
  if (!writes.outcome) throw new ProposalRefused("The agent job's outputs say it finished, but hold no outcome.");
  // What the agent's tools would have refused, refused again: this run's plan offers them, and says where they may go.
  const offered = new Set(prepared.plan.tools.map((tool) => tool.name));
  checkThreadReplies(writes, [...prepared.context.threads, ...(prepared.context.focusThread ? [prepared.context.focusThread] : [])], offered);
  const reviewComments = checkedComments(writes, prepared.plan.review, offered);
  await applyProposal(prepared.repo, proposal, { workflowChanges: prepared.publishWorkflowChanges, scratch: prepared.tempDir, findSecret: request.redactor.find });
  const outcome = { ...outcomeOf(writes.outcome), reviewComments };
  // The structured output matches this job's own reading of the output_schema (from the base branch).
  if (outcome.structuredOutput !== undefined) {
    const problems = prepared.structured ? prepared.structured.schema.problems(outcome.structuredOutput) : ['this run has no output_schema'];
    if (problems.length > 0) throw new ProposalRefused(`The agent job's structured output does not match the output schema: ${problems.join('; ')}.`);
  }
  // The memories: the asker's staged again, what was learned taken again from the extraction's answer, and the two the outputs.
  const desk = prepared.memory?.desk;
  await restageAsked(writes, desk);
  if (desk && prepared.memory?.learn) await takeMemoryAnswers(outcome, { desk, learn: prepared.memory.learn }, Date.now());
  checkStaged(writes, desk);
  return { outcome };
}

/**
 * The agent job's ending, sealed into its outputs folder for the publish job
 * (a skip leaves none: the publish job skips on its own); the job summary's
 * word on it, or false when it could not be sealed, and the job then fails.
 */
async function sealAgentOutputs(how: RunEnding, request: RunRequest, record: RunRecord, prepared: Prepared | undefined, sink: RunnerSink): Promise<string | false> {
  if (how.kind === 'skipped') return '';
  const decision = decide(request);
  const trigger = prepared?.trigger ?? (decision.kind === 'run' ? decision.trigger : undefined);
  const writer = record.writer ?? prepared?.writer;
  try {
    const { propose } = await handOver();
    const sealed = await propose({
      folder: outputsFolder(request),
      run: { repository: prepared?.repoName ?? request.repositoryName, run_id: request.runId, event: request.eventName, mode: trigger?.mode ?? null, number: trigger?.number ?? null },
      ...(request.inputs.tracking_comment_id !== undefined ? { trackingCommentId: request.inputs.tracking_comment_id } : {}),
      ended: how.kind === 'finished' ? { kind: 'finished' } : { kind: how.kind, reason: how.reason },
      ...(prepared ? { work: { repo: prepared.repo, baseSha: prepared.baseSha, commitTo: prepared.plan.commit.kind } } : {}),
      ...(record.outcome ? { outcome: record.outcome } : {}),
      ...(prepared?.memory ? { memory: { ...(prepared.memory.desk ? { desk: prepared.memory.desk } : {}), recalled: prepared.memory.recalled.memories } } : {}),
      planned: writer?.planned ?? [],
      redact: request.redactor.redact,
    });
    sink.output('outputs_path', sealed.path);
    sink.output('outputs_sha256', sealed.sha256);
    sink.log(`Deckhand's proposed writes are in ${sealed.path} (manifest SHA-256 ${sealed.sha256}); the publish job checks and writes them.`);
    const what = how.kind === 'finished' ? 'what this job would have written (listed above as a dry run)' : 'this failure, and nothing else';
    return `### Two phases: proposed, not written

This agent job holds no write token and wrote nothing to GitHub. The publish job checks and writes ${what}, from \`${sealed.path}\` (manifest SHA-256 \`${sealed.sha256}\`).
`;
  } catch (err) {
    sink.error(`Could not seal the agent job's outputs: ${(err as Error).message}`);
    return false;
  }
}
