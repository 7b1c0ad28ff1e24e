// Glob, called the way the agent loop calls it, on a real temp checkout (with git).
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { globTool } from '../../src/tools/glob.js';
import { failed, ok, removeToolWorkspaces, toolWorkspace } from '../helpers/tool-calls.js';

const TRUNCATED = '(Results are truncated. Consider using a more specific path or pattern.)';

afterEach(removeToolWorkspaces);

/** Files are given oldest first. */
function workspace(files: Record<string, string>) {
  const w = toolWorkspace([globTool], files, { git: true, oldestFirst: true });
  return { ...w, glob: (input: Record<string, unknown>) => w.call('Glob', input) };
}

describe('Glob', () => {
  it('glob leaves out files that a Read deny rule hides', async () => {
    const { glob, ctx } = workspace({ 'src/a.ts': '', 'secrets/key.ts': '' });
    ctx.hiddenGlobs = ['secrets/**'];
    expect(await glob({ pattern: '**/*.ts' })).toEqual(ok('src/a.ts'));
  });

  it('glob inside a hidden folder lists none of its files', async () => {
    const { glob, ctx } = workspace({ 'src/a.ts': '', 'secrets/key.ts': '', 'secrets/deep/b.ts': '' });
    ctx.hiddenGlobs = ['secrets/**'];
    expect(await glob({ pattern: '*', path: 'secrets' })).toEqual(ok('No files found'));
    expect(await glob({ pattern: '**/*', path: 'secrets/deep' })).toEqual(ok('No files found'));
  });

  it('glob lists matches relative to the repository root, newest first', async () => {
    const { glob } = workspace({
      'src/old.ts': '',
      'README.md': '',
      'src/lib/middle.ts': '',
      'src/new.ts': '',
    });
    expect(await glob({ pattern: '**/*.ts' })).toEqual(ok('src/new.ts\nsrc/lib/middle.ts\nsrc/old.ts'));
  });

  it('glob orders by modification time, not by name', async () => {
    const { glob, path } = workspace({ 'a.txt': '', 'b.txt': '', 'c.txt': '' });
    const now = Date.now() / 1000;
    utimesSync(path('a.txt'), now, now);
    expect(await glob({ pattern: '*.txt' })).toEqual(ok('a.txt\nc.txt\nb.txt'));
  });

  it('glob shows at most 100 files, then says the results are truncated', async () => {
    const files = Object.fromEntries(Array.from({ length: 130 }, (_, i) => [`gen/f${String(i).padStart(3, '0')}.json`, '{}']));
    const { glob } = workspace(files);
    const { content } = await glob({ pattern: 'gen/*.json' });
    const shown = content.split('\n');
    expect(shown).toHaveLength(101);
    expect(shown.at(-1)).toBe(TRUNCATED);
    // Newest first: the last 100 written.
    expect(shown.slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, i) => `gen/f${String(129 - i).padStart(3, '0')}.json`));
  });

  it('glob shows exactly 100 files without a truncation line', async () => {
    const files = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`gen/f${i}.json`, '{}']));
    const { glob } = workspace(files);
    const { content } = await glob({ pattern: 'gen/*.json' });
    expect(content.split('\n')).toHaveLength(100);
    expect(content).not.toContain(TRUNCATED);
  });

  it('glob says "No files found" when nothing matches', async () => {
    const { glob } = workspace({ 'a.ts': '' });
    expect(await glob({ pattern: '**/*.py' })).toEqual(ok('No files found'));
  });

  it('glob includes hidden files and folders', async () => {
    const { glob } = workspace({ '.github/workflows/ci.yml': 'on: push\n', 'config/app.yml': '', '.prettierrc.yml': '' });
    expect(await glob({ pattern: '**/*.yml' })).toEqual(ok('.prettierrc.yml\nconfig/app.yml\n.github/workflows/ci.yml'));
  });

  it('glob never lists the .git folder', async () => {
    const { glob } = workspace({ 'src/HEAD': '' });
    // The real .git folder has HEAD, config, objects/…; none of it is listed.
    expect(await glob({ pattern: '**/HEAD' })).toEqual(ok('src/HEAD'));
    expect((await glob({ pattern: '**/*' })).content).not.toMatch(/(^|\n)\.git\//);
    expect(await glob({ pattern: '.git/**' })).toEqual(ok('No files found'));
  });

  it('glob lists files that .gitignore ignores (seed 000: it does not follow .gitignore)', async () => {
    const { glob } = workspace({ '.gitignore': '.env\ndist/\n', 'src/a.js': '', 'dist/a.js': '', '.env': 'X=1\n' });
    expect((await glob({ pattern: '**/*.js' })).content.split('\n').sort()).toEqual(['dist/a.js', 'src/a.js']);
    expect(await glob({ pattern: '.env' })).toEqual(ok('.env'));
  });

  it('glob with a path searches only that folder, with the pattern relative to it', async () => {
    const { glob } = workspace({ 'lib/x.ts': '', 'src/lib/y.ts': '', 'src/z.ts': '', 'test/lib/w.ts': '' });
    expect(await glob({ pattern: 'lib/*.ts', path: 'src' })).toEqual(ok('src/lib/y.ts'));
    expect(await glob({ pattern: '**/*.ts', path: 'src' })).toEqual(ok('src/z.ts\nsrc/lib/y.ts'));
  });

  it('glob accepts an absolute path and still answers with paths relative to the root', async () => {
    const { glob, path } = workspace({ 'pkg/a/index.ts': '', 'pkg/b/index.ts': '' });
    expect(await glob({ pattern: '**/index.ts', path: path('pkg/a') })).toEqual(ok('pkg/a/index.ts'));
  });

  it('glob of a folder that does not exist is an error', async () => {
    const { box, glob } = workspace({ 'src/a.ts': '' });
    expect(await glob({ pattern: '*.ts', path: 'srcs' })).toEqual(
      failed(`Directory does not exist. Current working directory: ${box.root}. Did you mean ${join(box.root, 'src')}?`),
    );
  });

  it('glob with a file as path says it is not a directory', async () => {
    const { glob } = workspace({ 'src/a.ts': '' });
    expect(await glob({ pattern: '*.ts', path: 'src/a.ts' })).toEqual(failed('Path is not a directory: src/a.ts'));
  });
});
