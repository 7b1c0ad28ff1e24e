export const id = 932;
export const ids = [932];
export const modules = {

/***/ 52932:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DEFANG_BLOCKS: () => (/* binding */ DEFANG_BLOCKS),
  defang: () => (/* binding */ defang)
});

// EXTERNAL MODULE: ./src/safety/markdown/blocks.ts
var blocks = __webpack_require__(18766);
// EXTERNAL MODULE: ./src/safety/markdown/commonmark.ts
var commonmark = __webpack_require__(76376);
// EXTERNAL MODULE: ./src/safety/markdown/edits.ts
var edits = __webpack_require__(21747);
;// CONCATENATED MODULE: ./src/safety/markdown/entities.ts
// Character references as GitHub's renderer and a browser decode them, for
// the characters that can change how a URL or a mention reads.
/** Named character references that decode to characters which can change how a URL parses. */
const NAMED_ENTITIES = {
    amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', sol: '/', bsol: '\\', commat: '@',
    period: '.', quest: '?', num: '#', equals: '=', percnt: '%', Tab: '\t', NewLine: '\n', excl: '!',
    lpar: '(', rpar: ')', semi: ';', comma: ',', plus: '+', dollar: '$', ast: '*', lowbar: '_',
    hyphen: '-', midast: '*', nbsp: '\u00A0',
};
/** Legacy references a browser decodes in an attribute even without the `;`. */
const LEGACY_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot']);
function decodeEntities(text) {
    return text.replace(/&(?:#(\d{1,8})(;?)|#[xX]([0-9A-Fa-f]{1,7})(;?)|([A-Za-z][A-Za-z0-9]{1,31})(;?))/g, (entity, ...groups) => {
        const [decimal, , hex, , name, semicolon] = groups;
        if (name !== undefined) {
            const decoded = NAMED_ENTITIES[name];
            return decoded !== undefined && (semicolon === ';' || LEGACY_ENTITIES.has(name)) ? decoded : entity;
        }
        const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex, 16);
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code);
    });
}

;// CONCATENATED MODULE: ./src/safety/markdown/destination.ts
// Where a URL written in markdown or in an HTML attribute makes a browser
// fetch from: GitHub's own server, a data: URL, or elsewhere.

/**
 * Where `raw` (a destination as written, in markdown or an HTML attribute)
 * makes the browser fetch from. It is read as GitHub would: backslash escapes
 * and character references decoded, tabs and line breaks dropped, resolved
 * against the server, by the WHATWG URL parser (so `//evil`, `/\evil`,
 * `https:evil`, `github.com@evil` all say where they really go). Only the
 * server's own scheme counts, and never with a user name or password.
 */
function destinationOf(raw, server) {
    const decoded = trimC0(decodeEntities(raw.replace(/\\([!-/:-@[-`{-~])/g, '$1')).replace(/[\t\n\r]/g, ''));
    if (/^data:/i.test(decoded))
        return 'data';
    let url;
    try {
        url = new URL(decoded, `${server.origin}/`);
    }
    catch {
        return 'elsewhere';
    }
    if (url.protocol !== server.protocol || url.username !== '' || url.password !== '')
        return 'elsewhere';
    if (url.host === server.host)
        return 'github';
    const userContent = server.hostname === 'github.com'
        ? url.hostname.endsWith('.githubusercontent.com') && url.port === ''
        : // GHES with subdomain isolation serves user content from media.<host>, raw.<host>, …
            url.hostname.endsWith(`.${server.hostname}`) && url.port === server.port;
    return userContent ? 'github' : 'elsewhere';
}
/**
 * `text` without the C0 controls and spaces at either end, as the URL parser
 * trims them; counted by hand, since a pattern for the trailing ones would
 * start again at every space of a run inside.
 */
function trimC0(text) {
    let start = 0;
    let end = text.length;
    while (start < end && text.charCodeAt(start) <= 0x20)
        start++;
    while (end > start && text.charCodeAt(end - 1) <= 0x20)
        end--;
    return text.slice(start, end);
}
/** The URLs of a `srcset` (HTML's candidate parsing: a URL, then descriptors up to a comma). */
function srcsetUrls(value) {
    const urls = [];
    let i = 0;
    while (i < value.length) {
        while (i < value.length && /[\s,]/.test(value[i]))
            i++;
        const start = i;
        while (i < value.length && !/\s/.test(value[i]))
            i++;
        const url = value.slice(start, i);
        if (url === '')
            break;
        if (url.endsWith(',')) {
            let end = url.length;
            while (url[end - 1] === ',')
                end--;
            urls.push(url.slice(0, end));
            continue;
        }
        urls.push(url);
        let depth = 0;
        for (; i < value.length; i++) {
            const char = value[i];
            if (char === '(')
                depth++;
            else if (char === ')')
                depth--;
            else if (char === ',' && depth <= 0) {
                i++;
                break;
            }
        }
    }
    return urls;
}

;// CONCATENATED MODULE: ./src/safety/markdown/inline.ts
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

/**
 * CommonMark autolinks (URI and email): links, never fetched, and no tags to a
 * browser either. A URI runs to the first space, C0 control, `<` or `>` (cmark
 * reads a NUL as U+FFFD, which may be in one).
 */
const AUTOLINK = /<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x01-\x20<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/y;
const CLOSING_TAG = /<\/[A-Za-z][A-Za-z0-9-]*[ \t\n\v\f\r]*>/y;
/** Where the CommonMark autolink (URI or email) at `at` ends, if one starts there. */
function autolinkEnd(text, at) {
    AUTOLINK.lastIndex = at;
    return AUTOLINK.test(text) ? AUTOLINK.lastIndex : undefined;
}
/** Where the closing tag (`</name>`) at `at` ends, if one starts there. */
function closingTagEnd(text, at) {
    CLOSING_TAG.lastIndex = at;
    return CLOSING_TAG.test(text) ? CLOSING_TAG.lastIndex : undefined;
}
/** The run of `char` starting at `at`. */
function runLength(text, at, char) {
    let end = at;
    while (text[end] === char)
        end++;
    return end - at;
}
/** Link targets longer than this are not parsed: the rest of the paragraph is treated as target. */
const MAX_TARGET = 4096;
const isAsciiPunctuation = (char) => char !== undefined && /^[!-/:-@[-`{-~]$/.test(char);
/**
 * Where the link target `(destination "title")` at `at` ends, for one
 * purpose: a backtick inside it starts no code span. Undefined when it is no
 * target (or too long to tell).
 */
function inlineTargetEnd(text, at) {
    return (0,commonmark/* parseInlineTarget */.m0)(text, at, Math.min(text.length, at + MAX_TARGET))?.end;
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
const isTagSpace = (char) => char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\v' || char === '\f';
const isAttributeStart = (char) => /[A-Za-z_:]/.test(char);
const isAttributeChar = (char) => /[A-Za-z0-9_.:-]/.test(char);
/** cmark's `unquotedvalue`: anything but spacechar, quotes, `=`, `<`, `>` and the backtick (U+00A0 and a NUL, read as U+FFFD, included). */
const isUnquotedChar = (char) => !isTagSpace(char) && !/["'=<>`]/.test(char);
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
class OpenTagReader {
    text;
    dead;
    /** The state each position of the current reading was in (one per position: a reading moves one character a step). */
    states;
    constructor(text) {
        this.text = text;
    }
    end(at) {
        const text = this.text;
        let i = at + 1;
        if (!/[A-Za-z]/.test(text[i] ?? ''))
            return undefined;
        while (i < text.length && /[A-Za-z0-9-]/.test(text[i]))
            i++;
        this.dead ??= new Uint16Array(text.length);
        // A typed array, not a growing list: pushing a number for each of 100,000 characters cost ten times the reading itself.
        this.states ??= new Uint8Array(text.length);
        const { dead, states } = this;
        const from = i;
        let to = i;
        let state = AFTER_VALUE;
        for (; i < text.length && !(dead[i] & (1 << state)); i++) {
            states[i] = state;
            to = i + 1;
            const char = text[i];
            if ((char === '\n' || (char === '\r' && text[i + 1] !== '\n')) && ((NO_TAG_ACROSS.lastIndex = i + 1), NO_TAG_ACROSS.test(text)))
                break;
            const space = isTagSpace(char);
            let next;
            switch (state) {
                case AFTER_VALUE:
                case SPACE:
                case AFTER_NAME:
                    if (space)
                        next = state === AFTER_VALUE ? SPACE : state;
                    else if (char === '=' && state === AFTER_NAME)
                        next = BEFORE_VALUE;
                    else if (isAttributeStart(char) && state !== AFTER_VALUE)
                        next = NAME;
                    else if (char === '/')
                        next = SELF_CLOSING;
                    else if (char === '>')
                        return i + 1;
                    break;
                case NAME:
                    if (isAttributeChar(char))
                        next = NAME;
                    else if (space)
                        next = AFTER_NAME;
                    else if (char === '=')
                        next = BEFORE_VALUE;
                    else if (char === '/')
                        next = SELF_CLOSING;
                    else if (char === '>')
                        return i + 1;
                    break;
                case BEFORE_VALUE:
                    if (space)
                        next = BEFORE_VALUE;
                    else if (char === '"')
                        next = DOUBLE_QUOTED;
                    else if (char === "'")
                        next = SINGLE_QUOTED;
                    else if (isUnquotedChar(char))
                        next = UNQUOTED;
                    break;
                case DOUBLE_QUOTED:
                case SINGLE_QUOTED:
                    next = char === (state === DOUBLE_QUOTED ? '"' : "'") ? AFTER_VALUE : state;
                    break;
                case UNQUOTED:
                    if (isUnquotedChar(char))
                        next = UNQUOTED;
                    else if (space)
                        next = SPACE;
                    else if (char === '>')
                        return i + 1;
                    break;
                case SELF_CLOSING:
                    if (char === '>')
                        return i + 1;
                    break;
            }
            if (next === undefined)
                break;
            state = next;
        }
        for (let j = from; j < to; j++)
            dead[j] |= 1 << states[j];
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
/** Comment-like constructs: opener and what closes it. */
const OPAQUE = [['<!--', '-->'], ['<?', '?>'], ['<![CDATA[', ']]>'], ['<!', '>']];
/**
 * Reads `text` (markdown outside fenced code, or an HTML block when
 * `codeSpans` is false: GitHub reads no code spans there). `next()` returns
 * each token in order; after a policy has read a construct itself (an image,
 * a mention) it says where to go on with `skipTo`.
 */
class InlineScanner {
    text;
    codeSpans;
    /** No code span may open before this index: it is inside a tag, comment or link target. */
    noCodeBefore = 0;
    escapedTo = -1;
    /** For a backtick run length, the end of the line up to which no closing run of it is left. */
    noCloserBefore = new Map();
    /** For a comment-like construct's end marker, the last search: from where, found where (-1: nowhere). */
    closeSearches = new Map();
    /** Where the last code span ended. */
    codeEnd = 0;
    /** The last inline link target read: the index of its `(` and where it ends. */
    target;
    paragraph = { from: 0, end: -1 };
    lineEnd = -1;
    /** The last line end looked up after a tag: from which index, and where. */
    tagLineEnd = { from: 0, end: -1 };
    tags;
    /** The characters that could start something; its lastIndex is the scanner's position. */
    interesting = /[\\`<!\]@&]/g;
    constructor(text, codeSpans) {
        this.text = text;
        this.codeSpans = codeSpans;
        this.tags = new OpenTagReader(text);
    }
    /** Index after the last backslash escape, so an escaped `!` or `\\` is known as one. */
    get escapedUpTo() {
        return this.escapedTo;
    }
    /**
     * Where text that is nothing but text may start: before it lies a code
     * span, tag, comment, autolink or link target this scanner read (or what
     * it took for one), whose characters GitHub does not read as text.
     */
    get textFrom() {
        return Math.max(this.noCodeBefore, this.codeEnd);
    }
    /** The last inline link target read, `(…)` after a `]`: the index of its `(` and where it ends. */
    get lastTarget() {
        return this.target;
    }
    /** Scanning goes on at `index`. */
    skipTo(index) {
        this.interesting.lastIndex = index;
    }
    /** The index of the line break (or the text's end) that ends the line holding `at`. */
    lineEndAfter(at) {
        if (at > this.lineEnd) {
            const end = this.text.indexOf('\n', at);
            this.lineEnd = end === -1 ? this.text.length : end;
        }
        return this.lineEnd;
    }
    next() {
        const { text } = this;
        for (let found = this.interesting.exec(text); found; found = this.interesting.exec(text)) {
            const i = found.index;
            const char = text[i];
            let token;
            let next = i + 1;
            if (char === '\\') {
                if (isAsciiPunctuation(text[i + 1]) && text[i + 1] !== '@') {
                    next = i + 2;
                    this.escapedTo = next;
                    token = { kind: 'escape', at: i, end: next };
                }
            }
            else if (char === '`') {
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
            }
            else if (char === '<') {
                const html = this.html(i);
                token = html;
                // A comment's content is read on (an HTML parser may end it sooner), and so is what GitHub may read otherwise.
                const whole = html.kind === 'closing-tag' ||
                    (html.kind === 'open-tag' && html.certain) ||
                    (html.kind === 'autolink' && !this.mayBeCells(html.at, html.end));
                next = whole ? html.end : i + 1;
            }
            else if (char === '!') {
                if (text[i + 1] === '[')
                    token = { kind: 'image', at: i };
            }
            else if (char === ']' && i >= this.noCodeBefore) {
                // A link's target or label is read raw: a backtick in it opens no code span.
                if (text[i + 1] === '(') {
                    const end = inlineTargetEnd(text, i + 1);
                    if (end !== undefined)
                        this.target = { at: i + 1, end };
                    this.noCodeBefore = end ?? this.paragraphEndAfter(i);
                }
                else if (text[i + 1] === '[') {
                    const close = text.indexOf(']', i + 2);
                    this.noCodeBefore = Math.min(this.lineEndAfter(i), close === -1 ? text.length : close + 1);
                }
            }
            else if (char === '@' || (char === '&' && /^&(?:#0*64;|#[xX]0*40;|commat;)/.test(text.slice(i, i + 12)))) {
                token = { kind: 'at', at: i };
            }
            this.interesting.lastIndex = next;
            if (token)
                return token;
        }
        return undefined;
    }
    /** `<` at `at`: comments and tags keep code spans from starting inside them. */
    html(at) {
        const { text } = this;
        for (const [open, close] of OPAQUE) {
            if (!text.startsWith(open, at))
                continue;
            // `<!-->` and `<!--->` are empty comments to the HTML parser.
            if (open === '<!--' && /^<!---?>/.test(text.slice(at, at + 6)))
                return { kind: 'comment', at, end: text.indexOf('>', at) + 1 };
            if (open === '<!' && !/[A-Za-z]/.test(text[at + 2] ?? ''))
                break;
            const end = this.findClose(close, at + open.length);
            if (end !== -1)
                this.noCodeBefore = Math.max(this.noCodeBefore, end + close.length);
            // The content is still read: the HTML parser may end a comment sooner (`--!>`).
            return { kind: 'comment', at, end: end === -1 ? undefined : end + close.length };
        }
        const autolink = autolinkEnd(text, at);
        const closing = autolink === undefined ? closingTagEnd(text, at) : undefined;
        const end = autolink ?? closing ?? this.tags.end(at);
        if (end === undefined)
            return { kind: 'lt', at };
        this.noCodeBefore = Math.max(this.noCodeBefore, end);
        if (autolink !== undefined)
            return { kind: 'autolink', at, end };
        if (closing !== undefined)
            return { kind: 'closing-tag', at, end };
        return { kind: 'open-tag', at, end, certain: this.certainTag(at, end) };
    }
    /** In markdown, a `|` may end a table cell, whatever construct it is in. */
    mayBeCells(at, end) {
        return this.codeSpans && this.text.slice(at, end).includes('|');
    }
    /** Whether GitHub surely reads the open tag `text[at, end)` as one tag, and every HTML parser the same attributes in it. */
    certainTag(at, end) {
        const tag = this.text.slice(at, end);
        if (/[\v\f]/.test(tag))
            return false;
        if (!this.codeSpans || !/[\r\n]/.test(tag))
            return !this.mayBeCells(at, end);
        if (this.mayBeCells(at, end) || MAY_START_BLOCK.test(tag))
            return false;
        // A delimiter row after the tag's last line would make that line (and so the tag's end) a row of cells.
        if (!(end >= this.tagLineEnd.from && end <= this.tagLineEnd.end)) {
            const lineEnd = this.text.indexOf('\n', end);
            this.tagLineEnd = { from: end, end: lineEnd === -1 ? this.text.length : lineEnd };
        }
        MAY_BE_DELIMITER_ROW.lastIndex = this.tagLineEnd.end + 1;
        return !MAY_BE_DELIMITER_ROW.test(this.text);
    }
    paragraphEndAfter(at) {
        if (at >= this.paragraph.from && at < this.paragraph.end)
            return this.paragraph.end;
        const blank = /\n[ \t]*(?:\r?\n|$)/g;
        blank.lastIndex = at;
        this.paragraph = { from: at, end: blank.exec(this.text)?.index ?? this.text.length };
        return this.paragraph.end;
    }
    closingRun(from, length) {
        const { text } = this;
        const end = this.lineEndAfter(from);
        if ((this.noCloserBefore.get(length) ?? -1) >= end)
            return -1;
        for (let i = text.indexOf('`', from); i !== -1 && i < end; i = text.indexOf('`', i)) {
            const run = runLength(text, i, '`');
            if (run === length)
                return i;
            i += run;
        }
        this.noCloserBefore.set(length, end);
        return -1;
    }
    findClose(marker, from) {
        const last = this.closeSearches.get(marker);
        if (last && from >= last.from && (last.found === -1 || from <= last.found))
            return last.found;
        const found = this.text.indexOf(marker, from);
        this.closeSearches.set(marker, { from, found });
        return found;
    }
}

;// CONCATENATED MODULE: ./src/safety/markdown/mentions.ts
// GitHub's team mention, `@org/team`, as it is written and as it renders:
// the only mention that pings a whole group, so the one defang makes code.

/** One character as written: itself, or a character reference (which renders as the character). */
const CHARACTER = /&#\d{1,7};|&#[xX][0-9A-Fa-f]{1,6};|&#47|&[A-Za-z][A-Za-z0-9]{1,31};|[\s\S]/uy;
/**
 * The team mention `@org/team` starting at `at`, as written — any of its
 * characters may be a character reference (`&commat;org/&#116;eam` renders,
 * and pings, the same) — or undefined.
 */
function teamMentionAt(text, at) {
    let i = at;
    const next = () => {
        CHARACTER.lastIndex = i;
        const token = CHARACTER.exec(text)?.[0];
        if (token === undefined)
            return undefined;
        i += token.length;
        return token.length > 1 ? decodeEntities(token) : token;
    };
    if (next() !== '@')
        return undefined;
    /** Characters while `allowed`; `wordEnd` is after the last one that is not a dash (a word does not end in one). */
    const read = (allowed) => {
        let name = '';
        let end = i;
        let wordEnd = i;
        for (let ch = next(); ch !== undefined && allowed.test(ch); ch = next()) {
            name += ch;
            end = i;
            if (ch !== '-')
                wordEnd = i;
        }
        i = end;
        return { name, wordEnd };
    };
    const org = read(/^[A-Za-z0-9-]$/);
    if (!/^[A-Za-z0-9]/.test(org.name) || next() !== '/')
        return undefined;
    const team = read(/^[A-Za-z0-9_-]$/);
    if (!/^[A-Za-z0-9]/.test(team.name))
        return undefined;
    return { source: text.slice(at, team.wordEnd), end: team.wordEnd };
}
// ─── Links a mention may sit in ───────────────────────────────────────────────
//
// GitHub pings no one for a mention inside a link (its text or its URL), so a
// `@` there is left as it is — but only where GitHub surely makes the link.
// Anything that merely looks like a URL (a made-up scheme, `www.` with no
// domain after it, a URL in brackets or cut off by a table cell) is wrapped.
/** cmark's whitespace (`cmark_isspace`): ASCII only, U+00A0 is none. */
const isSpace = (char) => char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\v' || char === '\f';
const isAsciiLetter = (char) => char !== undefined && /^[A-Za-z]$/.test(char);
const mentions_isAsciiPunctuation = (char) => char !== undefined && /^[!-/:-@[-`{-~]$/.test(char);
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
function domainEnd(text, from, afterScheme) {
    // After `://` the first character must be a letter or digit (autolink.c's `is_valid_hostchar`); after `www.` not.
    if (afterScheme && !/[A-Za-z0-9]/.test(text[from] ?? ''))
        return undefined;
    const domain = DOMAIN.exec(text.slice(from, from + MAX_DOMAIN + 1))?.[0];
    if (domain === undefined || domain.length > MAX_DOMAIN)
        return undefined;
    const end = from + domain.length;
    const after = text[end];
    if (after !== undefined && !isSpace(after) && !(mentions_isAsciiPunctuation(after) && after !== '\\'))
        return undefined;
    if (after === '.' || domain.split('.').slice(-2).some((segment) => segment.includes('_')))
        return undefined;
    return end;
}
/**
 * Where the link that autolink.c's `autolink_delim` makes of `text[base, end)`
 * ends: at the first `<`, then without trailing punctuation, a trailing
 * character reference (`&hl;`) or an unmatched trailing `)`.
 */
function delimitedEnd(text, base, end, firstLt) {
    if (firstLt < end)
        end = firstLt;
    let opening = 0;
    let closing = 0;
    for (let i = base; i < end; i++) {
        if (text[i] === '(')
            opening++;
        else if (text[i] === ')')
            closing++;
    }
    while (end > base) {
        const last = text[end - 1];
        if (TRAILING_PUNCTUATION.includes(last))
            end--;
        else if (last === ';') {
            let start = end - 2;
            while (start > base && isAsciiLetter(text[start]))
                start--;
            end = start < end - 2 && text[start] === '&' ? start : end - 1;
        }
        else if (last === ')' && closing > opening) {
            end--;
            closing--;
        }
        else
            break;
    }
    return end;
}
/**
 * Where, in one text of markdown, GitHub surely makes a link: GFM's extended
 * autolinks (autolink.c: `www.` or `http(s)://` and a valid domain, up to the
 * next space), and inline links, `[…](…)`, with their destinations. (The
 * scanner skips CommonMark's `<scheme:…>` autolinks whole.) Each question is
 * answered from what was read for the last one, so a text of many `@` is
 * still read in linear time.
 */
class SureLinks {
    text;
    /** Open brackets before each index within its paragraph, -1 where that cannot be told. */
    brackets;
    /** The whitespace-delimited run of text last asked about, and the autolinks in it. */
    run = { start: 0, end: -1, autolinks: [] };
    /** The last inline link asked about: the index of its `(`, and its destination. */
    link;
    constructor(text) {
        this.text = text;
    }
    /**
     * Whether the `@` at `at` is inside an extended autolink that starts at or
     * after `from` (before `from` lies something else: a code span, a tag, a
     * link target, an edit). Only where no bracket is open, as autolink.c
     * makes none inside `[` or `![`.
     */
    autolinkCovers(at, from) {
        if (at < this.run.start || at >= this.run.end)
            this.readRun(at);
        const { autolinks } = this.run;
        let low = 0;
        let high = autolinks.length;
        while (low < high) {
            const middle = (low + high) >> 1;
            if (autolinks[middle].start <= at)
                low = middle + 1;
            else
                high = middle;
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
    destination(target) {
        if (this.link?.paren !== target.at)
            this.link = { paren: target.at, destination: this.destinationAt(target.at, target.end) };
        return this.link.destination;
    }
    /** The destination of the inline link whose target is read from the `(` at `paren`, its `)` just before `end`. */
    destinationAt(paren, end) {
        const text = this.text;
        if (text[paren - 1] !== ']')
            return undefined;
        let open = paren - 2;
        while (open >= 0 && !/[[\]()<>`|\\\r\n]/.test(text[open]))
            open--;
        if (text[open] !== '[' || text[open - 1] === '\\')
            return undefined;
        const skipSpaces = (i) => {
            while (i < end && (text[i] === ' ' || text[i] === '\t' || text[i] === '\v' || text[i] === '\f'))
                i++;
            return i;
        };
        let i = skipSpaces(paren + 1);
        let destination;
        if (text[i] === '<') {
            const start = i + 1;
            for (i = start; i < end && text[i] !== '>'; i++) {
                if (text[i] === '\\')
                    i++;
                else if (/[<`|\r\n]/.test(text[i]))
                    return undefined;
            }
            if (i >= end)
                return undefined;
            destination = { start, end: i++, pointy: true };
        }
        else {
            // manual_scan_link_url_2: escapes, balanced parentheses (at most 32 deep), up to a space or an unmatched `)`.
            const start = i;
            let depth = 0;
            for (; i < end; i++) {
                const char = text[i];
                if (char === '\\' && mentions_isAsciiPunctuation(text[i + 1]))
                    i++;
                else if (char === '(') {
                    if (++depth > 32)
                        return undefined;
                }
                else if (char === ')') {
                    if (depth === 0)
                        break;
                    depth--;
                }
                else if (isSpace(char))
                    break;
                else if (/[<>`|]/.test(char))
                    return undefined;
            }
            if (i >= end || depth > 0)
                return undefined;
            destination = { start, end: i, pointy: false };
        }
        const afterDestination = i;
        i = skipSpaces(i);
        const opener = text[i];
        if (i > afterDestination && (opener === '"' || opener === "'" || opener === '(')) {
            const closer = opener === '(' ? ')' : opener;
            for (i++; i < end && text[i] !== closer; i++) {
                if (text[i] === '\\' && mentions_isAsciiPunctuation(text[i + 1]))
                    i++;
                else if (text[i] === '\r' || text[i] === '\n' || (opener === '(' && text[i] === '('))
                    return undefined;
            }
            if (i >= end)
                return undefined;
            i = skipSpaces(i + 1);
        }
        return i === end - 1 && text[i] === ')' ? destination : undefined;
    }
    /** The run of non-space text holding `at`, and its autolinks as autolink.c finds them, left to right. */
    readRun(at) {
        const text = this.text;
        let start = at;
        while (start > 0 && !isSpace(text[start - 1]))
            start--;
        let end = at;
        while (end < text.length && !isSpace(text[end]))
            end++;
        const autolinks = [];
        let lt = start;
        let caution = start;
        for (let i = start; i < end; i++) {
            const found = this.autolinkAt(i, start);
            if (found === undefined)
                continue;
            if (lt < found.start)
                lt = found.start;
            while (lt < end && text[lt] !== '<')
                lt++;
            const linkEnd = delimitedEnd(text, found.base, end, lt);
            if (linkEnd <= found.base)
                continue;
            if (caution < found.start)
                caution = found.start;
            while (caution < linkEnd && text[caution] !== '`' && text[caution] !== '|')
                caution++;
            autolinks.push({ start: found.start, end: caution });
            i = linkEnd - 1;
        }
        this.run = { start, end, autolinks };
    }
    /**
     * The extended autolink autolink.c starts at `i`, if one: its start and the
     * base its end is delimited from (for a URL, its `:`).
     */
    autolinkAt(i, runStart) {
        const text = this.text;
        if (text.startsWith('www.', i)) {
            if (i > 0 && !BEFORE_WWW.test(text[i - 1]))
                return undefined;
            return domainEnd(text, i + 4, false) !== undefined ? { start: i, base: i } : undefined;
        }
        if (text[i] !== ':' || !text.startsWith('//', i + 1))
            return undefined;
        // The scheme is every letter before the `:` (url_match rewinds over them all): only http and https
        // (autolink.c also takes ftp, the GFM spec not).
        let start = i;
        while (start > runStart && isAsciiLetter(text[start - 1]))
            start--;
        if (!/^https?$/i.test(text.slice(start, i)))
            return undefined;
        return domainEnd(text, i + 3, true) !== undefined ? { start, base: i } : undefined;
    }
    /**
     * How many brackets are open before `at` in its paragraph, counted so as
     * never to be fewer than cmark's: escaped ones left out, every `]` closing
     * one, and where a backtick, `<` or `(` comes while one is open (a code
     * span, tag or link target that may hold a `]` cmark does not count), no
     * count at all (-1) until the paragraph ends.
     */
    openBrackets(at) {
        if (this.brackets === undefined) {
            const text = this.text;
            const counts = new Int32Array(text.length + 1);
            let open = 0;
            for (let i = 0; i <= text.length; i++) {
                counts[i] = open;
                const char = text[i];
                if (char === '\\' && mentions_isAsciiPunctuation(text[i + 1]))
                    counts[++i] = open;
                else if (char === '[')
                    open = open === -1 ? -1 : open + 1;
                else if (char === ']')
                    open = open > 0 ? open - 1 : open;
                else if (open > 0 && (char === '`' || char === '<' || char === '('))
                    open = -1;
                else if (char === '\n' && ((BLANK_LINE.lastIndex = i + 1), BLANK_LINE.test(text)))
                    open = 0;
            }
            this.brackets = counts;
        }
        return this.brackets[at];
    }
}

;// CONCATENATED MODULE: ./src/safety/defang.ts
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
function defang(markdown, githubServerUrl) {
    let server;
    try {
        server = new URL(githubServerUrl);
    }
    catch {
        throw new Error(`defang: the GitHub server URL is not a URL: ${JSON.stringify(githubServerUrl)}`);
    }
    const context = { server, definitions: collectDefinitions(markdown), kinds: new Map() };
    return (0,blocks/* joinLines */.cT)((0,blocks/* readBlocks */.v_)(markdown, DEFANG_BLOCKS), (line) => ({ group: line.kind, text: line.text }))
        .map((block) => (block.group === 'code' ? block.text : defangInline(block.text, context, block.group === 'markdown')))
        .join('');
}
/** Where the destinations defined for `key` lead (none when it has no definition). */
function definitionKinds(context, key) {
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
const BLOCK_TAGS = new Set(('address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link ' +
    'main menu menuitem nav noframes ol optgroup option p param search section source summary table tbody td tfoot th ' +
    'thead title tr track ul').split(' '));
/**
 * How an HTML block starting on this line ends (CommonMark §4.6), if one
 * starts. Counted after any container prefix, at any indent, and even where
 * CommonMark would not let one interrupt a paragraph: more HTML only means
 * fewer fences and code spans are believed.
 */
function htmlBlockEnd(line) {
    const rest = line.replace(CONTAINER_PREFIX, '');
    const start = /^<(.*)$/s.exec(rest)?.[1];
    if (start === undefined)
        return undefined;
    const literal = (0,commonmark/* literalHtmlBlockEnd */.nQ)(start);
    if (literal)
        return literal;
    const name = /^\/?([A-Za-z][A-Za-z0-9-]*)(?:[ \t\n\v\f\r>]|\/>|$)/.exec(start)?.[1];
    if (name !== undefined && BLOCK_TAGS.has(name.toLowerCase()))
        return commonmark/* isBlankLine */.pB;
    // Type 7: any other complete tag, alone on its line (cmark-gfm allows tabs, spaces and form feeds after it).
    const tag = rest.slice(0, endBeforeSpaceAndBreak(rest));
    const whole = closingTagEnd(tag, 0) ?? new OpenTagReader(tag).end(0);
    return whole === tag.length ? commonmark/* isBlankLine */.pB : undefined;
}
/**
 * Where `line` ends without its line break and the spaces, tabs and form
 * feeds before it. Counted from the end: a pattern would start again at
 * every space of a long run that is not at the end.
 */
function endBeforeSpaceAndBreak(line) {
    let end = line.length;
    if (line[end - 1] === '\n')
        end--;
    if (line[end - 1] === '\r')
        end--;
    while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t' || line[end - 1] === '\f'))
        end--;
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
const DEFANG_BLOCKS = {
    fenceOpen(line, previousBlank) {
        const open = FENCE_OPEN.exec(line);
        const indent = (0,commonmark/* indentOf */._j)(line);
        if (!open || !(indent <= 3 || previousBlank) || (open[1].startsWith('`') && open[2].includes('`')))
            return undefined;
        return { char: open[1][0], length: open[1].length, indent };
    },
    htmlBlockEnd,
    dedentedCloserCloses: true,
};
// ─── Reference definitions ─────────────────────────────────────────────────────
/** A label as CommonMark matches it, and then some: case-folded, whitespace and quote markers collapsed. */
function labelKey(label) {
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
function collectDefinitions(text) {
    const definitions = new Map();
    for (const found of text.matchAll(DEFINITION)) {
        let destination = found[2];
        if (destination === '') {
            NEXT_LINE_DESTINATION.lastIndex = found.index + found[0].length;
            destination = NEXT_LINE_DESTINATION.exec(text)?.[1] ?? '';
        }
        const pointy = /^<([^<>]*)>?$/.exec(destination);
        const key = labelKey(found[1]);
        const list = definitions.get(key) ?? [];
        list.push(pointy ? pointy[1] : destination);
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
const ATTRIBUTE = /[ \t\n\v\f\r]+([A-Za-z_:][A-Za-z0-9_.:-]*)(?:[ \t\n\v\f\r]*=[ \t\n\v\f\r]*(?:"([^"]*)"|'([^']*)'|([^ \t\n\v\f\r"'=<>`]+)))?/y;
/** The name and attributes of an open tag the scanner read (so one well formed to cmark-gfm). */
function readTag(tagText) {
    const name = /^<([A-Za-z][A-Za-z0-9-]*)/.exec(tagText)[1];
    const tag = { name: name.toLowerCase(), attributes: [] };
    ATTRIBUTE.lastIndex = name.length + 1;
    for (let found = ATTRIBUTE.exec(tagText); found; found = ATTRIBUTE.exec(tagText)) {
        tag.attributes.push({ name: found[1].toLowerCase(), value: found[2] ?? found[3] ?? found[4] });
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
function plainText(text) {
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
function hrefValue(url) {
    return url.replace(/"/g, '&quot;').replace(/[\r\n|]/g, (char) => `&#${char.charCodeAt(0)};`);
}
/**
 * What a tag that would fetch from elsewhere becomes: a link to each URL it
 * names (labelled with the image's alt text, or the URL), and for a `data:`
 * URL only its label as text. Undefined when everything it fetches is GitHub's.
 */
function tagReplacement(tag, server) {
    const urls = [];
    for (const { name, value } of tag.attributes) {
        if (value === undefined)
            continue;
        if (FETCHED.has(name))
            urls.push(...(name.endsWith('srcset') ? srcsetUrls(value) : [value]));
        else if ((name === 'href' || name === 'xlink:href') && FETCHED_HREF.has(tag.name))
            urls.push(value);
    }
    const destinations = urls.map((url) => destinationOf(url, server));
    if (destinations.every((destination) => destination === 'github'))
        return undefined;
    const alt = tag.attributes.find((attribute) => attribute.name === 'alt')?.value?.trim();
    return urls
        .map((url, index) => destinations[index] === 'data'
        ? plainText(alt || 'image')
        : `<a href="${hrefValue(url)}">${plainText(alt || url)}</a>`)
        .join(' ');
}
/**
 * Defangs markdown outside fenced code (`codeSpans` false in HTML blocks,
 * where GitHub reads no code spans): the scanner's tokens, and for each tag,
 * image and `@` what this policy makes of it.
 */
function defangInline(text, context, codeSpans) {
    const scanner = new InlineScanner(text, codeSpans);
    const pass = {
        text,
        context,
        scanner,
        edits: new edits/* TextEdits */.R(text),
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
            }
            else if (!token.certain && !opensDestination(pass, token.at)) {
                // A tag GitHub may read otherwise (split by a block or a table cell, or its attributes
                // read differently by a browser) is made text; the scanner reads on inside it.
                pass.edits.replace(token.at, token.at + 1, '&lt;');
            }
        }
        else if (token.kind === 'lt') {
            // Not a tag to cmark-gfm, so text in markdown; but where GitHub or a
            // browser might still read one (an HTML block's laxer parser, any
            // difference between this reader and GitHub's), it is made text for all.
            if (/^<\/?[A-Za-z]/.test(text.slice(token.at, token.at + 3)) && !opensDestination(pass, token.at)) {
                pass.edits.replace(token.at, token.at + 1, '&lt;');
            }
        }
        else if (token.kind === 'image') {
            scanner.skipTo(defang_image(pass, token.at));
        }
        else if (token.kind === 'at') {
            scanner.skipTo(mention(pass, token.at));
        }
    }
    return pass.edits.result();
}
/** `![` at `at`: kept only when plainly an image of GitHub's. Returns where scanning goes on. */
function defang_image(pass, at) {
    const { text, context, edits } = pass;
    SIMPLE_IMAGE.lastIndex = at;
    const simple = SIMPLE_IMAGE.exec(text);
    if (simple) {
        const alt = simple[1];
        const after = SIMPLE_IMAGE.lastIndex;
        let kinds;
        let end = after;
        if (text[after] === '(') {
            SIMPLE_TARGET.lastIndex = after;
            const target = SIMPLE_TARGET.exec(text);
            if (target) {
                kinds = [destinationOf(target[1] ?? target[2], context.server)];
                end = SIMPLE_TARGET.lastIndex;
            }
        }
        else {
            SIMPLE_LABEL.lastIndex = after;
            const label = text[after] === '[' ? SIMPLE_LABEL.exec(text) : null;
            if (text[after] !== '[' || label) {
                const key = label && label[1].trim() !== '' ? label[1] : alt;
                if (/^[ -~]*$/.test(key))
                    kinds = definitionKinds(context, labelKey(key));
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
    if (text[at - 1] === '!' && at - 1 >= pass.scanner.escapedUpTo && edits.copiedUpTo <= at - 1)
        edits.replace(at - 1, at + 1, '\\!');
    else
        edits.replace(at, at + 1, '');
    return at + 1;
}
/** `@` at `at`: a team mention becomes code. Returns where scanning goes on. */
function mention(pass, at) {
    const { text, edits, scanner } = pass;
    const before = text[at - 1];
    // Right after a wrapped mention, `@` starts a text node of its own: GitHub reads a mention there.
    const afterWrap = at === pass.lastWrapEnd;
    if (!afterWrap && before !== undefined && /[A-Za-z0-9_]/.test(before))
        return at + 1;
    const team = teamMentionAt(text, at);
    if (!team || insideLink(pass, at))
        return at + 1;
    const { end } = team;
    if (at < pass.line.start || at > pass.line.end) {
        const first = text.lastIndexOf('\n', at) + 1;
        const last = scanner.lineEndAfter(at);
        const content = text.slice(first, last);
        pass.line = { start: first, end: last, backticks: content.includes('`'), onlyWrapped: !content.replace(/`@[^`\s]+`/g, '').includes('`') };
    }
    // Already code: in the HTML element, or in backticks on a markdown line
    // whose backticks all wrap mentions (so they can only pair up as they stand).
    if (/^<code>$/i.test(text.slice(at - 6, at)) && /^<\/code>$/i.test(text.slice(end, end + 7)))
        return end;
    if (scanner.codeSpans && before === '`' && text[end] === '`' && pass.line.onlyWrapped)
        return end;
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
function insideLink(pass, at) {
    const { scanner, edits, links } = pass;
    if (!scanner.codeSpans)
        return false;
    const destination = destinationAround(pass, at);
    if (destination && destination.start <= at && at < destination.end)
        return true;
    return links.autolinkCovers(at, Math.max(scanner.textFrom, edits.copiedUpTo, pass.keptImageEnd));
}
/** The destination of the inline link GitHub surely makes whose target `(…)` holds `at`, if one does (never in an HTML block). */
function destinationAround(pass, at) {
    const target = pass.scanner.lastTarget;
    if (!pass.scanner.codeSpans || !target || at <= target.at || at >= target.end)
        return undefined;
    return pass.links.destination(target);
}
/**
 * Whether the `<` at `at` opens the destination of a link GitHub surely
 * makes, `[…](<…>)`: markdown's own bracket, read before any tag, and one
 * that written as `&lt;` would undo the link.
 */
function opensDestination(pass, at) {
    const destination = destinationAround(pass, at);
    return destination !== undefined && destination.pointy && destination.start === at + 1;
}


/***/ })

};
