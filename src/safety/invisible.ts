// Characters a reader never sees but a model reads: controls, zero-width and
// bidi characters, Unicode tag characters ("ASCII smuggling"), variation
// selectors past the one a character can take ("emoji smuggling"), and the
// character references that decode to them. Removed from what the model is
// given (stripInvisible), or shown as visible marks in tool results
// (showHidden). Not markdown: sanitize.ts applies these around its own rules.

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
export function removeInvisibleEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,8})|#[xX]([0-9A-Fa-f]{1,7})|([A-Za-z]+));?/g, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return entity.endsWith(';') && INVISIBLE_NAMED_ENTITIES.has(name) ? '' : entity;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return entity;
    return stripInvisible(String.fromCodePoint(code)) === '' ? '' : entity;
  });
}
