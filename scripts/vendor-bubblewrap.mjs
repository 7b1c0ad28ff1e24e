// Fetches the bubblewrap binaries the action ships (vendor/bubblewrap/, copied
// into dist/bin/ by the build) from Debian's packages, pinned: the version and
// every SHA-256 (each .deb, each extracted bwrap, the LGPL text) are in
// vendor/bubblewrap/pins.json, and nothing is written unless all of them match
// (and the binary of this machine's architecture says the pinned version and flags).
// Run it on Debian 12 (bookworm), whose archive holds the pinned version, as
// root (it adds the arm64 architecture to dpkg when needed):
// `node scripts/vendor-bubblewrap.mjs`. The build never runs it: `npm run
// build` copies the committed files and stays offline.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vendor = join(root, 'vendor', 'bubblewrap');
const pins = JSON.parse(readFileSync(join(vendor, 'pins.json'), 'utf8'));
// The full licence text the package's copyright file points to (Debian's base-files ships it).
const LGPL2 = '/usr/share/common-licenses/LGPL-2';

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

function check(file, expected, what) {
  const actual = sha256(file);
  if (actual !== expected) throw new Error(`${what}: SHA-256 ${actual}, pinned ${expected}. Refusing to vendor it.`);
}

const arches = Object.values(pins.binaries).map((binary) => binary.debianArch);
const known = new Set([run('dpkg', ['--print-architecture']).trim(), ...run('dpkg', ['--print-foreign-architectures']).split(/\s+/).filter(Boolean)]);
const missing = arches.filter((arch) => !known.has(arch));
if (missing.length > 0) {
  for (const arch of missing) run('dpkg', ['--add-architecture', arch]);
  run('apt-get', ['update', '-qq']);
}

const work = mkdtempSync(join(tmpdir(), 'deckhand-bubblewrap-'));
try {
  run('apt-get', ['download', ...arches.map((arch) => `${pins.package}:${arch}=${pins.debianVersion}`)], work);
  const staged = [];
  for (const [arch, binary] of Object.entries(pins.binaries)) {
    const deb = join(work, readdirSync(work).find((name) => name.endsWith(`_${binary.debianArch}.deb`)) ?? `${binary.debianArch}.deb`);
    if (!existsSync(deb)) throw new Error(`apt-get download left no package for ${binary.debianArch}`);
    check(deb, binary.debSha256, `${pins.package} ${pins.debianVersion} ${binary.debianArch} package`);
    const tree = join(work, arch);
    run('dpkg-deb', ['-x', deb, tree]);
    const bwrap = join(tree, 'usr', 'bin', 'bwrap');
    check(bwrap, binary.bwrapSha256, `bwrap from the ${binary.debianArch} package`);
    staged.push({ from: bwrap, to: join(vendor, `bwrap-linux-${arch}`) });
  }
  check(LGPL2, pins.lgpl2Sha256, LGPL2);
  // The action takes the version and the optional flags it uses from pins.json instead of asking the binary: check them on this machine's.
  const native = staged.find(({ to }) => to.endsWith(`-${process.arch}`));
  if (native) {
    const version = run(native.from, ['--version']).trim();
    if (version !== `bubblewrap ${pins.version}`) throw new Error(`bwrap --version says "${version}", pins.json says ${pins.version}`);
    const help = run(native.from, ['--help']);
    for (const flag of pins.flags) if (!help.includes(flag)) throw new Error(`bwrap ${pins.version} has no ${flag}, which pins.json lists`);
  }
  for (const { from, to } of staged) {
    copyFileSync(from, to);
    chmodSync(to, 0o755);
  }
  // The package's copyright file (the same in each architecture's package), then the licence it names.
  const copyright = readFileSync(join(work, Object.keys(pins.binaries)[0], 'usr', 'share', 'doc', pins.package, 'copyright'), 'utf8');
  writeFileSync(join(vendor, 'COPYING'), `${copyright}\n${'-'.repeat(72)}\n${LGPL2}:\n\n${readFileSync(LGPL2, 'utf8')}`);
  console.log(`vendor/bubblewrap: bwrap ${pins.version} (Debian ${pins.debianVersion}) for ${Object.keys(pins.binaries).join(', ')}, checked.`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
