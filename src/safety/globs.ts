// The path globs of permission rules and review.ignore, read as .gitignore
// reads them: a leading '/' anchors at the root, a pattern with no other '/'
// matches a name at any depth, a trailing '/' means the folder and everything
// below, and a path is covered when it or a folder above it matches.
//
// The globs of rules come from the workflow and the config, but the paths are
// the checkout's (a pull request's file names), so a match must cost the same
// whatever both say. A glob is compiled to a small automaton and run over the
// path one character at a time, every state at once (Thompson's simulation),
// so a match costs at most (states × characters) steps: `*-*-*-*-*.pem`
// against a name of many dashes is read once, where a backtracking regex tries
// every way to split it. What the glob language offers, and what picomatch
// read it as before (for `*`, `**`, `?`, `[…]`, `{…}`, dot files): see
// docs/configuration.md; what it refuses, with what to write instead, is
// GlobSyntaxError's message.
import { posix } from 'node:path';

/** A glob that is refused: the message says why and what to write instead, in one line. */
export class GlobSyntaxError extends Error {
  override name = 'GlobSyntaxError';
}

// ─── Parsing ───────────────────────────────────────────────────────────────────

/** One character of a name that a class takes. */
type CharTest = (char: string) => boolean;

/** What a glob is made of: characters, `?`, `*`, `**`, classes, `/`, and brace alternatives. */
type Item =
  | { kind: 'char'; char: string }
  | { kind: 'one' }
  | { kind: 'star' }
  | { kind: 'globstar' }
  | { kind: 'slash' }
  | { kind: 'class'; test: CharTest; literal: string | undefined }
  | { kind: 'alternatives'; options: Item[][] };

/** The POSIX classes picomatch knew, as character tests. */
const POSIX_CLASSES: Record<string, CharTest> = {
  alnum: (c) => /[a-zA-Z0-9]/.test(c),
  alpha: (c) => /[a-zA-Z]/.test(c),
  ascii: (c) => c.charCodeAt(0) <= 0x7f,
  blank: (c) => c === ' ' || c === '\t',
  cntrl: (c) => c.charCodeAt(0) <= 0x1f || c.charCodeAt(0) === 0x7f,
  digit: (c) => /[0-9]/.test(c),
  graph: (c) => c.charCodeAt(0) >= 0x21 && c.charCodeAt(0) <= 0x7e,
  lower: (c) => /[a-z]/.test(c),
  print: (c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e,
  punct: (c) => /[-!"#$%&'()*+,./:;<=>?@[\\\]^_`{|}~]/.test(c),
  space: (c) => /[ \t\r\n\v\f]/.test(c),
  upper: (c) => /[A-Z]/.test(c),
  word: (c) => /[A-Za-z0-9_]/.test(c),
  xdigit: (c) => /[A-Fa-f0-9]/.test(c),
};

/** Characters that, in a class, kept picomatch from also matching the class's own text `[…]` (regex syntax). */
const REGEX_SYNTAX = /[-*+?.^${}(|)[\]]/;

/** Reads a glob into items, refusing what it would read other than its author meant (or could not read in linear time). */
class GlobParser {
  private i = 0;

  constructor(private readonly glob: string) {}

  parse(): Item[] {
    return this.sequence(false);
  }

  /** Items up to the end, or (inside braces) up to the `,` or `}` that ends this alternative. */
  private sequence(inBraces: boolean): Item[] {
    const { glob } = this;
    const items: Item[] = [];
    while (this.i < glob.length) {
      const char = glob[this.i]!;
      if (inBraces && (char === ',' || char === '}')) break;
      this.i++;
      if (char === '\\') items.push({ kind: 'char', char: this.escaped() });
      else if (char === '*') items.push(this.stars(inBraces));
      else if (char === '?') items.push({ kind: 'one' });
      else if (char === '/') items.push({ kind: 'slash' });
      else if (char === '[') items.push(this.bracket());
      else if (char === '{') items.push(this.braces());
      else if (char === '(' || char === ')') throw new GlobSyntaxError('parentheses (extglobs such as "+(a|b)", "!(a)" or "@(a)") are not part of a glob here: write "{a,b}" for alternatives, or "\\(" for a parenthesis.');
      else if (char === '"') throw new GlobSyntaxError('a double quote does not quote here: write "\\"" for the character itself, "\\*" for a literal "*".');
      else if (inBraces && char === '|') throw new GlobSyntaxError('alternatives in braces are separated by ",": write "{a,b}", not "{a|b}".');
      else if (char === '+' && (glob[this.i - 2] === ']' || glob[this.i - 2] === '}') && glob[this.i - 3] !== '\\') {
        throw new GlobSyntaxError('a "+" after "]" or "}" repeated it, as in a regex (picomatch read it so): write "*" for any characters, or "\\+" for a plus sign.');
      }
      else items.push({ kind: 'char', char });
    }
    return items;
  }

  /** The character after a backslash: punctuation or a space stands for itself; before a letter or a digit (`\d` was a regex class to picomatch) it is refused. */
  private escaped(): string {
    const char = this.glob[this.i];
    if (char === undefined) throw new GlobSyntaxError('it ends with a lone "\\": write "\\\\" for a backslash.');
    if (/[A-Za-z0-9]/.test(char)) throw new GlobSyntaxError(`"\\${char}" is no escape here: a backslash makes the next punctuation literal ("\\*", "\\?", "\\[", "\\{"); write "${char}" alone for the letter or digit.`);
    this.i++;
    return char;
  }

  /** A run of `*`: exactly two is `**` (what it means depends on its neighbours, see compile); one or three and more is `*`. */
  private stars(inBraces: boolean): Item {
    let count = 1;
    while (this.glob[this.i] === '*') {
      this.i++;
      count++;
    }
    if (count !== 2) return { kind: 'star' };
    if (inBraces) throw new GlobSyntaxError('"**" inside "{…}" is not supported: write one rule for each alternative.');
    if (this.glob[this.i] === '{') throw new GlobSyntaxError('"**" right before "{…}" is not supported: write "**/{a,b}" for any folders, or "*{a,b}" within a name.');
    return { kind: 'globstar' };
  }

  /** `{a,b}` (alternatives, nested) or `{a..e}` (a range of single letters or digits). */
  private braces(): Item {
    const open = this.i - 1;
    const range = /^([A-Za-z0-9])\.\.([A-Za-z0-9])\}/.exec(this.glob.slice(this.i, this.i + 5));
    if (range) {
      const [, low, high] = range as unknown as [string, string, string];
      const sameKind = [/[0-9]/, /[a-z]/, /[A-Z]/].some((kind) => kind.test(low) && kind.test(high));
      if (!sameKind || low > high) throw new GlobSyntaxError(`"{${low}..${high}}" is no range: a range runs up from a digit or a letter to one of the same kind.`);
      this.i += 5;
      return { kind: 'class', test: (c) => c >= low && c <= high, literal: undefined };
    }
    const options: Item[][] = [this.sequence(true)];
    while (this.glob[this.i] === ',') {
      this.i++;
      options.push(this.sequence(true));
    }
    if (this.glob[this.i] !== '}') throw new GlobSyntaxError(`"{" at ${open + 1} is never closed (write "\\{" for the character itself).`);
    this.i++;
    if (options.length === 1) {
      const text = this.glob.slice(open, this.i);
      throw new GlobSyntaxError(/\.\./.test(text) ? `"${text}" is no range: a range is a single letter or digit on each side, as in "{1..5}"; write the values out, "{1,2,3}".` : `"${text}" has one alternative: write "{a,b}" for alternatives, or "\\{" for a brace.`);
    }
    return { kind: 'alternatives', options };
  }

  /** `[abc]`, `[a-z]`, `[^abc]`, `[[:alpha:]]`: one character of a name. */
  private bracket(): Item {
    const { glob } = this;
    const open = this.i - 1;
    if (!glob.includes(']', this.i)) throw new GlobSyntaxError(`"[" at ${open + 1} is never closed (write "\\[" for the character itself).`);
    if (glob[this.i] === '!') throw new GlobSyntaxError('"[!…]" is read two ways (picomatch took "!" as one of the characters, gitignore as "not"): write "[^…]" for "none of these".');
    const negated = glob[this.i] === '^';
    if (negated) this.i++;
    const tests: CharTest[] = [];
    let first = true;
    let posix = false;
    while (this.i < glob.length && (glob[this.i] !== ']' || first)) {
      first = false;
      const name = /^\[:([a-z]+):\]/.exec(glob.slice(this.i, this.i + 10))?.[1];
      if (name !== undefined) {
        const test = POSIX_CLASSES[name];
        if (!test) throw new GlobSyntaxError(`"[:${name}:]" is not a class: use one of ${Object.keys(POSIX_CLASSES).join(', ')}.`);
        tests.push(test);
        posix = true;
        this.i += name.length + 4;
        continue;
      }
      tests.push(this.classMember());
    }
    if (this.i >= glob.length) throw new GlobSyntaxError(`"[" at ${open + 1} is never closed (write "\\[" for the character itself).`);
    this.i++;
    const body = glob.slice(open + 1, this.i - 1);
    if (/^:[a-z]+:$/.test(body)) throw new GlobSyntaxError(`"[${body}]" is a class of the characters ":${body.slice(1, -1)}": write "[[${body}]]" for the POSIX class.`);
    const matches: CharTest = (c) => c !== '/' && tests.some((test) => test(c)) !== negated;
    // As picomatch did, a class with nothing of regex syntax in it also matches its own text: `[id].js` is a file name too.
    return { kind: 'class', test: matches, literal: posix || REGEX_SYNTAX.test(body) ? undefined : `[${body}]` };
  }

  /** One character of a class, or a range `a-z`. */
  private classMember(): CharTest {
    const { glob } = this;
    const low = this.classChar();
    if (glob[this.i] === '-' && glob[this.i + 1] !== ']' && this.i + 1 < glob.length) {
      this.i++;
      const high = this.classChar();
      if (low > high) throw new GlobSyntaxError(`"[${low}-${high}]" is no range: a range runs up, as in "[a-z]".`);
      return (c) => c >= low && c <= high;
    }
    return (c) => c === low;
  }

  private classChar(): string {
    const char = this.glob[this.i++]!;
    if (char === '/') throw new GlobSyntaxError('a class matches one character of a name, never "/": write the folders out.');
    if (char !== '\\') return char;
    return this.escaped();
  }
}

// ─── What `**` means where it stands ───────────────────────────────────────────

/**
 * An item of the whole glob, with each `**` read by its neighbours as
 * picomatch read it: `**\/` any folders (none too), `dir/**` everything below
 * the folder (and the folder itself, unless a `*` names it), `**` alone
 * everything, and within a name the same as `*` — except that a glob of `**`
 * and extensions only (`**.js`) crossed folders, which it still does.
 */
type Piece = Item | { kind: 'cross' } | { kind: 'folders' } | { kind: 'below'; optional: boolean } | { kind: 'some' };

function folders(items: readonly Item[], nameWithExtension: boolean): Piece[] {
  // `*.*` (or `**\/*.*`) alone was picomatch's shortcut for a name with an extension: a name ending in `.` is none.
  if (nameWithExtension) return [...folders(items.slice(0, -1), false), { kind: 'some' }];
  const pieces: Piece[] = [];
  const isBoundary = (item: Item | undefined) => item === undefined || item.kind === 'slash';
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    if (item.kind === 'slash' && items[k + 1]?.kind === 'globstar' && k > 0 && endsWithStars(items, k + 1)) {
      const before = items[k - 1]!;
      pieces.push({ kind: 'below', optional: before.kind !== 'star' && before.kind !== 'globstar' });
      break;
    }
    if (item.kind !== 'globstar') {
      pieces.push(item);
      continue;
    }
    const before = items[k - 1];
    // `**/**/` is `**/`, as picomatch read it (where `**` stands for folders).
    while (isBoundary(before) && items[k + 1]?.kind === 'slash' && items[k + 2]?.kind === 'globstar' && isBoundary(items[k + 3])) k += 2;
    const after = items[k + 1];
    if (isBoundary(before) && after?.kind === 'slash') {
      pieces.push({ kind: 'folders' });
      k++;
    } else if (before === undefined && (after === undefined || extensionsOnly(items.slice(k + 1)))) pieces.push({ kind: 'cross' });
    else pieces.push({ kind: 'star' });
  }
  return pieces;
}

/** Whether from `k` on there are only `**` and the slashes between them (`/**\/**` at the end is `/**`). */
function endsWithStars(items: readonly Item[], k: number): boolean {
  for (let i = k; i < items.length; i++) if (items[i]!.kind !== ((i - k) % 2 === 0 ? 'globstar' : 'slash')) return false;
  return (items.length - k) % 2 === 1;
}

/** `.js`, `.min.js`: extensions of word characters, nothing else. */
function extensionsOnly(items: readonly Item[]): boolean {
  const text = items.map((item) => (item.kind === 'char' ? item.char : '\0')).join('');
  return /^(?:\.\w+)+$/.test(text);
}

// ─── The automaton ─────────────────────────────────────────────────────────────

/** A state: reads one character (a test), or moves on without reading (`next`, and `also` for a choice), or accepts. */
interface State {
  reads?: CharTest;
  next: number;
  also?: number;
  accepts?: true;
}

const notSlash: CharTest = (c) => c !== '/';
const isSlash: CharTest = (c) => c === '/';
const anything: CharTest = () => true;

/**
 * The states of a glob, built back to front: each item is compiled with the
 * state that follows it, so the automaton has a few states per character of
 * the glob and no copies.
 */
class Automaton {
  readonly states: State[] = [{ next: -1, accepts: true }];

  private add(state: State): number {
    this.states.push(state);
    return this.states.length - 1;
  }

  reads(test: CharTest, next: number): number {
    return this.add({ reads: test, next });
  }

  /** Either of two ways on, without reading. */
  choice(next: number, also: number): number {
    return this.add({ next, also });
  }

  /** Any number of characters `test` takes, then `next`. */
  loop(test: CharTest, next: number): number {
    const choice = this.add({ next: -1, also: next });
    this.states[choice]!.next = this.reads(test, choice);
    return choice;
  }

  literal(text: string, next: number): number {
    let start = next;
    for (let i = text.length - 1; i >= 0; i--) start = this.reads((c) => c === text[i], start);
    return start;
  }

  /** `items` then `next`. */
  sequence(items: readonly Piece[], next: number): number {
    let start = next;
    for (let k = items.length - 1; k >= 0; k--) start = this.item(items[k]!, start);
    return start;
  }

  private item(item: Piece, next: number): number {
    switch (item.kind) {
      case 'char':
        return this.reads((c) => c === item.char, next);
      case 'slash':
        return this.reads(isSlash, next);
      case 'one':
        return this.reads(notSlash, next);
      case 'star':
      case 'globstar':
        return this.loop(notSlash, next);
      case 'class':
        return item.literal === undefined ? this.reads(item.test, next) : this.choice(this.reads(item.test, next), this.literal(item.literal, next));
      case 'alternatives':
        return item.options.map((option) => this.sequence(option, next)).reduce((rest, start) => this.choice(start, rest));
      case 'cross':
        return this.loop(anything, next);
      case 'some':
        return this.reads(notSlash, this.loop(notSlash, next));
      case 'folders':
        return this.choice(this.loop(anything, this.reads(isSlash, next)), next);
      case 'below': {
        const below = this.reads(isSlash, this.loop(anything, next));
        return item.optional ? this.choice(below, next) : below;
      }
    }
  }
}

// ─── Matching ──────────────────────────────────────────────────────────────────

/** A compiled glob: its automaton, and the steps its last match took (for the tests that hold it to linear time). */
export class PathGlob {
  private readonly states: readonly State[];
  private readonly start: number;
  /** The step a state was last added in: each state once per step. */
  private readonly seen: Float64Array;
  /** Steps taken over every run, so that marks left by an earlier run never count. */
  private step = 0;
  /** States visited by the last `run`: at most (states × (characters + 1)). */
  steps = 0;

  constructor(
    /** The glob as picomatch was given it (after the gitignore reading); a path equal to it matched too. */
    readonly pattern: string,
  ) {
    const automaton = new Automaton();
    // A leading `./` names the root, as picomatch read it.
    let from = 0;
    while (pattern.startsWith('./', from)) from += 2;
    const items = new GlobParser(pattern.slice(from)).parse();
    this.start = automaton.sequence(folders(items, /^(?:\*\*\/)?\*\.\*$/.test(pattern.slice(from))), 0);
    this.states = automaton.states;
    this.seen = new Float64Array(this.states.length).fill(-1);
  }

  get size(): number {
    return this.states.length;
  }

  /**
   * Whether the glob matches `path`, or with `stopAtFolder` a folder above
   * it too (the text before any `/`): the gitignore reading, in one run.
   */
  run(path: string, stopAtFolder: boolean): boolean {
    this.steps = 0;
    let current: number[] = [];
    this.add(current, this.start, ++this.step);
    for (let i = 0; i <= path.length; i++) {
      if ((i === path.length || (stopAtFolder && path[i] === '/')) && current.some((state) => this.states[state]!.accepts)) return true;
      if (i === path.length || current.length === 0) return false;
      const char = path[i]!;
      const next: number[] = [];
      const step = ++this.step;
      for (const state of current) {
        const { reads, next: to } = this.states[state]!;
        if (reads?.(char)) this.add(next, to, step);
      }
      current = next;
    }
    return false;
  }

  /** `state` and every state it moves on to without reading, into `set` (once per step). */
  private add(set: number[], state: number, step: number): void {
    const stack = [state];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (this.seen[s] === step) continue;
      this.seen[s] = step;
      this.steps++;
      const { reads, next, also, accepts } = this.states[s]!;
      if (reads || accepts) set.push(s);
      else {
        if (also !== undefined) stack.push(also);
        stack.push(next);
      }
    }
  }
}

/** Why `glob` is refused (one line, saying what to write instead), or undefined when it is a glob. */
export function globProblem(glob: string): string | undefined {
  try {
    new GlobParser(glob).parse();
    return undefined;
  } catch (err) {
    if (err instanceof GlobSyntaxError) return err.message;
    throw err;
  }
}

// Patterns that match every path, so also the repository root itself ('.').
const EVERYTHING = new Set(['*', '**', '**/*', '**/**']);

interface RuleGlob {
  everything: boolean;
  glob: PathGlob;
}

const ruleGlobs = new Map<string, RuleGlob>();

/**
 * A rule's glob read as .gitignore reads it: a leading '/' anchors at the
 * root; a pattern with no other '/' matches a name at any depth; a trailing
 * '/' means the folder and everything below.
 */
export function ruleGlob(specifier: string): RuleGlob {
  const cached = ruleGlobs.get(specifier);
  if (cached) return cached;
  let end = specifier.length;
  while (end > 0 && specifier[end - 1] === '/') end--;
  let pattern = specifier.slice(0, end);
  const anchored = pattern.startsWith('/');
  let start = 0;
  while (pattern[start] === '/') start++;
  pattern = pattern.slice(start);
  if (!anchored && !pattern.includes('/')) pattern = `**/${pattern}`;
  const compiled = { everything: EVERYTHING.has(pattern), glob: new PathGlob(pattern) };
  ruleGlobs.set(specifier, compiled);
  return compiled;
}

/** The path relative to the root in canonical form, or undefined when it is not one. */
function canonicalPath(path: string): string | undefined {
  if (path === '' || path.includes('\0') || posix.isAbsolute(path)) return undefined;
  const normal = posix.normalize(path);
  let end = normal.length;
  while (end > 0 && normal[end - 1] === '/') end--;
  const trimmed = normal.slice(0, end);
  if (trimmed === '..' || trimmed.startsWith('../')) return undefined;
  return trimmed === '' ? '.' : trimmed;
}

/** `path` is `text`, or a folder `text` names is above it (picomatch matched a path equal to its glob as written). */
const namesFolderOrSelf = (path: string, text: string) => path.startsWith(text) && (path.length === text.length || path[text.length] === '/');

/** Does the path glob `specifier` cover `path` (relative to the root, '/' separators)? */
export function pathRuleMatches(specifier: string, path: string): boolean {
  const canonical = canonicalPath(path);
  if (canonical === undefined) return false;
  // A path with '..' in it is refused even when it normalises back inside:
  // callers pass normalised paths, so this is not one.
  if (path.split('/').includes('..')) return false;
  const { everything, glob } = ruleGlob(specifier);
  if (canonical === '.') return everything;
  return namesFolderOrSelf(canonical, glob.pattern) || glob.run(canonical, true);
}

const reviewGlobs = new Map<string, { glob: PathGlob; basename: boolean }>();

/**
 * Does a `review.ignore` glob cover the changed file `path`? As picomatch
 * read it with `basename` for a glob without a '/' (the last one aside): such a
 * glob names a file by its name at any depth; any other is matched against
 * the whole path from the root (its leading '/' dropped). A folder is not
 * covered by naming it: `dist/**` is.
 */
export function reviewGlobMatches(glob: string, path: string): boolean {
  let compiled = reviewGlobs.get(glob);
  if (!compiled) {
    const named = glob.endsWith('/') ? glob.slice(0, -1) : glob;
    compiled = { glob: new PathGlob(glob.startsWith('/') ? glob.slice(1) : glob), basename: !named.includes('/') };
    reviewGlobs.set(glob, compiled);
  }
  if (path === compiled.glob.pattern) return true;
  const name = compiled.basename ? path.slice(path.lastIndexOf('/') + 1) : path;
  return compiled.glob.run(name, false);
}

/** Does any of the path globs cover a changed file — by its name, or by the name it had before a rename? */
export function coversFile(specifiers: readonly string[], file: { path: string; previousPath?: string }): boolean {
  const paths = file.previousPath ? [file.path, file.previousPath] : [file.path];
  return specifiers.some((specifier) => paths.some((path) => pathRuleMatches(specifier, path)));
}
