// Does a comment or issue body mention the trigger phrase (product.md §3)?
// Only text the author wrote as prose counts: a quoted line is usually someone
// else's earlier comment (replying to "@deckhand fix this" must not wake it again),
// and code shows the phrase rather than saying it.

/** A fence opener: up to 3 spaces, then 3+ backticks or tildes (taken whole, so a line it cannot open is refused once), then the info string. */
const FENCE_OPEN = /^ {0,3}(`{3,}(?!`)|~{3,}(?!~))(.*)$/;
/** A fence closer: up to 3 spaces, 3+ of one fence character, then only whitespace. */
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/** A quoted line as the brief defines it: optional spaces, then `>`. */
const QUOTE = /^[ \t]*>/;

/**
 * The body with quoted lines, fenced code blocks and inline code spans blanked
 * out, line structure kept. Line-based, not a full CommonMark parser: a line
 * without `>` after a quote counts as prose (no lazy continuation), and indented
 * (4-space) code blocks are prose, since both usually are a person typing.
 */
export function stripQuotedAndCode(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  let fence: { char: string; length: number } | undefined;
  for (const line of lines) {
    if (fence) {
      const close = FENCE_CLOSE.exec(line);
      if (close?.[1]?.[0] === fence.char && close[1].length >= fence.length) fence = undefined;
      kept.push('');
      continue;
    }
    if (QUOTE.test(line)) {
      kept.push('');
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    const marker = open?.[1];
    // CommonMark: a backtick fence's info string cannot contain a backtick
    // (otherwise "```foo```" on one line would swallow the rest of the body).
    if (marker && !(marker[0] === '`' && open[2]?.includes('`'))) {
      fence = { char: marker[0]!, length: marker.length };
      kept.push('');
      continue;
    }
    kept.push(line);
  }
  // Code spans never cross a blank line (a paragraph break), so pair backticks per paragraph.
  return kept.join('\n').split(/(\n[ \t]*\n)/).map((part, i) => (i % 2 === 1 ? part : stripCodeSpans(part))).join('');
}

/**
 * Replaces each inline code span with a space. CommonMark pairing: a run of n
 * backticks opens a span closed by the next run of exactly n backticks; a run
 * with no partner is literal text. A backslash escapes a backtick outside code
 * only, so "\`" does not open a span but a span's content may end in "\".
 */
function stripCodeSpans(text: string): string {
  const runs = [...text.matchAll(/`+/g)].map((match) => ({ start: match.index, length: match[0].length }));
  // For each length, the indices of the runs of that length in order, walked
  // with a pointer: finding a closer never rescans, so hostile input stays linear.
  const byLength = new Map<number, { indices: number[]; next: number }>();
  runs.forEach((run, i) => {
    const entry = byLength.get(run.length) ?? { indices: [], next: 0 };
    entry.indices.push(i);
    byLength.set(run.length, entry);
  });
  const closerAfter = (length: number, after: number): number | undefined => {
    const entry = byLength.get(length);
    if (!entry) return undefined;
    while (entry.next < entry.indices.length && entry.indices[entry.next]! <= after) entry.next++;
    return entry.indices[entry.next];
  };

  let out = '';
  let cursor = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    let start = run.start;
    let length = run.length;
    if (isEscaped(text, start, cursor)) {
      start += 1;
      length -= 1;
      if (length === 0) continue;
    }
    const closer = closerAfter(length, i);
    if (closer === undefined) continue;
    const end = runs[closer]!;
    out += text.slice(cursor, start) + ' ';
    cursor = end.start + end.length;
    i = closer;
  }
  return out + text.slice(cursor);
}

/** An odd number of backslashes right before `at` (not looking back past `from`) escapes it. */
function isEscaped(text: string, at: number, from: number): boolean {
  let count = 0;
  for (let i = at - 1; i >= from && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

/** Escapes what is special in a `u`-mode regex (where escaping anything else is a syntax error). */
function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * True when `phrase` appears as a whole word outside quotes and code,
 * case-insensitive. Before it there must be no character that would make it
 * part of a word, an e-mail address, a login or a path (`me@deckhand.io`,
 * `foo/@deckhand`); after it no login character (`@deckhand-bot` is someone else).
 */
/**
 * `remember` or `forget` when the body asks Deckhand to ("@deckhand remember
 * that …", "@deckhand, forget …"): the phrase in prose, then that word.
 */
export function memoryRequest(body: string, phrase: string): 'remember' | 'forget' | undefined {
  const wanted = phrase.trim();
  if (wanted === '') return undefined;
  const pattern = new RegExp(`(?<![A-Za-z0-9_.@/-])${escapeRegExp(wanted)}[\\s,:]+(remember|forget)(?![A-Za-z0-9_-])`, 'iu');
  return pattern.exec(stripQuotedAndCode(body))?.[1]?.toLowerCase() as 'remember' | 'forget' | undefined;
}

export function mentions(body: string, phrase: string): boolean {
  const wanted = phrase.trim();
  if (wanted === '') return false;
  const pattern = new RegExp(`(?<![A-Za-z0-9_.@/-])${escapeRegExp(wanted)}(?![A-Za-z0-9_-])`, 'iu');
  return pattern.test(stripQuotedAndCode(body));
}
