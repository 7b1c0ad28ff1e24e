// What of a pull request a stdio server's command line could run. The paths it
// names are followed the way the kernel follows them — a link at a time, a
// folder component included — so a link on the base branch cannot hand the
// pull request's code to a server: a link into a changed file counts as that
// file, and a link out of the checkout (whose target nothing here can check)
// counts as a change of its own.
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isInside } from '../safety/paths.js';

/**
 * Programs that run the repository's own scripts from the working folder
 * (`npm run mcp` reads package.json, `make` the Makefile, `python -m` a module
 * of the checkout): such a command counts as naming the whole checkout.
 */
const RUNS_THE_CHECKOUT = new Set(['npm', 'npx', 'yarn', 'pnpm', 'bun', 'bunx', 'deno', 'make', 'just', 'task', 'uv', 'uvx', 'poetry', 'pipenv', 'hatch', 'cargo', 'go', 'bundle', 'rake', 'gradle', 'mvn', 'dotnet']);

/** The kernel's own limit on links in one path (ELOOP). */
const MAX_LINKS = 40;

/** The files a pull request changes; `complete` is false when GitHub listed only some (over 3,000). */
export interface ChangedFiles {
  paths: ReadonlySet<string>;
  complete: boolean;
}

/** What a command line could run of the pull request's changes. */
export interface CommandChanges {
  /** Changed files it could run, each once; one reached through a link says which (`lib/a.js (through the link tools/a.js)`). */
  files: string[];
  /** Links of the checkout it goes through that lead out of it. */
  linksOut: string[];
}

const slashed = (root: string, path: string) => relative(root, path).split(sep).join('/');

/** Where a path leads: the links of the checkout met on the way, the real path (none for a loop), and the first link that led out of the checkout. */
interface Followed {
  real: string | undefined;
  links: string[];
  linkOut?: string;
}

/** Follows `path` (absolute, `..` not yet resolved) a component at a time, as the kernel would open it. */
function followLinks(root: string, path: string): Followed {
  const rest = path.split(sep).filter(Boolean);
  const links: string[] = [];
  let at: string = sep;
  let lastLink: string | undefined;
  let linkOut: string | undefined;
  let exists = true;
  for (let hops = 0; rest.length > 0; ) {
    const name = rest.shift()!;
    if (name === '.') continue;
    const next = name === '..' ? dirname(at) : join(at, name);
    let target: string | undefined;
    if (exists && name !== '..') {
      try {
        const stat = lstatSync(next);
        if (stat.isSymbolicLink()) target = readlinkSync(next);
      } catch {
        exists = false; // what is not there is no link: the rest is taken by name
      }
    }
    if (target === undefined) {
      at = next;
    } else {
      // A loop never opens: nothing of it runs.
      if (++hops > MAX_LINKS) return { real: undefined, links, ...(linkOut !== undefined ? { linkOut } : {}) };
      if (isInside(next, root)) links.push((lastLink = slashed(root, next)));
      rest.unshift(...target.split('/').filter(Boolean));
      if (isAbsolute(target)) at = sep;
    }
    // Passing through the checkout's own parents (an absolute link back in) is not leaving it.
    if (lastLink !== undefined && !isInside(at, root) && !isInside(root, at)) linkOut ??= lastLink;
  }
  if (lastLink !== undefined && !isInside(at, root)) linkOut ??= lastLink;
  return { real: at, links, ...(linkOut !== undefined ? { linkOut } : {}) };
}

/**
 * What of the files the pull request changed a stdio server's command line
 * could run: a changed file it names, or reaches through links; every changed
 * file under a folder it names (`node .`, `tools/mcp`); every changed file when
 * its program runs the repository's own scripts (`npm run mcp`, `python -m
 * tools.mcp`) — and, when the list of changes is not complete, anything it
 * names in the checkout. A link it goes through that leads out of the
 * checkout is in `linksOut`.
 */
export function changesNamed(spec: { command: string; args: readonly string[] }, root: string, changed: ChangedFiles | ReadonlySet<string>): CommandChanges {
  const { paths, complete } = changed instanceof Set ? { paths: changed as ReadonlySet<string>, complete: true } : (changed as ChangedFiles);
  // Without a pull request there is nothing it could hand a server.
  if (paths.size === 0 && complete) return { files: [], linksOut: [] };
  const program = spec.command.split('/').pop() ?? spec.command;
  const pythonModule = /^python[0-9.]*$/.test(program) && spec.args.includes('-m');
  const words = ['.', ...[spec.command, ...spec.args].flatMap((word) => (word.startsWith('-') && word.includes('=') ? [word.slice(word.indexOf('=') + 1)] : [word]))];
  const files = new Set<string>();
  const linksOut = new Set<string>();
  const isLink = (word: string) => {
    try {
      return lstatSync(join(root, word)).isSymbolicLink();
    } catch {
      return false;
    }
  };
  words.forEach((word, i) => {
    // The working folder (the checkout) itself counts only for a program that runs the repository's scripts.
    if (i === 0 && !RUNS_THE_CHECKOUT.has(program) && !pythonModule) return;
    // A bare word is a program or a flag's value unless it is a changed file, a folder holding one, or a link of the checkout (or, with the list incomplete, any entry of the checkout).
    const bare = i > 0 && !word.includes('/') && word !== '.';
    if (word === '' || (bare && !paths.has(word) && ![...paths].some((file) => file.startsWith(`${word}/`)) && !isLink(word) && (complete || !existsSync(join(root, word))))) return;
    const absolute = isAbsolute(word) ? word : resolve(root, word);
    if (!isInside(absolute, root)) return;
    const followed = followLinks(root, isAbsolute(word) ? word : `${root}${sep}${word}`);
    if (followed.linkOut !== undefined) linksOut.add(followed.linkOut);
    const named = slashed(root, absolute);
    const real = followed.real !== undefined && isInside(followed.real, root) ? slashed(root, followed.real) : undefined;
    const through = (file: string) => (followed.links.length > 0 && file !== named ? `${file} (through the link ${followed.links[0]})` : file);
    for (const link of followed.links) if (paths.has(link) || !complete) files.add(link);
    for (const path of real === undefined || real === named ? [named] : [named, real]) {
      if (!complete) files.add(through(path || '.'));
      for (const file of paths) if (path === '' || file === path || file.startsWith(`${path}/`)) files.add(through(file));
    }
  });
  return { files: [...files].sort(), linksOut: [...linksOut].sort() };
}
