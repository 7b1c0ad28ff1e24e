// GitHub Actions for the GitHub emulator: workflow runs, their jobs and the jobs'
// logs, in the shapes of GitHub's REST API ("workflow-run", "job") and of the
// workflow_run webhook (@octokit/webhooks-examples).
//
//   const run = gh.addWorkflowRun({
//     name: 'CI', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor: 'alice',
//     jobs: [{ name: 'test', conclusion: 'failure', steps: [{ name: 'Run npm test', conclusion: 'failure', number: 2 }],
//              log: jobLog([{ name: 'Run npm test', lines: ['FAIL src/a.test.ts', '##[error]Process completed with exit code 1.'] }]) }],
//   });
//   const event = gh.payload.workflowRun(run);
//
// As on GitHub: every job is also a check run on the head commit (same id), so
// GET /commits/{sha}/check-runs shows the CI; `pull_requests` lists only PRs whose
// head is in this repository (a fork's run has none: find its PR with
// GET /pulls?head=owner:branch); GET /actions/jobs/{id}/logs answers 302 to a
// signed URL on another host (LogHost), which refuses a request that carries an
// Authorization header, as a blob store does.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckRun, Pull, Repository, User, UserSpec } from './github.js';
import type { CommitInfo } from './git.js';

// ---- Public types: GitHub's JSON, as stored and served ----

export type WorkflowRunStatus = 'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending';
export type WorkflowRunConclusion = 'success' | 'failure' | 'neutral' | 'cancelled' | 'skipped' | 'timed_out' | 'action_required' | 'stale' | 'startup_failure';
export type JobConclusion = NonNullable<CheckRun['conclusion']>;

/** GitHub's "minimal-repository", as a workflow run's `repository` and `head_repository` carry it. */
export interface MinimalRepository {
  id: number;
  node_id: string;
  name: string;
  full_name: string;
  owner: User;
  private: boolean;
  html_url: string;
  description: string | null;
  fork: boolean;
  url: string;
  [key: `${string}_url`]: string;
}

/** GitHub's "pull-request-minimal": what a workflow run's `pull_requests` lists. */
export interface PullRequestMinimal {
  url: string;
  id: number;
  number: number;
  head: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
  base: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
}

export interface Workflow {
  id: number;
  node_id: string;
  name: string;
  path: string;
  state: 'active';
  created_at: string;
  updated_at: string;
  url: string;
  html_url: string;
  badge_url: string;
}

export interface WorkflowRun {
  id: number;
  name: string;
  node_id: string;
  head_branch: string;
  head_sha: string;
  path: string;
  display_title: string;
  run_number: number;
  event: string;
  status: WorkflowRunStatus;
  conclusion: WorkflowRunConclusion | null;
  workflow_id: number;
  check_suite_id: number;
  check_suite_node_id: string;
  url: string;
  html_url: string;
  /** Open PRs of this repository whose head matches the run; never a fork's PR (GitHub leaves those out). */
  pull_requests: PullRequestMinimal[];
  created_at: string;
  updated_at: string;
  actor: User;
  run_attempt: number;
  run_started_at: string;
  triggering_actor: User;
  jobs_url: string;
  logs_url: string;
  check_suite_url: string;
  artifacts_url: string;
  cancel_url: string;
  rerun_url: string;
  previous_attempt_url: string | null;
  workflow_url: string;
  head_commit: { id: string; tree_id: string; message: string; timestamp: string; author: { name: string; email: string }; committer: { name: string; email: string } };
  repository: MinimalRepository;
  head_repository: MinimalRepository;
}

export interface WorkflowStep {
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  name: string;
  number: number;
  started_at: string | null;
  completed_at: string | null;
}

export interface WorkflowJob {
  id: number;
  run_id: number;
  workflow_name: string;
  head_branch: string;
  run_url: string;
  run_attempt: number;
  node_id: string;
  head_sha: string;
  url: string;
  html_url: string;
  status: WorkflowRunStatus;
  conclusion: JobConclusion | null;
  created_at: string;
  started_at: string;
  completed_at: string | null;
  name: string;
  steps: WorkflowStep[];
  check_run_url: string;
  labels: string[];
  runner_id: number | null;
  runner_name: string | null;
  runner_group_id: number | null;
  runner_group_name: string | null;
}

/** The workflow_run event, as the published example has it (no `organization`: the emulator's owner is a user). */
export interface WorkflowRunPayload {
  action: string;
  workflow_run: WorkflowRun;
  workflow: Workflow;
  repository: Repository;
  sender: User;
}

export interface WorkflowStepInput {
  name: string;
  conclusion: string | null;
  /** Default: its place in the list, from 1. */
  number?: number;
}

export interface WorkflowJobInput {
  name: string;
  conclusion: JobConclusion | null;
  /** Default: completed with a conclusion, in_progress without. */
  status?: WorkflowRunStatus;
  steps?: WorkflowStepInput[];
  /** The log text GET /actions/jobs/{id}/logs leads to (write it with jobLog); default: one empty group per step. */
  log?: string;
  /** runs-on; default ['ubuntu-latest']. */
  labels?: string[];
}

export interface WorkflowRunInput {
  /** The workflow's name (`name:` in the file). */
  name: string;
  /** Default '.github/workflows/ci.yml'. */
  path?: string;
  headBranch: string;
  /** Default: the head of headBranch. Must be a commit of the emulator's repository. */
  headSha?: string;
  /** 'pull_request', 'push', …; default 'push'. */
  event?: string;
  conclusion: WorkflowRunConclusion | null;
  /** Default: completed with a conclusion, in_progress without. */
  status?: WorkflowRunStatus;
  actor: UserSpec;
  /** Who started this attempt (a re-run's); default the actor. */
  triggeringActor?: UserSpec;
  /** The full name of the repository the head commit is in; default this one, `mallory/widgets` for a fork. */
  headRepository?: string;
  /**
   * The PRs to list in `pull_requests` (default: the open PRs whose head branch or sha matches).
   * A PR whose head is in a fork is left out, as GitHub leaves it out.
   */
  pullRequests?: number[];
  /** Default: the PR's title for a pull_request run, else the head commit's subject. */
  displayTitle?: string;
  /** Default 1; a higher one gets a previous_attempt_url. */
  runAttempt?: number;
  createdAt?: string;
  jobs?: WorkflowJobInput[];
}

/** What the Actions store needs from the emulator. */
export interface ActionsHost {
  /** The repository's API URL with `path` appended. */
  api(path: string): string;
  readonly htmlUrl: string;
  readonly fullName: string;
  readonly defaultBranch: string;
  newId(): number;
  nodeId(prefix: string, id: number): string;
  now(): string;
  user(spec: UserSpec): User;
  /** This repository, or (another full name) a fork of it. */
  repository(fullName: string): Repository;
  pulls(): readonly Pull[];
  /** The commit a sha or branch names; throws if there is none. */
  commit(ref: string): CommitInfo;
  addCheckRun(sha: string, input: { name: string; status: CheckRun['status']; conclusion: CheckRun['conclusion']; startedAt: string; completedAt?: string }): CheckRun;
}

// ---- Logs ----

export interface JobLogStep {
  /** The step's name as the job shows it: `Run npm test` for `run: npm test`. */
  name: string;
  /** Inside the step's group; default for `Run X`: the command and the shell line, as the runner echoes them. */
  group?: string[];
  /** The step's output, after its group: raw, so `##[error]…` and ANSI colour codes pass through. */
  lines: string[];
}

/**
 * A job log as GitHub serves it: a UTF-8 byte order mark before the first line (the real
 * logs have one; fetch's text() drops it, a byte-level reader sees it), every line prefixed with a timestamp in 100 ns ticks
 * (`2026-12-01T10:00:00.1234567Z `), each step opening with `##[group]<name>` … `##[endgroup]`.
 * Timestamps start at `start` (default 2026-12-01T10:00:00Z) and advance 0.1234567 s a line,
 * so the same steps always give the same text.
 */
export function jobLog(steps: JobLogStep[], options: { start?: string | Date; bom?: boolean } = {}): string {
  // Ticks since the epoch pass 2^53: BigInt keeps the last digits exact.
  let ticks = BigInt(new Date(options.start ?? '2026-12-01T10:00:00Z').getTime()) * 10_000n;
  const stamp = () => {
    ticks += 1_234_567n;
    const seconds = new Date(Number(ticks / 10_000n)).toISOString().slice(0, 19);
    return `${seconds}.${String(ticks % 10_000_000n).padStart(7, '0')}Z`;
  };
  const out: string[] = [];
  const write = (text: string) => {
    for (const line of text.split(/\r?\n/)) out.push(`${stamp()} ${line}`);
  };
  for (const step of steps) {
    const command = step.name.startsWith('Run ') ? step.name.slice(4) : undefined;
    write(`##[group]${step.name}`);
    for (const line of step.group ?? (command ? [command, 'shell: /usr/bin/bash -e {0}'] : [])) write(line);
    write('##[endgroup]');
    for (const line of step.lines) write(line);
  }
  return `${options.bom === false ? '' : '\ufeff'}${out.join('\n')}\n`;
}

export interface LogHostRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Every header as received: assert `authorization` never arrived. */
  headers: IncomingHttpHeaders;
  status: number;
}

/**
 * The blob store GitHub's log links point at (pipelines.actions.githubusercontent.com,
 * *.blob.core.windows.net): its own HTTP server on 127.0.0.1, another origin than the API.
 * A URL is good for a minute (GitHub's links are) and only with its signature; a request
 * with an Authorization header is refused (403), as the store refuses a credential it did
 * not expect — a client must not forward its GitHub token here.
 */
export class LogHost {
  url = '';
  readonly requests: LogHostRequest[] = [];
  private readonly blobs = new Map<string, string>();
  private readonly secret = randomBytes(32);
  private readonly server: Server = createServer((req, res) => this.handle(req, res));

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  put(path: string, text: string): void {
    this.blobs.set(path, text);
  }

  /** A SAS-style link to the blob: expiry `se`, signature `sig`, served as text/plain (`rsct`). */
  signedUrl(path: string, ttlSeconds = 60): string {
    const se = new Date(Date.now() + ttlSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const query = new URLSearchParams({ rsct: 'text/plain', se, sig: this.sign(path, se), sp: 'r', sr: 'b', sv: '2021-12-02' });
    return `${this.url}${path}?${query}`;
  }

  private sign(path: string, se: string): string {
    return createHmac('sha256', this.secret).update(`${path}\n${se}`).digest('base64');
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url || 'http://127.0.0.1');
    const recorded: LogHostRequest = { method: (req.method ?? 'GET').toUpperCase(), path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, status: 0 };
    this.requests.push(recorded);
    const answer = (status: number, body: string, contentType: string) => {
      recorded.status = status;
      res.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)), 'x-ms-request-id': randomUUID() });
      res.end(recorded.method === 'HEAD' ? undefined : body);
    };
    const refuse = (status: number, code: string, message: string) =>
      answer(status, `\ufeff<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}\nRequestId:${randomUUID()}\nTime:${new Date().toISOString()}</Message></Error>`, 'application/xml');
    req.resume();
    if (recorded.method !== 'GET' && recorded.method !== 'HEAD') return refuse(405, 'UnsupportedHttpVerb', 'The resource doesn\'t support specified Http Verb.');
    if (req.headers.authorization !== undefined) {
      return refuse(403, 'AuthenticationFailed', 'Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.');
    }
    const se = url.searchParams.get('se') ?? '';
    const sig = url.searchParams.get('sig') ?? '';
    if (!se || sig !== this.sign(url.pathname, se)) {
      return refuse(403, 'AuthenticationFailed', 'Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.');
    }
    if (new Date(se).getTime() < Date.now()) return refuse(403, 'AuthenticationFailed', `Signed expiry time [${se}] must be after signed start time`);
    const blob = this.blobs.get(url.pathname);
    if (blob === undefined) return refuse(404, 'BlobNotFound', 'The specified blob does not exist.');
    answer(200, blob, 'text/plain');
  }
}

// ---- The store ----

/** Workflow runs and jobs, built and kept as GitHub keeps them; the emulator serves them. */
export class WorkflowRuns {
  readonly runs: WorkflowRun[] = [];
  readonly jobs: WorkflowJob[] = [];
  readonly logHost = new LogHost();
  private readonly workflows = new Map<string, Workflow>();
  private readonly runNumbers = new Map<number, number>();
  private readonly logPaths = new Map<number, string>();

  constructor(private readonly host: ActionsHost) {}

  add(input: WorkflowRunInput): WorkflowRun {
    const host = this.host;
    const path = input.path ?? '.github/workflows/ci.yml';
    const commit = host.commit(input.headSha ?? input.headBranch);
    const created = input.createdAt ?? host.now();
    const event = input.event ?? 'push';
    const status = input.status ?? (input.conclusion === null ? 'in_progress' : 'completed');
    const workflow = this.workflow(path, input.name, created);
    const runNumber = (this.runNumbers.get(workflow.id) ?? 0) + 1;
    this.runNumbers.set(workflow.id, runNumber);
    const attempt = input.runAttempt ?? 1;
    const id = host.newId();
    const suite = host.newId();
    const api = (p: string) => host.api(`/actions/runs/${id}${p}`);
    const headRepository = host.repository(input.headRepository ?? host.fullName);
    const sameRepository = headRepository.full_name.toLowerCase() === host.fullName.toLowerCase();
    // GitHub lists open PRs whose head matches, and only those of this repository.
    const candidates = host
      .pulls()
      .filter((p) => (input.pullRequests ? input.pullRequests.includes(p.number) : p.state === 'open' && (p.head.ref === input.headBranch || p.head.sha === commit.sha)));
    const listed = sameRepository ? candidates.filter((p) => p.head.repo.full_name.toLowerCase() === host.fullName.toLowerCase()) : [];
    const titlePull = event.startsWith('pull_request')
      ? (candidates[0] ?? host.pulls().find((p) => p.state === 'open' && p.head.label === `${headRepository.owner.login}:${input.headBranch}`))
      : undefined;
    const actor = host.user(input.actor);
    const run: WorkflowRun = {
      id,
      name: input.name,
      node_id: host.nodeId('WFR', id),
      head_branch: input.headBranch,
      head_sha: commit.sha,
      path,
      display_title: input.displayTitle ?? titlePull?.title ?? commit.message.split('\n')[0]!,
      run_number: runNumber,
      event,
      status,
      conclusion: status === 'completed' ? input.conclusion : null,
      workflow_id: workflow.id,
      check_suite_id: suite,
      check_suite_node_id: host.nodeId('CS', suite),
      url: api(''),
      html_url: `${host.htmlUrl}/actions/runs/${id}`,
      pull_requests: listed.map(pullRequestMinimal),
      created_at: created,
      updated_at: created,
      actor,
      run_attempt: attempt,
      run_started_at: created,
      triggering_actor: input.triggeringActor === undefined ? actor : host.user(input.triggeringActor),
      jobs_url: api('/jobs'),
      logs_url: api('/logs'),
      check_suite_url: host.api(`/check-suites/${suite}`),
      artifacts_url: api('/artifacts'),
      cancel_url: api('/cancel'),
      rerun_url: api('/rerun'),
      previous_attempt_url: attempt > 1 ? api(`/attempts/${attempt - 1}`) : null,
      workflow_url: workflow.url,
      head_commit: {
        id: commit.sha,
        tree_id: commit.tree,
        message: commit.message.replace(/\n+$/, ''),
        timestamp: commit.committer.date,
        author: { name: commit.author.name, email: commit.author.email },
        committer: { name: commit.committer.name, email: commit.committer.email },
      },
      repository: minimalRepository(host.repository(host.fullName)),
      head_repository: minimalRepository(headRepository),
    };
    this.runs.push(run);
    for (const job of input.jobs ?? []) this.addJob(run, job);
    return run;
  }

  run(id: number): WorkflowRun | undefined {
    return this.runs.find((r) => r.id === id);
  }

  job(id: number): WorkflowJob | undefined {
    return this.jobs.find((j) => j.id === id);
  }

  jobsOf(runId: number): WorkflowJob[] {
    return this.jobs.filter((j) => j.run_id === runId).sort((a, b) => a.id - b.id);
  }

  workflowOf(run: WorkflowRun): Workflow {
    return this.workflows.get(run.path)!;
  }

  /** Where GET /actions/jobs/{id}/logs sends the client: a signed link on the log host. */
  logLocation(jobId: number): string | undefined {
    const path = this.logPaths.get(jobId);
    return path === undefined ? undefined : this.logHost.signedUrl(path);
  }

  private workflow(path: string, name: string, created: string): Workflow {
    let workflow = this.workflows.get(path);
    if (!workflow) {
      const id = this.host.newId();
      workflow = {
        id,
        node_id: this.host.nodeId('W', id),
        name,
        path,
        state: 'active',
        created_at: created,
        updated_at: created,
        url: this.host.api(`/actions/workflows/${id}`),
        html_url: `${this.host.htmlUrl}/blob/${this.host.defaultBranch}/${path}`,
        badge_url: `${this.host.htmlUrl}/workflows/${encodeURIComponent(name)}/badge.svg`,
      };
      this.workflows.set(path, workflow);
    }
    return workflow;
  }

  private addJob(run: WorkflowRun, input: WorkflowJobInput): WorkflowJob {
    const status = input.status ?? (input.conclusion === null ? 'in_progress' : 'completed');
    const done = status === 'completed';
    const at = run.run_started_at;
    // A job is a check run (the same id) in the run's check suite.
    const check = this.host.addCheckRun(run.head_sha, {
      name: input.name,
      status: status === 'completed' || status === 'in_progress' ? status : 'queued',
      conclusion: done ? input.conclusion : null,
      startedAt: at,
      ...(done ? { completedAt: at } : {}),
    });
    const html = `${run.html_url}/job/${check.id}`;
    Object.assign(check, { html_url: html, details_url: html, check_suite: { id: run.check_suite_id } });
    const steps = (input.steps ?? []).map((s, i): WorkflowStep => ({
      status: s.conclusion === null ? (done ? 'completed' : 'in_progress') : 'completed',
      conclusion: s.conclusion,
      name: s.name,
      number: s.number ?? i + 1,
      started_at: at,
      completed_at: s.conclusion === null && !done ? null : at,
    }));
    const job: WorkflowJob = {
      id: check.id,
      run_id: run.id,
      workflow_name: run.name,
      head_branch: run.head_branch,
      run_url: run.url,
      run_attempt: run.run_attempt,
      node_id: check.node_id,
      head_sha: run.head_sha,
      url: this.host.api(`/actions/jobs/${check.id}`),
      html_url: html,
      status,
      conclusion: done ? input.conclusion : null,
      created_at: at,
      started_at: at,
      completed_at: done ? at : null,
      name: input.name,
      steps,
      check_run_url: check.url,
      labels: input.labels ?? ['ubuntu-latest'],
      runner_id: done ? 1 : null,
      runner_name: done ? 'GitHub Actions 1' : null,
      runner_group_id: done ? 0 : null,
      runner_group_name: done ? 'GitHub Actions' : null,
    };
    this.jobs.push(job);
    const logPath = `/actions-results/${randomUUID()}/workflow-job-run-${randomUUID()}/logs/job/job-logs.txt`;
    this.logHost.put(logPath, input.log ?? jobLog(steps.map((s) => ({ name: s.name, group: [], lines: [] }))));
    this.logPaths.set(job.id, logPath);
    return job;
  }
}

// ---- JSON ----

/** The API URL and URL templates every form of a repository carries, from its API URL. */
export function repositoryUrlTemplates(api: string) {
  return {
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    hooks_url: `${api}/hooks`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
  };
}

/** The short repository form workflow runs carry: the URL templates, no clone URLs or counts. */
export function minimalRepository(repo: Repository): MinimalRepository {
  const api = repo.url;
  return {
    id: repo.id,
    node_id: repo.node_id,
    name: repo.name,
    full_name: repo.full_name,
    owner: repo.owner,
    private: repo.private,
    html_url: repo.html_url,
    description: repo.description,
    fork: repo.fork,
    ...repositoryUrlTemplates(api),
  };
}

function pullRequestMinimal(pull: Pull): PullRequestMinimal {
  const repo = (r: Repository) => ({ id: r.id, url: r.url, name: r.name });
  return {
    url: pull.url,
    id: pull.id,
    number: pull.number,
    head: { ref: pull.head.ref, sha: pull.head.sha, repo: repo(pull.head.repo) },
    base: { ref: pull.base.ref, sha: pull.base.sha, repo: repo(pull.base.repo) },
  };
}
