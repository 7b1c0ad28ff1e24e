// Edit, called the way the agent loop calls it, after (or without) a Read of
// the same file, on real files in a temp checkout.
import { readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PermissionGate } from '../../src/tools/tool.js';
import { editTool } from '../../src/tools/edit.js';
import { readTool } from '../../src/tools/read.js';
import { writeTool } from '../../src/tools/write.js';
import { failed, removeToolWorkspaces, TOOL_USE_ID, toolWorkspace } from '../helpers/tool-calls.js';

const NOT_READ = 'File has not been read yet. Read it first before writing to it.';
const MODIFIED = 'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.';

afterEach(removeToolWorkspaces);

function workspace(files: Record<string, string> = {}) {
  const { box, ctx, call: run, path } = toolWorkspace([readTool, writeTool, editTool], files);
  /** Reads the file, as the model must before editing it. */
  const read = async (rel: string, range: { offset?: number; limit?: number } = {}) => {
    const result = await run('Read', { file_path: path(rel), ...range });
    expect(result.is_error).toBeUndefined();
  };
  const edit = (rel: string, old_string: string, new_string: string, more: Record<string, unknown> = {}) =>
    run('Edit', { file_path: path(rel), old_string, new_string, ...more });
  return { box, ctx, run, read, edit, path, text: (rel: string) => readFileSync(path(rel), 'utf8') };
}

const snippetIntro = "Here's the result of running `cat -n` on a snippet of the edited file:";

/** Moves a file's mtime well away from the one a Read recorded, so "changed" never depends on clock resolution. */
function bumpMtime(path: string, seconds = 60) {
  const t = statSync(path).mtimeMs / 1000 + seconds;
  utimesSync(path, t, t);
}

describe('Edit', () => {
  it('edit replaces the one exact occurrence of old_string', async () => {
    const { read, edit, path, text } = workspace({ 'greet.js': "function greet(n) {\n  return 'Helo, ' + n;\n}\n" });
    await read('greet.js');
    const result = await edit('greet.js', "'Helo, '", "'Hello, '");
    expect(result.is_error).toBeUndefined();
    expect(result.content.split('\n')[0]).toBe(`The file ${path('greet.js')} has been updated successfully.`);
    expect(text('greet.js')).toBe("function greet(n) {\n  return 'Hello, ' + n;\n}\n");
  });

  it('edit answers with a numbered snippet around the change', async () => {
    const original = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const { read, edit, path } = workspace({ 'twenty.txt': original });
    await read('twenty.txt');
    const result = await edit('twenty.txt', 'line 10\n', 'line ten\nline ten and a half\n');
    const around = ['line 6', 'line 7', 'line 8', 'line 9', 'line ten', 'line ten and a half', 'line 11', 'line 12', 'line 13', 'line 14'];
    expect(result.content).toBe(
      `The file ${path('twenty.txt')} has been updated successfully.\n\n${snippetIntro}\n` +
        around.map((line, i) => `${String(i + 6).padStart(6)}→${line}`).join('\n'),
    );
  });

  it('edit refuses identical old_string and new_string', async () => {
    const { read, edit } = workspace({ 'a.txt': 'same\n' });
    await read('a.txt');
    expect(await edit('a.txt', 'same', 'same')).toEqual(failed('No changes to make: old_string and new_string are exactly the same.'));
  });

  it('edit says when old_string is not in the file, quoting it', async () => {
    const { read, edit, text } = workspace({ 'a.txt': 'alpha\nbeta\n' });
    await read('a.txt');
    expect(await edit('a.txt', 'gamma', 'delta')).toEqual(failed('String to replace not found in file.\nString: gamma'));
    expect(text('a.txt')).toBe('alpha\nbeta\n');
  });

  it('edit refuses several matches without replace_all and says how many', async () => {
    const { read, edit, text } = workspace({ 'a.txt': 'x = 1\nx = 1\nx = 1\n' });
    await read('a.txt');
    expect(await edit('a.txt', 'x = 1', 'x = 2')).toEqual(
      failed(
        'Found 3 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: x = 1',
      ),
    );
    expect(text('a.txt')).toBe('x = 1\nx = 1\nx = 1\n');
  });

  it('edit with replace_all replaces every occurrence', async () => {
    const { read, edit, path, text } = workspace({ 'a.txt': 'foo bar foo\nfoo\n' });
    await read('a.txt');
    const result = await edit('a.txt', 'foo', 'baz', { replace_all: true });
    expect(result.content.split('\n')[0]).toBe(`The file ${path('a.txt')} has been updated. All occurrences were successfully replaced.`);
    expect(text('a.txt')).toBe('baz bar baz\nbaz\n');
  });

  it('edit refuses a file that was not read', async () => {
    const { edit, text } = workspace({ 'a.txt': 'alpha\n' });
    expect(await edit('a.txt', 'alpha', 'beta')).toEqual(failed(NOT_READ));
    expect(text('a.txt')).toBe('alpha\n');
  });

  it('edit refuses a file that changed since it was read', async () => {
    const { read, edit, path, text } = workspace({ 'a.txt': 'alpha\n' });
    await read('a.txt');
    writeFileSync(path('a.txt'), 'alpha\nadded by a linter\n');
    bumpMtime(path('a.txt'));
    expect(await edit('a.txt', 'alpha', 'beta')).toEqual(failed(MODIFIED));
    expect(text('a.txt')).toBe('alpha\nadded by a linter\n');
  });

  it('edit checks again just before writing and refuses a file changed after validation', async () => {
    const { read, run, path, text } = workspace({ 'a.txt': 'alpha\n' });
    await read('a.txt');
    // The permission gate runs between validation and the call: a formatter strikes right there.
    const formatter: PermissionGate = async () => {
      writeFileSync(path('a.txt'), 'alpha // formatted\n');
      bumpMtime(path('a.txt'));
      return { behavior: 'allow' };
    };
    expect(await run('Edit', { file_path: path('a.txt'), old_string: 'alpha', new_string: 'beta' }, formatter)).toEqual(
      failed('File has been unexpectedly modified. Read it again before attempting to write it.'),
    );
    expect(text('a.txt')).toBe('alpha // formatted\n');
  });

  it('edit refuses a file that was read only in part, as Write does (seed 000, Edit error 6)', async () => {
    const { read, edit, text } = workspace({ 'a.txt': 'one\ntwo\nthree\nfour\n' });
    await read('a.txt', { offset: 3, limit: 1 });
    expect(await edit('a.txt', 'three', '3')).toEqual(failed(NOT_READ));
    expect(text('a.txt')).toBe('one\ntwo\nthree\nfour\n');
  });

  it('edit accepts a read with offset and limit that covered the whole file', async () => {
    const { read, edit, text } = workspace({ 'a.txt': 'one\ntwo\n' });
    await read('a.txt', { offset: 1, limit: 10 });
    expect((await edit('a.txt', 'two', '2')).is_error).toBeUndefined();
    expect(text('a.txt')).toBe('one\n2\n');
  });

  it('edit snippet at the end of a file numbers only the lines Read would show', async () => {
    const { read, edit } = workspace({ 'a.txt': 'one\ntwo\nthree\nfour\n' });
    await read('a.txt');
    const result = await edit('a.txt', 'four', '4');
    expect(result.content.split('\n').at(-1)).toBe(`${String(4).padStart(6)}→4`);
  });

  it('edit refuses a Jupyter notebook with the seed message', async () => {
    const { read, edit, text } = workspace({ 'nb.ipynb': '{"cells": []}\n' });
    await read('nb.ipynb');
    const result = await edit('nb.ipynb', '[]', '[1]');
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(/^<tool_use_error>File is a Jupyter Notebook\. Use the NotebookEdit to edit this file\./);
    expect(text('nb.ipynb')).toBe('{"cells": []}\n');
  });

  it('edit with an empty old_string fills a file that holds only whitespace', async () => {
    const { edit, text } = workspace({ 'blank.txt': '  \n\n' });
    expect((await edit('blank.txt', '', 'content\n')).is_error).toBeUndefined();
    expect(text('blank.txt')).toBe('content\n');
  });

  it('edit records what it wrote, so a second edit needs no new read', async () => {
    const { read, edit, text } = workspace({ 'a.txt': 'one two\n' });
    await read('a.txt');
    expect((await edit('a.txt', 'one', '1')).is_error).toBeUndefined();
    expect((await edit('a.txt', 'two', '2')).is_error).toBeUndefined();
    expect(text('a.txt')).toBe('1 2\n');
  });

  it('edit with an empty old_string creates a file that does not exist', async () => {
    const { edit, path, text } = workspace();
    expect(await edit('src/new.ts', '', 'export const x = 1;\n')).toEqual({
      type: 'tool_result',
      tool_use_id: TOOL_USE_ID,
      content: `File created successfully at: ${path('src/new.ts')}`,
    });
    expect(text('src/new.ts')).toBe('export const x = 1;\n');
  });

  it('edit with an empty old_string fills an existing empty file', async () => {
    const { edit, text } = workspace({ 'empty.txt': '' });
    expect((await edit('empty.txt', '', 'now with content\n')).is_error).toBeUndefined();
    expect(text('empty.txt')).toBe('now with content\n');
  });

  it('edit with an empty old_string refuses a file that has content', async () => {
    const { read, edit, text } = workspace({ 'a.txt': 'keep me\n' });
    await read('a.txt');
    expect(await edit('a.txt', '', 'replacement\n')).toEqual(failed('Cannot create new file - file already exists.'));
    expect(text('a.txt')).toBe('keep me\n');
  });

  it('edit of a missing file names the cwd and a close sibling', async () => {
    const { box, edit, path } = workspace({ 'src/config.ts': 'export {};\n' });
    expect(await edit('src/confg.ts', 'export', 'import')).toEqual(
      failed(`File does not exist. Current working directory: ${box.root}. Did you mean ${path('src/config.ts')}?`),
    );
  });

  it('edit matches straight quotes against curly ones and keeps the curly style', async () => {
    const { read, edit, text } = workspace({ 'essay.md': 'He said “hello” and it’s fine.\n' });
    await read('essay.md');
    const result = await edit('essay.md', 'said "hello" and it\'s', 'said "goodbye" and it\'s');
    expect(result.is_error).toBeUndefined();
    expect(text('essay.md')).toBe('He said “goodbye” and it’s fine.\n');
  });

  it('edit keeps a CRLF file CRLF', async () => {
    const { read, edit, path } = workspace({ 'dos.txt': 'one\r\ntwo\r\nthree\r\n' });
    await read('dos.txt');
    // The model saw LF lines and answers with LF.
    expect((await edit('dos.txt', 'one\ntwo\n', 'one\n2\n2.5\n')).is_error).toBeUndefined();
    expect(readFileSync(path('dos.txt'), 'latin1')).toBe('one\r\n2\r\n2.5\r\nthree\r\n');
  });

  it('edit keeps a UTF-16LE file UTF-16LE with its BOM', async () => {
    const { box, read, edit, path } = workspace();
    const utf16 = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
    box.write('app.ini', utf16('[app]\r\nname=café\r\n'));
    await read('app.ini');
    expect((await edit('app.ini', 'name=café', 'name=crème')).is_error).toBeUndefined();
    expect(readFileSync(path('app.ini')).equals(utf16('[app]\r\nname=crème\r\n'))).toBe(true);
  });

  it('edit refuses a file over 1 GiB', async () => {
    const { box, edit, path } = workspace();
    // Sparse: over 1 GiB on paper, no data written.
    writeFileSync(join(box.root, 'dump.sql'), '');
    truncateSync(path('dump.sql'), 1024 ** 3 + 1);
    expect(await edit('dump.sql', 'a', 'b')).toEqual(failed('File is too large to edit (1.00 GB). Maximum editable file size is 1.00 GiB.'));
  });

  it('edit reports a missing new_string as an input error', async () => {
    const { run, path } = workspace({ 'a.txt': 'x\n' });
    expect(await run('Edit', { file_path: path('a.txt'), old_string: 'x' })).toEqual(
      failed('InputValidationError: Edit failed due to the following issue:\nThe required parameter `new_string` is missing'),
    );
  });
});
