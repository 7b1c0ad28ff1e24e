// dist/licenses.txt names every package that ships in dist/: what ncc bundled
// (each dependency the bundle imports, with the packages they pull in), and
// what the build copies beside it — ripgrep, the bash grammar, bubblewrap.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const licenses = readFileSync(join(ROOT, 'dist', 'licenses.txt'), 'utf8');
const names = new Set(licenses.split('\n').filter((line, i, lines) => i === 0 || lines[i - 1] === '').map((line) => line.split(' ')[0]!));
const dependencies = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);

describe('dist/licenses.txt', () => {
  it('names every dependency of package.json (the binaries and the wasm under the names they ship as)', () => {
    const shippedAs: Record<string, string> = { '@vscode/ripgrep': 'ripgrep' };
    for (const name of dependencies) expect(names, name).toContain(shippedAs[name] ?? name);
  });

  it('names what the build copies into dist/: ripgrep, its package, the bash grammar, bubblewrap', () => {
    for (const name of ['ripgrep', '@vscode/ripgrep-linux-x64,', 'tree-sitter-bash', 'bubblewrap']) expect(names, name).toContain(name);
    expect(licenses).toContain('Copyright (c) 2015 Andrew Gallant');
    expect(licenses).toContain('Copyright (c) 2017 Max Brunsfeld');
    expect(licenses).toContain('Upstream-Name: bubblewrap');
  });

  it('covers every binary and wasm file in dist/', () => {
    expect(readdirSync(join(ROOT, 'dist', 'bin')).sort()).toEqual(['bwrap-linux-arm64', 'bwrap-linux-x64', 'rg-linux-arm64', 'rg-linux-x64']);
    expect(readdirSync(join(ROOT, 'dist', 'wasm')).sort()).toEqual(['tree-sitter-bash.wasm', 'web-tree-sitter.wasm']);
    expect(names).toContain('web-tree-sitter');
  });
});
