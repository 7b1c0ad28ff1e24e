// Grep, called the way the agent loop calls it, on a real temp checkout (with git).
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { grepTool } from '../../src/tools/grep.js';
import { RipgrepTimeout, runRipgrep } from '../../src/tools/ripgrep.js';
import { failed, ok, removeToolWorkspaces, toolWorkspace } from '../helpers/tool-calls.js';


afterEach(removeToolWorkspaces);

/** Files are given oldest first. */
function workspace(files: Record<string, string>) {
  const w = toolWorkspace([grepTool], files, { git: true, oldestFirst: true });
  return { ...w, grep: (input: Record<string, unknown>) => w.call('Grep', input) };
}

const numbered = (count: number, make: (n: number) => string) => Array.from({ length: count }, (_, i) => make(i + 1)).join('\n') + '\n';

describe('Grep', () => {
  it('grep lists matching files by default, newest first', async () => {
    const { grep } = workspace({ 'b.ts': 'TODO b\n', 'c.ts': 'nothing\n', 'a.ts': 'TODO a\n', 'src/z.ts': '// TODO z\n' });
    expect(await grep({ pattern: 'TODO' })).toEqual(ok('Found 3 files\nsrc/z.ts\na.ts\nb.ts'));
  });

  it('grep content mode shows path:line:text', async () => {
    const { grep } = workspace({ 'src/greet.js': "function greet(n) {\n  return 'Helo, ' + n;\n}\n" });
    expect(await grep({ pattern: 'Helo', output_mode: 'content' })).toEqual(ok("src/greet.js:2:  return 'Helo, ' + n;"));
  });

  it('grep content mode leaves out line numbers when -n is false', async () => {
    const { grep } = workspace({ 'a.txt': 'x\nneedle\n' });
    expect(await grep({ pattern: 'needle', output_mode: 'content', '-n': false })).toEqual(ok('a.txt:needle'));
  });

  it('grep count mode shows matches per file and the totals', async () => {
    const { grep } = workspace({ 'a.txt': 'hit\nhit\nmiss\n', 'b.txt': 'hit\n', 'c.txt': 'miss\n' });
    expect(await grep({ pattern: 'hit', output_mode: 'count' })).toEqual(ok('a.txt:2\nb.txt:1\n\nFound 3 total occurrences across 2 files.'));
  });

  it('grep count mode totals the files on the page it shows', async () => {
    const { grep } = workspace({ 'a.txt': 'hit\nhit\n', 'b.txt': 'hit\n', 'c.txt': 'hit\nhit\nhit\n' });
    const { content } = await grep({ pattern: 'hit', output_mode: 'count', head_limit: 2 });
    const shown = content.split('\n\n')[0]!.split('\n');
    const total = shown.reduce((sum, line) => sum + Number(line.split(':')[1]), 0);
    expect(shown).toHaveLength(2);
    expect(content).toContain(`Found ${total} total occurrence${total === 1 ? '' : 's'} across 2 files.\n[Showing results with pagination = limit: 2]`);
  });

  it('grep content and count output come in the same order every time, so offset pages are stable', async () => {
    const files = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`d${i % 6}/f${i}.txt`, 'needle one\nneedle two\n']));
    const { grep } = workspace(files);
    const content = (await grep({ pattern: 'needle', output_mode: 'content', head_limit: 0 })).content;
    const count = (await grep({ pattern: 'needle', output_mode: 'count', head_limit: 0 })).content;
    for (let i = 0; i < 3; i++) {
      expect((await grep({ pattern: 'needle', output_mode: 'content', head_limit: 0 })).content).toBe(content);
      expect((await grep({ pattern: 'needle', output_mode: 'count', head_limit: 0 })).content).toBe(count);
    }
    // Paging through the content visits every line exactly once.
    const pages: string[] = [];
    for (let offset = 0; offset < 120; offset += 50) {
      const page = (await grep({ pattern: 'needle', output_mode: 'content', head_limit: 50, offset })).content;
      pages.push(...page.split('\n\n')[0]!.split('\n'));
    }
    expect(pages).toEqual(content.split('\n'));
  });

  it('grep -i ignores case', async () => {
    const { grep } = workspace({ 'a.txt': 'Error: one\nERROR: two\nerror: three\nfine\n' });
    expect(await grep({ pattern: 'error', output_mode: 'content' })).toEqual(ok('a.txt:3:error: three'));
    expect(await grep({ pattern: 'error', output_mode: 'content', '-i': true })).toEqual(
      ok('a.txt:1:Error: one\na.txt:2:ERROR: two\na.txt:3:error: three'),
    );
  });

  it('grep -A, -B and -C show context lines around a match', async () => {
    const { grep } = workspace({ 'a.txt': 'one\ntwo\nthree\nMATCH\nfive\nsix\nseven\n' });
    expect(await grep({ pattern: 'MATCH', output_mode: 'content', '-A': 1 })).toEqual(ok('a.txt:4:MATCH\na.txt-5-five'));
    expect(await grep({ pattern: 'MATCH', output_mode: 'content', '-B': 2 })).toEqual(ok('a.txt-2-two\na.txt-3-three\na.txt:4:MATCH'));
    expect(await grep({ pattern: 'MATCH', output_mode: 'content', '-C': 1 })).toEqual(ok('a.txt-3-three\na.txt:4:MATCH\na.txt-5-five'));
  });

  it('grep context output keeps each file together, files in path order, groups split by --', async () => {
    const { grep } = workspace({ 'b.txt': 'x\nMATCH\ny\n', 'a.txt': 'MATCH\none\ntwo\nthree\nMATCH\n' });
    expect(await grep({ pattern: 'MATCH', output_mode: 'content', '-A': 1 })).toEqual(
      ok('a.txt:1:MATCH\na.txt-2-one\n--\na.txt:5:MATCH\n--\nb.txt:2:MATCH\nb.txt-3-y'),
    );
  });

  it('grep glob filters files, with comma lists and braces', async () => {
    const { grep } = workspace({ 'a.ts': 'hit\n', 'b.md': 'hit\n', 'c.js': 'hit\n', 'd.tsx': 'hit\n' });
    expect(await grep({ pattern: 'hit', glob: '*.ts' })).toEqual(ok('Found 1 file\na.ts'));
    expect(await grep({ pattern: 'hit', glob: '*.ts,*.md' })).toEqual(ok('Found 2 files\nb.md\na.ts'));
    expect(await grep({ pattern: 'hit', glob: '*.{ts,tsx}' })).toEqual(ok('Found 2 files\nd.tsx\na.ts'));
    expect(await grep({ pattern: 'hit', glob: '*.{ts,tsx},*.js' })).toEqual(ok('Found 3 files\nd.tsx\nc.js\na.ts'));
  });

  it('grep type filters files by language', async () => {
    const { grep } = workspace({ 'app.py': 'hit\n', 'app.rb': 'hit\n', 'lib/util.py': 'hit\n' });
    expect(await grep({ pattern: 'hit', type: 'py' })).toEqual(ok('Found 2 files\nlib/util.py\napp.py'));
  });

  it('grep multiline lets a pattern span lines', async () => {
    const { grep } = workspace({ 'a.ts': 'interface Props {\n  name: string;\n}\n' });
    expect(await grep({ pattern: 'Props \\{.*name', output_mode: 'content' })).toEqual(ok('No matches found'));
    expect(await grep({ pattern: 'Props \\{.*name', output_mode: 'content', multiline: true })).toEqual(
      ok('a.ts:1:interface Props {\na.ts:2:  name: string;'),
    );
  });

  it('grep shows 250 entries by default, with a pagination note', async () => {
    const { grep } = workspace({ 'many.txt': numbered(300, (n) => `hit ${n}`) });
    const { content } = await grep({ pattern: 'hit', output_mode: 'content' });
    const [entries, note] = content.split('\n\n');
    expect(entries!.split('\n')).toHaveLength(250);
    expect(entries!.split('\n').at(-1)).toBe('many.txt:250:hit 250');
    expect(note).toBe('[Showing results with pagination = limit: 250]');
  });

  it('grep offset pages through the results', async () => {
    const { grep } = workspace({ 'many.txt': numbered(10, (n) => `hit ${n}`) });
    expect(await grep({ pattern: 'hit', output_mode: 'content', head_limit: 3, offset: 3 })).toEqual(
      ok('many.txt:4:hit 4\nmany.txt:5:hit 5\nmany.txt:6:hit 6\n\n[Showing results with pagination = limit: 3, offset: 3]'),
    );
  });

  it('grep offset on the last page names only the offset', async () => {
    const { grep } = workspace({ 'many.txt': numbered(5, (n) => `hit ${n}`) });
    expect(await grep({ pattern: 'hit', output_mode: 'content', head_limit: 3, offset: 3 })).toEqual(
      ok('many.txt:4:hit 4\nmany.txt:5:hit 5\n\n[Showing results with pagination = offset: 3]'),
    );
  });

  it('grep context is the same as -C', async () => {
    const { grep } = workspace({ 'a.txt': 'one\ntwo\nthree\n' });
    expect(await grep({ pattern: 'two', output_mode: 'content', context: 1 })).toEqual(ok('a.txt-1-one\na.txt:2:two\na.txt-3-three'));
  });

  it('grep head_limit 0 shows every entry', async () => {
    const { grep } = workspace({ 'many.txt': numbered(300, (n) => `hit ${n}`) });
    const { content } = await grep({ pattern: 'hit', output_mode: 'content', head_limit: 0 });
    expect(content.split('\n')).toHaveLength(300);
    expect(content).not.toContain('[Showing results');
  });

  it('grep head_limit applies to the file list too', async () => {
    const { grep } = workspace({ 'a.txt': 'hit\n', 'b.txt': 'hit\n', 'c.txt': 'hit\n' });
    expect(await grep({ pattern: 'hit', head_limit: 2 })).toEqual(
      ok('Found 2 files\nc.txt\nb.txt\n\n[Showing results with pagination = limit: 2]'),
    );
  });

  it('grep takes a pattern that starts with a dash as a pattern, not a flag', async () => {
    const { grep } = workspace({ 'a.sh': 'ls -la /tmp\n' });
    expect(await grep({ pattern: '-la', output_mode: 'content' })).toEqual(ok('a.sh:1:ls -la /tmp'));
    expect(await grep({ pattern: '--version' })).toEqual(ok('No files found'));
  });

  it('grep cuts lines longer than 500 columns to their start, with a note', async () => {
    const minified = `var a=${'x'.repeat(10_000)};needle();`;
    const { grep } = workspace({ 'bundle.min.js': `${minified}\nneedle short\n` });
    const { content } = await grep({ pattern: 'needle', output_mode: 'content' });
    expect(content).toBe(`bundle.min.js:1:${minified.slice(0, 500)} [... omitted end of long line]\nbundle.min.js:2:needle short`);
  });

  it('grep leaves out files that a Read deny rule hides, even with a glob that matches them', async () => {
    const { grep, ctx } = workspace({ 'src/a.ts': 'needle\n', 'secrets/key.txt': 'needle\n', 'config/.env.local': 'needle\n' });
    ctx.hiddenGlobs = ['secrets/**', '.env*'];
    expect(await grep({ pattern: 'needle', glob: '*' })).toEqual(ok('Found 1 file\nsrc/a.ts'));
  });

  it('grep of a hidden file named directly, or through a symlink, shows nothing of it', async () => {
    const { box, grep, ctx } = workspace({ 'src/a.ts': 'needle\n', 'secrets/key.txt': 'needle TOPSECRET\n' });
    symlinkSync(join(box.root, 'secrets/key.txt'), join(box.root, 'alias.txt'));
    ctx.hiddenGlobs = ['secrets/**'];
    for (const path of ['secrets/key.txt', 'secrets', join(box.root, 'secrets/key.txt'), 'alias.txt']) {
      expect(await grep({ pattern: 'TOPSECRET', path, output_mode: 'content' }), path).toEqual(ok('No matches found'));
      expect(await grep({ pattern: 'TOPSECRET', path }), path).toEqual(ok('No files found'));
    }
  });

  it('grep never searches .git, .svn or .hg, even with a glob that matches them', async () => {
    const { box, grep } = workspace({ 'src/a.txt': 'needle\n', '.svn/entries': 'needle\n', '.hg/store/data': 'needle\n', '.jj/repo': 'needle\n' });
    writeFileSync(join(box.root, '.git', 'needle-note'), 'needle\n');
    writeFileSync(join(box.root, '.git', 'description'), 'needle\n');
    for (const glob of [undefined, '*', '**', '**/*', '.git/**']) {
      const result = await grep({ pattern: 'needle', ...(glob ? { glob } : {}) });
      expect(result.content, `glob ${glob}`).not.toMatch(/\.(git|svn|hg|jj)\//);
    }
    expect(await grep({ pattern: 'needle', glob: '**/*' })).toEqual(ok('Found 1 file\nsrc/a.txt'));
  });

  it('grep caps its output at 20,000 characters with a note', async () => {
    const { grep } = workspace({ 'wide.txt': numbered(1000, (n) => `hit ${n} ${'-'.repeat(90)}`) });
    const { content, is_error } = await grep({ pattern: 'hit', output_mode: 'content', head_limit: 0 });
    expect(is_error).toBeUndefined();
    const note = '\n\n[Output truncated at 20000 characters. Narrow the search, or page with offset and head_limit.]';
    expect(content.endsWith(note)).toBe(true);
    expect(content.length).toBe(20_000 + note.length);
    expect(content.startsWith('wide.txt:1:hit 1 ')).toBe(true);
  });

  it('grep says "No files found" or "No matches found" when nothing matches', async () => {
    const { grep } = workspace({ 'a.txt': 'hello\n' });
    expect(await grep({ pattern: 'absent' })).toEqual(ok('No files found'));
    expect(await grep({ pattern: 'absent', output_mode: 'content' })).toEqual(ok('No matches found'));
    expect(await grep({ pattern: 'absent', output_mode: 'count' })).toEqual(ok('No matches found'));
  });

  it('grep with a path searches only that folder or file', async () => {
    const { grep } = workspace({ 'src/a.ts': 'hit\n', 'src/b.ts': 'hit\n', 'test/a.ts': 'hit\n' });
    expect(await grep({ pattern: 'hit', path: 'src' })).toEqual(ok('Found 2 files\nsrc/b.ts\nsrc/a.ts'));
    expect(await grep({ pattern: 'hit', path: 'test/a.ts', output_mode: 'content' })).toEqual(ok('test/a.ts:1:hit'));
  });

  it('grep of a path that does not exist is an error', async () => {
    const { box, grep } = workspace({ 'src/a.ts': 'hit\n' });
    expect(await grep({ pattern: 'hit', path: 'nowhere' })).toEqual(failed(`Path does not exist. Current working directory: ${box.root}.`));
  });

  it('grep reports an invalid regular expression as an error', async () => {
    const { grep } = workspace({ 'a.txt': 'x\n' });
    const result = await grep({ pattern: 'foo(' });
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(/^<tool_use_error>Grep failed: .*regex parse error/);
  });

  it('grep: a ripgrep search that times out is an error, not an empty result', async () => {
    const { box } = workspace({ 'a.txt': 'x\n' });
    // rg blocks opening a FIFO nobody writes to, so it cannot finish before the timeout.
    const fifo = join(box.root, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(
      runRipgrep(['-e', 'needle', '--', fifo], { cwd: box.root, signal: new AbortController().signal, timeoutMs: 200 }),
    ).rejects.toThrow(RipgrepTimeout);
    await expect(
      runRipgrep(['-e', 'needle', '--', fifo], { cwd: box.root, signal: new AbortController().signal, timeoutMs: 200 }),
    ).rejects.toThrow(/the search did not finish within/);
  });
});

