// The checkout as the agent left it, kept through a verifier's run: the
// verifier runs tests with Bash and must not edit, so whatever it changed in
// the files a commit would hold is put back afterwards — what the agent
// changed as the agent left it, anything else as it was at the base commit.
import { chmodSync, lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { changedPaths, patchOf, readChanges, type ChangeContent } from '../checkout/changes.js';
import { git, gitBytes, type Repo } from '../safety/git.js';

/** The diff of everything changed since `baseSha`, as a commit would hold it; empty when nothing is. */
export async function diffSince(repo: Repo, baseSha: string): Promise<string> {
  const changes = readChanges(repo.root, await changedPaths(repo, baseSha));
  return changes.length === 0 ? '' : patchOf(repo, baseSha, changes);
}

/** Rounds of putting back: each can only reveal what an ignore file it restored had hidden. */
const MAX_PASSES = 5;

function sameChange(a: ChangeContent | undefined, b: ChangeContent | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.kind === 'file' && b.kind === 'file') return a.executable === b.executable && a.bytes.equals(b.bytes);
  if (a.kind === 'link' && b.kind === 'link') return a.target === b.target;
  return a.kind === b.kind;
}

/** True when every folder on the way to `path` is a real folder (or missing): nothing is written through a link. */
function plainPath(root: string, path: string): boolean {
  let dir = root;
  for (const part of path.split('/').slice(0, -1)) {
    dir = join(dir, part);
    const stat = lstatSync(dir, { throwIfNoEntry: false });
    if (!stat) return true;
    if (!stat.isDirectory()) return false;
  }
  return true;
}

/**
 * The base commit's version of a path, read as git stores it — never through
 * `git checkout`, which would run the checkout's attribute filters — or
 * undefined when the base has no such file.
 */
async function baseVersion(repo: Repo, baseSha: string, path: string): Promise<ChangeContent | undefined> {
  const entry = (await git(['ls-tree', '-z', baseSha, '--', path], repo)).split('\0')[0];
  if (!entry) return undefined;
  const [mode, type, sha] = entry.slice(0, entry.indexOf('\t')).split(' ');
  // A folder there: what stands in its place goes, and its files are put back by their own paths.
  if (type === 'tree') return { path, kind: 'deleted' };
  if (type !== 'blob' || !sha) return { path, kind: 'unsupported', what: `a ${type} in the base commit` };
  const bytes = await gitBytes(['cat-file', 'blob', sha], repo);
  return mode === '120000' ? { path, kind: 'link', target: bytes.toString('utf8') } : { path, kind: 'file', bytes, executable: mode === '100755' };
}

/** Puts one path back: as the agent left it (`want`), or as the base commit has it. */
async function putBack(repo: Repo, baseSha: string, path: string, want: ChangeContent | undefined): Promise<boolean> {
  const full = join(repo.root, path);
  if (!plainPath(repo.root, path)) return false;
  const target = want ?? (await baseVersion(repo, baseSha, path)) ?? ({ path, kind: 'deleted' } as const);
  if (target.kind !== 'file' && target.kind !== 'link' && target.kind !== 'deleted') return false;
  rmSync(full, { recursive: true, force: true });
  if (target.kind === 'deleted') return true;
  mkdirSync(dirname(full), { recursive: true });
  if (target.kind === 'link') symlinkSync(target.target, full);
  else {
    writeFileSync(full, target.bytes);
    chmodSync(full, target.executable ? 0o755 : 0o644);
  }
  return true;
}

/**
 * Runs `work` (a verifier) and then undoes what it changed in the checkout.
 * Files git ignores (caches, build output) are left as they are: no commit
 * holds them. `warn` is told how many paths were put back, or could not be.
 */
export async function undoingChanges<T>(repo: Repo, baseSha: string, work: () => Promise<T>, warn: (message: string) => void): Promise<T> {
  const changesNow = async () => new Map(readChanges(repo.root, await changedPaths(repo, baseSha)).map((change) => [change.path, change] as const));
  const before = await changesNow();
  try {
    return await work();
  } finally {
    const putBackPaths = new Set<string>();
    const left = new Set<string>();
    // Putting an ignore file back can bring to light a file the verifier hid with it: then again, a few times at most.
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const after = await changesNow();
      // A folder's own path comes before the paths under it: a link the verifier put there goes first.
      const paths = [...new Set([...before.keys(), ...after.keys()])].sort().filter((path) => !left.has(path) && !sameChange(before.get(path), after.get(path)));
      if (paths.length === 0) break;
      for (const path of paths) {
        if (await putBack(repo, baseSha, path, before.get(path)).catch(() => false)) putBackPaths.add(path);
        else left.add(path);
      }
    }
    const n = putBackPaths.size;
    if (n > 0) warn(`The verifier changed ${n} file${n === 1 ? '' : 's'} in the checkout; ${n === 1 ? 'it was' : 'they were'} put back as the agent left ${n === 1 ? 'it' : 'them'}.`);
    if (left.size > 0) {
      const one = left.size === 1;
      warn(`The verifier changed ${[...left].join(', ')}, which could not be put back; the commit holds ${one ? 'it' : 'them'} as the verifier left ${one ? 'it' : 'them'}.`);
    }
  }
}
