// GitHub's team mention, `@org/team`, as it is written and as it renders:
// the only mention that pings a whole group, so the one defang makes code.
import { decodeEntities } from './entities.js';

/** One character as written: itself, or a character reference (which renders as the character). */
const CHARACTER = /&#\d{1,7};|&#[xX][0-9A-Fa-f]{1,6};|&#47|&[A-Za-z][A-Za-z0-9]{1,31};|[\s\S]/uy;

/**
 * The team mention `@org/team` starting at `at`, as written — any of its
 * characters may be a character reference (`&commat;org/&#116;eam` renders,
 * and pings, the same) — or undefined.
 */
export function teamMentionAt(text: string, at: number): { source: string; end: number } | undefined {
  let i = at;
  const next = (): string | undefined => {
    CHARACTER.lastIndex = i;
    const token = CHARACTER.exec(text)?.[0];
    if (token === undefined) return undefined;
    i += token.length;
    return token.length > 1 ? decodeEntities(token) : token;
  };
  if (next() !== '@') return undefined;
  /** Characters while `allowed`; `wordEnd` is after the last one that is not a dash (a word does not end in one). */
  const read = (allowed: RegExp): { name: string; wordEnd: number } => {
    let name = '';
    let end = i;
    let wordEnd = i;
    for (let ch = next(); ch !== undefined && allowed.test(ch); ch = next()) {
      name += ch;
      end = i;
      if (ch !== '-') wordEnd = i;
    }
    i = end;
    return { name, wordEnd };
  };
  const org = read(/^[A-Za-z0-9-]$/);
  if (!/^[A-Za-z0-9]/.test(org.name) || next() !== '/') return undefined;
  const team = read(/^[A-Za-z0-9_-]$/);
  if (!/^[A-Za-z0-9]/.test(team.name)) return undefined;
  return { source: text.slice(at, team.wordEnd), end: team.wordEnd };
}

// ─── Links a mention may sit in ───────────────────────────────────────────────
//
// GitHub pings no one for a mention inside a link (its text or its URL), so a
// `@` there is left as it is — but only where GitHub surely makes the link.
// Anything that merely looks like a URL (a made-up scheme, `www.` with no
// domain after it, a URL in brackets or cut off by a table cell) is wrapped.

/** cmark's whitespace (`cmark_isspace`): ASCII only, U+00A0 is none. */
const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\v' || char === '\f';
const isAsciiLetter = (char: string | undefined) => char !== undefined && /^[A-Za-z]$/.test(char);
const isAsciiPunctuation = (char: string | undefined) => char !== undefined && /^[!-/:-@[-`{-~]$/.test(char);

/** Where a `www.` autolink may start after: the start of the line or text, whitespace, `*`, `_`, `~`, `(` (autolink.c's `www_match`). */
const BEFORE_WWW = /[ \t\n\r\v\f*_~(]/;

const BLANK_LINE = /[ \t]*(?:\r?\n|$)/y;

/** Trailing characters autolink.c's `autolink_delim` takes off the end of a link. */
const TRAILING_PUNCTUATION = "?!.,:*_~'\"";

const DOMAIN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+/;
/** The longest domain DNS allows; a longer one is not worth the reading (and a run of them would cost quadratic time). */
const MAX_DOMAIN = 253;

/**
 * Where a valid domain starting at `from` ends, or undefined: segments of
 * ASCII letters, digits, `-` and `_` separated by `.`, at least one `.`, no
 * `_` in the last two segments (the GFM spec's rule, stricter than
 * autolink.c's `check_domain`, which also takes other letters and, for
 * `http://`, a name without a dot). It must be followed by the end, a space
 * or ASCII punctuation other than `\`, so that cmark-gfm's own reading of the
 * domain (which ends there too; newer versions skip escapes) is the same one.
 */
function domainEnd(text: string, from: number, afterScheme: boolean): number | undefined {
  // After `://` the first character must be a letter or digit (autolink.c's `is_valid_hostchar`); after `www.` not.
  if (afterScheme && !/[A-Za-z0-9]/.test(text[from] ?? '')) return undefined;
  const domain = DOMAIN.exec(text.slice(from, from + MAX_DOMAIN + 1))?.[0];
  if (domain === undefined || domain.length > MAX_DOMAIN) return undefined;
  const end = from + domain.length;
  const after = text[end];
  if (after !== undefined && !isSpace(after) && !(isAsciiPunctuation(after) && after !== '\\')) return undefined;
  if (after === '.' || domain.split('.').slice(-2).some((segment) => segment.includes('_'))) return undefined;
  return end;
}

/**
 * Where the link that autolink.c's `autolink_delim` makes of `text[base, end)`
 * ends: at the first `<`, then without trailing punctuation, a trailing
 * character reference (`&hl;`) or an unmatched trailing `)`.
 */
function delimitedEnd(text: string, base: number, end: number, firstLt: number): number {
  if (firstLt < end) end = firstLt;
  let opening = 0;
  let closing = 0;
  for (let i = base; i < end; i++) {
    if (text[i] === '(') opening++;
    else if (text[i] === ')') closing++;
  }
  while (end > base) {
    const last = text[end - 1]!;
    if (TRAILING_PUNCTUATION.includes(last)) end--;
    else if (last === ';') {
      let start = end - 2;
      while (start > base && isAsciiLetter(text[start])) start--;
      end = start < end - 2 && text[start] === '&' ? start : end - 1;
    } else if (last === ')' && closing > opening) {
      end--;
      closing--;
    } else break;
  }
  return end;
}

/** A link destination, `text[start, end)`; `pointy` when written in `<…>`. */
export interface Destination {
  start: number;
  end: number;
  pointy: boolean;
}

interface Autolink {
  start: number;
  /** Where it covers a mention up to: its end, or before a backtick or `|` in it (which may end a code span or table cell GitHub sees). */
  end: number;
}

/**
 * Where, in one text of markdown, GitHub surely makes a link: GFM's extended
 * autolinks (autolink.c: `www.` or `http(s)://` and a valid domain, up to the
 * next space), and inline links, `[…](…)`, with their destinations. (The
 * scanner skips CommonMark's `<scheme:…>` autolinks whole.) Each question is
 * answered from what was read for the last one, so a text of many `@` is
 * still read in linear time.
 */
export class SureLinks {
  /** Open brackets before each index within its paragraph, -1 where that cannot be told. */
  private brackets: Int32Array | undefined;
  /** The whitespace-delimited run of text last asked about, and the autolinks in it. */
  private run = { start: 0, end: -1, autolinks: [] as Autolink[] };
  /** The last inline link asked about: the index of its `(`, and its destination. */
  private link: { paren: number; destination: Destination | undefined } | undefined;

  constructor(private readonly text: string) {}

  /**
   * Whether the `@` at `at` is inside an extended autolink that starts at or
   * after `from` (before `from` lies something else: a code span, a tag, a
   * link target, an edit). Only where no bracket is open, as autolink.c
   * makes none inside `[` or `![`.
   */
  autolinkCovers(at: number, from: number): boolean {
    if (at < this.run.start || at >= this.run.end) this.readRun(at);
    const { autolinks } = this.run;
    let low = 0;
    let high = autolinks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (autolinks[middle]!.start <= at) low = middle + 1;
      else high = middle;
    }
    const link = autolinks[low - 1];
    return link !== undefined && at < link.end && link.start >= from && this.openBrackets(link.start) === 0;
  }

  /**
   * The destination of the inline link whose target `(…)` is `text[target.at,
   * target.end)` (a `]` before it), if GitHub surely makes that link: read as
   * cmark-gfm reads it, and believed only in the plainest form — all on one
   * line, link text without brackets, parentheses, backticks, angle
   * brackets, `|` or `\`, a destination without angle brackets inside,
   * backticks or `|` — so that nothing GitHub reads first (a code span, a
   * tag, a table cell, another link) can undo it.
   */
  destination(target: { at: number; end: number }): Destination | undefined {
    if (this.link?.paren !== target.at) this.link = { paren: target.at, destination: this.destinationAt(target.at, target.end) };
    return this.link.destination;
  }

  /** The destination of the inline link whose target is read from the `(` at `paren`, its `)` just before `end`. */
  private destinationAt(paren: number, end: number): Destination | undefined {
    const text = this.text;
    if (text[paren - 1] !== ']') return undefined;
    let open = paren - 2;
    while (open >= 0 && !/[[\]()<>`|\\\r\n]/.test(text[open]!)) open--;
    if (text[open] !== '[' || text[open - 1] === '\\') return undefined;
    const skipSpaces = (i: number) => {
      while (i < end && (text[i] === ' ' || text[i] === '\t' || text[i] === '\v' || text[i] === '\f')) i++;
      return i;
    };
    let i = skipSpaces(paren + 1);
    let destination: Destination;
    if (text[i] === '<') {
      const start = i + 1;
      for (i = start; i < end && text[i] !== '>'; i++) {
        if (text[i] === '\\') i++;
        else if (/[<`|\r\n]/.test(text[i]!)) return undefined;
      }
      if (i >= end) return undefined;
      destination = { start, end: i++, pointy: true };
    } else {
      // manual_scan_link_url_2: escapes, balanced parentheses (at most 32 deep), up to a space or an unmatched `)`.
      const start = i;
      let depth = 0;
      for (; i < end; i++) {
        const char = text[i]!;
        if (char === '\\' && isAsciiPunctuation(text[i + 1])) i++;
        else if (char === '(') {
          if (++depth > 32) return undefined;
        } else if (char === ')') {
          if (depth === 0) break;
          depth--;
        } else if (isSpace(char)) break;
        else if (/[<>`|]/.test(char)) return undefined;
      }
      if (i >= end || depth > 0) return undefined;
      destination = { start, end: i, pointy: false };
    }
    const afterDestination = i;
    i = skipSpaces(i);
    const opener = text[i];
    if (i > afterDestination && (opener === '"' || opener === "'" || opener === '(')) {
      const closer = opener === '(' ? ')' : opener;
      for (i++; i < end && text[i] !== closer; i++) {
        if (text[i] === '\\' && isAsciiPunctuation(text[i + 1])) i++;
        else if (text[i] === '\r' || text[i] === '\n' || (opener === '(' && text[i] === '(')) return undefined;
      }
      if (i >= end) return undefined;
      i = skipSpaces(i + 1);
    }
    return i === end - 1 && text[i] === ')' ? destination : undefined;
  }

  /** The run of non-space text holding `at`, and its autolinks as autolink.c finds them, left to right. */
  private readRun(at: number): void {
    const text = this.text;
    let start = at;
    while (start > 0 && !isSpace(text[start - 1])) start--;
    let end = at;
    while (end < text.length && !isSpace(text[end])) end++;
    const autolinks: Autolink[] = [];
    let lt = start;
    let caution = start;
    for (let i = start; i < end; i++) {
      const found = this.autolinkAt(i, start);
      if (found === undefined) continue;
      if (lt < found.start) lt = found.start;
      while (lt < end && text[lt] !== '<') lt++;
      const linkEnd = delimitedEnd(text, found.base, end, lt);
      if (linkEnd <= found.base) continue;
      if (caution < found.start) caution = found.start;
      while (caution < linkEnd && text[caution] !== '`' && text[caution] !== '|') caution++;
      autolinks.push({ start: found.start, end: caution });
      i = linkEnd - 1;
    }
    this.run = { start, end, autolinks };
  }

  /**
   * The extended autolink autolink.c starts at `i`, if one: its start and the
   * base its end is delimited from (for a URL, its `:`).
   */
  private autolinkAt(i: number, runStart: number): { start: number; base: number } | undefined {
    const text = this.text;
    if (text.startsWith('www.', i)) {
      if (i > 0 && !BEFORE_WWW.test(text[i - 1]!)) return undefined;
      return domainEnd(text, i + 4, false) !== undefined ? { start: i, base: i } : undefined;
    }
    if (text[i] !== ':' || !text.startsWith('//', i + 1)) return undefined;
    // The scheme is every letter before the `:` (url_match rewinds over them all): only http and https
    // (autolink.c also takes ftp, the GFM spec not).
    let start = i;
    while (start > runStart && isAsciiLetter(text[start - 1])) start--;
    if (!/^https?$/i.test(text.slice(start, i))) return undefined;
    return domainEnd(text, i + 3, true) !== undefined ? { start, base: i } : undefined;
  }

  /**
   * How many brackets are open before `at` in its paragraph, counted so as
   * never to be fewer than cmark's: escaped ones left out, every `]` closing
   * one, and where a backtick, `<` or `(` comes while one is open (a code
   * span, tag or link target that may hold a `]` cmark does not count), no
   * count at all (-1) until the paragraph ends.
   */
  private openBrackets(at: number): number {
    if (this.brackets === undefined) {
      const text = this.text;
      const counts = new Int32Array(text.length + 1);
      let open = 0;
      for (let i = 0; i <= text.length; i++) {
        counts[i] = open;
        const char = text[i];
        if (char === '\\' && isAsciiPunctuation(text[i + 1])) counts[++i] = open;
        else if (char === '[') open = open === -1 ? -1 : open + 1;
        else if (char === ']') open = open > 0 ? open - 1 : open;
        else if (open > 0 && (char === '`' || char === '<' || char === '(')) open = -1;
        else if (char === '\n' && ((BLANK_LINE.lastIndex = i + 1), BLANK_LINE.test(text))) open = 0;
      }
      this.brackets = counts;
    }
    return this.brackets[at]!;
  }
}
