// The two bubblewraps a run can use: the system's (first on PATH:
// distribution-patched, and on Ubuntu 25.04+ the one AppArmor's profile lets
// make user namespaces), and the one that ships in dist/bin/ (Debian's, pinned
// in vendor/bubblewrap/pins.json), which is run only once its SHA-256 matches.
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pins from '../../../vendor/bubblewrap/pins.json' with { type: 'json' };
import type { BwrapFeatures } from './bwrap-args.js';
import { spawnLaunch, type Launch } from './launch.js';

export interface Bubblewrap {
  path: string;
  origin: 'system' | 'vendored';
  /** As `bwrap --version` says it, e.g. "0.8.0". */
  version: string;
  features: BwrapFeatures;
}

/** The vendored binary for this machine and what it must be. */
export interface VendoredBubblewrap {
  path: string;
  sha256: string;
  version: string;
  flags: readonly string[];
}

const HELPER_TIMEOUT_MS = 15_000;

/** The vendored bubblewrap for this platform: beside the bundle, or (run from source) in vendor/bubblewrap/. Undefined where none ships. */
export function vendoredBubblewrap(): VendoredBubblewrap | undefined {
  const pin = process.platform === 'linux' ? pins.binaries[process.arch as keyof typeof pins.binaries] : undefined;
  if (!pin) return undefined;
  const name = `bwrap-${process.platform}-${process.arch}`;
  const bundled = fileURLToPath(new URL(`./bin/bwrap-${process.platform}-${process.arch}`, import.meta.url));
  const source = fromSource(name);
  const path = existsSync(bundled) || !existsSync(source) ? bundled : source;
  return { path, sha256: pin.bwrapSha256, version: pins.version, flags: pins.flags };
}

function fromSource(name: string): string {
  const here = fileURLToPath(import.meta.url);
  return join(here, '..', '..', '..', '..', 'vendor', 'bubblewrap', name);
}

/** The vendored binary, once its contents are what was pinned; otherwise why it is not run. */
export function checkVendored(vendored: VendoredBubblewrap): Bubblewrap | { failure: string } {
  let digest: string;
  try {
    digest = createHash('sha256').update(readFileSync(vendored.path)).digest('hex');
  } catch (err) {
    return { failure: `the vendored bubblewrap ${vendored.path} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` };
  }
  if (digest !== vendored.sha256) {
    return { failure: `the vendored bubblewrap ${vendored.path} does not match its pinned SHA-256, so it is not run (the action's files are damaged or were changed)` };
  }
  return { path: vendored.path, origin: 'vendored', version: vendored.version, features: featuresOf(vendored.flags.join(' ')) };
}

/** The first executable file `name` on PATH (the system's bubblewrap is the first `bwrap`). */
export function findExecutable(name: string, pathVar: string | undefined): string | undefined {
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

/** A system bubblewrap's version and the optional flags it has (asked at once, in parallel). */
export async function inspectSystem(path: string): Promise<Bubblewrap> {
  const [version, help] = await Promise.all([runQuiet({ file: path, args: ['--version'], env: {} }), runQuiet({ file: path, args: ['--help'], env: {} })]);
  return {
    path,
    origin: 'system',
    version: /^bubblewrap\s+(\S+)/m.exec(version.output)?.[1] ?? 'of unknown version',
    features: featuresOf(help.output),
  };
}

function featuresOf(help: string): BwrapFeatures {
  return { size: help.includes('--size'), disableUserns: help.includes('--disable-userns') };
}

export function describeBubblewrap(bwrap: Bubblewrap): string {
  return `${bwrap.origin === 'vendored' ? 'the vendored bubblewrap' : "the system's bubblewrap"} ${bwrap.version} at ${bwrap.path}`;
}

export interface QuietRun {
  code: number | null;
  output: string;
}

/** Runs a short helper command (version, probe, sysctl) to the end, with a time limit, and keeps what it said. */
export function runQuiet(launch: Launch, opts: { cwd?: string } = {}): Promise<QuietRun> {
  return new Promise((resolve) => {
    const child = spawnLaunch(launch, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < 8192) output += chunk.toString('utf8');
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    let settled = false;
    const settle = (run: QuietRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(run);
    };
    const timer = setTimeout(() => {
      output += `\ntimed out after ${HELPER_TIMEOUT_MS / 1000}s`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      // Something that left the group may still hold the pipes open: do not wait for it.
      setTimeout(() => settle({ code: null, output }), 1_000).unref();
    }, HELPER_TIMEOUT_MS);
    child.on('error', (err) => settle({ code: null, output: err.message }));
    child.on('close', (code) => settle({ code, output }));
  });
}
