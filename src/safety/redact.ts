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
// The search runs on every tool result (up to ~100 KB) and on files of many
// megabytes before a commit, so the known values are found with one
// Aho–Corasick scan over all their encoded forms, built once per run, and the
// token shapes with regexes that cannot backtrack more than a few characters.

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
    if (SECRET_NAME.test(name) && !NOT_SECRET_NAME.test(name) && !isObviousNonSecret(value)) add(name, value);
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

function encodedForms(value: string): Array<[encoding: string, text: string]> {
  const bytes = Buffer.from(value, 'utf8');
  const base64 = bytes.toString('base64');
  const forms: Array<[string, string]> = [];
  // The whole-value forms keep the last character and the padding, so a
  // standalone encoding leaves nothing behind; the trimmed ones catch the value
  // inside a longer blob.
  for (const form of [base64, base64.replace(/=+$/, ''), ...base64Inside(bytes)]) {
    forms.push(['base64-encoded', form], ['base64-encoded', urlSafe(form)]);
  }
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

// ─── The scan ──────────────────────────────────────────────────────────────────

interface Match {
  start: number;
  end: number;
  description: string;
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

  constructor(private readonly forms: readonly Form[]) {
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
  scan(text: string, report: (start: number, end: number, form: Form) => void): void {
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

export function createRedactor(secrets: readonly Secret[]): Redactor {
  const forms: Form[] = [];
  const seen = new Set<string>();
  for (const secret of secrets) {
    for (const form of formsOf(secret)) {
      if (seen.has(form.text)) continue;
      seen.add(form.text);
      forms.push(form);
    }
  }
  const scanner = new LiteralScanner(forms);

  const allMatches = (text: string): Match[] => {
    const matches: Match[] = [];
    scanner.scan(text, (start, end, form) => matches.push({ start, end, description: form.description }));
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
  };
}
