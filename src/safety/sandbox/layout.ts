// What the sandbox shows of the runner, decided once per run: the system
// read-only, the checkout writable at its own path, a private HOME and /tmp,
// and nothing else of the runner's work folder. `planLayout` is a pure
// function of the facts `readSandboxFacts` reads off the machine, so every
// choice it makes can be checked from a table.
import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { isInside } from '../paths.js';
import type { SandboxNetwork } from '../network/sandbox-network.js';

/** The system, read-only. /bin, /lib… are symlinks into /usr on merged-/usr images and are recreated as such. */
export const SYSTEM_PATHS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt'];
/** Where the sandbox's own empty HOME goes (the first that does not overlap the checkout). */
const HOME_CHOICES = ['/home/deckhand', '/deckhand-home'];
/** Folders the sandbox makes for itself; a checkout holding one could not be mounted on its own. */
const SANDBOX_OWN = ['/tmp', '/proc', '/dev', '/run'];

export type SystemEntry = { path: string; kind: 'folder' } | { path: string; kind: 'symlink'; target: string };

/** What the layout is made from. */
export interface SandboxFacts {
  /** The checkout, symlinks resolved. */
  root: string;
  network: boolean;
  /** The system folders that exist, in SYSTEM_PATHS order. */
  system: SystemEntry[];
  /** The runner's own folders (RUNNER_TEMP, RUNNER_WORKSPACE), where set. */
  runnerFolders: string[];
  /** Tool caches that exist as folders (RUNNER_TOOL_CACHE, AGENT_TOOLSDIRECTORY). */
  toolCaches: string[];
}

export interface Layout {
  root: string;
  home: string;
  /** Until the run's allow-list is known (sandbox.withNetwork), the runner's network or none. */
  network: SandboxNetwork;
  system: SystemEntry[];
  /** Folders of the runner's work area that a system mount would otherwise show: covered by an empty tmpfs. */
  hidden: string[];
  /** Tool caches outside the system folders (self-hosted runners keep them in the work folder), shown read-only. */
  toolCaches: string[];
}

export function planLayout(facts: SandboxFacts): Layout | { error: string } {
  const { root } = facts;
  if ([...SYSTEM_PATHS, ...SANDBOX_OWN].some((path) => isInside(path, root))) {
    return { error: `the checkout ${root} holds system folders, so it cannot be mounted writable on its own` };
  }
  const home = HOME_CHOICES.find((path) => !isInside(root, path) && !isInside(path, root))!;
  const mounted = facts.system.filter((entry) => entry.kind === 'folder').map((entry) => entry.path);
  // On self-hosted runners the work folder may sit under /opt or another system
  // folder: cover it, so only the checkout (and the tool cache) shows through.
  const hidden = [
    ...new Set([root, ...facts.runnerFolders].filter((path) => isAbsolute(path)).flatMap((path) => coverBelow(path, mounted) ?? [])),
  ];
  const toolCaches = [...new Set(facts.toolCaches)].filter(
    (path) =>
      isAbsolute(path) &&
      !isInside(path, root) &&
      !isInside(root, path) &&
      (!mounted.some((mount) => isInside(path, mount)) || hidden.some((dir) => isInside(path, dir))),
  );
  return { root, home, network: { kind: facts.network ? 'open' : 'none' }, system: facts.system, hidden, toolCaches };
}

/** The top folder below a system mount on the way to `path` (what to cover so only `path` shows), if `path` is under one. */
function coverBelow(path: string, mounted: readonly string[]): string | undefined {
  for (const mount of mounted) {
    if (path !== mount && isInside(path, mount)) return join(mount, relative(mount, path).split(sep)[0]!);
  }
  return undefined;
}

export function readSandboxFacts(opts: { root: string; network: boolean; env: NodeJS.ProcessEnv }): SandboxFacts | { error: string } {
  let root: string;
  try {
    root = realpathSync(opts.root);
  } catch {
    return { error: `the checkout ${opts.root} does not exist` };
  }
  const system: SystemEntry[] = [];
  for (const path of SYSTEM_PATHS) {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) system.push({ path, kind: 'symlink', target: readlinkSync(path) });
      else if (stat.isDirectory()) system.push({ path, kind: 'folder' });
    } catch {
      // not on this image
    }
  }
  const set = (names: string[]) => names.map((name) => opts.env[name]).filter((value): value is string => !!value);
  return {
    root,
    network: opts.network,
    system,
    runnerFolders: set(['RUNNER_TEMP', 'RUNNER_WORKSPACE']),
    toolCaches: set(['RUNNER_TOOL_CACHE', 'AGENT_TOOLSDIRECTORY']).filter(isFolder),
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
