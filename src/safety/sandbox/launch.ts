// A command ready to start, and the one way to start it: a sandboxed launch
// carries bubblewrap's further arguments (the environment's values), which go
// down a pipe bubblewrap reads with `--args`, never onto a command line —
// every process on the machine can read /proc/<pid>/cmdline.
import { spawn, type ChildProcess, type SpawnOptions, type StdioNull, type StdioPipe } from 'node:child_process';
import type { Writable } from 'node:stream';

export interface Launch {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Arguments the program reads from descriptor `fd` until its end (bubblewrap's `--args`), NUL-separated. */
  piped?: { fd: number; data: Buffer };
}

type Stdio = Array<StdioNull | StdioPipe | number>;

/** Spawns `launch` with the caller's descriptors (`stdio`), and the piped arguments on their own. */
export function spawnLaunch(launch: Launch, opts: Omit<SpawnOptions, 'env' | 'stdio'> & { stdio: Stdio }): ChildProcess {
  const stdio: Stdio = [...opts.stdio];
  const piped = launch.piped;
  if (piped) {
    if ((stdio[piped.fd] ?? 'ignore') !== 'ignore') throw new Error(`Descriptor ${piped.fd} carries the sandbox's arguments: the caller may not use it.`);
    while (stdio.length <= piped.fd) stdio.push('ignore');
    stdio[piped.fd] = 'pipe';
  }
  const child = spawn(launch.file, launch.args, { ...opts, env: launch.env, stdio });
  if (piped) {
    const stream = child.stdio[piped.fd] as Writable | null;
    // A launch that failed before reading them says so through its exit or its 'error'.
    stream?.on('error', () => undefined);
    stream?.end(piped.data);
  }
  return child;
}
