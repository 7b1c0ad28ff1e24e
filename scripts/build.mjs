// Builds the committed bundle: dist/index.js (+ lazy chunks), the prompt texts,
// and ripgrep and bubblewrap for linux-x64 and linux-arm64. The output must be byte-identical
// from run to run: CI rebuilds and fails on any difference from what is committed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, chmodSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const cache = join(root, '.cache');

// The version must match the @vscode/ripgrep pin; integrity values are those
// the npm registry publishes for these tarballs.
const RIPGREP_VERSION = '1.18.0';
const RIPGREP_PACKAGES = {
  x64: 'sha512-mQ3bVrUpnD2vs7QT0vX90Lt0cnUq467uFtEktIdsJJmW296RoSULRGqWgzG1AKxyBpNDD6l4ZO4qKf6SgyC23Q==',
  arm64: 'sha512-lQ/5zTG++U0E3IhVgS4EPTTn/U4okncaRMM5GOFfOYZywS4nuD31GhkHbNYlDk5CuDC68+hYJ0/eQeyCKJDA+g==',
};

function run(cmd, args, opts = {}) {
  execFileSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
}

function integrityOf(file) {
  return 'sha512-' + createHash('sha512').update(readFileSync(file)).digest('base64');
}

// Returns the path of the rg binary for linux-<arch>: the installed optional
// dependency when npm installed it for this machine, otherwise the package
// tarball fetched from the npm registry (checked against its integrity).
function ripgrepBinary(arch) {
  const installed = join(root, 'node_modules', '@vscode', `ripgrep-linux-${arch}`, 'bin', 'rg');
  if (existsSync(installed)) return installed;
  const dir = join(cache, `ripgrep-linux-${arch}-${RIPGREP_VERSION}`);
  const binary = join(dir, 'package', 'bin', 'rg');
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const name = execFileSync(
    'npm',
    ['pack', `@vscode/ripgrep-linux-${arch}@${RIPGREP_VERSION}`, '--pack-destination', dir, '--silent'],
    { cwd: root, encoding: 'utf8' },
  ).trim().split('\n').pop();
  const tarball = join(dir, name);
  if (integrityOf(tarball) !== RIPGREP_PACKAGES[arch]) {
    throw new Error(`ripgrep tarball for linux-${arch} does not match its pinned integrity`);
  }
  run('tar', ['-xzf', tarball, '-C', dir]);
  return binary;
}

function copyTree(from, to, keep) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) copyTree(src, dst, keep);
    else if (keep(entry.name)) {
      mkdirSync(dirname(dst), { recursive: true });
      cpSync(src, dst);
    }
  }
}

rmSync(dist, { recursive: true, force: true });
run(join(root, 'node_modules', '.bin', 'ncc'), [
  'build', 'src/index.ts', '-o', 'dist', '--minify', '--target', 'es2022',
  '--no-source-map-register', '--license', 'licenses.txt', '--quiet',
]);
writeFileSync(join(dist, 'package.json'), '{"type":"module"}\n');

// ncc minifies index.js only; its lazy chunks (the model SDK's among them) are
// minified here the same way (names kept, nothing compressed). Every file is
// written as ASCII: V8 holds a module's source for as long as it runs, and one
// character outside Latin-1 makes it hold all of it at two bytes a character
// (peak RSS of the bench's 50-turn session on Node 24: 120 → 117 MB).
{
  const { minify } = await import('terser');
  for (const name of readdirSync(dist).filter((entry) => entry.endsWith('.js'))) {
    const file = join(dist, name);
    const { code } = await minify(readFileSync(file, 'utf8'), {
      module: true,
      compress: false,
      mangle: { keep_classnames: true, keep_fnames: true },
      format: { ascii_only: true },
    });
    writeFileSync(file, code);
  }
}

// The network relay runs on its own inside the sandbox (src/safety/network/relay.ts): it
// imports only Node's built-ins, so it is transpiled, not bundled (and not type-checked a second time).
{
  const { default: ts } = await import('typescript');
  const source = readFileSync(join(root, 'src', 'safety', 'network', 'relay.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, removeComments: false } });
  writeFileSync(join(dist, 'relay.js'), outputText);
}

copyTree(join(root, 'src', 'prompts'), join(dist, 'prompts'), (name) => name.endsWith('.md'));

// The shell parser's wasm files, found by src/policy/shell.ts next to the bundle.
mkdirSync(join(dist, 'wasm'), { recursive: true });
copyFileSync(join(root, 'node_modules', 'web-tree-sitter', 'web-tree-sitter.wasm'), join(dist, 'wasm', 'web-tree-sitter.wasm'));
copyFileSync(join(root, 'node_modules', 'tree-sitter-bash', 'tree-sitter-bash.wasm'), join(dist, 'wasm', 'tree-sitter-bash.wasm'));

mkdirSync(join(dist, 'bin'), { recursive: true });
for (const arch of Object.keys(RIPGREP_PACKAGES)) {
  const target = join(dist, 'bin', `rg-linux-${arch}`);
  copyFileSync(ripgrepBinary(arch), target);
  chmodSync(target, 0o755);
}

// bubblewrap, from vendor/bubblewrap/ (scripts/vendor-bubblewrap.mjs put it
// there from Debian's packages): checked against the same pins the action
// checks at run time, and its licence (LGPL-2.0-or-later) added to the others.
const bubblewrap = join(root, 'vendor', 'bubblewrap');
const pins = JSON.parse(readFileSync(join(bubblewrap, 'pins.json'), 'utf8'));
for (const [arch, binary] of Object.entries(pins.binaries)) {
  const source = join(bubblewrap, `bwrap-linux-${arch}`);
  const digest = createHash('sha256').update(readFileSync(source)).digest('hex');
  if (digest !== binary.bwrapSha256) {
    throw new Error(`${source} does not match its pinned SHA-256 (vendor/bubblewrap/pins.json): run scripts/vendor-bubblewrap.mjs`);
  }
  const target = join(dist, 'bin', `bwrap-linux-${arch}`);
  copyFileSync(source, target);
  chmodSync(target, 0o755);
}
// What ships in dist/ without being bundled by ncc (so its licence is not in ncc's list): the
// ripgrep binaries (ripgrep itself, MIT or Unlicense; built and packaged by @vscode/ripgrep, MIT),
// the bash grammar's wasm (tree-sitter-bash, MIT) and bubblewrap.
const ripgrepPackage = dirname(dirname(ripgrepBinary('x64')));
const shipped = [
  `ripgrep (dist/bin/rg-linux-*; from @vscode/ripgrep-linux-* ${RIPGREP_VERSION})\nMIT OR Unlicense\n${readFileSync(join(root, 'vendor', 'ripgrep', 'LICENSE-MIT'), 'utf8')}`,
  `@vscode/ripgrep-linux-x64, @vscode/ripgrep-linux-arm64 ${RIPGREP_VERSION}\nMIT\n${readFileSync(join(ripgrepPackage, 'LICENSE'), 'utf8')}`,
  `tree-sitter-bash (dist/wasm/tree-sitter-bash.wasm)\nMIT\n${readFileSync(join(root, 'node_modules', 'tree-sitter-bash', 'LICENSE'), 'utf8')}`,
  `bubblewrap ${pins.version} (dist/bin/bwrap-linux-*; source: Debian's source package ${pins.package} ${pins.debianVersion})\nLGPL-2.0-or-later\n${readFileSync(join(bubblewrap, 'COPYING'), 'utf8')}`,
];
// A dependency ncc bundled without listing it (ncc's list can miss one) gets its licence from its package.
const listed = readFileSync(join(dist, 'licenses.txt'), 'utf8');
const named = new Set(listed.split('\n').filter((line, i, lines) => i === 0 || lines[i - 1] === '').map((line) => line.split(' ')[0]));
const notShipped = new Set(['@vscode/ripgrep', 'tree-sitter-bash']); // a binary and a wasm, listed above under their own names
const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const name of Object.keys(dependencies).sort()) {
  if (named.has(name) || notShipped.has(name)) continue;
  const folder = join(root, 'node_modules', name);
  const { license } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const file = readdirSync(folder).find((entry) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(entry));
  if (!file) throw new Error(`${name} is bundled but has no licence file to list in dist/licenses.txt`);
  shipped.unshift(`${name}\n${license}\n${readFileSync(join(folder, file), 'utf8')}`);
}
writeFileSync(join(dist, 'licenses.txt'), `${listed}\n${shipped.join('\n')}`);
