// What the run taught Deckhand, committed to the memory branch: the memories
// it saved and removed (each passed the guard when it was staged), with
// MEMORY.md rewritten for the branch as it stands — on a tip another run
// moved meanwhile, computed again on that tip, so nothing is lost. A branch
// that will not take the commit (protected, or the default branch, which
// Deckhand never commits to) fails nothing: the reply and the summary say it
// could not save.
import { GitHubError, type BranchTip, type FolderEntry } from '../github/api.js';
import { ledgerOf, ledgerTrailers } from '../knowledge/memory/consolidate.js';
import type { MemoryDesk } from '../knowledge/memory/desk.js';
import { memoryFile, memoryIndex, readMemories, INDEX_FILE } from '../knowledge/memory/store.js';
import type { Published, PublishRequest } from './request.js';

export const mentionOf = (memory: { name: string; author: string }) => ({ name: memory.name, author: memory.author });

/** The files the commit writes, on the branch's files as they stand. */
async function filesOn(current: FolderEntry[] | undefined, desk: MemoryDesk): Promise<Record<string, string | null>> {
  const present = new Set((current ?? []).map((entry) => entry.name));
  const memories = new Map((current ? await readMemories(current, () => undefined) : []).map((memory) => [memory.name, memory]));
  const files: Record<string, string | null> = {};
  for (const memory of desk.saved.values()) {
    memories.set(memory.name, memory);
    files[`${memory.name}.md`] = await memoryFile(memory);
  }
  for (const name of desk.removed.keys()) {
    memories.delete(name);
    if (present.has(`${name}.md`)) files[`${name}.md`] = null;
  }
  files[INDEX_FILE] = memoryIndex([...memories.values()]);
  return files;
}

/** The commit's message: what was saved (who taught it, where) and removed (and why), then the ledger's trailers on the tip's. */
function messageOf(desk: MemoryDesk, tip: BranchTip | undefined): string {
  const verbs = [...(desk.saved.size > 0 ? [`save ${[...desk.saved.keys()].join(', ')}`] : []), ...(desk.removed.size > 0 ? [`remove ${[...desk.removed.keys()].join(', ')}`] : [])];
  const title = desk.consolidatedAt ? `Deckhand memory: consolidate${verbs.length > 0 ? ` (${verbs.join('; ')})` : ', nothing to change'}` : `Deckhand memory: ${verbs.join('; ')}`;
  const lines = [
    ...[...desk.saved.values()].map((memory) => `- ${memory.name}: taught by @${memory.author}${memory.source ? ` in ${memory.source}` : ''}`),
    ...[...desk.removed.keys()].map((name) => `- ${name}: removed${desk.notes.get(name) ? ` (${desk.notes.get(name)})` : ''}`),
  ];
  return `${title}\n\n${lines.join('\n')}\n\n${ledgerTrailers(ledgerOf(tip?.message), desk.consolidatedAt)}`;
}

/**
 * Commits what the run staged (once: a second call finds it done) and
 * releases the consolidation's lock; `published.memory` says what became of
 * it. Publish calls it whatever became of the work; a run stopped before
 * publishing calls it on its way out.
 */
export async function commitMemories(request: Pick<PublishRequest, 'memory' | 'settings' | 'writer'>, published: Published): Promise<void> {
  if (!request.memory) return;
  published.memory ??= { recalled: request.memory.recalled.memories.map(mentionOf), saved: [], removed: [] };
  if (committed.has(request.memory)) return;
  committed.add(request.memory);
  const lock = request.memory.consolidate?.lock;
  try {
    await commitChanges(request, published);
  } finally {
    if (lock) await request.writer.unlock(lock).catch((err: Error) => request.settings.warn(`Could not remove the memory lock ${lock} (${err.message}); the next consolidation takes it over in an hour.`));
  }
}

/** The runs' memory work already committed (publishUnfinished publishes, and a run may end after that). */
const committed = new WeakSet<object>();

async function commitChanges(request: Pick<PublishRequest, 'memory' | 'settings' | 'writer'>, published: Published): Promise<void> {
  const { memory, settings, writer } = request;
  const desk = memory?.desk;
  const report = published.memory;
  if (report && desk && desk.refused.length > 0) report.refused = [...desk.refused];
  if (!memory || !desk?.changed || !report) return;
  const { branch } = memory.store;
  if (branch === (await settings.defaultBranch())) {
    report.problem = `memory.branch is ${branch}, the default branch, which Deckhand never commits to.`;
    return;
  }
  try {
    const { sha } = await writer.commitBranchFiles({
      branch,
      known: memory.store.files,
      knownTip: memory.store.tip,
      build: async (current, tip) => ({ files: await filesOn(current, desk), message: messageOf(desk, tip) }),
    });
    report.saved = [...desk.saved.values()].map(mentionOf);
    report.removed = [...desk.removed.values()].map(mentionOf);
    report.commit = { sha, url: `${settings.serverUrl}/${settings.repository}/commit/${sha}` };
  } catch (err) {
    const readOnly = err instanceof GitHubError && err.status === 403;
    report.problem = readOnly
      ? `Could not save to the memory branch ${branch}: the workflow's token may not write contents (give the job \`contents: write\` to keep what it learns).`
      : `Could not save to the memory branch ${branch}: ${(err as Error).message}.`;
    settings.warn(report.problem);
  }
}
