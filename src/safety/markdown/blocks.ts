// The one block splitter: markdown, line by line, into fenced code, HTML
// blocks and the rest, with its state (the open fence, the open HTML block,
// whether the last line was blank) held in one value. Where GitHub's renderer
// and a reader could disagree, the reader's policy decides (BlockRules):
// sanitize (what the model reads) leans towards prose, defang (what Deckhand
// posts) towards markdown it defangs; the walk between those decisions is the
// same for both.
import { FENCE_CLOSE, indentOf, isBlankLine } from './commonmark.js';

export type BlockKind = 'code' | 'html' | 'markdown';

/** A fence a line opens: its character, its length, and the column it is indented to. */
export interface Fence {
  char: string;
  length: number;
  indent: number;
}

/** True for the line that ends an HTML block. */
export type HtmlBlockEnd = (line: string) => boolean;

/** Where a policy settles what CommonMark leaves to context. */
export interface BlockRules {
  /** The fence this line opens, if the policy believes one does. */
  fenceOpen(line: string, previousBlank: boolean): Fence | undefined;
  /** How an HTML block starting on this line ends, if the policy counts one as starting. */
  htmlBlockEnd(line: string): HtmlBlockEnd | undefined;
  /**
   * Whether a closing fence indented less than its opener closes it (and is
   * code). When not, the fence ends before that line, which is read again.
   */
  dedentedCloserCloses: boolean;
}

export interface BlockState {
  fence?: Fence;
  html?: HtmlBlockEnd;
  previousBlank: boolean;
}

export const START: BlockState = { previousBlank: true };

/** One line as the splitter read it; `opens` is set on the line that opens a fence. */
export interface BlockLine {
  kind: BlockKind;
  text: string;
  opens?: Fence;
}

/** The kind of `line` after `state`, and the state after it. */
export function readLine(state: BlockState, line: string, rules: BlockRules): { line: BlockLine; state: BlockState } {
  const blank = isBlankLine(line);
  const after = (kind: BlockKind, next: Omit<BlockState, 'previousBlank'>, opens?: Fence) => ({
    line: { kind, text: line, ...(opens ? { opens } : {}) },
    state: { ...next, previousBlank: blank },
  });
  const { fence } = state;
  if (fence) {
    const close = FENCE_CLOSE.exec(line)?.[1];
    const closes = close !== undefined && close[0] === fence.char && close.length >= fence.length;
    const indent = indentOf(line);
    if (blank || indent >= fence.indent || (closes && rules.dedentedCloserCloses)) {
      return after('code', closes && indent <= fence.indent + 3 ? {} : { fence });
    }
    // A line indented less than the fence (the end of the list item it was in) ends it; read the line afresh.
  }
  if (state.html) return after('html', state.html(line) ? {} : { html: state.html });
  const html = rules.htmlBlockEnd(line);
  if (html) return after('html', html(line) ? {} : { html });
  const opens = rules.fenceOpen(line, state.previousBlank);
  if (opens) return after('code', { fence: opens }, opens);
  return after('markdown', {});
}

/** Every line of `text` (each with its line break), read in order from the start. */
export function readBlocks(text: string, rules: BlockRules): BlockLine[] {
  const lines: BlockLine[] = [];
  let state = START;
  for (const raw of text.split(/(?<=\n)/)) {
    const read = readLine(state, raw, rules);
    lines.push(read.line);
    state = read.state;
  }
  return lines;
}

/** Consecutive lines of the same group joined, the group being what the policy makes of each line. */
export function joinLines<K>(lines: readonly BlockLine[], groupOf: (line: BlockLine) => { group: K; text: string }): Array<{ group: K; text: string }> {
  const joined: Array<{ group: K; text: string }> = [];
  for (const line of lines) {
    const { group, text } = groupOf(line);
    const last = joined.at(-1);
    if (last?.group === group) last.text += text;
    else joined.push({ group, text });
  }
  return joined;
}
