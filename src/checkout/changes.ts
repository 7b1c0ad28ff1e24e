// What the agent changed in the checkout, read exactly as a commit would hold
// it — the bytes of each file, a link's target, a removal — so the secret
// check, the commit, the dry run and a patch all see the same thing.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { git, type Repo } from '../safety/git.js';
import { truncate } from '../truncate.js';

export interface ChangedPath {
  path: string;
  deleted: boolean;
}

function splitZ(output: string): string[] {
  return output.split('\0').filter((part) => part.length > 0);
}

/**
 * google-github-actions/auth writes its credentials file into the checkout
 * (`gha-creds-<random>.json`): never part of the work, whatever .gitignore says.
 */
const isCredentialsFile = (path: string) => /^gha-creds-.*\.json$/.test(path.slice(path.lastIndexOf('/') + 1));
const NOT_CREDENTIALS_FILES = ':(exclude,glob)**/gha-creds-*.json';

/**
 * What the agent changed since `baseSha`: tracked files that differ (also
 * through commits the agent made itself) and new files git does not ignore,
 * less any credentials file of google-github-actions/auth.
 */
export async function changedPaths(repo: Repo, baseSha: string): Promise<ChangedPath[]> {
  const [diff, untracked] = await Promise.all([
    git(['diff', '--name-status', '-z', '--no-renames', baseSha, '--'], repo),
    git(['ls-files', '--others', '--exclude-standard', '-z', '--'], repo),
  ]);
  const changed = new Map<string, ChangedPath>();
  const parts = splitZ(diff);
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const status = parts[i]!;
    const path = parts[i + 1]!;
    if (!isCredentialsFile(path)) changed.set(path, { path, deleted: status.startsWith('D') });
  }
  for (const path of splitZ(untracked)) if (!isCredentialsFile(path)) changed.set(path, { path, deleted: false });
  return [...changed.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * A changed path as a commit holds it: a file's bytes, a link's target path
 * (never what it points to), or its removal. A nested repository (a folder
 * git lists as one path) is not ours to commit; anything else — a named pipe,
 * a socket, a device — cannot be committed, and is never opened.
 */
export type ChangeContent =
  | { path: string; kind: 'deleted' }
  | { path: string; kind: 'file'; bytes: Buffer; executable: boolean }
  | { path: string; kind: 'link'; target: string }
  | { path: string; kind: 'nested-repository' }
  | { path: string; kind: 'unsupported'; what: string };

function unsupported(stat: Stats): string | undefined {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  return undefined;
}

/**
 * Reads one change exactly as a commit would hold it, and nothing else: no
 * link is followed (not the last part, not a folder on the way), and a file
 * is opened without following a link and without blocking, then checked to
 * be the regular file it was a moment before.
 */
function readChange(root: string, change: ChangedPath): ChangeContent {
  const { path } = change;
  if (change.deleted) return { path, kind: 'deleted' };
  const parts = path.split('/');
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = join(dir, part);
    const stat = lstatSync(dir, { throwIfNoEntry: false });
    if (!stat) return { path, kind: 'deleted' };
    if (!stat.isDirectory()) return { path, kind: 'unsupported', what: 'behind a symbolic link' };
  }
  const full = join(root, path);
  const stat = lstatSync(full, { throwIfNoEntry: false });
  if (!stat) return { path, kind: 'deleted' };
  if (stat.isSymbolicLink()) return { path, kind: 'link', target: readlinkSync(full) };
  if (stat.isDirectory()) return { path, kind: 'nested-repository' };
  if (!stat.isFile()) return { path, kind: 'unsupported', what: unsupported(stat) ?? 'not a regular file' };
  const fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.ino !== stat.ino || opened.dev !== stat.dev) return { path, kind: 'unsupported', what: 'replaced while it was read' };
    return { path, kind: 'file', bytes: readFileSync(fd), executable: (opened.mode & 0o111) !== 0 };
  } finally {
    closeSync(fd);
  }
}

/** The changes as a commit would hold them: what the secret check, the commit, the dry run and the patch all read. */
export function readChanges(root: string, changes: readonly ChangedPath[]): ChangeContent[] {
  return changes.map((change) => readChange(root, change));
}

/** How much of a patch the job summary takes (GitHub caps a step's summary at 1 MiB). */
export const PATCH_MAX_CHARS = 200_000;

/** A new file or link written as `git diff` writes one. */
export function addedAsDiff(change: ChangeContent): string {
  if (change.kind !== 'file' && change.kind !== 'link') return '';
  const mode = change.kind === 'link' ? '120000' : change.executable ? '100755' : '100644';
  const header = `diff --git a/${change.path} b/${change.path}\nnew file mode ${mode}\n`;
  if (change.kind === 'file' && change.bytes.includes(0)) return `${header}Binary files /dev/null and b/${change.path} differ\n`;
  const text = change.kind === 'link' ? change.target : change.bytes.toString('utf8');
  if (text === '') return header;
  const lines = text.replace(/\n$/, '').split('\n');
  const ending = text.endsWith('\n') ? '' : '\\ No newline at end of file\n';
  return `${header}--- /dev/null\n+++ b/${change.path}\n@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join('\n')}\n${ending}`;
}

/**
 * The changes as a patch, for when they could not be committed: `git diff`
 * for tracked files and links, new ones written out in the same form, and a
 * line for each path that could not be read as a file or link. Cut at
 * PATCH_MAX_CHARS with a note.
 */
export async function patchOf(repo: Repo, baseSha: string, contents: readonly ChangeContent[]): Promise<string> {
  const tracked = new Set(splitZ(await git(['diff', '--name-only', '-z', baseSha, '--'], repo)));
  // git cannot diff a path that is no file or link: then only the others are named.
  const unreadable = contents.some((c) => c.kind === 'unsupported');
  const shown = unreadable ? contents.filter((c) => tracked.has(c.path) && c.kind !== 'unsupported').map((c) => c.path) : [];
  const diff = tracked.size > 0 && (!unreadable || shown.length > 0) ? await git(['diff', '--no-color', baseSha, '--', ...(unreadable ? shown : ['.', NOT_CREDENTIALS_FILES])], repo) : '';
  const parts = [diff];
  for (const change of contents) {
    if (change.kind === 'unsupported') parts.push(`# ${change.path} is left out: it is ${change.what}\n`);
    else if (!tracked.has(change.path)) parts.push(addedAsDiff(change));
  }
  return truncate(parts.join(''), PATCH_MAX_CHARS, (left) => `\n… (${left} more characters of the patch left out)\n`);
}

/**
 * The changes as a binary git patch against `baseSha` that `git apply`
 * makes whole again: the bytes as read (no filter, no text conversion), put
 * in an index of its own under `scratch` — the checkout's index is left alone.
 */
export async function binaryPatchOf(repo: Repo, baseSha: string, contents: readonly ChangeContent[], scratch: string): Promise<string> {
  const index = join(scratch, 'patch-index');
  await git(['read-tree', baseSha], repo, { index });
  const removed = contents.filter((c) => c.kind === 'deleted').map((c) => c.path);
  if (removed.length > 0) await git(['update-index', '--force-remove', '--', ...removed], repo, { index });
  const kept = contents.filter((c): c is Extract<ChangeContent, { kind: 'file' | 'link' }> => c.kind === 'file' || c.kind === 'link');
  if (kept.length > 0) {
    const blobs = kept.map((change, i) => {
      const path = join(scratch, `blob-${i}`);
      writeFileSync(path, change.kind === 'link' ? change.target : change.bytes);
      return path;
    });
    const shas = (await git(['hash-object', '-w', '--no-filters', '--', ...blobs], repo)).trim().split('\n');
    const entries = kept.flatMap((change, i) => ['--cacheinfo', `${change.kind === 'link' ? '120000' : change.executable ? '100755' : '100644'},${shas[i]},${change.path}`]);
    await git(['update-index', '--add', ...entries], repo, { index });
  }
  // The plumbing diff: no porcelain setting of the checkout's config (prefixes, external diffs, text conversion) applies.
  return git(['diff-index', '--cached', '-p', '--binary', '--full-index', '--no-renames', baseSha, '--'], repo, { index });
}
