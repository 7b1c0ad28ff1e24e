// Secrets never leave (product.md §6): every text the action sends out and
// every tool result the model sees passes through a redactor. It removes the
// values of the run's secrets — as written and in the encodings a tool or a
// model would plausibly produce (base64, hex, URL, JSON) — and strings shaped
// like GitHub or Anthropic credentials whose values we were never told.
//
// Every match becomes the same marker, `[REDACTED]`, whichever secret it was:
// naming the secret would tell a reader what a base64 blob or a hex dump
// decodes to, and overlapping matches of different secrets merge into one
// marker with nothing of either left between them.
//
// Tools spread an encoding over lines: `base64` wraps at 76 columns, PEM at 64,
// `xxd -p` at 60, and hex dumps put an offset before every 16 bytes and the
// bytes as text after them. So the values are also looked for in the stream
// of characters such tools encoded (see "Encodings spread over lines").
//
// The search runs on every tool result (up to ~100 KB) and on files of many
// megabytes before a commit, so the known values are found with Aho–Corasick
// scans over all their encoded forms, built once per run — one over the text
// as it is, one over that stream — and the token shapes with regexes that
// cannot backtrack more than a few characters.

export interface Secret {
  name: string;
  value: string;
}

export interface Redactor {
  /** `text` with every secret, and every token-shaped string, replaced by `[REDACTED]`. */
  redact(text: string): string;
  /**
   * The first secret in `text` (by position), described without any part of
   * its value ("the value of GITHUB_TOKEN, base64-encoded", "a GitHub token"),
   * or undefined. For refusing a commit whose files contain a secret.
   */
  find(text: string): string | undefined;
  /** Secrets learned after start-up (an MCP server's headers and environment): redacted from then on. */
  addSecrets(more: readonly Secret[]): void;
}

/** What every match is replaced with. */
export const REDACTED = '[REDACTED]';

/** Shorter values would redact ordinary words; the spec's floor. */
const MIN_SECRET_LENGTH = 8;

// ─── Which variables are secrets ───────────────────────────────────────────────

const SECRET_NAME =
  /TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASS|PWD|CREDENTIAL|PRIVATE|AUTH|CERT|SIGNATURE|SESSION|COOKIE|SALT|DSN|CONNECTION_STRING/i;

/**
 * Names the pattern above catches whose values are known not to be secret:
 * GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL (redacting them would mangle every commit
 * message that credits the bot), the *_ASKPASS helper programs, the desktop
 * session variables.
 */
const NOT_SECRET_NAME = /AUTHOR|ASKPASS|^XDG_SESSION_|^DBUS_SESSION_BUS_ADDRESS$/i;
/** Credentials the model providers read: secrets whatever their value looks like. */
const ALWAYS_SECRET = new Set(['AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_BEARER_TOKEN_BEDROCK', 'ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN']);

const KEYWORD = /^(?:true|false|yes|no|on|off|null|nil|none|undefined|enabled|disabled)$/i;
const NUMBER = /^[+-]?\d+(?:\.\d+)?$/;
/**
 * An absolute path (`/home/runner/.ssh/agent.sock`, `~/.config/gcloud/key.json`)
 * made of plain path characters. `+` and `=` are left out so that a base64
 * secret that happens to start with `/` is still treated as a secret.
 */
const UNIX_PATH = /^~?\/[\w.@~/-]*$/;
const WINDOWS_PATH = /^[A-Za-z]:\\[\w.@~\\/ -]*$/;

/** Values that are plainly configuration, not credentials, even under a secret-looking name. */
function isObviousNonSecret(value: string): boolean {
  if (KEYWORD.test(value) || NUMBER.test(value) || WINDOWS_PATH.test(value)) return true;
  // A path or a `:`-separated list of them (SSL_CERT_DIR, NODE_EXTRA_CA_CERTS, …).
  return value.split(':').every((part) => UNIX_PATH.test(part));
}

/** `scheme://user:password@host…`: the password, in any variable whatever its name (DATABASE_URL, https_proxy). */
const URL_PASSWORD = /^[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/[^\s/?#@:]*:([^\s/?#@]+)@/;

/**
 * The secrets of a run: `extra` first (the caller's explicit ones, such as the
 * API key and the GitHub token under the names it wants reported), then every
 * variable of `env` whose name looks secret — INPUT_ANTHROPIC_API_KEY,
 * INPUT_GITHUB_TOKEN, ACTIONS_RUNTIME_TOKEN, … — unless its value is plainly
 * not one (a path, a number, `true`), and the password of any URL with one.
 * Values are trimmed; values shorter than 8 characters and repeated values are
 * dropped (the first name wins).
 */
export function secretsOf(env: NodeJS.ProcessEnv, extra: Secret[] = []): Secret[] {
  const secrets: Secret[] = [];
  const seen = new Set<string>();
  const add = (name: string, raw: string) => {
    const value = raw.trim();
    if (value.length < MIN_SECRET_LENGTH || seen.has(value)) return;
    seen.add(value);
    secrets.push({ name, value });
  };
  for (const secret of extra) add(secret.name, secret.value);
  for (const name of Object.keys(env).sort()) {
    const value = env[name]?.trim();
    if (!value) continue;
    // A cloud credential is a secret whatever it looks like (an AWS secret key may start with "/", like a path).
    if (ALWAYS_SECRET.has(name) || (SECRET_NAME.test(name) && !NOT_SECRET_NAME.test(name) && !isObviousNonSecret(value))) add(name, value);
    const password = URL_PASSWORD.exec(value)?.[1];
    if (password !== undefined) add(`${name} (password in URL)`, password);
  }
  return secrets;
}

// ─── Encoded forms of a value ──────────────────────────────────────────────────

interface Form {
  text: string;
  /** How `find` describes a match, e.g. "the value of GITHUB_TOKEN, hex-encoded". */
  description: string;
}

/** Lines of a multi-line value (a PEM key) shorter than this are not searched alone: `-----END…` lines and blanks. */
const MIN_LINE_LENGTH = 16;

/**
 * Base64 of `bytes` as it appears inside a longer base64 string: the encoding
 * at each of the three byte alignments, with the characters that also depend
 * on neighbouring bytes trimmed from both ends (at alignment 1 the first two
 * characters, at alignment 2 the first three; at the end, the last character
 * of a partial group). At most 4 bits of the value stay on either side of the marker.
 */
function base64Inside(bytes: Buffer): string[] {
  const forms: string[] = [];
  for (const shift of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64').replace(/=+$/, '');
    const end = (shift + bytes.length) % 3 === 0 ? encoded.length : encoded.length - 1;
    forms.push(encoded.slice([0, 2, 3][shift], end));
  }
  return forms;
}

const urlSafe = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_');

/** `%2F` → `%2f`: some encoders write lower-case escapes. */
const lowerEscapes = (encoded: string) => encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());

/**
 * Base64 (standard and URL-safe) of `bytes`: the whole-value forms keep the
 * last character and the padding, so a standalone encoding leaves nothing
 * behind; the trimmed ones catch the value inside a longer blob.
 */
function base64Forms(bytes: Buffer): string[] {
  const base64 = bytes.toString('base64');
  return [base64, base64.replace(/=+$/, ''), ...base64Inside(bytes)].flatMap((form) => [form, urlSafe(form)]);
}

function encodedForms(value: string): Array<[encoding: string, text: string]> {
  const bytes = Buffer.from(value, 'utf8');
  const forms: Array<[string, string]> = base64Forms(bytes).map((form) => ['base64-encoded', form]);
  forms.push(['hex-encoded', bytes.toString('hex')], ['hex-encoded', bytes.toString('hex').toUpperCase()]);
  const component = encodeURIComponent(value);
  forms.push(
    ['URL-encoded', component],
    ['URL-encoded', lowerEscapes(component)],
    ['URL-encoded', component.replace(/%2F/g, '/')], // Python's quote(): `/` left as is
    ['URL-encoded', new URLSearchParams({ v: value }).toString().slice(2)], // form encoding: space → `+`
  );
  forms.push(['JSON-escaped', JSON.stringify(value).slice(1, -1)]);
  return forms;
}

function formsOf(secret: Secret): Form[] {
  const value = secret.value.trim();
  if (value.length < MIN_SECRET_LENGTH) return [];
  const named = `the value of ${secret.name}`;
  const forms: Form[] = [{ text: value, description: named }];
  for (const [encoding, text] of encodedForms(value)) {
    if (text !== value) forms.push({ text, description: `${named}, ${encoding}` });
  }
  if (/[\r\n]/.test(value)) {
    // A multi-line value (a private key) may be shown with other line endings
    // or a line at a time.
    forms.push({ text: value.replace(/\r\n/g, '\n'), description: named }, { text: value.replace(/\r?\n/g, '\r\n'), description: named });
    for (const line of value.split(/\r?\n|\r/)) {
      const trimmed = line.trim();
      if (trimmed.length >= MIN_LINE_LENGTH && !trimmed.startsWith('-----')) {
        forms.push({ text: trimmed, description: `a line of ${named}` });
      }
    }
  }
  return forms;
}

// ─── Encodings spread over lines ───────────────────────────────────────────────
//
// The wrapped scan reads the text as the stream of characters a tool encoded:
// it steps over line breaks, indentation and the separators between bytes
// (see separatorAt), over what a tool puts before a line (a diff's `+`, Read's
// line number), and from each line of a hex dump it takes only the bytes, while
// a second stream reads the dumps' text columns as one text (the plain value,
// 16 characters a line). Each character is looked at a fixed number of times,
// so the scan stays linear.

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);
const isDigit = (code: number) => code >= 48 && code <= 57;
const isHexDigit = (code: number) => isDigit(code) || ((code | 32) >= 97 && (code | 32) <= 102);

const BACKSLASH = 92;
const ZERO = 48;
const COMMA = 44;

/** `text` has two hex digits at `i`, before `end`. */
const hexPairAt = (text: string, i: number, end: number) => i + 1 < end && isHexDigit(text.charCodeAt(i)) && isHexDigit(text.charCodeAt(i + 1));

/**
 * How many characters at `i` (before `end`) a tool put between the pieces of
 * an encoding, or 0: white space; a backslash ending a line (YAML, shell) or
 * escaping a line break (`\n` in JSON and YAML, `od -c`); the `\x` of `\x67`;
 * the `0x` and the comma of `0x67,` (`xxd -i`). None of them occurs inside
 * base64 or hex, so stepping over them joins pieces and never splits one (a
 * line of base64 would have to be exactly `0x67` for the `0x` rule to cut it).
 */
function separatorAt(text: string, i: number, end: number): number {
  const code = text.charCodeAt(i);
  if (isSpace(code)) return 1;
  const next = i + 1 < end ? text.charCodeAt(i + 1) : -1;
  if (code === BACKSLASH) {
    if (next === -1 || isSpace(next)) return 1;
    if (next === 110 || next === 114 || next === 116) return 2; // n, r, t
    return next === 120 && hexPairAt(text, i + 2, end) ? 2 : 0; // x
  }
  if (code === ZERO && (next | 32) === 120 && hexPairAt(text, i + 2, end)) {
    const before = i > 0 ? text.charCodeAt(i - 1) : 32;
    const after = i + 4 < end ? text.charCodeAt(i + 4) : 32;
    const opens = isSpace(before) || before === COMMA || before === 123 || before === 91; // { [
    const closes = isSpace(after) || after === COMMA || after === 125 || after === 93; // } ]
    return opens && closes ? 2 : 0;
  }
  if (code === COMMA && i >= 4 && text.charCodeAt(i - 4) === ZERO && (text.charCodeAt(i - 3) | 32) === 120 && hexPairAt(text, i - 2, i)) return 1;
  return 0;
}

/** `text` without what separatorAt steps over: a form as the wrapped scan sees it. */
function joined(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    const skip = separatorAt(text, i, text.length);
    if (skip > 0) i += skip;
    else out += text[i++];
  }
  return out;
}

/**
 * Where the content of the line from `start` to `end` begins, after what a tool
 * put before it: inside a diff hunk, the `+`, `-` or ` `; then a line number as
 * Read (`    12→`) or `cat -n` (`    12\t`) writes it; then indentation.
 */
function contentStart(text: string, start: number, end: number, inHunk: boolean): number {
  let i = start;
  if (inHunk && i < end) i++;
  const numbered = i;
  while (i < end && text.charCodeAt(i) === 32) i++;
  const digits = i;
  while (i < end && isDigit(text.charCodeAt(i))) i++;
  const marker = i < end ? text.charCodeAt(i) : -1;
  i = i > digits && (marker === 0x2192 || marker === 9) ? i + 1 : numbered;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** A diff hunk goes on while its lines start with `+`, `-`, ` ` or `\` ("\ No newline at end of file"). */
const continuesHunk = (code: number) => code === 43 || code === 45 || code === 32 || code === BACKSLASH;

interface DumpLine {
  /** The bytes: hex, or characters for `od -c`. */
  dataStart: number;
  dataEnd: number;
  /** The bytes as text, or -1 when the line has no text column. */
  columnStart: number;
  columnEnd: number;
}

/**
 * The parts of a line of a hex dump, or undefined for any other line:
 * `00000000: 6865 6c6c …  hell…` (xxd), `00000000  68 65 …  |hell…|`
 * (hexdump -C), `0000000 6568 6c6c …` (hexdump, od), `000000 68 65 …  >hell…<`
 * (od -z), `0000000   h   e …` (od -c). The offset (6 to 16 hex digits) is left
 * out, and a text column counts only when it has one character per byte.
 */
function dumpLine(text: string, start: number, end: number): DumpLine | undefined {
  let i = start;
  while (i < end && i - start <= 16 && isHexDigit(text.charCodeAt(i))) i++;
  const offset = i - start;
  if (offset < 6 || offset > 16) return undefined;
  const colon = text.charCodeAt(i) === 58;
  if (colon) i++;
  if (i >= end || !isSpace(text.charCodeAt(i))) return undefined;
  const dataStart = i;
  let first = i;
  while (first < end && isSpace(text.charCodeAt(first))) first++;
  let after = first;
  while (after < end && !isSpace(text.charCodeAt(after))) after++;
  // Bytes must follow; and without xxd's colon, an offset differs from a group of hex by its length.
  if (after === first || (!colon && after - first === offset)) return undefined;
  let digits = 0;
  for (let j = dataStart; j < end; j++) {
    const code = text.charCodeAt(j);
    if (isHexDigit(code)) {
      digits++;
    } else if (colon && code === 32 && text.charCodeAt(j + 1) === 32) {
      // xxd: the column is the last character per byte, after two spaces or more.
      let gapEnd = j;
      while (gapEnd < end && text.charCodeAt(gapEnd) === 32) gapEnd++;
      const columnStart = end - digits / 2;
      if (digits > 0 && digits % 2 === 0 && columnStart >= j + 2 && columnStart <= gapEnd) return { dataStart, dataEnd: j, columnStart, columnEnd: end };
      j = gapEnd - 1;
    } else if (!colon && (code === 124 || code === 62)) {
      // hexdump -C `|…|`, od -z `>…<`.
      const closer = code === 124 ? 124 : 60;
      if (digits > 0 && text.charCodeAt(end - 1) === closer && end - 1 - (j + 1) === digits / 2) return { dataStart, dataEnd: j, columnStart: j + 1, columnEnd: end - 1 };
    }
  }
  return { dataStart, dataEnd: end, columnStart: -1, columnEnd: -1 };
}

/** Little-endian word forms shorter than this (6 bytes of the value) could turn up in hex noise. */
const MIN_WORD_FORM_DIGITS = 12;

/**
 * Hex of `bytes` as dumps of little-endian words show it — 2-byte words
 * (`hexdump`, `od -x`), 4-byte words (`od -t x4`, `xxd -e`) — at every byte
 * alignment, without the words the value only partly fills: those also show
 * the neighbouring bytes, so up to a word less one byte stays on either side of the marker.
 */
function littleEndianWords(bytes: Buffer): string[] {
  const forms: string[] = [];
  for (const size of [2, 4]) {
    for (let shift = 0; shift < size; shift++) {
      const skipped = shift === 0 ? 0 : size - shift;
      const whole = Math.floor((bytes.length - skipped) / size) * size;
      if (whole * 2 < MIN_WORD_FORM_DIGITS) continue;
      const words = Buffer.from(bytes.subarray(skipped, skipped + whole));
      forms.push((size === 2 ? words.swap16() : words.swap32()).toString('hex'));
    }
  }
  return forms;
}

/** `bytes` as a hex dump's text column shows them: printable ASCII as it is, any other byte a dot. */
const textColumnOf = (bytes: Buffer) => Array.from(bytes, (byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.')).join('');

/**
 * What the wrapped scan looks for: the value as written, in base64 and hex,
 * and as a dump's text column shows it, each joined as that scan reads text.
 */
function wrappedFormsOf(secret: Secret): Form[] {
  const value = secret.value.trim();
  if (value.length < MIN_SECRET_LENGTH) return [];
  const named = `the value of ${secret.name}`;
  const bytes = Buffer.from(value, 'utf8');
  const forms: Form[] = [];
  const plain = joined(value);
  if (plain.length >= MIN_SECRET_LENGTH) forms.push({ text: plain, description: named });
  // A value mostly of other characters is mostly dots there, which would match any run of dots.
  const column = joined(textColumnOf(bytes));
  if (column !== plain && column.replace(/\./g, '').length >= MIN_SECRET_LENGTH) forms.push({ text: column, description: named });
  for (const text of base64Forms(bytes)) forms.push({ text, description: `${named}, base64-encoded` });
  const hex = bytes.toString('hex');
  for (const text of [hex, hex.toUpperCase(), ...littleEndianWords(bytes)]) forms.push({ text, description: `${named}, hex-encoded` });
  return forms;
}

// ─── The scan ──────────────────────────────────────────────────────────────────

interface Match {
  start: number;
  end: number;
  description: string;
}

type Report = (start: number, end: number, form: Form) => void;

/**
 * Where a scan fed a text in pieces stands: its state, and where in the text
 * its last characters were (a ring as long as the longest form), so a match
 * that spans pieces starts where its first character was.
 */
interface Run {
  state: number;
  read: number;
  readonly at: Int32Array;
}

/** Entries (4 bytes each) the scanner may spend on transition rows for every state. */
const DENSE_TABLE_LIMIT = 1 << 21;

/**
 * Aho–Corasick automaton over UTF-16 code units. Code units are first mapped
 * to a small alphabet (those in some pattern; every other unit sends the scan
 * back to the root at once). States get a dense row of fully resolved
 * transitions, so one lookup moves them: all of them when the table stays
 * under DENSE_TABLE_LIMIT, else the busy ones — the first two levels and any
 * state with three or more children, where ordinary text spends its time —
 * while the long tails of single patterns keep a child list and a failure
 * link. Each state
 * knows the longest pattern ending there, its own or a suffix's: shorter ones
 * ending at the same place lie inside it, so that is the only match reported.
 */
class LiteralScanner {
  /** Code unit → letter of the alphabet, 0 for units in no pattern. */
  private readonly letterOf = new Uint16Array(0x10000);
  private readonly firstChild: Int32Array;
  private readonly nextSibling: Int32Array;
  private readonly letter: Uint16Array;
  private readonly fail: Int32Array;
  /** Offset of a busy state's row in `rows`, or -1. */
  private readonly rowOf: Int32Array;
  private readonly rows: Int32Array;
  private readonly outLength: Int32Array;
  private readonly outForm: Int32Array;
  /** Size of a Run's ring: a power of two no shorter than the longest form. */
  private readonly ringSize: number;

  constructor(private readonly forms: readonly Form[]) {
    this.ringSize = 1 << Math.ceil(Math.log2(forms.reduce((longest, form) => Math.max(longest, form.text.length), 2)));
    let letters = 0;
    for (const form of forms) {
      for (let i = 0; i < form.text.length; i++) {
        const code = form.text.charCodeAt(i);
        if (this.letterOf[code] === 0) this.letterOf[code] = ++letters;
      }
    }
    const width = letters + 1;

    const firstChild = [-1];
    const nextSibling = [-1];
    const letter = [0];
    const childCount = [0];
    const depth = [0];
    const terminal = [-1];
    const childOf = (state: number, l: number): number => {
      for (let k = firstChild[state]!; k !== -1; k = nextSibling[k]!) if (letter[k] === l) return k;
      return -1;
    };
    forms.forEach((form, index) => {
      let state = 0;
      for (let i = 0; i < form.text.length; i++) {
        const l = this.letterOf[form.text.charCodeAt(i)]!;
        let next = childOf(state, l);
        if (next === -1) {
          next = letter.length;
          firstChild.push(-1);
          nextSibling.push(firstChild[state]!);
          letter.push(l);
          childCount.push(0);
          depth.push(i + 1);
          terminal.push(-1);
          firstChild[state] = next;
          childCount[state]!++;
        }
        state = next;
      }
      // Forms are deduplicated by text before they get here, so one form owns a state.
      if (terminal[state] === -1) terminal[state] = index;
    });

    const count = letter.length;
    this.firstChild = Int32Array.from(firstChild);
    this.nextSibling = Int32Array.from(nextSibling);
    this.letter = Uint16Array.from(letter);
    this.fail = new Int32Array(count);
    this.outLength = new Int32Array(count);
    this.outForm = new Int32Array(count).fill(-1);
    this.rowOf = new Int32Array(count).fill(-1);
    // A full DFA when it is small (the usual 5–30 secrets); else rows where text goes most.
    const everyState = count * width <= DENSE_TABLE_LIMIT;
    let busy = 0;
    for (let state = 0; state < count; state++) {
      if (everyState || depth[state]! <= 2 || childCount[state]! >= 3) this.rowOf[state] = busy++ * width;
    }
    this.rows = new Int32Array(busy * width);

    // Breadth first, so that a state's failure target (shallower) is complete
    // before the state's own row and children need it.
    const queue = [0];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      const own = terminal[state]!;
      if (state !== 0) {
        const from = own !== -1 ? state : this.fail[state]!;
        this.outLength[state] = own !== -1 ? forms[own]!.text.length : this.outLength[from]!;
        this.outForm[state] = own !== -1 ? own : this.outForm[from]!;
      }
      const row = this.rowOf[state]!;
      if (row !== -1) {
        // Where no child leads, go where the failure target goes (the root's row stays 0s).
        const failRow = state === 0 ? -1 : this.rowOf[this.fail[state]!]!;
        if (failRow !== -1) this.rows.copyWithin(row, failRow, failRow + width);
        else if (state !== 0) for (let l = 1; l < width; l++) this.rows[row + l] = this.step(this.fail[state]!, l);
        for (let k = firstChild[state]!; k !== -1; k = nextSibling[k]!) this.rows[row + letter[k]!] = k;
      }
      for (let k = firstChild[state]!; k !== -1; k = nextSibling[k]!) {
        this.fail[k] = state === 0 ? 0 : this.step(this.fail[state]!, letter[k]!);
        queue.push(k);
      }
    }
  }

  /** The state after reading letter `l` in `state` (a letter of the alphabet, not 0). */
  private step(state: number, l: number): number {
    for (;;) {
      const row = this.rowOf[state]!;
      if (row !== -1) return this.rows[row + l]!;
      for (let k = this.firstChild[state]!; k !== -1; k = this.nextSibling[k]!) if (this.letter[k] === l) return k;
      state = this.fail[state]!;
    }
  }

  /** Every place a form ends, with the longest form ending there, in order of end. */
  scan(text: string, report: Report): void {
    if (this.forms.length === 0) return;
    const { letterOf, firstChild, nextSibling, letter, fail, rowOf, rows, outLength, outForm } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const l = letterOf[text.charCodeAt(i)]!;
      if (l === 0) {
        state = 0;
        continue;
      }
      // step(), inlined: this loop is the hot path of every redaction.
      for (;;) {
        const row = rowOf[state]!;
        if (row !== -1) {
          state = rows[row + l]!;
          break;
        }
        let k = firstChild[state]!;
        while (k !== -1 && letter[k] !== l) k = nextSibling[k]!;
        if (k !== -1) {
          state = k;
          break;
        }
        state = fail[state]!;
      }
      const length = outLength[state]!;
      if (length > 0) report(i + 1 - length, i + 1, this.forms[outForm[state]!]!);
    }
  }

  get empty(): boolean {
    return this.forms.length === 0;
  }

  startRun(): Run {
    return { state: 0, read: 0, at: new Int32Array(this.ringSize) };
  }

  /**
   * scan(), for `text` from `from` to `to` as the next piece of `run`, stepping
   * over separators (separatorAt): a match may span pieces and separators.
   */
  feed(run: Run, text: string, from: number, to: number, report: Report): void {
    const { letterOf, rowOf, rows, outLength, outForm } = this;
    const { at } = run;
    const mask = this.ringSize - 1;
    let { state, read } = run;
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      const l = letterOf[code]!;
      if (l === 0 || code === BACKSLASH || code === ZERO || code === COMMA) {
        if (code === 32) continue; // the usual separator, at once
        const skip = separatorAt(text, i, to);
        if (skip > 0) {
          i += skip - 1;
          continue;
        }
        if (l === 0) {
          state = 0;
          continue;
        }
      }
      const row = rowOf[state]!;
      state = row !== -1 ? rows[row + l]! : this.step(state, l);
      at[read & mask] = i;
      read++;
      const length = outLength[state]!;
      if (length > 0) report(at[(read - length) & mask]!, i + 1, this.forms[outForm[state]!]!);
    }
    run.state = state;
    run.read = read;
  }
}

/**
 * Every match of the wrapped forms in `text` read as the streams tools encoded
 * (see "Encodings spread over lines"): a line at a time, with each dump line's
 * bytes going on in one run and its text column in another.
 */
function scanWrapped(scanner: LiteralScanner, text: string, report: Report): void {
  if (scanner.empty) return;
  const data = scanner.startRun();
  const column = scanner.startRun();
  let inHunk = false;
  for (let start = 0; start <= text.length; ) {
    let next = text.indexOf('\n', start);
    if (next === -1) next = text.length;
    const end = next > start && text.charCodeAt(next - 1) === 13 ? next - 1 : next;
    inHunk = inHunk ? continuesHunk(text.charCodeAt(start)) : false;
    const from = contentStart(text, start, end, inHunk);
    if (text.startsWith('@@ ', start)) inHunk = true;
    const dump = dumpLine(text, from, end);
    if (dump) {
      scanner.feed(data, text, dump.dataStart, dump.dataEnd, report);
      if (dump.columnStart !== -1) scanner.feed(column, text, dump.columnStart, dump.columnEnd, report);
      else column.state = 0;
    } else {
      scanner.feed(data, text, from, end, report);
      column.state = 0;
    }
    start = next + 1;
  }
}

interface TokenShape {
  pattern: RegExp;
  description: string;
  /** The capture group that is the credential, when the match also holds a visible prefix. */
  group?: number;
}

/**
 * Credentials we recognise by their shape alone. Each pattern starts with a
 * literal, and no two of its repeated parts can match the same character, so
 * an attempt never backtracks beyond the run it is in and the scan stays
 * linear (a megabyte of spaces after `authorization:` is read once).
 */
const TOKEN_SHAPES: readonly TokenShape[] = [
  { pattern: /gh[pousr]_[A-Za-z0-9]{30,}/g, description: 'a GitHub token' },
  { pattern: /github_pat_[A-Za-z0-9_]{40,}/g, description: 'a GitHub fine-grained token' },
  { pattern: /sk-ant-[A-Za-z0-9_-]{20,}/g, description: 'an Anthropic API key' },
  {
    // As actions/checkout writes it into .git/config (`http.<url>.extraheader`),
    // and as it appears in HTTP dumps and JSON. The header name and scheme stay
    // readable; the credentials go.
    pattern: /(authorization["']?[ \t]*[:=][ \t]*(?:["'][ \t]*)?basic[ \t]+)([A-Za-z0-9+/_-]{8,}={0,2})/gi,
    description: 'a basic-auth Authorization header',
    group: 2,
  },
  {
    pattern: /(authorization["']?[ \t]*[:=][ \t]*(?:["'][ \t]*)?(?:bearer|token)[ \t]+)([A-Za-z0-9._~+/-]{8,}={0,2})/gi,
    description: 'an Authorization header with a token',
    group: 2,
  },
];

function tokenMatches(text: string, report: (match: Match) => void): void {
  for (const { pattern, description, group } of TOKEN_SHAPES) {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      const start = group === undefined ? found.index : found.index + found[0].length - found[group]!.length;
      report({ start, end: found.index + found[0].length, description });
    }
  }
}

/** Overlapping or touching matches become one span, so nothing of either is left between markers. */
function mergeSpans(matches: Match[]): Array<{ start: number; end: number }> {
  matches.sort((a, b) => a.start - b.start);
  const spans: Array<{ start: number; end: number }> = [];
  for (const { start, end } of matches) {
    const last = spans.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  }
  return spans;
}

/** A scanner for the forms of all `secrets`, the first of each text kept. */
function scannerOf(secrets: readonly Secret[], formsOf: (secret: Secret) => Form[]): LiteralScanner {
  const forms = new Map<string, Form>();
  for (const secret of secrets) {
    for (const form of formsOf(secret)) if (!forms.has(form.text)) forms.set(form.text, form);
  }
  return new LiteralScanner([...forms.values()]);
}

export function createRedactor(initial: readonly Secret[]): Redactor {
  let secrets = [...initial];
  let scanner = scannerOf(secrets, formsOf);
  let wrapped = scannerOf(secrets, wrappedFormsOf);

  const allMatches = (text: string): Match[] => {
    const matches: Match[] = [];
    const report: Report = (start, end, form) => matches.push({ start, end, description: form.description });
    scanner.scan(text, report);
    scanWrapped(wrapped, text, report);
    tokenMatches(text, (match) => matches.push(match));
    return matches;
  };

  return {
    redact(text) {
      const spans = mergeSpans(allMatches(text));
      if (spans.length === 0) return text;
      const parts: string[] = [];
      let cursor = 0;
      for (const { start, end } of spans) {
        parts.push(text.slice(cursor, start), REDACTED);
        cursor = end;
      }
      parts.push(text.slice(cursor));
      return parts.join('');
    },
    find(text) {
      let first: Match | undefined;
      for (const match of allMatches(text)) {
        // The earliest, and of those the longest: the whole value rather than a line of it.
        if (!first || match.start < first.start || (match.start === first.start && match.end > first.end)) first = match;
      }
      return first?.description;
    },
    addSecrets(more) {
      const known = new Set(secrets.map((secret) => secret.value));
      const added = more
        .map((secret) => ({ ...secret, value: secret.value.trim() }))
        .filter((secret) => secret.value.length >= MIN_SECRET_LENGTH && !known.has(secret.value) && Boolean(known.add(secret.value)));
      if (added.length === 0) return;
      secrets = [...secrets, ...added];
      scanner = scannerOf(secrets, formsOf);
      wrapped = scannerOf(secrets, wrappedFormsOf);
    },
  };
}
