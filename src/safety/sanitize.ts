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

import { joinLines, readBlocks, type BlockRules } from './markdown/blocks.js';
import { literalHtmlBlockEnd, parseInlineTarget } from './markdown/commonmark.js';

// ─── Characters ────────────────────────────────────────────────────────────────

/**
 * Invisible everywhere: C0/C1 controls except tab, newline and CR; soft hyphen;
 * combining grapheme joiner; Arabic letter mark; Hangul and Khmer fillers;
 * Mongolian vowel separator; zero-width space; LRM/RLM; bidi embeddings and
 * overrides; word joiner, invisible operators, bidi isolates and the deprecated
 * format controls (U+2060–U+206F); BOM; interlinear annotation marks; invisible
 * musical formatting. Zero-width (non-)joiners and variation selectors have
 * legitimate uses and are judged in context below.
 */
const INVISIBLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{1D173}-\u{1D17A}]/gu;

/**
 * Unicode tag characters (U+E0000–U+E007F) mirror ASCII invisibly, and models
 * read them as text: the "ASCII smuggling" channel. Their only legitimate use is
 * the three subdivision flags (England, Scotland, Wales) — fixed sequences that
 * can carry no message — so those stay and every other tag goes.
 */
const TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[\u{E0000}-\u{E007F}]/gu;
const SUBDIVISION_FLAGS = new Set(
  ['gbeng', 'gbsct', 'gbwls'].map((code) => `\u{1F3F4}${[...code].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')}\u{E007F}`),
);

const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const VARIATION_SELECTORS = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
const JOINERS = /[\u200C\u200D]/g;

const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const EMOJI_TAIL = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u;
const EMOJI = /^\p{Emoji}$/u;
const HAN = /^\p{Script=Han}$/u;
/** Letters and marks of scripts where ZWJ/ZWNJ change shaping (Arabic, Indic, …): not Latin, not shared. */
const JOINING_LETTER = /^[\p{L}\p{M}]$/u;
const NON_JOINING_SCRIPT = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]$/u;

function lastCodePoint(text: string, end: number): string {
  return [...text.slice(Math.max(0, end - 2), end)].pop() ?? '';
}

function firstCodePoint(text: string, start: number): string {
  return [...text.slice(start, start + 2)][0] ?? '';
}

const isJoiningLetter = (char: string) => JOINING_LETTER.test(char) && !NON_JOINING_SCRIPT.test(char);

/**
 * ZWJ (U+200D) and ZWNJ (U+200C) are kept only where they do visible work:
 * ZWJ between emoji (👩‍💻, 🏳️‍🌈 — stripping it, as claude-code-action does,
 * splits them into separate pictures), and either joiner between letters of
 * scripts that shape with them (Persian می‌خواهم, Devanagari क्‍ष). Anywhere else
 * — above all inside Latin words, where they split keywords — they go. What is
 * kept can encode no readable text: at most one bit per emoji or letter pair.
 */
function keepJoiner(joiner: string, before: string, after: string): boolean {
  if (joiner === '\u200D' && EMOJI_TAIL.test(before) && PICTOGRAPHIC.test(after)) return true;
  return isJoiningLetter(before) && isJoiningLetter(after);
}

/**
 * Variation selectors pick a glyph variant of the character before them, one
 * at most. A run of them, or one after a character it cannot vary, is the
 * "emoji smuggling" channel (a byte per selector), so only these stay: text /
 * emoji presentation (U+FE0E/U+FE0F) after an emoji-capable character, the
 * standardised selectors U+FE00–U+FE0D after a non-ASCII character, and
 * ideographic selectors (U+E0100–U+E01EF) after a Han ideograph.
 */
function keepVariationSelector(selector: string, before: string): boolean {
  if (before === '' || VARIATION_SELECTOR.test(before)) return false;
  const code = selector.codePointAt(0)!;
  if (code === 0xfe0e || code === 0xfe0f) return EMOJI.test(before);
  if (code < 0xfe0e) return before.codePointAt(0)! > 0x7f;
  return HAN.test(before);
}

/**
 * Removes the characters that are invisible when rendered, keeping visible
 * text — accents, CJK, emoji sequences — intact. For text that is not
 * markdown (file contents, diffs) this is the whole sanitizing step.
 */
export function stripInvisible(text: string): string {
  const visible = text
    .replace(TAGS, (match) => (SUBDIVISION_FLAGS.has(match) ? match : match.startsWith('\u{1F3F4}') ? '\u{1F3F4}' : ''))
    .replace(INVISIBLE, '');
  const selected = visible.replace(VARIATION_SELECTORS, (selector, offset: number, whole: string) =>
    keepVariationSelector(selector, lastCodePoint(whole, offset)) ? selector : '',
  );
  return selected.replace(JOINERS, (joiner, offset: number, whole: string) =>
    keepJoiner(joiner, lastCodePoint(whole, offset), firstCodePoint(whole, offset + 1)) ? joiner : '',
  );
}

/** Bidi controls (Trojan Source), zero-width and word-joining spaces, and a BOM after the start. */
const HIDDEN_IN_OUTPUT = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069]|(?<!^)\uFEFF/gu;

/**
 * For tool results (file contents, command output): what would hide text from a
 * reader — tag characters and bidirectional controls — is shown as a visible
 * `<U+202E>` instead of being passed on invisibly or silently dropped, so the
 * model sees that it is there (and an edit near it fails loudly, not wrongly).
 */
export function showHidden(text: string): string {
  const mark = (ch: string) => `<U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`;
  return text
    .replace(TAGS, (match) => (SUBDIVISION_FLAGS.has(match) ? match : [...match].map((ch) => (ch === '\u{1F3F4}' ? ch : mark(ch))).join('')))
    .replace(HIDDEN_IN_OUTPUT, mark);
}

/** Named entities GitHub would decode to a character removed above. */
const INVISIBLE_NAMED_ENTITIES = new Set([
  'shy', 'zwj', 'zwnj', 'lrm', 'rlm', 'ZeroWidthSpace', 'NegativeVeryThinSpace', 'NegativeThinSpace',
  'NegativeMediumSpace', 'NegativeThickSpace', 'NoBreak', 'af', 'ApplyFunction', 'it', 'InvisibleTimes',
  'ic', 'InvisibleComma',
]);

/**
 * `&#8203;`, `&#x200B;`, `&zwj;`, `&#xE0041;`…: an entity GitHub decodes to an
 * invisible character is the same trick one step removed. Entities for visible
 * characters (`&amp;`, `&#233;`) are left as written.
 */
function removeInvisibleEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,8})|#[xX]([0-9A-Fa-f]{1,7})|([A-Za-z]+));?/g, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return entity.endsWith(';') && INVISIBLE_NAMED_ENTITIES.has(name) ? '' : entity;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return entity;
    return stripInvisible(String.fromCodePoint(code)) === '' ? '' : entity;
  });
}

// ─── Blocks: what is fenced code ───────────────────────────────────────────────

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})([^\r\n]*)(\r?\n?)$/;

/** How an HTML block that starts on this line ends (CommonMark §4.6), if one starts. */
function htmlBlockEnd(line: string): ((line: string) => boolean) | undefined {
  const start = /^ {0,3}<(.*)$/s.exec(line)?.[1];
  if (start === undefined) return undefined;
  const literal = literalHtmlBlockEnd(start);
  if (literal) return literal;
  // Any other tag: ends at a blank line. Counted even where CommonMark would not
  // start a block (inside a paragraph): that only makes fewer lines count as code.
  if (/^\/?[A-Za-z]/.test(start)) return (l) => l.trim() === '';
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
  String.raw`^ {0,3}\[(?!\^)((?:[^\[\]\\]|\\[\s\S]){1,999})\]:[ \t]*(?:\r?\n)?[ \t]*(${DESTINATION})(?:(?:[ \t]+|[ \t]*\r?\n[ \t]*)(?:${TITLE}))?[ \t]*(?:\r?\n|$)`,
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
  let out = '';
  let cursor = 0;
  for (let i = 0; i < text.length; i++) {
    const link = pending.at(-1);
    if (link && i === link.close) {
      out += `${text.slice(cursor, i)}](${link.target})`;
      cursor = link.end;
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
      out += `${text.slice(cursor, start)}![](${found.target})`;
      cursor = found.end;
    } else if (text[close + 1] === '[' || text[close + 1] === '(') {
      // Image syntax GitHub would not render (undefined reference, broken
      // target) shows as text, but the alt is dropped all the same: cheap, and
      // no guessing where GitHub's parser might differ.
      out += `${text.slice(cursor, start)}![]`;
      cursor = close + 1;
    } else {
      continue;
    }
    i = cursor - 1;
  }
  return out + text.slice(cursor);
}

/** Attributes that carry text a reader never sees on the page. */
function isHiddenAttribute(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    ['alt', 'title', 'placeholder', 'hidden', 'style', 'content', 'label', 'summary'].includes(lower) ||
    lower.startsWith('aria-') ||
    lower.startsWith('data-')
  );
}

/** `<https://…/style>` is a markdown autolink (shown as a link), not a tag with attributes. */
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/y;

/**
 * Removes hidden attributes from every HTML tag, keeping the tag and its other
 * attributes byte for byte. Tokenised as a browser would (quotes delimit only
 * after `=`, no whitespace needed between attributes), because in an HTML block
 * GitHub hands the tag to an HTML parser. A tag without its `>` runs to the end
 * of the text, as in a browser; there only attributes with a value go, so that
 * prose after a stray `<` ("if count <limit the content is hidden") keeps its words.
 */
function removeHiddenAttributes(text: string): string {
  let out = '';
  let cursor = 0;
  const tagStart = /<\/?[A-Za-z]/g;
  for (let match = tagStart.exec(text); match; match = tagStart.exec(text)) {
    AUTOLINK.lastIndex = match.index;
    if (AUTOLINK.test(text)) {
      tagStart.lastIndex = AUTOLINK.lastIndex;
      continue;
    }
    const hidden: { from: number; to: number; valued: boolean }[] = [];
    let i = match.index + match[0].length;
    while (i < text.length && !/[\s/>]/.test(text[i]!)) i++;
    for (;;) {
      const attributeStart = i;
      while (i < text.length && /[\s/]/.test(text[i]!)) i++;
      if (i >= text.length || text[i] === '>') break;
      const nameStart = i;
      i++;
      while (i < text.length && !/[\s/>=]/.test(text[i]!)) i++;
      const name = text.slice(nameStart, i);
      let j = i;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      const valued = text[j] === '=';
      if (valued) {
        j++;
        while (j < text.length && /\s/.test(text[j]!)) j++;
        const quote = text[j];
        if (quote === '"' || quote === "'") {
          const end = text.indexOf(quote, j + 1);
          j = end === -1 ? text.length : end + 1;
        } else {
          while (j < text.length && !/[\s>]/.test(text[j]!)) j++;
        }
        i = j;
      }
      if (isHiddenAttribute(name)) hidden.push({ from: attributeStart, to: i, valued });
    }
    const terminated = i < text.length;
    for (const { from, to, valued } of hidden) {
      if (!terminated && !valued) continue;
      out += text.slice(cursor, from);
      cursor = to;
    }
    if (!terminated) break;
    tagStart.lastIndex = i + 1;
  }
  return out + text.slice(cursor);
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
  return sanitizeUntrusted(text)
    .replace(/[ \t]*(?:\r\n|[\r\n\u2028\u2029])+[ \t]*/g, ' ')
    .trim();
}
