// Runs a TypeScript entry (bench/, demo/) the way Node 20 can: bundled with the
// pinned ncc into .cache/<name>, rebuilt only when one of its sources changed
// (ncc type-checks as it bundles, which takes a while), with the prompt texts
// and the vendored bubblewrap beside it, where src/prompts/load.ts and
// src/safety/sandbox/bubblewrap.ts look for them in a bundle.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every file the bundle is made from, so a change to any of them rebuilds it. */
function digestOf(sources) {
  const hash = createHash('sha256');
  const add = (path) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name));
    else hash.update(path).update(readFileSync(path));
  };
  for (const path of sources) add(join(root, path));
  return hash.digest('hex');
}

/** Builds dist/ when it is missing: the entries measure or run the committed bundle. */
export function ensureDist() {
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    console.error('dist/index.js is missing: building it first.');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
}

/** Bundles `entry` (when its sources changed) and runs it with `args`; returns its exit code. */
export function runTypeScript(name, entry, sources, args) {
  const out = join(root, '.cache', name);
  const digestFile = join(out, 'inputs.sha256');
  const digest = digestOf([...sources, 'src', 'test/emulators', 'test/helpers', 'vendor', 'package-lock.json', 'tsconfig.json', 'scripts/ts-entry.mjs']);
  if (!existsSync(digestFile) || readFileSync(digestFile, 'utf8') !== digest) {
    console.error(`Bundling ${entry} into .cache/${name}…`);
    rmSync(out, { recursive: true, force: true });
    execFileSync(join(root, 'node_modules', '.bin', 'ncc'), ['build', entry, '-o', out, '--target', 'es2022', '-q'], { cwd: root, stdio: 'inherit' });
    cpSync(join(root, 'src', 'prompts'), join(out, 'prompts'), {
      recursive: true,
      filter: (path) => statSync(path).isDirectory() || path.endsWith('.md'),
    });
    cpSync(join(root, 'vendor', 'bubblewrap'), join(out, 'bin'), { recursive: true, filter: (path) => !/\.(json)$|COPYING$/.test(path) });
    writeFileSync(digestFile, digest);
  }
  const child = spawnSync(process.execPath, [join(out, 'index.js'), root, ...args], { stdio: 'inherit' });
  return child.status ?? 1;
}
