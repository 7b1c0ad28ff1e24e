// What the action posts is defanged (product.md §6): nothing in it may make a
// reader's browser fetch from a server other than GitHub's when the comment
// renders (tracking pixels; data smuggled out in an image URL the model was
// talked into writing), and no team is pinged. Images pointing elsewhere
// become plain links, `@org/team` becomes code. Fenced code blocks and code
// spans render as typed, so they are left alone.
//
// The text comes from the model, which untrusted input may have steered, so
// every place where this code and GitHub's renderer could disagree is settled
// the safe way: an image is kept only when it is plainly an image of GitHub's
// (anything unclear loses its `!` and renders as a link), and text counts as
// code only when GitHub cannot read it otherwise — code spans on one line, not
// inside an HTML block, a tag, a comment or a link target, and fences only
// where no HTML block or paragraph could swallow them. Raw HTML is read by
// cmark-gfm's own grammar, and a `<` that GitHub or a browser could still read
// as a tag some other way is written `&lt;`; a mention stays as it is only
// inside a link GitHub surely makes. Being wrong the other way costs a link
// where an image would have done, a dubious tag shown as text, or a mention
// wrapped that was already code or in a link.

import { joinLines, readBlocks, type BlockRules } from './markdown/blocks.js';
import { indentOf, isBlankLine, literalHtmlBlockEnd } from './markdown/commonmark.js';
import { TextEdits } from './markdown/edits.js';
import { destinationOf, srcsetUrls, type Destination as UrlKind } from './markdown/destination.js';
import { decodeEntities } from './markdown/entities.js';
import { closingTagEnd, InlineScanner, OpenTagReader } from './markdown/inline.js';
import { SureLinks, teamMentionAt, type Destination } from './markdown/mentions.js';

/**
 * `markdown` made harmless to render. An image (`![a](u)`, `![a][ref]`,
 * `<img src>`, `<picture>`'s `<source srcset>`, `<video poster>`, `<audio
 * src>`, …) whose URL is not on the GitHub server at `githubServerUrl` (for
 * github.com also *.githubusercontent.com; for GHES its subdomains) becomes a
 * link to that URL (`![a](u)` → `[a](u)`, `<img src=u alt=a>` → `<a
 * href="u">a</a>`); one with a `data:` URL becomes its alt text. `@org/team`
 * becomes `` `@org/team` `` (`<code>@org/team</code>` where backticks would
 * not hold). Code spans and fenced code blocks are left as they are.
 */
export function defang(markdown: string, githubServerUrl: string): string {
  let server: URL;
  try {
    server = new URL(githubServerUrl);
  } catch {
    throw new Error(`defang: the GitHub server URL is not a URL: ${JSON.stringify(githubServerUrl)}`);
  }
  const context: Context = { server, definitions: collectDefinitions(markdown), kinds: new Map() };
  return joinLines(readBlocks(markdown, DEFANG_BLOCKS), (line) => ({ group: line.kind, text: line.text }))
    .map((block) => (block.group === 'code' ? block.text : defangInline(block.text, context, block.group === 'markdown')))
    .join('');
}

interface Context {
  server: URL;
  /** Every destination defined for a reference label (normalised), in any block. */
  definitions: ReadonlyMap<string, readonly string[]>;
  /** Where each label's destinations lead, read once per label (many images may name one long definition). */
  kinds: Map<string, readonly UrlKind[]>;
}

/** Where the destinations defined for `key` lead (none when it has no definition). */
function definitionKinds(context: Context, key: string): readonly UrlKind[] {
  let kinds = context.kinds.get(key);
  if (kinds === undefined) {
    kinds = (context.definitions.get(key) ?? []).map((destination) => destinationOf(destination, context.server));
    context.kinds.set(key, kinds);
  }
  return kinds;
}

// ─── Blocks: what is fenced code, what is an HTML block ────────────────────────

/** Block quote markers and list markers before a line's content: `> `, `- `, `1. `, in any mix. */
const CONTAINER_PREFIX = /^[ \t]*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*)*/;

/** Tags that start an HTML block of CommonMark's type 6 (cmark-gfm's list and the spec's, together). */
const BLOCK_TAGS = new Set(
  ('address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link ' +
    'main menu menuitem nav noframes ol optgroup option p param search section source summary table tbody td tfoot th ' +
    'thead title tr track ul').split(' '),
);

/**
 * How an HTML block starting on this line ends (CommonMark §4.6), if one
 * starts. Counted after any container prefix, at any indent, and even where
 * CommonMark would not let one interrupt a paragraph: more HTML only means
 * fewer fences and code spans are believed.
 */
function htmlBlockEnd(line: string): ((line: string) => boolean) | undefined {
  const rest = line.replace(CONTAINER_PREFIX, '');
  const start = /^<(.*)$/s.exec(rest)?.[1];
  if (start === undefined) return undefined;
  const literal = literalHtmlBlockEnd(start);
  if (literal) return literal;
  const name = /^\/?([A-Za-z][A-Za-z0-9-]*)(?:[ \t\n\v\f\r>]|\/>|$)/.exec(start)?.[1];
  if (name !== undefined && BLOCK_TAGS.has(name.toLowerCase())) return isBlankLine;
  // Type 7: any other complete tag, alone on its line (cmark-gfm allows tabs, spaces and form feeds after it).
  const tag = rest.slice(0, endBeforeSpaceAndBreak(rest));
  const whole = closingTagEnd(tag, 0) ?? new OpenTagReader(tag).end(0);
  return whole === tag.length ? isBlankLine : undefined;
}

/**
 * Where `line` ends without its line break and the spaces, tabs and form
 * feeds before it. Counted from the end: a pattern would start again at
 * every space of a long run that is not at the end.
 */
function endBeforeSpaceAndBreak(line: string): number {
  let end = line.length;
  if (line[end - 1] === '\n') end--;
  if (line[end - 1] === '\r') end--;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t' || line[end - 1] === '\f')) end--;
  return end;
}

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})([^\r\n]*)/;

/**
 * Where what Deckhand posts is fenced code (left alone), an HTML block (where
 * GitHub reads no code spans: the text goes to the HTML parser) or the rest.
 * A fence opens at a line indented up to 3 columns, or more after a blank line
 * (a fence in a list item; there the line cannot continue a paragraph). It
 * ends at its closing fence — a line of the same character, at least as long,
 * even when indented less — or early at any other line indented less than it
 * (the end of the list item it was in).
 */
export const DEFANG_BLOCKS: BlockRules = {
  fenceOpen(line, previousBlank) {
    const open = FENCE_OPEN.exec(line);
    const indent = indentOf(line);
    if (!open || !(indent <= 3 || previousBlank) || (open[1]!.startsWith('`') && open[2]!.includes('`'))) return undefined;
    return { char: open[1]![0]!, length: open[1]!.length, indent };
  },
  htmlBlockEnd,
  dedentedCloserCloses: true,
};

// ─── Reference definitions ─────────────────────────────────────────────────────

/** A label as CommonMark matches it, and then some: case-folded, whitespace and quote markers collapsed. */
function labelKey(label: string): string {
  return label.toUpperCase().toLowerCase().replace(/[\s>]+/g, ' ').trim();
}

const DEFINITION = /^[ \t]*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*)*\[((?:[^[\]\\]|\\[\s\S]){1,999})\]:[ \t]*(\S*)/gm;
/** A destination on the line after its label, past any container markers. */
const NEXT_LINE_DESTINATION = /\s*(?:(?:>|[-*+]|\d{1,9}[.)])[ \t]*)*(\S*)/y;

/**
 * Every `[label]: destination`, found generously — in any container, in code
 * too, with a label over several lines or the destination on the next line —
 * so that a reference image is kept only when every definition it could
 * resolve to is GitHub's.
 */
function collectDefinitions(text: string): Map<string, string[]> {
  const definitions = new Map<string, string[]>();
  for (const found of text.matchAll(DEFINITION)) {
    let destination = found[2]!;
    if (destination === '') {
      NEXT_LINE_DESTINATION.lastIndex = found.index + found[0].length;
      destination = NEXT_LINE_DESTINATION.exec(text)?.[1] ?? '';
    }
    const pointy = /^<([^<>]*)>?$/.exec(destination);
    const key = labelKey(found[1]!);
    const list = definitions.get(key) ?? [];
    list.push(pointy ? pointy[1]! : destination);
    definitions.set(key, list);
  }
  return definitions;
}

// ─── Inline: images, tags, mentions ────────────────────────────────────────────

/**
 * `![alt]` whose alt holds nothing that could end or change it: the only
 * images worth keeping. (Nor a `|`, here and below: in a table, a cell would
 * end there and what this code skipped as part of the image be read afresh.)
 */
const SIMPLE_IMAGE = /!\[([^[\]<>`\\\r\n|]{0,1000})\]/y;
/**
 * `(destination "title")` in the narrow form this code can be sure GitHub
 * reads the same way: no escapes, parentheses, backticks or angle brackets in
 * the destination, nothing but one quoted title after it. (The lookahead and
 * back-reference take the destination atomically, as CommonMark does.)
 */
const SIMPLE_TARGET = /\([ \t]*(?:<([^<>\r\n\\`|]*)>|(?=([^\s()<>\\`|]+))\2)(?:[ \t]+(?:"[^"\r\n\\`<>|]*"|'[^'\r\n\\`<>|]*'))?[ \t]*\)/y;
const SIMPLE_LABEL = /\[([ -Z^-{}~]{0,999})\]/y;

/** An attribute as cmark-gfm reads one (`attribute` in scanners.re): spacechar is [ \t\n\v\f\r], and U+00A0 is part of an unquoted value. */
const ATTRIBUTE =
  /[ \t\n\v\f\r]+([A-Za-z_:][A-Za-z0-9_.:-]*)(?:[ \t\n\v\f\r]*=[ \t\n\v\f\r]*(?:"([^"]*)"|'([^']*)'|([^ \t\n\v\f\r"'=<>`]+)))?/y;

interface Tag {
  name: string;
  attributes: Array<{ name: string; value: string | undefined }>;
}

/** The name and attributes of an open tag the scanner read (so one well formed to cmark-gfm). */
function readTag(tagText: string): Tag {
  const name = /^<([A-Za-z][A-Za-z0-9-]*)/.exec(tagText)![1]!;
  const tag: Tag = { name: name.toLowerCase(), attributes: [] };
  ATTRIBUTE.lastIndex = name.length + 1;
  for (let found = ATTRIBUTE.exec(tagText); found; found = ATTRIBUTE.exec(tagText)) {
    tag.attributes.push({ name: found[1]!.toLowerCase(), value: found[2] ?? found[3] ?? found[4] });
  }
  return tag;
}

/** Attributes whose URL the browser fetches when the page renders. */
const FETCHED = new Set(['src', 'srcset', 'imagesrcset', 'poster', 'background', 'data', 'lowsrc', 'dynsrc']);
/** Tags whose `href` is fetched too (SVG images, stylesheets). */
const FETCHED_HREF = new Set(['image', 'use', 'feimage', 'link']);

/**
 * Text that renders as exactly these characters inside `<a>…</a>`, in
 * markdown and in HTML: on one line (where no block can start), the
 * characters that could start markup or a character reference written as
 * references.
 */
function plainText(text: string): string {
  // A run of spaces and line breaks with a break in it becomes one space (read whole, so a long run of spaces is read once).
  return decodeEntities(text)
    .replace(/[ \t\r\n]+/g, (run) => (/[\r\n]/.test(run) ? ' ' : run))
    .replace(/[&<>"'`!*_[\]()~|\\$]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A URL as the value of the `href` of a link this code writes: in quotes, and
 * on one line without a `|`, so that no line in it can start a block and no
 * table cell end in it (a browser drops the line breaks from a URL anyway).
 */
function hrefValue(url: string): string {
  return url.replace(/"/g, '&quot;').replace(/[\r\n|]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * What a tag that would fetch from elsewhere becomes: a link to each URL it
 * names (labelled with the image's alt text, or the URL), and for a `data:`
 * URL only its label as text. Undefined when everything it fetches is GitHub's.
 */
function tagReplacement(tag: Tag, server: URL): string | undefined {
  const urls: string[] = [];
  for (const { name, value } of tag.attributes) {
    if (value === undefined) continue;
    if (FETCHED.has(name)) urls.push(...(name.endsWith('srcset') ? srcsetUrls(value) : [value]));
    else if ((name === 'href' || name === 'xlink:href') && FETCHED_HREF.has(tag.name)) urls.push(value);
  }
  const destinations = urls.map((url) => destinationOf(url, server));
  if (destinations.every((destination) => destination === 'github')) return undefined;
  const alt = tag.attributes.find((attribute) => attribute.name === 'alt')?.value?.trim();
  return urls
    .map((url, index) =>
      destinations[index] === 'data'
        ? plainText(alt || 'image')
        : `<a href="${hrefValue(url)}">${plainText(alt || url)}</a>`,
    )
    .join(' ');
}

/** One inline pass of defang: the scanner, the edits so far, and what the mention rule remembers. */
interface Pass {
  text: string;
  context: Context;
  scanner: InlineScanner;
  edits: TextEdits;
  /** The line the last mention was on, and what its backticks are. */
  line: { start: number; end: number; backticks: boolean; onlyWrapped: boolean };
  /** Where the last wrapped mention ended. */
  lastWrapEnd: number;
  /** Where the last image kept whole ended. */
  keptImageEnd: number;
  /** Where GitHub surely makes links: a mention in one pings no one. */
  links: SureLinks;
}

/**
 * Defangs markdown outside fenced code (`codeSpans` false in HTML blocks,
 * where GitHub reads no code spans): the scanner's tokens, and for each tag,
 * image and `@` what this policy makes of it.
 */
function defangInline(text: string, context: Context, codeSpans: boolean): string {
  const scanner = new InlineScanner(text, codeSpans);
  const pass: Pass = {
    text,
    context,
    scanner,
    edits: new TextEdits(text),
    line: { start: 0, end: -1, backticks: false, onlyWrapped: true },
    lastWrapEnd: -1,
    keptImageEnd: 0,
    links: new SureLinks(text),
  };
  for (let token = scanner.next(); token; token = scanner.next()) {
    if (token.kind === 'open-tag') {
      const replacement = tagReplacement(readTag(text.slice(token.at, token.end)), context.server);
      if (replacement !== undefined) {
        pass.edits.replace(token.at, token.end, replacement);
        scanner.skipTo(token.end);
      } else if (!token.certain && !opensDestination(pass, token.at)) {
        // A tag GitHub may read otherwise (split by a block or a table cell, or its attributes
        // read differently by a browser) is made text; the scanner reads on inside it.
        pass.edits.replace(token.at, token.at + 1, '&lt;');
      }
    } else if (token.kind === 'lt') {
      // Not a tag to cmark-gfm, so text in markdown; but where GitHub or a
      // browser might still read one (an HTML block's laxer parser, any
      // difference between this reader and GitHub's), it is made text for all.
      if (/^<\/?[A-Za-z]/.test(text.slice(token.at, token.at + 3)) && !opensDestination(pass, token.at)) {
        pass.edits.replace(token.at, token.at + 1, '&lt;');
      }
    } else if (token.kind === 'image') {
      scanner.skipTo(image(pass, token.at));
    } else if (token.kind === 'at') {
      scanner.skipTo(mention(pass, token.at));
    }
  }
  return pass.edits.result();
}

/** `![` at `at`: kept only when plainly an image of GitHub's. Returns where scanning goes on. */
function image(pass: Pass, at: number): number {
  const { text, context, edits } = pass;
  SIMPLE_IMAGE.lastIndex = at;
  const simple = SIMPLE_IMAGE.exec(text);
  if (simple) {
    const alt = simple[1]!;
    const after = SIMPLE_IMAGE.lastIndex;
    let kinds: readonly UrlKind[] | undefined;
    let end = after;
    if (text[after] === '(') {
      SIMPLE_TARGET.lastIndex = after;
      const target = SIMPLE_TARGET.exec(text);
      if (target) {
        kinds = [destinationOf(target[1] ?? target[2]!, context.server)];
        end = SIMPLE_TARGET.lastIndex;
      }
    } else {
      SIMPLE_LABEL.lastIndex = after;
      const label = text[after] === '[' ? SIMPLE_LABEL.exec(text) : null;
      if (text[after] !== '[' || label) {
        const key = label && label[1]!.trim() !== '' ? label[1]! : alt;
        if (/^[ -~]*$/.test(key)) kinds = definitionKinds(context, labelKey(key));
        end = label ? SIMPLE_LABEL.lastIndex : after;
      }
    }
    if (kinds && kinds.length > 0) {
      if (kinds.every((kind) => kind === 'github')) {
        pass.keptImageEnd = end;
        return end;
      }
      if (text[after] === '(' && kinds[0] === 'data') {
        // Nothing to fetch, but a data: URL can be huge: its alt text stands in for it.
        edits.replace(at, end, alt.trim() === '' ? 'image' : defangInline(alt, context, false));
        return end;
      }
    }
  }
  // Anything else loses its `!` and renders as a link (or as the text it was).
  // A `!` just before would make a new `![`: escape it.
  if (text[at - 1] === '!' && at - 1 >= pass.scanner.escapedUpTo && edits.copiedUpTo <= at - 1) edits.replace(at - 1, at + 1, '\\!');
  else edits.replace(at, at + 1, '');
  return at + 1;
}

/** `@` at `at`: a team mention becomes code. Returns where scanning goes on. */
function mention(pass: Pass, at: number): number {
  const { text, edits, scanner } = pass;
  const before = text[at - 1];
  // Right after a wrapped mention, `@` starts a text node of its own: GitHub reads a mention there.
  const afterWrap = at === pass.lastWrapEnd;
  if (!afterWrap && before !== undefined && /[A-Za-z0-9_]/.test(before)) return at + 1;
  const team = teamMentionAt(text, at);
  if (!team || insideLink(pass, at)) return at + 1;
  const { end } = team;
  if (at < pass.line.start || at > pass.line.end) {
    const first = text.lastIndexOf('\n', at) + 1;
    const last = scanner.lineEndAfter(at);
    const content = text.slice(first, last);
    pass.line = { start: first, end: last, backticks: content.includes('`'), onlyWrapped: !content.replace(/`@[^`\s]+`/g, '').includes('`') };
  }
  // Already code: in the HTML element, or in backticks on a markdown line
  // whose backticks all wrap mentions (so they can only pair up as they stand).
  if (/^<code>$/i.test(text.slice(at - 6, at)) && /^<\/code>$/i.test(text.slice(end, end + 7))) return end;
  if (scanner.codeSpans && before === '`' && text[end] === '`' && pass.line.onlyWrapped) return end;
  // `\@org/team` still pings; the backslash goes with the wrapping.
  const start = before === '\\' && at - 1 >= scanner.escapedUpTo && edits.copiedUpTo <= at - 1 ? at - 1 : at;
  // Backticks hold only in markdown, and only if no other backtick on the
  // line can pair with them; else the HTML element, which nothing unpairs.
  // A character reference shows as itself in backticks, but as its character in the element.
  const backticks = scanner.codeSpans && !pass.line.backticks && !afterWrap && !team.source.includes('&');
  edits.replace(start, end, backticks ? `\`${team.source}\`` : `<code>${team.source}</code>`);
  pass.lastWrapEnd = end;
  return end;
}

/**
 * Whether the `@` at `at` is inside a link GitHub surely makes, where it
 * pings no one: an inline link's destination, or an extended autolink that
 * starts in plain text (after whatever the scanner read as something else and
 * whatever this pass rewrote). Never in an HTML block, where GitHub makes no
 * links of markdown.
 */
function insideLink(pass: Pass, at: number): boolean {
  const { scanner, edits, links } = pass;
  if (!scanner.codeSpans) return false;
  const destination = destinationAround(pass, at);
  if (destination && destination.start <= at && at < destination.end) return true;
  return links.autolinkCovers(at, Math.max(scanner.textFrom, edits.copiedUpTo, pass.keptImageEnd));
}

/** The destination of the inline link GitHub surely makes whose target `(…)` holds `at`, if one does (never in an HTML block). */
function destinationAround(pass: Pass, at: number): Destination | undefined {
  const target = pass.scanner.lastTarget;
  if (!pass.scanner.codeSpans || !target || at <= target.at || at >= target.end) return undefined;
  return pass.links.destination(target);
}

/**
 * Whether the `<` at `at` opens the destination of a link GitHub surely
 * makes, `[…](<…>)`: markdown's own bracket, read before any tag, and one
 * that written as `&lt;` would undo the link.
 */
function opensDestination(pass: Pass, at: number): boolean {
  const destination = destinationAround(pass, at);
  return destination !== undefined && destination.pointy && destination.start === at + 1;
}
