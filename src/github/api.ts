// The GitHub REST API, the calls Deckhand makes and nothing else — and GraphQL
// for what REST cannot do, a review thread's resolution: reading it and making
// it (GitHub Enterprise Server has both); every list is paginated to its end;
// 5xx answers are retried with backoff and rate limits are waited out
// (Octokit's retry and throttling plugins).
import type { Octokit } from '@octokit/core';
import type { PaginateInterface } from '@octokit/plugin-paginate-rest';
import type { ChangedFile, Permission } from '../core/context.js';
import { httpFetch } from '../http.js';


const THREADS_QUERY = `query($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved comments(first: 1) { nodes { databaseId } } }
      }
    }
  }
}`;

const RESOLVE_MUTATION = `mutation($threadId: ID!) {
  resolveReviewThread(input: { threadId: $threadId }) { thread { id isResolved } }
}`;

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: Array<{ id: string; isResolved: boolean; comments: { nodes: Array<{ databaseId: number | null }> } }>;
      };
    } | null;
  } | null;
}

/**
 * Folders of branches, three levels deep, with the text of the files in the
 * first two: every folder asked for in one request (the skills of the base
 * branch and the memory branch's files are read this way, before the first
 * model request, without a round trip of their own).
 */
const FOLDER_FRAGMENT = `fragment Folder on Tree {
  entries { name type object {
    ... on Blob { text byteSize }
    ... on Tree { entries { name type object {
      ... on Blob { text byteSize }
      ... on Tree { entries { name type } }
    } } }
  } }
}`;

/** A folder's entry as GitHub lists it: a file with its text (null when binary or past the depth read), or a folder with its entries. */
export interface FolderEntry {
  name: string;
  type: 'blob' | 'tree' | 'commit';
  text?: string | null;
  entries?: FolderEntry[];
}

/** A branch's last commit. */
export interface BranchTip {
  oid: string;
  committedDate: string;
  message: string;
  tree: { oid: string };
}

interface GraphQLEntry {
  name: string;
  type: FolderEntry['type'];
  object?: { text?: string | null; entries?: GraphQLEntry[] } | null;
}

function folderEntry(entry: GraphQLEntry): FolderEntry {
  const { object } = entry;
  return {
    name: entry.name,
    type: entry.type,
    ...(object && 'text' in object ? { text: object.text ?? null } : {}),
    ...(object?.entries ? { entries: object.entries.map(folderEntry) } : entry.type === 'tree' && !object ? { entries: [] } : {}),
  };
}

/** A finished check run, as Deckhand creates one (POST /check-runs). */
export interface CheckRunToCreate {
  name: string;
  head_sha: string;
  conclusion: 'neutral' | 'failure' | 'success';
  output: { title: string; summary: string };
}

export interface ApiUser {
  login: string;
  type: string;
}

export interface ApiComment {
  id: number;
  body: string;
  user: ApiUser;
  created_at: string;
  updated_at: string;
  html_url: string;
}

export interface ApiReviewComment extends ApiComment {
  path: string;
  line: number | null;
  original_line: number | null;
  side?: 'LEFT' | 'RIGHT';
  start_line?: number | null;
  diff_hunk: string;
  in_reply_to_id?: number;
  pull_request_review_id?: number | null;
  commit_id?: string;
}

export interface ApiReview {
  id: number;
  body: string;
  user: ApiUser;
  state: string;
  submitted_at?: string | null;
  commit_id?: string | null;
  html_url: string;
}

export interface ApiPull {
  number: number;
  title: string;
  body: string | null;
  user: ApiUser;
  draft?: boolean;
  state: string;
  html_url: string;
  created_at: string;
  updated_at: string;
  head: { ref: string; sha: string; repo: { full_name: string } | null };
  base: { ref: string; sha: string; repo: { full_name: string } | null };
  /** How many files the pull request changes (GET /pulls/{n}); its file list stops at 3,000. */
  changed_files?: number;
}

export interface ApiIssue {
  number: number;
  title: string;
  body: string | null;
  user: ApiUser;
  html_url: string;
  created_at: string;
  updated_at: string;
  pull_request?: unknown;
}

export interface ApiFile {
  filename: string;
  previous_filename?: string;
  status: string;
  additions: number;
  deletions: number;
  changes: number;
  patch?: string;
}

/** A changed file as the rest of the run knows it. */
export function changedFileOf(f: ApiFile): ChangedFile {
  return {
    path: f.filename,
    ...(f.previous_filename ? { previousPath: f.previous_filename } : {}),
    status: f.status,
    additions: f.additions,
    deletions: f.deletions,
    ...(f.patch !== undefined ? { patch: f.patch } : {}),
  };
}

export interface ApiCheckRun {
  name: string;
  status: string;
  conclusion: string | null;
  html_url?: string;
  output?: { title?: string | null; summary?: string | null; text?: string | null };
}

/** A job of a workflow run (GET /actions/runs/{id}/jobs), as far as ci-fix reads it. */
export interface ApiJob {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  html_url: string | null;
  steps?: Array<{ name: string; number: number; status: string; conclusion: string | null }>;
}

/** A commit as GET /commits lists it. */
export interface ApiCommit {
  sha: string;
  commit: { message: string };
}

export interface ApiCompare {
  status: 'ahead' | 'behind' | 'diverged' | 'identical';
  ahead_by: number;
  behind_by: number;
  files?: ApiFile[];
}

export interface NewReviewComment {
  path: string;
  line: number;
  side: 'LEFT' | 'RIGHT';
  start_line?: number;
  start_side?: 'LEFT' | 'RIGHT';
  body: string;
}

export interface TreeEntry {
  path: string;
  mode: '100644' | '100755' | '120000';
  type: 'blob';
  /** null deletes the path. */
  sha: string | null;
}

/** A GitHub API failure (after retries), told in one line with the call that failed. */
export class GitHubError extends Error {
  override name = 'GitHubError';
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

type Client = Octokit & { paginate: PaginateInterface };

/**
 * Octokit is loaded on the first call, not at start-up: a task that changes
 * nothing never needs it, and start-up time is a product figure.
 */
async function loadClient(options: GitHubOptions & { unthrottled?: boolean }, warn: (message: string) => void): Promise<Client> {
  const [{ Octokit }, { paginateRest }, { retry }, { throttling }, { default: Bottleneck }] = await Promise.all([
    import('@octokit/core'),
    import('@octokit/plugin-paginate-rest'),
    import('@octokit/plugin-retry'),
    import('@octokit/plugin-throttling'),
    import('bottleneck/light.js'),
  ]);
  const DeckhandOctokit = Octokit.plugin(paginateRest, retry, throttling);
  if (options.unthrottled) {
    // The throttling plugin queues every GraphQL request with the writes, one at a time: a read then waits
    // for the tracking comment's POST, a round trip before the first model request. Reads go on their own.
    return new (Octokit.plugin(paginateRest, retry))({
      auth: options.token,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      userAgent: 'deckhand',
      request: { fetch: httpFetch },
      log: { debug: () => undefined, info: () => undefined, warn, error: warn },
      retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 451] },
    }) as unknown as Client;
  }
  return new DeckhandOctokit({
    auth: options.token,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    userAgent: 'deckhand',
    request: { fetch: httpFetch },
    log: { debug: () => undefined, info: () => undefined, warn, error: warn },
    retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 451] },
    throttle: {
      // Writes one at a time, a little apart, as GitHub asks; the plugin's
      // default (a second, three for comments) makes a commit of many files slow.
      write: new Bottleneck.Group({ maxConcurrent: 1, minTime: 100 }),
      notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: 500 }),
      onRateLimit: (retryAfter: number, opts: { method: string; url: string }, _o: unknown, retryCount: number) => {
        warn(`GitHub rate limit hit on ${opts.method} ${opts.url}; retrying in ${retryAfter}s.`);
        return retryCount < 2;
      },
      onSecondaryRateLimit: (retryAfter: number, opts: { method: string; url: string }, _o: unknown, retryCount: number) => {
        warn(`GitHub secondary rate limit hit on ${opts.method} ${opts.url}; retrying in ${retryAfter}s.`);
        return retryCount < 2;
      },
    },
  }) as unknown as Client;
}

const STATUS_TEXT: Record<number, string> = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

function describe(err: unknown, what: string): GitHubError {
  const e = err as { status?: number; message?: string; response?: { data?: { message?: string; errors?: unknown[] } } };
  const data = e.response?.data;
  const status = typeof e.status === 'number' ? e.status : undefined;
  let detail = [data?.message ?? e.message ?? String(err), ...(data?.errors ?? []).map((x) => (typeof x === 'string' ? x : (x as { message?: string }).message ?? JSON.stringify(x)))]
    .filter(Boolean)
    .join(' — ')
    .split('\n')[0]!;
  // A proxy's or GitHub's HTML error page says nothing a reader needs, and would render in a comment.
  if (/^\s*</.test(detail)) detail = `${(status && STATUS_TEXT[status]) ?? 'an HTML error page'}`;
  const retried = status !== undefined && status >= 500 ? ' (still failing after retries)' : '';
  return new GitHubError(`GitHub API error${status ? ` ${status}` : ''} on ${what}: ${detail}${retried}`, status);
}

/** The route with its parameters filled in, for messages: "GET /repos/o/r/contents/.github/deckhand.yml". */
function filled(route: string, params: Record<string, unknown>): string {
  return route.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/** A GitHub REST call's answer: its data and headers (a fleet's listing reads the Link header). */
export interface RestAnswer<T> {
  data: T;
  headers: Record<string, string | number | undefined>;
}

/** The longest a fleet's call waits out GitHub's rate limit before it gives up and says so. */
const RATE_WAIT_MAX_MS = 60_000;

/**
 * How long to wait before asking again after GitHub refused a call for its
 * rate limits — its `retry-after`, else until `x-ratelimit-reset` when none
 * are left — or undefined when that was not the refusal, or the wait is
 * longer than a job should sit out.
 */
export function rateLimitWait(status: number | undefined, headers: Record<string, unknown>, now = Date.now()): number | undefined {
  if (status !== 403 && status !== 429) return undefined;
  const retryAfter = Number(headers['retry-after']);
  if (headers['retry-after'] !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000 <= RATE_WAIT_MAX_MS ? retryAfter * 1000 : undefined;
  if (String(headers['x-ratelimit-remaining']) !== '0') return undefined;
  const wait = Number(headers['x-ratelimit-reset']) * 1000 - now + 1000;
  return Number.isFinite(wait) && wait <= RATE_WAIT_MAX_MS ? Math.max(wait, 1000) : undefined;
}

/**
 * GitHub's REST API for calls across repositories (a fleet's listings):
 * retried on 5xx, at most `atOnce` in flight however many callers ask
 * (GitHub asks for well under 100), and a refusal for the rate limit waited
 * out when GitHub says it ends within a minute (twice at most). An error is a
 * GitHubError naming the call.
 */
export function restCalls(options: { token: string; baseUrl: string; warn?: (message: string) => void; atOnce: number }) {
  const warn = options.warn ?? (() => undefined);
  let client: Promise<Client> | undefined;
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  // A slot freed goes straight to the caller waiting longest.
  const take = () => (inFlight < options.atOnce ? void inFlight++ : new Promise<void>((resolve) => waiting.push(resolve)));
  const give = () => (waiting.length > 0 ? waiting.shift()!() : void inFlight--);
  return async <T>(route: string, params: Record<string, unknown> = {}): Promise<RestAnswer<T>> => {
    for (let attempt = 0; ; attempt++) {
      await take();
      try {
        const response = await (await (client ??= loadClient({ ...options, owner: '', repo: '', unthrottled: true }, warn))).request(route, params);
        return { data: response.data as T, headers: response.headers as RestAnswer<T>['headers'] };
      } catch (err) {
        const e = err as { status?: number; response?: { headers?: Record<string, unknown> } };
        const wait = attempt < 2 ? rateLimitWait(e.status, e.response?.headers ?? {}) : undefined;
        if (wait === undefined) throw describe(err, filled(route, params));
        warn(`GitHub's rate limit on ${filled(route, params)}: waiting ${Math.ceil(wait / 1000)} s, as GitHub asks.`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      } finally {
        give();
      }
    }
  };
}

export interface GitHubOptions {
  token: string;
  baseUrl: string;
  owner: string;
  repo: string;
  /** Warnings from Octokit (rate limits, retries) go here. */
  warn?: (message: string) => void;
}

export type GitHub = ReturnType<typeof createGitHub>;

export function createGitHub(options: GitHubOptions) {
  const warn = options.warn ?? (() => undefined);
  let client: Promise<Client> | undefined;
  const octokit = () => (client ??= loadClient(options, warn));
  let reader: Promise<Client> | undefined;
  /** For GraphQL reads made before the first model request: not queued behind the writes. */
  const readOnly = () => (reader ??= loadClient({ ...options, unthrottled: true }, warn));
  const repo = { owner: options.owner, repo: options.repo };

  async function call<T>(route: string, params: Record<string, unknown> = {}): Promise<T> {
    try {
      const response = await (await octokit()).request(route, { ...repo, ...params });
      return response.data as T;
    } catch (err) {
      throw describe(err, filled(route, { ...repo, ...params }));
    }
  }

  async function list<T>(route: string, params: Record<string, unknown> = {}): Promise<T[]> {
    try {
      return (await (await octokit()).paginate(route, { ...repo, per_page: 100, ...params })) as T[];
    } catch (err) {
      throw describe(err, filled(route, { ...repo, ...params }));
    }
  }

  type ThreadNode = NonNullable<NonNullable<ThreadsPage['repository']>['pullRequest']>['reviewThreads']['nodes'][number];
  /** The pull request's review threads, 100 a page, up to 3,000. */
  async function* reviewThreads(number: number): AsyncGenerator<ThreadNode> {
    const client = await octokit();
    let after: string | null = null;
    for (let page = 0; page < 30; page++) {
      let found: ThreadsPage;
      try {
        found = await client.graphql<ThreadsPage>(THREADS_QUERY, { owner: repo.owner, name: repo.repo, number, after });
      } catch (err) {
        throw describe(err, `GraphQL reviewThreads of #${number}`);
      }
      const threads = found.repository?.pullRequest?.reviewThreads;
      if (!threads) throw new GitHubError(`GitHub API error on GraphQL reviewThreads of #${number}: no such pull request`, 404);
      yield* threads.nodes;
      if (!threads.pageInfo.hasNextPage) return;
      after = threads.pageInfo.endCursor;
    }
  }

  const permissions = new Map<string, Promise<Permission>>();
  async function lookUpPermission(login: string): Promise<Permission> {
    try {
      const data = await call<{ permission: string; role_name?: string }>('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
        username: login,
      });
      const role = (data.role_name ?? data.permission) as Permission;
      return ['admin', 'maintain', 'write', 'triage', 'read', 'none'].includes(role) ? role : (data.permission as Permission);
    } catch (err) {
      if (err instanceof GitHubError && err.status === 404) return 'none';
      throw err;
    }
  }

  return {
    owner: options.owner,
    repo: options.repo,
    repository: () => call<{ default_branch: string; html_url: string; full_name: string }>('GET /repos/{owner}/{repo}'),
    /**
     * Resolves the review thread whose first comment is `rootCommentId`.
     * Resolving a thread has no REST endpoint: the threads are found by
     * GraphQL (100 at a time), then `resolveReviewThread` resolves it.
     */
    async resolveReviewThread(number: number, rootCommentId: number): Promise<void> {
      const client = await octokit();
      for await (const thread of reviewThreads(number)) {
        if (thread.comments.nodes[0]?.databaseId !== rootCommentId) continue;
        if (thread.isResolved) return;
        try {
          await client.graphql(RESOLVE_MUTATION, { threadId: thread.id });
        } catch (err) {
          throw describe(err, `GraphQL resolveReviewThread of comment ${rootCommentId}`);
        }
        return;
      }
      throw new GitHubError(`GitHub API error on GraphQL reviewThreads of #${number}: no thread starts with comment ${rootCommentId}`, 404);
    },
    /**
     * The folders at `folders` ("main:.claude/skills", "deckhand/memory:") and
     * the last commits of the branches `tips` names, in one GraphQL request:
     * a folder or branch that does not exist is undefined.
     */
    async gitFolders(folders: readonly string[], tips: readonly string[] = []): Promise<{ folders: Array<FolderEntry[] | undefined>; tips: Array<BranchTip | undefined> }> {
      const fields = [
        ...folders.map((_, i) => `f${i}: object(expression: $f${i}) { ...Folder }`),
        ...tips.map((_, i) => `t${i}: ref(qualifiedName: $t${i}) { target { ... on Commit { oid committedDate message tree { oid } } } }`),
      ];
      const params = [...folders.map((_, i) => `$f${i}: String!`), ...tips.map((_, i) => `$t${i}: String!`)];
      // GraphQL refuses a fragment no field uses.
      const query = `query($owner: String!, $name: String!, ${params.join(', ')}) {\n  repository(owner: $owner, name: $name) {\n    ${fields.join('\n    ')}\n  }\n}\n${folders.length > 0 ? FOLDER_FRAGMENT : ''}`;
      const variables: Record<string, string> = { owner: repo.owner, name: repo.repo };
      folders.forEach((expression, i) => (variables[`f${i}`] = expression));
      tips.forEach((branch, i) => (variables[`t${i}`] = `refs/heads/${branch}`));
      type Answer = { repository: Record<string, { entries?: GraphQLEntry[]; target?: BranchTip } | null> | null };
      let found: Answer;
      try {
        found = await (await readOnly()).graphql<Answer>(query, variables);
      } catch (err) {
        throw describe(err, `GraphQL folders ${[...folders, ...tips].join(', ')}`);
      }
      const at = (key: string) => found.repository?.[key] ?? undefined;
      return {
        folders: folders.map((_, i) => at(`f${i}`)?.entries?.map(folderEntry)),
        tips: tips.map((_, i) => at(`t${i}`)?.target ?? undefined),
      };
    },
    /** The first comments of the pull request's resolved review threads: whether a thread is resolved is GraphQL's to say (REST does not). */
    async resolvedThreads(number: number): Promise<Set<number>> {
      const resolved = new Set<number>();
      for await (const thread of reviewThreads(number)) {
        const root = thread.comments.nodes[0]?.databaseId;
        if (thread.isResolved && typeof root === 'number') resolved.add(root);
      }
      return resolved;
    },
    /** The login the token acts as, when GitHub says (a user's token); undefined for an installation token (GITHUB_TOKEN, an app's), which may not ask. */
    async tokenLogin(): Promise<string | undefined> {
      try {
        const response = await (await octokit()).request('GET /user');
        return (response.data as ApiUser).login;
      } catch {
        // An installation token may not ask (403). Whatever the reason, not knowing is safe: then only a bot's marks count.
        return undefined;
      }
    },
    /** Asked of GitHub once per login and run: authorization and the context share the answer. */
    permission(login: string): Promise<Permission> {
      let asked = permissions.get(login);
      if (!asked) permissions.set(login, (asked = lookUpPermission(login)));
      return asked;
    },
    issue: (number: number) => call<ApiIssue>('GET /repos/{owner}/{repo}/issues/{issue_number}', { issue_number: number }),
    issueComments: (number: number) => list<ApiComment>('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { issue_number: number }),
    createComment: (number: number, body: string) =>
      call<ApiComment>('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { issue_number: number, body }),
    updateComment: (id: number, body: string) => call<ApiComment>('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { comment_id: id, body }),
    /** A comment by its id, with the issue it is on (`issue_url`). */
    comment: (id: number) => call<ApiComment & { issue_url: string }>('GET /repos/{owner}/{repo}/issues/comments/{comment_id}', { comment_id: id }),
    /** A review comment by its id, with its pull request (`pull_request_url`). */
    reviewComment: (id: number) => call<ApiReviewComment & { pull_request_url: string }>('GET /repos/{owner}/{repo}/pulls/comments/{comment_id}', { comment_id: id }),
    pull: (number: number) => call<ApiPull>('GET /repos/{owner}/{repo}/pulls/{pull_number}', { pull_number: number }),
    pullFiles: (number: number) => list<ApiFile>('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', { pull_number: number }),
    reviewComments: (number: number) => list<ApiReviewComment>('GET /repos/{owner}/{repo}/pulls/{pull_number}/comments', { pull_number: number }),
    replyToReviewComment: (number: number, commentId: number, body: string) =>
      call<ApiReviewComment>('POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies', {
        pull_number: number,
        comment_id: commentId,
        body,
      }),
    updateReviewComment: (id: number, body: string) =>
      call<ApiReviewComment>('PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}', { comment_id: id, body }),
    /** The comments one review posted. */
    commentsOfReview: (number: number, reviewId: number) =>
      list<ApiReviewComment>('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments', { pull_number: number, review_id: reviewId }),
    reviews: (number: number) => list<ApiReview>('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { pull_number: number }),
    createReview: (number: number, review: { commit_id: string; body: string; comments: NewReviewComment[] }) =>
      // Always COMMENT: Deckhand never approves or requests changes.
      call<ApiReview>('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { pull_number: number, event: 'COMMENT', ...review }),
    checkRuns: (ref: string) => list<ApiCheckRun>('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', { ref }),
    createCheckRun: (run: CheckRunToCreate) =>
      call<{ id: number; html_url: string }>('POST /repos/{owner}/{repo}/check-runs', { ...run, status: 'completed' }),
    /** The jobs of a workflow run's latest attempt. */
    runJobs: (runId: number) => list<ApiJob>('GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs', { run_id: runId, filter: 'latest' }),
    /** Every pull request, open or closed, whose head is `head` (`owner:branch`), newest first. */
    pullsFrom: (head: string) => list<ApiPull & { merged_at: string | null; labels?: Array<{ name?: string }> }>('GET /repos/{owner}/{repo}/pulls', { state: 'all', head, sort: 'created', direction: 'desc' }),
    /** Open pull requests whose head is `head` (`owner:branch`). */
    openPullsFrom: (head: string) => list<ApiPull>('GET /repos/{owner}/{repo}/pulls', { state: 'open', head }),
    /** The last `count` commits of `sha`'s history, newest first. */
    commits: (sha: string, count: number) => call<ApiCommit[]>('GET /repos/{owner}/{repo}/commits', { sha, per_page: count }),
    compare: (base: string, head: string) => call<ApiCompare>('GET /repos/{owner}/{repo}/compare/{basehead}', { basehead: `${base}...${head}` }),
    async fileContent(path: string, ref: string): Promise<string | undefined> {
      try {
        const data = await call<{ content?: string; encoding?: string; type?: string }>('GET /repos/{owner}/{repo}/contents/{path}', { path, ref });
        if (data.type !== 'file' || data.content === undefined) return undefined;
        return Buffer.from(data.content, (data.encoding as BufferEncoding) ?? 'base64').toString('utf8');
      } catch (err) {
        if (err instanceof GitHubError && err.status === 404) return undefined;
        throw err;
      }
    },
    createBlob: (content: Buffer) =>
      call<{ sha: string }>('POST /repos/{owner}/{repo}/git/blobs', { content: content.toString('base64'), encoding: 'base64' }),
    commitInfo: (sha: string) => call<{ sha: string; tree: { sha: string }; parents?: Array<{ sha: string }> }>('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', { commit_sha: sha }),
    /** Without `baseTree`, the tree holds only `tree`'s entries (the first commit of a branch of its own). */
    createTree: (baseTree: string | undefined, tree: TreeEntry[]) =>
      call<{ sha: string }>('POST /repos/{owner}/{repo}/git/trees', { ...(baseTree ? { base_tree: baseTree } : {}), tree }),
    createCommit: (commit: { message: string; tree: string; parents: string[] }) =>
      call<{ sha: string; html_url?: string }>('POST /repos/{owner}/{repo}/git/commits', commit),
    async branchSha(branch: string): Promise<string | undefined> {
      try {
        const data = await call<{ object: { sha: string } }>('GET /repos/{owner}/{repo}/git/ref/{ref}', { ref: `heads/${branch}` });
        return data.object.sha;
      } catch (err) {
        if (err instanceof GitHubError && err.status === 404) return undefined;
        throw err;
      }
    },
    createBranch: (branch: string, sha: string) => call<unknown>('POST /repos/{owner}/{repo}/git/refs', { ref: `refs/heads/${branch}`, sha }),
    deleteBranch: (branch: string) => call<unknown>('DELETE /repos/{owner}/{repo}/git/refs/{ref}', { ref: `heads/${branch}` }),
    /** Fast-forward only: GitHub refuses (422) a move that would drop commits. */
    moveBranch: (branch: string, sha: string) => call<unknown>('PATCH /repos/{owner}/{repo}/git/refs/{ref}', { ref: `heads/${branch}`, sha, force: false }),
    createPull: (pull: { title: string; head: string; base: string; body: string; draft?: boolean }) => call<ApiPull>('POST /repos/{owner}/{repo}/pulls', pull),
    /** A fleet's branch, set to a new commit on a new base: the branch is the fleet's, so the move is forced. */
    replaceBranch: (branch: string, sha: string) => call<unknown>('PATCH /repos/{owner}/{repo}/git/refs/{ref}', { ref: `heads/${branch}`, sha, force: true }),
    updatePull: (number: number, pull: { title: string; body: string }) => call<ApiPull>('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', { pull_number: number, ...pull }),
    addLabels: (number: number, labels: string[]) => call<unknown>('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', { issue_number: number, labels }),
  };
}
