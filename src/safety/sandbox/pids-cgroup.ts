// The process limit when the action runs as root. Root is exempt from
// RLIMIT_NPROC (the kernel skips the check for uid 0, user namespace or not),
// and running the sandbox under another uid would make a root-owned checkout
// read-only. So as root the limit is a cgroup of our own with `pids.max`, and
// each command is moved into it before bubblewrap starts. Unprivileged runners
// (GitHub-hosted ones run as `runner`) get RLIMIT_NPROC, which holds there.
// Root without a cgroup it may make gets no process limit, and the log says so.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { isInside } from '../paths.js';
import { SANDBOX_MAX_TASKS } from './bwrap-args.js';

export type ProcessLimit = { kind: 'rlimit' } | { kind: 'cgroup'; cgroup: PidsCgroup } | { kind: 'none' };

/** The limit for a sandbox made now: RLIMIT_NPROC, or as root a pids cgroup (`log` says when none could be made). */
export function processLimit(log: (line: string) => void): ProcessLimit {
  if (process.getuid?.() !== 0) return { kind: 'rlimit' };
  const cgroup = makePidsCgroup();
  if (cgroup instanceof PidsCgroup) return { kind: 'cgroup', cgroup };
  log(`Sandbox: running as root and no pids cgroup could be made (${cgroup.error}); the process limit cannot be enforced.`);
  return { kind: 'none' };
}

export function describeLimit(limit: ProcessLimit): string {
  return limit.kind === 'cgroup' ? `pids.max under ${limit.cgroup.dir}` : limit.kind === 'rlimit' ? 'RLIMIT_NPROC' : 'none';
}


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
export function sweepStale(parent: string): void {
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
    let calls: string[];
    try {
      calls = readdirSync(dir);
    } catch {
      continue; // another process of ours, starting at the same moment, swept it first
    }
    for (const call of calls.filter((entry) => entry.startsWith('call-'))) removeQuietly(join(dir, call));
    removeQuietly(dir);
  }
}

// Each command gets a cgroup of its own under one per sandbox: a namespace
// still being torn down after a kill (a fork bomb takes a moment to die) then
// does not count against the next command. Finished ones are removed as new
// ones are made, and the rest when the process exits.
/** How long a command's cgroup is kept before it may be removed as finished: its command enters it within moments of the launch. */
const ENTER_GRACE_MS = 10_000;

/** The cgroups not yet removed: the rest go when the process exits (one listener for all of them). */
const live = new Set<PidsCgroup>();
let removedAtExit = false;

export class PidsCgroup {
  /** Each command's cgroup, with when it was made. */
  private calls = new Map<string, number>();
  private sequence = 0;

  constructor(readonly dir: string) {
    live.add(this);
    if (!removedAtExit) {
      removedAtExit = true;
      process.once('exit', () => {
        for (const cgroup of live) cgroup.remove();
      });
    }
  }

  /** The cgroup.procs file of a fresh cgroup for one command. */
  enter(): string {
    // An empty cgroup is a finished command's — unless it is so new that its command has not entered it yet
    // (two launches made at once, as MCP servers are): those are left for a later call.
    const settled = Date.now() - ENTER_GRACE_MS;
    for (const [call, made] of this.calls) {
      if (made > settled) continue;
      removeQuietly(call);
      if (!existsSync(call)) this.calls.delete(call);
    }
    const call = join(this.dir, `call-${++this.sequence}`);
    mkdirSync(call);
    this.calls.set(call, Date.now());
    writeFileSync(join(call, 'pids.max'), String(SANDBOX_MAX_TASKS));
    return join(call, 'cgroup.procs');
  }

  remove(): void {
    live.delete(this);
    for (const call of this.calls.keys()) removeQuietly(call);
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
