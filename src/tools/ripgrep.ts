// ripgrep ships inside the bundle (dist/bin/rg-linux-<arch>), so nothing is
// installed or downloaded at run time. From source (tests) the binary of the
// installed @vscode/ripgrep package is used instead.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function ripgrepPath(): string {
  if (cached) return cached;
  const bundled = fileURLToPath(new URL(`./bin/rg-${process.platform}-${process.arch}`, import.meta.url));
  if (existsSync(bundled)) return (cached = bundled);
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve(`@vscode/ripgrep-${process.platform}-${process.arch}/package.json`);
    const installed = pkg.replace(/package\.json$/, 'bin/rg');
    if (existsSync(installed)) return (cached = installed);
  } catch {
    // not installed: fall through to the error
  }
  throw new Error(`ripgrep is not available for ${process.platform}-${process.arch}; Deckhand runs on Linux x64 and arm64 runners.`);
}

export class RipgrepTimeout extends Error {
  override name = 'RipgrepTimeout';
}

export interface RipgrepResult {
  stdout: string;
  /** rg exits 1 when nothing matched; that is not an error. */
  matched: boolean;
  /** True when the output passed `maxBytes` and rg was stopped. */
  cut: boolean;
}

/**
 * Runs rg. A timeout is an error, never an empty result: "no matches" and
 * "did not finish" are different answers and the model must not confuse them.
 */
export function runRipgrep(
  args: string[],
  opts: { cwd: string; signal: AbortSignal; timeoutMs?: number; maxBytes?: number; env?: NodeJS.ProcessEnv },
): Promise<RipgrepResult> {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const maxBytes = opts.maxBytes ?? 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrepPath(), args, {
      cwd: opts.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      // rg runs by its own path and starts nothing: it needs no PATH of the run's.
      env: opts.env ?? { PATH: '/usr/bin:/bin' },
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let cut = false;
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const onAbort = () => child.kill('SIGKILL');
    opts.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (cut) return;
      bytes += chunk.length;
      chunks.push(chunk);
      if (bytes > maxBytes) {
        cut = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      opts.signal.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal.removeEventListener('abort', onAbort);
      if (timedOut) return reject(new RipgrepTimeout(`the search did not finish within ${Math.round(timeoutMs / 1000)} seconds`));
      if (opts.signal.aborted) return reject(new Error('the search was cancelled'));
      const stdout = Buffer.concat(chunks).toString('utf8');
      if (cut) return resolve({ stdout, matched: true, cut });
      // 2 means an error, but rg still prints what it found (e.g. one unreadable file).
      if (code === 0 || code === 1 || (code === 2 && stdout.length > 0)) return resolve({ stdout, matched: code !== 1, cut });
      reject(new Error(stderr.trim().split('\n')[0] || `ripgrep exited with code ${code}`));
    });
  });
}

/** Version-control folders never searched. */
export const VCS_DIRECTORIES = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'];

export function vcsExcludes(): string[] {
  return VCS_DIRECTORIES.flatMap((dir) => ['--glob', `!${dir}`]);
}
