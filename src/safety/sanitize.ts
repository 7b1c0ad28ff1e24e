// Untrusted text (issue and PR bodies, comments, titles) is cleaned before the
// model reads it (product.md §6). The threat is text a human reviewer never sees
// on GitHub but the model does: HTML comments, invisible and bidi characters,
// Unicode tag characters ("ASCII smuggling"), image alt text, link titles,
// reference definitions, hidden HTML attributes. What a human does see is kept.
//
// Where GitHub's renderer and this code could disagree, the code errs towards
// removing: over-removing visible text costs a little context, under-removing
// hands an attacker the model. That is why inline code spans get no protection
// (a parser that ends a span where GitHub does not would let hidden markup
// through), and fenced code blocks are recognised only when certain.

import { randomBytes } from 'node:crypto';
import { joinLines, readBlocks, type BlockRules } from './markdown/blocks.js';
import { isBlankLine, literalHtmlBlockEnd, parseInlineTarget } from './markdown/commonmark.js';
import { TextEdits } from './markdown/edits.js';
import { removeInvisibleEntities, stripInvisible } from './invisible.js';

// ─── Blocks: what is fenced code ───────────────────────────────────────────────

// The fence is taken whole (`(?!`)`): a line it cannot open is then refused once, not again for every shorter run.
const FENCE_OPEN = /^( {0,3})(`{3,}(?!`)|~{3,}(?!~))([^\r\n]*)(\r?\n?)$/;

/** How an HTML block that starts on this line ends (CommonMark §4.6), if one starts. */
function htmlBlockEnd(line: string): ((line: string) => boolean) | undefined {
  const start = /^ {0,3}<(.*)$/s.exec(line)?.[1];
  if (start === undefined) return undefined;
  const literal = literalHtmlBlockEnd(start);
  if (literal) return literal;
  // Any other tag: ends at a blank line. Counted even where CommonMark would not
  // start a block (inside a paragraph): that only makes fewer lines count as code.
  if (/^\/?[A-Za-z]/.test(start)) return isBlankLine;
  return undefined;
}

/**
 * Where the model's reader settles what is fenced code. It leans towards prose
 * whenever GitHub might not see code: a fence opens only at up to 3 spaces and
 * never inside an HTML block (where "```" is just text); it ends early at a
 * line indented less than its opener (a list item ending closes the fence in
 * it), a closer so indented included; and a closer may be indented up to 3
 * spaces more than the opener.
 */
export const SANITIZE_BLOCKS: BlockRules = {
  fenceOpen(line) {
    const open = FENCE_OPEN.exec(line);
    if (!open || (open[2]!.startsWith('`') && open[3]!.includes('`'))) return undefined;
    return { char: open[2]![0]!, length: open[2]!.length, indent: open[1]!.length };
  },
  htmlBlockEnd,
  dedentedCloserCloses: false,
};

/** Prose and fenced-code segments. Inside a fence nothing is hidden (markup shows as typed), so it keeps its markup. */
function splitFencedCode(text: string): Array<{ code: boolean; text: string }> {
  return joinLines(readBlocks(text, SANITIZE_BLOCKS), (line) => {
    if (!line.opens) return { group: line.kind === 'code', text: line.text };
    // Only the info string's first word (the language) is shown; the rest is
    // never rendered, so it is a hiding place of its own.
    const [, indent, marker, info, newline] = FENCE_OPEN.exec(line.text) as unknown as [string, string, string, string, string];
    const language = /^\s*([\w+#.-]{1,30})/.exec(info)?.[1] ?? '';
    return { group: true, text: `${indent}${marker}${language}${newline}` };
  }).map(({ group, text: part }) => ({ code: group, text: part }));
}

// ─── Markdown and HTML outside code ────────────────────────────────────────────

/**
 * What GitHub renders as nothing: HTML comments, `<script>` and `<style>`
 * elements with their contents, processing instructions (`<?…?>`), CDATA
 * sections and declarations (`<!DOCTYPE …>`) — each also when unterminated,
 * which hides everything after it.
 */
function removeHtmlComments(text: string): string {
  return text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style)(?=[\s>/])[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .replace(/<\?[\s\S]*?(?:\?>|$)/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/g, '')
    .replace(/<![A-Za-z][^>]*(?:>|$)/g, '');
}

const TITLE = String.raw`"(?:[^"\\]|\\[\s\S])*"|'(?:[^'\\]|\\[\s\S])*'|\((?:[^()\\]|\\[\s\S])*\)`;
const DESTINATION = String.raw`<[^<>\n]*>|(?:[^\s()\\]|\\[\s\S]|\((?:[^\s()\\]|\\[\s\S])*\))+`;

/**
 * A link reference definition, `[label]: url "title"`: rendered as nothing at
 * all, so label and title are both hiding places (`[//]: # (a comment)` is the
 * well-known trick). Footnotes (`[^1]: …`) are visible and excluded.
 */
const DEFINITION = new RegExp(
  String.raw`^ {0,3}\[(?!\^)((?:[^\[\]\\]|\\[\s\S]){1,999})\]:[ \t]*(?:\r?\n[ \t]*)?(${DESTINATION})(?:(?:[ \t]+|[ \t]*\r?\n[ \t]*)(?:${TITLE}))?[ \t]*(?:\r?\n|$)`,
  'gm',
);
const REFERENCE_LABEL = /\[((?:[^[\]\\]|\\[\s\S]){0,999})\]/y;

/** CommonMark label matching: case-insensitive, whitespace collapsed. */
function labelKey(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toUpperCase().toLowerCase();
}

function collectDefinitions(prose: readonly string[]): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const text of prose) {
    for (const [, label, destination] of text.matchAll(DEFINITION)) {
      const key = labelKey(label!);
      // The first definition of a label wins, as in CommonMark.
      if (key !== '' && !definitions.has(key)) definitions.set(key, destination!);
    }
  }
  return definitions;
}

/**
 * Each `[` → its matching `]`, in one pass (escapes skipped; a blank line ends
 * every open bracket, as it ends the paragraph), so that hostile runs of
 * brackets cost linear time.
 */
function matchBrackets(text: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '[') open.push(i);
    else if (char === ']') {
      const start = open.pop();
      if (start !== undefined) pairs.set(start, i);
    } else if (char === '\n' && /^\n[ \t]*(?:\r?\n|$)/.test(text.slice(i, i + 64))) open.length = 0;
  }
  return pairs;
}

/** Where `[text]` (closing at `close`) points: inline, full, collapsed or shortcut reference. */
function findTarget(
  text: string,
  open: number,
  close: number,
  definitions: ReadonlyMap<string, string>,
): { target: string; end: number } | undefined {
  if (text[close + 1] === '(') {
    const inline = parseInlineTarget(text, close + 1);
    if (inline) return { target: inline.destination, end: inline.end };
  }
  REFERENCE_LABEL.lastIndex = close + 1;
  const reference = REFERENCE_LABEL.exec(text);
  if (reference && reference[1]!.trim() !== '') {
    const target = definitions.get(labelKey(reference[1]!));
    return target === undefined ? undefined : { target, end: REFERENCE_LABEL.lastIndex };
  }
  // A label is at most 999 characters, so longer bracket text is no reference.
  const target = close - open <= 1000 ? definitions.get(labelKey(text.slice(open + 1, close))) : undefined;
  if (target === undefined) return undefined;
  return { target, end: reference ? REFERENCE_LABEL.lastIndex : close + 1 };
}

/**
 * Rewrites links and images so only what renders visibly remains, URLs kept:
 * image alt text goes (`![alt](u)` → `![](u)`), link and image titles go
 * (`[t](u "title")` → `[t](u)`), and reference links and images are resolved
 * to inline form (`[t][ref]` → `[t](u)`) so that the definitions, hidden
 * labels and all, can be dropped. Link text is visible and kept, and an image
 * inside it (a badge) is rewritten too. One pass, no recursion: a link's
 * closing `](target)` waits on a stack while its text is scanned.
 */
function rewriteLinks(text: string, definitions: ReadonlyMap<string, string>): string {
  const brackets = matchBrackets(text);
  const pending: { close: number; end: number; target: string }[] = [];
  const edits = new TextEdits(text);
  for (let i = 0; i < text.length; i++) {
    const link = pending.at(-1);
    if (link && i === link.close) {
      edits.replace(i, link.end, `](${link.target})`);
      i = link.end - 1;
      pending.pop();
      continue;
    }
    const char = text[i];
    if (char === '\\') {
      i++;
      continue;
    }
    const close = char === '[' ? brackets.get(i) : undefined;
    if (close === undefined) continue;
    const image = text[i - 1] === '!' && text[i - 2] !== '\\';
    const found = findTarget(text, i, close, definitions);
    // A target running past the end of an enclosing link's text means that
    // "link" was never one: forget it, its text stays as written.
    while (found && pending.length > 0 && pending.at(-1)!.close < found.end) pending.pop();
    if (!image) {
      if (found) pending.push({ close, end: found.end, target: found.target });
      continue;
    }
    const start = i - 1;
    if (found) {
      edits.replace(start, found.end, `![](${found.target})`);
    } else if (text[close + 1] === '[' || text[close + 1] === '(') {
      // Image syntax GitHub would not render (undefined reference, broken
      // target) shows as text, but the alt is dropped all the same: cheap, and
      // no guessing where GitHub's parser might differ.
      edits.replace(start, close + 1, '![]');
    } else {
      continue;
    }
    i = edits.copiedUpTo - 1;
  }
  return edits.result();
}

/**
 * The attributes a reader sees the value of, by tag: where a link points
 * (`<a href>`) and which image shows (`<img src>`) — the URLs the model is
 * given for markdown links and images too. Every other attribute is text no
 * reader sees on the page: GitHub's sanitizer drops most itself (`style`,
 * `class`, `id`, `data-*`, event handlers, `placeholder`) and keeps the rest
 * only as tooltips, fallbacks, metadata or layout (`title`, `alt`, `name`,
 * `datetime`, `cite`, `abbr`, `longdesc`, `aria-label`, `align`, `width`,
 * `start`, …), none of which shows its text.
 */
const SHOWN_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['a', new Set(['href'])],
  ['img', new Set(['src'])],
]);

/** HTML's whitespace between attributes (not `\s`, which takes U+00A0 and the vertical tab, to a browser part of a name or value). */
const isHtmlSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\f' || char === '\r';
/** HTML lower-cases names in ASCII only. */
const asciiLower = (name: string) => name.replace(/[A-Z]/g, (char) => char.toLowerCase());

/**
 * `<https://…/style>` is a markdown autolink (shown as a link), not a tag with
 * attributes. Only the URI form: an email autolink may hold `/` and `=`
 * (`<a/title=x@y.z>`), which in an HTML block a browser reads as a tag with a title.
 */
const URI_AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/y;

/** `<name` or `</name`, the name up to what ends it for a browser's tokenizer. */
const TAG_START = /<(\/?)([A-Za-z][^\t\n\f\r />]*)/g;

/**
 * Removes every attribute a reader does not see (all but SHOWN_ATTRIBUTES)
 * from every HTML tag, keeping the tag and the attributes it keeps byte for
 * byte. Tokenised as a browser would (quotes delimit only after `=`, no
 * whitespace needed between attributes, the first of a name is the one that
 * counts, an end tag's attributes count for nothing), because in an HTML
 * block GitHub hands the tag to an HTML parser. A tag without its `>` runs to
 * the end of the text, as in a browser; there only attributes with a value
 * go, so that prose after a stray `<` ("if count <limit the content is
 * hidden") keeps its words.
 */
function removeHiddenAttributes(text: string): string {
  const edits = new TextEdits(text);
  TAG_START.lastIndex = 0;
  for (let match = TAG_START.exec(text); match; match = TAG_START.exec(text)) {
    URI_AUTOLINK.lastIndex = match.index;
    if (URI_AUTOLINK.test(text)) {
      TAG_START.lastIndex = URI_AUTOLINK.lastIndex;
      continue;
    }
    const shown = match[1] === '' ? SHOWN_ATTRIBUTES.get(asciiLower(match[2]!)) : undefined;
    const seen = new Set<string>();
    const hidden: { from: number; to: number; valued: boolean }[] = [];
    let i = match.index + match[0].length;
    for (;;) {
      const attributeStart = i;
      while (i < text.length && (isHtmlSpace(text[i]) || text[i] === '/')) i++;
      if (i >= text.length || text[i] === '>') break;
      const nameStart = i;
      i++;
      while (i < text.length && !isHtmlSpace(text[i]) && !/[/>=]/.test(text[i]!)) i++;
      const name = asciiLower(text.slice(nameStart, i));
      let j = i;
      while (isHtmlSpace(text[j])) j++;
      const valued = text[j] === '=';
      if (valued) {
        j++;
        while (isHtmlSpace(text[j])) j++;
        const quote = text[j];
        if (quote === '"' || quote === "'") {
          const end = text.indexOf(quote, j + 1);
          j = end === -1 ? text.length : end + 1;
        } else {
          while (j < text.length && !isHtmlSpace(text[j]) && text[j] !== '>') j++;
        }
        i = j;
      }
      if (!shown?.has(name) || seen.has(name)) hidden.push({ from: attributeStart, to: i, valued });
      seen.add(name);
    }
    const terminated = i < text.length;
    for (const { from, to, valued } of hidden) {
      if (!terminated && !valued) continue;
      edits.replace(from, to, '');
    }
    if (!terminated) break;
    TAG_START.lastIndex = i + 1;
  }
  return edits.result();
}

// ─── Entry points ──────────────────────────────────────────────────────────────

/**
 * Markdown from an untrusted author, with everything removed that GitHub would
 * not show a reader. Fenced code keeps its markup (it renders as typed) and
 * loses only invisible characters.
 */
export function sanitizeUntrusted(text: string): string {
  const segments = splitFencedCode(text).map(({ code, text: part }) => ({
    code,
    text: code ? stripInvisible(part) : removeInvisibleEntities(removeHtmlComments(stripInvisible(part))),
  }));
  const definitions = collectDefinitions(segments.filter((s) => !s.code).map((s) => s.text));
  return segments
    .map(({ code, text: part }) =>
      code ? part : removeHiddenAttributes(rewriteLinks(part.replace(DEFINITION, ''), definitions)),
    )
    .join('');
}

/** A one-line field (title, file or branch name): sanitized, line breaks become spaces. */
export function sanitizeLine(text: string): string {
  // Each run of line breaks becomes a space, with the spaces and tabs around it. Read as whole runs of
  // both (a pattern for one break would scan a long run of spaces again from each of its spaces).
  return sanitizeUntrusted(text)
    .replace(/[ \t\r\n\u2028\u2029]+/g, (run) => {
      const breaks = run.match(/[\r\n\u2028\u2029]+/g)?.length ?? 0;
      return breaks === 0 ? run : ' '.repeat(breaks);
    })
    .trim();
}

/** A delimiter token that occurs nowhere in `text`: framed data cannot close its own frame. */
export function delimiterToken(text: string): string {
  for (;;) {
    const token = randomBytes(6).toString('hex');
    if (!text.includes(token)) return token;
  }
}
