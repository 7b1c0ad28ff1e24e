// CommonMark's own rules, the ones both readers of markdown need: how far a
// line is indented, where a fence closes, where an HTML block whose end is a
// literal marker ends, and how an inline link target is read. sanitize.ts
// (what the model reads) and defang.ts (what Deckhand posts) build their own
// policies on these, each erring to its own safe side.

/** A closing code fence: the fence characters alone on their line (any indent; the caller checks it). */
export const FENCE_CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*\r?\n?$/;

/** A blank line: nothing but spaces and tabs (not `trim()`'s whitespace: a line of U+00A0 or a form feed is text). */
export function isBlankLine(line: string): boolean {
  return /^[ \t]*(?:\r?\n|\r)?$/.test(line);
}

/** The column a line's content starts at (tabs to the next multiple of 4), as CommonMark counts it. */
export function indentOf(line: string): number {
  let column = 0;
  for (const char of line) {
    if (char === ' ') column += 1;
    else if (char === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/**
 * How an HTML block ends when the text after its `<` starts one of the kinds
 * that end at a marker (CommonMark §4.6, types 1–5): a comment, a processing
 * instruction, CDATA, a declaration, or a raw-text element (script, pre,
 * style, textarea). Undefined for any other start: the callers decide those.
 */
export function literalHtmlBlockEnd(start: string): ((line: string) => boolean) | undefined {
  const endsWith = (marker: string) => (l: string) => l.includes(marker);
  if (start.startsWith('!--')) return endsWith('-->');
  if (start.startsWith('?')) return endsWith('?>');
  if (start.startsWith('![CDATA[')) return endsWith(']]>');
  if (/^![A-Za-z]/.test(start)) return endsWith('>');
  // After the name, cmark-gfm's spacechar or `>` (not `\s`, which takes U+00A0).
  const raw = /^(script|pre|style|textarea)(?:[ \t\n\v\f\r>]|$)/i.exec(start)?.[1];
  if (raw) return (l) => l.toLowerCase().includes(`</${raw.toLowerCase()}>`);
  return undefined;
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * Parses `(destination "title")` at `at` (a `(`) as CommonMark does: a
 * destination in `<…>` or with balanced parentheses (at most 32 deep, like
 * cmark), then an optional title in quotes or parentheses after whitespace.
 * Nothing at or past `limit` is read: a target that would reach it is no target.
 */
export function parseInlineTarget(text: string, at: number, limit = text.length): { destination: string; end: number } | undefined {
  const skipSpace = (from: number) => {
    while (from < limit && isSpace(text[from])) from++;
    return from;
  };
  let i = skipSpace(at + 1);
  const start = i;
  if (text[i] === '<') {
    while (++i < limit && text[i] !== '>') {
      if (text[i] === '\\') i++;
      else if (text[i] === '<' || text[i] === '\n') return undefined;
    }
    if (i >= limit) return undefined;
    i++;
  } else {
    let depth = 0;
    for (; i < limit; i++) {
      const char = text[i]!;
      if (char === '\\') i++;
      else if (isSpace(char) || char < ' ') break;
      else if (char === '(' && ++depth > 32) return undefined;
      else if (char === ')' && depth-- === 0) break;
    }
    if (depth > 0) return undefined;
  }
  const destination = text.slice(start, i);
  const afterDestination = i;
  i = skipSpace(i);
  const opener = text[i];
  if (i > afterDestination && (opener === '"' || opener === "'" || opener === '(')) {
    const closer = opener === '(' ? ')' : opener;
    for (i++; i < limit && text[i] !== closer; i++) {
      if (text[i] === '\\') i++;
      else if (opener === '(' && text[i] === '(') return undefined;
    }
    if (i >= limit) return undefined;
    i = skipSpace(i + 1);
  }
  return i < limit && text[i] === ')' ? { destination, end: i + 1 } : undefined;
}

/** A backtick fence longer than any run of backticks in `content` (at least three), so nothing inside can close it. */
export function fenceFor(content: string): string {
  let longest = 2;
  for (const run of content.matchAll(/`+/g)) if (run[0].length > longest) longest = run[0].length;
  return '`'.repeat(longest + 1);
}

/** `text` as inline code, delimited by a backtick run longer than any inside it. */
export function codeSpan(text: string): string {
  let longest = 0;
  for (const run of text.matchAll(/`+/g)) if (run[0].length > longest) longest = run[0].length;
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}
