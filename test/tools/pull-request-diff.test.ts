// PullRequestDiff, called the way the agent loop calls it (schema → validation →
// call → tool_result), over a pull request's changed files as gather reads them.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangedFile } from '../../src/core/context.js';
import { pullRequestDiffTool } from '../../src/tools/pull-request-diff.js';
import { failed, ok, removeToolWorkspaces, toolWorkspace } from '../helpers/tool-calls.js';

afterEach(removeToolWorkspaces);

/** A patch of one added file: its `@@` line, then `count` added lines. */
const addedPatch = (count: number, tag = 'line') => `@@ -0,0 +1,${count} @@\n` + Array.from({ length: count }, (_, i) => `+${tag} ${i + 1}`).join('\n');
const added = (path: string, count: number): ChangedFile => ({ path, status: 'added', additions: count, deletions: 0, patch: addedPatch(count) });

function workspace(files: ChangedFile[], options: Parameters<typeof pullRequestDiffTool>[1] = {}, hiddenGlobs?: string[]) {
  const w = toolWorkspace([pullRequestDiffTool(files, options)]);
  if (hiddenGlobs) w.ctx.hiddenGlobs = hiddenGlobs;
  return { ...w, diff: (input: Record<string, unknown>) => w.call('PullRequestDiff', input) };
}

const MODIFIED: ChangedFile = {
  path: 'src/app.ts',
  status: 'modified',
  additions: 1,
  deletions: 1,
  patch: "@@ -1,3 +1,3 @@\n export function greet(name) {\n-  return 'Helo, ' + name;\n+  return 'Hello, ' + name;\n }",
};

describe('PullRequestDiff', () => {
  it('shows a changed file\'s patch as GitHub gives it, line 1 its first @@ line, numbered like Read', async () => {
    const { diff } = workspace([MODIFIED]);
    expect(await diff({ path: 'src/app.ts' })).toEqual(
      ok(
        [
          'src/app.ts — modified, +1 −1',
          '     1→@@ -1,3 +1,3 @@',
          '     2→ export function greet(name) {',
          "     3→-  return 'Helo, ' + name;",
          "     4→+  return 'Hello, ' + name;",
          '     5→ }',
        ].join('\n'),
      ),
    );
  });

  it('takes the path absolute in the checkout, or with ./ in front', async () => {
    const { diff, path } = workspace([MODIFIED]);
    const expected = await diff({ path: 'src/app.ts' });
    expect(await diff({ path: path('src/app.ts') })).toEqual(expected);
    expect(await diff({ path: './src/app.ts' })).toEqual(expected);
  });

  it('shows the first 2000 lines of a long patch and says how to read the rest, as Read does', async () => {
    const { diff } = workspace([added('gen/big.ts', 2499)]);
    const lines = (await diff({ path: 'gen/big.ts' })).content.split('\n');
    expect(lines[0]).toBe('gen/big.ts — added, +2499 −0');
    expect(lines[1]).toBe('     1→@@ -0,0 +1,2499 @@');
    expect(lines[2000]).toBe('  2000→+line 1999');
    expect(lines.slice(2001)).toEqual(['', '(Showing lines 1-2000 of 2500. Use offset and limit to read more.)']);
  });

  it('pages with offset and limit, numbering the lines where they are in the patch', async () => {
    const { diff } = workspace([added('gen/big.ts', 2499)]);
    expect(await diff({ path: 'gen/big.ts', offset: 2499, limit: 5 })).toEqual(ok('gen/big.ts — added, +2499 −0\n  2499→+line 2498\n  2500→+line 2499'));
    expect(await diff({ path: 'gen/big.ts', offset: 0, limit: 1 })).toEqual(ok('gen/big.ts — added, +2499 −0\n     1→@@ -0,0 +1,2499 @@'));
  });

  it('warns, without failing, about an offset past the end of the patch', async () => {
    const { diff } = workspace([MODIFIED]);
    expect(await diff({ path: 'src/app.ts', offset: 6 })).toEqual(
      ok('<system-reminder>Warning: the patch of src/app.ts is shorter than the provided offset (6). The patch has 5 lines.</system-reminder>'),
    );
  });

  it('refuses a page over 25,000 tokens with the offset and limit message', async () => {
    const wide: ChangedFile = { path: 'gen/wide.ts', status: 'added', additions: 1500, deletions: 0, patch: addedPatch(1500, 'x'.repeat(100)) };
    const { diff } = workspace([wide]);
    const result = await diff({ path: 'gen/wide.ts' });
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(/Patch content \(\d+ tokens\) exceeds maximum allowed tokens \(25000\)\. Use offset and limit parameters to read specific portions of the patch\./);
    expect((await diff({ path: 'gen/wide.ts', limit: 100 })).is_error).toBeUndefined();
  });

  it('says where a renamed file came from, and finds it by its old name too', async () => {
    const renamed: ChangedFile = { path: 'src/identity.ts', previousPath: 'src/util.ts', status: 'renamed', additions: 1, deletions: 1, patch: '@@ -1 +1 @@\n-export const id = (x) => x;\n+export const identity = (x) => x;' };
    const { diff } = workspace([renamed]);
    const expected = ok('src/identity.ts (from src/util.ts) — renamed, +1 −1\n     1→@@ -1 +1 @@\n     2→-export const id = (x) => x;\n     3→+export const identity = (x) => x;');
    expect(await diff({ path: 'src/identity.ts' })).toEqual(expected);
    expect(await diff({ path: 'src/util.ts' })).toEqual(expected);
  });

  it('says when GitHub sent no patch, with the file\'s status and counts', async () => {
    const { diff } = workspace([
      { path: 'img/logo.png', status: 'modified', additions: 0, deletions: 0 },
      { path: 'data/huge.json', status: 'added', additions: 90_000, deletions: 0 },
      { path: 'src/moved.ts', previousPath: 'src/old.ts', status: 'renamed', additions: 0, deletions: 0 },
    ]);
    expect(await diff({ path: 'data/huge.json' })).toEqual(
      ok('data/huge.json — added, +90000 −0\nGitHub sends no patch for this file: it is binary, or its diff is too large to show. Read the file itself with Read if it is text and still exists.'),
    );
    expect(await diff({ path: 'img/logo.png' })).toEqual(ok('img/logo.png — modified, +0 −0\nNo lines changed (an empty file, or only its mode changed): there is no patch.'));
    expect(await diff({ path: 'src/moved.ts' })).toEqual(
      ok('src/moved.ts (from src/old.ts) — renamed, +0 −0\nThis file was moved from src/old.ts without changing its content: there is no patch.'),
    );
  });

  it('refuses a path the pull request does not change, naming the changed files it may have meant', async () => {
    const { diff } = workspace([MODIFIED, added('src/utils.ts', 2), added('test/app.test.ts', 2)]);
    expect(await diff({ path: 'src/utlis.ts' })).toEqual(
      failed('src/utlis.ts is not changed by this pull request, so it has no diff (the pull request changes 3 files, listed in the GitHub context). To see the file as it is, use Read. Did you mean src/utils.ts?'),
    );
    // The same name in another folder is the first guess.
    expect((await diff({ path: 'lib/app.ts' })).content).toContain('Did you mean src/app.ts?');
    expect(await diff({ path: 'README.md' })).toEqual(
      failed('README.md is not changed by this pull request, so it has no diff (the pull request changes 3 files, listed in the GitHub context). To see the file as it is, use Read.'),
    );
  });

  it('given a folder, lists the changed files under it', async () => {
    const { diff } = workspace([MODIFIED, added('src/utils.ts', 2), added('test/app.test.ts', 2)]);
    expect(await diff({ path: 'src/' })).toEqual(
      failed("src is a folder, not a changed file. PullRequestDiff shows one file's patch: call it with one of the 2 changed files under src:\n- src/app.ts\n- src/utils.ts"),
    );
    const many = workspace(Array.from({ length: 250 }, (_, i) => added(`gen/f${i}.ts`, 1)));
    const listing = (await many.diff({ path: 'gen' })).content;
    expect(listing.match(/^- gen\//gm)).toHaveLength(200);
    expect(listing).toContain('(and 50 more: give a subfolder to see them)');
  });

  it('removes invisible characters from the patch, keeping code as written, and finds a file by its cleaned name', async () => {
    const sneaky: ChangedFile = { path: 'src/a\u200b.html', status: 'added', additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+<img alt="logo" src="x.png">\u202e<!-- note -->' };
    const { diff } = workspace([sneaky]);
    const result = await diff({ path: 'src/a.html' });
    expect(result).toEqual(ok('src/a.html — added, +1 −0\n     1→@@ -0,0 +1 @@\n     2→+<img alt="logo" src="x.png"><!-- note -->'));
  });

  it('does not show the diff of a file a Read deny rule covers, nor of one the review ignores', async () => {
    const { diff } = workspace([added('secrets/keys.txt', 1), added('src/a.ts', 1)], { ignored: ['package-lock.json'] }, ['secrets/**']);
    expect(await diff({ path: 'secrets/keys.txt' })).toEqual(
      failed('File is in a directory that is denied by your permission settings: a Read deny rule covers secrets/keys.txt, so its diff is not shown either.'),
    );
    expect((await diff({ path: 'package-lock.json' })).content).toContain('the repository config leaves it out of reviews (review.ignore)');
    expect((await diff({ path: 'src/a.ts' })).is_error).toBeUndefined();
  });

  it('is read-only and safe to run beside other calls', () => {
    const tool = pullRequestDiffTool([MODIFIED]).make(toolWorkspace([]).ctx);
    expect(tool.name).toBe('PullRequestDiff');
    expect(tool.traits).toEqual({ harmless: true });
    expect(tool.isConcurrencySafe({ path: 'src/app.ts' })).toBe(true);
    expect(tool.target({ path: 'src/app.ts' })).toEqual({ path: 'src/app.ts' });
    expect(Object.keys((tool.inputJSONSchema as { properties: object }).properties)).toEqual(['path', 'offset', 'limit']);
    expect((tool.inputJSONSchema as { required: string[] }).required).toEqual(['path']);
  });
});
