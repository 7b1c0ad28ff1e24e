// npm run bench: bundles bench/ (TypeScript that imports the emulator and the
// tools from test/ and src/) with the pinned ncc into .cache/bench, then runs
// it against dist/index.js. dist/ is built only when missing: the bench
// measures the committed bundle as it is.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.cache', 'bench');
const digestFile = join(out, 'inputs.sha256');

/** Every file the bench bundle is made from, so a change to any of them rebuilds it. */
function inputsDigest() {
  const hash = createHash('sha256');
  const add = (path) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name));
    else hash.update(path).update(readFileSync(path));
  };
  for (const path of ['bench', 'src', 'test/emulators', 'test/helpers', 'package-lock.json', 'tsconfig.json', 'scripts/bench.mjs']) add(join(root, path));
  return hash.digest('hex');
}

function buildBench(digest) {
  rmSync(out, { recursive: true, force: true });
  execFileSync(join(root, 'node_modules', '.bin', 'ncc'), ['build', 'bench/index.ts', '-o', out, '--target', 'es2022', '-q'], {
    cwd: root,
    stdio: 'inherit',
  });
  // The tools load their descriptions from ./prompts/ beside the bundle (src/prompts/load.ts).
  cpSync(join(root, 'src', 'prompts'), join(out, 'prompts'), {
    recursive: true,
    filter: (path) => statSync(path).isDirectory() || path.endsWith('.md'),
  });
  writeFileSync(digestFile, digest);
}

if (!existsSync(join(root, 'dist', 'index.js'))) {
  console.error('dist/index.js is missing: building it first.');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

// ncc type-checks as it bundles (~30 s here): skip it when nothing changed.
const digest = inputsDigest();
if (!existsSync(digestFile) || readFileSync(digestFile, 'utf8') !== digest) {
  console.error('Bundling bench/ into .cache/bench…');
  buildBench(digest);
}

const bench = spawnSync(process.execPath, [join(out, 'index.js'), root, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = bench.status ?? 1;
