// The globs of permission rules and review.ignore (issue 27, item 11): read
// by an automaton in (states × characters) steps, where picomatch's regexes
// backtracked — `**/*-*-*-*-*-*-*.pem` against a name of 200 dashes never
// finished. What each feature matched is checked against picomatch itself (a
// devDependency now, kept as the oracle): `*`, `**`, `?`, classes, braces,
// dot files, the literal text of a class; what picomatch read as regex syntax
// is refused, each with what to write instead.
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { globProblem, pathRuleMatches, reviewGlobMatches, ruleGlob } from '../../src/safety/globs.js';

const picomatch = createRequire(import.meta.url)('picomatch') as (glob: string, options: object) => (path: string) => boolean;

/** Rules' matching as it was, on picomatch: the oracle. */
function formerRuleMatches(specifier: string, path: string): boolean {
  const normal = posix.normalize(path).replace(/\/+$/, '');
  if (path === '' || path.includes('\0') || posix.isAbsolute(path) || normal === '..' || normal.startsWith('../') || path.split('/').includes('..')) return false;
  let pattern = specifier.replace(/\/+$/, '');
  const anchored = pattern.startsWith('/');
  pattern = pattern.replace(/^\/+/, '');
  if (!anchored && !pattern.includes('/')) pattern = `**/${pattern}`;
  if (normal === '' || normal === '.') return ['*', '**', '**/*', '**/**'].includes(pattern);
  const isMatch = picomatch(pattern, { dot: true, nonegate: true });
  const parts = normal.split('/');
  for (let n = parts.length; n > 0; n--) if (isMatch(parts.slice(0, n).join('/'))) return true;
  return false;
}

/** review.ignore's matching as it was. */
const formerReviewMatches = (glob: string, path: string) => picomatch(glob.replace(/^\//, ''), { dot: true, basename: !glob.replace(/\/$/, '').includes('/') })(path);

const PATHS = [
  'a', 'b', 'a.js', 'a.ts', '.env', '.env.local', 'a/.env', 'src/a.ts', 'src/a.js', 'src/x/a.ts', 'src/.hidden/x', 'lib/src/a.ts',
  'secrets', 'secrets/key', 'secrets/x/key.pem', 'key.pem', 'deep/er/key.pem', 'docs', 'docs/a/b.md', 'docsx/a.md', 'pages/[id].js',
  'pages/i.js', 'pages/d.js', 'pages/x.js', 'a/b/c', 'a-b-c', 'build/out.js', 'pkg/build/out.js', 'Makefile', 'sub/Makefile', '1',
  'file1.txt', 'file5.txt', 'fileA.txt', 'a.', 'x/a.', 'a.b.c', 'src/[ab].ts', 'src/a.min.js', '{a,b}', 'x y', 'a#b', 'a~',
];

const FEATURES: Record<string, string[]> = {
  'a star within a name': ['*.ts', '*', 'src/*.ts', 'a*', '*a', '*.*', '.env*', '*-*-*', 'src/*/a.ts', '*/**'],
  'two stars for folders': ['**', '**/*', '**/**', '**/*.pem', 'src/**', '/src/**', 'secrets/**', 'a/**/c', '**/a', 'src/**/a.ts', '**/x/**', 'a/**/**/c'],
  'two stars within a name (one star)': ['a**', '**a', 'src/**.ts', '**.pem', 'x**y'],
  'a question mark': ['?', 'a.?s', 'file?.txt', '?/?/?', '.???'],
  'character classes': ['file[0-9].txt', 'file[^0-9].txt', 'pages/[id].js', 'src/[ab].ts', '[[:digit:]]', 'file[[:alpha:]].txt', '[a-c]', 'x[.]', 'a[-]b-c'],
  'braces': ['{a,b}', '*.{js,ts}', 'src/*.{js,ts}', '{src,lib}/**', '{a,b/c}', 'file{1..5}.txt', '{,a}.js', 'a.{js,ts,{b,c}}', '{secrets,docs}'],
  'anchors, folders and dot files': ['/Makefile', '/build/**', 'docs/', 'secrets', '.env*', '/.env', 'src/.hidden', './a', '/a/'],
  'escapes and plain punctuation': ['\\*', 'a\\[b', 'x y', 'a#b', 'a~', '\\{a,b\\}', 'a,b', "a'b", 'a;b', 'a@b', 'a=b'],
};

describe('rules: every feature matches what picomatch matched', () => {
  for (const [feature, globs] of Object.entries(FEATURES)) {
    it(feature, () => {
      for (const glob of globs) {
        expect(globProblem(glob), glob).toBeUndefined();
        for (const path of PATHS) expect(pathRuleMatches(glob, path), `${glob} ~ ${path}`).toBe(formerRuleMatches(glob, path));
      }
    });
  }

  it('a few the rules rely on, spelled out', () => {
    expect(pathRuleMatches('**/*-*-*-*-*-*-*.pem', 'a-b-c-d-e-f-g.pem')).toBe(true);
    expect(pathRuleMatches('secrets/**', 'secrets')).toBe(true);
    expect(pathRuleMatches('*/**', 'secrets')).toBe(false);
    expect(pathRuleMatches('pages/[id].js', 'pages/[id].js')).toBe(true);
    expect(pathRuleMatches('*.*', 'a.')).toBe(false);
    expect(pathRuleMatches('/**.pem', 'x/y.pem')).toBe(true);
  });

  it('random globs of the features agree with picomatch on random paths', () => {
    const parts = ['a', 'b', '.', '-', '/', '/', '*', '*', '**', '?', '[ab]', '[a-c]', '[^a]', '[[:digit:]]', '{a,b}', '{a,b/c}', '{,a}', '.js', 'x', '_', '1', '\\*', '[id]', '{1..3}', '~', '#', ' ', ']', '}', '[.]'];
    const names = ['a', 'b', 'c', '.', '/', '/', '-', 'x', '1', '2', 'js', '.js', '[ab]', '{a,b}', '[id]', 'i', 'd', '_', '~', '#', ' ', ']', '}', '.a'];
    let seed = 27;
    const next = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    let compared = 0;
    for (let g = 0; g < 3_000; g++) {
      let glob = '';
      for (let k = 1 + next(5); k > 0; k--) glob += parts[next(parts.length)];
      if (glob.startsWith('!') || /^\/+$/.test(glob) || globProblem(glob) !== undefined) continue;
      for (let p = 0; p < 15; p++) {
        let path = '';
        for (let k = 1 + next(6); k > 0; k--) path += names[next(names.length)];
        if (posix.normalize(path).replace(/\/+$/, '') !== path || path.startsWith('/') || path === '.') continue;
        expect(pathRuleMatches(glob, path), `${glob} ~ ${path}`).toBe(formerRuleMatches(glob, path));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20_000);
  });
});

describe('review.ignore: a glob without a slash names a file at any depth; any other is read from the root', () => {
  it.each(['*.lock', '**/*.lock', 'dist/**', '/dist/**', 'package-lock.json', '*.{json,lock}', 'src/*.ts', 'dist/', '.*'])('%s matches what picomatch matched', (glob) => {
    for (const path of [...PATHS, 'yarn.lock', 'a/yarn.lock', 'dist/a.js', 'dist', 'package-lock.json', 'x/package-lock.json']) {
      expect(reviewGlobMatches(glob, path), `${glob} ~ ${path}`).toBe(formerReviewMatches(glob, path));
    }
  });
});

describe('what picomatch read as regex syntax is refused, saying what to write', () => {
  it.each([
    ['+(a|b)', /parentheses.*write "\{a,b\}"/],
    ['!(a)', /parentheses/],
    ['*(a)', /parentheses/],
    ['foo (1).txt', /"\\\(" for a parenthesis/],
    ['[!a].txt', /write "\[\^…\]"/],
    ['a\\d', /"\\d" is no escape here/],
    ['a\\', /lone "\\"/],
    ['"a*"', /double quote/],
    ['[0-9]+.txt', /"\+" after "\]" or "\}"/],
    ['{a|b}', /separated by ","/],
    ['{a}', /one alternative/],
    ['{1..10}', /no range/],
    ['{z..a}', /no range/],
    ['{a,b', /never closed/],
    ['[ab', /never closed/],
    ['[z-a]', /no range/],
    ['a[/]b', /never "\/"/],
    ['[[:foo:]]', /not a class/],
    ['[:alpha:]', /write "\[\[:alpha:\]\]"/],
    ['{**/*.pem,**/*.key}', /one rule for each alternative/],
    ['**{a,b}', /right before/],
  ])('%j', (glob, message) => {
    const problem = globProblem(glob);
    expect(problem).toMatch(message);
    expect(problem).not.toContain('\n');
  });
});

// The worst case of issue 27, held to the automaton's bound: each step reads
// one character and visits each state at most once.
describe('a match costs at most (states × characters) steps', () => {
  const worst = ruleGlob('**/*-*-*-*-*-*-*.pem').glob;

  it('`**/*-*-*-*-*-*-*.pem` against a name of 200 dashes', () => {
    expect(pathRuleMatches('**/*-*-*-*-*-*-*.pem', '-'.repeat(200))).toBe(false);
    expect(worst.steps).toBeLessThanOrEqual(worst.size * 201);
    expect(pathRuleMatches('**/*-*-*-*-*-*-*.pem', `${'-'.repeat(200)}.pem`)).toBe(true);
  });

  it('twice the name, twice the steps (a backtracking match took 2^7 times as long)', () => {
    const steps = (n: number) => {
      pathRuleMatches('**/*-*-*-*-*-*-*.pem', `x/${'-'.repeat(n)}`);
      return worst.steps;
    };
    const ratio = steps(4_000) / steps(2_000);
    expect(ratio).toBeGreaterThan(1.8);
    expect(ratio).toBeLessThan(2.2);
  });

  it('every feature at once, against a long path of its own characters', () => {
    const glob = '{a,b}*/**/[ab]*?-*-{c,d}*.pem';
    const compiled = ruleGlob(glob).glob;
    const path = Array.from({ length: 100 }, () => `a${'-'.repeat(50)}`).join('/');
    pathRuleMatches(glob, path);
    expect(compiled.steps).toBeLessThanOrEqual(compiled.size * (path.length + 1));
  });
});
