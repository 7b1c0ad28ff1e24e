// Write, called the way the agent loop calls it, after (or without) a Read of
// the same file, on real files in a temp checkout.
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { PermissionGate } from '../../src/tools/tool.js';
import { readTool } from '../../src/tools/read.js';
import { writeTool } from '../../src/tools/write.js';
import { failed, ok, removeToolWorkspaces, toolWorkspace } from '../helpers/tool-calls.js';


const NOT_READ = 'File has not been read yet. Read it first before writing to it.';
const MODIFIED = 'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.';

afterEach(removeToolWorkspaces);

function workspace(files: Record<string, string> = {}) {
  const w = toolWorkspace([readTool, writeTool], files);
  return { ...w, run: w.call, text: (rel: string) => readFileSync(w.path(rel), 'utf8') };
}

/** Moves a file's mtime well away from the one a Read recorded, so "changed" never depends on clock resolution. */
function bumpMtime(path: string, seconds = 60) {
  const t = statSync(path).mtimeMs / 1000 + seconds;
  utimesSync(path, t, t);
}

describe('Write', () => {
  it('write creates a new file and says so in one line', async () => {
    const { run, path, text } = workspace();
    expect(await run('Write', { file_path: path('hello.txt'), content: 'hi there\n' })).toEqual(
      ok(`File created successfully at: ${path('hello.txt')}`),
    );
    expect(text('hello.txt')).toBe('hi there\n');
  });

  it('write creates the parent folders it needs', async () => {
    const { run, path, text } = workspace();
    const result = await run('Write', { file_path: path('a/b/c/deep.md'), content: '# deep\n' });
    expect(result.is_error).toBeUndefined();
    expect(text('a/b/c/deep.md')).toBe('# deep\n');
  });

  it('write refuses an existing file that was not read', async () => {
    const { run, path, text } = workspace({ 'config.json': '{"keep": true}\n' });
    expect(await run('Write', { file_path: path('config.json'), content: '{}\n' })).toEqual(failed(NOT_READ));
    expect(text('config.json')).toBe('{"keep": true}\n');
  });

  it('write refuses a file that was only read in part (offset/limit)', async () => {
    const { run, path, text } = workspace({ 'list.txt': 'a\nb\nc\nd\n' });
    await run('Read', { file_path: path('list.txt'), offset: 2, limit: 2 });
    expect(await run('Write', { file_path: path('list.txt'), content: 'x\n' })).toEqual(failed(NOT_READ));
    expect(text('list.txt')).toBe('a\nb\nc\nd\n');
  });

  it('write refuses a file whose read stopped at the 2000-line cap', async () => {
    const long = Array.from({ length: 2100 }, (_, i) => `row ${i}`).join('\n') + '\n';
    const { run, path, text } = workspace({ 'long.txt': long });
    await run('Read', { file_path: path('long.txt') });
    expect(await run('Write', { file_path: path('long.txt'), content: 'short\n' })).toEqual(failed(NOT_READ));
    expect(text('long.txt')).toBe(long);
  });

  it('write refuses a file that changed on disk since it was read', async () => {
    const { run, path, text } = workspace({ 'app.ts': 'let a = 1;\n' });
    await run('Read', { file_path: path('app.ts') });
    writeFileSync(path('app.ts'), 'let a = 1; // formatted\n');
    bumpMtime(path('app.ts'));
    expect(await run('Write', { file_path: path('app.ts'), content: 'let b = 2;\n' })).toEqual(failed(MODIFIED));
    expect(text('app.ts')).toBe('let a = 1; // formatted\n');
  });

  it('write allows a file whose mtime moved but whose content did not', async () => {
    const { run, path, text } = workspace({ 'app.ts': 'let a = 1;\n' });
    await run('Read', { file_path: path('app.ts') });
    bumpMtime(path('app.ts'));
    expect(await run('Write', { file_path: path('app.ts'), content: 'let b = 2;\n' })).toEqual(
      ok(`The file ${path('app.ts')} has been updated successfully.`),
    );
    expect(text('app.ts')).toBe('let b = 2;\n');
  });

  it('write checks again just before writing and refuses a file changed after validation', async () => {
    const { run, path, text } = workspace({ 'app.ts': 'let a = 1;\n' });
    await run('Read', { file_path: path('app.ts') });
    // The permission gate runs between validation and the call: a formatter strikes right there.
    const formatter: PermissionGate = async () => {
      writeFileSync(path('app.ts'), 'let a = 1; // formatted\n');
      bumpMtime(path('app.ts'));
      return { behavior: 'allow' };
    };
    expect(await run('Write', { file_path: path('app.ts'), content: 'let b = 2;\n' }, formatter)).toEqual(
      failed('File has been unexpectedly modified. Read it again before attempting to write it.'),
    );
    expect(text('app.ts')).toBe('let a = 1; // formatted\n');
  });

  it('write always writes LF line endings', async () => {
    const { run, path } = workspace({ 'run.sh': '#!/bin/sh\r\necho old\r\n' });
    await run('Read', { file_path: path('run.sh') });
    await run('Write', { file_path: path('run.sh'), content: '#!/bin/sh\r\necho new\r\n' });
    await run('Write', { file_path: path('fresh.sh'), content: 'echo one\r\necho two\r\n' });
    expect(readFileSync(path('run.sh')).toString('latin1')).toBe('#!/bin/sh\necho new\n');
    expect(readFileSync(path('fresh.sh')).toString('latin1')).toBe('echo one\necho two\n');
  });

  it('write answers with a short confirmation, not the content', async () => {
    const { run, path } = workspace({ 'notes.md': 'old\n' });
    await run('Read', { file_path: path('notes.md') });
    const content = 'a long body that the model already has\n'.repeat(50);
    const result = await run('Write', { file_path: path('notes.md'), content });
    expect(result).toEqual(ok(`The file ${path('notes.md')} has been updated successfully.`));
    expect(result.content).not.toContain('a long body');
  });

  it('write records what it wrote, so a second write needs no new read', async () => {
    const { run, path, text } = workspace({ 'notes.md': 'old\n' });
    await run('Read', { file_path: path('notes.md') });
    expect((await run('Write', { file_path: path('notes.md'), content: 'first\n' })).is_error).toBeUndefined();
    expect(await run('Write', { file_path: path('notes.md'), content: 'second\n' })).toEqual(
      ok(`The file ${path('notes.md')} has been updated successfully.`),
    );
    expect(await run('Write', { file_path: path('created.md'), content: 'one\n' })).toEqual(ok(`File created successfully at: ${path('created.md')}`));
    expect(await run('Write', { file_path: path('created.md'), content: 'two\n' })).toEqual(
      ok(`The file ${path('created.md')} has been updated successfully.`),
    );
    expect(text('notes.md')).toBe('second\n');
    expect(text('created.md')).toBe('two\n');
  });

  it('write resolves a relative path against the repository root', async () => {
    const { run, path, text } = workspace();
    expect(await run('Write', { file_path: 'docs/new.md', content: 'x\n' })).toEqual(ok(`File created successfully at: ${path('docs/new.md')}`));
    expect(text('docs/new.md')).toBe('x\n');
  });

  it('write reports a missing content as an input error and writes nothing', async () => {
    const { run, path } = workspace();
    expect(await run('Write', { file_path: path('x.txt') })).toEqual(
      failed('InputValidationError: Write failed due to the following issue:\nThe required parameter `content` is missing'),
    );
    expect(existsSync(path('x.txt'))).toBe(false);
  });
});
