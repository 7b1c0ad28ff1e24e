// The `path` argument of Glob and Grep: resolved, confined, and shown to rg
// relative to the checkout so that results come back as short relative paths.
import { realpathSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { pathRuleMatches } from '../safety/globs.js';
import { isInside, PathError, resolveSearchPath, toAbsolute } from '../safety/paths.js';
import { missingFileMessage } from './missing-path.js';
import { ToolError, type ToolDeps } from './tool.js';

export interface SearchTarget {
  /** Real absolute path searched. */
  real: string;
  /** Path argument for rg run in the checkout (undefined: the whole checkout). */
  arg: string | undefined;
  isDirectory: boolean;
}

export function searchTarget(path: string | undefined, deps: ToolDeps, opts: { directoryOnly: boolean }): SearchTarget {
  if (path === undefined || path === '' || path === '.') return { real: deps.root, arg: undefined, isDirectory: true };
  let real: string;
  try {
    real = resolveSearchPath(toAbsolute(path, deps.root), [deps.root, deps.tempDir]);
  } catch (err) {
    if (err instanceof PathError) throw new ToolError(err.message);
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ToolError(missingFileMessage(toAbsolute(path, deps.root), deps.shell.cwd, opts.directoryOnly ? 'Directory' : 'Path'));
    }
    throw err;
  }
  const stat = statSync(real);
  if (opts.directoryOnly && !stat.isDirectory()) throw new ToolError(`Path is not a directory: ${path}`);
  if (!stat.isDirectory() && !stat.isFile()) throw new ToolError(`Cannot search '${path}': it is a device, FIFO or socket.`);
  if (real === deps.root) return { real, arg: undefined, isDirectory: true };
  // Inside the checkout rg gets a relative path, so results print relative; saved output stays absolute.
  const arg = isInside(real, deps.root) ? relative(deps.root, real) : real;
  return { real, arg, isDirectory: stat.isDirectory() };
}

/**
 * Whether a search may show this result path (relative to the checkout, or
 * absolute outside it): not when a Read deny rule covers it, as named or where
 * a symlink leads. rg's own exclusions prune the walk, but rg does not apply
 * them to a path it was given by name, nor relative to another folder; this
 * check does not depend on how rg was called.
 */
export function visibleToSearch(deps: ToolDeps): (path: string) => boolean {
  const globs = deps.hiddenGlobs;
  if (globs.length === 0) return () => true;
  const covered = (abs: string) => {
    if (!isInside(abs, deps.root)) return false;
    const rel = relative(deps.root, abs).split(sep).join('/') || '.';
    return globs.some((glob) => pathRuleMatches(glob, rel));
  };
  return (path) => {
    const abs = resolve(deps.root, path);
    if (covered(abs)) return false;
    let real: string;
    try {
      real = realpathSync(abs);
    } catch {
      return true;
    }
    return real === abs || !covered(real);
  };
}
