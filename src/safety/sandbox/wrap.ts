// A prepared sandbox: what Bash, hooks and stdio MCP servers call to turn a
// command into the bubblewrap launch that runs it (started with spawnLaunch,
// which pipes the environment in). There is no way out for the model: once a
// run has a sandbox, every command goes through `wrap`.
import { lstatSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { isGitName, isInside } from '../paths.js';
import type { Bubblewrap } from './bubblewrap.js';
import type { EgressProxy } from '../network/proxy.js';
import type { SandboxNetwork } from '../network/sandbox-network.js';
import { ARGS_FD, bwrapArgs } from './bwrap-args.js';
import type { Launch } from './launch.js';
import type { Layout } from './layout.js';
import type { ProcessLimit } from './pids-cgroup.js';

export interface Sandbox {
  /**
   * The launch that runs `argv` inside the sandbox with `cwd` as working folder and `env` as its whole environment
   * (start it with spawnLaunch: the environment's values reach bubblewrap through a pipe, not its command line).
   * `server` narrows the sandbox for an MCP server: the checkout read-only unless `writable`, no network unless
   * `network` (and then through the proxy's socket for servers, when there is a proxy); nothing widens it.
   */
  wrap(argv: readonly string[], opts: { cwd: string; env: NodeJS.ProcessEnv; server?: { writable: boolean; network: boolean } }): Launch;
  /** The network its commands get: the runner's, none, or the egress proxy's allow-list. */
  readonly network: SandboxNetwork['kind'];
  /** The egress proxy, when the network is an allow-list: what it let through and refused. */
  readonly egress?: EgressProxy;
  /** The same sandbox with this network: how the run's allow-list, known once the config is read, is put in. */
  withNetwork(network: SandboxNetwork, egress?: EgressProxy): Sandbox;
}

export function createSandbox(layout: Layout, bwrap: Bubblewrap, limit: ProcessLimit, egress?: EgressProxy): Sandbox {
  const { network } = layout;
  return {
    network: network.kind,
    ...(egress ? { egress } : {}),
    withNetwork: (next, proxy) => createSandbox({ ...layout, network: next }, bwrap, limit, proxy),
    wrap(argv, opts) {
      if (argv.length === 0) throw new Error('Nothing to run in the sandbox.');
      const { server } = opts;
      const { args, piped } = bwrapArgs(layout, bwrap.features, {
        argv,
        cwd: opts.cwd,
        env: opts.env,
        gitEntries: gitEntries(layout.root),
        masked: credentialFiles(layout.root),
        ...(server && !server.writable ? { readOnlyRoot: true } : {}),
        ...(server && !server.network ? { network: { kind: 'none' as const } } : {}),
        ...(server ? { via: 'servers' as const } : {}),
      });
      const fromFd = { fd: ARGS_FD, data: Buffer.from(piped.map((arg) => `${arg}\0`).join('')) };
      // bubblewrap itself gets an empty environment: its /proc/1/environ is visible inside.
      if (limit.kind === 'cgroup') {
        const procs = limit.cgroup.enter();
        return { file: '/bin/sh', args: ['-c', 'echo $$ > "$1" && shift && exec "$@"', 'deckhand-cgroup', procs, bwrap.path, ...args], env: {}, piped: fromFd };
      }
      return { file: bwrap.path, args, env: {}, piped: fromFd };
    },
  };
}

/**
 * The credentials file google-github-actions/auth writes at the checkout's
 * root (`gha-creds-<hex>.json`): the key to its token exchange. The file tools
 * may not open it (a hard deny rule); in the sandbox it reads as empty.
 */
export const CREDENTIALS_FILE = /^gha-creds-[0-9a-f]+\.json$/;

function credentialFiles(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => CREDENTIALS_FILE.test(entry.name) && entry.isFile())
      .map((entry) => join(root, entry.name));
  } catch {
    return [];
  }
}

/** Every entry at the checkout's root that git (on some file system) would read as `.git`. */
function gitEntries(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const entries: string[] = [];
  for (const name of names.filter(isGitName)) {
    const path = join(root, name);
    try {
      // A symlinked `.git` is protected where it leads (when that is in the checkout; nothing else is mounted).
      const target = lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
      if (isInside(target, root)) entries.push(target);
    } catch {
      // dangling symlink, or gone since the listing
    }
  }
  return entries;
}
