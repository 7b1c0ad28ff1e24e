// What the model is told about a pull request: framed as untrusted data, and
// a big diff cut to a token budget in a reader's order — never silently.
import { describe, expect, it } from 'vitest';
import { NAMES_LIST_CHARS, NOT_SHOWN_LIST_CHARS, renderGitHubContext } from '../../src/context/github-context.js';
import type { ChangedFile, GitHubContext } from '../../src/core/context.js';

const patchOf = (lines: number, tag: string) => `@@ -0,0 +1,${lines} @@\n` + Array.from({ length: lines }, (_, i) => `+${tag} line ${i}`).join('\n');

function pull(files: ChangedFile[]): GitHubContext {
  return {
    repository: 'octo/widgets',
    number: 7,
    isPullRequest: true,
    title: 'Big change',
    body: 'Many files.',
    author: { login: 'alice', permission: 'write' },
    comments: [],
    threads: [],
    pull: { headRef: 'feature', headSha: 'a'.repeat(40), headRepo: 'octo/widgets', baseRef: 'main', baseSha: 'b'.repeat(40), fromFork: false, files, failedChecks: [], postedAnchors: [] },
  };
}

const file = (path: string, lines: number): ChangedFile => ({ path, status: 'added', additions: lines, deletions: 0, patch: patchOf(lines, path) });

/** The changed files the first message names: with their patch, with their size, and by name alone (`- folder/: a, b`). */
function namedFiles(text: string) {
  const lines = text.split('\n');
  const heading = (line: string) => line.split(' — ')[0]!.replace(/ \(from .*\)$/, '');
  const alone = lines.findIndex((line) => line.startsWith('By name alone ('));
  return {
    shown: lines.filter((line) => line.startsWith('### ')).map((line) => heading(line.slice(4))),
    withSizes: lines.filter((line) => line.startsWith('- ') && line.includes(' — ')).map((line) => heading(line.slice(2))),
    alone:
      alone < 0
        ? []
        : lines
            .slice(alone + 1)
            .filter((line) => /^- [^ ]*: /.test(line))
            .flatMap((line) => {
              const [folder, names] = [line.slice(2, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)];
              return names.split(', ').map((name) => (folder === '(top level)' ? name : folder + name));
            }),
  };
}

describe('the GitHub context', () => {
  it('shows code before tests, docs and generated files, and lists by name what does not fit the budget', () => {
    const files = [file('package-lock.json', 400), file('docs/guide.md', 20), file('test/app.test.ts', 30), file('src/app.ts', 30), file('src/huge.ts', 3000)];
    const text = renderGitHubContext(pull(files), { diffBudgetTokens: 1_500 });
    const order = ['### src/app.ts', '### test/app.test.ts', '### docs/guide.md'].map((h) => text.indexOf(h));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const listed = text.slice(text.indexOf('## Changed files whose diff is not shown here'));
    expect(listed).toContain('- src/huge.ts — added, +3000 −0 (about');
    expect(listed).toContain('- package-lock.json — added, +400 −0 (about');
    expect(listed).toContain('Read the diff of any of them with PullRequestDiff, the file itself with Read, or search the checkout with Grep');
    // Every changed file is either shown or listed: nothing is dropped without a word.
    for (const f of files) expect(text).toContain(f.path);
  });

  it('frames everything as untrusted data between delimiters random per run', () => {
    const a = renderGitHubContext(pull([file('src/a.ts', 2)]));
    const b = renderGitHubContext(pull([file('src/a.ts', 2)]));
    const token = /<<<UNTRUSTED-DATA-([0-9a-f]{12})\n/.exec(a)?.[1];
    expect(token).toBeDefined();
    expect(a.trimEnd().endsWith(`UNTRUSTED-DATA-${token}>>>`)).toBe(true);
    expect(b).not.toContain(token!);
    expect(a).toContain('Opened by @alice (permission: write)');
  });

  it('keeps code as written in diffs (an alt attribute is code there), removing only invisible characters', () => {
    const text = renderGitHubContext(pull([{ path: 'src/a.html', status: 'added', additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+<img alt="logo" src="x.png">\u200b' }]));
    expect(text).toContain('+<img alt="logo" src="x.png">');
    expect(text).not.toContain('\u200b');
  });

  it('shows the first whole hunks of a file too big for what is left of the budget, and says which are not shown', () => {
    const hunk = (start: number) => `@@ -${start},2 +${start},2 @@\n-old ${start}\n+new ${start}`;
    const patch = Array.from({ length: 40 }, (_, i) => hunk(i * 10 + 1)).join('\n') + '\n' + `@@ -900,0 +900,400 @@\n` + Array.from({ length: 400 }, (_, i) => `+tail ${i}`).join('\n');
    const big: ChangedFile = { path: 'src/big.ts', status: 'modified', additions: 440, deletions: 40, patch };
    const text = renderGitHubContext(pull([big]), { diffBudgetTokens: 1_000 });
    expect(text).toContain('### src/big.ts — modified, +440 −40 — the first 40 of its 41 hunks');
    expect(text).toContain('+new 391');
    expect(text).not.toContain('+tail 0');
    expect(text).toContain('- src/big.ts — modified, +440 −40 (partly shown above: hunks 41 to 41 are not');
  });

  it('names every one of 400 changed files, the ones past the budgets by name alone in folders', () => {
    const files = Array.from({ length: 400 }, (_, i) => file(`gen/file-${String(i).padStart(3, '0')}.ts`, 40));
    const text = renderGitHubContext(pull(files));
    const named = namedFiles(text);
    expect(named.shown.length).toBeGreaterThan(0);
    expect(named.withSizes.length).toBeGreaterThan(0);
    expect(named.alone.length).toBeGreaterThan(0);
    expect(new Set([...named.shown, ...named.withSizes, ...named.alone])).toEqual(new Set(files.map((f) => f.path)));
    expect(text).toContain(`By name alone (${named.alone.length} files), one line a folder:\n- gen/: file-`);
    expect(text).not.toContain('Find them with Glob');
    expect(text).not.toContain('not named here');
    expect(text.length).toBeLessThan(90_000);
  });

  it('names the first 3,000 changed files, compactly, and counts the rest by folder', () => {
    const many = Array.from({ length: 3001 }, (_, i) => file(`${['src', 'test', 'docs'][i % 3]}/generated/file-${String(i).padStart(4, '0')}.ts`, 200));
    const text = renderGitHubContext(pull(many), { diffBudgetTokens: 1_000 });
    const named = namedFiles(text);
    const all = [...named.shown, ...named.withSizes, ...named.alone];
    expect(all).toHaveLength(3000);
    expect(new Set(all).size).toBe(3000);
    // All generated, so in path order: the one left is the last.
    expect(all).not.toContain('test/generated/file-2998.ts');
    expect(text).toContain('- and 1 more file not named here, by folder: test/ 1. PullRequestDiff given a folder lists the changed files in it.');
    const listed = text.slice(text.indexOf('## Changed files whose diff is not shown here'));
    expect(listed).toContain('these 3001 files are not in it');
    // Names alone are about 14 characters a file here.
    expect(listed.length).toBeLessThan(55_000);
  });

  it('counts the changed files GitHub does not list (past 3,000), saying where to find them', () => {
    const listed = Array.from({ length: 3000 }, (_, i) => file(`gen/file-${i}.ts`, 1));
    const context = pull(listed);
    context.pull!.unlistedFiles = 512;
    const text = renderGitHubContext(context, { diffBudgetTokens: 1_000 });
    expect(text).toContain('512 more changed files are not listed: GitHub lists at most 3,000 files of a pull request');
    expect(renderGitHubContext(pull(listed), { diffBudgetTokens: 1_000 })).not.toContain('not listed: GitHub lists');
  });

  it('keeps the names within a bound when paths are very long, counting the rest by folder', () => {
    const deep = Array.from({ length: 3000 }, (_, i) => file(`very/deep/folder/structure/number-${i}/with/a/long/name/Component${i}Widget.tsx`, 5));
    const text = renderGitHubContext(pull(deep));
    const listed = text.slice(text.indexOf('## Changed files whose diff is not shown here'));
    expect(listed.length).toBeLessThan(NOT_SHOWN_LIST_CHARS + NAMES_LIST_CHARS + 1_000);
    expect(listed).toMatch(/- and \d+ more files not named here, by folder: very\/ \d+\. PullRequestDiff given a folder lists the changed files in it\./);
  });

  it('cuts a very long description with a note saying how much is not shown', () => {
    const text = renderGitHubContext({ ...pull([file('src/a.ts', 2)]), body: `start ${'x'.repeat(70_000)} end` });
    expect(text).toContain('start xxx');
    expect(text).not.toContain(' end');
    expect(text).toMatch(/\[… \d+ more characters of this text are not shown here\.\]/);
  });

  it('shows the newest comments within a budget, always the request, and counts the older ones', () => {
    const comments = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      author: { login: `user${i}`, permission: 'read' as const },
      body: `comment ${i + 1} ${'y'.repeat(1_000)}`,
      createdAt: '2026-11-01T00:00:00Z',
      kind: 'comment' as const,
    }));
    const text = renderGitHubContext({ ...pull([]), comments, requestId: 1 });
    expect(text).toContain('comment 1 ');
    expect(text).toContain('THE REQUEST THIS RUN ANSWERS');
    expect(text).toContain('comment 300 ');
    expect(text).not.toContain('comment 150 ');
    expect(text).toMatch(/\(\d+ earlier comments not shown here, to keep this message within its budget\.\)/);
    expect(text.length).toBeLessThan(100_000);
  });
});
