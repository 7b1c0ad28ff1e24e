// Where a redirect target or a cd leads, as the kernel would walk it.
import { lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

export function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Where `target` leads from `cwd` the way the kernel walks it: symlinks
 * followed component by component (so `link/../x` goes where the link goes).
 * Undefined for a dangling symlink, whose target we do not chase.
 */
export function physicalPath(cwd: string, target: string): string | undefined {
  let current = isAbsolute(target) ? '/' : realOrSelf(cwd);
  let exists = true;
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      current = dirname(current);
      continue;
    }
    const next = join(current, part);
    if (!exists) {
      current = next;
      continue;
    }
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
      exists = false; // what is not there cannot be a link: the rest is taken by name
      current = next;
      continue;
    }
    try {
      current = isLink ? realpathSync(next) : next;
    } catch {
      return undefined; // a dangling link: writing through it creates its target, wherever that is
    }
  }
  return current;
}
