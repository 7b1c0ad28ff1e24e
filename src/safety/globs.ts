// The path globs of permission rules and review.ignore-like settings, read as
// .gitignore reads them: a leading '/' anchors at the root, a pattern with no
// other '/' matches a name at any depth, a trailing '/' means the folder and
// everything below, and a path is covered when it or a folder above it matches.
import { posix } from 'node:path';
import picomatch from 'picomatch';

// Patterns that match every path, so also the repository root itself ('.').
const EVERYTHING = new Set(['*', '**', '**/*', '**/**']);

interface CompiledGlob {
  everything: boolean;
  test: (path: string) => boolean;
}

const globCache = new Map<string, CompiledGlob>();

/**
 * gitignore semantics on top of picomatch: a leading '/' anchors at the root;
 * a pattern with no other '/' matches a name at any depth; a trailing '/'
 * means the folder and everything below. As in .gitignore, a path is covered
 * when it or any folder above it matches.
 */
function compileGlob(specifier: string): CompiledGlob {
  const cached = globCache.get(specifier);
  if (cached) return cached;
  let pattern = specifier.replace(/\/+$/, '');
  const anchored = pattern.startsWith('/');
  pattern = pattern.replace(/^\/+/, '');
  if (!anchored && !pattern.includes('/')) pattern = `**/${pattern}`;
  const isMatch = picomatch(pattern, { dot: true, nonegate: true });
  const compiled: CompiledGlob = {
    everything: EVERYTHING.has(pattern),
    test: (path) => {
      const parts = path.split('/');
      for (let n = parts.length; n > 0; n--) if (isMatch(parts.slice(0, n).join('/'))) return true;
      return false;
    },
  };
  globCache.set(specifier, compiled);
  return compiled;
}

/** The path relative to the root in canonical form, or undefined when it is not one. */
function canonicalPath(path: string): string | undefined {
  if (path === '' || path.includes('\0') || posix.isAbsolute(path)) return undefined;
  const normal = posix.normalize(path).replace(/\/+$/, '');
  if (normal === '..' || normal.startsWith('../')) return undefined;
  return normal === '' ? '.' : normal;
}

/** Does the path glob `specifier` cover `path` (relative to the root, '/' separators)? */
export function pathRuleMatches(specifier: string, path: string): boolean {
  const canonical = canonicalPath(path);
  if (canonical === undefined) return false;
  // A path with '..' in it is refused even when it normalises back inside:
  // callers pass normalised paths, so this is not one.
  if (path.split('/').includes('..')) return false;
  const glob = compileGlob(specifier);
  if (canonical === '.') return glob.everything;
  return glob.test(canonical);
}

/** Does any of the path globs cover a changed file — by its name, or by the name it had before a rename? */
export function coversFile(specifiers: readonly string[], file: { path: string; previousPath?: string }): boolean {
  const paths = file.previousPath ? [file.path, file.previousPath] : [file.path];
  return specifiers.some((specifier) => paths.some((path) => pathRuleMatches(specifier, path)));
}
