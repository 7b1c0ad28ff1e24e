// Commits the agent's changes through the Git Data API (blobs → tree → commit
// → ref), so GitHub signs them and no git credentials ever sit in the checkout.
// Only fast-forwards: onto the PR head it was given (same-repo PRs) or onto a
// branch it creates. If the head moved since the checkout, it stops and says
// so rather than overwrite someone's push.
import type { ChangeContent } from '../checkout/changes.js';
import type { Repo } from '../safety/git.js';
import { GitHubError, type GitHub, type TreeEntry } from './api.js';

/** The commit could not be made without overwriting or guessing; nothing was written. */
export class CommitRefused extends Error {
  override name = 'CommitRefused';
}

/** Tree entries for the changes, uploading each new file's content as a blob. */
async function treeEntries(api: GitHub, contents: readonly ChangeContent[]): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  for (const change of contents) {
    if (change.kind === 'deleted') entries.push({ path: change.path, mode: '100644', type: 'blob', sha: null });
    else if (change.kind === 'file' || change.kind === 'link') {
      const blob = await api.createBlob(change.kind === 'link' ? Buffer.from(change.target) : change.bytes);
      entries.push({ path: change.path, mode: change.kind === 'link' ? '120000' : change.executable ? '100755' : '100644', type: 'blob', sha: blob.sha });
    }
    // A nested repository is not ours to commit; an unsupported path was refused before.
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
  /** A fleet's branch that exists: set to the new commit (on the base, not on the branch), unless it already holds exactly that. */
  replace?: boolean;
  message: string;
  /** The changes as read once for the secret check: the commit holds exactly these. */
  changes: readonly ChangeContent[];
}

export async function commitChanges(api: GitHub, request: CommitRequest): Promise<{ sha: string; unchanged?: true }> {
  const { branch, baseSha } = request;
  if (request.replace) return replaceBranch(api, request);
  if (!request.createBranch) {
    const current = await api.branchSha(branch);
    if (current === undefined) throw new CommitRefused(`The branch ${branch} no longer exists, so the changes were not committed.`);
    if (current !== baseSha) {
      throw new CommitRefused(
        `The branch ${branch} moved since the checkout (from ${baseSha.slice(0, 7)} to ${current.slice(0, 7)}), so the changes were not committed: Deckhand never overwrites a push. Ask again to work on the new head.`,
      );
    }
  }
  const entries = await treeEntries(api, request.changes);
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

/**
 * A fleet's branch, made again from this run's base and changes: a re-run
 * updates the same pull request. When the branch already holds the same tree
 * on the same base, it is left as it is (unchanged).
 */
async function replaceBranch(api: GitHub, request: CommitRequest): Promise<{ sha: string; unchanged?: true }> {
  const { branch, baseSha } = request;
  const current = await api.branchSha(branch);
  // The fleet's branch holds one commit of Deckhand's on a base; one that holds more has someone's work on it, which is never overwritten.
  if (current !== undefined && (await api.compare(baseSha, current)).ahead_by > 1) {
    throw new CommitRefused(
      `The fleet's branch ${branch} has commits someone else pushed, so this run did not replace it: Deckhand never overwrites a push. Merge or close its pull request (and delete the branch) to let the fleet work here again.`,
    );
  }
  const entries = await treeEntries(api, request.changes);
  const base = await api.commitInfo(baseSha);
  const tree = await api.createTree(base.tree.sha, entries);
  if (current !== undefined) {
    const held = await api.commitInfo(current);
    if (held.tree.sha === tree.sha && held.parents?.length === 1 && held.parents[0]!.sha === baseSha) return { sha: current, unchanged: true };
  }
  const commit = await api.createCommit({ message: request.message, tree: tree.sha, parents: [baseSha] });
  if (current === undefined) await api.createBranch(branch, commit.sha);
  else await api.replaceBranch(branch, commit.sha);
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
