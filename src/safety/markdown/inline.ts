// The one inline scanner: CommonMark's inline content read left to right, as
// GitHub reads it — whichever of a code span, a tag, a comment or a link
// target starts first wins — told as tokens a policy acts on. Its state (where
// no code span may open, the last escape, what earlier searches found) is the
// scanner's own fields, and every search that could look far ahead is bounded
// or remembered, so hostile text costs linear time. The recognisers it uses
// (autolinks, closing tags, the open-tag automaton) are exported for the
// policies' own block rules. They follow cmark-gfm's raw-HTML grammar
// (src/scanners.re) character for character: whitespace there is `spacechar`,
// [ \t\n\v\f\r], never JavaScript's `\s` (which takes U+00A0 and other Unicode
// spaces, that cmark reads as part of a value).
import { parseInlineTarget } from './commonmark.js';

/**
 * CommonMark autolinks (URI and email): links, never fetched, and no tags to a
 * browser either. A URI runs to the first space, C0 control, `<` or `>` (cmark
 * reads a NUL as U+FFFD, which may be in one).
 */
const AUTOLINK =
  /<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x01-\x20<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/y;
const CLOSING_TAG = /<\/[A-Za-z][A-Za-z0-9-]*[ \t\n\v\f\r]*>/y;

/** Where the CommonMark autolink (URI or email) at `at` ends, if one starts there. */
export function autolinkEnd(text: string, at: number): number | undefined {
  AUTOLINK.lastIndex = at;
  return AUTOLINK.test(text) ? AUTOLINK.lastIndex : undefined;
}

/** Where the closing tag (`</name>`) at `at` ends, if one starts there. */
export function closingTagEnd(text: string, at: number): number | undefined {
  CLOSING_TAG.lastIndex = at;
  return CLOSING_TAG.test(text) ? CLOSING_TAG.lastIndex : undefined;
}

/** The run of `char` starting at `at`. */
function runLength(text: string, at: number, char: string): number {
  let end = at;
  while (text[end] === char) end++;
  return end - at;
}


/** Link targets longer than this are not parsed: the rest of the paragraph is treated as target. */
const MAX_TARGET = 4096;

export const isAsciiPunctuation = (char: string | undefined) => char !== undefined && /^[!-/:-@[-`{-~]$/.test(char);

/**
 * Where the link target `(destination "title")` at `at` ends, for one
 * purpose: a backtick inside it starts no code span. Undefined when it is no
 * target (or too long to tell).
 */
function inlineTargetEnd(text: string, at: number): number | undefined {
  return parseInlineTarget(text, at, Math.min(text.length, at + MAX_TARGET))?.end;
}

// States of the open-tag automaton below.
const AFTER_VALUE = 0;
const SPACE = 1;
const NAME = 2;
const AFTER_NAME = 3;
const BEFORE_VALUE = 4;
const DOUBLE_QUOTED = 5;
const SINGLE_QUOTED = 6;
const UNQUOTED = 7;
const SELF_CLOSING = 8;

/** cmark's `spacechar`: vertical tab and form feed separate attributes too. */
const isTagSpace = (char: string) => char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\v' || char === '\f';
const isAttributeStart = (char: string) => /[A-Za-z_:]/.test(char);
const isAttributeChar = (char: string) => /[A-Za-z0-9_.:-]/.test(char);
/** cmark's `unquotedvalue`: anything but spacechar, quotes, `=`, `<`, `>` and the backtick (U+00A0 and a NUL, read as U+FFFD, included). */
const isUnquotedChar = (char: string) => !isTagSpace(char) && !/["'=<>`]/.test(char);

/**
 * At the start of a line inside a would-be tag: a blank line (the paragraph
 * ends there) or a `>` (a block quote's marker, which GitHub strips before it
 * reads the tag, or a new block quote): no tag spans it.
 */
const NO_TAG_ACROSS = /[ \t]*(?:[\r\n>]|$)/y;

/**
 * Where CommonMark's raw HTML open tag (§6.6; cmark-gfm's `opentag`) starting
 * at a `<` ends, if one does: a tag name, attributes (each after spacechar)
 * with quoted or unquoted values, `/>` or `>`, no blank line. Read by a small
 * automaton that remembers its dead ends (a position in a state that led
 * nowhere), so that text with many `<` inside would-be attribute values is
 * still read in linear time.
 */
export class OpenTagReader {
  private dead: Uint16Array | undefined;
  /** The state each position of the current reading was in (one per position: a reading moves one character a step). */
  private states: Uint8Array | undefined;

  constructor(private readonly text: string) {}

  end(at: number): number | undefined {
    const text = this.text;
    let i = at + 1;
    if (!/[A-Za-z]/.test(text[i] ?? '')) return undefined;
    while (i < text.length && /[A-Za-z0-9-]/.test(text[i]!)) i++;
    this.dead ??= new Uint16Array(text.length);
    // A typed array, not a growing list: pushing a number for each of 100,000 characters cost ten times the reading itself.
    this.states ??= new Uint8Array(text.length);
    const { dead, states } = this;
    const from = i;
    let to = i;
    let state = AFTER_VALUE;
    for (; i < text.length && !(dead[i]! & (1 << state)); i++) {
      states[i] = state;
      to = i + 1;
      const char = text[i]!;
      if ((char === '\n' || (char === '\r' && text[i + 1] !== '\n')) && ((NO_TAG_ACROSS.lastIndex = i + 1), NO_TAG_ACROSS.test(text))) break;
      const space = isTagSpace(char);
      let next: number | undefined;
      switch (state) {
        case AFTER_VALUE:
        case SPACE:
        case AFTER_NAME:
          if (space) next = state === AFTER_VALUE ? SPACE : state;
          else if (char === '=' && state === AFTER_NAME) next = BEFORE_VALUE;
          else if (isAttributeStart(char) && state !== AFTER_VALUE) next = NAME;
          else if (char === '/') next = SELF_CLOSING;
          else if (char === '>') return i + 1;
          break;
        case NAME:
          if (isAttributeChar(char)) next = NAME;
          else if (space) next = AFTER_NAME;
          else if (char === '=') next = BEFORE_VALUE;
          else if (char === '/') next = SELF_CLOSING;
          else if (char === '>') return i + 1;
          break;
        case BEFORE_VALUE:
          if (space) next = BEFORE_VALUE;
          else if (char === '"') next = DOUBLE_QUOTED;
          else if (char === "'") next = SINGLE_QUOTED;
          else if (isUnquotedChar(char)) next = UNQUOTED;
          break;
        case DOUBLE_QUOTED:
        case SINGLE_QUOTED:
          next = char === (state === DOUBLE_QUOTED ? '"' : "'") ? AFTER_VALUE : state;
          break;
        case UNQUOTED:
          if (isUnquotedChar(char)) next = UNQUOTED;
          else if (space) next = SPACE;
          else if (char === '>') return i + 1;
          break;
        case SELF_CLOSING:
          if (char === '>') return i + 1;
          break;
      }
      if (next === undefined) break;
      state = next;
    }
    for (let j = from; j < to; j++) dead[j]! |= 1 << states[j]!;
    return undefined;
  }
}

/**
 * After a line break inside a tag in markdown, what may start a block of its
 * own and so end the paragraph (and the tag) there: a block quote, table
 * row, HTML block, delimiter row, fence, heading, setext underline, ordered
 * list item, footnote, bullet list item or thematic break. More than
 * cmark-gfm would take: a tag that merely might be split is not believed.
 */
const MAY_START_BLOCK = /[\r\n][ \t]*(?:[>|<:~`#=]|\d|\[\^|[-+*](?:[ \t\r\n|:*+-]|$)|_[ \t]*_[ \t]*_)/;
/** A line that may be a table's delimiter row, which would make the line above it a header row of cells. */
const MAY_BE_DELIMITER_ROW = /[ \t]*[|:-]/y;

/** What the scanner found, at `at`; `end` is where the construct ends. */
export type InlineToken =
  | { kind: 'escape'; at: number; end: number }
  /** A code span, believed: on one line, without a `|` (a table would split it), not inside a tag, comment or link target. */
  | { kind: 'code'; at: number; end: number }
  /** A comment, processing instruction, CDATA section or declaration; `end` undefined when it never closes. Its content is still scanned. */
  | { kind: 'comment'; at: number; end: number | undefined }
  /** A CommonMark autolink; its content is still scanned when a table may split it (a `|` in markdown). */
  | { kind: 'autolink'; at: number; end: number }
  | { kind: 'closing-tag'; at: number; end: number }
  /**
   * An open tag. `certain` when GitHub surely reads it as this one tag and
   * every HTML parser the same attributes in it: not when a vertical tab or
   * form feed is in it (cmark separates attributes there, a browser not at a
   * vertical tab, some parsers not at a form feed), nor, in markdown, when a
   * `|` is in it (a table cell may end there) or a line in it may start a
   * block. An uncertain tag's content is scanned too, unless the policy,
   * having replaced the tag, goes on after it.
   */
  | { kind: 'open-tag'; at: number; end: number; certain: boolean }
  /** A `<` that starts none of the above: text to CommonMark. */
  | { kind: 'lt'; at: number }
  /** `![`: an image may start here; the policy reads it. */
  | { kind: 'image'; at: number }
  /** `@`, or a character reference to it: a mention may start here; the policy reads it. */
  | { kind: 'at'; at: number };

/** Comment-like constructs: opener and what closes it. */
const OPAQUE: ReadonlyArray<readonly [open: string, close: string]> = [['<!--', '-->'], ['<?', '?>'], ['<![CDATA[', ']]>'], ['<!', '>']];

/**
 * Reads `text` (markdown outside fenced code, or an HTML block when
 * `codeSpans` is false: GitHub reads no code spans there). `next()` returns
 * each token in order; after a policy has read a construct itself (an image,
 * a mention) it says where to go on with `skipTo`.
 */
export class InlineScanner {
  /** No code span may open before this index: it is inside a tag, comment or link target. */
  private noCodeBefore = 0;
  private escapedTo = -1;
  /** For a backtick run length, the end of the line up to which no closing run of it is left. */
  private readonly noCloserBefore = new Map<number, number>();
  /** For a comment-like construct's end marker, the last search: from where, found where (-1: nowhere). */
  private readonly closeSearches = new Map<string, { from: number; found: number }>();
  /** Where the last code span ended. */
  private codeEnd = 0;
  /** The last inline link target read: the index of its `(` and where it ends. */
  private target: { at: number; end: number } | undefined;
  private paragraph = { from: 0, end: -1 };
  private lineEnd = -1;
  /** The last line end looked up after a tag: from which index, and where. */
  private tagLineEnd = { from: 0, end: -1 };
  private readonly tags: OpenTagReader;
  /** The characters that could start something; its lastIndex is the scanner's position. */
  private readonly interesting = /[\\`<!\]@&]/g;

  constructor(
    readonly text: string,
    readonly codeSpans: boolean,
  ) {
    this.tags = new OpenTagReader(text);
  }

  /** Index after the last backslash escape, so an escaped `!` or `\\` is known as one. */
  get escapedUpTo(): number {
    return this.escapedTo;
  }

  /**
   * Where text that is nothing but text may start: before it lies a code
   * span, tag, comment, autolink or link target this scanner read (or what
   * it took for one), whose characters GitHub does not read as text.
   */
  get textFrom(): number {
    return Math.max(this.noCodeBefore, this.codeEnd);
  }

  /** The last inline link target read, `(…)` after a `]`: the index of its `(` and where it ends. */
  get lastTarget(): { at: number; end: number } | undefined {
    return this.target;
  }

  /** Scanning goes on at `index`. */
  skipTo(index: number): void {
    this.interesting.lastIndex = index;
  }

  /** The index of the line break (or the text's end) that ends the line holding `at`. */
  lineEndAfter(at: number): number {
    if (at > this.lineEnd) {
      const end = this.text.indexOf('\n', at);
      this.lineEnd = end === -1 ? this.text.length : end;
    }
    return this.lineEnd;
  }

  next(): InlineToken | undefined {
    const { text } = this;
    for (let found = this.interesting.exec(text); found; found = this.interesting.exec(text)) {
      const i = found.index;
      const char = text[i];
      let token: InlineToken | undefined;
      let next = i + 1;
      if (char === '\\') {
        if (isAsciiPunctuation(text[i + 1]) && text[i + 1] !== '@') {
          next = i + 2;
          this.escapedTo = next;
          token = { kind: 'escape', at: i, end: next };
        }
      } else if (char === '`') {
        const run = runLength(text, i, '`');
        next = i + run;
        if (this.codeSpans && i >= this.noCodeBefore) {
          const close = this.closingRun(next, run);
          if (close !== -1 && !text.slice(next, close).includes('|')) {
            next = close + run;
            this.codeEnd = next;
            token = { kind: 'code', at: i, end: next };
          }
        }
      } else if (char === '<') {
        const html = this.html(i);
        token = html;
        // A comment's content is read on (an HTML parser may end it sooner), and so is what GitHub may read otherwise.
        const whole =
          html.kind === 'closing-tag' ||
          (html.kind === 'open-tag' && html.certain) ||
          (html.kind === 'autolink' && !this.mayBeCells(html.at, html.end));
        next = whole ? html.end : i + 1;
      } else if (char === '!') {
        if (text[i + 1] === '[') token = { kind: 'image', at: i };
      } else if (char === ']' && i >= this.noCodeBefore) {
        // A link's target or label is read raw: a backtick in it opens no code span.
        if (text[i + 1] === '(') {
          const end = inlineTargetEnd(text, i + 1);
          if (end !== undefined) this.target = { at: i + 1, end };
          this.noCodeBefore = end ?? this.paragraphEndAfter(i);
        } else if (text[i + 1] === '[') {
          const close = text.indexOf(']', i + 2);
          this.noCodeBefore = Math.min(this.lineEndAfter(i), close === -1 ? text.length : close + 1);
        }
      } else if (char === '@' || (char === '&' && /^&(?:#0*64;|#[xX]0*40;|commat;)/.test(text.slice(i, i + 12)))) {
        token = { kind: 'at', at: i };
      }
      this.interesting.lastIndex = next;
      if (token) return token;
    }
    return undefined;
  }

  /** `<` at `at`: comments and tags keep code spans from starting inside them. */
  private html(at: number): Extract<InlineToken, { kind: 'comment' | 'autolink' | 'closing-tag' | 'open-tag' | 'lt' }> {
    const { text } = this;
    for (const [open, close] of OPAQUE) {
      if (!text.startsWith(open, at)) continue;
      // `<!-->` and `<!--->` are empty comments to the HTML parser.
      if (open === '<!--' && /^<!---?>/.test(text.slice(at, at + 6))) return { kind: 'comment', at, end: text.indexOf('>', at) + 1 };
      if (open === '<!' && !/[A-Za-z]/.test(text[at + 2] ?? '')) break;
      const end = this.findClose(close, at + open.length);
      if (end !== -1) this.noCodeBefore = Math.max(this.noCodeBefore, end + close.length);
      // The content is still read: the HTML parser may end a comment sooner (`--!>`).
      return { kind: 'comment', at, end: end === -1 ? undefined : end + close.length };
    }
    const autolink = autolinkEnd(text, at);
    const closing = autolink === undefined ? closingTagEnd(text, at) : undefined;
    const end = autolink ?? closing ?? this.tags.end(at);
    if (end === undefined) return { kind: 'lt', at };
    this.noCodeBefore = Math.max(this.noCodeBefore, end);
    if (autolink !== undefined) return { kind: 'autolink', at, end };
    if (closing !== undefined) return { kind: 'closing-tag', at, end };
    return { kind: 'open-tag', at, end, certain: this.certainTag(at, end) };
  }

  /** In markdown, a `|` may end a table cell, whatever construct it is in. */
  private mayBeCells(at: number, end: number): boolean {
    return this.codeSpans && this.text.slice(at, end).includes('|');
  }

  /** Whether GitHub surely reads the open tag `text[at, end)` as one tag, and every HTML parser the same attributes in it. */
  private certainTag(at: number, end: number): boolean {
    const tag = this.text.slice(at, end);
    if (/[\v\f]/.test(tag)) return false;
    if (!this.codeSpans || !/[\r\n]/.test(tag)) return !this.mayBeCells(at, end);
    if (this.mayBeCells(at, end) || MAY_START_BLOCK.test(tag)) return false;
    // A delimiter row after the tag's last line would make that line (and so the tag's end) a row of cells.
    if (!(end >= this.tagLineEnd.from && end <= this.tagLineEnd.end)) {
      const lineEnd = this.text.indexOf('\n', end);
      this.tagLineEnd = { from: end, end: lineEnd === -1 ? this.text.length : lineEnd };
    }
    MAY_BE_DELIMITER_ROW.lastIndex = this.tagLineEnd.end + 1;
    return !MAY_BE_DELIMITER_ROW.test(this.text);
  }

  private paragraphEndAfter(at: number): number {
    if (at >= this.paragraph.from && at < this.paragraph.end) return this.paragraph.end;
    const blank = /\n[ \t]*(?:\r?\n|$)/g;
    blank.lastIndex = at;
    this.paragraph = { from: at, end: blank.exec(this.text)?.index ?? this.text.length };
    return this.paragraph.end;
  }

  private closingRun(from: number, length: number): number {
    const { text } = this;
    const end = this.lineEndAfter(from);
    if ((this.noCloserBefore.get(length) ?? -1) >= end) return -1;
    for (let i = text.indexOf('`', from); i !== -1 && i < end; i = text.indexOf('`', i)) {
      const run = runLength(text, i, '`');
      if (run === length) return i;
      i += run;
    }
    this.noCloserBefore.set(length, end);
    return -1;
  }

  private findClose(marker: string, from: number): number {
    const last = this.closeSearches.get(marker);
    if (last && from >= last.from && (last.found === -1 || from <= last.found)) return last.found;
    const found = this.text.indexOf(marker, from);
    this.closeSearches.set(marker, { from, found });
    return found;
  }
}
