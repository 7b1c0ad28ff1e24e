// A follow-up review looks again at its own earlier findings where the new
// commits touched them, so it can say per thread whether the finding was
// addressed (and resolve it) or still stands — instead of repeating it.
import type { ChangedFile, ReviewThread } from '../core/context.js';
import { parsePatch } from '../github/diff.js';

/**
 * Deckhand's own earlier threads (started by its own comment) whose line the
 * new commits touched: the line lies in a hunk of the diff since the reviewed
 * head, or GitHub now marks the comment outdated.
 */
export function touchedThreads(threads: readonly ReviewThread[], changed: readonly ChangedFile[]): ReviewThread[] {
  const hunks = new Map(changed.map((file) => [file.path, file.patch === undefined ? undefined : parsePatch(file.patch)]));
  return threads.filter((thread) => {
    if (thread.comments[0]?.author.permission !== 'deckhand') return false;
    // An outdated thread stays outdated: once Deckhand has had the last word on it, it is not brought back on every push.
    const answered = thread.comments.length > 1 && thread.comments.at(-1)!.author.permission === 'deckhand';
    if (thread.outdated) return !answered;
    if (!hunks.has(thread.path)) return false;
    const fileHunks = hunks.get(thread.path);
    // A changed file GitHub sends no patch for (binary, too large): every line may have moved.
    if (fileHunks === undefined || thread.line === null) return true;
    return fileHunks.some((h) => thread.line! >= h.newStart && thread.line! < h.newStart + Math.max(h.newLines, 1));
  });
}

/**
 * Of Deckhand's own threads, those whose line itself the new commits changed:
 * a line they added or rewrote, a comment GitHub now marks outdated, a file
 * GitHub sends no patch for. A line that is only context in a hunk is
 * unchanged — its finding is not answered by a change beside it.
 */
export function changedThreads(threads: readonly ReviewThread[], changed: readonly ChangedFile[]): ReviewThread[] {
  const files = new Map(changed.map((file) => [file.path, file.patch]));
  return threads.filter((thread) => {
    if (thread.comments[0]?.author.permission !== 'deckhand') return false;
    if (thread.outdated || thread.line === null) return true;
    if (!files.has(thread.path)) return false;
    const patch = files.get(thread.path);
    if (patch === undefined) return true;
    return parsePatch(patch).some((hunk) => hunk.lines.some((line) => line.kind === 'add' && line.newLine === thread.line));
  });
}
