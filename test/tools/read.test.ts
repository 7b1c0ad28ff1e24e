// Read, called the way the agent loop calls it (schema → validateInput → call →
// tool_result), on real files in a temp checkout.
import { mkdirSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_UNCHANGED, readTool } from '../../src/tools/read.js';
import { failed, ok, removeToolWorkspaces, toolWorkspace } from '../helpers/tool-calls.js';


afterEach(removeToolWorkspaces);

function workspace(files: Record<string, string> = {}) {
  const w = toolWorkspace([readTool], files);
  return { ...w, read: (input: Record<string, unknown>) => w.call('Read', input) };
}

const lines = (count: number, make: (n: number) => string = (n) => `line ${n}`) =>
  Array.from({ length: count }, (_, i) => make(i + 1)).join('\n') + '\n';

/** Moves a file's mtime well away from the one a Read recorded, so "changed" never depends on clock resolution. */
function bumpMtime(path: string, seconds = 60) {
  const t = statSync(path).mtimeMs / 1000 + seconds;
  utimesSync(path, t, t);
}

describe('Read', () => {
  it('read shows lines like cat -n: the number right-aligned to 6, then an arrow', async () => {
    const { read, path } = workspace({ 'notes.txt': lines(10, (n) => `entry ${n}`) });
    const result = await read({ file_path: path('notes.txt') });
    expect(result).toEqual(ok(Array.from({ length: 10 }, (_, i) => `${String(i + 1).padStart(6)}→entry ${i + 1}`).join('\n')));
    expect(result.content.split('\n')[9]).toBe('    10→entry 10');
  });

  it('read shows the first 2000 lines by default and says how to read the rest', async () => {
    const { read, path } = workspace({ 'long.txt': lines(2500) });
    const { content } = await read({ file_path: path('long.txt') });
    const [body, note] = content.split('\n\n');
    expect(body!.split('\n')).toHaveLength(2000);
    expect(body!.split('\n').at(-1)).toBe('  2000→line 2000');
    expect(note).toBe('(Showing lines 1-2000 of 2500. Use offset and limit to read more.)');
  });

  it('read starts at offset and stops after limit lines', async () => {
    const { read, path } = workspace({ 'abc.txt': 'a\nb\nc\nd\ne\nf\n' });
    expect(await read({ file_path: path('abc.txt'), offset: 3, limit: 2 })).toEqual(ok('     3→c\n     4→d'));
  });

  it('read treats offset 0 like offset 1', async () => {
    const { read, path } = workspace({ 'abc.txt': 'a\nb\nc\n' });
    expect(await read({ file_path: path('abc.txt'), offset: 0, limit: 2 })).toEqual(ok('     1→a\n     2→b'));
  });

  it('read refuses a whole-file read over 256 KB and points to offset and limit', async () => {
    // 300 lines of exactly 1 KB each.
    const { read, path } = workspace({ 'big.log': lines(300, (n) => `${n} `.padEnd(1023, '.')) });
    expect(statSync(path('big.log')).size).toBe(300 * 1024);
    expect(await read({ file_path: path('big.log') })).toEqual(
      failed(
        'File content (300KB) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or use Grep to search for specific content.',
      ),
    );
  });

  it('read checks the size before reading, so a huge file is refused at once', async () => {
    const { box, read, path } = workspace();
    // Sparse: 4 GiB on paper, no data written. Reading it whole would take far longer than a test.
    writeFileSync(join(box.root, 'huge.txt'), '');
    truncateSync(path('huge.txt'), 4 * 1024 ** 3);
    const result = await read({ file_path: path('huge.txt') });
    expect(result.is_error).toBe(true);
    expect(result.content).toContain('File content (4.00GB) exceeds maximum allowed size (256KB). Use offset and limit parameters');
  });

  it('read of a file over 256 KB works when limit is given', async () => {
    const { read, path } = workspace({ 'big.log': lines(30_000, (n) => `event ${n} ok`) });
    expect(await read({ file_path: path('big.log'), offset: 20_000, limit: 2 })).toEqual(ok(' 20000→event 20000 ok\n 20001→event 20001 ok'));
    expect(await read({ file_path: path('big.log'), limit: 1 })).toEqual(ok('     1→event 1 ok'));
  });

  it('read streams a slice of a file too large to load whole', async () => {
    // Over 8 MB a ranged read walks the file instead of loading it; the answer must be the same.
    const { read, path } = workspace({ 'huge.csv': lines(100_000, (n) => `${n},value-${n},${'x'.repeat(80)}\r`) });
    expect(statSync(path('huge.csv')).size).toBeGreaterThan(8 * 1024 * 1024);
    const x = 'x'.repeat(80);
    expect(await read({ file_path: path('huge.csv'), offset: 99_999, limit: 5 })).toEqual(
      ok(` 99999→99999,value-99999,${x}\n100000→100000,value-100000,${x}`),
    );
    expect(await read({ file_path: path('huge.csv'), offset: 100_001, limit: 5 })).toEqual(
      ok('<system-reminder>Warning: the file exists but is shorter than the provided offset (100001). The file has 100000 lines.</system-reminder>'),
    );
  });

  it('read refuses content over 25,000 tokens with the offset and limit message', async () => {
    // 150 KB: under the byte gate, but far over the token gate once numbered.
    const { read, path } = workspace({ 'wide.txt': lines(1500, (n) => `${n}`.padEnd(100, '=')) });
    const result = await read({ file_path: path('wide.txt') });
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(
      /^<tool_use_error>File content \((\d+) tokens\) exceeds maximum allowed tokens \(25000\)\. Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file\.<\/tool_use_error>$/,
    );
    expect(Number(/\((\d+) tokens\)/.exec(result.content)![1])).toBeGreaterThan(25_000);
  });

  it('read answers a re-read of the same range of an unchanged file with a stub', async () => {
    const { read, path } = workspace({ 'a.txt': 'one\ntwo\nthree\n' });
    expect(await read({ file_path: path('a.txt') })).toEqual(ok('     1→one\n     2→two\n     3→three'));
    expect(await read({ file_path: path('a.txt') })).toEqual(ok(FILE_UNCHANGED));
    expect(FILE_UNCHANGED).toBe(
      'File unchanged since last read. The content from the earlier Read tool_result in this conversation is still current — refer to that instead of re-reading.',
    );
  });

  it('read shows a different range of an unchanged file in full', async () => {
    const { read, path } = workspace({ 'a.txt': 'one\ntwo\nthree\n' });
    await read({ file_path: path('a.txt') });
    expect(await read({ file_path: path('a.txt'), offset: 2, limit: 1 })).toEqual(ok('     2→two'));
  });

  it('read shows a file again once it changed on disk', async () => {
    const { read, path } = workspace({ 'a.txt': 'one\n' });
    await read({ file_path: path('a.txt') });
    writeFileSync(path('a.txt'), 'uno\n');
    bumpMtime(path('a.txt'));
    expect(await read({ file_path: path('a.txt') })).toEqual(ok('     1→uno'));
  });

  it('read warns, without failing, that a file is empty', async () => {
    const { read, path } = workspace({ 'empty.txt': '' });
    expect(await read({ file_path: path('empty.txt') })).toEqual(
      ok('<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>'),
    );
  });

  it('read warns, without failing, that the offset is past the end', async () => {
    const { read, path } = workspace({ 'short.txt': 'a\nb\nc\n' });
    expect(await read({ file_path: path('short.txt'), offset: 10 })).toEqual(
      ok('<system-reminder>Warning: the file exists but is shorter than the provided offset (10). The file has 3 lines.</system-reminder>'),
    );
  });

  it('read refuses a binary file by its extension', async () => {
    const { read, path } = workspace({ 'logo.png': 'not really an image' });
    expect(await read({ file_path: path('logo.png') })).toEqual(
      failed('This tool cannot read binary files. The file appears to be a binary .png file. Please use appropriate tools for binary file analysis.'),
    );
  });

  it('read refuses a binary file by its content', async () => {
    const { box, read, path } = workspace();
    box.write('data.txt', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, 0x41, 0x0a]));
    expect(await read({ file_path: path('data.txt') })).toEqual(
      failed('This tool cannot read binary files. The file appears to be a binary file. Please use appropriate tools for binary file analysis.'),
    );
  });

  it('read refuses a device file that would block or never end', async () => {
    const { read } = workspace();
    expect(await read({ file_path: '/dev/zero' })).toEqual(
      failed("Cannot read '/dev/zero': this device file would block or produce infinite output."),
    );
  });

  it('read decodes a UTF-16LE file by its BOM', async () => {
    const { box, read, path } = workspace();
    box.write('win.ini', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[héllo]\r\nwörld=1\r\n', 'utf16le')]));
    expect(await read({ file_path: path('win.ini') })).toEqual(ok('     1→[héllo]\n     2→wörld=1'));
  });

  it('read decodes a large UTF-16LE file by its BOM when reading a slice', async () => {
    const { box, read, path } = workspace();
    box.write('big16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lines(60_000, (n) => `ligne ${n} é ${'-'.repeat(60)}`), 'utf16le')]));
    expect(statSync(path('big16.txt')).size).toBeGreaterThan(8 * 1024 * 1024);
    const dashes = '-'.repeat(60);
    expect(await read({ file_path: path('big16.txt'), offset: 1, limit: 1 })).toEqual(ok(`     1→ligne 1 é ${dashes}`));
    expect(await read({ file_path: path('big16.txt'), offset: 60_000, limit: 1 })).toEqual(ok(` 60000→ligne 60000 é ${dashes}`));
  });

  it('read shows a CRLF file without carriage returns', async () => {
    const { read, path } = workspace({ 'dos.txt': 'first\r\nsecond\r\n' });
    expect(await read({ file_path: path('dos.txt') })).toEqual(ok('     1→first\n     2→second'));
  });

  it('read of a missing file is an error naming the cwd and a close sibling', async () => {
    const { box, read, path } = workspace({ 'src/index.ts': 'export {};\n' });
    expect(await read({ file_path: path('src/indx.ts') })).toEqual(
      failed(`File does not exist. Current working directory: ${box.root}. Did you mean ${path('src/index.ts')}?`),
    );
  });

  it('read of a missing file suggests the name with two letters swapped back', async () => {
    const { box, read, path } = workspace({ 'src/index.ts': 'export {};\n' });
    expect(await read({ file_path: path('src/idnex.ts') })).toEqual(
      failed(`File does not exist. Current working directory: ${box.root}. Did you mean ${path('src/index.ts')}?`),
    );
  });

  it('read of a missing file with nothing similar only names the cwd', async () => {
    const { box, read, path } = workspace({ 'src/index.ts': 'export {};\n' });
    expect(await read({ file_path: path('src/completely-different-name.md') })).toEqual(
      failed(`File does not exist. Current working directory: ${box.root}.`),
    );
  });

  it('read of a directory says it is a directory and how to list it', async () => {
    const { box, read, path } = workspace();
    mkdirSync(join(box.root, 'src'));
    expect(await read({ file_path: path('src') })).toEqual(
      failed(`${path('src')} is a directory, not a file. Use Glob, or ls through Bash, to list it.`),
    );
  });

  it('read resolves a relative path against the repository root', async () => {
    const { read } = workspace({ 'docs/guide.md': '# Guide\n' });
    expect(await read({ file_path: 'docs/guide.md' })).toEqual(ok('     1→# Guide'));
  });

  it('read reports a missing file_path as an input error', async () => {
    const { read } = workspace();
    expect(await read({ offset: 1 })).toEqual(
      failed('InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing'),
    );
  });
});
