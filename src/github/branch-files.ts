// Files written on a branch of their own through the Git Data API (the memory
// branch): read the branch's tip and files, compute what to write from them,
// commit on top (the first commit of a new branch has no parent), and
// fast-forward. A writer that moved the branch meanwhile is not overwritten:
// the files are computed again from the new tip and the commit made on it,
// so nothing either run wrote is lost.
import { GitHubError, type BranchTip, type FolderEntry, type GitHub, type TreeEntry } from './api.js';

export interface BranchFilesCommit {
  branch: string;
  /** The files to write (null deletes) and the commit's message, given the branch's files and last commit as they stand (undefined: no such branch yet). */
  build(current: FolderEntry[] | undefined, tip: BranchTip | undefined): Promise<{ files: Record<string, string | null>; message: string }>;
  /** The branch's files and last commit as the run read them at its start: what a dry run shows the commit on. */
  known: FolderEntry[] | undefined;
  knownTip: BranchTip | undefined;
}

/** A lock older than this was left by a run that died: it is taken over. */
export const LOCK_STALE_MS = 3_600_000;

/** Tries on a moved tip this many times in all. */
const ATTEMPTS = 4;

/** The branch could not take the commit (protected, or moving faster than it could be written). */
export class BranchRefused extends Error {
  override name = 'BranchRefused';
}

export async function commitBranchFiles(api: GitHub, request: BranchFilesCommit): Promise<{ sha: string }> {
  const { branch } = request;
  for (let attempt = 1; ; attempt++) {
    const read = await api.gitFolders([`${branch}:`], [branch]);
    const tip = read.tips[0];
    const { files, message } = await request.build(tip ? (read.folders[0] ?? []) : undefined, tip);
    const entries: TreeEntry[] = [];
    for (const [path, text] of Object.entries(files)) {
      entries.push({ path, mode: '100644', type: 'blob', sha: text === null ? null : (await api.createBlob(Buffer.from(text))).sha });
    }
    const tree = await api.createTree(tip?.tree.oid, entries);
    const commit = await api.createCommit({ message, tree: tree.sha, parents: tip ? [tip.oid] : [] });
    try {
      if (tip) await api.moveBranch(branch, commit.sha);
      else await api.createBranch(branch, commit.sha);
      return { sha: commit.sha };
    } catch (err) {
      if (!(err instanceof GitHubError) || err.status !== 422) throw err;
      // GitHub says a protected branch outright; a moved tip (or a branch made meanwhile) is tried again on the new one.
      if (/protected branch/i.test(err.message)) throw new BranchRefused(`the branch ${branch} is protected, and GitHub refused the update (${err.message})`);
      // A ruleset says it in other words: a refusal is a tip that did not move.
      const now = (await api.gitFolders([], [branch])).tips[0];
      if (now?.oid === tip?.oid) throw new BranchRefused(`GitHub refused the update of ${branch} (${err.message})`);
      if (attempt >= ATTEMPTS) throw new BranchRefused(`the branch ${branch} kept moving while Deckhand wrote to it (${attempt} tries)`);
    }
  }
}

/**
 * A lock no two runs hold at once: a branch made at a commit of its own (so
 * its date says when it was taken), which GitHub refuses to make twice. A
 * lock older than `staleMs` was left by a run that died and is taken over.
 * True when this run holds it.
 */
export async function takeBranchLock(api: GitHub, name: string, onto: BranchTip, held: BranchTip | undefined, message: string, staleMs: number, now: number): Promise<boolean> {
  if (held && now - Date.parse(held.committedDate) < staleMs) return false;
  const commit = await api.createCommit({ message, tree: onto.tree.oid, parents: [onto.oid] });
  try {
    if (held) await api.moveBranch(name, commit.sha).catch(() => api.deleteBranch(name).then(() => api.createBranch(name, commit.sha)));
    else await api.createBranch(name, commit.sha);
    return true;
  } catch (err) {
    if (err instanceof GitHubError && err.status === 422) return false;
    throw err;
  }
}
