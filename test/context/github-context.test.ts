// What the model is told about a pull request: framed as untrusted data, and
// a big diff cut to a token budget in a reader's order — never silently.
import { describe, expect, it } from 'vitest';
import { renderGitHubContext } from '../../src/context/github-context.js';
import type { ChangedFile, GitHubContext } from '../../src/github/gather.js';

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
    expect(listed).toContain('Read them with Read, or search them with Grep');
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
});
