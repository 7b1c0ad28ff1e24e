// A fleet of repositories on one local GitHub REST API: a real HTTP server on
// 127.0.0.1 that answers, for many repositories of one or more owners
// (organizations or users), the endpoints that find and survey them — org and
// user listings, repository search, a repository, a file's contents, its pull
// requests — the way api.github.com does: the same JSON shapes (typed here
// against GitHub's OpenAPI description, @octokit/openapi-types), the same
// pagination Link headers, the same 401/404/422 bodies. The repositories are
// data, no git. Chosen repositories are forwarded whole to a GitHubEmulator
// (./github.ts), which has git behind it.
//
//   const fleet = await FleetHost.start({ token: 'ghs_test', owners: [{ login: 'octo', type: 'Organization' }] });
//   fleet.addRepository({ owner: 'octo', name: 'api', topics: ['deckhand'], files: { '.github/deckhand.yml': 'fleet: on\n' } });
//   fleet.addPull('octo/api', { head: 'deckhand/fleet-1', title: 'Fleet', body: '', labels: ['deckhand'] });
//   const gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets', token: 'ghs_test' }).start();
//   fleet.addRepository({ owner: 'octo', name: 'widgets' }); // listed and searched as data …
//   fleet.forward('octo/widgets', gh);                         // … and everything under /repos/octo/widgets is the emulator's
//   … run the action with GITHUB_API_URL=fleet.url …
//   expect(fleet.maxConcurrent).toBeLessThanOrEqual(4);
//   await fleet.close();
//
// Where GitHub's real behaviour differs from what one might guess, this follows
// GitHub: GET /users/{name}/repos lists only public repositories (an
// organization's too), while GET /orgs/{org}/repos lists every one the token
// sees and is a 404 for a user; org listings are newest first, user listings by
// full_name. Search leaves forks out unless `fork:true` or `fork:only`, keeps
// archived repositories unless `archived:false`, ORs several user:/org:/repo:/
// language: qualifiers and ANDs topic: ones, answers a user or repository that
// does not exist with 422, counts every match in total_count but serves only the
// first 1000, and has its own rate limit (30 a minute, x-ratelimit-resource: search).
// The contents of an empty repository are 404 "This repository is empty.".
//
// A forwarded request goes to the emulator as it came (its token too: the
// emulator checks it) and comes back as the emulator answered; the URLs inside
// that JSON are the emulator's own. A search qualifier or operator this host
// does not implement is an emulator error (500, kept in internalErrors), never a
// silently wrong answer.
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { components } from '@octokit/openapi-types';
import { repositoryUrlTemplates } from './github-actions.js';
import { sendAnswer } from './github.js';

// ---- Public types ----

export interface FleetOwner {
  login: string;
  type: 'Organization' | 'User';
}

export interface FleetHostOptions {
  /** The token requests must carry (`token X` or `Bearer X`). */
  token: string;
  owners: FleetOwner[];
  /** Milliseconds every answer waits before it is sent (settable later as `latencyMs`). */
  latencyMs?: number;
  /** After this many search requests in the host's life, search answers GitHub's 403 rate-limit refusal. Unset: never refused. */
  searchLimit?: number;
}

export interface FleetRepoSpec {
  owner: string;
  name: string;
  archived?: boolean;
  fork?: boolean;
  /** No commits at all: size 0, pushed_at null, contents "This repository is empty.". */
  empty?: boolean;
  /** Default public; `private` follows it (internal repositories are private too). Internal only for an organization. */
  visibility?: 'public' | 'private' | 'internal';
  topics?: string[];
  language?: string | null;
  /** Default 'main'. */
  defaultBranch?: string;
  /** Files on the default branch, path → text. */
  files?: Record<string, string>;
}

export interface FleetPullSpec {
  /** The head branch (in the repository itself). */
  head: string;
  title: string;
  body: string;
  /** Default open; `merged` makes it closed. */
  state?: 'open' | 'closed';
  merged?: boolean;
  labels?: string[];
  /** Default 'github-actions[bot]'. */
  user?: string;
  createdAt?: string;
  updatedAt?: string;
  /** Default: one past the repository's highest. */
  number?: number;
}

export interface FleetRequest {
  method: string;
  /** The URL path, percent-decoded. */
  path: string;
  /** The query string as sent, without `?`. */
  query: string;
  /** The status answered (the emulator's, when forwarded). */
  status: number;
  /** It went to a forwarded repository's emulator. */
  forwarded: boolean;
  /** Date.now() when it arrived, and when its answer was sent. */
  startedAt: number;
  endedAt: number;
}

// ---- Internals ----

type Schema<K extends keyof components['schemas']> = components['schemas'][K];

const SERVER_URL = 'https://github.test';
const DOCS = 'https://docs.github.com/rest';
const SEARCH_DOCS = 'https://docs.github.com/v3/search';
const RATE_DOCS = 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting';
const SEARCH_PER_MINUTE = 30;
const SEARCH_REACHABLE = 1000;
/** Repositories are created an hour apart from here, so that "created" orders them as they were added. */
const EPOCH = Date.parse('2021-01-04T09:00:00Z');
const NOT_SEARCHABLE = 'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.';
/** Qualifiers GitHub has that this host does not: a query using one is an emulator error. */
const UNSUPPORTED_QUALIFIERS = new Set(['stars', 'forks', 'size', 'pushed', 'created', 'license', 'mirror', 'template', 'followers', 'good-first-issues', 'help-wanted-issues', 'has', 'topics']);

interface Reply {
  status: number;
  body?: unknown;
  text?: string;
  /** Bytes as they came from a forwarded emulator. */
  raw?: Buffer;
  contentType?: string;
  headers?: Record<string, string | string[]>;
  /** Headers exactly as given (a forwarded answer): no rate-limit headers of this host's. */
  passThrough?: boolean;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message));
  }
}

/** A query this host cannot answer truthfully: a 500, and an entry in internalErrors. */
class Unsupported extends Error {}

function notFound(message = 'Not Found'): ApiError {
  return new ApiError(404, { message, documentation_url: DOCS, status: '404' });
}

function nodeId(prefix: string, id: number): string {
  return `${prefix}_kwDO${Buffer.from(String(id)).toString('base64url')}`;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function intParam(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A stable made-up object id: data repositories have no git, but their refs and blobs need shas. */
function fakeSha(...parts: string[]): string {
  return createHash('sha1').update(parts.join('\0')).digest('hex');
}

function blobSha(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** Base64 the way the contents API sends it: wrapped at 60 characters, each line ending in a newline. */
function wrappedBase64(content: Buffer): string {
  const flat = content.toString('base64');
  let out = '';
  for (let at = 0; at < flat.length; at += 60) out += flat.slice(at, at + 60) + '\n';
  return out;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

interface Owner extends FleetOwner {
  id: number;
}

interface StoredLabel {
  id: number;
  name: string;
}

interface StoredPull {
  id: number;
  number: number;
  head: string;
  title: string;
  body: string;
  state: 'open' | 'closed';
  merged: boolean;
  labels: StoredLabel[];
  user: string;
  createdAt: string;
  updatedAt: string;
}

interface StoredRepo {
  id: number;
  owner: Owner;
  name: string;
  fullName: string;
  archived: boolean;
  fork: boolean;
  empty: boolean;
  visibility: 'public' | 'private' | 'internal';
  topics: string[];
  language: string | null;
  defaultBranch: string;
  files: Map<string, Buffer>;
  pulls: StoredPull[];
  labels: Map<string, StoredLabel>;
  createdAt: string;
  /** null while empty. */
  pushedAt: string | null;
  updatedAt: string;
  /** In KB, as GitHub counts it: 0 when empty. */
  size: number;
}

interface Ctx {
  method: string;
  url: URL;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export class FleetHost {
  url = '';
  readonly token: string;
  /** Milliseconds every answer waits before it is sent. */
  latencyMs: number;
  readonly requests: FleetRequest[] = [];
  /** The most requests that were in flight at once (from arrival to the last byte of the answer). */
  maxConcurrent = 0;
  /** Search requests answered so far (refused ones too). */
  searchCount = 0;
  /** Emulator bugs and unsupported queries: answered with 500, kept here so a test can see them. */
  readonly internalErrors: Error[] = [];

  private readonly owners = new Map<string, Owner>();
  private readonly repos: StoredRepo[] = [];
  private readonly byName = new Map<string, StoredRepo>();
  private readonly forwards = new Map<string, { url: string }>();
  private readonly userIds = new Map<string, number>();
  private readonly searchLimit: number | undefined;
  private readonly server: Server;
  private inFlight = 0;
  private nextId = 700001;
  private rateUsed = 0;
  private readonly rateReset = Math.floor(Date.now() / 1000) + 3600;
  private searchWindowStart = Date.now();
  private searchWindowUsed = 0;

  private constructor(options: FleetHostOptions) {
    this.token = options.token;
    this.latencyMs = options.latencyMs ?? 0;
    this.searchLimit = options.searchLimit;
    for (const owner of options.owners) this.addOwner(owner);
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  static async start(options: FleetHostOptions): Promise<FleetHost> {
    const host = new FleetHost(options);
    await new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', resolve));
    host.url = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
    return host;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Environment a run of the action needs to talk to this host. */
  env(): Record<string, string> {
    return { GITHUB_API_URL: this.url, GITHUB_SERVER_URL: SERVER_URL, GITHUB_TOKEN: this.token };
  }

  // ---- Seeding ----

  /** An owner besides those given to start(). */
  addOwner(owner: FleetOwner): void {
    const key = owner.login.toLowerCase();
    if (this.owners.has(key)) throw new Error(`FleetHost: owner ${owner.login} twice`);
    this.owners.set(key, { ...owner, id: this.userId(owner.login) });
  }

  addRepository(spec: FleetRepoSpec): void {
    const owner = this.owners.get(spec.owner.toLowerCase());
    if (!owner) throw new Error(`FleetHost: ${spec.owner} is not an owner given to start() (or addOwner)`);
    const fullName = `${owner.login}/${spec.name}`;
    if (this.byName.has(fullName.toLowerCase())) throw new Error(`FleetHost: ${fullName} twice`);
    if (!/^[A-Za-z0-9._-]+$/.test(spec.name)) throw new Error(`FleetHost: ${spec.name} is not a repository name GitHub allows`);
    const visibility = spec.visibility ?? 'public';
    if (visibility === 'internal' && owner.type !== 'Organization') throw new Error(`FleetHost: only an organization has internal repositories (${fullName})`);
    const empty = spec.empty === true;
    if (empty && spec.files && Object.keys(spec.files).length > 0) throw new Error(`FleetHost: ${fullName} is empty and cannot have files`);
    const files = new Map(Object.entries(spec.files ?? {}).map(([path, text]) => [path.replace(/^\/+/, ''), Buffer.from(text, 'utf8')] as const));
    const bytes = [...files.values()].reduce((sum, b) => sum + b.length, 0);
    const index = this.repos.length;
    const created = EPOCH + index * 3600_000;
    const repo: StoredRepo = {
      id: 300001 + index,
      owner,
      name: spec.name,
      fullName,
      archived: spec.archived === true,
      fork: spec.fork === true,
      empty,
      visibility,
      topics: [...(spec.topics ?? [])],
      language: spec.language ?? null,
      defaultBranch: spec.defaultBranch ?? 'main',
      files,
      pulls: [],
      labels: new Map(),
      createdAt: isoDate(created),
      pushedAt: empty ? null : isoDate(created + 1800_000),
      updatedAt: isoDate(created + 1800_000),
      size: empty ? 0 : Math.max(1, Math.ceil(bytes / 1024)),
    };
    this.repos.push(repo);
    this.byName.set(fullName.toLowerCase(), repo);
  }

  /** A pull request of a data repository (its head a branch of the repository itself). */
  addPull(fullName: string, spec: FleetPullSpec): { number: number; html_url: string } {
    const repo = this.byName.get(fullName.toLowerCase());
    if (!repo) throw new Error(`FleetHost: no data repository ${fullName} (addRepository it first)`);
    if (repo.empty) throw new Error(`FleetHost: ${repo.fullName} is empty: it has no branches to open a pull request from`);
    if (spec.merged && spec.state === 'open') throw new Error('FleetHost: a merged pull request is closed');
    const number = spec.number ?? Math.max(0, ...repo.pulls.map((p) => p.number)) + 1;
    if (repo.pulls.some((p) => p.number === number)) throw new Error(`FleetHost: ${repo.fullName} already has #${number}`);
    const created = spec.createdAt ?? isoDate(Date.now());
    repo.pulls.push({
      id: this.nextId++,
      number,
      head: spec.head,
      title: spec.title,
      body: spec.body,
      state: spec.merged ? 'closed' : (spec.state ?? 'open'),
      merged: spec.merged === true,
      labels: (spec.labels ?? []).map((name) => this.label(repo, name)),
      user: spec.user ?? 'github-actions[bot]',
      createdAt: created,
      updatedAt: spec.updatedAt ?? created,
    });
    return { number, html_url: `${SERVER_URL}/${repo.fullName}/pull/${number}` };
  }

  /** A pull request of a data repository merged or closed (as someone on GitHub would), or its body replaced. */
  updatePull(fullName: string, number: number, change: { merged?: true; state?: 'open' | 'closed'; body?: string }): void {
    const pull = this.byName.get(fullName.toLowerCase())?.pulls.find((p) => p.number === number);
    if (!pull) throw new Error(`FleetHost: ${fullName} has no pull request #${number}`);
    if (change.merged) pull.merged = true;
    if (change.merged || change.state) pull.state = change.merged ? 'closed' : change.state!;
    if (change.body !== undefined) pull.body = change.body;
    pull.updatedAt = isoDate(Date.now());
  }

  /**
   * Every request under /repos/{owner}/{name} (case-insensitive) goes to this emulator
   * (GitHubEmulator: its `url` is read at each request), before the data routes and
   * before this host's own token check. To have the repository listed and searched too,
   * addRepository it as well.
   */
  forward(fullName: string, emulator: { url: string }): void {
    if (!/^[^/]+\/[^/]+$/.test(fullName)) throw new Error(`FleetHost: forward takes owner/name, not ${fullName}`);
    this.forwards.set(fullName.toLowerCase(), emulator);
  }

  // ---- Objects ----

  private userId(login: string): number {
    let id = this.userIds.get(login.toLowerCase());
    if (id === undefined) {
      id = login === 'github-actions[bot]' ? 41898282 : 5000 + this.userIds.size;
      this.userIds.set(login.toLowerCase(), id);
    }
    return id;
  }

  private userType(login: string): string {
    return this.owners.get(login.toLowerCase())?.type ?? (login.endsWith('[bot]') ? 'Bot' : 'User');
  }

  private label(repo: StoredRepo, name: string): StoredLabel {
    let label = repo.labels.get(name);
    if (!label) {
      label = { id: this.nextId++, name };
      repo.labels.set(name, label);
    }
    return label;
  }

  private simpleUser(login: string): Schema<'simple-user'> {
    const id = this.userId(login);
    const type = this.userType(login);
    const api = `${this.url}/users/${encodeURIComponent(login)}`;
    return {
      login,
      id,
      node_id: nodeId(type === 'Organization' ? 'O' : type === 'Bot' ? 'BOT' : 'U', id),
      avatar_url: `https://avatars.github.test/u/${id}?v=4`,
      gravatar_id: '',
      url: api,
      html_url: type === 'Bot' ? `${SERVER_URL}/apps/${login.replace(/\[bot\]$/, '')}` : `${SERVER_URL}/${login}`,
      followers_url: `${api}/followers`,
      following_url: `${api}/following{/other_user}`,
      gists_url: `${api}/gists{/gist_id}`,
      starred_url: `${api}/starred{/owner}{/repo}`,
      subscriptions_url: `${api}/subscriptions`,
      organizations_url: `${api}/orgs`,
      repos_url: `${api}/repos`,
      events_url: `${api}/events{/privacy}`,
      received_events_url: `${api}/received_events`,
      type,
      user_view_type: 'public',
      site_admin: false,
    };
  }

  /** The URL templates every repository form carries. */
  private repoUrls(repo: StoredRepo) {
    const api = `${this.url}/repos/${repo.fullName}`;
    return {
      ...repositoryUrlTemplates(api),
      git_url: `git://github.test/${repo.fullName}.git`,
      ssh_url: `git@github.test:${repo.fullName}.git`,
      clone_url: `${SERVER_URL}/${repo.fullName}.git`,
      svn_url: `${SERVER_URL}/${repo.fullName}`,
    };
  }

  /** What every form has in common but the dates (whose nullability the forms differ on). */
  private repoCommon(repo: StoredRepo) {
    const open = repo.pulls.filter((p) => p.state === 'open').length;
    return {
      id: repo.id,
      node_id: nodeId('R', repo.id),
      name: repo.name,
      full_name: repo.fullName,
      owner: this.simpleUser(repo.owner.login),
      private: repo.visibility !== 'public',
      html_url: `${SERVER_URL}/${repo.fullName}`,
      description: null,
      fork: repo.fork,
      ...this.repoUrls(repo),
      mirror_url: null,
      homepage: null,
      language: repo.language,
      forks_count: 0,
      stargazers_count: 0,
      watchers_count: 0,
      size: repo.size,
      default_branch: repo.defaultBranch,
      open_issues_count: open,
      is_template: false,
      topics: [...repo.topics],
      has_issues: true,
      has_projects: true,
      has_wiki: true,
      has_pages: false,
      has_downloads: true,
      has_discussions: false,
      archived: repo.archived,
      disabled: false,
      visibility: repo.visibility,
      license: null,
      allow_forking: true,
      web_commit_signoff_required: false,
      forks: 0,
      open_issues: open,
      watchers: 0,
    };
  }

  private readonly permissions = { admin: false, maintain: false, push: true, triage: true, pull: true };

  /** GitHub's "minimal-repository" (listings): pushed_at null while empty. */
  private minimalRepository(repo: StoredRepo): Schema<'minimal-repository'> {
    return { ...this.repoCommon(repo), pushed_at: repo.pushedAt, created_at: repo.createdAt, updated_at: repo.updatedAt, permissions: this.permissions };
  }

  /** GitHub's "repository" (a pull request's head.repo and base.repo). */
  private repository(repo: StoredRepo): Schema<'repository'> {
    return { ...this.repoCommon(repo), pushed_at: repo.pushedAt, created_at: repo.createdAt, updated_at: repo.updatedAt };
  }

  /** GitHub's "full-repository" (GET /repos/{o}/{r}). Its schema wants a pushed_at: an empty one's is its creation time. */
  private fullRepository(repo: StoredRepo): Schema<'full-repository'> {
    return {
      ...this.repoCommon(repo),
      pushed_at: repo.pushedAt ?? repo.createdAt,
      created_at: repo.createdAt,
      updated_at: repo.updatedAt,
      permissions: this.permissions,
      allow_rebase_merge: true,
      allow_squash_merge: true,
      allow_merge_commit: true,
      allow_auto_merge: false,
      delete_branch_on_merge: false,
      allow_update_branch: false,
      use_squash_pr_title_as_default: false,
      squash_merge_commit_title: 'COMMIT_OR_PR_TITLE',
      squash_merge_commit_message: 'COMMIT_MESSAGES',
      merge_commit_title: 'MERGE_MESSAGE',
      merge_commit_message: 'PR_TITLE',
      subscribers_count: 0,
      network_count: 0,
      ...(repo.owner.type === 'Organization' ? { organization: this.simpleUser(repo.owner.login) } : {}),
    };
  }

  /** GitHub's "repo-search-result-item". Its schema wants a pushed_at: an empty one's is its creation time. */
  private searchItem(repo: StoredRepo): Schema<'repo-search-result-item'> {
    return {
      ...this.repoCommon(repo),
      pushed_at: repo.pushedAt ?? repo.createdAt,
      created_at: repo.createdAt,
      updated_at: repo.updatedAt,
      permissions: this.permissions,
      score: 1,
    };
  }

  private labelJson(repo: StoredRepo, label: StoredLabel) {
    return {
      id: label.id,
      node_id: nodeId('LA', label.id),
      url: `${this.url}/repos/${repo.fullName}/labels/${encodeURIComponent(label.name)}`,
      name: label.name,
      // pull-request-simple has a string here (GitHub sends null for a label without one).
      description: '',
      color: 'ededed',
      default: false,
    };
  }

  /** GitHub's "pull-request-simple" (GET /repos/{o}/{r}/pulls). */
  private pullJson(repo: StoredRepo, pull: StoredPull): Schema<'pull-request-simple'> {
    const api = `${this.url}/repos/${repo.fullName}`;
    const html = `${SERVER_URL}/${repo.fullName}/pull/${pull.number}`;
    const headSha = fakeSha(repo.fullName, 'refs/heads', pull.head);
    const baseSha = fakeSha(repo.fullName, 'refs/heads', repo.defaultBranch);
    const closedAt = pull.state === 'closed' ? pull.updatedAt : null;
    const owner = this.simpleUser(repo.owner.login);
    const link = (href: string) => ({ href });
    return {
      url: `${api}/pulls/${pull.number}`,
      id: pull.id,
      node_id: nodeId('PR', pull.id),
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      issue_url: `${api}/issues/${pull.number}`,
      commits_url: `${api}/pulls/${pull.number}/commits`,
      review_comments_url: `${api}/pulls/${pull.number}/comments`,
      review_comment_url: `${api}/pulls/comments{/number}`,
      comments_url: `${api}/issues/${pull.number}/comments`,
      statuses_url: `${api}/statuses/${headSha}`,
      number: pull.number,
      state: pull.state,
      locked: false,
      title: pull.title,
      user: this.simpleUser(pull.user),
      body: pull.body,
      labels: pull.labels.map((l) => this.labelJson(repo, l)),
      milestone: null,
      active_lock_reason: null,
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      closed_at: closedAt,
      merged_at: pull.merged ? closedAt : null,
      merge_commit_sha: fakeSha(repo.fullName, 'merge', String(pull.number)),
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      head: { label: `${repo.owner.login}:${pull.head}`, ref: pull.head, repo: this.repository(repo), sha: headSha, user: owner },
      base: { label: `${repo.owner.login}:${repo.defaultBranch}`, ref: repo.defaultBranch, repo: this.repository(repo), sha: baseSha, user: owner },
      _links: {
        self: link(`${api}/pulls/${pull.number}`),
        html: link(html),
        issue: link(`${api}/issues/${pull.number}`),
        comments: link(`${api}/issues/${pull.number}/comments`),
        review_comments: link(`${api}/pulls/${pull.number}/comments`),
        review_comment: link(`${api}/pulls/comments{/number}`),
        commits: link(`${api}/pulls/${pull.number}/commits`),
        statuses: link(`${api}/statuses/${headSha}`),
      },
      author_association: pull.user.toLowerCase() === repo.owner.login.toLowerCase() ? 'OWNER' : 'NONE',
      auto_merge: null,
      draft: false,
    };
  }

  private organizationJson(owner: Owner): Schema<'organization-full'> {
    const api = `${this.url}/orgs/${owner.login}`;
    const mine = this.repos.filter((r) => r.owner === owner);
    return {
      login: owner.login,
      id: owner.id,
      node_id: nodeId('O', owner.id),
      url: api,
      repos_url: `${api}/repos`,
      events_url: `${api}/events`,
      hooks_url: `${api}/hooks`,
      issues_url: `${api}/issues`,
      members_url: `${api}/members{/member}`,
      public_members_url: `${api}/public_members{/member}`,
      avatar_url: `https://avatars.github.test/u/${owner.id}?v=4`,
      description: null,
      name: owner.login,
      is_verified: false,
      has_organization_projects: true,
      has_repository_projects: true,
      public_repos: mine.filter((r) => r.visibility === 'public').length,
      public_gists: 0,
      followers: 0,
      following: 0,
      html_url: `${SERVER_URL}/${owner.login}`,
      type: 'Organization',
      total_private_repos: mine.filter((r) => r.visibility !== 'public').length,
      owned_private_repos: mine.filter((r) => r.visibility !== 'public').length,
      created_at: isoDate(EPOCH - 86400_000),
      updated_at: isoDate(EPOCH - 86400_000),
      archived_at: null,
    };
  }

  private publicUserJson(login: string): Schema<'public-user'> {
    const owner = this.owners.get(login.toLowerCase());
    return {
      ...this.simpleUser(owner?.login ?? login),
      name: null,
      company: null,
      blog: '',
      location: null,
      email: null,
      hireable: null,
      bio: null,
      twitter_username: null,
      public_repos: owner ? this.repos.filter((r) => r.owner === owner && r.visibility === 'public').length : 0,
      public_gists: 0,
      followers: 0,
      following: 0,
      created_at: isoDate(EPOCH - 86400_000),
      updated_at: isoDate(EPOCH - 86400_000),
    };
  }

  // ---- HTTP ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight++;
    this.maxConcurrent = Math.max(this.maxConcurrent, this.inFlight);
    try {
      const startedAt = Date.now();
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', this.url || 'http://127.0.0.1');
      const method = (req.method ?? 'GET').toUpperCase();
      const recorded: FleetRequest = { method, path: safeDecode(url.pathname), query: url.search.replace(/^\?/, ''), status: 0, forwarded: false, startedAt, endedAt: 0 };
      this.requests.push(recorded);
      const target = this.forwardTarget(url.pathname);
      let reply: Reply;
      try {
        if (target) {
          recorded.forwarded = true;
          reply = await this.proxy(target, req, body);
        } else {
          reply = this.authenticate(req.headers) ?? this.dispatch({ method, url, query: url.searchParams, headers: req.headers });
        }
      } catch (error) {
        if (error instanceof ApiError) {
          reply = { status: error.status, body: error.body, headers: error.headers };
        } else {
          const failure = error instanceof Error ? error : new Error(String(error));
          this.internalErrors.push(failure);
          reply = { status: 500, body: { message: `GitHub fleet emulator error: ${failure.message}`, documentation_url: DOCS, status: '500' } };
        }
      }
      recorded.status = reply.status;
      if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      this.send(res, reply);
      recorded.endedAt = Date.now();
    } finally {
      this.inFlight--;
    }
  }

  private send(res: ServerResponse, reply: Reply): void {
    if (reply.passThrough) {
      res.writeHead(reply.status, { ...reply.headers, 'content-length': String(reply.raw?.length ?? 0) });
      return void res.end(reply.raw);
    }
    if (!reply.headers?.['x-ratelimit-resource']) this.rateUsed++;
    sendAnswer(res, reply, { used: this.rateUsed, reset: this.rateReset });
  }

  private forwardTarget(pathname: string): { url: string } | undefined {
    const match = /^\/repos\/([^/]+)\/([^/]+)(?:\/|$)/.exec(pathname);
    if (!match) return undefined;
    return this.forwards.get(`${safeDecode(match[1]!)}/${safeDecode(match[2]!)}`.toLowerCase());
  }

  /** The request as it came (method, path and query, headers, body) to the emulator; its answer as it went. */
  private proxy(target: { url: string }, req: IncomingMessage, body: Buffer): Promise<Reply> {
    if (!target.url) throw new Error('FleetHost: a forwarded emulator has no url yet (start() it first)');
    const base = new URL(target.url);
    const headers: IncomingHttpHeaders = { ...req.headers, host: base.host };
    delete headers.connection;
    delete headers['keep-alive'];
    delete headers['transfer-encoding'];
    if (body.length > 0) headers['content-length'] = String(body.length);
    return new Promise<Reply>((resolve, reject) => {
      const outgoing = httpRequest(new URL(req.url ?? '/', base), { method: req.method, headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const back: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value === undefined || ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date'].includes(name)) continue;
            back[name] = value;
          }
          resolve({ status: answer.statusCode ?? 502, raw: Buffer.concat(chunks), headers: back, passThrough: true });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(body.length > 0 ? body : undefined);
    });
  }

  private authenticate(headers: IncomingHttpHeaders): Reply | undefined {
    const given = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (given === this.token) return undefined;
    return { status: 401, body: { message: 'Bad credentials', documentation_url: DOCS, status: '401' } };
  }

  private dispatch(ctx: Ctx): Reply {
    const path = ctx.url.pathname;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw notFound();
    let m: RegExpExecArray | null;
    if ((m = /^\/orgs\/([^/]+)\/?$/.exec(path))) return { status: 200, body: this.organizationJson(this.organization(m[1]!)) };
    if ((m = /^\/orgs\/([^/]+)\/repos\/?$/.exec(path))) return this.listOrgRepos(ctx, this.organization(m[1]!));
    if ((m = /^\/users\/([^/]+)\/?$/.exec(path))) return { status: 200, body: this.publicUserJson(this.knownLogin(m[1]!)) };
    if ((m = /^\/users\/([^/]+)\/repos\/?$/.exec(path))) return this.listUserRepos(ctx, this.owner(m[1]!));
    if (/^\/search\/repositories\/?$/.test(path)) return this.search(ctx);
    if ((m = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path))) {
      const repo = this.byName.get(`${safeDecode(m[1]!)}/${safeDecode(m[2]!)}`.toLowerCase());
      if (!repo) throw notFound();
      return this.repoRoute(ctx, repo, m[3] ?? '');
    }
    throw notFound();
  }

  private owner(login: string): Owner {
    const owner = this.owners.get(safeDecode(login).toLowerCase());
    if (!owner) throw notFound();
    return owner;
  }

  private organization(login: string): Owner {
    const owner = this.owner(login);
    if (owner.type !== 'Organization') throw notFound();
    return owner;
  }

  /** An owner, or a user who opened a pull request here. */
  private knownLogin(raw: string): string {
    const login = safeDecode(raw);
    const owner = this.owners.get(login.toLowerCase());
    if (owner) return owner.login;
    const author = this.repos.flatMap((r) => r.pulls).find((p) => p.user.toLowerCase() === login.toLowerCase());
    if (!author) throw notFound();
    return author.user;
  }

  /** GitHub's pagination: per_page (default 30, at most 100), page, and a Link header (prev, next, last, first). */
  private paginate<T>(ctx: Ctx, items: T[], reachable = items.length): { page: T[]; headers: Record<string, string> } {
    const perPage = Math.min(100, Math.max(1, intParam(ctx.query.get('per_page')) || 30));
    const page = Math.max(1, intParam(ctx.query.get('page')) || 1);
    const last = Math.max(1, Math.ceil(Math.min(items.length, reachable) / perPage));
    const slice = items.slice((page - 1) * perPage, Math.min(page * perPage, reachable));
    const link = (p: number) => {
      const query = new URLSearchParams(ctx.url.searchParams);
      query.set('page', String(p));
      return `<${this.url}${ctx.url.pathname}?${query}>`;
    };
    const parts: string[] = [];
    if (page > 1) parts.push(`${link(Math.min(page - 1, last))}; rel="prev"`);
    if (page < last) parts.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
    if (page > 1) parts.push(`${link(1)}; rel="first"`);
    return { page: slice, headers: parts.length ? { link: parts.join(', ') } : {} };
  }

  /** sort (created, updated, pushed, full_name) and direction (asc for full_name, else desc, unless given). */
  private sorted(ctx: Ctx, repos: StoredRepo[], defaultSort: 'created' | 'full_name'): StoredRepo[] {
    const sort = ctx.query.get('sort') ?? defaultSort;
    const direction = ctx.query.get('direction') ?? (sort === 'full_name' ? 'asc' : 'desc');
    const key = (r: StoredRepo): string =>
      sort === 'full_name' ? r.fullName.toLowerCase() : sort === 'updated' ? r.updatedAt : sort === 'pushed' ? (r.pushedAt ?? '') : r.createdAt;
    const order = [...repos].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
    return direction === 'asc' ? order : order.reverse();
  }

  private listReply(ctx: Ctx, repos: StoredRepo[]): Reply {
    const { page, headers } = this.paginate(ctx, repos);
    return { status: 200, body: page.map((r) => this.minimalRepository(r)), headers };
  }

  private listOrgRepos(ctx: Ctx, org: Owner): Reply {
    const type = ctx.query.get('type') ?? 'all';
    const repos = this.repos
      .filter((r) => r.owner === org)
      .filter((r) =>
        type === 'public' ? r.visibility === 'public'
        : type === 'private' ? r.visibility === 'private'
        : type === 'internal' ? r.visibility === 'internal'
        : type === 'forks' ? r.fork
        : type === 'sources' ? !r.fork
        : true,
      );
    return this.listReply(ctx, this.sorted(ctx, repos, 'created'));
  }

  /** Public repositories only, as GitHub lists them here (for an organization too). */
  private listUserRepos(ctx: Ctx, owner: Owner): Reply {
    const type = ctx.query.get('type') ?? 'owner';
    const repos = type === 'member' ? [] : this.repos.filter((r) => r.owner === owner && r.visibility === 'public');
    return this.listReply(ctx, this.sorted(ctx, repos, 'full_name'));
  }

  // ---- Search ----

  private search(ctx: Ctx): Reply {
    this.searchCount++;
    if (Date.now() - this.searchWindowStart >= 60_000) {
      this.searchWindowStart = Date.now();
      this.searchWindowUsed = 0;
    }
    this.searchWindowUsed++;
    const limit = this.searchLimit ?? SEARCH_PER_MINUTE;
    const used = this.searchLimit !== undefined ? this.searchCount : this.searchWindowUsed;
    const reset = String(Math.ceil((this.searchWindowStart + 60_000) / 1000));
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-used': String(Math.min(used, limit)),
      'x-ratelimit-reset': reset,
      'x-ratelimit-resource': 'search',
    };
    if (this.searchLimit !== undefined && this.searchCount > this.searchLimit) {
      throw new ApiError(403, { message: 'API rate limit exceeded for installation ID 1.', documentation_url: RATE_DOCS, status: '403' }, { ...headers, 'x-ratelimit-remaining': '0' });
    }
    const q = ctx.query.get('q');
    if (q === null || q.trim() === '') {
      throw new ApiError(422, { message: 'Validation Failed', errors: [{ resource: 'Search', field: 'q', code: 'missing' }], documentation_url: SEARCH_DOCS, status: '422' }, headers);
    }
    const perPage = Math.min(100, Math.max(1, intParam(ctx.query.get('per_page')) || 30));
    const page = Math.max(1, intParam(ctx.query.get('page')) || 1);
    if ((page - 1) * perPage >= SEARCH_REACHABLE) {
      throw new ApiError(422, { message: `Only the first ${SEARCH_REACHABLE} search results are available`, documentation_url: SEARCH_DOCS, status: '422' }, headers);
    }
    let matches: StoredRepo[];
    try {
      matches = this.repos.filter(this.searchFilter(q));
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError(error.status, error.body, headers);
      throw error;
    }
    const sort = ctx.query.get('sort');
    if (sort === 'updated') {
      matches.sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a.id - b.id));
      if ((ctx.query.get('order') ?? 'desc') === 'desc') matches.reverse();
    } else if (sort !== null && sort !== 'best-match') {
      throw new Unsupported(`FleetHost: search sort=${sort} is not emulated (only updated)`);
    }
    const { page: items, headers: link } = this.paginate(ctx, matches, SEARCH_REACHABLE);
    const body: { total_count: number; incomplete_results: boolean; items: Schema<'repo-search-result-item'>[] } = {
      total_count: matches.length,
      incomplete_results: false,
      items: items.map((r) => this.searchItem(r)),
    };
    return { status: 200, body, headers: { ...headers, ...link } };
  }

  /**
   * `q` as GitHub reads it: whitespace-separated terms (a double-quoted part keeps its
   * spaces), `key:value` qualifiers, `-` before one negates it, bare words match the name.
   */
  private searchFilter(q: string): (repo: StoredRepo) => boolean {
    const terms = q.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
    const owners: string[] = [];
    const names: string[] = [];
    const languages: string[] = [];
    const must: Array<(r: StoredRepo) => boolean> = [];
    const words: string[] = [];
    let forks: 'exclude' | 'include' | 'only' = 'exclude';
    const unquote = (s: string) => s.replace(/"/g, '');
    const invalid = () => new ApiError(422, { message: 'Validation Failed', errors: [{ message: NOT_SEARCHABLE, resource: 'Search', field: 'q', code: 'invalid' }], documentation_url: SEARCH_DOCS, status: '422' });
    const bool = (key: string, value: string): boolean => {
      if (value !== 'true' && value !== 'false') throw new Unsupported(`FleetHost: ${key}:${value} (only true or false)`);
      return value === 'true';
    };
    const visibilityOf = (key: string, value: string): StoredRepo['visibility'] => {
      if (value !== 'public' && value !== 'private' && value !== 'internal') throw new Unsupported(`FleetHost: search qualifier ${key}:${value} is not emulated`);
      return value;
    };
    for (const term of terms) {
      if (['AND', 'OR', 'NOT'].includes(term)) throw new Unsupported(`FleetHost: the search operator ${term} is not emulated`);
      const negated = term.length > 1 && term.startsWith('-');
      const text = negated ? term.slice(1) : term;
      const qualifier = /^([A-Za-z][A-Za-z-]*):(.+)$/.exec(text);
      if (!qualifier) {
        if (negated) throw new Unsupported(`FleetHost: a negated word (${term}) is not emulated`);
        words.push(unquote(text).toLowerCase());
        continue;
      }
      const key = qualifier[1]!.toLowerCase();
      const value = unquote(qualifier[2]!);
      const lower = value.toLowerCase();
      const add = (test: (r: StoredRepo) => boolean) => must.push(negated ? (r) => !test(r) : test);
      switch (key) {
        case 'user':
        case 'org':
          if (negated) add((r) => r.owner.login.toLowerCase() === lower);
          else if (!this.owners.has(lower)) throw invalid();
          else owners.push(lower);
          break;
        case 'repo':
          if (negated) add((r) => r.fullName.toLowerCase() === lower);
          else if (!this.byName.has(lower)) throw invalid();
          else names.push(lower);
          break;
        case 'topic':
          add((r) => r.topics.some((t) => t.toLowerCase() === lower));
          break;
        case 'language':
          if (negated) add((r) => r.language?.toLowerCase() === lower);
          else languages.push(lower);
          break;
        case 'visibility':
        case 'is': {
          const visibility = visibilityOf(key, lower);
          add((r) => r.visibility === visibility);
          break;
        }
        case 'archived': {
          const archived = bool(key, lower) !== negated;
          must.push((r) => r.archived === archived);
          break;
        }
        case 'fork':
          if (lower === 'only') forks = negated ? 'exclude' : 'only';
          else forks = bool(key, lower) && !negated ? 'include' : 'exclude';
          break;
        case 'in':
          // Bare words match the name only here; in:name says as much.
          if (lower !== 'name') throw new Unsupported(`FleetHost: search qualifier in:${value} is not emulated (only in:name)`);
          break;
        default:
          if (UNSUPPORTED_QUALIFIERS.has(key)) throw new Unsupported(`FleetHost: search qualifier ${key}: is not emulated`);
          // GitHub reads a key it does not know as text.
          if (negated) throw new Unsupported(`FleetHost: a negated word (${term}) is not emulated`);
          words.push(text.toLowerCase());
      }
    }
    return (r) =>
      (owners.length === 0 || owners.includes(r.owner.login.toLowerCase())) &&
      (names.length === 0 || names.includes(r.fullName.toLowerCase())) &&
      (languages.length === 0 || (r.language !== null && languages.includes(r.language.toLowerCase()))) &&
      (forks === 'include' || (forks === 'only' ? r.fork : !r.fork)) &&
      must.every((test) => test(r)) &&
      words.every((w) => r.name.toLowerCase().includes(w));
  }

  // ---- A data repository ----

  private repoRoute(ctx: Ctx, repo: StoredRepo, rest: string): Reply {
    if (rest === '' || rest === '/') return { status: 200, body: this.fullRepository(repo) };
    if (rest === '/contents' || rest === '/contents/') return this.contents(ctx, repo, '');
    let m: RegExpExecArray | null;
    if ((m = /^\/contents\/(.+)$/.exec(rest))) return this.contents(ctx, repo, safeDecode(m[1]!));
    if (/^\/pulls\/?$/.test(rest)) return this.pulls(ctx, repo);
    throw notFound();
  }

  private contents(ctx: Ctx, repo: StoredRepo, rawPath: string): Reply {
    if (repo.empty) throw notFound('This repository is empty.');
    const refName = ctx.query.get('ref') ?? repo.defaultBranch;
    if (refName !== repo.defaultBranch && refName !== `refs/heads/${repo.defaultBranch}`) throw notFound(`No commit found for the ref ${refName}`);
    const path = rawPath.replace(/^\/+|\/+$/g, '');
    const api = `${this.url}/repos/${repo.fullName}`;
    const entry = (type: 'file' | 'dir', entryPath: string, sha: string, size: number) => {
      const encoded = encodePath(entryPath);
      const self = `${api}/contents/${encoded}?ref=${encodeURIComponent(refName)}`;
      const git = `${api}/git/${type === 'dir' ? 'trees' : 'blobs'}/${sha}`;
      const html = `${SERVER_URL}/${repo.fullName}/${type === 'dir' ? 'tree' : 'blob'}/${refName}/${encoded}`;
      return {
        type,
        size,
        name: entryPath.split('/').at(-1)!,
        path: entryPath,
        sha,
        url: self,
        git_url: git,
        html_url: html,
        download_url: type === 'file' ? `https://raw.github.test/${repo.fullName}/${refName}/${encoded}` : null,
        _links: { self, git, html },
      };
    };
    const file = repo.files.get(path);
    if (file) {
      if (/vnd\.github(\.v3)?\.raw/.test(String(ctx.headers.accept ?? ''))) {
        return { status: 200, text: file.toString('utf8'), contentType: 'application/vnd.github.raw; charset=utf-8' };
      }
      const body: Schema<'content-file'> = { ...entry('file', path, blobSha(file), file.length), type: 'file', content: wrappedBase64(file), encoding: 'base64' };
      return { status: 200, body };
    }
    // A folder: its files and the folders under it, one level.
    const prefix = path === '' ? '' : `${path}/`;
    const children = new Map<string, Schema<'content-directory'>[number]>();
    for (const [filePath, content] of repo.files) {
      if (!filePath.startsWith(prefix)) continue;
      const [head, ...tail] = filePath.slice(prefix.length).split('/');
      const childPath = `${prefix}${head}`;
      if (children.has(childPath)) continue;
      children.set(childPath, tail.length === 0 ? entry('file', childPath, blobSha(content), content.length) : entry('dir', childPath, fakeSha(repo.fullName, 'tree', childPath), 0));
    }
    if (children.size === 0) throw notFound();
    const body: Schema<'content-directory'> = [...children.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
    return { status: 200, body };
  }

  /** state (default open), head (`owner:branch`; without the owner GitHub ignores it), base, sort, direction. */
  private pulls(ctx: Ctx, repo: StoredRepo): Reply {
    const state = ctx.query.get('state') ?? 'open';
    const head = ctx.query.get('head');
    const base = ctx.query.get('base');
    const sort = ctx.query.get('sort') ?? 'created';
    const direction = ctx.query.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
    const key = (p: StoredPull) => (sort === 'updated' ? p.updatedAt : p.createdAt);
    const pulls = repo.pulls
      .filter((p) => state === 'all' || p.state === state)
      .filter((p) => {
        if (!head || !head.includes(':')) return true;
        const at = head.indexOf(':');
        return head.slice(0, at).toLowerCase() === repo.owner.login.toLowerCase() && head.slice(at + 1) === p.head;
      })
      .filter((p) => !base || base === repo.defaultBranch)
      .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.number - b.number));
    if (direction === 'desc') pulls.reverse();
    const { page, headers } = this.paginate(ctx, pulls);
    return { status: 200, body: page.map((p) => this.pullJson(repo, p)), headers };
  }
}
