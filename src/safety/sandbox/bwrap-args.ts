// The bubblewrap command line for one command, from the run's layout: a pure
// function, so what the sandbox mounts, unshares and limits is read (and
// tested) here without running bubblewrap.
import type { Layout } from './layout.js';

/** Tasks (processes and threads) the sandbox may hold at once: room for a parallel build, not for a fork bomb. */
export const SANDBOX_MAX_TASKS = 2048;
/** The largest file a sandboxed process may write (the command's own output file included). */
export const SANDBOX_MAX_FILE_BYTES = 1024 ** 3;
/** Size of each private tmpfs (/tmp and HOME): they live in the runner's memory. */
export const TMPFS_BYTES = 1024 ** 3;

/** Where the relay's pieces are inside the sandbox, and the port it listens on (above Linux's ephemeral ports, so no outgoing connection takes it). */
export const RELAY = { folder: '/run/deckhand-network', port: 61_080 } as const;
const RELAY_PROXY = `http://127.0.0.1:${RELAY.port}`;

/**
 * What a command finds the proxy by: the variables curl, git, npm, pip, Go
 * and (with NODE_USE_ENV_PROXY) Node's fetch read. The sandbox's own
 * loopback stays direct: a test server a command starts is reached there.
 */
export const PROXY_ENV: Readonly<Record<string, string>> = {
  HTTP_PROXY: RELAY_PROXY,
  HTTPS_PROXY: RELAY_PROXY,
  http_proxy: RELAY_PROXY,
  https_proxy: RELAY_PROXY,
  ALL_PROXY: RELAY_PROXY,
  all_proxy: RELAY_PROXY,
  NO_PROXY: 'localhost,127.0.0.1,::1',
  no_proxy: 'localhost,127.0.0.1,::1',
  NODE_USE_ENV_PROXY: '1',
};

/** Options that older bubblewraps lack; without them the sandbox does without the limit they add. */
export interface BwrapFeatures {
  size: boolean;
  disableUserns: boolean;
}

export interface SandboxCommand {
  argv: readonly string[];
  cwd: string;
  /** The command's whole environment (HOME and TMPDIR are the sandbox's own). */
  env: NodeJS.ProcessEnv;
  /** Every entry at the checkout's root that git would read as `.git`, looked up for this command. */
  gitEntries: readonly string[];
  /** Files of the checkout shown as empty (credentials a workflow step left there, such as gha-creds-*.json). */
  masked?: readonly string[];
  /** Narrower than the run's layout for this command (an MCP server): the checkout read-only, no network. */
  readOnlyRoot?: boolean;
  network?: { kind: 'none' };
  /** Through a proxy, which of its sockets: an MCP server's refusals are not told to a command. */
  via?: 'commands' | 'servers';
}

/**
 * The descriptor bubblewrap reads the rest of its arguments from (`--args`):
 * the caller's are 0-2 and 3 (Bash's working-folder report, a hook's copies).
 * bubblewrap closes it once read.
 */
export const ARGS_FD = 4;

// Runs inside the sandbox, by bash (dash has no `ulimit -u`), just before the
// command. First it closes every descriptor above 3 that leaked in from the
// runner (0-2 and 3 are what the caller passes). Then the limits, hard and
// soft, so nothing in the sandbox can raise them. RLIMIT_NPROC is counted per
// user namespace (Linux ≥ 5.14), so only the sandbox's own tasks count, not
// the runner user's other processes; `-f` is in KiB.
export const LIMITS = [
  'for fd in /proc/$$/fd/*; do fd=${fd##*/}; if [ "$fd" -gt 3 ]; then eval "exec $fd>&-"; fi; done',
  `ulimit -u ${SANDBOX_MAX_TASKS} && ulimit -f ${SANDBOX_MAX_FILE_BYTES / 1024} && exec "$@"`,
].join('\n');

/**
 * bubblewrap's arguments: `args` for its command line, `piped` for it to read
 * from ARGS_FD — the environment's values, which a command line would show to
 * every process on the machine (/proc/<pid>/cmdline).
 */
export interface BwrapArgs {
  args: string[];
  piped: string[];
}

export function bwrapArgs(layout: Layout, features: BwrapFeatures, command: SandboxCommand): BwrapArgs {
  const network = command.network ?? layout.network;
  const size = features.size ? ['--size', String(TMPFS_BYTES)] : [];
  const args: string[] = [
    // Own user namespace (nothing needs privileges; as root, root only inside),
    // PID namespace (its own /proc; when its PID 1 dies the kernel kills every
    // process in it, setsid or double-forked ones included), and IPC, UTS and
    // cgroup namespaces (no shared memory with, or cgroup view of, the host).
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    // Without network (or with only the proxy) only `lo` exists inside: the host's 127.0.0.1 and abstract sockets are out of reach.
    ...(network.kind === 'open' ? [] : ['--unshare-net']),
    // No nested user namespaces: they would hand the command a fresh set of capabilities to probe the kernel with.
    ...(features.disableUserns ? ['--disable-userns'] : []),
    // The sandbox's PID 1 dies with bubblewrap (and bubblewrap with us), so killing
    // bubblewrap at a timeout kills the namespace. It also makes PID 1 exit as soon
    // as the command does, instead of waiting for whatever it left running.
    '--die-with-parent',
    // setsid(): no controlling terminal to push input into (TIOCSTI).
    '--new-session',
    // No capabilities, even as root inside the namespace.
    '--cap-drop', 'ALL',
    // The system read-only; merged-/usr symlinks recreated.
    ...layout.system.flatMap((entry) => (entry.kind === 'folder' ? ['--ro-bind', entry.path, entry.path] : ['--symlink', entry.target, entry.path])),
    // A fresh /proc (only the sandbox's processes) and a minimal /dev (null, zero, random, tty…).
    '--proc', '/proc',
    '--dev', '/dev',
    // A private, empty /tmp and HOME, bounded so they cannot eat the runner's memory.
    ...size, '--tmpfs', '/tmp',
    ...size, '--tmpfs', layout.home,
    // A runner work folder under a system folder is covered; tool caches kept there show through, read-only.
    ...layout.hidden.flatMap((dir) => ['--tmpfs', dir]),
    ...layout.toolCaches.flatMap((dir) => ['--ro-bind', dir, dir]),
    // The checkout at its own path, writable; then every `.git` at its root read-only
    // (looked up for each command, so one made by a later `git init` is covered too).
    command.readOnlyRoot ? '--ro-bind' : '--bind', layout.root, layout.root,
    ...command.gitEntries.flatMap((path) => ['--ro-bind', path, path]),
    // Credentials a workflow step left in the checkout read as empty.
    ...(command.masked ?? []).flatMap((path) => ['--ro-bind', '/dev/null', path]),
    // With network, DNS needs systemd-resolved's stub file, which /etc/resolv.conf points to on Ubuntu.
    ...(network.kind === 'open' ? ['--ro-bind-try', '/run/systemd/resolve', '/run/systemd/resolve'] : []),
    // Through the proxy: its socket, the runner's node and the relay, read-only (a client needs no write access to connect).
    ...(network.kind === 'proxied'
      ? ['--ro-bind', network.sockets[command.via ?? 'commands'], `${RELAY.folder}/proxy.sock`, '--ro-bind', network.node, `${RELAY.folder}/node`, '--ro-bind', network.relay, `${RELAY.folder}/relay.js`]
      : []),
    '--chdir', command.cwd,
    // The environment is exactly the allow-list, with HOME and TMPDIR inside the sandbox.
    '--clearenv',
  ];
  const piped: string[] = [];
  const proxyEnv = network.kind === 'proxied' ? PROXY_ENV : {};
  for (const [name, value] of Object.entries({ ...command.env, ...proxyEnv, HOME: layout.home, TMPDIR: '/tmp' })) {
    if (value === undefined) continue;
    // The piped arguments are NUL-separated: a NUL would end the value and start an option of its own.
    if (name.includes('\0') || value.includes('\0')) throw new Error(`The environment variable ${name.replaceAll('\0', '\\0')} holds a NUL byte, which no process can be given.`);
    piped.push('--setenv', name, value);
  }
  // Through the proxy, the relay starts the command once it listens (after the limits, which then hold it too).
  const relay = network.kind === 'proxied' ? [`${RELAY.folder}/node`, `${RELAY.folder}/relay.js`, `${RELAY.folder}/proxy.sock`, String(RELAY.port)] : [];
  args.push('--args', String(ARGS_FD), '--', '/bin/bash', '-c', LIMITS, 'deckhand-limits', ...relay, ...command.argv);
  return { args, piped };
}
