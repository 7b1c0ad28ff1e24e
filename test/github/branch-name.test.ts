// Branch names the action creates (product.md §3) and the validation of branch
// names from events (§6), checked against git itself.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isValidBranchName, issueBranch, slugify, taskBranch } from '../../src/github/branch-name.js';

describe('slugify', () => {
  const cases: [behaviour: string, text: string, expected: string][] = [
    ['lower-cases and joins words with dashes', 'Fix Login Bug', 'fix-login-bug'],
    ['collapses runs of punctuation and spaces into one dash', 'crash:  NPE!!! in   parser', 'crash-npe-in-parser'],
    ['drops leading and trailing separators', '  --[WIP] refactor--  ', 'wip-refactor'],
    ['keeps digits', 'Upgrade to Node 20.1', 'upgrade-to-node-20-1'],
    ['drops accents instead of splitting words', 'Café crème brûlée', 'cafe-creme-brulee'],
    ['transliterates letters NFKD cannot decompose', 'Straße Øresund łódź', 'strasse-oresund-lodz'],
    ['turns compatibility forms into plain letters', 'ｆｕｌｌｗｉｄｔｈ ﬁle', 'fullwidth-file'],
    ['turns non-Latin text into nothing, then the fallback', '修复登录问题', 'change'],
    ['keeps the Latin part of mixed text', 'fix 登录 bug', 'fix-bug'],
    ['falls back to change for punctuation only', '!!! ???', 'change'],
    ['falls back to change for an empty title', '', 'change'],
    ['drops emoji', '🐛 fix crash 🚀', 'fix-crash'],
    ['cuts at 40 characters', 'a'.repeat(50), 'a'.repeat(40)],
    ['does not end with a dash after the cut', `${'a'.repeat(39)} bcd`, 'a'.repeat(39)],
    ['cuts between words, not inside one', 'celsiusToFahrenheit is wrong: 0 °C comes out as -32 °F', 'celsiustofahrenheit-is-wrong-0-c-comes'],
    ['cuts inside a word when the only break is early', `fix ${'x'.repeat(60)}`, `fix-${'x'.repeat(36)}`],
    ['treats underscores and slashes as separators', 'src/app_main.ts', 'src-app-main-ts'],
  ];
  it.each(cases)('%s', (_behaviour, text, expected) => {
    const slug = slugify(text);
    expect(slug).toBe(expected);
    expect(slug).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/);
  });

  it('honours a shorter maximum', () => {
    expect(slugify('one two three', 7)).toBe('one-two');
  });
});

describe('issueBranch and taskBranch', () => {
  it('names an issue branch from its number and title', () => {
    expect(issueBranch('deckhand/', 42, 'Login fails with SSO!')).toBe('deckhand/issue-42-login-fails-with-sso');
  });

  it('names a task branch with the UTC date, whatever the local time zone', () => {
    // 23:30 on the 31st in UTC-5 is already the 1st in UTC.
    expect(taskBranch('bot/', new Date('2025-12-31T23:30:00-05:00'), 'Bump deps')).toBe('bot/task-20260101-bump-deps');
  });

  it('gives names git accepts, even from hostile titles', () => {
    for (const title of ['../../etc/passwd', '-rf', 'a.lock', '@{-1}', 'x\u0000y', '~^:?*[\\']) {
      expect(isValidBranchName(issueBranch('deckhand/', 1, title))).toBe(true);
    }
  });
});

describe('isValidBranchName', () => {
  const names: [name: string, valid: boolean][] = [
    ['main', true],
    ['deckhand/issue-42-fix-login', true],
    ['feature/x.y', true],
    ['a.lock.b', true],
    ['a@b', true],
    ['a/-b', true],
    ['{braces}', true],
    ['é/ü', true],
    ['a;b', true],
    ['a./b', true],
    ['', false],
    ['-starts-with-dash', false],
    ['HEAD', false],
    ['a..b', false],
    ['a@{b', false],
    ['@{-1}', false],
    ['has space', false],
    ['tab\there', false],
    ['del\u007Fchar', false],
    ['nul\u0000char', false],
    ['tilde~1', false],
    ['caret^', false],
    ['colon:x', false],
    ['what?', false],
    ['star*', false],
    ['open[bracket', false],
    ['back\\slash', false],
    ['/leading-slash', false],
    ['trailing-slash/', false],
    ['double//slash', false],
    ['trailing-dot.', false],
    ['a/b.', false],
    ['.hidden', false],
    ['a/.hidden', false],
    ['x.lock', false],
    ['a.lock/b', false],
    ['a/./b', false],
  ];

  it.each(names)('%j is valid: %s', (name, valid) => {
    expect(isValidBranchName(name)).toBe(valid);
  });

  it('refuses a lone @, which git would read as HEAD inside a repository', () => {
    expect(isValidBranchName('@')).toBe(false);
  });

  it('agrees with git check-ref-format --branch on every name in the table', () => {
    // Run outside any repository, so git does not expand @{-1} or @ itself.
    const disagreements = names
      .filter(([name]) => !name.includes('\u0000')) // cannot be passed as an argument at all
      .map(([name]) => {
        const git = spawnSync('git', ['check-ref-format', '--branch', name], {
          cwd: tmpdir(),
          env: { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() },
          encoding: 'utf8',
        });
        expect(git.error).toBeUndefined();
        return { name, git: git.status === 0, ours: isValidBranchName(name) };
      })
      .filter(({ git, ours }) => git !== ours);
    expect(disagreements).toEqual([]);
  });
});
