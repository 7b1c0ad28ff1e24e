// A local GitHub REST API: a real HTTP server on 127.0.0.1 that answers the
// endpoints Deckhand uses the way api.github.com does — same JSON shapes, the
// same pagination Link headers, the same 401/404/422 bodies — backed by a real
// bare git repository, so shas, trees, commits, diffs and review anchors are real.
// Tests seed it (commits, issues, PRs, comments, permissions), can make it fail
// on purpose, and read back every request and the state it ended in.
//
//   const gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets' }).start();
//   gh.commitFiles('main', { 'src/a.ts': '…' }, 'Initial commit');
//   gh.commitFiles('feature', { 'src/a.ts': '…changed…' }, 'Change');
//   const pull = gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
//   gh.setPermission('alice', 'write');
//   const event = gh.payload.issueComment(gh.addComment(pull.number, { body: '@deckhand fix', user: 'alice' }));
//   … run the action with gh.env() and the event …
//   expect(gh.createdReviews[0]?.state).toBe('COMMENTED');
//   await gh.stop();
//
// GitHub Actions (workflow runs, jobs, job logs on a second host: addWorkflowRun,
// jobLog, payload.workflowRun) live in ./github-actions.ts.
//
// GraphQL (POST /graphql: review threads and resolveReviewThread) lives in
// ./github-graphql.ts, loaded on the first GraphQL request; the threads it
// serves are derived here from the review comments (reviewThreads, threadOf).
//
// A job's token with the permissions of its `permissions:` block comes from
// addToken: a write its scopes do not allow is GitHub's 403 "Resource not
// accessible by integration" (a GraphQL mutation, a FORBIDDEN error).
//
// Check runs (seeded, created, and every workflow job, same id) carry annotations
// (addAnnotation; GET /check-runs/{id}/annotations): one a step prints with
// `::warning::…` and no file sits on `.github`, line 1, as on GitHub.
//
// Many repositories at once (listings, search) are ./github-fleet.ts's, which can
// forward one repository's requests here.
//
// Where GitHub's real behaviour differs from what one might guess, this follows
// GitHub: a range's start_line must be strictly before line; a review without
// `event` is PENDING; `GET /pulls?head=branch` without `owner:` ignores the filter;
// `GET /issues` lists pull requests too (each with a `pull_request` key), and a
// pull request's labels are its issue's (POST /issues/{n}/labels labels a PR).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkflowRuns, type LogHostRequest, type WorkflowJob, type WorkflowRun, type WorkflowRunInput, type WorkflowRunPayload } from './github-actions.js';
import { BareRepo, isoDate, PatchAnchors, runGit, type CommitInfo, type DiffLine, type FileContent, type FileDiff, type GitIdentity, type Side } from './git.js';

export { jobLog } from './github-actions.js';
export type { JobLogStep, LogHostRequest, MinimalRepository, PullRequestMinimal, Workflow, WorkflowJob, WorkflowJobInput, WorkflowRun, WorkflowRunInput, WorkflowRunPayload, WorkflowStep } from './github-actions.js';

// ---- Public types: GitHub's JSON, as stored and served ----

export type UserSpec = string | { login: string; type?: 'User' | 'Bot' | 'Organization' };
export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

export interface User {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  gravatar_id: string;
  url: string;
  html_url: string;
  type: 'User' | 'Bot' | 'Organization';
  site_admin: boolean;
}

export interface Label {
  id: number;
  node_id: string;
  url: string;
  name: string;
  color: string;
  default: boolean;
  description: string | null;
}

export interface Repository {
  id: number;
  node_id: string;
  name: string;
  full_name: string;
  private: boolean;
  owner: User;
  html_url: string;
  description: string | null;
  fork: boolean;
  url: string;
  clone_url: string;
  git_url: string;
  default_branch: string;
  visibility: 'public';
  archived: boolean;
  disabled: boolean;
  [key: string]: unknown;
}

export interface Issue {
  url: string;
  repository_url: string;
  labels_url: string;
  comments_url: string;
  events_url: string;
  html_url: string;
  id: number;
  node_id: string;
  number: number;
  title: string;
  user: User;
  labels: Label[];
  state: 'open' | 'closed';
  locked: boolean;
  assignee: User | null;
  assignees: User[];
  milestone: null;
  comments: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  author_association: string;
  active_lock_reason: null;
  body: string | null;
  state_reason: string | null;
  performed_via_github_app: null;
  /** Present when the issue is a pull request. */
  pull_request?: { url: string; html_url: string; diff_url: string; patch_url: string; merged_at: string | null };
  draft?: boolean;
}

export interface PullRef {
  label: string;
  ref: string;
  sha: string;
  user: User;
  repo: Repository;
}

export interface Pull {
  url: string;
  id: number;
  node_id: string;
  html_url: string;
  diff_url: string;
  patch_url: string;
  issue_url: string;
  commits_url: string;
  review_comments_url: string;
  review_comment_url: string;
  comments_url: string;
  statuses_url: string;
  number: number;
  state: 'open' | 'closed';
  locked: boolean;
  title: string;
  user: User;
  body: string | null;
  labels: Label[];
  milestone: null;
  active_lock_reason: null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  merged_at: string | null;
  merge_commit_sha: string | null;
  assignee: User | null;
  assignees: User[];
  requested_reviewers: User[];
  requested_teams: unknown[];
  head: PullRef;
  base: PullRef;
  _links: Record<string, { href: string }>;
  author_association: string;
  auto_merge: null;
  draft: boolean;
  merged: boolean;
  mergeable: boolean | null;
  rebaseable: boolean | null;
  mergeable_state: string;
  merged_by: User | null;
  comments: number;
  review_comments: number;
  maintainer_can_modify: boolean;
  commits: number;
  additions: number;
  deletions: number;
  changed_files: number;
}

export interface IssueComment {
  url: string;
  html_url: string;
  issue_url: string;
  id: number;
  node_id: string;
  user: User;
  created_at: string;
  updated_at: string;
  author_association: string;
  body: string;
  performed_via_github_app: null;
}

export interface ReviewComment {
  url: string;
  pull_request_review_id: number;
  id: number;
  node_id: string;
  diff_hunk: string;
  path: string;
  position: number | null;
  original_position: number;
  commit_id: string;
  original_commit_id: string;
  /** Only on replies (GitHub leaves the key out otherwise). */
  in_reply_to_id?: number;
  user: User;
  body: string;
  created_at: string;
  updated_at: string;
  html_url: string;
  pull_request_url: string;
  author_association: string;
  _links: Record<string, { href: string }>;
  start_line: number | null;
  original_start_line: number | null;
  start_side: Side | null;
  /** null once the comment is outdated (its line left the diff), as on GitHub; original_line stays. */
  line: number | null;
  original_line: number;
  side: Side;
  subject_type: 'line';
}

export type ReviewState = 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED' | 'DISMISSED' | 'PENDING';

export interface Review {
  id: number;
  node_id: string;
  user: User;
  body: string;
  state: ReviewState;
  html_url: string;
  pull_request_url: string;
  author_association: string;
  _links: Record<string, { href: string }>;
  /** Absent while PENDING, as on GitHub. */
  submitted_at?: string;
  commit_id: string;
}

export interface CheckRun {
  id: number;
  name: string;
  node_id: string;
  head_sha: string;
  external_id: string;
  url: string;
  html_url: string;
  details_url: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: 'success' | 'failure' | 'neutral' | 'cancelled' | 'skipped' | 'timed_out' | 'action_required' | null;
  started_at: string;
  completed_at: string | null;
  output: { title: string | null; summary: string | null; text: string | null; annotations_count: number; annotations_url: string };
  check_suite: { id: number };
  app: { id: number; slug: string; name: string };
  pull_requests: unknown[];
}

/** GitHub's "check-annotation", as GET /check-runs/{id}/annotations lists it. */
export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column: number | null;
  end_column: number | null;
  annotation_level: 'notice' | 'warning' | 'failure';
  title: string | null;
  message: string;
  raw_details: string | null;
  blob_href: string;
}

export interface CommitStatus {
  id: number;
  node_id: string;
  url: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  description: string | null;
  target_url: string | null;
  context: string;
  created_at: string;
  updated_at: string;
  creator: User;
  /** The commit it is on (GitHub does not list it per status; for assertions). */
  sha: string;
}

export interface Reaction {
  id: number;
  node_id: string;
  user: User;
  content: string;
  created_at: string;
  /** Which thing it is on (not a GitHub field; for assertions). */
  subject: { type: 'issue' | 'issue_comment' | 'pull_request_review_comment'; id: number };
}

export interface RecordedRequest {
  method: string;
  /** The URL path, percent-decoded (`/repos/octo/widgets/git/refs/heads/deckhand/x`, though Octokit sends `heads%2Fdeckhand%2Fx`). */
  path: string;
  /** The URL path exactly as sent. */
  rawPath: string;
  query: Record<string, string>;
  /** Parsed JSON body (the raw text if it was not JSON; undefined if empty). */
  body: any;
  headers: IncomingHttpHeaders;
  /** The status the emulator answered with. */
  status?: number;
  /** For POST /graphql: the document, its variables, and how it went. */
  graphql?: RecordedGraphQL;
  /** When the request had arrived whole, and when its answer was sent (Date.now()). */
  receivedAt: number;
  answeredAt?: number;
}

export interface RecordedGraphQL {
  query: string;
  variables: Record<string, unknown>;
  /** As sent, or else as the document names its operation. */
  operationName?: string;
  /** Of the operation that ran (undefined when the document did not parse or name one). */
  operation?: 'query' | 'mutation' | 'subscription';
  /** The messages of the errors answered (validation or execution); empty when it went through. */
  errors: string[];
}

/**
 * A review thread as GitHub's GraphQL API has it: a root review comment and its replies
 * (in_reply_to_id), with a resolved state REST does not show.
 */
export interface ReviewThread {
  /** The GraphQL node id (PRRT_…), derived from the root comment's id, so stable. */
  id: string;
  pullNumber: number;
  /** The root comment: where the thread sits. */
  root: ReviewComment;
  /** The root comment, then its replies, oldest first. */
  comments: ReviewComment[];
  isResolved: boolean;
  resolvedBy: User | null;
}

export interface Failure {
  /** HTTP method to match ('*' for any). */
  method: string;
  /** Tested against the percent-decoded URL path (no query), as in `requests[].path`. */
  path: RegExp;
  /** For POST /graphql: tested against the document, so that one kind of query fails and the others do not. */
  graphql?: RegExp;
  status: number;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** JSON value or text; default: an HTML page for 502/504, GitHub's JSON message otherwise. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Fill in GitHub's rate-limit answer: primary (x-ratelimit-remaining 0, reset in ~1s) or secondary (retry-after). */
  rateLimit?: 'primary' | 'secondary';
}

export interface GitHubEmulatorOptions {
  owner?: string;
  repo?: string;
  /** The token requests must carry (`token X` or `Bearer X`). */
  token?: string;
  defaultBranch?: string;
  /** Who the token acts as: author of comments, reviews and PRs made through the API. */
  tokenUser?: UserSpec;
  /** The repository cannot have draft pull requests (a private one on GitHub Free): creating one is a 422. */
  noDrafts?: boolean;
  /** Milliseconds every answer waits before it is sent, as api.github.com takes from a hosted runner (about 150). */
  latencyMs?: number;
}

/** The scopes of a job's GITHUB_TOKEN (its workflow's `permissions:`) that the emulator checks: a write needs `write`. */
export type TokenScope = 'contents' | 'issues' | 'pull-requests' | 'checks';
export type TokenPermissions = Partial<Record<TokenScope, 'read' | 'write' | 'none'>>;

/**
 * Which scopes allow a REST write to a repository path (any one of them, as GitHub takes an
 * issue comment on a pull request with either). Issue writes (POST /issues, PATCH /issues/{n},
 * labels) are `issues`; PATCH /pulls/{n} is `pull-requests`; labels on a pull request's number
 * take either (see `forbidden`).
 */
function writeScopes(path: string): TokenScope[] {
  if (/^\/issues\/(\d+\/comments|comments\/\d+)(\/|$)/.test(path)) return ['issues', 'pull-requests'];
  if (/^\/issues(\/|$)/.test(path)) return ['issues'];
  if (/^\/pulls(\/|$)/.test(path)) return ['pull-requests'];
  if (/^\/check-(runs|suites)(\/|$)/.test(path)) return ['checks'];
  return ['contents'];
}

/** GitHub's answer to an installation token writing what its permissions do not allow. */
const NOT_ACCESSIBLE = { message: 'Resource not accessible by integration', status: '403' };

export interface IssueCommentPayload {
  action: string;
  issue: Issue;
  comment: IssueComment;
  repository: Repository;
  sender: User;
  changes?: { body: { from: string } };
}
export interface ReviewCommentPayload {
  action: string;
  comment: ReviewComment;
  pull_request: Pull;
  repository: Repository;
  sender: User;
}
export interface ReviewPayload {
  action: string;
  /** `state` is lower-case in webhooks (`commented`), unlike the REST API. */
  review: Omit<Review, 'state'> & { state: string };
  pull_request: Pull;
  repository: Repository;
  sender: User;
}
export interface IssuesPayload {
  action: string;
  issue: Issue;
  repository: Repository;
  sender: User;
  label?: Label;
  assignee?: User;
}
export interface PullRequestPayload {
  action: string;
  number: number;
  pull_request: Pull;
  repository: Repository;
  sender: User;
  before?: string;
  after?: string;
}

// ---- Internals ----

const SERVER_URL = 'https://github.test';
const DOCS = 'https://docs.github.com/rest';
const GRAPHQL_DOCS = 'https://docs.github.com/graphql';
const GRAPHQL_AUTH_DOCS = 'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql';
/** Where Octokit's graphql posts: /graphql under a github.com-style base URL, /api/graphql under GHES's /api/v3. */
const GRAPHQL_PATHS = new Set(['/graphql', '/api/graphql']);
const REVIEW_DOCS = 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request';
const SHA = /^[0-9a-f]{40}$/;
const REACTIONS = new Set(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']);
const MAX_BODY = 65536;

interface Reply {
  status: number;
  body?: unknown;
  /** A text body instead of JSON. */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

function notFound(message = 'Not Found'): ApiError {
  return new ApiError(404, { message, documentation_url: DOCS, status: '404' });
}

function unprocessable(message: string, errors?: unknown[], documentationUrl = DOCS): ApiError {
  return new ApiError(422, { message, ...(errors ? { errors } : {}), documentation_url: documentationUrl, status: '422' });
}

function validationFailed(...errors: unknown[]): ApiError {
  return unprocessable('Validation Failed', errors);
}

function missingField(resource: string, field: string): ApiError {
  return validationFailed({ resource, code: 'missing_field', field });
}

function tooLong(resource: string, body: unknown): void {
  if (typeof body === 'string' && body.length > MAX_BODY) {
    throw validationFailed({ resource, code: 'unprocessable', field: 'data', message: `Body is too long (maximum is ${MAX_BODY} characters)` });
  }
}

/** Rails' to_sentence, which GitHub uses to join validation messages. */
function sentence(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  if (parts.length === 2) return `${parts[0]} and ${parts[1]}`;
  return `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1)}`;
}

function now(): string {
  return isoDate(Math.floor(Date.now() / 1000));
}

function nodeId(prefix: string, id: number): string {
  return `${prefix}_kwDO${Buffer.from(String(id)).toString('base64url')}`;
}

function intParam(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/** An answer as api.github.com sends it: its headers (the core rate limit as `rate` stands), then the JSON or text; none for 204 and 304. */
export function sendAnswer(
  res: ServerResponse,
  reply: { status: number; body?: unknown; text?: string; contentType?: string; headers?: Record<string, string | string[]> },
  rate: { used: number; reset: number },
): void {
  const headers: Record<string, string | string[]> = {
    'x-github-api-version-selected': '2022-11-28',
    'x-github-media-type': 'github.v3; format=json',
    'x-github-request-id': randomBytes(8).toString('hex').toUpperCase(),
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(Math.max(0, 5000 - rate.used)),
    'x-ratelimit-reset': String(rate.reset),
    'x-ratelimit-used': String(rate.used),
    'x-ratelimit-resource': 'core',
    ...reply.headers,
  };
  if (reply.status === 204 || reply.status === 304) {
    res.writeHead(reply.status, headers);
    return void res.end();
  }
  const payload = reply.text ?? JSON.stringify(reply.body ?? null);
  res.writeHead(reply.status, {
    'content-type': reply.contentType ?? (reply.text !== undefined ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
    'content-length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

/** Base64 the way the contents API sends it: wrapped at 60 characters, each line ending in a newline. */
function wrappedBase64(content: Buffer): string {
  const flat = content.toString('base64');
  let out = '';
  for (let at = 0; at < flat.length; at += 60) out += flat.slice(at, at + 60) + '\n';
  return out;
}

const PERMISSION_FIELD: Record<Permission, string> = { admin: 'admin', maintain: 'write', write: 'write', triage: 'read', read: 'read', none: 'none' };
const RANK: Permission[] = ['none', 'read', 'triage', 'write', 'maintain', 'admin'];

interface Ctx {
  method: string;
  url: URL;
  query: URLSearchParams;
  body: any;
  headers: IncomingHttpHeaders;
}

type Handler = (ctx: Ctx, params: string[]) => Reply;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

interface ResolvedAnchor {
  file: FileDiff;
  anchors: PatchAnchors;
  end: DiffLine;
  start?: DiffLine;
}

interface CommentInput {
  path?: unknown;
  line?: unknown;
  side?: unknown;
  start_line?: unknown;
  start_side?: unknown;
  position?: unknown;
}

export class GitHubEmulator {
  readonly owner: string;
  readonly repo: string;
  readonly token: string;
  readonly defaultBranch: string;
  readonly fullName: string;
  readonly serverUrl = SERVER_URL;
  readonly htmlUrl: string;
  /** The bare repository's path. */
  readonly bareRepo: string;
  /** Plumbing access to the bare repository. */
  readonly git: BareRepo;
  url = '';

  readonly requests: RecordedRequest[] = [];
  readonly issues: Issue[] = [];
  readonly pulls: Pull[] = [];
  /** Issue comments, on issues and PRs alike. */
  readonly comments: IssueComment[] = [];
  readonly reviewComments: ReviewComment[] = [];
  readonly reviews: Review[] = [];
  readonly checkRuns: CheckRun[] = [];
  private readonly createdCheckRunIds = new Set<number>();
  /** Annotations by check run id, in the order they were added. */
  private readonly annotations = new Map<number, CheckAnnotation[]>();
  readonly reactions: Reaction[] = [];
  readonly statuses: CommitStatus[] = [];
  /** Emulator bugs (a handler threw): answered with 500, kept here so a test can see them. */
  readonly internalErrors: Error[] = [];

  private readonly scratch: string;
  private readonly server: Server;
  private readonly routes: Route[] = [];
  private readonly failures: Array<Failure & { left: number }> = [];
  private readonly permissions = new Map<string, Permission>();
  private readonly userIds = new Map<string, number>();
  private readonly labels = new Map<string, Label>();
  private readonly createdPullNumbers = new Set<number>();
  private readonly createdIssueNumbers = new Set<number>();
  /** Head branches of fork PRs: in our bare repo, but not branches of this repository as the API sees it. */
  private readonly forkBranches = new Set<string>();
  private readonly createdReviewIds = new Set<number>();
  /** Commits made through POST /git/commits: GitHub signs those. */
  private readonly apiCommits = new Set<string>();
  /** Resolved review threads: root comment id → who resolved it. */
  private readonly threadResolutions = new Map<number, User>();
  private readonly diffCache = new Map<string, FileDiff[]>();
  private readonly actions: WorkflowRuns;
  private readonly tokenUserSpec: UserSpec;
  private readonly noDrafts: boolean;
  /** Milliseconds every answer waits before it is sent. */
  latencyMs: number;
  private nextId = 1001;
  private nextNumber = 1;
  private rateUsed = 0;
  private readonly rateReset = Math.floor(Date.now() / 1000) + 3600;

  constructor(options: GitHubEmulatorOptions = {}) {
    this.owner = options.owner ?? 'octo';
    this.repo = options.repo ?? 'widgets';
    this.token = options.token ?? 'ghs_test';
    this.defaultBranch = options.defaultBranch ?? 'main';
    this.tokenUserSpec = options.tokenUser ?? { login: 'github-actions[bot]', type: 'Bot' };
    this.noDrafts = options.noDrafts === true;
    this.latencyMs = options.latencyMs ?? 0;
    this.fullName = `${this.owner}/${this.repo}`;
    this.htmlUrl = `${SERVER_URL}/${this.fullName}`;
    this.scratch = realpathSync(mkdtempSync(join(tmpdir(), 'github-emulator-')));
    this.bareRepo = join(this.scratch, `${this.repo}.git`);
    this.git = BareRepo.init(this.bareRepo, this.scratch, this.defaultBranch);
    this.server = createServer((req, res) => void this.handle(req, res));
    this.actions = new WorkflowRuns({
      api: (path) => this.api(path),
      htmlUrl: this.htmlUrl,
      fullName: this.fullName,
      defaultBranch: this.defaultBranch,
      newId: () => this.newId(),
      nodeId,
      now,
      user: (spec) => this.user(spec),
      repository: (fullName) => {
        if (fullName.toLowerCase() === this.fullName.toLowerCase()) return this.repository();
        const [owner, name] = fullName.split('/');
        if (!owner || !name) throw new Error(`GitHubEmulator: headRepository must be owner/name, not ${fullName}`);
        return this.repositoryOf(owner, true, name);
      },
      pulls: () => this.pulls,
      commit: (ref) => {
        const sha = this.git.resolve(ref);
        if (!sha) throw new Error(`GitHubEmulator: no commit ${ref} for the workflow run's head (commitFiles it first)`);
        return this.git.readCommits([sha])[0]!;
      },
      addCheckRun: (sha, input) => this.addCheckRun(sha, input),
    });
    this.defineRoutes();
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    await this.actions.logHost.start();
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.actions.logHost.stop();
    rmSync(this.scratch, { recursive: true, force: true });
  }

  /** Environment a run of the action needs to talk to this emulator. */
  env(): Record<string, string> {
    return { GITHUB_API_URL: this.url, GITHUB_SERVER_URL: SERVER_URL, GITHUB_REPOSITORY: this.fullName, GITHUB_TOKEN: this.token };
  }

  /** The user the token acts as. */
  get tokenUser(): User {
    return this.user(this.tokenUserSpec);
  }

  /** Requests that change something (everything but GET, HEAD and GraphQL queries). */
  writes(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && r.graphql?.operation !== 'query');
  }

  /** PRs opened through the API (not seeded by the test). */
  get createdPulls(): Pull[] {
    return this.pulls.filter((p) => this.createdPullNumbers.has(p.number));
  }

  /** Issues opened through POST /issues (not seeded by the test). */
  get createdIssues(): Issue[] {
    return this.issues.filter((i) => this.createdIssueNumbers.has(i.number));
  }

  /** Check runs created through POST /check-runs. */
  get createdCheckRuns(): CheckRun[] {
    return this.checkRuns.filter((r) => this.createdCheckRunIds.has(r.id));
  }

  /** Reviews posted through POST /pulls/{n}/reviews. */
  get createdReviews(): Review[] {
    return this.reviews.filter((r) => this.createdReviewIds.has(r.id));
  }

  /** Issue comments by the token's user (what the action posted). */
  get createdComments(): IssueComment[] {
    const login = this.tokenUser.login;
    return this.comments.filter((c) => c.user?.login === login);
  }

  /** Workflow runs seeded with addWorkflowRun, oldest first. */
  /** The jobs of a workflow run seeded with addWorkflowRun, in its order (each is a check run with the same id). */
  jobsOf(runId: number): WorkflowJob[] {
    return this.actions.jobsOf(runId);
  }

  get workflowRuns(): WorkflowRun[] {
    return this.actions.runs;
  }

  /** The jobs of every workflow run (each also a check run, same id). */
  get workflowJobs(): WorkflowJob[] {
    return this.actions.jobs;
  }

  /** The log host's origin (where GET /actions/jobs/{id}/logs redirects): `http://127.0.0.1:PORT`. */
  get logHostUrl(): string {
    return this.actions.logHost.url;
  }

  /** Every request the log host got, with its headers: `expect(gh.logHostRequests[0]?.headers.authorization).toBeUndefined()`. */
  get logHostRequests(): LogHostRequest[] {
    return this.actions.logHost.requests;
  }

  /** The GraphQL requests that got past authentication, each with its document, variables, operation type and errors. */
  get graphqlRequests(): Array<RecordedRequest & { graphql: RecordedGraphQL }> {
    return this.requests.filter((r): r is RecordedRequest & { graphql: RecordedGraphQL } => r.graphql !== undefined);
  }

  /** A PR's review threads (all PRs' without a number), in the order of their root comments. */
  reviewThreads(number?: number): ReviewThread[] {
    const pull = number === undefined ? undefined : this.pull(number);
    const roots = this.reviewComments.filter((c) => c.in_reply_to_id === undefined && (!pull || c.pull_request_url === pull.url)).sort((a, b) => a.id - b.id);
    return roots.map((root) => this.thread(root));
  }

  /** The thread a review comment (root or reply) belongs to. */
  threadOf(commentId: number): ReviewThread | undefined {
    const comment = this.reviewComments.find((c) => c.id === commentId);
    const root = comment && this.reviewComments.find((c) => c.id === (comment.in_reply_to_id ?? comment.id));
    return root ? this.thread(root) : undefined;
  }

  /** Threads resolved now (through resolveReviewThread or seeded), in the order of their root comments. */
  get resolvedThreads(): ReviewThread[] {
    return this.reviewThreads().filter((t) => t.isResolved);
  }

  /** The root comment ids of the threads resolved now: `expect(gh.resolvedThreadRoots).toEqual([comment.id])`. */
  get resolvedThreadRoots(): number[] {
    return this.resolvedThreads.map((t) => t.root.id);
  }

  /** Marks the thread of a review comment resolved, as resolveReviewThread does (by the token's user unless given). */
  resolveThread(commentId: number, by?: UserSpec): ReviewThread {
    const thread = this.threadOf(commentId);
    if (!thread) throw new Error(`GitHubEmulator: no review comment ${commentId}`);
    this.threadResolutions.set(thread.root.id, by === undefined ? this.tokenUser : this.user(by));
    return this.thread(thread.root);
  }

  /** Marks the thread of a review comment unresolved, as unresolveReviewThread does. */
  unresolveThread(commentId: number): ReviewThread {
    const thread = this.threadOf(commentId);
    if (!thread) throw new Error(`GitHubEmulator: no review comment ${commentId}`);
    this.threadResolutions.delete(thread.root.id);
    return this.thread(thread.root);
  }

  /**
   * The comment's line left the diff (a later push changed it): GitHub then answers
   * line, start_line and position null and the thread isOutdated; original_line stays.
   */
  outdateReviewComment(id: number): ReviewComment {
    const comment = this.reviewComments.find((c) => c.id === id);
    if (!comment) throw new Error(`GitHubEmulator: no review comment ${id}`);
    Object.assign(comment, { line: null, start_line: null, position: null });
    return comment;
  }

  private thread(root: ReviewComment): ReviewThread {
    const resolvedBy = this.threadResolutions.get(root.id) ?? null;
    return {
      id: nodeId('PRRT', root.id),
      pullNumber: numberFromUrl(root.pull_request_url),
      root,
      comments: [root, ...this.reviewComments.filter((c) => c.in_reply_to_id === root.id).sort((a, b) => a.id - b.id)],
      isResolved: resolvedBy !== null,
      resolvedBy,
    };
  }

  refSha(branch: string): string | undefined {
    return this.git.refSha(branch.startsWith('refs/') ? branch : `refs/heads/${branch}`);
  }

  // ---- Seeding ----

  /**
   * A real commit on `branch`: files written (null deletes) on top of the branch head, or of
   * `parent` if given (a new branch starts from the default branch's head, or from nothing
   * when `orphan`). Returns its sha.
   */
  commitFiles(
    branch: string,
    files: Record<string, FileContent>,
    message: string,
    opts: { parent?: string; author?: string; date?: string | Date; orphan?: boolean } = {},
  ): string {
    const ref = `refs/heads/${branch}`;
    const parent = opts.parent ? this.mustResolve(opts.parent) : (this.git.refSha(ref) ?? (opts.orphan ? undefined : this.refSha(this.defaultBranch)));
    const match = /^(.*?)\s*<([^>]*)>$/.exec(opts.author ?? '');
    const name = match ? match[1]! : (opts.author ?? 'Test Author');
    const email = match ? match[2]! : `${name.replace(/\s+/g, '-').toLowerCase()}@users.noreply.github.test`;
    const time = opts.date ? Math.floor(new Date(opts.date).getTime() / 1000) : undefined;
    const sha = this.git.fastCommit(ref, parent, files, message, { name, email, ...(time !== undefined ? { time } : {}) });
    this.syncPulls();
    return sha;
  }

  /** `branch` set to an existing commit, as a `git push` of it does (a fast-forward or a force push); pull requests follow. */
  pushTo(branch: string, sha: string): void {
    this.git.updateRef(`refs/heads/${branch}`, this.mustResolve(sha));
    this.syncPulls();
  }

  /** `git clone` of the bare repo into `dir` (origin = the bare path), checked out at `ref` (branch, sha, or refs/pull/N/head). */
  cloneTo(dir: string, ref?: string): string {
    const branch = ref !== undefined && this.git.refSha(`refs/heads/${ref}`) !== undefined;
    runGit(['clone', '-q', ...(branch ? ['-b', ref!] : []), '--', this.bareRepo, dir]);
    if (ref !== undefined && !branch) {
      let target = ref;
      try {
        runGit(['-C', dir, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
      } catch {
        runGit(['-C', dir, 'fetch', '-q', 'origin', ref]);
        target = 'FETCH_HEAD';
      }
      runGit(['-C', dir, 'checkout', '-q', '--detach', target]);
    }
    return dir;
  }

  setPermission(login: string, permission: Permission): this {
    this.permissions.set(login, permission);
    const association = this.association(login);
    for (const thing of [...this.issues, ...this.pulls, ...this.comments, ...this.reviewComments, ...this.reviews]) {
      if (thing.user?.login === login) thing.author_association = association;
    }
    return this;
  }

  /**
   * The account is deleted: what it wrote stays, with `user: null` (GitHub's
   * schemas allow null there: issues, pull requests, comments, review comments,
   * reviews), and it no longer has a permission. A payload built from its
   * things needs an explicit `sender`.
   */
  deleteAccount(login: string): this {
    this.permissions.delete(login);
    for (const thing of [...this.issues, ...this.pulls, ...this.comments, ...this.reviewComments, ...this.reviews]) {
      if (thing.user?.login === login) (thing as { user: User | null }).user = null;
    }
    return this;
  }

  permissionOf(login: string): Permission {
    return this.permissions.get(login) ?? (login === this.owner ? 'admin' : 'none');
  }

  addIssue(input: {
    title: string;
    body: string | null;
    user: UserSpec;
    labels?: string[];
    assignees?: string[];
    createdAt?: string;
    state?: 'open' | 'closed';
  }): Issue {
    const number = this.nextNumber++;
    const id = this.newId();
    const user = this.user(input.user);
    const created = input.createdAt ?? now();
    const assignees = (input.assignees ?? []).map((login) => this.user(login));
    const issue: Issue = {
      url: this.api(`/issues/${number}`),
      repository_url: this.api(''),
      labels_url: this.api(`/issues/${number}/labels{/name}`),
      comments_url: this.api(`/issues/${number}/comments`),
      events_url: this.api(`/issues/${number}/events`),
      html_url: `${this.htmlUrl}/issues/${number}`,
      id,
      node_id: nodeId('I', id),
      number,
      title: input.title,
      user,
      labels: (input.labels ?? []).map((name) => this.label(name)),
      state: input.state ?? 'open',
      locked: false,
      assignee: assignees[0] ?? null,
      assignees,
      milestone: null,
      comments: 0,
      created_at: created,
      updated_at: created,
      closed_at: input.state === 'closed' ? created : null,
      author_association: this.association(user.login),
      active_lock_reason: null,
      body: input.body,
      state_reason: input.state === 'closed' ? 'completed' : null,
      performed_via_github_app: null,
    };
    this.issues.push(issue);
    return issue;
  }

  addPull(input: {
    title: string;
    body: string | null;
    user: UserSpec;
    head: string;
    base?: string;
    draft?: boolean;
    fork?: boolean | { owner: string };
    labels?: string[];
    createdAt?: string;
  }): Pull {
    const user = this.user(input.user);
    const forkOwner = input.fork === true ? user.login : input.fork ? input.fork.owner : undefined;
    if (forkOwner !== undefined && forkOwner !== this.owner) this.forkBranches.add(input.head);
    return this.createPull({ ...input, user, forkOwner });
  }

  /** An issue comment on an issue or PR. */
  addComment(number: number, input: { body: string; user: UserSpec; createdAt?: string; updatedAt?: string }): IssueComment {
    this.issueView(number); // 404s (throws) for an unknown number
    return this.createIssueComment(number, input.body, this.user(input.user), input.createdAt, input.updatedAt);
  }

  /** A review comment on a PR diff line (or a reply, with inReplyTo), with its real diff_hunk. Throws if the line is not in the diff. */
  addReviewComment(
    number: number,
    input: {
      body: string;
      user: UserSpec;
      path: string;
      line: number;
      side?: Side;
      startLine?: number;
      startSide?: Side;
      commitId?: string;
      inReplyTo?: number;
      reviewId?: number;
      createdAt?: string;
    },
  ): ReviewComment {
    const pull = this.pull(number);
    const user = this.user(input.user);
    if (input.inReplyTo !== undefined) {
      const parent = this.reviewComments.find((c) => c.id === input.inReplyTo);
      if (!parent) throw new Error(`addReviewComment: no review comment ${input.inReplyTo}`);
      return this.createReply(pull, parent, input.body, user, input.createdAt);
    }
    const commitId = input.commitId ? this.mustResolve(input.commitId) : pull.head.sha;
    const resolved = this.resolveAnchor(pull, commitId, {
      path: input.path,
      line: input.line,
      side: input.side,
      start_line: input.startLine,
      start_side: input.startSide,
    });
    if ('errors' in resolved) throw new Error(`addReviewComment: ${sentence(resolved.errors)} (${input.path}:${input.line})`);
    const reviewId = input.reviewId ?? this.createReview(pull, user, '', 'COMMENTED', commitId, input.createdAt).id;
    return this.createReviewComment(pull, reviewId, user, input.body, commitId, resolved, input.createdAt);
  }

  addReview(
    number: number,
    input: { body: string; user: UserSpec; commitId?: string; state?: ReviewState | 'COMMENT' | 'APPROVE' | 'REQUEST_CHANGES'; submittedAt?: string },
  ): Review {
    const pull = this.pull(number);
    const state = reviewState(input.state ?? 'COMMENTED');
    return this.createReview(pull, this.user(input.user), input.body, state, input.commitId ? this.mustResolve(input.commitId) : pull.head.sha, input.submittedAt);
  }

  addCheckRun(
    ref: string,
    input: {
      name: string;
      status?: CheckRun['status'];
      conclusion: CheckRun['conclusion'];
      output?: { title?: string; summary?: string; text?: string };
      detailsUrl?: string;
      startedAt?: string;
      completedAt?: string;
    },
  ): CheckRun {
    const sha = this.mustResolve(ref);
    const id = this.newId();
    const status = input.status ?? 'completed';
    const started = input.startedAt ?? now();
    const run: CheckRun = {
      id,
      name: input.name,
      node_id: nodeId('CR', id),
      head_sha: sha,
      external_id: '',
      url: this.api(`/check-runs/${id}`),
      html_url: `${this.htmlUrl}/runs/${id}`,
      details_url: input.detailsUrl ?? `${this.htmlUrl}/runs/${id}`,
      status,
      conclusion: status === 'completed' ? input.conclusion : null,
      started_at: started,
      completed_at: status === 'completed' ? (input.completedAt ?? started) : null,
      output: {
        title: input.output?.title ?? null,
        summary: input.output?.summary ?? null,
        text: input.output?.text ?? null,
        annotations_count: 0,
        annotations_url: this.api(`/check-runs/${id}/annotations`),
      },
      check_suite: { id: id + 500000 },
      app: { id: 15368, slug: 'github-actions', name: 'GitHub Actions' },
      pull_requests: [],
    };
    this.checkRuns.push(run);
    return run;
  }

  /**
   * A GitHub Actions workflow run on `headSha` (default: the head of `headBranch`), with its
   * jobs, their steps and logs (see ./github-actions.ts). Each job is also a check run on the
   * head commit. Served by GET /actions/runs[/{id}[/jobs]], /actions/jobs/{id}[/logs].
   */
  addWorkflowRun(input: WorkflowRunInput): WorkflowRun {
    return this.actions.add(input);
  }

  /**
   * An annotation on a check run (a workflow job is one, same id), listed by
   * GET /check-runs/{id}/annotations. Without a path it is what a step's
   * `::notice title=T::message` makes on GitHub: path `.github`, line 1, no columns,
   * title '' when none is given. Throws for an unknown check run.
   */
  addAnnotation(
    checkRunId: number,
    input: {
      level: CheckAnnotation['annotation_level'];
      message: string;
      title?: string;
      path?: string;
      startLine?: number;
      endLine?: number;
      startColumn?: number;
      endColumn?: number;
      rawDetails?: string;
    },
  ): CheckAnnotation {
    const run = this.checkRuns.find((r) => r.id === checkRunId);
    if (!run) throw new Error(`GitHubEmulator: no check run ${checkRunId} (addCheckRun or addWorkflowRun first)`);
    const path = input.path ?? '.github';
    const startLine = input.startLine ?? 1;
    const annotation: CheckAnnotation = {
      path,
      start_line: startLine,
      end_line: input.endLine ?? startLine,
      start_column: input.startColumn ?? null,
      end_column: input.endColumn ?? input.startColumn ?? null,
      annotation_level: input.level,
      title: input.title ?? '',
      message: input.message,
      raw_details: input.rawDetails ?? '',
      blob_href: `${this.htmlUrl}/blob/${run.head_sha}/${path.split('/').map(encodeURIComponent).join('/')}`,
    };
    const list = this.annotations.get(checkRunId) ?? [];
    list.push(annotation);
    this.annotations.set(checkRunId, list);
    run.output.annotations_count = list.length;
    return annotation;
  }

  /** A check run's annotations, oldest first. */
  annotationsOf(checkRunId: number): CheckAnnotation[] {
    return [...(this.annotations.get(checkRunId) ?? [])];
  }

  /** A commit status (the older Statuses API), shown by GET /commits/{ref}/status and /statuses. */
  addStatus(ref: string, input: { context: string; state: CommitStatus['state']; description?: string; targetUrl?: string; createdAt?: string }): CommitStatus {
    const sha = this.mustResolve(ref);
    const id = this.newId();
    const created = input.createdAt ?? now();
    const status: CommitStatus = {
      id,
      node_id: nodeId('SC', id),
      url: this.api(`/statuses/${sha}`),
      state: input.state,
      description: input.description ?? null,
      target_url: input.targetUrl ?? null,
      context: input.context,
      created_at: created,
      updated_at: created,
      creator: this.user('github-actions[bot]'),
      sha,
    };
    this.statuses.push(status);
    return status;
  }

  private readonly hooks: Array<{ method: string; path: RegExp; run: () => void; left: number }> = [];

  /** Runs `run` just before the next `times` (default 1) requests matching method and path are answered: another writer acting in between. */
  before(match: { method: string; path: RegExp; times?: number }, run: () => void): this {
    this.hooks.push({ method: match.method, path: match.path, run, left: match.times ?? 1 });
    return this;
  }

  /** Branches whose ref no API call may move (a protection rule that requires pull requests): GitHub answers 422. */
  readonly protectedBranches = new Set<string>();

  protectBranch(branch: string): this {
    this.protectedBranches.add(branch);
    return this;
  }

  /** The next `times` (default 1) requests matching method and path get this answer instead. */
  fail(failure: Failure): this {
    this.failures.push({ ...failure, left: failure.times ?? 1 });
    return this;
  }

  // ---- Webhook payloads built from stored objects ----

  readonly payload = {
    issueComment: (comment: IssueComment, action = 'created', extra: { sender?: UserSpec; changes?: { body: { from: string } } } = {}): IssueCommentPayload =>
      structuredClone({
        action,
        issue: this.issueView(numberFromUrl(comment.issue_url)),
        comment,
        repository: this.repository(),
        sender: extra.sender ? this.user(extra.sender) : comment.user,
        ...(extra.changes ? { changes: extra.changes } : {}),
      }),
    reviewComment: (comment: ReviewComment, action = 'created', extra: { sender?: UserSpec } = {}): ReviewCommentPayload =>
      structuredClone({
        action,
        comment,
        pull_request: this.pull(numberFromUrl(comment.pull_request_url)),
        repository: this.repository(),
        sender: extra.sender ? this.user(extra.sender) : comment.user,
      }),
    review: (review: Review, action = 'submitted', extra: { sender?: UserSpec } = {}): ReviewPayload =>
      structuredClone({
        action,
        review: { ...review, state: review.state.toLowerCase() },
        pull_request: this.pull(numberFromUrl(review.pull_request_url)),
        repository: this.repository(),
        sender: extra.sender ? this.user(extra.sender) : review.user,
      }),
    issues: (issue: Issue, action: string, extra: { label?: string; assignee?: string; sender?: UserSpec } = {}): IssuesPayload => {
      const label = extra.label !== undefined ? this.label(extra.label) : undefined;
      if (label && !issue.labels.some((l) => l.name === label.name)) issue.labels.push(label);
      const assignee = extra.assignee !== undefined ? this.user(extra.assignee) : undefined;
      if (assignee && !issue.assignees.some((a) => a.login === assignee.login)) {
        issue.assignees.push(assignee);
        issue.assignee ??= assignee;
      }
      return structuredClone({
        action,
        issue,
        repository: this.repository(),
        sender: extra.sender ? this.user(extra.sender) : issue.user,
        ...(label ? { label } : {}),
        ...(assignee ? { assignee } : {}),
      });
    },
    /** The workflow_run event; sender defaults to the run's triggering actor. */
    workflowRun: (run: WorkflowRun, action = 'completed', extra: { sender?: UserSpec } = {}): WorkflowRunPayload =>
      structuredClone({
        action,
        workflow_run: run,
        workflow: this.actions.workflowOf(run),
        repository: this.repository(),
        sender: extra.sender ? this.user(extra.sender) : run.triggering_actor,
      }),
    pullRequest: (pull: Pull, action: string, extra: { before?: string; after?: string; sender?: UserSpec } = {}): PullRequestPayload => {
      this.syncPulls();
      const after = extra.after ?? (action === 'synchronize' ? pull.head.sha : undefined);
      const before = extra.before ?? (action === 'synchronize' ? this.git.readCommits([pull.head.sha])[0]?.parents[0] : undefined);
      return structuredClone({
        action,
        number: pull.number,
        pull_request: pull,
        repository: this.repository(),
        sender: extra.sender ? this.user(extra.sender) : pull.user,
        ...(before !== undefined ? { before } : {}),
        ...(after !== undefined ? { after } : {}),
      });
    },
  };

  // ---- Objects ----

  user(spec: UserSpec): User {
    const login = typeof spec === 'string' ? spec : spec.login;
    const type = (typeof spec === 'object' && spec.type) || (login.endsWith('[bot]') ? 'Bot' : 'User');
    let id = this.userIds.get(login);
    if (id === undefined) {
      id = login === 'github-actions[bot]' ? 41898282 : 5000 + this.userIds.size;
      this.userIds.set(login, id);
    }
    return {
      login,
      id,
      node_id: nodeId(type === 'Bot' ? 'BOT' : 'U', id),
      avatar_url: `https://avatars.github.test/u/${id}?v=4`,
      gravatar_id: '',
      url: `${this.url}/users/${encodeURIComponent(login)}`,
      html_url: type === 'Bot' ? `${SERVER_URL}/apps/${login.replace(/\[bot\]$/, '')}` : `${SERVER_URL}/${login}`,
      type,
      site_admin: false,
    };
  }

  repository(): Repository {
    return this.repositoryOf(this.owner, false);
  }

  private repositoryOf(owner: string, fork: boolean, name = this.repo): Repository {
    const fullName = `${owner}/${name}`;
    const id = fork ? 200000 + this.user(owner).id : 100001;
    const api = `${this.url}/repos/${fullName}`;
    return {
      id,
      node_id: nodeId('R', id),
      name,
      full_name: fullName,
      private: false,
      owner: this.user(owner),
      html_url: `${SERVER_URL}/${fullName}`,
      description: null,
      fork,
      url: api,
      clone_url: `${SERVER_URL}/${fullName}.git`,
      git_url: `git://github.test/${fullName}.git`,
      ssh_url: `git@github.test:${fullName}.git`,
      default_branch: this.defaultBranch,
      visibility: 'public',
      archived: false,
      disabled: false,
      pulls_url: `${api}/pulls{/number}`,
      issues_url: `${api}/issues{/number}`,
      created_at: '2020-01-01T00:00:00Z',
      updated_at: '2020-01-01T00:00:00Z',
      pushed_at: now(),
    };
  }

  private api(path: string): string {
    if (!this.url) throw new Error('GitHubEmulator: call start() before adding issues, PRs, comments or check runs (their URLs need the port)');
    return `${this.url}/repos/${this.fullName}${path}`;
  }

  private newId(): number {
    return this.nextId++;
  }

  private label(name: string): Label {
    let label = this.labels.get(name);
    if (!label) {
      const id = this.newId();
      label = { id, node_id: nodeId('LA', id), url: this.api(`/labels/${encodeURIComponent(name)}`), name, color: 'ededed', default: false, description: null };
      this.labels.set(name, label);
    }
    return label;
  }

  private association(login: string): string {
    if (login === this.owner) return 'OWNER';
    return this.permissions.has(login) && this.permissionOf(login) !== 'none' ? 'COLLABORATOR' : 'NONE';
  }

  /** Full commit ids already found: an object never changes, so a thousand jobs on one commit ask git once. */
  private readonly knownCommits = new Set<string>();

  private mustResolve(ref: string): string {
    if (this.knownCommits.has(ref)) return ref;
    const sha = this.git.resolve(ref);
    if (!sha) throw new Error(`GitHubEmulator: no commit ${ref}`);
    if (sha === ref) this.knownCommits.add(sha);
    return sha;
  }

  private pull(number: number): Pull {
    const pull = this.pulls.find((p) => p.number === number);
    if (!pull) throw notFound();
    return pull;
  }

  /** The issue, or the issue view of a PR (with `pull_request`), as GET /issues/{n} shows it. */
  private issueView(number: number): Issue {
    const issue = this.issues.find((i) => i.number === number);
    if (issue) return issue;
    const pull = this.pulls.find((p) => p.number === number);
    if (!pull) throw notFound();
    return {
      url: this.api(`/issues/${number}`),
      repository_url: this.api(''),
      labels_url: this.api(`/issues/${number}/labels{/name}`),
      comments_url: this.api(`/issues/${number}/comments`),
      events_url: this.api(`/issues/${number}/events`),
      html_url: pull.html_url,
      id: pull.id + 1,
      node_id: nodeId('PR', pull.id),
      number,
      title: pull.title,
      user: pull.user,
      labels: pull.labels,
      state: pull.state,
      locked: pull.locked,
      assignee: pull.assignee,
      assignees: pull.assignees,
      milestone: null,
      comments: pull.comments,
      created_at: pull.created_at,
      updated_at: pull.updated_at,
      closed_at: pull.closed_at,
      author_association: pull.author_association,
      active_lock_reason: null,
      body: pull.body,
      state_reason: null,
      performed_via_github_app: null,
      draft: pull.draft,
      pull_request: { url: pull.url, html_url: pull.html_url, diff_url: pull.diff_url, patch_url: pull.patch_url, merged_at: pull.merged_at },
    };
  }

  private createPull(input: {
    title: string;
    body: string | null;
    user: User;
    head: string;
    base?: string;
    draft?: boolean;
    forkOwner?: string;
    labels?: string[];
    createdAt?: string;
  }): Pull {
    const baseRef = input.base ?? this.defaultBranch;
    const headSha = this.refSha(input.head);
    const baseSha = this.refSha(baseRef);
    if (!headSha) throw new Error(`GitHubEmulator: no branch ${input.head} for the PR head`);
    if (!baseSha) throw new Error(`GitHubEmulator: no branch ${baseRef} for the PR base`);
    const number = this.nextNumber++;
    // A PR is an issue too: it takes the next number and an id of its own.
    const id = this.newId();
    this.newId();
    const created = input.createdAt ?? now();
    const headOwner = input.forkOwner ?? this.owner;
    const api = (path: string) => this.api(path);
    const html = `${this.htmlUrl}/pull/${number}`;
    const pull: Pull = {
      url: api(`/pulls/${number}`),
      id,
      node_id: nodeId('PR', id),
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      issue_url: api(`/issues/${number}`),
      commits_url: api(`/pulls/${number}/commits`),
      review_comments_url: api(`/pulls/${number}/comments`),
      review_comment_url: api('/pulls/comments{/number}'),
      comments_url: api(`/issues/${number}/comments`),
      statuses_url: api(`/statuses/${headSha}`),
      number,
      state: 'open',
      locked: false,
      title: input.title,
      user: input.user,
      body: input.body,
      labels: (input.labels ?? []).map((name) => this.label(name)),
      milestone: null,
      active_lock_reason: null,
      created_at: created,
      updated_at: created,
      closed_at: null,
      merged_at: null,
      merge_commit_sha: null,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      head: { label: `${headOwner}:${input.head}`, ref: input.head, sha: headSha, user: this.user(headOwner), repo: this.repositoryOf(headOwner, headOwner !== this.owner) },
      base: { label: `${this.owner}:${baseRef}`, ref: baseRef, sha: baseSha, user: this.user(this.owner), repo: this.repository() },
      _links: {
        self: { href: api(`/pulls/${number}`) },
        html: { href: html },
        issue: { href: api(`/issues/${number}`) },
        comments: { href: api(`/issues/${number}/comments`) },
        review_comments: { href: api(`/pulls/${number}/comments`) },
        review_comment: { href: api('/pulls/comments{/number}') },
        commits: { href: api(`/pulls/${number}/commits`) },
        statuses: { href: api(`/statuses/${headSha}`) },
      },
      author_association: this.association(input.user.login),
      auto_merge: null,
      draft: input.draft ?? false,
      merged: false,
      mergeable: null,
      rebaseable: null,
      mergeable_state: 'unknown',
      merged_by: null,
      comments: 0,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: 0,
      additions: 0,
      deletions: 0,
      changed_files: 0,
    };
    this.pulls.push(pull);
    this.refreshPull(pull);
    return pull;
  }

  /** Follows branch moves into open PRs (head/base sha, refs/pull/N/head and /merge, counts), as GitHub does on push. */
  private syncPulls(): void {
    if (!this.pulls.some((p) => p.state === 'open')) return;
    const heads = this.git.refs('refs/heads/');
    for (const pull of this.pulls) {
      if (pull.state !== 'open') continue;
      const head = heads.get(`refs/heads/${pull.head.ref}`);
      const base = heads.get(`refs/heads/${pull.base.ref}`);
      if ((head && head !== pull.head.sha) || (base && base !== pull.base.sha)) {
        pull.head.sha = head ?? pull.head.sha;
        pull.base.sha = base ?? pull.base.sha;
        pull.updated_at = now();
        this.refreshPull(pull);
      }
    }
  }

  private refreshPull(pull: Pull): void {
    const { number } = pull;
    pull.statuses_url = this.api(`/statuses/${pull.head.sha}`);
    pull._links.statuses = { href: pull.statuses_url };
    const tree = this.git.mergeTree(pull.base.sha, pull.head.sha);
    if (tree) {
      const time = Math.floor(Date.now() / 1000);
      const merge = this.git.commitTree(tree, [pull.base.sha, pull.head.sha], `Merge ${pull.head.sha} into ${pull.base.sha}\n`, {
        name: 'GitHub',
        email: 'noreply@github.com',
        time,
      });
      Object.assign(pull, { merge_commit_sha: merge, mergeable: true, rebaseable: true, mergeable_state: 'clean' });
    } else {
      Object.assign(pull, { merge_commit_sha: null, mergeable: false, rebaseable: false, mergeable_state: 'dirty' });
    }
    // What a fetch of refs/pull/N/head (and /merge, when it merges cleanly) gets.
    this.git.updateRefs([
      [`refs/pull/${number}/head`, pull.head.sha],
      [`refs/pull/${number}/merge`, pull.merge_commit_sha],
    ]);
    const files = this.pullFiles(pull);
    pull.changed_files = files.length;
    pull.additions = files.reduce((sum, f) => sum + f.additions, 0);
    pull.deletions = files.reduce((sum, f) => sum + f.deletions, 0);
    pull.commits = this.git.commitsBetween(pull.base.sha, pull.head.sha).length;
  }

  /** The PR's files: `git diff base...head` (from the merge base), at `commitId` if given. */
  private pullFiles(pull: Pull, commitId = pull.head.sha): FileDiff[] {
    const from = this.git.mergeBase(pull.base.sha, commitId) ?? pull.base.sha;
    return this.diffFiles(from, commitId);
  }

  private diffFiles(from: string, to: string): FileDiff[] {
    const key = `${from}..${to}`;
    let files = this.diffCache.get(key);
    if (!files) {
      files = this.git.diff(from, to);
      this.diffCache.set(key, files);
    }
    return files;
  }

  private createIssueComment(number: number, body: string, user: User, createdAt?: string, updatedAt?: string): IssueComment {
    const id = this.newId();
    const created = createdAt ?? now();
    const kind = this.pulls.some((p) => p.number === number) ? 'pull' : 'issues';
    const comment: IssueComment = {
      url: this.api(`/issues/comments/${id}`),
      html_url: `${this.htmlUrl}/${kind}/${number}#issuecomment-${id}`,
      issue_url: this.api(`/issues/${number}`),
      id,
      node_id: nodeId('IC', id),
      user,
      created_at: created,
      updated_at: updatedAt ?? created,
      author_association: this.association(user.login),
      body,
      performed_via_github_app: null,
    };
    this.comments.push(comment);
    const target = this.issues.find((i) => i.number === number) ?? this.pulls.find((p) => p.number === number);
    if (target) target.comments++;
    return comment;
  }

  private createReview(pull: Pull, user: User, body: string, state: ReviewState, commitId: string, submittedAt?: string): Review {
    const id = this.newId();
    const review: Review = {
      id,
      node_id: nodeId('PRR', id),
      user,
      body,
      state,
      html_url: `${pull.html_url}#pullrequestreview-${id}`,
      pull_request_url: pull.url,
      author_association: this.association(user.login),
      _links: { html: { href: `${pull.html_url}#pullrequestreview-${id}` }, pull_request: { href: pull.url } },
      ...(state === 'PENDING' ? {} : { submitted_at: submittedAt ?? now() }),
      commit_id: commitId,
    };
    this.reviews.push(review);
    return review;
  }

  private createReviewComment(pull: Pull, reviewId: number, user: User, body: string, commitId: string, at: ResolvedAnchor, createdAt?: string): ReviewComment {
    const id = this.newId();
    const created = createdAt ?? now();
    const html = `${pull.html_url}#discussion_r${id}`;
    const comment: ReviewComment = {
      url: this.api(`/pulls/comments/${id}`),
      pull_request_review_id: reviewId,
      id,
      node_id: nodeId('PRRC', id),
      diff_hunk: at.anchors.diffHunk(at.end),
      path: at.file.filename,
      position: at.end.position,
      original_position: at.end.position,
      commit_id: commitId,
      original_commit_id: commitId,
      user,
      body,
      created_at: created,
      updated_at: created,
      html_url: html,
      pull_request_url: pull.url,
      author_association: this.association(user.login),
      _links: { self: { href: this.api(`/pulls/comments/${id}`) }, html: { href: html }, pull_request: { href: pull.url } },
      start_line: at.start?.line ?? null,
      original_start_line: at.start?.line ?? null,
      start_side: at.start?.side ?? null,
      line: at.end.line,
      original_line: at.end.line,
      side: at.end.side,
      subject_type: 'line',
    };
    this.reviewComments.push(comment);
    pull.review_comments++;
    return comment;
  }

  /** A reply joins the thread of its root comment, and GitHub wraps it in a review of its own. */
  private createReply(pull: Pull, parent: ReviewComment, body: string, user: User, createdAt?: string): ReviewComment {
    const root = parent.in_reply_to_id ?? parent.id;
    const review = this.createReview(pull, user, '', 'COMMENTED', parent.commit_id, createdAt);
    const id = this.newId();
    const created = createdAt ?? now();
    const html = `${pull.html_url}#discussion_r${id}`;
    const reply: ReviewComment = {
      ...structuredClone(parent),
      url: this.api(`/pulls/comments/${id}`),
      pull_request_review_id: review.id,
      id,
      node_id: nodeId('PRRC', id),
      in_reply_to_id: root,
      user,
      body,
      created_at: created,
      updated_at: created,
      html_url: html,
      author_association: this.association(user.login),
      _links: { self: { href: this.api(`/pulls/comments/${id}`) }, html: { href: html }, pull_request: { href: pull.url } },
    };
    this.reviewComments.push(reply);
    pull.review_comments++;
    return reply;
  }

  /**
   * Where a review comment sits in the PR diff at `commitId`, checked as GitHub checks it:
   * the path is in the diff, `line` is a diff line on `side`, and a range's `start_line` is an
   * earlier line of the same hunk. Returns GitHub's messages when it is not.
   */
  private resolveAnchor(pull: Pull, commitId: string, input: CommentInput): ResolvedAnchor | { errors: string[]; field: string } {
    const file = typeof input.path === 'string' ? this.pullFiles(pull, commitId).find((f) => f.filename === input.path) : undefined;
    if (!file || file.patch === undefined) {
      return { errors: ['Pull request review thread path is invalid', "Pull request review thread diff hunk can't be blank"], field: 'pull_request_review_thread.path' };
    }
    const anchors = new PatchAnchors(file.patch);
    const side = input.side ?? 'RIGHT';
    if (side !== 'LEFT' && side !== 'RIGHT') return { errors: ['Pull request review thread side is not included in the list'], field: 'pull_request_review_thread.side' };
    let end: DiffLine | undefined;
    if (input.line === undefined && Number.isInteger(input.position)) {
      end = anchors.atPosition(input.position as number);
    } else if (Number.isInteger(input.line) && (input.line as number) > 0) {
      end = anchors.at(side, input.line as number);
    } else {
      return { errors: ['Line could not be resolved'], field: 'pull_request_review_thread.line' };
    }
    if (!end) {
      return { errors: ['Pull request review thread line must be part of the diff', "Pull request review thread diff hunk can't be blank"], field: 'pull_request_review_thread.line' };
    }
    if (input.start_line === undefined || input.start_line === null) return { file, anchors, end };
    const startSide = input.start_side ?? side;
    if (startSide !== 'LEFT' && startSide !== 'RIGHT') {
      return { errors: ['Pull request review thread start side is not included in the list'], field: 'pull_request_review_thread.start_side' };
    }
    if (!Number.isInteger(input.start_line) || (input.start_line as number) < 1) return { errors: ['Start line could not be resolved'], field: 'pull_request_review_thread.start_line' };
    const start = anchors.at(startSide, input.start_line as number);
    if (!start) {
      return { errors: ['Pull request review thread start line must be part of the diff'], field: 'pull_request_review_thread.start_line' };
    }
    if (start.hunk !== end.hunk) {
      return { errors: ['Pull request review thread start line must be part of the same hunk as the line.'], field: 'pull_request_review_thread.start_line' };
    }
    // GitHub wants start_line strictly before line: a one-line comment leaves start_line out.
    if (start.position >= end.position) {
      return { errors: ['Pull request review thread start line must precede the end line.'], field: 'pull_request_review_thread.start_line' };
    }
    return { file, anchors, end, start };
  }

  // ---- JSON for git objects ----

  private gitCommitJson(info: CommitInfo): Record<string, unknown> {
    const verified = this.apiCommits.has(info.sha);
    return {
      sha: info.sha,
      node_id: nodeId('C', parseInt(info.sha.slice(0, 8), 16)),
      url: this.api(`/git/commits/${info.sha}`),
      html_url: `${this.htmlUrl}/commit/${info.sha}`,
      author: info.author,
      committer: info.committer,
      tree: { sha: info.tree, url: this.api(`/git/trees/${info.tree}`) },
      message: info.message,
      parents: info.parents.map((sha) => ({ sha, url: this.api(`/git/commits/${sha}`), html_url: `${this.htmlUrl}/commit/${sha}` })),
      verification: verified
        ? { verified: true, reason: 'valid', signature: '-----BEGIN PGP SIGNATURE-----\n…\n-----END PGP SIGNATURE-----', payload: '', verified_at: info.committer.date }
        : { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    };
  }

  /** A commit as /pulls/{n}/commits, /compare and /commits/{ref} list it. */
  private commitJson(info: CommitInfo): Record<string, unknown> {
    const git = this.gitCommitJson(info);
    return {
      sha: info.sha,
      node_id: git.node_id,
      commit: {
        author: info.author,
        committer: info.committer,
        message: info.message,
        tree: git.tree,
        url: git.url,
        comment_count: 0,
        verification: git.verification,
      },
      url: this.api(`/commits/${info.sha}`),
      html_url: `${this.htmlUrl}/commit/${info.sha}`,
      comments_url: this.api(`/commits/${info.sha}/comments`),
      author: null,
      committer: null,
      parents: info.parents.map((sha) => ({ sha, url: this.api(`/commits/${sha}`), html_url: `${this.htmlUrl}/commit/${sha}` })),
    };
  }

  private fileJson(file: FileDiff, ref: string): Record<string, unknown> {
    const path = file.filename.split('/').map(encodeURIComponent).join('/');
    return {
      sha: file.sha,
      filename: file.filename,
      status: file.status,
      additions: file.additions,
      deletions: file.deletions,
      changes: file.additions + file.deletions,
      blob_url: `${this.htmlUrl}/blob/${ref}/${path}`,
      raw_url: `${this.htmlUrl}/raw/${ref}/${path}`,
      contents_url: `${this.api(`/contents/${path}`)}?ref=${ref}`,
      ...(file.patch !== undefined ? { patch: file.patch } : {}),
      ...(file.previousFilename !== undefined ? { previous_filename: file.previousFilename } : {}),
    };
  }

  private refJson(ref: string, sha: string): Record<string, unknown> {
    return {
      ref,
      node_id: nodeId('REF', parseInt(sha.slice(0, 8), 16)),
      url: this.api(`/git/${ref}`),
      object: { sha, type: this.git.objectType(sha) ?? 'commit', url: this.api(`/git/commits/${sha}`) },
    };
  }

  private treeJson(sha: string, recursive: boolean): Record<string, unknown> {
    return {
      sha,
      url: this.api(`/git/trees/${sha}`),
      tree: this.git.lsTree(sha, { recursive }).map((e) => ({
        path: e.path,
        mode: e.mode,
        type: e.type,
        sha: e.sha,
        ...(e.size !== undefined ? { size: e.size } : {}),
        url: this.api(e.type === 'blob' ? `/git/blobs/${e.sha}` : `/git/trees/${e.sha}`),
      })),
      truncated: false,
    };
  }

  // ---- HTTP ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url || 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    let body: any;
    let badJson = false;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
        badJson = true;
      }
    }
    const path = safeDecode(url.pathname);
    const recorded: RecordedRequest = { method, path, rawPath: url.pathname, query: Object.fromEntries(url.searchParams), body, headers: req.headers, receivedAt: Date.now() };
    this.requests.push(recorded);
    let reply: Reply;
    const hook = this.hooks.find((h) => h.left > 0 && h.method === method && h.path.test(path));
    if (hook) {
      hook.left--;
      hook.run();
    }
    try {
      reply =
        this.injectedFailure(method, path, body) ??
        (method === 'POST' && GRAPHQL_PATHS.has(path) ? await this.graphqlReply(recorded, badJson) : undefined) ??
        this.authenticate(req.headers) ??
        this.forbidden(method, path, req.headers) ??
        (badJson ? { status: 400, body: { message: 'Problems parsing JSON', documentation_url: DOCS, status: '400' } } : undefined) ??
        this.dispatch({ method, url, query: url.searchParams, body: body ?? {}, headers: req.headers });
    } catch (error) {
      if (error instanceof ApiError) {
        reply = { status: error.status, body: error.body };
      } else {
        const failure = error instanceof Error ? error : new Error(String(error));
        this.internalErrors.push(failure);
        reply = { status: 500, body: { message: `GitHub emulator error: ${failure.message}`, documentation_url: DOCS, status: '500' } };
      }
    }
    recorded.status = reply.status;
    this.rateUsed++;
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    recorded.answeredAt = Date.now();
    sendAnswer(res, reply, { used: this.rateUsed, reset: this.rateReset });
  }

  private injectedFailure(method: string, path: string, requestBody: unknown): Reply | undefined {
    const query = (requestBody as { query?: unknown } | undefined)?.query;
    const document = typeof query === 'string' ? query : '';
    const rule = this.failures.find(
      (f) => f.left > 0 && (f.method === '*' || f.method.toUpperCase() === method) && f.path.test(path) && (f.graphql === undefined || f.graphql.test(document)),
    );
    if (!rule) return undefined;
    rule.left--;
    const headers: Record<string, string> = {};
    let body = rule.body;
    if (rule.rateLimit === 'primary') {
      Object.assign(headers, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 1) });
      body ??= { message: 'API rate limit exceeded for installation ID 1.', documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting', status: String(rule.status) };
    } else if (rule.rateLimit === 'secondary') {
      headers['retry-after'] = '1';
      body ??= {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#secondary-rate-limits',
        status: String(rule.status),
      };
    }
    Object.assign(headers, rule.headers);
    if (body === undefined && (rule.status === 502 || rule.status === 504)) {
      const reason = STATUS_CODES[rule.status] ?? 'Error';
      return { status: rule.status, text: `<html>\n<head><title>${rule.status} ${reason}</title></head>\n<body>\n<h1>${reason}</h1>\n</body>\n</html>\n`, contentType: 'text/html', headers };
    }
    if (typeof body === 'string') return { status: rule.status, text: body, contentType: body.trimStart().startsWith('<') ? 'text/html' : 'text/plain', headers };
    return { status: rule.status, body: body ?? { message: STATUS_CODES[rule.status] ?? 'Error', documentation_url: DOCS, status: String(rule.status) }, headers };
  }

  /** POST /graphql (and GHES's /api/graphql): its own 401s and JSON error, then ./github-graphql.ts. */
  private async graphqlReply(recorded: RecordedRequest, badJson: boolean): Promise<Reply> {
    const headers = { 'x-ratelimit-resource': 'graphql' };
    if (!/^(?:token|bearer)\s+\S+\s*$/i.test(recorded.headers.authorization ?? '')) {
      return { status: 401, body: { message: 'This endpoint requires you to be authenticated.', documentation_url: GRAPHQL_AUTH_DOCS, status: '401' }, headers };
    }
    if (this.authenticate(recorded.headers)) return { status: 401, body: { message: 'Bad credentials', documentation_url: GRAPHQL_DOCS, status: '401' }, headers };
    if (badJson) return { status: 400, body: { message: 'Problems parsing JSON', documentation_url: GRAPHQL_DOCS, status: '400' }, headers };
    const forbidden = this.forbiddenMutation(recorded.body, recorded.headers);
    if (forbidden) return { ...forbidden, headers };
    const { answerGraphQL } = await import('./github-graphql.js');
    const answer = answerGraphQL(this, recorded.body);
    recorded.graphql = answer.record;
    return { status: 200, body: answer.body, headers };
  }

  private authenticate(headers: IncomingHttpHeaders): Reply | undefined {
    const given = this.tokenOf(headers);
    if (given === this.token || (given !== undefined && this.scopedTokens.has(given))) return undefined;
    return { status: 401, body: { message: 'Bad credentials', documentation_url: DOCS, status: '401' } };
  }

  private tokenOf(headers: IncomingHttpHeaders): string | undefined {
    return /^(?:token|bearer)\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  }

  /** Tokens with the permissions of a job's `permissions:` block (the main token may write everything). */
  private readonly scopedTokens = new Map<string, TokenPermissions>();

  /** A token for a job whose `permissions:` are these (scopes left out are `none`), acting as the same user; its value. */
  addToken(permissions: TokenPermissions): string {
    const token = `ghs_scoped_${randomBytes(6).toString('hex')}`;
    this.scopedTokens.set(token, permissions);
    return token;
  }

  /** A 403 when the request writes with a token whose permissions do not allow that write. */
  private forbidden(method: string, path: string, headers: IncomingHttpHeaders): Reply | undefined {
    const permissions = this.scopedTokens.get(this.tokenOf(headers) ?? '');
    if (!permissions || method === 'GET' || method === 'HEAD') return undefined;
    const rest = /^\/repos\/[^/]+\/[^/]+(\/.*)?$/.exec(path)?.[1] ?? path;
    // Labels on a pull request: GitHub takes pull-requests as well as issues.
    const labelled = /^\/issues\/(\d+)\/labels(\/|$)/.exec(rest);
    const scopes = labelled && this.pulls.some((p) => p.number === Number(labelled[1])) ? (['issues', 'pull-requests'] as TokenScope[]) : writeScopes(rest);
    return scopes.some((scope) => permissions[scope] === 'write') ? undefined : { status: 403, body: { ...NOT_ACCESSIBLE, documentation_url: DOCS } };
  }

  /** The GraphQL mutation a token may not make, answered as GitHub does (200, a FORBIDDEN error, no data). */
  private forbiddenMutation(body: any, headers: IncomingHttpHeaders): Reply | undefined {
    const permissions = this.scopedTokens.get(this.tokenOf(headers) ?? '');
    const query = typeof body?.query === 'string' ? body.query : '';
    if (!permissions || !/^\s*mutation\b/.test(query)) return undefined;
    const scope: TokenScope = /resolveReviewThread/.test(query) ? 'pull-requests' : 'contents';
    if (permissions[scope] === 'write') return undefined;
    return { status: 200, body: { data: null, errors: [{ type: 'FORBIDDEN', path: [], locations: [], message: NOT_ACCESSIBLE.message }] } };
  }

  private dispatch(ctx: Ctx): Reply {
    // GET /user answers a user's token; an installation token (GITHUB_TOKEN, an app's) gets 403, as on GitHub.
    if (ctx.url.pathname === '/user' && ctx.method === 'GET') {
      const user = this.tokenUser;
      if (user.type === 'Bot') return { status: 403, body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user', status: '403' } };
      return { status: 200, body: user };
    }
    const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(ctx.url.pathname);
    if (!repoPath || decodeURIComponent(repoPath[1]!).toLowerCase() !== this.owner.toLowerCase() || decodeURIComponent(repoPath[2]!).toLowerCase() !== this.repo.toLowerCase()) {
      throw notFound();
    }
    const rest = repoPath[3] ?? '';
    for (const route of this.routes) {
      if (route.method !== ctx.method) continue;
      const match = route.pattern.exec(rest);
      if (match) return route.handler(ctx, match.slice(1).map((p) => decodeURIComponent(p)));
    }
    throw notFound();
  }

  /** `:n` is a number, `:x` one segment, `*x` the rest of the path (branch names and paths hold slashes). */
  private on(method: string, path: string, handler: Handler): void {
    const source = path
      .split(/(:\w+|\*\w+)/)
      .map((part) => {
        if (part === ':n' || part === ':id') return '(\\d+)';
        if (part.startsWith(':')) return '([^/]+)';
        if (part.startsWith('*')) return '(.+)';
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), handler });
  }

  /** GitHub's pagination: per_page (default 30, at most 100), page, and a Link header (prev, next, last, first). */
  private paginate<T>(ctx: Ctx, items: T[], wrap?: (page: T[], total: number) => unknown): Reply {
    const perPage = Math.min(100, Math.max(1, intParam(ctx.query.get('per_page')) || 30));
    const page = Math.max(1, intParam(ctx.query.get('page')) || 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const link = (p: number) => {
      const query = new URLSearchParams(ctx.url.searchParams);
      query.set('page', String(p));
      return `<${this.url}${ctx.url.pathname}?${query}>`;
    };
    const parts: string[] = [];
    if (page > 1) parts.push(`${link(Math.min(page - 1, last))}; rel="prev"`);
    if (page < last) parts.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
    if (page > 1) parts.push(`${link(1)}; rel="first"`);
    return { status: 200, body: wrap ? wrap(slice, items.length) : slice, headers: parts.length ? { link: parts.join(', ') } : {} };
  }

  private wantsDiff(ctx: Ctx): 'diff' | 'patch' | undefined {
    const accept = String(ctx.headers.accept ?? '');
    if (/vnd\.github(\.v3)?\.diff/.test(accept)) return 'diff';
    if (/vnd\.github(\.v3)?\.patch/.test(accept)) return 'patch';
    return undefined;
  }

  private diffReply(kind: 'diff' | 'patch', from: string, to: string): Reply {
    const text =
      kind === 'diff'
        ? this.git.fullDiff(from, to)
        : this.git.git(['format-patch', '--stdout', '--no-signature', `${from}..${to}`]).toString('utf8');
    const lines = text.split('\n').length;
    if (lines > 20000) {
      throw new ApiError(406, {
        message: 'Sorry, the diff exceeded the maximum number of lines (20000)',
        errors: [{ resource: 'PullRequest', field: 'diff', code: 'too_large' }],
        documentation_url: DOCS,
        status: '406',
      });
    }
    return { status: 200, text, contentType: `application/vnd.github.${kind}; charset=utf-8` };
  }

  /** A branch, tag, sha or `owner:branch` as the compare and commits endpoints take it. */
  private resolveRef(ref: string): string | undefined {
    const plain = ref.includes(':') ? ref.slice(ref.lastIndexOf(':') + 1) : ref;
    if (SHA.test(plain) || /^[0-9a-f]{7,39}$/.test(plain)) {
      const sha = this.git.resolve(plain);
      if (sha) return sha;
    }
    return this.git.refSha(`refs/heads/${plain}`) ?? this.git.refSha(`refs/tags/${plain}`) ?? (plain.startsWith('refs/') ? this.git.resolve(plain) : undefined);
  }

  /** A fork PR's head branch lives in our bare repo, but is no branch of this repository. */
  private isForkRef(ref: string): boolean {
    return ref.startsWith('refs/heads/') && this.forkBranches.has(ref.slice('refs/heads/'.length));
  }

  /** Refs under a prefix, as the API sees them (fork heads left out). */
  private visibleRefs(prefix: string): Array<[string, string]> {
    return [...this.git.refs(prefix)].filter(([name]) => name.startsWith(prefix) && !this.isForkRef(name));
  }

  private findComment(id: number): IssueComment {
    const comment = this.comments.find((c) => c.id === id);
    if (!comment) throw notFound();
    return comment;
  }

  private findReviewComment(id: number): ReviewComment {
    const comment = this.reviewComments.find((c) => c.id === id);
    if (!comment) throw notFound();
    return comment;
  }

  private react(subject: Reaction['subject'], content: unknown): Reply {
    if (typeof content !== 'string' || !REACTIONS.has(content)) {
      throw validationFailed({ resource: 'Reaction', code: 'custom', field: 'content', message: 'content is not included in the list' });
    }
    const user = this.tokenUser;
    const existing = this.reactions.find((r) => r.subject.type === subject.type && r.subject.id === subject.id && r.content === content && r.user.login === user.login);
    const strip = ({ subject: _subject, ...reaction }: Reaction) => reaction;
    if (existing) return { status: 200, body: strip(existing) };
    const id = this.newId();
    const reaction: Reaction = { id, node_id: nodeId('REA', id), user, content, created_at: now(), subject };
    this.reactions.push(reaction);
    return { status: 201, body: strip(reaction) };
  }

  private defineRoutes(): void {
    this.on('GET', '', () => ({ status: 200, body: { ...this.repository(), permissions: { admin: false, maintain: false, push: true, triage: true, pull: true } } }));

    this.on('GET', '/collaborators/:username/permission', (_ctx, [login]) => {
      const role = this.permissionOf(login!);
      const at = (level: Permission) => RANK.indexOf(role) >= RANK.indexOf(level);
      return {
        status: 200,
        body: {
          permission: PERMISSION_FIELD[role],
          role_name: role,
          user: {
            ...this.user(login!),
            permissions: { admin: at('admin'), maintain: at('maintain'), push: at('write'), triage: at('triage'), pull: at('read') },
            role_name: role,
          },
        },
      };
    });

    // ---- Issues and issue comments ----

    // GitHub's list has the pull requests too (each with `pull_request`): state (default open),
    // labels (all of them), creator, assignee (a login, `*` or `none`), since, sort, direction.
    this.on('GET', '/issues', (ctx) => {
      const q = (key: string) => ctx.query.get(key);
      const state = q('state') ?? 'open';
      const wanted = (q('labels') ?? '').split(',').map((l) => l.trim().toLowerCase()).filter(Boolean);
      const assignee = q('assignee');
      const since = q('since');
      const sort = q('sort') ?? 'created';
      const key = (i: Issue): string | number => (sort === 'updated' ? i.updated_at : sort === 'comments' ? i.comments : i.created_at);
      const numbers = [...this.issues.map((i) => i.number), ...this.pulls.map((p) => p.number)];
      const list = numbers
        .map((number) => this.issueView(number))
        .filter((i) => state === 'all' || i.state === state)
        .filter((i) => wanted.every((name) => i.labels.some((l) => l.name.toLowerCase() === name)))
        .filter((i) => !q('creator') || i.user?.login.toLowerCase() === q('creator')!.toLowerCase())
        .filter((i) => !assignee || (assignee === '*' ? i.assignees.length > 0 : assignee === 'none' ? i.assignees.length === 0 : i.assignees.some((a) => a.login.toLowerCase() === assignee.toLowerCase())))
        .filter((i) => !since || i.updated_at >= isoDate(Math.floor(new Date(since).getTime() / 1000)))
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.number - b.number));
      if ((q('direction') ?? 'desc') === 'desc') list.reverse();
      return this.paginate(ctx, list);
    });

    this.on('POST', '/issues', (ctx) => {
      const { title, body } = ctx.body;
      if (typeof title !== 'string' || title === '') throw missingField('Issue', 'title');
      tooLong('Issue', body);
      const issue = this.addIssue({
        title,
        body: typeof body === 'string' ? body : null,
        user: this.tokenUser,
        ...(ctx.body.labels !== undefined ? { labels: labelNames(ctx.body.labels, 'Issue') } : {}),
        ...(ctx.body.assignees !== undefined ? { assignees: logins(ctx.body.assignees) } : {}),
      });
      this.createdIssueNumbers.add(issue.number);
      return { status: 201, body: issue, headers: { location: issue.url } };
    });

    this.on('GET', '/issues/:n', (_ctx, [n]) => ({ status: 200, body: this.issueView(Number(n)) }));

    // An issue, or a pull request through its issue (title, body, state, labels, assignees).
    this.on('PATCH', '/issues/:n', (ctx, [n]) => {
      const number = Number(n);
      const view = this.issueView(number);
      const input = ctx.body as { title?: unknown; body?: unknown; state?: unknown; state_reason?: unknown; labels?: unknown; assignees?: unknown };
      if (input.title !== undefined && (typeof input.title !== 'string' || input.title === '')) throw missingField('Issue', 'title');
      if (input.body !== undefined && input.body !== null && typeof input.body !== 'string') throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'body' });
      tooLong('Issue', input.body);
      if (input.state !== undefined && input.state !== 'open' && input.state !== 'closed') throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'state' });
      if (input.state_reason !== undefined && input.state_reason !== null && !['completed', 'not_planned', 'reopened'].includes(String(input.state_reason))) {
        throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'state_reason' });
      }
      const labels = input.labels !== undefined ? labelNames(input.labels, 'Issue').map((name) => this.label(name)) : undefined;
      const assignees = input.assignees !== undefined ? logins(input.assignees).map((login) => this.user(login)) : undefined;
      const stamp = now();
      const target: Issue | Pull = this.issues.find((i) => i.number === number) ?? this.pull(number);
      if (typeof input.title === 'string') target.title = input.title;
      if (input.body !== undefined) target.body = input.body as string | null;
      if (labels) target.labels = labels;
      if (assignees) Object.assign(target, { assignees, assignee: assignees[0] ?? null });
      if (input.state !== undefined && input.state !== view.state) {
        target.state = input.state;
        target.closed_at = input.state === 'closed' ? stamp : null;
        if ('state_reason' in target) target.state_reason = input.state === 'closed' ? ((input.state_reason as string | null | undefined) ?? 'completed') : 'reopened';
      } else if (input.state_reason !== undefined && 'state_reason' in target && target.state === 'closed') {
        target.state_reason = input.state_reason as string | null;
      }
      target.updated_at = stamp;
      return { status: 200, body: this.issueView(number) };
    });

    this.on('GET', '/issues/:n/labels', (ctx, [n]) => this.paginate(ctx, this.issueView(Number(n)).labels));

    // Adds labels (made on the fly), keeping those it has: `{labels: [...]}` or the bare array,
    // names or `{name}` objects. A pull request's labels are its issue's.
    this.on('POST', '/issues/:n/labels', (ctx, [n]) => {
      const number = Number(n);
      this.issueView(number);
      const given = Array.isArray(ctx.body) ? ctx.body : ctx.body.labels;
      if (given === undefined) throw unprocessable('Invalid request.\n\n"labels" wasn\'t supplied.');
      const target: Issue | Pull = this.issues.find((i) => i.number === number) ?? this.pull(number);
      for (const name of labelNames(given, 'Label')) {
        if (!target.labels.some((l) => l.name.toLowerCase() === name.toLowerCase())) target.labels.push(this.label(name));
      }
      target.updated_at = now();
      return { status: 200, body: target.labels };
    });

    this.on('DELETE', '/issues/:n/labels/:name', (_ctx, [n, name]) => {
      const number = Number(n);
      this.issueView(number);
      const target: Issue | Pull = this.issues.find((i) => i.number === number) ?? this.pull(number);
      const at = target.labels.findIndex((l) => l.name.toLowerCase() === name!.toLowerCase());
      if (at < 0) throw notFound('Label does not exist');
      target.labels.splice(at, 1);
      target.updated_at = now();
      return { status: 200, body: target.labels };
    });

    this.on('GET', '/issues/:n/comments', (ctx, [n]) => {
      const issue = this.issueView(Number(n));
      const since = ctx.query.get('since');
      const comments = this.comments
        .filter((c) => c.issue_url === issue.url && (!since || c.updated_at >= isoDate(Math.floor(new Date(since).getTime() / 1000))))
        .sort((a, b) => a.id - b.id);
      return this.paginate(ctx, comments);
    });

    this.on('POST', '/issues/:n/comments', (ctx, [n]) => {
      const issue = this.issueView(Number(n));
      if (typeof ctx.body.body !== 'string' || ctx.body.body === '') throw missingField('IssueComment', 'body');
      tooLong('IssueComment', ctx.body.body);
      const comment = this.createIssueComment(issue.number, ctx.body.body, this.tokenUser);
      return { status: 201, body: comment, headers: { location: comment.url } };
    });

    this.on('GET', '/issues/comments', (ctx) => this.paginate(ctx, [...this.comments].sort((a, b) => a.id - b.id)));

    this.on('GET', '/issues/comments/:id', (_ctx, [id]) => ({ status: 200, body: this.findComment(Number(id)) }));

    this.on('PATCH', '/issues/comments/:id', (ctx, [id]) => {
      const comment = this.findComment(Number(id));
      if (typeof ctx.body.body !== 'string' || ctx.body.body === '') throw missingField('IssueComment', 'body');
      tooLong('IssueComment', ctx.body.body);
      comment.body = ctx.body.body;
      comment.updated_at = now();
      return { status: 200, body: comment };
    });

    this.on('DELETE', '/issues/comments/:id', (_ctx, [id]) => {
      const comment = this.findComment(Number(id));
      this.comments.splice(this.comments.indexOf(comment), 1);
      const target = this.issueView(numberFromUrl(comment.issue_url));
      const stored = this.issues.find((i) => i.number === target.number) ?? this.pulls.find((p) => p.number === target.number);
      if (stored) stored.comments--;
      return { status: 204 };
    });

    this.on('POST', '/issues/comments/:id/reactions', (ctx, [id]) => this.react({ type: 'issue_comment', id: this.findComment(Number(id)).id }, ctx.body.content));
    this.on('POST', '/issues/:n/reactions', (ctx, [n]) => this.react({ type: 'issue', id: this.issueView(Number(n)).number }, ctx.body.content));
    this.on('POST', '/pulls/comments/:id/reactions', (ctx, [id]) =>
      this.react({ type: 'pull_request_review_comment', id: this.findReviewComment(Number(id)).id }, ctx.body.content),
    );

    // ---- Pull requests ----

    this.on('GET', '/pulls', (ctx) => {
      this.syncPulls();
      const state = ctx.query.get('state') ?? 'open';
      const head = ctx.query.get('head');
      const base = ctx.query.get('base');
      const direction = ctx.query.get('direction') ?? (ctx.query.get('sort') && ctx.query.get('sort') !== 'created' ? 'asc' : 'desc');
      const pulls = this.pulls
        .filter((p) => state === 'all' || p.state === state)
        // GitHub ignores a head filter without the `owner:` part.
        .filter((p) => !head || !head.includes(':') || p.head.label === head)
        .filter((p) => !base || p.base.ref === base)
        .sort((a, b) => (direction === 'asc' ? a.number - b.number : b.number - a.number));
      return this.paginate(ctx, pulls);
    });

    this.on('POST', '/pulls', (ctx) => {
      const { title, head, base, body, draft } = ctx.body;
      if (typeof title !== 'string' || title === '') throw missingField('PullRequest', 'title');
      if (typeof base !== 'string' || base === '') throw missingField('PullRequest', 'base');
      if (typeof head !== 'string' || head === '') throw missingField('PullRequest', 'head');
      tooLong('PullRequest', body);
      const [headOwner, headRef] = head.includes(':') ? [head.slice(0, head.indexOf(':')), head.slice(head.indexOf(':') + 1)] : [this.owner, head];
      const baseSha = this.refSha(base);
      if (!baseSha) throw validationFailed({ resource: 'PullRequest', field: 'base', code: 'invalid' });
      const headSha = headOwner.toLowerCase() === this.owner.toLowerCase() && !this.isForkRef(`refs/heads/${headRef}`) ? this.refSha(headRef) : undefined;
      if (!headSha) throw validationFailed({ resource: 'PullRequest', field: 'head', code: 'invalid' });
      if (this.pulls.some((p) => p.state === 'open' && p.head.label === `${this.owner}:${headRef}`)) {
        throw validationFailed({ resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${this.owner}:${headRef}.` });
      }
      if (this.git.countBetween(baseSha, headSha) === 0) {
        throw validationFailed({ resource: 'PullRequest', code: 'custom', message: `No commits between ${base} and ${headRef}` });
      }
      if (draft === true && this.noDrafts) {
        throw validationFailed({ resource: 'PullRequest', code: 'custom', message: 'Draft pull requests are not supported in this repository.' });
      }
      const pull = this.createPull({ title, body: typeof body === 'string' ? body : null, user: this.tokenUser, head: headRef, base, draft: draft === true });
      this.createdPullNumbers.add(pull.number);
      return { status: 201, body: pull, headers: { location: pull.url } };
    });

    this.on('GET', '/pulls/:n', (ctx, [n]) => {
      this.syncPulls();
      const pull = this.pull(Number(n));
      const kind = this.wantsDiff(ctx);
      if (kind) return this.diffReply(kind, this.git.mergeBase(pull.base.sha, pull.head.sha) ?? pull.base.sha, pull.head.sha);
      return { status: 200, body: pull };
    });

    // Title, body, state (closing and reopening) and base, as GitHub edits them.
    this.on('PATCH', '/pulls/:n', (ctx, [n]) => {
      const pull = this.pull(Number(n));
      const input = ctx.body as { title?: unknown; body?: unknown; state?: unknown; base?: unknown };
      if (input.title !== undefined && (typeof input.title !== 'string' || input.title === '')) throw missingField('PullRequest', 'title');
      if (input.body !== undefined && input.body !== null && typeof input.body !== 'string') throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'body' });
      tooLong('PullRequest', input.body);
      if (input.state !== undefined && input.state !== 'open' && input.state !== 'closed') throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'state' });
      let baseSha: string | undefined;
      if (input.base !== undefined) {
        baseSha = typeof input.base === 'string' && !this.isForkRef(`refs/heads/${input.base}`) ? this.refSha(input.base) : undefined;
        if (!baseSha) throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'base' });
      }
      const stamp = now();
      if (typeof input.title === 'string') pull.title = input.title;
      if (input.body !== undefined) pull.body = input.body as string | null;
      if (input.state !== undefined && input.state !== pull.state) {
        pull.state = input.state;
        pull.closed_at = input.state === 'closed' ? stamp : null;
      }
      if (baseSha && typeof input.base === 'string' && input.base !== pull.base.ref) {
        Object.assign(pull.base, { ref: input.base, label: `${this.owner}:${input.base}`, sha: baseSha });
        this.refreshPull(pull);
      }
      pull.updated_at = stamp;
      this.syncPulls();
      return { status: 200, body: pull };
    });

    this.on('GET', '/pulls/:n/files', (ctx, [n]) => {
      this.syncPulls();
      const pull = this.pull(Number(n));
      return this.paginate(
        ctx,
        this.pullFiles(pull).map((f) => this.fileJson(f, pull.head.sha)),
      );
    });

    this.on('GET', '/pulls/:n/commits', (ctx, [n]) => {
      this.syncPulls();
      const pull = this.pull(Number(n));
      const shas = this.git.commitsBetween(pull.base.sha, pull.head.sha);
      const perPage = Math.min(100, Math.max(1, intParam(ctx.query.get('per_page')) || 30));
      const page = Math.max(1, intParam(ctx.query.get('page')) || 1);
      // Read only the page's commits; the Link header comes from the full list.
      const reply = this.paginate(ctx, shas);
      const pageShas = shas.slice((page - 1) * perPage, page * perPage);
      return { ...reply, body: this.git.readCommits(pageShas).map((c) => this.commitJson(c)) };
    });

    // ---- Review comments ----

    this.on('GET', '/pulls/:n/comments', (ctx, [n]) => {
      const pull = this.pull(Number(n));
      return this.paginate(
        ctx,
        this.reviewComments.filter((c) => c.pull_request_url === pull.url).sort((a, b) => a.id - b.id),
      );
    });

    this.on('GET', '/pulls/comments', (ctx) => this.paginate(ctx, [...this.reviewComments].sort((a, b) => a.id - b.id)));

    this.on('GET', '/pulls/comments/:id', (_ctx, [id]) => ({ status: 200, body: this.findReviewComment(Number(id)) }));

    this.on('GET', '/pulls/comments/:id', (_ctx, [id]) => ({ status: 200, body: this.findReviewComment(Number(id)) }));

    this.on('PATCH', '/pulls/comments/:id', (ctx, [id]) => {
      const comment = this.findReviewComment(Number(id));
      if (typeof ctx.body.body !== 'string' || ctx.body.body === '') throw missingField('PullRequestReviewComment', 'body');
      tooLong('PullRequestReviewComment', ctx.body.body);
      comment.body = ctx.body.body;
      comment.updated_at = now();
      return { status: 200, body: comment };
    });

    this.on('DELETE', '/pulls/comments/:id', (_ctx, [id]) => {
      const comment = this.findReviewComment(Number(id));
      this.reviewComments.splice(this.reviewComments.indexOf(comment), 1);
      return { status: 204 };
    });

    this.on('POST', '/pulls/:n/comments/:id/replies', (ctx, [n, id]) => {
      const pull = this.pull(Number(n));
      const parent = this.findReviewComment(Number(id));
      if (parent.pull_request_url !== pull.url) throw notFound();
      if (typeof ctx.body.body !== 'string' || ctx.body.body === '') throw missingField('PullRequestReviewComment', 'body');
      tooLong('PullRequestReviewComment', ctx.body.body);
      const reply = this.createReply(pull, parent, ctx.body.body, this.tokenUser);
      return { status: 201, body: reply, headers: { location: reply.url } };
    });

    // A single review comment (outside a review), or a reply with in_reply_to.
    this.on('POST', '/pulls/:n/comments', (ctx, [n]) => {
      this.syncPulls();
      const pull = this.pull(Number(n));
      const input = ctx.body;
      if (typeof input.body !== 'string' || input.body === '') throw missingField('PullRequestReviewComment', 'body');
      tooLong('PullRequestReviewComment', input.body);
      if (input.in_reply_to !== undefined) {
        const parent = this.findReviewComment(Number(input.in_reply_to));
        const reply = this.createReply(pull, parent, input.body, this.tokenUser);
        return { status: 201, body: reply, headers: { location: reply.url } };
      }
      if (typeof input.commit_id !== 'string') throw missingField('PullRequestReviewComment', 'commit_id');
      const commitId = SHA.test(input.commit_id) ? this.git.resolve(input.commit_id) : undefined;
      if (!commitId) throw validationFailed({ resource: 'PullRequestReviewComment', code: 'invalid', field: 'commit_id' });
      const resolved = this.resolveAnchor(pull, commitId, input);
      if ('errors' in resolved) {
        throw validationFailed({ resource: 'PullRequestReviewComment', code: 'custom', field: resolved.field, message: `${resolved.field} ${fieldMessage(resolved.errors[0]!)}` });
      }
      const review = this.createReview(pull, this.tokenUser, '', 'COMMENTED', commitId);
      const comment = this.createReviewComment(pull, review.id, this.tokenUser, input.body, commitId, resolved);
      return { status: 201, body: comment, headers: { location: comment.url } };
    });

    // ---- Reviews ----

    this.on('GET', '/pulls/:n/reviews', (ctx, [n]) => {
      const pull = this.pull(Number(n));
      return this.paginate(
        ctx,
        this.reviews.filter((r) => r.pull_request_url === pull.url).sort((a, b) => a.id - b.id),
      );
    });

    this.on('GET', '/pulls/:n/reviews/:id', (_ctx, [n, id]) => {
      const pull = this.pull(Number(n));
      const review = this.reviews.find((r) => r.id === Number(id) && r.pull_request_url === pull.url);
      if (!review) throw notFound();
      return { status: 200, body: review };
    });

    this.on('GET', '/pulls/:n/reviews/:id/comments', (ctx, [n, id]) => {
      const pull = this.pull(Number(n));
      if (!this.reviews.some((r) => r.id === Number(id) && r.pull_request_url === pull.url)) throw notFound();
      return this.paginate(
        ctx,
        this.reviewComments.filter((c) => c.pull_request_review_id === Number(id)),
      );
    });

    this.on('POST', '/pulls/:n/reviews', (ctx, [n]) => {
      this.syncPulls();
      const pull = this.pull(Number(n));
      const input = ctx.body;
      const user = this.tokenUser;
      const reject = (...errors: string[]) => unprocessable('Unprocessable Entity', [sentence(errors)], REVIEW_DOCS);
      const states: Record<string, ReviewState> = { APPROVE: 'APPROVED', REQUEST_CHANGES: 'CHANGES_REQUESTED', COMMENT: 'COMMENTED' };
      // No event makes a PENDING review, as on GitHub (invisible until submitted).
      const state = input.event === undefined ? 'PENDING' : Object.hasOwn(states, input.event) ? states[input.event] : undefined;
      if (!state) throw reject(`Event "${input.event}" is not one of APPROVE, REQUEST_CHANGES or COMMENT`);
      let commitId = pull.head.sha;
      if (input.commit_id !== undefined) {
        const sha = typeof input.commit_id === 'string' && SHA.test(input.commit_id) ? this.git.resolve(input.commit_id) : undefined;
        if (!sha) throw reject('Commit could not be resolved');
        commitId = sha;
      }
      const comments: Array<CommentInput & { body?: unknown }> = Array.isArray(input.comments) ? input.comments : [];
      if (input.comments !== undefined && !Array.isArray(input.comments)) throw reject('Comments must be an array');
      tooLong('PullRequestReview', input.body);
      if (pull.user?.login === user.login && state === 'APPROVED') throw reject('Can not approve your own pull request');
      if (pull.user?.login === user.login && state === 'CHANGES_REQUESTED') throw reject('Can not request changes on your own pull request');
      const body = typeof input.body === 'string' ? input.body : '';
      if (state === 'CHANGES_REQUESTED' && body === '') throw reject("Body can't be blank");
      if (state === 'COMMENTED' && body === '' && comments.length === 0) throw reject("Body can't be blank");
      if (state === 'PENDING' && this.reviews.some((r) => r.pull_request_url === pull.url && r.state === 'PENDING' && r.user?.login === user.login)) {
        throw reject('User can only have one pending review per pull request');
      }
      // All or nothing: every anchor is checked before anything is stored.
      const resolved: Array<{ at: ResolvedAnchor; body: string }> = [];
      for (const comment of comments) {
        if (typeof comment?.body !== 'string' || comment.body === '') throw reject("Pull request review thread body can't be blank");
        tooLong('PullRequestReviewComment', comment.body);
        const at = this.resolveAnchor(pull, commitId, comment);
        if ('errors' in at) throw reject(...at.errors);
        resolved.push({ at, body: comment.body });
      }
      const review = this.createReview(pull, user, body, state, commitId);
      this.createdReviewIds.add(review.id);
      for (const { at, body: text } of resolved) this.createReviewComment(pull, review.id, user, text, commitId, at);
      return { status: 200, body: review };
    });

    // ---- Commits, checks, compare, contents, branches ----

    // POST /check-runs as GitHub validates it: a name and a head_sha that exists; a conclusion makes it completed;
    // an output needs a title and a summary (at most 65,535 characters).
    this.on('POST', '/check-runs', (ctx) => {
      const body = (ctx.body ?? {}) as { name?: unknown; head_sha?: unknown; status?: unknown; conclusion?: unknown; output?: { title?: unknown; summary?: unknown; text?: unknown } };
      if (typeof body.name !== 'string' || body.name === '') throw missingField('CheckRun', 'name');
      if (typeof body.head_sha !== 'string' || !SHA.test(body.head_sha) || !this.git.resolve(body.head_sha)) {
        throw validationFailed({ resource: 'CheckRun', code: 'invalid', field: 'head_sha' });
      }
      const conclusions = ['success', 'failure', 'neutral', 'cancelled', 'skipped', 'timed_out', 'action_required'];
      if (body.conclusion !== undefined && !conclusions.includes(String(body.conclusion))) throw validationFailed({ resource: 'CheckRun', code: 'invalid', field: 'conclusion' });
      if (body.status === 'completed' && body.conclusion === undefined) throw missingField('CheckRun', 'conclusion');
      if (body.output !== undefined) {
        if (typeof body.output.title !== 'string') throw missingField('CheckRun', 'output.title');
        if (typeof body.output.summary !== 'string') throw missingField('CheckRun', 'output.summary');
        if (body.output.summary.length > 65535) throw validationFailed({ resource: 'CheckRun', code: 'custom', field: 'output.summary', message: 'Output summary is too long (maximum is 65535 characters)' });
      }
      const run = this.addCheckRun(body.head_sha, {
        name: body.name,
        status: body.conclusion !== undefined ? 'completed' : ((body.status as CheckRun['status'] | undefined) ?? 'queued'),
        conclusion: (body.conclusion as CheckRun['conclusion'] | undefined) ?? null,
        ...(body.output ? { output: { title: body.output.title as string, summary: body.output.summary as string, ...(typeof body.output.text === 'string' ? { text: body.output.text } : {}) } } : {}),
      });
      this.createdCheckRunIds.add(run.id);
      return { status: 201, body: run };
    });

    const checkRun = (id: string) => this.checkRuns.find((r) => r.id === Number(id)) ?? throwNotFound();

    this.on('GET', '/check-runs/:id', (_ctx, [id]) => ({ status: 200, body: checkRun(id!) }));

    this.on('GET', '/check-runs/:id/annotations', (ctx, [id]) => this.paginate(ctx, this.annotationsOf(checkRun(id!).id)));

    this.on('GET', '/commits/*ref/check-runs', (ctx, [ref]) => {
      const sha = this.resolveRef(ref!);
      if (!sha) throw unprocessable(`No commit found for SHA: ${ref}`);
      const name = ctx.query.get('check_name');
      const status = ctx.query.get('status');
      let runs = this.checkRuns.filter((r) => r.head_sha === sha && (!name || r.name === name) && (!status || r.status === status));
      if ((ctx.query.get('filter') ?? 'latest') === 'latest') {
        runs = runs.filter((r) => !runs.some((other) => other.name === r.name && other.id > r.id));
      }
      return this.paginate(ctx, runs.sort((a, b) => b.id - a.id), (page, total) => ({ total_count: total, check_runs: page }));
    });

    const statusJson = ({ sha: _sha, ...status }: CommitStatus) => status;
    this.on('GET', '/commits/*ref/statuses', (ctx, [ref]) => {
      const sha = this.resolveRef(ref!);
      if (!sha) throw unprocessable(`No commit found for SHA: ${ref}`);
      return this.paginate(ctx, this.statuses.filter((s) => s.sha === sha).sort((a, b) => b.id - a.id).map(statusJson));
    });

    this.on('GET', '/commits/*ref/status', (ctx, [ref]) => {
      const sha = this.resolveRef(ref!);
      if (!sha) throw unprocessable(`No commit found for SHA: ${ref}`);
      // The latest status per context, and the worst of them as the overall state.
      const latest = this.statuses.filter((s) => s.sha === sha).filter((s, _i, all) => !all.some((o) => o.context === s.context && o.id > s.id));
      const state = latest.some((s) => s.state === 'error' || s.state === 'failure')
        ? 'failure'
        : latest.length === 0 || latest.some((s) => s.state === 'pending')
          ? 'pending'
          : 'success';
      const reply = this.paginate(ctx, latest.map(statusJson), (page, total) => ({
        state,
        statuses: page,
        sha,
        total_count: total,
        repository: this.repository(),
        commit_url: this.api(`/commits/${sha}`),
        url: this.api(`/commits/${sha}/status`),
      }));
      return reply;
    });

    // List commits: `sha` (a sha or a branch; default the default branch), newest first, as git log orders them.
    this.on('GET', '/commits', (ctx) => {
      const ref = ctx.query.get('sha') || this.defaultBranch;
      const sha = this.resolveRef(ref);
      // GitHub answers 409 on an empty repository, 404 for an unknown sha or branch.
      if (!sha) throw notFound();
      const shas = this.git.text(['rev-list', sha]).split('\n').filter(Boolean);
      const perPage = Math.min(100, Math.max(1, intParam(ctx.query.get('per_page')) || 30));
      const page = Math.max(1, intParam(ctx.query.get('page')) || 1);
      const reply = this.paginate(ctx, shas);
      return { ...reply, body: this.git.readCommits(shas.slice((page - 1) * perPage, page * perPage)).map((c) => this.commitJson(c)) };
    });

    this.on('GET', '/commits/*ref', (ctx, [ref]) => {
      const sha = this.resolveRef(ref!);
      if (!sha) throw unprocessable(`No commit found for SHA: ${ref}`);
      const [info] = this.git.readCommits([sha]);
      const parent = info!.parents[0];
      const files = parent ? this.diffFiles(parent, sha) : this.diffFiles('4b825dc642cb6eb9a060e54bf8d69288fbee4904', sha);
      if (this.wantsDiff(ctx)) return this.diffReply(this.wantsDiff(ctx)!, parent ?? '4b825dc642cb6eb9a060e54bf8d69288fbee4904', sha);
      const additions = files.reduce((sum, f) => sum + f.additions, 0);
      const deletions = files.reduce((sum, f) => sum + f.deletions, 0);
      return {
        status: 200,
        body: { ...this.commitJson(info!), stats: { total: additions + deletions, additions, deletions }, files: files.map((f) => this.fileJson(f, sha)) },
      };
    });

    this.on('GET', '/compare/*basehead', (ctx, [basehead]) => {
      const split = basehead!.indexOf('...');
      if (split < 0) throw notFound();
      const baseName = basehead!.slice(0, split);
      const headName = basehead!.slice(split + 3);
      const base = this.resolveRef(baseName);
      const head = this.resolveRef(headName);
      if (!base || !head) throw notFound();
      const mergeBase = this.git.mergeBase(base, head);
      if (!mergeBase) throw notFound(`No common ancestor between ${baseName} and ${headName}.`);
      const kind = this.wantsDiff(ctx);
      if (kind) return this.diffReply(kind, mergeBase, head);
      const ahead = this.git.countBetween(base, head);
      const behind = this.git.countBetween(head, base);
      const status = ahead === 0 && behind === 0 ? 'identical' : behind === 0 ? 'ahead' : ahead === 0 ? 'behind' : 'diverged';
      const commits = this.git.commitsBetween(base, head);
      const [baseInfo, mergeBaseInfo] = this.git.readCommits([base, mergeBase]);
      return {
        status: 200,
        body: {
          url: this.api(`/compare/${basehead}`),
          html_url: `${this.htmlUrl}/compare/${basehead}`,
          permalink_url: `${this.htmlUrl}/compare/${this.owner}:${base}...${this.owner}:${head}`,
          diff_url: `${this.htmlUrl}/compare/${basehead}.diff`,
          patch_url: `${this.htmlUrl}/compare/${basehead}.patch`,
          base_commit: this.commitJson(baseInfo!),
          merge_base_commit: this.commitJson(mergeBaseInfo!),
          status,
          ahead_by: ahead,
          behind_by: behind,
          total_commits: commits.length,
          commits: this.git.readCommits(commits.slice(0, 250)).map((c) => this.commitJson(c)),
          files: this.diffFiles(mergeBase, head)
            .slice(0, 300)
            .map((f) => this.fileJson(f, head)),
        },
      };
    });

    const contents = (ctx: Ctx, rawPath: string): Reply => {
      const path = rawPath.replace(/^\/+|\/+$/g, '');
      const refName = ctx.query.get('ref') ?? this.defaultBranch;
      const commit = this.resolveRef(refName);
      if (!commit) throw notFound(`No commit found for the ref ${refName}`);
      const entryJson = (e: { mode: string; type: string; sha: string; path: string; size?: number }) => {
        const type = e.type === 'tree' ? 'dir' : e.type === 'commit' ? 'submodule' : e.mode === '120000' ? 'symlink' : 'file';
        const encoded = e.path.split('/').map(encodeURIComponent).join('/');
        const self = `${this.api(`/contents/${encoded}`)}?ref=${encodeURIComponent(refName)}`;
        const git = this.api(e.type === 'tree' ? `/git/trees/${e.sha}` : `/git/blobs/${e.sha}`);
        const html = `${this.htmlUrl}/${e.type === 'tree' ? 'tree' : 'blob'}/${refName}/${encoded}`;
        return {
          type,
          size: e.size ?? 0,
          name: e.path.split('/').at(-1),
          path: e.path,
          sha: e.sha,
          url: self,
          git_url: git,
          html_url: html,
          download_url: type === 'file' ? `https://raw.github.test/${this.fullName}/${refName}/${encoded}` : null,
          _links: { self, git, html },
        };
      };
      if (path === '') return { status: 200, body: this.git.lsTree(commit).map(entryJson) };
      const [entry] = this.git.lsTree(commit, { paths: [path] });
      if (!entry || entry.path !== path) throw notFound();
      if (entry.type === 'tree') return { status: 200, body: this.git.lsTree(commit, { paths: [`${path}/`] }).map(entryJson) };
      if (entry.type !== 'blob') return { status: 200, body: entryJson(entry) };
      const content = this.git.readBlob(entry.sha);
      if (/vnd\.github(\.v3)?\.raw/.test(String(ctx.headers.accept ?? ''))) {
        return { status: 200, text: content.toString('utf8'), contentType: 'application/vnd.github.raw; charset=utf-8' };
      }
      if (entry.mode === '120000') return { status: 200, body: { ...entryJson(entry), target: content.toString('utf8') } };
      return { status: 200, body: { ...entryJson(entry), content: wrappedBase64(content), encoding: 'base64' } };
    };
    this.on('GET', '/contents', (ctx) => contents(ctx, ''));
    this.on('GET', '/contents/*path', (ctx, [path]) => contents(ctx, path!));

    this.on('GET', '/branches/*branch', (_ctx, [branch]) => {
      const sha = this.isForkRef(`refs/heads/${branch}`) ? undefined : this.refSha(branch!);
      if (!sha) throw notFound('Branch not found');
      const [info] = this.git.readCommits([sha]);
      return {
        status: 200,
        body: {
          name: branch,
          commit: this.commitJson(info!),
          _links: { self: this.api(`/branches/${branch}`), html: `${this.htmlUrl}/tree/${branch}` },
          protected: this.protectedBranches.has(branch!),
          protection: { enabled: this.protectedBranches.has(branch!), required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } },
          protection_url: this.api(`/branches/${branch}/protection`),
        },
      };
    });

    // ---- Actions: workflow runs, jobs, job logs ----

    const workflowRun = (id: string) => this.actions.run(Number(id)) ?? throwNotFound();
    const workflowJob = (id: string) => this.actions.job(Number(id)) ?? throwNotFound();

    // GitHub's status filter takes a conclusion too (status=failure).
    this.on('GET', '/actions/runs', (ctx) => {
      const q = (key: string) => ctx.query.get(key);
      const runs = this.actions.runs
        .filter((r) => (!q('branch') || r.head_branch === q('branch')) && (!q('event') || r.event === q('event')) && (!q('head_sha') || r.head_sha === q('head_sha')))
        .filter((r) => !q('status') || r.status === q('status') || r.conclusion === q('status'))
        .filter((r) => !q('actor') || r.actor.login === q('actor'))
        .sort((a, b) => b.id - a.id);
      return this.paginate(ctx, runs, (page, total) => ({ total_count: total, workflow_runs: page }));
    });

    this.on('GET', '/actions/runs/:id', (_ctx, [id]) => ({ status: 200, body: workflowRun(id!) }));

    // One attempt per run here, so filter=latest (the default) and filter=all list the same jobs.
    this.on('GET', '/actions/runs/:id/jobs', (ctx, [id]) => {
      return this.paginate(ctx, this.actions.jobsOf(workflowRun(id!).id), (page, total) => ({ total_count: total, jobs: page }));
    });

    this.on('GET', '/actions/jobs/:id', (_ctx, [id]) => ({ status: 200, body: workflowJob(id!) }));

    // A redirect to a signed link on the log host, good for a minute, as on GitHub.
    this.on('GET', '/actions/jobs/:id/logs', (_ctx, [id]) => ({ status: 302, text: '', headers: { location: this.actions.logLocation(workflowJob(id!).id)! } }));

    // ---- Git Data API ----

    this.on('POST', '/git/blobs', (ctx) => {
      const { content, encoding = 'utf-8' } = ctx.body;
      if (typeof content !== 'string') throw missingField('Blob', 'content');
      if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'base64') {
        throw validationFailed({ resource: 'Blob', code: 'custom', field: 'encoding', message: `encoding must be one of utf-8 or base64` });
      }
      const sha = this.git.hashBlob(encoding === 'base64' ? Buffer.from(content, 'base64') : Buffer.from(content, 'utf8'));
      return { status: 201, body: { url: this.api(`/git/blobs/${sha}`), sha }, headers: { location: this.api(`/git/blobs/${sha}`) } };
    });

    this.on('GET', '/git/blobs/:sha', (_ctx, [sha]) => {
      if (this.git.objectType(sha!) !== 'blob') throw notFound();
      const content = this.git.readBlob(sha!);
      return { status: 200, body: { sha, node_id: nodeId('B', parseInt(sha!.slice(0, 8), 16)), size: content.length, url: this.api(`/git/blobs/${sha}`), content: wrappedBase64(content), encoding: 'base64' } };
    });

    this.on('GET', '/git/trees/*sha', (ctx, [ref]) => {
      const sha = /^[0-9a-f]{40}$/.test(ref!) && this.git.objectType(ref!) === 'tree' ? ref! : this.git.resolve(this.resolveRef(ref!) ?? ref!, 'tree');
      if (!sha) throw notFound();
      return { status: 200, body: this.treeJson(sha, ['1', 'true'].includes(ctx.query.get('recursive') ?? '')) };
    });

    this.on('POST', '/git/trees', (ctx) => {
      const { base_tree: baseTree, tree } = ctx.body;
      if (!Array.isArray(tree)) throw unprocessable('Invalid request.\n\n"tree" wasn\'t supplied.');
      const files = new Map<string, { mode: string; sha: string }>();
      if (baseTree !== undefined && baseTree !== null) {
        if (typeof baseTree !== 'string' || !SHA.test(baseTree) || this.git.objectType(baseTree) !== 'tree') throw unprocessable('base_tree is not a valid tree oid');
        for (const e of this.git.lsTree(baseTree, { recursive: true })) files.set(e.path, { mode: e.mode, sha: e.sha });
      }
      const removeUnder = (path: string) => {
        for (const key of [...files.keys()]) if (key === path || key.startsWith(`${path}/`)) files.delete(key);
      };
      for (const entry of tree) {
        const path = entry?.path;
        if (typeof path !== 'string' || path === '' || path.split('/').some((part: string) => part === '' || part === '.' || part === '..' || part.toLowerCase() === '.git')) {
          throw unprocessable(`tree.path contains a malformed path component`);
        }
        if (entry.sha === null && entry.content === undefined) {
          removeUnder(path);
          continue;
        }
        const mode = entry.mode;
        const type = entry.type ?? (mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob');
        const expected = mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : ['100644', '100755', '120000'].includes(mode) ? 'blob' : undefined;
        if (!expected) throw unprocessable(`Must supply a valid tree.mode`);
        if (type !== expected) throw unprocessable(`tree.type must be ${expected} for mode ${mode}`);
        if (entry.content !== undefined && entry.sha !== undefined) throw unprocessable('Must supply either tree.sha or tree.content and not both');
        let sha: string;
        if (typeof entry.content === 'string') {
          if (type !== 'blob') throw unprocessable('tree.content is only for blobs');
          sha = this.git.hashBlob(entry.content);
        } else if (typeof entry.sha === 'string' && SHA.test(entry.sha) && (type === 'commit' || this.git.objectType(entry.sha) === type)) {
          sha = entry.sha;
        } else {
          throw unprocessable('GitRPC::BadObjectState');
        }
        removeUnder(path);
        // A file replaces a folder of the same name and the other way round.
        const parts = path.split('/');
        for (let i = 1; i < parts.length; i++) files.delete(parts.slice(0, i).join('/'));
        if (type === 'tree') {
          for (const e of this.git.lsTree(sha, { recursive: true })) files.set(`${path}/${e.path}`, { mode: e.mode, sha: e.sha });
        } else {
          files.set(path, { mode, sha });
        }
      }
      const sha = this.git.writeTree(files);
      return { status: 201, body: this.treeJson(sha, false), headers: { location: this.api(`/git/trees/${sha}`) } };
    });

    this.on('GET', '/git/commits/:sha', (_ctx, [sha]) => {
      if (!SHA.test(sha!) || this.git.objectType(sha!) !== 'commit') throw notFound();
      return { status: 200, body: this.gitCommitJson(this.git.readCommits([sha!])[0]!) };
    });

    this.on('POST', '/git/commits', (ctx) => {
      const { message, tree, parents = [], author, committer } = ctx.body;
      if (typeof message !== 'string') throw missingField('Commit', 'message');
      if (typeof tree !== 'string') throw missingField('Commit', 'tree');
      if (!SHA.test(tree) || this.git.objectType(tree) !== 'tree') throw unprocessable('Tree SHA does not exist');
      if (!Array.isArray(parents)) throw unprocessable('Invalid request.\n\nparents must be an array');
      for (const parent of parents) {
        if (typeof parent !== 'string' || !SHA.test(parent) || this.git.objectType(parent) !== 'commit') {
          throw unprocessable('Parent SHA does not exist or is not a commit object');
        }
      }
      const identity = (who: any, fallback: GitIdentity): GitIdentity => {
        if (who === undefined || who === null) return fallback;
        if (typeof who.name !== 'string' || typeof who.email !== 'string') throw unprocessable('Invalid request.\n\n"name" and "email" are required for author and committer');
        const time = who.date ? Math.floor(new Date(who.date).getTime() / 1000) : undefined;
        if (time !== undefined && Number.isNaN(time)) throw unprocessable(`Invalid request.\n\n${who.date} is not a valid date-time`);
        return { name: who.name, email: who.email, ...(time !== undefined ? { time } : {}) };
      };
      const bot = this.tokenUser;
      const authorIdentity = identity(author, { name: bot.login, email: `${bot.id}+${bot.login}@users.noreply.github.com` });
      const committerIdentity = identity(committer, { name: 'GitHub', email: 'noreply@github.com', ...(authorIdentity.time !== undefined ? { time: authorIdentity.time } : {}) });
      const sha = this.git.commitTree(tree, parents, message, authorIdentity, committerIdentity);
      // GitHub signs the commits it makes itself (committer: GitHub).
      if (committer === undefined || committer === null) this.apiCommits.add(sha);
      return { status: 201, body: this.gitCommitJson(this.git.readCommits([sha])[0]!), headers: { location: this.api(`/git/commits/${sha}`) } };
    });

    const qualifiedRef = (ref: string): string | undefined => (/^(heads|tags|pull)\/.+/.test(ref) && !this.isForkRef(`refs/${ref}`) ? `refs/${ref}` : undefined);

    this.on('GET', '/git/ref/*ref', (_ctx, [ref]) => {
      const full = qualifiedRef(ref!);
      const sha = full ? this.git.refSha(full) : undefined;
      if (!full || !sha) throw notFound();
      return { status: 200, body: this.refJson(full, sha) };
    });

    this.on('GET', '/git/matching-refs/*ref', (ctx, [ref]) => {
      const refs = this.visibleRefs(`refs/${ref}`);
      return this.paginate(ctx, refs.map(([name, sha]) => this.refJson(name, sha)));
    });

    // The older form: an exact ref, or an array of refs under a prefix.
    this.on('GET', '/git/refs/*ref', (_ctx, [ref]) => {
      const full = `refs/${ref}`;
      const exact = this.isForkRef(full) ? undefined : this.git.refSha(full);
      if (exact) return { status: 200, body: this.refJson(full, exact) };
      const under = this.visibleRefs(`${full.replace(/\/$/, '')}/`);
      if (under.length === 0) throw notFound();
      return { status: 200, body: under.map(([name, sha]) => this.refJson(name, sha)) };
    });

    this.on('POST', '/git/refs', (ctx) => {
      const { ref, sha } = ctx.body;
      if (typeof ref !== 'string' || !/^refs\/[^/]+\/.+/.test(ref)) throw unprocessable("Reference name must start with 'refs/' and have at least two slashes.");
      try {
        runGit(['check-ref-format', ref]);
      } catch {
        throw unprocessable(`${ref} is not a valid ref name.`);
      }
      if (typeof sha !== 'string' || !SHA.test(sha) || !this.git.objectType(sha)) throw unprocessable('Object does not exist');
      if (this.git.refSha(ref)) throw unprocessable('Reference already exists');
      this.git.updateRef(ref, sha, '0'.repeat(40));
      this.syncPulls();
      return { status: 201, body: this.refJson(ref, sha), headers: { location: this.api(`/git/${ref}`) } };
    });

    this.on('PATCH', '/git/refs/*ref', (ctx, [ref]) => {
      const full = qualifiedRef(ref!);
      const current = full ? this.git.refSha(full) : undefined;
      if (!full || !current) throw unprocessable('Reference does not exist');
      const { sha, force } = ctx.body;
      if (typeof sha !== 'string' || !SHA.test(sha) || !this.git.objectType(sha)) throw unprocessable('Object does not exist');
      if (this.protectedBranches.has(full.replace(/^refs\/heads\//, ''))) throw unprocessable(`Protected branch update failed for ${full}.`);
      if (force !== true && !this.git.isAncestor(current, sha)) throw unprocessable('Update is not a fast forward');
      this.git.updateRef(full, sha, current);
      this.syncPulls();
      return { status: 200, body: this.refJson(full, sha) };
    });

    this.on('DELETE', '/git/refs/*ref', (_ctx, [ref]) => {
      const full = qualifiedRef(ref!);
      if (!full || !this.git.refSha(full)) throw unprocessable('Reference does not exist');
      this.git.deleteRef(full);
      return { status: 204 };
    });
  }
}

function throwNotFound(): never {
  throw notFound();
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Label names as the issues API takes them: strings or `{name}` objects. */
function labelNames(value: unknown, resource: string): string[] {
  if (!Array.isArray(value)) throw validationFailed({ resource, code: 'invalid', field: 'labels' });
  return value.map((item: unknown) => {
    const name = typeof item === 'string' ? item : typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : undefined;
    if (typeof name !== 'string' || name.trim() === '') throw validationFailed({ resource: 'Label', code: 'invalid', field: 'name' });
    return name;
  });
}

function logins(value: unknown): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'assignees' });
  return value as string[];
}

function numberFromUrl(url: string): number {
  return Number(/\/(?:issues|pulls)\/(\d+)$/.exec(url)?.[1]);
}

function reviewState(state: string): ReviewState {
  const events: Record<string, ReviewState> = { COMMENT: 'COMMENTED', APPROVE: 'APPROVED', REQUEST_CHANGES: 'CHANGES_REQUESTED' };
  return events[state] ?? (state as ReviewState);
}

/** "Pull request review thread line must be part of the diff" → "must be part of the diff" (the single-comment endpoint's wording). */
function fieldMessage(message: string): string {
  return message.replace(/^Pull request review thread (start line|line|path|side|start side) /, '');
}
