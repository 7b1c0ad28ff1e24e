// Commits the agent's changes through the Git Data API (blobs → tree → commit
// → ref), so GitHub signs them and no git credentials ever sit in the checkout.
// Only fast-forwards: onto the PR head it was given (same-repo PRs) or onto a
// branch it creates. If the head moved since the checkout, it stops and says
// so rather than overwrite someone's push.
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { git, type Repo } from '../../safety/git.js';
import { truncate } from '../../truncate.js';
import { GitHubError, type GitHub, type TreeEntry } from '../api.js';

export interface ChangedPath {
  path: string;
  deleted: boolean;
}

/** The commit could not be made without overwriting or guessing; nothing was written. */
export class CommitRefused extends Error {
  override name = 'CommitRefused';
}

/** A file holds a secret: nothing is committed, and the changes are not shown anywhere either. */
export class SecretRefused extends CommitRefused {
  override name = 'SecretRefused';
}

function splitZ(output: string): string[] {
  return output.split('\0').filter((part) => part.length > 0);
}

/**
 * What the agent changed since `baseSha`: tracked files that differ (also
 * through commits the agent made itself) and new files git does not ignore.
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
    changed.set(path, { path, deleted: status.startsWith('D') });
  }
  for (const path of splitZ(untracked)) changed.set(path, { path, deleted: false });
  return [...changed.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * Refuses changes that would publish a secret: the first file holding one is
 * named (never the value). Links count too: their target text is committed.
 */
export function refuseSecrets(root: string, changes: readonly ChangedPath[], find: (text: string) => string | undefined): void {
  for (const change of changes) {
    if (change.deleted) continue;
    const full = join(root, change.path);
    const stat = lstatSync(full, { throwIfNoEntry: false });
    if (!stat || stat.isDirectory()) continue;
    const text = stat.isSymbolicLink() ? readlinkSync(full) : readFileSync(full).toString('latin1');
    const found = find(text);
    if (found) throw new SecretRefused(`The file ${change.path} contains ${found}, so nothing was committed: Deckhand never publishes a secret. Remove it and ask again.`);
  }
}

/** How much of a patch the job summary takes (GitHub caps a step's summary at 1 MiB). */
export const PATCH_MAX_CHARS = 200_000;

/**
 * The changes as a patch, for when they could not be committed: `git diff`
 * for tracked files, and new files written out in the same form. Cut at
 * PATCH_MAX_CHARS with a note.
 */
export async function patchOf(repo: Repo, baseSha: string, changes: readonly ChangedPath[]): Promise<string> {
  const root = repo.root;
  const tracked = new Set(splitZ(await git(['diff', '--name-only', '-z', baseSha, '--'], repo)));
  const parts = [tracked.size > 0 ? await git(['diff', '--no-color', baseSha, '--'], repo) : ''];
  for (const change of changes) {
    if (tracked.has(change.path) || change.deleted) continue;
    const stat = lstatSync(join(root, change.path), { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    const bytes = readFileSync(join(root, change.path));
    const header = `diff --git a/${change.path} b/${change.path}\nnew file mode ${stat.mode & 0o111 ? '100755' : '100644'}\n`;
    if (bytes.includes(0)) {
      parts.push(`${header}Binary files /dev/null and b/${change.path} differ\n`);
      continue;
    }
    const text = bytes.toString('utf8');
    if (text === '') {
      parts.push(header);
      continue;
    }
    const lines = text.replace(/\n$/, '').split('\n');
    const ending = text.endsWith('\n') ? '' : '\\ No newline at end of file\n';
    parts.push(`${header}--- /dev/null\n+++ b/${change.path}\n@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join('\n')}\n${ending}`);
  }
  const patch = parts.join('');
  return truncate(patch, PATCH_MAX_CHARS, (left) => `\n… (${left} more characters of the patch left out)\n`);
}

/** Tree entries for the changes, uploading each new file's content as a blob. */
async function treeEntries(api: GitHub, root: string, changes: readonly ChangedPath[]): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  for (const change of changes) {
    const full = join(root, change.path);
    const stat = change.deleted ? undefined : lstatSync(full, { throwIfNoEntry: false });
    if (!stat) {
      entries.push({ path: change.path, mode: '100644', type: 'blob', sha: null });
      continue;
    }
    if (stat.isDirectory()) continue; // a nested repository (submodule): not ours to commit
    const symlink = stat.isSymbolicLink();
    const content = symlink ? Buffer.from(readlinkSync(full)) : readFileSync(full);
    const blob = await api.createBlob(content);
    entries.push({ path: change.path, mode: symlink ? '120000' : stat.mode & 0o111 ? '100755' : '100644', type: 'blob', sha: blob.sha });
  }
  return entries;
}

export interface CommitRequest {
  repo: Repo;
  /** The commit the checkout started from: the parent of the new commit. */
  baseSha: string;
  branch: string;
  /** True to create the branch at the new commit; false to fast-forward an existing one. */
  createBranch: boolean;
  message: string;
  changes: readonly ChangedPath[];
}

export async function commitChanges(api: GitHub, request: CommitRequest): Promise<{ sha: string }> {
  const { branch, baseSha } = request;
  if (!request.createBranch) {
    const current = await api.branchSha(branch);
    if (current === undefined) throw new CommitRefused(`The branch ${branch} no longer exists, so the changes were not committed.`);
    if (current !== baseSha) {
      throw new CommitRefused(
        `The branch ${branch} moved since the checkout (from ${baseSha.slice(0, 7)} to ${current.slice(0, 7)}), so the changes were not committed: Deckhand never overwrites a push. Ask again to work on the new head.`,
      );
    }
  }
  const entries = await treeEntries(api, request.repo.root, request.changes);
  const base = await api.commitInfo(baseSha);
  const tree = await api.createTree(base.tree.sha, entries);
  const commit = await api.createCommit({ message: request.message, tree: tree.sha, parents: [baseSha] });
  try {
    if (request.createBranch) await api.createBranch(branch, commit.sha);
    else await api.moveBranch(branch, commit.sha);
  } catch (err) {
    if (err instanceof GitHubError && err.status === 422 && !request.createBranch) {
      throw new CommitRefused(`The branch ${branch} moved while the changes were being committed, so they were not: Deckhand never overwrites a push.`);
    }
    throw err;
  }
  return { sha: commit.sha };
}

/** A free branch name: `name`, else `name-2`, `name-3`… (a re-run must not reuse a branch it made before). */
export async function freeBranchName(api: GitHub, name: string): Promise<string> {
  for (let n = 1; n <= 20; n++) {
    const candidate = n === 1 ? name : `${name}-${n}`;
    if ((await api.branchSha(candidate)) === undefined) return candidate;
  }
  throw new CommitRefused(`Branches ${name} to ${name}-20 all exist already; delete some and run again.`);
}
