// Real git behind the GitHub emulator: a bare repository driven with plumbing
// commands (no work tree, no global or system config), and the unified-diff
// reading GitHub does for pull requests — file lists, `patch` texts, hunks and
// which lines a review comment may be anchored on.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export interface GitIdentity {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  time?: number;
}

export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  path: string;
  /** Blob size in bytes (from `ls-tree -l`); undefined for trees and submodules. */
  size?: number;
}

export interface CommitInfo {
  sha: string;
  tree: string;
  parents: string[];
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
  message: string;
}

export type FileStatus = 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed';

export interface FileDiff {
  filename: string;
  previousFilename?: string;
  status: FileStatus;
  additions: number;
  deletions: number;
  /** The hunks, as GitHub's `patch` field: no `diff --git`/`---`/`+++` lines, no trailing newline. Absent for binary or empty changes. */
  patch?: string;
  /** Blob sha on the new side (the old side for a removed file). */
  sha: string;
}

export type Side = 'LEFT' | 'RIGHT';

const NO_GIT_CONFIG: NodeJS.ProcessEnv = (() => {
  // Inherited GIT_DIR / GIT_INDEX_FILE (a test run from a git hook) would point our calls elsewhere.
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('GIT_')) env[name] = value;
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
})();

const SHA = /^[0-9a-f]{40}$/;

const IDENTITY_ARGS = ['-c', 'user.name=GitHub Emulator', '-c', 'user.email=emulator@github.test', '-c', 'core.quotePath=false'];

/** Runs git with no system or global config; throws with git's stderr on a non-zero exit. */
export function runGit(args: string[], opts: { cwd?: string; input?: string | Buffer; env?: Record<string, string> } = {}): Buffer {
  try {
    return execFileSync('git', [...IDENTITY_ARGS, ...args], {
      cwd: opts.cwd,
      input: opts.input ?? '',
      env: { ...NO_GIT_CONFIG, ...opts.env },
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error: any) {
    const stderr = error?.stderr ? String(error.stderr).trim() : '';
    const failure = new Error(`git ${args.join(' ')} failed (exit ${error?.status}): ${stderr || error?.message}`) as Error & { status?: number };
    failure.status = error?.status;
    throw failure;
  }
}

export function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function parseIdentity(line: string): { name: string; email: string; date: string } {
  const match = /^(.*) <([^>]*)> (\d+) [+-]\d{4}$/.exec(line);
  if (!match) return { name: line, email: '', date: isoDate(0) };
  return { name: match[1]!, email: match[2]!, date: isoDate(Number(match[3])) };
}

/** Quotes a path for fast-import when it must be (starts with a quote, or holds a newline or backslash). */
function fastImportPath(path: string): string {
  return /^"|[\n\\]/.test(path) ? JSON.stringify(path) : path;
}

/** A file as a commit holds it: its text (null: deleted), a symbolic link's target, or an executable's text. */
export type FileContent = string | Buffer | null | { symlink: string } | { executable: string | Buffer };

export class BareRepo {
  private indexCounter = 0;
  /** Merge bases never change for a pair of shas. */
  private readonly mergeBases = new Map<string, string | undefined>();

  constructor(
    readonly path: string,
    /** A folder of ours for scratch files (temporary index files). */
    private readonly scratch: string,
  ) {}

  static init(path: string, scratch: string, defaultBranch: string): BareRepo {
    runGit(['init', '-q', '--bare', `--initial-branch=${defaultBranch}`, path]);
    return new BareRepo(path, scratch);
  }

  git(args: string[], opts: { input?: string | Buffer; env?: Record<string, string> } = {}): Buffer {
    return runGit([`--git-dir=${this.path}`, ...args], opts);
  }

  text(args: string[], opts: { input?: string | Buffer; env?: Record<string, string> } = {}): string {
    return this.git(args, opts).toString('utf8').replace(/\n$/, '');
  }

  /** The full sha a revision names, as `^{commit}` (or `^{tree}` etc.), or undefined. */
  resolve(rev: string, peel = 'commit'): string | undefined {
    if (rev === '' || rev.startsWith('-')) return undefined;
    try {
      return this.text(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{${peel}}`]) || undefined;
    } catch {
      return undefined;
    }
  }

  objectType(sha: string): string | undefined {
    if (!/^[0-9a-f]{4,40}$/.test(sha)) return undefined;
    try {
      return this.text(['cat-file', '-t', sha]);
    } catch {
      return undefined;
    }
  }

  /** Full sha of an existing object named by a (possibly abbreviated) sha. */
  objectSha(sha: string): string | undefined {
    if (!/^[0-9a-f]{4,40}$/.test(sha)) return undefined;
    try {
      return this.text(['rev-parse', '--verify', '--quiet', `${sha}^{object}`]) || undefined;
    } catch {
      return undefined;
    }
  }

  /** Every ref (`refs/heads/main` → sha). */
  refs(prefix = 'refs/'): Map<string, string> {
    const out = this.text(['for-each-ref', '--format=%(refname) %(objectname)', prefix]);
    const refs = new Map<string, string>();
    for (const line of out.split('\n')) {
      const space = line.lastIndexOf(' ');
      if (space > 0) refs.set(line.slice(0, space), line.slice(space + 1));
    }
    return refs;
  }

  refSha(ref: string): string | undefined {
    return this.refs(ref).get(ref);
  }

  updateRef(ref: string, sha: string, oldSha?: string): void {
    this.git(['update-ref', ref, sha, ...(oldSha ? [oldSha] : [])]);
  }

  deleteRef(ref: string): void {
    this.git(['update-ref', '-d', ref]);
  }

  /** Several ref updates in one process; a null sha deletes the ref. */
  updateRefs(updates: Array<[ref: string, sha: string | null]>): void {
    const input = updates.map(([ref, sha]) => (sha ? `update ${ref} ${sha}\n` : `delete ${ref}\n`)).join('');
    this.git(['update-ref', '--stdin'], { input });
  }

  isAncestor(ancestor: string, descendant: string): boolean {
    try {
      this.git(['merge-base', '--is-ancestor', ancestor, descendant]);
      return true;
    } catch {
      return false;
    }
  }

  mergeBase(a: string, b: string): string | undefined {
    const key = `${a} ${b}`;
    if (SHA.test(a) && SHA.test(b) && this.mergeBases.has(key)) return this.mergeBases.get(key);
    let base: string | undefined;
    try {
      base = this.text(['merge-base', a, b]) || undefined;
    } catch {
      base = undefined;
    }
    if (SHA.test(a) && SHA.test(b)) this.mergeBases.set(key, base);
    return base;
  }

  /** Commits reachable from `head` and not from `base`, oldest first. */
  commitsBetween(base: string | undefined, head: string): string[] {
    const out = this.text(['rev-list', '--topo-order', '--reverse', head, ...(base ? [`^${base}`] : [])]);
    return out ? out.split('\n') : [];
  }

  countBetween(base: string, head: string): number {
    return Number(this.text(['rev-list', '--count', head, `^${base}`]));
  }

  hashBlob(content: Buffer | string): string {
    return this.text(['hash-object', '-w', '--stdin'], { input: content });
  }

  readBlob(sha: string): Buffer {
    return this.git(['cat-file', 'blob', sha]);
  }

  /** Many blobs in one git process (`cat-file --batch`): a folder's files without a process each. */
  readBlobs(shas: readonly string[]): Map<string, Buffer> {
    const found = new Map<string, Buffer>();
    if (shas.length === 0) return found;
    const out = this.git(['cat-file', '--batch'], { input: `${shas.join('\n')}\n` });
    let at = 0;
    while (at < out.length) {
      const eol = out.indexOf(0x0a, at);
      const [sha, type, size] = out.subarray(at, eol).toString('utf8').split(' ');
      at = eol + 1;
      if (type === 'missing' || size === undefined) continue;
      const length = Number(size);
      found.set(sha!, out.subarray(at, at + length));
      at += length + 1;
    }
    return found;
  }

  /** Entries of a tree (or of `treeish`'s tree under `dir`), recursively if asked. */
  lsTree(treeish: string, opts: { recursive?: boolean; paths?: string[] } = {}): TreeEntry[] {
    const args = ['ls-tree', '-z', '-l', ...(opts.recursive ? ['-r'] : []), treeish];
    if (opts.paths) args.push('--', ...opts.paths);
    const out = this.git(args).toString('utf8');
    const entries: TreeEntry[] = [];
    for (const record of out.split('\0')) {
      if (!record) continue;
      const tab = record.indexOf('\t');
      const [mode, type, sha, size] = record.slice(0, tab).split(/ +/);
      entries.push({
        mode: mode!,
        type: type as TreeEntry['type'],
        sha: sha!,
        path: record.slice(tab + 1),
        ...(size && size !== '-' ? { size: Number(size) } : {}),
      });
    }
    return entries;
  }

  /** Writes a tree from a flat map of file paths (nested paths make nested trees). */
  writeTree(files: Map<string, { mode: string; sha: string }>): string {
    const index = join(this.scratch, `index-${process.pid}-${++this.indexCounter}`);
    const env = { GIT_INDEX_FILE: index };
    try {
      const lines = [...files].map(([path, entry]) => `${entry.mode} ${entry.mode === '160000' ? 'commit' : 'blob'} ${entry.sha}\t${path}\0`);
      this.git(['update-index', '--add', '-z', '--index-info'], { input: lines.join(''), env });
      return this.text(['write-tree'], { env });
    } finally {
      rmSync(index, { force: true });
    }
  }

  /** A commit object from a tree and parents (`git commit-tree`); the message is stored byte for byte. */
  commitTree(tree: string, parents: string[], message: string, author: GitIdentity, committer: GitIdentity = author): string {
    const now = Math.floor(Date.now() / 1000);
    return this.text(['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'], {
      input: message,
      env: {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_AUTHOR_DATE: `@${author.time ?? now} +0000`,
        GIT_COMMITTER_NAME: committer.name,
        GIT_COMMITTER_EMAIL: committer.email,
        GIT_COMMITTER_DATE: `@${committer.time ?? now} +0000`,
      },
    });
  }

  /**
   * One commit on `ref` in a single `git fast-import`: `files` are written (null deletes;
   * `{ symlink }` a symbolic link, `{ executable }` a file with its x bit), on top of
   * `parent` (none: a root commit). Moves the ref even if not a fast-forward.
   */
  fastCommit(ref: string, parent: string | undefined, files: Record<string, FileContent>, message: string, author: GitIdentity): string {
    const time = author.time ?? Math.floor(Date.now() / 1000);
    const who = `${author.name} <${author.email}> ${time} +0000`;
    const msg = Buffer.from(message.endsWith('\n') ? message : message + '\n');
    const chunks: Buffer[] = [
      Buffer.from(`feature get-mark\ncommit ${ref}\nmark :1\nauthor ${who}\ncommitter ${who}\ndata ${msg.length}\n`),
      msg,
      Buffer.from(parent ? `from ${parent}\n` : ''),
    ];
    if (parent === undefined) chunks.push(Buffer.from('deleteall\n'));
    for (const [path, content] of Object.entries(files)) {
      if (content === null) {
        chunks.push(Buffer.from(`D ${fastImportPath(path)}\n`));
      } else {
        const [mode, body] = typeof content === 'string' || Buffer.isBuffer(content) ? ['100644', content] : 'symlink' in content ? ['120000', content.symlink] : ['100755', content.executable];
        const data = typeof body === 'string' ? Buffer.from(body) : body;
        chunks.push(Buffer.from(`M ${mode} inline ${fastImportPath(path)}\ndata ${data.length}\n`), data, Buffer.from('\n'));
      }
    }
    chunks.push(Buffer.from('\nget-mark :1\n'));
    return this.text(['fast-import', '--quiet', '--force'], { input: Buffer.concat(chunks) });
  }

  /** Full commit objects, in the order asked (`git cat-file --batch`, one process). */
  readCommits(shas: string[]): CommitInfo[] {
    if (shas.length === 0) return [];
    const out = this.git(['cat-file', '--batch'], { input: shas.join('\n') + '\n' });
    const commits: CommitInfo[] = [];
    let at = 0;
    while (at < out.length) {
      const eol = out.indexOf(10, at);
      const header = out.subarray(at, eol).toString('utf8').split(' ');
      if (header[1] !== 'commit') throw new Error(`not a commit: ${header.join(' ')}`);
      const size = Number(header[2]);
      const body = out.subarray(eol + 1, eol + 1 + size).toString('utf8');
      at = eol + 1 + size + 1;
      const split = body.indexOf('\n\n');
      const headers = (split < 0 ? body : body.slice(0, split)).split('\n');
      const info: CommitInfo = {
        sha: header[0]!,
        tree: '',
        parents: [],
        author: parseIdentity(''),
        committer: parseIdentity(''),
        message: split < 0 ? '' : body.slice(split + 2).replace(/\n$/, ''),
      };
      for (const line of headers) {
        const space = line.indexOf(' ');
        const key = line.slice(0, space);
        const value = line.slice(space + 1);
        if (key === 'tree') info.tree = value;
        else if (key === 'parent') info.parents.push(value);
        else if (key === 'author') info.author = parseIdentity(value);
        else if (key === 'committer') info.committer = parseIdentity(value);
      }
      commits.push(info);
    }
    return commits;
  }

  /** `git diff from to` read file by file, with rename detection, as GitHub lists a PR's files. */
  diff(from: string, to: string): FileDiff[] {
    const raw = this.git(['diff', '--raw', '-z', '-M', '--no-abbrev', from, to]).toString('utf8').split('\0');
    const patchText = this.fullDiff(from, to);
    // Each file's section starts with a `diff --git` line; files come in the same order as --raw.
    const sections = patchText.split(/^(?=diff --git )/m).filter((s) => s.startsWith('diff --git '));
    const files: FileDiff[] = [];
    for (let i = 0, n = 0; i < raw.length; ) {
      const meta = raw[i++];
      if (!meta || !meta.startsWith(':')) continue;
      const [, , oldSha, newSha, code] = meta.slice(1).split(' ');
      const letter = code!.charAt(0);
      const first = raw[i++]!;
      const second = letter === 'R' || letter === 'C' ? raw[i++]! : undefined;
      const section = sections[n++] ?? '';
      const hunkAt = section.search(/^@@ /m);
      const patch = hunkAt < 0 ? undefined : section.slice(hunkAt).replace(/\n$/, '');
      let additions = 0;
      let deletions = 0;
      for (const line of patch?.split('\n') ?? []) {
        if (line.startsWith('+')) additions++;
        else if (line.startsWith('-')) deletions++;
      }
      const status: FileStatus =
        letter === 'A' ? 'added' : letter === 'D' ? 'removed' : letter === 'R' ? 'renamed' : letter === 'C' ? 'copied' : letter === 'T' ? 'changed' : 'modified';
      files.push({
        filename: second ?? first,
        ...(second !== undefined ? { previousFilename: first } : {}),
        status,
        additions,
        deletions,
        ...(patch !== undefined ? { patch } : {}),
        sha: letter === 'D' ? oldSha! : newSha!,
      });
    }
    return files;
  }

  /** The whole unified diff text, as `git diff from to` prints it. */
  fullDiff(from: string, to: string): string {
    return this.git(['diff', '-p', '-M', '--no-color', '--no-ext-diff', '--no-textconv', from, to]).toString('utf8');
  }

  /** The tree of merging `theirs` into `ours`, or undefined when they conflict. */
  mergeTree(ours: string, theirs: string): string | undefined {
    try {
      return this.text(['merge-tree', '--write-tree', '--no-messages', ours, theirs]).split('\n')[0];
    } catch {
      return undefined;
    }
  }
}

// ---- Hunks and review anchors ----

export interface Hunk {
  /** The `@@ -a,b +c,d @@ …` line. */
  header: string;
  /** Index of the header within the patch's lines (= the diff "position" of the header). */
  start: number;
  lines: string[];
}

export interface DiffLine {
  side: Side;
  line: number;
  hunk: number;
  /** The diff "position": lines below the first hunk header (headers of later hunks count). */
  position: number;
}

/** The lines of a patch a review comment may sit on: RIGHT = added and context lines, LEFT = removed and context lines. */
export class PatchAnchors {
  readonly hunks: Hunk[] = [];
  private readonly bySide = { LEFT: new Map<number, DiffLine>(), RIGHT: new Map<number, DiffLine>() };
  private readonly byPosition = new Map<number, DiffLine>();
  readonly lines: string[];

  constructor(readonly patch: string) {
    this.lines = patch.split('\n');
    let oldLine = 0;
    let newLine = 0;
    this.lines.forEach((text, position) => {
      const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
      if (header) {
        oldLine = Number(header[1]);
        newLine = Number(header[2]);
        this.hunks.push({ header: text, start: position, lines: [text] });
        return;
      }
      const hunk = this.hunks.length - 1;
      this.hunks[hunk]?.lines.push(text);
      const mark = text.charAt(0);
      if (mark === '\\') return;
      if (mark === '+' || mark === ' ' || text === '') {
        const right: DiffLine = { side: 'RIGHT', line: newLine++, hunk, position };
        this.bySide.RIGHT.set(right.line, right);
        this.byPosition.set(position, right);
      }
      if (mark === '-' || mark === ' ' || text === '') {
        const left: DiffLine = { side: 'LEFT', line: oldLine++, hunk, position };
        this.bySide.LEFT.set(left.line, left);
        if (mark === '-') this.byPosition.set(position, left);
      }
    });
  }

  at(side: Side, line: number): DiffLine | undefined {
    return this.bySide[side].get(line);
  }

  atPosition(position: number): DiffLine | undefined {
    return this.byPosition.get(position);
  }

  /** GitHub's `diff_hunk` for a comment: the hunk from its header down to the commented line. */
  diffHunk(anchor: DiffLine): string {
    const hunk = this.hunks[anchor.hunk]!;
    return this.lines.slice(hunk.start, anchor.position + 1).join('\n');
  }
}
