// A fleet's targets: every entry of fleet_repositories listed through GitHub's
// REST API with the workflow's token — an owner's repositories (an
// organization's, else a user's), GitHub's repository search when the entry
// has qualifiers, or one repository by name — then each target's config read
// from its default branch, so a repository that says `fleet: off` is left
// out. Archived repositories, forks and empty ones are left out unless the
// entry's qualifiers ask for them (`archived:true`, `fork:true`). Pages after
// the first, and the configs, are read in parallel, a bounded number at once.
import { ConfigError, parseConfig } from '../config/repo.js';
import { GitHubError, type RestAnswer } from '../github/api.js';
import { pooled } from '../pooled.js';
import type { FleetEntry } from './entries.js';

/** How many GitHub reads a fleet job has in flight at once (GitHub asks for well under 100). */
export const READS_AT_ONCE = 32;
/** A page of a listing: GitHub's most. */
const PER_PAGE = 100;
/** GitHub's search shows only this many results of one query. */
const SEARCH_MAX = 1000;

/** A listing or a read failed, or the plan is past its cap: one line. */
export class FleetError extends Error {
  override name = 'FleetError';
}

export type Rest = <T>(route: string, params?: Record<string, unknown>) => Promise<RestAnswer<T>>;

/** A repository as GitHub lists it, the fields a plan reads. */
interface ListedRepository {
  full_name: string;
  default_branch?: string;
  archived?: boolean;
  fork?: boolean;
  size?: number;
}

export interface Target {
  /** owner/name, as GitHub spells it. */
  repository: string;
  defaultBranch: string;
}

export interface FleetListing {
  /** The repositories the fleet works on, sorted by name. */
  targets: Target[];
  /** Repositories whose config says `fleet: off`. */
  optedOut: string[];
  /** How many were left out as archived, forks or empty. */
  leftOut: { archived: number; forks: number; empty: number };
  /** Targets whose config could not be read as a config (their own runs say why); kept in. */
  unreadable: Array<{ repository: string; why: string }>;
  /** An entry was listed by GitHub's search, which leaves forks (and here archived ones) out itself, uncounted. */
  searched: boolean;
}

/** The last page a Link header names (1 when there is none). */
function lastPage(headers: RestAnswer<unknown>['headers']): number {
  const link = String(headers.link ?? '');
  const last = /<[^>]*[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link);
  return last ? Number(last[1]) : 1;
}

/** Every item of a listing: its first page, then the rest at once (the first's Link header says how many). */
export async function allPages<T>(rest: Rest, route: string, params: Record<string, unknown>, itemsOf: (data: unknown) => T[] = (data) => data as T[]): Promise<T[]> {
  const first = await rest<unknown>(route, { ...params, per_page: PER_PAGE, page: 1 });
  const pages = Array.from({ length: lastPage(first.headers) - 1 }, (_, i) => i + 2);
  const more = await pooled(pages, READS_AT_ONCE, async (page) => itemsOf((await rest<unknown>(route, { ...params, per_page: PER_PAGE, page })).data));
  return [...itemsOf(first.data), ...more.flat()];
}

/** An owner's repositories: an organization's (every one the token reaches), else a user's. */
async function ownerRepositories(rest: Rest, owner: string): Promise<ListedRepository[]> {
  try {
    return await allPages<ListedRepository>(rest, 'GET /orgs/{org}/repos', { org: owner, type: 'all' });
  } catch (err) {
    if (!(err instanceof GitHubError) || err.status !== 404) throw err;
  }
  try {
    return await allPages<ListedRepository>(rest, 'GET /users/{username}/repos', { username: owner, type: 'owner' });
  } catch (err) {
    if (err instanceof GitHubError && err.status === 404) throw new FleetError(`fleet_repositories names ${owner}/*, but GitHub knows no organization or user ${owner}.`);
    throw err;
  }
}

/** The repositories a search finds (GitHub shows the first 1,000 of a query only: past that, the entry must be narrowed). */
async function searched(rest: Rest, entry: FleetEntry, query: string): Promise<ListedRepository[]> {
  const itemsOf = (data: unknown) => (data as { items: ListedRepository[] }).items;
  const first = await rest<{ total_count: number; items: ListedRepository[] }>('GET /search/repositories', { q: query, per_page: PER_PAGE, page: 1 });
  if (first.data.total_count > SEARCH_MAX) {
    throw new FleetError(`fleet_repositories entry "${entry.text}" matches ${first.data.total_count} repositories, and GitHub's search shows only ${SEARCH_MAX}: narrow it with more qualifiers, or split it.`);
  }
  const pages = Array.from({ length: Math.ceil(first.data.total_count / PER_PAGE) - 1 }, (_, i) => i + 2);
  const more = await pooled(pages, READS_AT_ONCE, async (page) => itemsOf((await rest<unknown>('GET /search/repositories', { q: query, per_page: PER_PAGE, page })).data));
  return [...first.data.items, ...more.flat()];
}

/** One entry's repositories, with the filters it asked for (or the defaults) applied; counts what the defaults left out. */
async function listEntry(rest: Rest, entry: FleetEntry, listing: Pick<FleetListing, 'leftOut' | 'searched'>): Promise<ListedRepository[]> {
  const { leftOut } = listing;
  const { owner, name, qualifiers } = entry;
  const asks = (key: string) => qualifiers.some((q) => q.replace(/^-/, '').startsWith(`${key}:`));
  if (qualifiers.length > 0) {
    // GitHub's search filters: forks are out of a search unless asked for; archived ones are out here unless asked for.
    // One repository named: a fork too, as without qualifiers.
    const scope = name === '*' ? [`user:${owner}`] : [`repo:${owner}/${name}`, ...(asks('fork') ? [] : ['fork:true'])];
    const query = [...scope, ...qualifiers, ...(asks('archived') ? [] : ['archived:false'])].join(' ');
    listing.searched = true;
    return searched(rest, entry, query);
  }
  if (name !== '*') {
    try {
      const repo = (await rest<ListedRepository>('GET /repos/{owner}/{repo}', { owner, repo: name })).data;
      // Named on purpose: a fork is a target; an archived repository takes no pull request.
      if (repo.archived) {
        leftOut.archived++;
        return [];
      }
      return [repo];
    } catch (err) {
      if (err instanceof GitHubError && err.status === 404) throw new FleetError(`fleet_repositories names ${owner}/${name}, which does not exist or which this token cannot reach.`);
      throw err;
    }
  }
  const all = await ownerRepositories(rest, owner);
  return all.filter((repo) => {
    if (repo.archived) leftOut.archived++;
    else if (repo.fork) leftOut.forks++;
    return !repo.archived && !repo.fork;
  });
}

type ConfigAnswer = { kind: 'config'; text: string } | { kind: 'none' } | { kind: 'empty' };

/** A target's config file on its default branch: its text, none, or the repository has no commits at all. */
async function configOf(rest: Rest, repository: string, branch: string, path: string): Promise<ConfigAnswer> {
  const [owner, repo] = repository.split('/');
  try {
    const { data } = await rest<{ type?: string; content?: string; encoding?: string }>('GET /repos/{owner}/{repo}/contents/{path}', { owner, repo, path, ref: branch });
    if (data.type !== 'file' || data.content === undefined) return { kind: 'none' };
    return { kind: 'config', text: Buffer.from(data.content, (data.encoding as BufferEncoding) ?? 'base64').toString('utf8') };
  } catch (err) {
    // GitHub answers an empty repository's contents with 404 "This repository is empty." (409 for some calls).
    if (err instanceof GitHubError && (err.status === 409 || (err.status === 404 && /repository is empty/i.test(err.message)))) return { kind: 'empty' };
    if (err instanceof GitHubError && err.status === 404) return { kind: 'none' };
    throw new FleetError(`Could not read ${repository}'s ${path}: ${(err as Error).message}`);
  }
}

/** The fleet's targets: every entry listed, deduplicated, filtered, and each one's config asked whether it opted out. */
export async function listFleet(rest: Rest, entries: readonly FleetEntry[], configPath: string): Promise<FleetListing> {
  const listing: FleetListing = { targets: [], optedOut: [], leftOut: { archived: 0, forks: 0, empty: 0 }, unreadable: [], searched: false };
  const lists = await Promise.all(entries.map((entry) => listEntry(rest, entry, listing)));
  const byName = new Map<string, ListedRepository>();
  for (const repo of lists.flat()) byName.set(repo.full_name.toLowerCase(), repo);
  const candidates = [...byName.values()].sort((a, b) => a.full_name.toLowerCase().localeCompare(b.full_name.toLowerCase()));
  const configs = await pooled(candidates, READS_AT_ONCE, (repo) => configOf(rest, repo.full_name, repo.default_branch ?? 'HEAD', configPath));
  for (const [i, repo] of candidates.entries()) {
    const config = configs[i]!;
    if (config.kind === 'empty') {
      listing.leftOut.empty++;
      continue;
    }
    if (config.kind === 'config') {
      try {
        const { config: parsed } = await parseConfig(config.text, `${repo.full_name}:${configPath}`);
        if (parsed.fleet === 'off') {
          listing.optedOut.push(repo.full_name);
          continue;
        }
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        listing.unreadable.push({ repository: repo.full_name, why: err.message });
      }
    }
    listing.targets.push({ repository: repo.full_name, defaultBranch: repo.default_branch ?? '' });
  }
  return listing;
}
