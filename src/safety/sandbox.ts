// The OS sandbox Bash and hooks run in (product.md §6): bubblewrap with the
// checkout at its own absolute path, writable except `.git`; the system
// read-only; nothing else of the runner (sibling checkouts, RUNNER_TEMP,
// _actions, the real HOME); its own PID namespace and /proc, so the action's
// token in /proc/<pid>/environ of the host is out of reach; no network unless
// asked; the allow-listed environment only; process and file-size limits; and
// every process in it killed with the call. There is no way out for the
// model: once a run has a sandbox, every command goes through `wrap`.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { isGitName, isInside } from './paths.js';

export type SandboxSetting = 'auto' | 'required' | 'off';

export interface Sandbox {
  /** The argv (file + args) that runs `argv` inside the sandbox with `cwd` as working folder and `env` as its whole environment. */
  wrap(argv: readonly string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): { file: string; args: string[]; env: NodeJS.ProcessEnv };
  readonly network: boolean;
}

export type SandboxDecision =
  | { kind: 'sandboxed'; sandbox: Sandbox }
  // sandbox: off, or auto where bubblewrap does not work: Bash runs only commands an allow rule names (the caller enforces that).
  | { kind: 'unsandboxed'; warning?: string }
  // sandbox: required and it does not work: the run fails with this one-line error.
  | { kind: 'unavailable'; error: string };

/** Tasks (processes and threads) the sandbox may hold at once: room for a parallel build, not for a fork bomb. */
export const SANDBOX_MAX_TASKS = 2048;
/** The largest file a sandboxed process may write (the command's own output file included). */
export const SANDBOX_MAX_FILE_BYTES = 1024 ** 3;
/** Size of each private tmpfs (/tmp and HOME): they live in the runner's memory. */
const TMPFS_BYTES = 1024 ** 3;
const PROBE_TIMEOUT_MS = 15_000;

/** The system, read-only. /bin, /lib… are symlinks into /usr on merged-/usr images and are recreated as such. */
const SYSTEM_PATHS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt'];
/** Where the sandbox's own empty HOME goes (the first that does not overlap the checkout). */
const HOME_CHOICES = ['/home/deckhand', '/deckhand-home'];

const APPARMOR_SYSCTL = 'kernel.apparmor_restrict_unprivileged_userns';

// Runs inside the sandbox, by bash (dash has no `ulimit -u`), just before the
// command. First it closes every descriptor above 3 that leaked in from the
// runner (0-2 and 3 are what the caller passes). Then the limits, hard and
// soft, so nothing in the sandbox can raise them. RLIMIT_NPROC is counted per
// user namespace (Linux ≥ 5.14), so only the sandbox's own tasks count, not
// the runner user's other processes; `-f` is in KiB.
const LIMITS = [
  'for fd in /proc/$$/fd/*; do fd=${fd##*/}; if [ "$fd" -gt 3 ]; then eval "exec $fd>&-"; fi; done',
  `ulimit -u ${SANDBOX_MAX_TASKS} && ulimit -f ${SANDBOX_MAX_FILE_BYTES / 1024} && exec "$@"`,
].join('\n');

// Root is exempt from RLIMIT_NPROC (the kernel skips the check for uid 0, user
// namespace or not), and running the sandbox under another uid would make a
// root-owned checkout read-only. So when the action runs as root, the process
// limit is a cgroup of our own with `pids.max`, and the sandbox is moved into
// it before bubblewrap starts. Unprivileged runners (GitHub-hosted ones run as
// `runner`) get RLIMIT_NPROC, which holds there. Root without a cgroup it may
// make gets no process limit, and the log says so.
type ProcessLimit = { kind: 'rlimit' } | { kind: 'cgroup'; cgroup: PidsCgroup } | { kind: 'none' };

interface Features {
  size: boolean;
  disableUserns: boolean;
}

interface Layout {
  bwrap: string;
  root: string;
  home: string;
  network: boolean;
  features: Features;
  /** bubblewrap arguments for the system folders: read-only binds and recreated symlinks. */
  system: string[];
  /** Folders of the runner's work area that a system mount would otherwise show: covered by an empty tmpfs. */
  hidden: string[];
  /** Tool caches outside the system folders (self-hosted runners keep them in the work folder). */
  toolCaches: string[];
  limit: ProcessLimit;
}

/** The whole bubblewrap command line for one command (see the flag comments). */
function bwrapArgs(layout: Layout, argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): string[] {
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
    // Without network only `lo` exists inside: the host's 127.0.0.1 and abstract sockets are out of reach.
    ...(layout.network ? [] : ['--unshare-net']),
    // No nested user namespaces: they would hand the command a fresh set of capabilities to probe the kernel with.
    ...(layout.features.disableUserns ? ['--disable-userns'] : []),
    // The sandbox's PID 1 dies with bubblewrap (and bubblewrap with us), so killing
    // bubblewrap at a timeout kills the namespace. It also makes PID 1 exit as soon
    // as the command does, instead of waiting for whatever it left running.
    '--die-with-parent',
    // setsid(): no controlling terminal to push input into (TIOCSTI).
    '--new-session',
    // No capabilities, even as root inside the namespace.
    '--cap-drop', 'ALL',
    ...layout.system,
    // A fresh /proc (only the sandbox's processes) and a minimal /dev (null, zero, random, tty…).
    '--proc', '/proc',
    '--dev', '/dev',
    // A private, empty /tmp and HOME, bounded so they cannot eat the runner's memory.
    ...(layout.features.size ? ['--size', String(TMPFS_BYTES)] : []), '--tmpfs', '/tmp',
    ...(layout.features.size ? ['--size', String(TMPFS_BYTES)] : []), '--tmpfs', layout.home,
    // A runner work folder under a system folder is covered; tool caches kept there show through, read-only.
    ...layout.hidden.flatMap((dir) => ['--tmpfs', dir]),
    ...layout.toolCaches.flatMap((dir) => ['--ro-bind', dir, dir]),
    // The checkout at its own path, writable; then every `.git` at its root read-only
    // (looked up for each command, so one made by a later `git init` is covered too).
    '--bind', layout.root, layout.root,
    ...gitEntries(layout.root).flatMap((path) => ['--ro-bind', path, path]),
    // With network, DNS needs systemd-resolved's stub file, which /etc/resolv.conf points to on Ubuntu.
    ...(layout.network ? ['--ro-bind-try', '/run/systemd/resolve', '/run/systemd/resolve'] : []),
    '--chdir', cwd,
    // The environment is exactly the allow-list, with HOME and TMPDIR inside the sandbox.
    '--clearenv',
  ];
  for (const [name, value] of Object.entries({ ...env, HOME: layout.home, TMPDIR: '/tmp' })) {
    if (value !== undefined) args.push('--setenv', name, value);
  }
  args.push('--', '/bin/bash', '-c', LIMITS, 'deckhand-limits', ...argv);
  return args;
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

function createSandbox(layout: Layout): Sandbox {
  return {
    network: layout.network,
    wrap(argv, opts) {
      if (argv.length === 0) throw new Error('Nothing to run in the sandbox.');
      const args = bwrapArgs(layout, argv, opts.cwd, opts.env);
      // bubblewrap itself gets an empty environment: its /proc/1/environ is visible inside.
      if (layout.limit.kind === 'cgroup') {
        const procs = layout.limit.cgroup.enter();
        return { file: '/bin/sh', args: ['-c', 'echo $$ > "$1" && shift && exec "$@"', 'deckhand-cgroup', procs, layout.bwrap, ...args], env: {} };
      }
      return { file: layout.bwrap, args, env: {} };
    },
  };
}

/** The system folders as bubblewrap arguments: real folders bound read-only, symlinks recreated. */
function systemMounts(paths: readonly string[]): { args: string[]; mounted: string[] } {
  const args: string[] = [];
  const mounted: string[] = [];
  for (const path of paths) {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) {
      args.push('--symlink', readlinkSync(path), path);
    } else if (stat.isDirectory()) {
      args.push('--ro-bind', path, path);
      mounted.push(path);
    }
  }
  return { args, mounted };
}

/** The top folder below a system mount on the way to `path` (what to cover so only `path` shows), if `path` is under one. */
function coverBelow(path: string, mounted: readonly string[]): string | undefined {
  for (const mount of mounted) {
    if (path !== mount && isInside(path, mount)) return join(mount, relative(mount, path).split(sep)[0]!);
  }
  return undefined;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function findExecutable(name: string, pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar || '/usr/local/bin:/usr/bin:/bin').split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

interface Run {
  code: number | null;
  output: string;
}

/** Runs a short helper command (probe, sysctl) to the end, with a time limit. */
function runQuiet(file: string, args: readonly string[], opts: { env: NodeJS.ProcessEnv; cwd?: string }): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { env: opts.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < 8192) output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      output += `\n(timed out after ${PROBE_TIMEOUT_MS / 1000}s)`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, PROBE_TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, output: err.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const PROBE_TOKEN = 'deckhand-sandbox-ok';

/** Runs a trivial command through exactly the flags every command gets; undefined when it worked, else why not. */
async function probe(sandbox: Sandbox, root: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const launch = sandbox.wrap(['/bin/sh', '-c', `echo ${PROBE_TOKEN}`], { cwd: root, env: { PATH: env.PATH || '/usr/bin:/bin' } });
  const run = await runQuiet(launch.file, launch.args, { env: launch.env, cwd: root });
  if (run.code === 0 && run.output.trim() === PROBE_TOKEN) return undefined;
  const said = run.output.trim().split('\n').find((line) => line.trim() !== '') ?? '';
  return said ? said.trim() : `bubblewrap exited with ${run.code ?? 'an error'}`;
}

// ---- cgroups (the process limit when running as root) ----

interface MountInfo {
  root: string;
  point: string;
  fstype: string;
  superOptions: string[];
}

const unescapeMount = (text: string) => text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

function mountInfo(): MountInfo[] {
  const mounts: MountInfo[] = [];
  for (const line of readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [before, after] = line.split(' - ');
    if (!before || !after) continue;
    const fields = before.split(' ');
    const [fstype, , superOptions] = after.split(' ');
    if (!fields[3] || !fields[4] || !fstype) continue;
    mounts.push({ root: unescapeMount(fields[3]), point: unescapeMount(fields[4]), fstype, superOptions: (superOptions ?? '').split(',') });
  }
  return mounts;
}

/** The folder of cgroup `path` under `mount`, when that mount shows it. */
function cgroupFolder(mount: MountInfo, path: string): string | undefined {
  if (!isInside(path, mount.root)) return undefined;
  return join(mount.point, relative(mount.root, path));
}

function readList(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').trim().split(/\s+/);
  } catch {
    return [];
  }
}

function removeQuietly(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // still has processes, or already gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes what an earlier process of ours left in `parent` (a worker killed before its exit handler). */
function sweepStale(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^deckhand-(\d+)-\d+$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    const dir = join(parent, name);
    for (const call of readdirSync(dir).filter((entry) => entry.startsWith('call-'))) removeQuietly(join(dir, call));
    removeQuietly(dir);
  }
}

// Each command gets a cgroup of its own under one per sandbox: a namespace
// still being torn down after a kill (a fork bomb takes a moment to die) then
// does not count against the next command. Finished ones are removed as new
// ones are made, and the rest when the process exits.
class PidsCgroup {
  private calls = new Set<string>();
  private sequence = 0;

  constructor(readonly dir: string) {
    process.once('exit', () => this.remove());
  }

  /** The cgroup.procs file of a fresh cgroup for one command. */
  enter(): string {
    for (const call of this.calls) {
      removeQuietly(call);
      if (!existsSync(call)) this.calls.delete(call);
    }
    const call = join(this.dir, `call-${++this.sequence}`);
    mkdirSync(call);
    this.calls.add(call);
    writeFileSync(join(call, 'pids.max'), String(SANDBOX_MAX_TASKS));
    return join(call, 'cgroup.procs');
  }

  remove(): void {
    for (const call of this.calls) removeQuietly(call);
    removeQuietly(this.dir);
  }
}

let cgroupSequence = 0;

/** A cgroup of our own where commands get `pids.max`, or why none could be made. */
function makePidsCgroup(): PidsCgroup | { error: string } {
  let membership: string;
  let mounts: MountInfo[];
  try {
    membership = readFileSync('/proc/self/cgroup', 'utf8');
    mounts = mountInfo();
  } catch (err) {
    return { error: (err as Error).message };
  }
  const parents: string[] = [];
  // cgroup v2: a child needs `pids` in its parent's subtree_control, and only a
  // cgroup without processes (or the root) may enable it. So: a sibling of our
  // own cgroup when its parent already hands `pids` down, else a child of ours
  // when ours is the root of the hierarchy.
  const v2path = /^0::(.*)$/m.exec(membership)?.[1];
  const v2mount = mounts.find((mount) => mount.fstype === 'cgroup2');
  const v2own = v2path !== undefined && v2mount ? cgroupFolder(v2mount, v2path) : undefined;
  if (v2own && readList(join(v2own, 'cgroup.controllers')).includes('pids')) {
    if (v2own !== v2mount!.point) {
      parents.push(dirname(v2own));
    } else {
      try {
        if (!readList(join(v2own, 'cgroup.subtree_control')).includes('pids')) writeFileSync(join(v2own, 'cgroup.subtree_control'), '+pids');
        parents.push(v2own);
      } catch {
        // not allowed here
      }
    }
  }
  // cgroup v1: the pids hierarchy takes children anywhere.
  for (const line of membership.split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!match || !match[1]!.split(',').includes('pids')) continue;
    const mount = mounts.find((candidate) => candidate.fstype === 'cgroup' && candidate.superOptions.includes('pids'));
    const own = mount && cgroupFolder(mount, match[2]!);
    if (own) parents.push(own);
  }
  const errors: string[] = [];
  for (const parent of parents) {
    sweepStale(parent);
    const dir = join(parent, `deckhand-${process.pid}-${++cgroupSequence}`);
    try {
      mkdirSync(dir);
    } catch (err) {
      errors.push(`${parent}: ${(err as Error).message}`);
      continue;
    }
    const cgroup = new PidsCgroup(dir);
    try {
      // v2 hands the controller down to the per-command cgroups explicitly.
      if (existsSync(join(dir, 'cgroup.subtree_control'))) writeFileSync(join(dir, 'cgroup.subtree_control'), '+pids');
      return cgroup;
    } catch (err) {
      cgroup.remove();
      errors.push(`${dir}: ${(err as Error).message}`);
    }
  }
  return { error: errors[0] ?? 'no cgroup hierarchy with the pids controller is mounted' };
}

// ---- preparing ----

/** Sets up the sandbox for `root`, or says why it cannot be used. Nothing is left half-working: the probe runs the real flags. */
async function tryBubblewrap(opts: { root: string; network: boolean; env: NodeJS.ProcessEnv; log: (line: string) => void }): Promise<{ sandbox: Sandbox } | { reason: string }> {
  const bwrap = findExecutable('bwrap', opts.env.PATH);
  if (!bwrap) return { reason: 'bubblewrap (bwrap) is not installed' };
  let root: string;
  try {
    root = realpathSync(opts.root);
  } catch {
    return { reason: `the checkout ${opts.root} does not exist` };
  }
  const { args: system, mounted } = systemMounts(SYSTEM_PATHS);
  if ([...SYSTEM_PATHS, '/tmp', '/proc', '/dev', '/run'].some((path) => isInside(path, root))) {
    return { reason: `the checkout ${root} holds system folders, so it cannot be mounted writable on its own` };
  }
  const home = HOME_CHOICES.find((path) => !isInside(root, path) && !isInside(path, root))!;

  const help = await runQuiet(bwrap, ['--help'], { env: {} });
  const features = { size: help.output.includes('--size'), disableUserns: help.output.includes('--disable-userns') };

  // On self-hosted runners the work folder may sit under /opt or another system
  // folder: cover it, so only the checkout (and the tool cache) shows through.
  const hidden = new Set<string>();
  for (const path of [root, opts.env.RUNNER_TEMP, opts.env.RUNNER_WORKSPACE]) {
    const cover = path && isAbsolute(path) ? coverBelow(path, mounted) : undefined;
    if (cover) hidden.add(cover);
  }
  const toolCaches = [...new Set([opts.env.RUNNER_TOOL_CACHE, opts.env.AGENT_TOOLSDIRECTORY])].filter(
    (path): path is string =>
      !!path &&
      isAbsolute(path) &&
      isDirectory(path) &&
      !isInside(path, root) &&
      !isInside(root, path) &&
      (!mounted.some((mount) => isInside(path, mount)) || [...hidden].some((dir) => isInside(path, dir))),
  );

  let limit: ProcessLimit = { kind: 'rlimit' };
  if (process.getuid?.() === 0) {
    const cgroup = makePidsCgroup();
    if (cgroup instanceof PidsCgroup) {
      limit = { kind: 'cgroup', cgroup };
    } else {
      limit = { kind: 'none' };
      opts.log(`Sandbox: running as root and no pids cgroup could be made (${cgroup.error}); the process limit cannot be enforced.`);
    }
  }

  const sandbox = createSandbox({ bwrap, root, home, network: opts.network, features, system, hidden: [...hidden], toolCaches, limit });
  let failure = await probe(sandbox, root, opts.env);
  if (failure && opts.env.RUNNER_ENVIRONMENT === 'github-hosted') {
    // Ubuntu 24.04 images block unprivileged user namespaces through AppArmor;
    // GitHub-hosted runners have passwordless sudo to lift that (as codex-action
    // does). Harmless where the switch is already off or does not exist.
    opts.log(`Sandbox: bubblewrap failed (${failure}); lifting AppArmor's user-namespace restriction.`);
    const sudo = findExecutable('sudo', opts.env.PATH);
    const lifted = sudo
      ? await runQuiet(sudo, ['-n', 'sysctl', '-w', `${APPARMOR_SYSCTL}=0`], { env: { PATH: opts.env.PATH || '/usr/bin:/bin' } })
      : { code: null, output: 'sudo is not installed' };
    if (lifted.code === 0) {
      failure = await probe(sandbox, root, opts.env);
    } else {
      failure = `${failure}; \`sudo -n sysctl -w ${APPARMOR_SYSCTL}=0\` failed: ${lifted.output.trim().split('\n')[0] ?? ''}`;
    }
  }
  if (failure) {
    if (limit.kind === 'cgroup') limit.cgroup.remove();
    return { reason: `bubblewrap does not work here (${failure})` };
  }
  opts.log(
    `Sandbox: bubblewrap at ${bwrap}, network ${opts.network ? 'on' : 'off'}, process limit ${
      limit.kind === 'cgroup' ? `pids.max under ${limit.cgroup.dir}` : limit.kind === 'rlimit' ? 'RLIMIT_NPROC' : 'none'
    }.`,
  );
  return { sandbox };
}

export async function prepareSandbox(
  setting: SandboxSetting,
  opts: { root: string; network: boolean; env: NodeJS.ProcessEnv; log?: (line: string) => void },
): Promise<SandboxDecision> {
  if (setting === 'off') {
    return { kind: 'unsandboxed', warning: 'sandbox: off — Bash runs only the commands an allow rule names, and they run unconfined (no OS sandbox).' };
  }
  const attempt = await tryBubblewrap({ ...opts, log: opts.log ?? (() => undefined) });
  if ('sandbox' in attempt) return { kind: 'sandboxed', sandbox: attempt.sandbox };
  const reason = attempt.reason.replace(/\s+/g, ' ');
  if (setting === 'required') {
    return { kind: 'unavailable', error: `sandbox: required, but ${reason}. Install bubblewrap and allow user namespaces, or set sandbox: auto.` };
  }
  return {
    kind: 'unsandboxed',
    warning: `No OS sandbox: ${reason}. Bash runs only the commands an allow rule names, and they run unconfined.`,
  };
}
