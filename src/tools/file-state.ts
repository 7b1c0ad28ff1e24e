// What the agent last saw of each file. Read records it; Write and Edit refuse
// to touch a file the model has not seen, or one that changed on disk since —
// a linter, a formatter or a Bash command may have rewritten it in between.

export interface FileView {
  /** Text as the model saw it (line endings normalised to LF). */
  content: string;
  /** mtime in whole milliseconds when it was read or last written by a tool. */
  mtimeMs: number;
  /** True when only part of the file was shown (offset/limit or the line cap). */
  partial: boolean;
  /** True when a Read produced it (Write/Edit also record what they wrote). */
  fromRead: boolean;
  /** The range shown, so an identical re-read can be answered with a stub. */
  offset: number;
  limit: number | undefined;
}

export type ReadFileState = Map<string, FileView>;

export function newReadFileState(): ReadFileState {
  return new Map();
}

export function wholeMs(mtimeMs: number): number {
  return Math.floor(mtimeMs);
}

export const NOT_READ = 'File has not been read yet. Read it first before writing to it.';
export const MODIFIED_SINCE_READ =
  'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.';
export const UNEXPECTEDLY_MODIFIED = 'File has been unexpectedly modified. Read it again before attempting to write it.';

/**
 * Why the model's view of a file is not good enough to change it, or undefined
 * when it is. When the mtime moved but the model saw the whole file, the text
 * itself decides (a `touch` or a checkout that rewrote the same bytes is fine).
 */
export function staleView(
  view: FileView | undefined,
  mtimeMs: number,
  currentText: () => string,
  opts: { requireWhole: boolean; modifiedMessage: string },
): string | undefined {
  if (!view || (opts.requireWhole && view.partial)) return NOT_READ;
  if (view.mtimeMs === wholeMs(mtimeMs)) return undefined;
  if (!view.partial && view.content === currentText()) return undefined;
  return opts.modifiedMessage;
}

/**
 * After old tool results leave the conversation (compaction), a re-read must
 * return the content again, not "unchanged since last read": what the model
 * saw is gone. What Write and Edit check (content, mtime) stays.
 */
export function forgetShownReads(state: ReadFileState): void {
  for (const [path, view] of state) if (view.fromRead) state.set(path, { ...view, fromRead: false });
}
