// Confinement of the file tools to the checkout (product.md §6).
//
// A name can lie: a symlink can be swapped in between a check and the open, a
// directory component can point elsewhere, a dangling link can be written
// through, a hard link can share an inode with a file outside. So the check
// that counts is made on the file actually opened: open with O_NOFOLLOW, then
// ask the kernel where the descriptor points (/proc/self/fd/N) and refuse
// anything outside, any hard-linked file, and anything that is not a regular file.
import { constants, promises as fsp, readlinkSync, realpathSync, statSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

const { O_RDONLY, O_RDWR, O_CREAT, O_NOFOLLOW, O_NONBLOCK, O_NOCTTY, O_DIRECTORY } = constants;

/** A refusal whose message is written for the model (and the log). */
export class PathError extends Error {
  override name = 'PathError';
}

/** Devices and pseudo-files that block or never end (seed 000, Read). */
const ENDLESS_DEVICES = new Set([
  '/dev/zero', '/dev/random', '/dev/urandom', '/dev/full', '/dev/stdin', '/dev/tty',
  '/dev/console', '/dev/stdout', '/dev/stderr', '/dev/fd/0', '/dev/fd/1', '/dev/fd/2',
]);

export function isEndlessDevice(path: string): boolean {
  return ENDLESS_DEVICES.has(path) || /^\/proc\/(self|\d+)\/fd\/[012]$/.test(path);
}

/** Turns a tool's path argument into an absolute, normalised path (no I/O). */
export function toAbsolute(path: string, cwd: string): string {
  if (path.includes('\0')) throw new PathError('The path contains a NUL byte.');
  let p = path;
  if (p === '~' || p.startsWith('~/')) throw new PathError(`Paths under the home folder are outside the checkout: ${path}`);
  if (!isAbsolute(p)) p = resolve(cwd, p);
  return resolve(p);
}

export function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel));
}

// Characters some file systems ignore in names (HFS+), so `.g\u200bit` is `.git` there.
const IGNORABLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\ufeff\u00ad]/g;

/** True when a single path component would be read as `.git` by git on some file system. */
export function isGitName(component: string): boolean {
  // On NTFS `.git::$INDEX_ALLOCATION` (an alternate data stream) opens `.git` itself.
  let folded = component.normalize('NFKC').replace(IGNORABLE, '').toLowerCase();
  // From the first `:` on the last line (as `/:.*$/` cut), then no trailing dots or spaces: cut by hand, as
  // patterns for both would start again at every `:`, `.` or space of a run.
  const lastBreak = Math.max(folded.lastIndexOf('\n'), folded.lastIndexOf('\r'), folded.lastIndexOf('\u2028'), folded.lastIndexOf('\u2029'));
  const colon = folded.indexOf(':', lastBreak + 1);
  if (colon !== -1) folded = folded.slice(0, colon);
  let end = folded.length;
  while (end > 0 && (folded[end - 1] === '.' || folded[end - 1] === ' ')) end--;
  folded = folded.slice(0, end);
  // `git~1` is the NTFS short name of `.git`.
  return folded === '.git' || folded === 'git~1';
}

/** True when any component of `rel` (relative to the checkout) names `.git`. */
export function touchesGit(rel: string): boolean {
  return rel.split(/[\\/]/).some(isGitName);
}

function describeOutside(path: string, roots: readonly string[]): string {
  return `${path} is outside the repository checkout (${roots[0]}). Only files inside it can be used.`;
}

function describeHardLinks(path: string, nlink: number): string {
  return `Refusing ${path}: it has ${nlink} hard links, and a hard link can share its contents with a file outside the checkout.`;
}

function fdPath(fd: number): string {
  return readlinkSync(`/proc/self/fd/${fd}`);
}

async function closeQuietly(handle: FileHandle): Promise<void> {
  await handle.close().catch(() => undefined);
}

export interface OpenedFile {
  handle: FileHandle;
  /** Where the descriptor really points. */
  realPath: string;
  size: number;
  mtimeMs: number;
}

/**
 * Checks what the descriptor points at. Closes it and throws when the file is
 * outside `roots`, not a regular file, or hard-linked.
 */
async function confirmOpened(handle: FileHandle, shownPath: string, roots: readonly string[], forWrite: boolean): Promise<OpenedFile> {
  try {
    const realPath = fdPath(handle.fd);
    if (!roots.some((root) => isInside(realPath, root))) throw new PathError(describeOutside(shownPath, roots));
    if (forWrite && touchesGit(relative(roots[0]!, realPath))) {
      throw new PathError(`Refusing to write ${shownPath}: files inside .git cannot be written.`);
    }
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new PathError(`${shownPath} is a directory, not a file. Use Glob, or ls through Bash, to list it.`);
    if (!stat.isFile()) throw new PathError(`Cannot use '${shownPath}': it is a device, FIFO or socket, not a regular file.`);
    if (stat.nlink > 1) throw new PathError(describeHardLinks(shownPath, stat.nlink));
    return { handle, realPath, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch (err) {
    await closeQuietly(handle);
    throw err;
  }
}

function isCode(err: unknown, ...codes: string[]): boolean {
  return typeof err === 'object' && err !== null && codes.includes((err as NodeJS.ErrnoException).code ?? '');
}

/** Where a name leads now; a link swapped for something else meanwhile is a refusal, not a crash. */
function followName(path: string, shownPath: string): string {
  try {
    return realpathSync(path);
  } catch (err) {
    // EINVAL: realpath saw a link, then found something that is not one.
    if (isCode(err, 'EINVAL')) throw new PathError(`${shownPath} changed while it was being opened; try again.`);
    throw err;
  }
}

/** The real path of `path`, or of its nearest ancestor that exists. */
function nearestRealPath(path: string): string {
  for (let p = path; ; p = dirname(p)) {
    try {
      return realpathSync(p);
    } catch {
      if (p === dirname(p)) return p;
    }
  }
}

/**
 * Refuses, before anything is opened, a path whose existing part leads outside
 * `roots`: otherwise whether it exists, or the names next to it (the "did you
 * mean" hint of a missing file), would reach the model. Only a first gate: the
 * check on the opened descriptor is the one that counts.
 */
function refuseLeadingOutside(absPath: string, roots: readonly string[]): void {
  const real = nearestRealPath(absPath);
  if (!roots.some((root) => isInside(real, root))) throw new PathError(describeOutside(absPath, roots));
}

/**
 * Opens an existing file for reading, confined to `roots` (realpaths; the first
 * is the checkout). Throws PathError (refusal) or an ENOENT error (missing).
 */
export async function openForRead(absPath: string, roots: readonly string[]): Promise<OpenedFile> {
  if (isEndlessDevice(absPath)) {
    throw new PathError(`Cannot read '${absPath}': this device file would block or produce infinite output.`);
  }
  if (/^\/(proc|sys|dev)(\/|$)/.test(absPath)) throw new PathError(`Cannot read '${absPath}': /proc, /sys and /dev are never read.`);
  refuseLeadingOutside(absPath, roots);
  const flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY;
  let handle: FileHandle;
  try {
    handle = await fsp.open(absPath, flags);
  } catch (err) {
    if (!isCode(err, 'ELOOP')) throw err;
    // The last component is a symlink: follow it once by name, then open the
    // target without following again. A link swapped in meanwhile fails here.
    const target = followName(absPath, absPath);
    if (!roots.some((root) => isInside(target, root))) throw new PathError(describeOutside(absPath, roots));
    try {
      handle = await fsp.open(target, flags);
    } catch (err2) {
      if (isCode(err2, 'ELOOP')) throw new PathError(`${absPath} changed while it was being opened; try again.`);
      throw err2;
    }
  }
  return confirmOpened(handle, absPath, roots, false);
}

/** Opens a directory and checks, on the descriptor, that it is inside `root` and not `.git`. */
async function openDirectory(path: string, root: string, shownPath: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await fsp.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (err) {
    if (isCode(err, 'ENOTDIR')) throw new PathError(`Cannot write ${shownPath}: ${path} is not a directory.`);
    if (isCode(err, 'ELOOP')) throw new PathError(`${shownPath} changed while it was being opened; try again.`);
    throw err;
  }
  const real = fdPath(handle.fd);
  if (!isInside(real, root) || touchesGit(relative(root, real))) {
    await closeQuietly(handle);
    throw new PathError(
      isInside(real, root)
        ? `Refusing to write ${shownPath}: files inside .git cannot be written.`
        : describeOutside(shownPath, [root]),
    );
  }
  return handle;
}

/**
 * Walks from `root` to the parent folder of `absPath` through directory
 * descriptors (`/proc/self/fd/N/name` works like openat), making missing
 * folders and following symlinked folders only when their target is allowed.
 * No name is resolved twice, so nothing can be swapped in between.
 */
async function openParent(absPath: string, root: string): Promise<FileHandle> {
  let dir = await openDirectory(root, root, absPath);
  const rel = relative(root, dirname(absPath));
  try {
    for (const part of rel === '' ? [] : rel.split(sep)) {
      const via = `/proc/self/fd/${dir.fd}/${part}`;
      let stat = await fsp.lstat(via).catch((err) => {
        if (!isCode(err, 'ENOENT')) throw err;
        return undefined;
      });
      if (!stat) {
        await fsp.mkdir(via).catch((err) => {
          if (!isCode(err, 'EEXIST')) throw err;
        });
        stat = await fsp.lstat(via);
      }
      const next = stat.isSymbolicLink()
        ? await openDirectory(followName(via, absPath), root, absPath)
        : await openDirectory(via, root, absPath);
      await closeQuietly(dir);
      dir = next;
    }
    return dir;
  } catch (err) {
    await closeQuietly(dir);
    if (isCode(err, 'ENOENT')) throw new PathError(`Cannot write ${absPath}: a folder on its path is a link to nothing.`);
    throw err;
  }
}

/**
 * Opens (creating if needed) a file for writing inside `root`, without
 * truncating it: the caller truncates only after every check has passed.
 */
export async function openForWrite(absPath: string, root: string, depth = 0): Promise<OpenedFile & { created: boolean }> {
  if (!isInside(absPath, root) || absPath === root) throw new PathError(describeOutside(absPath, [root]));
  if (touchesGit(relative(root, absPath))) throw new PathError(`Refusing to write ${absPath}: files inside .git cannot be written.`);
  if (depth > 8) throw new PathError(`Too many levels of symbolic links at ${absPath}.`);
  const parent = await openParent(absPath, root);
  const name = absPath.slice(absPath.lastIndexOf(sep) + 1);
  const via = `/proc/self/fd/${parent.fd}/${name}`;
  try {
    const existing = await fsp.lstat(via).catch((err) => {
      if (!isCode(err, 'ENOENT')) throw err;
      return undefined;
    });
    if (existing?.isSymbolicLink()) {
      // Write through a link only when its target is itself allowed, checked
      // again from the top, so a dangling link pointing outside is refused.
      const link = await fsp.readlink(via).catch((err) => {
        // EINVAL: it stopped being a link since the lstat.
        if (isCode(err, 'EINVAL', 'ENOENT')) throw new PathError(`${absPath} changed while it was being opened; try again.`);
        throw err;
      });
      const target = resolve(fdPath(parent.fd), link);
      return await openForWrite(target, root, depth + 1);
    }
    let handle: FileHandle;
    try {
      handle = await fsp.open(via, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o644);
    } catch (err) {
      if (isCode(err, 'ELOOP')) throw new PathError(`${absPath} changed while it was being opened; try again.`);
      throw err;
    }
    const opened = await confirmOpened(handle, absPath, [root], true);
    return { ...opened, created: existing === undefined };
  } finally {
    await closeQuietly(parent);
  }
}

/** Real path of the checkout, with a clear message when it is missing. */
export function realRoot(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    throw new Error(`The workspace ${path} does not exist.`);
  }
}

/** Resolves a directory argument (Glob/Grep `path`) and checks it is inside `roots`. */
export function resolveSearchPath(absPath: string, roots: readonly string[]): string {
  let real: string;
  try {
    real = realpathSync(absPath);
  } catch (err) {
    refuseLeadingOutside(absPath, roots);
    throw err;
  }
  if (!roots.some((root) => isInside(real, root))) throw new PathError(describeOutside(absPath, roots));
  const stat = statSync(real);
  if (stat.isFile() && stat.nlink > 1) throw new PathError(describeHardLinks(absPath, stat.nlink));
  return real;
}
