// The `path` argument of Glob and Grep: resolved, confined, and shown to rg
// relative to the checkout so that results come back as short relative paths.
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { isInside, PathError, resolveSearchPath, toAbsolute } from '../safety/paths.js';
import { missingFileMessage } from './missing-path.js';
import { ToolError, type ToolContext } from './tool.js';

export interface SearchTarget {
  /** Real absolute path searched. */
  real: string;
  /** Path argument for rg run in the checkout (undefined: the whole checkout). */
  arg: string | undefined;
  isDirectory: boolean;
}

export function searchTarget(path: string | undefined, ctx: ToolContext, opts: { directoryOnly: boolean }): SearchTarget {
  if (path === undefined || path === '' || path === '.') return { real: ctx.root, arg: undefined, isDirectory: true };
  let real: string;
  try {
    real = resolveSearchPath(toAbsolute(path, ctx.root), [ctx.root, ctx.tempDir]);
  } catch (err) {
    if (err instanceof PathError) throw new ToolError(err.message);
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ToolError(missingFileMessage(toAbsolute(path, ctx.root), ctx.cwd, opts.directoryOnly ? 'Directory' : 'Path'));
    }
    throw err;
  }
  const stat = statSync(real);
  if (opts.directoryOnly && !stat.isDirectory()) throw new ToolError(`Path is not a directory: ${path}`);
  if (!stat.isDirectory() && !stat.isFile()) throw new ToolError(`Cannot search '${path}': it is a device, FIFO or socket.`);
  if (real === ctx.root) return { real, arg: undefined, isDirectory: true };
  // Inside the checkout rg gets a relative path, so results print relative; saved output stays absolute.
  const arg = isInside(real, ctx.root) ? relative(ctx.root, real) : real;
  return { real, arg, isDirectory: stat.isDirectory() };
}
