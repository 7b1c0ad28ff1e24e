// The first stage of a run, up to the moment the agent can start: the
// trigger, who asked, the tracking comment, the GitHub context, the policy
// from the base branch, the checkout and the mode plan. A skip is a value; a
// problem is a one-line error. What it makes that a failure must still report
// (the writer, the tracking comment, the run's facts) goes into `made`.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preloadModelClient, providerModel, providerModelId } from '../agent/providers.js';
import { loadPolicyFiles, type LoadedPolicyFiles } from '../config/policy-files.js';
import { EMPTY_CONFIG } from '../config/repo.js';
import type { GitHubContext } from '../core/context.js';
import type { ModelClient } from '../core/model.js';
import type { RunIo } from '../core/run.js';
import type { Trigger } from '../core/trigger.js';
import { createGitHub, type GitHub } from '../github/api.js';
import { issueBranch, isValidBranchName, taskBranch } from '../github/branch-name.js';
import { TrackingComment, type CommentPlace } from '../github/tracking-comment.js';
import { dryRunWriter, guardedWriter, liveWriter, type Writer } from '../github/writer.js';
import { DEFAULT_EXPLORE_MODEL, DEFAULT_MAX_TURNS, DEFAULT_MODEL, type Inputs } from '../inputs.js';
import type { McpServers } from '../mcp/client.js';
import { ciFailures, ciFixTrailer } from '../modes/ci-run.js';
import { planMode, type ModePlan } from '../modes/index.js';
import { decideTrigger } from '../modes/trigger.js';
import { mcpServersWorthStarting, preparePolicy, startSandbox, type RunPolicy } from '../policy/run-policy.js';
import { childEnvironment } from '../safety/env.js';
import { git, type Repo } from '../safety/git.js';
import { realRoot } from '../safety/paths.js';
import type { Redactor } from '../safety/redact.js';
import { authorize, parseAllowedBots } from './authorize.js';
import { ensureCheckedOut, headSha } from './checkout.js';
import { startCiFix, type CiFixStart } from './ci-fix.js';
import { changesSince, gather } from './gather.js';
import { startRunMcp } from './mcp.js';

/** What a run is asked to do, read off the runner's environment by main.ts. */
export interface RunRequest {
  inputs: Inputs;
  redactor: Redactor;
  eventName: string;
  payload: unknown;
  /** The GitHub token (the input, else GITHUB_TOKEN), '' when none. */
  token: string;
  repository?: { owner: string; repo: string };
  /** GITHUB_REPOSITORY as given, for a run without a usable one. */
  repositoryName: string;
  serverUrl: string;
  apiUrl: string;
  runId: string;
  /** Who started the workflow (GITHUB_ACTOR), for events that do not say. */
  workflowActor?: string;
  /** The workflow file this run is in (from GITHUB_WORKFLOW_REF). */
  workflowFile?: string;
  /** The repository's default branch as the event's payload names it (every webhook carries it), saving a call. */
  eventDefaultBranch?: string;
  model: { apiKey?: string; authToken?: string; baseURL?: string };
  workspace: string;
  /** The runner's environment, for what runs as child processes (the allow-list is taken from it) and the sandbox's facts. */
  env: NodeJS.ProcessEnv;
  startedAt: number;
}

/** A problem that stops the run, told in one line (the input, the setting or the state that is wrong). */
export class SetupError extends Error {}

/** A SIGTERM or SIGINT before the agent started: the run stops at the next step. */
export class Cancelled extends Error {
  constructor() {
    super('The run was cancelled before the agent started.');
  }
}

/** A file as it was in `sha`, undefined when `sha` has no such file (or there is no commit to read it from). */
async function baseVersion(repo: Repo, sha: string, path: string): Promise<string | undefined> {
  if (!sha) return undefined;
  try {
    return await git(['cat-file', 'blob', `${sha}:${path}`], repo);
  } catch (err) {
    if (/does not exist|exists on disk, but not in/.test((err as Error).message)) return undefined;
    throw err;
  }
}

/** What prepare has made when it stops short: what the ending still reports (the tracking comment, the writer's dry-run list, the footer's facts). */
export interface Made {
  facts?: { model: string; turns: number; durationMs: number; costUsd: number; runUrl: string };
  writer?: Writer;
  tracking?: TrackingComment;
}

/** Everything the agent and publishing need, as plain values. */
export interface Prepared {
  trigger: Trigger;
  api?: GitHub;
  writer: Writer;
  tracking?: TrackingComment;
  root: string;
  /** The checkout as the action's own git calls see it. */
  repo: Repo;
  /** The run's own folder under RUNNER_TEMP: the transcript, large tool results, ci-fix's logs. */
  tempDir: string;
  runUrl: string;
  repoName: string;
  context: GitHubContext;
  plan: ModePlan;
  policy: RunPolicy;
  modelClient: ModelClient;
  model: string;
  maxTurns: number;
  baseSha: string;
  gitStatus: string;
  branchName: string;
  repositoryInstructions: Array<{ source: string; text: string }>;
  defaultBranch: () => Promise<string>;
  baseBranch: () => Promise<string>;
  /** The run's MCP servers, when it has any (stopped when the run ends). */
  mcp?: McpServers;
  /** The verifier, when the run may change files and verification is on: its model and how many FAILs go back. */
  verify?: { model: string; rounds: number };
  /** The explore agents' model. */
  exploreModel: string;
}

function trackingPlace(trigger: Trigger): CommentPlace | undefined {
  // ci-fix comments on the pull request it fixes; a push to the default branch gets a pull request instead.
  if (trigger.mode === 'ci-fix') return trigger.number !== undefined ? { kind: 'issue', number: trigger.number } : undefined;
  if (trigger.mode !== 'mention' && trigger.mode !== 'fix') return undefined;
  const thread = trigger.comment?.thread;
  return thread ? { kind: 'thread', number: trigger.number!, rootId: thread.rootId } : { kind: 'issue', number: trigger.number! };
}

/** Modes whose file changes get committed. */
function commitsChanges(trigger: Trigger): boolean {
  return trigger.mode !== 'review';
}

function newBranchName(trigger: Trigger, inputs: Inputs, now: Date): string {
  const name =
    trigger.mode === 'task'
      ? taskBranch(inputs.branch_prefix, now, inputs.prompt)
      : trigger.ciRun
        ? `${inputs.branch_prefix}ci-fix-${trigger.ciRun.id}`
        : issueBranch(inputs.branch_prefix, trigger.number!, trigger.subject?.title ?? '');
  if (!isValidBranchName(name)) throw new SetupError(`The branch name ${name} is not valid: check the branch_prefix input.`);
  return name;
}

export async function prepare(request: RunRequest, made: Made, io: RunIo): Promise<Prepared | { skip: string }> {
  const { inputs, redactor, token, repository, serverUrl } = request;
  const { log, warn } = io;
  const stopIfCancelled = () => {
    if (io.cancellation.cancelled) throw new Cancelled();
  };

  // 1. What woke us, and whether it is ours to answer.
  const decision = decideTrigger(request.eventName, request.payload, {
    mode: inputs.mode,
    triggerPhrase: inputs.trigger_phrase,
    labelTrigger: inputs.label_trigger,
    assigneeTrigger: inputs.assignee_trigger,
    prompt: inputs.prompt,
    now: new Date(request.startedAt),
    ...(request.workflowFile ? { workflowFile: request.workflowFile } : {}),
  });
  if (decision.kind === 'skip') return { skip: decision.reason };
  let { trigger } = decision;
  if (trigger.mode !== 'task' && (!token || !repository)) {
    throw new SetupError('Missing github_token or GITHUB_REPOSITORY: Deckhand needs both to read and answer GitHub events.');
  }
  const api: GitHub | undefined = token && repository ? createGitHub({ token, baseUrl: request.apiUrl, ...repository, warn }) : undefined;
  const authorizing = authorize(trigger, parseAllowedBots(inputs.allowed_bots), (login) => api!.permission(login));
  // While GitHub answers: load what the tracking comment (the defanger) and the model (its client) need —
  // once the permission request is out (a module loads on the main thread, and would hold it back).
  const defanging = () => import('../safety/defang.js');
  setImmediate(() => {
    defanging().catch(() => undefined);
    preloadModelClient(inputs.provider);
  });
  const authorization = await authorizing;
  if (!authorization.ok) return { skip: authorization.reason };

  const { apiKey, authToken, baseURL } = request.model;
  // A base URL alone is enough: a gateway or a local server may authenticate another way (issue 2's "Done when").
  if (inputs.provider === 'anthropic' && !apiKey && !authToken && !baseURL) {
    throw new SetupError('Missing API key: set the anthropic_api_key input (or the ANTHROPIC_API_KEY environment variable).');
  }
  // Made now so the SDK loads while the rest is prepared. For Bedrock and Vertex AI, a missing region,
  // project or credential stops the run here (ProviderSetupError), before any request.
  const modelClient = providerModel({
    provider: inputs.provider,
    env: request.env,
    ...(apiKey ? { apiKey } : {}),
    ...(authToken ? { authToken } : {}),
    ...(baseURL ? { baseURL } : {}),
    // A credential obtained at run time (the Vertex access token) is redacted from then on.
    onSecret: (name, value) => redactor.addSecrets([{ name, value }]),
  });
  let root: string;
  try {
    root = realRoot(request.workspace);
  } catch (err) {
    throw new SetupError(`${(err as Error).message} Check GITHUB_WORKSPACE and the checkout step.`);
  }
  const repo: Repo = { root, searchPath: request.env.PATH ?? '/usr/bin:/bin' };
  const sandbox = startSandbox(trigger.mode, { setting: inputs.sandbox, root, network: inputs.network === 'on', env: request.env, log });
  const repoName = repository ? `${repository.owner}/${repository.repo}` : request.repositoryName || '(unknown)';
  const runUrl = `${serverUrl}/${repoName}/actions/runs/${request.runId}`;
  made.facts = { model: providerModelId(inputs.provider, inputs.model || DEFAULT_MODEL), turns: 0, durationMs: 0, costUsd: 0, runUrl };
  const writer = guardedWriter(inputs.dry_run ? dryRunWriter(`${serverUrl}/${repoName}`) : liveWriter(api!), async (text) =>
    (await defanging()).defang(redactor.redact(text), serverUrl),
  );
  made.writer = writer;
  let defaultBranchLookup: Promise<string> | undefined;
  const defaultBranch = () =>
    (defaultBranchLookup ??= request.eventDefaultBranch
      ? Promise.resolve(request.eventDefaultBranch)
      : api
        ? api.repository().then((r) => r.default_branch)
        : Promise.reject(new Error('no github_token to look up the default branch')));
  const baseBranch = () => (inputs.base_branch ? Promise.resolve(inputs.base_branch) : defaultBranch());

  // A failed workflow run: its pull request (or a push to the default branch), and the loop guard, before anything is posted.
  let ciFix: CiFixStart | undefined;
  if (trigger.mode === 'ci-fix') {
    const start = await startCiFix({ api: api!, trigger, configPath: inputs.config_path, fixBranch: newBranchName(trigger, inputs, new Date(request.startedAt)), writer, defaultBranch });
    if ('skip' in start) return start;
    ciFix = start;
    trigger = start.trigger;
  }
  const asker = trigger.actor.login === 'unknown' && request.workflowActor ? request.workflowActor : trigger.actor.login;
  const why = trigger.ciRun ? `the failed run ${trigger.ciRun.id} of ${trigger.ciRun.headBranch}, pushed by ${asker}` : `asked by ${asker}`;
  log(`Deckhand: ${trigger.mode} mode on ${trigger.event}${trigger.number ? ` #${trigger.number}` : ''}, ${why}${inputs.dry_run ? ' (dry run)' : ''}.`);

  const tempDir = realpathSync(mkdtempSync(join(request.env.RUNNER_TEMP || tmpdir(), 'deckhand-')));
  // The environment every process the agent starts gets (an allow-list, never the action's own): MCP servers and hooks too.
  const childEnv = childEnvironment(request.env, { home: join(tempDir, 'home'), tmp: join(tempDir, 'tmp') });

  // 2. Say we are on it — beside the first reads, which need nothing it returns. (Nothing may throw
  //    between posting it and awaiting it below: a comment left "working" would never be finished.)
  const place = trackingPlace(trigger);
  const trackingPosting = place ? TrackingComment.create(writer, place, runUrl, warn) : undefined;
  trackingPosting?.catch(() => undefined); // awaited below
  // A head start for the comment in Octokit's throttle, which admits requests one at a time, a few ms
  // each: started in this same tick, all the reads below went to GitHub before it (~25 ms later).
  if (trackingPosting) await new Promise((resolve) => setImmediate(resolve));

  // 3. What the model needs to know, and the code it works on.
  // ci-fix: the failed jobs' logs, downloaded beside the rest.
  const failures =
    ciFix && api
      ? ciFailures({ api, run: trigger.ciRun!, token, apiUrl: request.apiUrl, dir: join(tempDir, 'ci-logs'), redact: redactor.redact, warn })
      : undefined;
  failures?.catch(() => undefined); // awaited below
  // Who Deckhand posts as: only its marked texts count as its own (an outsider can copy a mark, not an author).
  // (The tracking comment's author; asked of GitHub only without one, beside gather's first listings.)
  const self = trackingPosting
    ? trackingPosting.then(
        (posted) => posted.author,
        () => undefined,
      )
    : trigger.number !== undefined && api
      ? api.tokenLogin()
      : undefined;
  // A comment on a pull request names neither its head nor its base: the pull request's GET, read once, tells both.
  const pullLoading = trigger.isPullRequest && !trigger.pull && trigger.number !== undefined && api ? api.pull(trigger.number) : undefined;
  pullLoading?.catch(() => undefined); // awaited by gather
  const contextLoading: Promise<GitHubContext> =
    trigger.number !== undefined && api
      ? gather(api, trigger, warn, self, pullLoading)
      : Promise.resolve({ repository: repoName, isPullRequest: false, title: '', body: '', comments: [], threads: [] });
  contextLoading.catch(() => undefined); // awaited below

  // 4. The policy, from the base branch — never from the PR head or the checkout. Read beside the
  //    context when the event names the base (a pull-request event's; the default branch for an
  //    issue or a task), so that the MCP servers it declares start while the context is gathered.
  const readPolicy = (ref: string) => loadPolicyFiles((path, at) => api!.fileContent(path, at), inputs.config_path, ref);
  const filesLoading: Promise<LoadedPolicyFiles> = ciFix
    ? Promise.resolve(ciFix.files)
    : !api
      ? Promise.resolve({ config: EMPTY_CONFIG, warnings: [], instructions: [], ref: '' })
      : trigger.pull
        ? readPolicy(trigger.pull.baseRef)
        : !trigger.isPullRequest
          ? defaultBranch().then(readPolicy)
          : pullLoading
            ? pullLoading.then((pull) => readPolicy(pull.base.ref))
            : contextLoading.then((gathered) => (gathered.pull ? readPolicy(gathered.pull.baseRef) : defaultBranch().then(readPolicy)));
  filesLoading.catch(() => undefined); // awaited below
  const tracking = trackingPosting ? await trackingPosting : undefined;
  if (tracking) made.tracking = tracking;

  // MCP servers start as soon as the policy is known; their tools join the plan's before the policy gate is made.
  let checkoutDone = (): void => undefined;
  const checkedOut = { promise: new Promise<void>((resolve) => (checkoutDone = resolve)) };
  const mcpStop = new AbortController();
  let worthStarting: ((server: string) => boolean) | undefined;
  const mcpStarting = filesLoading.then((files) =>
    startRunMcp({
      mcpConfig: inputs.mcp_config,
      mcpEnv: inputs.mcp_env,
      config: files.config,
      env: request.env,
      childEnv,
      root,
      sandbox: async () => {
        const decision = await sandbox();
        return decision.kind === 'sandboxed' ? decision.sandbox : undefined;
      },
      // Asked just before a stdio server starts: once the checkout is what the agent will see (the pull request's head).
      changedFiles: async () => {
        await checkedOut.promise;
        const gathered = await contextLoading;
        return { paths: new Set(gathered.pull?.files.map((file) => file.path) ?? []), complete: !gathered.pull?.unlistedFiles };
      },
      signal: mcpStop.signal,
      addSecrets: (secrets) => redactor.addSecrets(secrets),
      // The rules are put together only when there is a server to ask about.
      mayStart: (server) =>
        (worthStarting ??= mcpServersWorthStarting({ mode: trigger.mode, allowedTools: inputs.allowed_tools, disallowedTools: inputs.disallowed_tools, config: files.config }))(server),
      warn,
      log,
    }),
  );
  mcpStarting.catch(() => undefined); // awaited below
  // However the run ends, its servers are stopped.
  io.atEnd(async () => {
    mcpStop.abort();
    await (await mcpStarting.catch(() => undefined))?.close();
  });

  const context = await contextLoading;
  const ciFailuresText = failures ? await failures : undefined;
  stopIfCancelled();
  const files = await filesLoading;
  for (const warning of files.warnings) warn(warning);
  const { config } = files;
  // The provider's id for the model (the default's Bedrock or Vertex spelling; an id given is used as given).
  const model = providerModelId(inputs.provider, inputs.model || config.model || DEFAULT_MODEL);
  made.facts = { ...made.facts, model };

  if (context.pull) await ensureCheckedOut(repo, { number: context.number!, headSha: context.pull.headSha }, token);
  // A push to the default branch: the failed commit, which the job may not have checked out.
  else if (ciFix?.target.kind === 'default-branch') await ensureCheckedOut(repo, { branch: ciFix.target.branch, headSha: trigger.ciRun!.headSha }, token);
  checkoutDone();
  const baseSha = await headSha(repo).catch(() => '');
  const gitStatus = baseSha ? await git(['status', '--short', '--branch'], repo).catch(() => '') : '';
  if (!baseSha && commitsChanges(trigger)) warn(`${root} is not a git checkout: Deckhand can run, but cannot commit what it changes.`);

  let incremental: Awaited<ReturnType<typeof changesSince>>;
  if (trigger.mode === 'review' && context.pull?.lastReviewedSha) {
    const since = context.pull.lastReviewedSha;
    if (since === context.pull.headSha) return { skip: `Deckhand already reviewed ${since.slice(0, 7)}, the pull request's head.` };
    incremental = await changesSince(api!, since, context.pull.headSha);
  }
  const branchName = newBranchName(trigger, inputs, new Date(request.startedAt));
  const plan = planMode(trigger, context, {
    prompt: inputs.prompt,
    root,
    newBranchName: branchName,
    ...(incremental ? { incremental } : {}),
    ...(ciFailuresText !== undefined ? { ciFix: { failures: ciFailuresText, trailer: ciFixTrailer(trigger.ciRun!) } } : {}),
    review: config.review,
  });
  const mcp = await mcpStarting;
  const policy = await preparePolicy({
    mode: plan.mode,
    tools: [...plan.tools, ...(mcp?.tools ?? [])],
    allowedTools: inputs.allowed_tools,
    disallowedTools: inputs.disallowed_tools,
    sandbox,
    config,
    // The hooks run the base branch's version of the files they name: from the API on the ref the
    // policy came from, else (no token: no pull request) the commit the checkout started at.
    baseFile: api ? (path) => api.fileContent(path, files.ref) : (path) => baseVersion(repo, baseSha, path),
    root,
    tempDir,
    childEnv,
    warn,
  });
  const repositoryInstructions = [
    ...(config.instructions ? [{ source: `${inputs.config_path} on ${files.ref}`, text: config.instructions }] : []),
    ...files.instructions.map((file) => ({ source: `${file.path} on ${files.ref}`, text: file.text })),
  ];

  // The workflow's verify wins when set; a run that commits nothing (a review, a fork's pull request) has nothing to verify.
  const verifies = (inputs.verify || config.verify.when) === 'auto' && plan.commit.kind !== 'none' && baseSha !== '';

  stopIfCancelled();
  return {
    trigger,
    ...(api ? { api } : {}),
    writer,
    ...(tracking ? { tracking } : {}),
    root,
    repo,
    tempDir,
    runUrl,
    repoName,
    context,
    plan,
    policy,
    modelClient,
    model,
    maxTurns: inputs.max_turns ?? config.maxTurns ?? DEFAULT_MAX_TURNS,
    baseSha,
    gitStatus,
    branchName,
    repositoryInstructions,
    defaultBranch,
    baseBranch,
    ...(mcp ? { mcp } : {}),
    ...(verifies ? { verify: { model: config.verify.model ? providerModelId(inputs.provider, config.verify.model) : model, rounds: config.verify.rounds } } : {}),
    exploreModel: providerModelId(inputs.provider, config.explore.model || DEFAULT_EXPLORE_MODEL),
  };
}
