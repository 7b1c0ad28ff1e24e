import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyzeShell, type ShellAnalysis } from '../../src/policy/shell/analyze.js';
import type { HazardKind } from '../../src/policy/shell/hazards.js';
import { GRAMMAR_VERSION } from '../../src/policy/shell/parser.js';
import { growth, growthAsync, LINEAR } from '../helpers/growth.js';
import { hasBraceList } from '../../src/policy/shell/syntax.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// A checkout with the shapes redirects can hide behind:
//   root/sub/            a folder
//   root/.git/           the repository
//   root/out -> ../outside, root/gitlink -> .git, root/dangling -> (nothing)
let base: string;
let root: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'deckhand-shell-')));
  root = join(base, 'root');
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(join(base, 'outside'));
  symlinkSync('../outside', join(root, 'out'));
  symlinkSync('.git', join(root, 'gitlink'));
  symlinkSync(join(base, 'nowhere'), join(root, 'dangling'));
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

function analyze(command: string, cwd = ''): Promise<ShellAnalysis> {
  return analyzeShell(command, { root, cwd: join(root, cwd) });
}

interface Expected {
  /** the commands' texts, in order */
  commands: string[];
  /** the hazards' kinds, in order */
  hazards?: HazardKind[];
}

const cases: Array<[string, Expected]> = [
  // lists, pipelines and compound commands: every simple command is found
  ['npm test', { commands: ['npm test'] }],
  ['npm   test  --  -x', { commands: ['npm test -- -x'] }],
  ['npm test; curl x', { commands: ['npm test', 'curl x'] }],
  ['a && b || c | d', { commands: ['a', 'b', 'c', 'd'] }],
  ['npm test & sleep 1; wait', { commands: ['npm test', 'sleep 1', 'wait'] }],
  ['(cd sub && make)', { commands: ['cd sub', 'make'] }],
  ['{ echo a; echo b; } > out.txt', { commands: ['echo a', 'echo b'] }],
  ['if true; then rm -rf x; fi', { commands: ['true', 'rm -rf x'] }],
  ['if a; then b; elif c; then d; else e; fi', { commands: ['a', 'b', 'c', 'd', 'e'] }],
  ['for f in *.ts; do echo $f; done', { commands: ['echo $f'] }],
  ['while read l; do echo "$l"; done < in.txt', { commands: ['read l', 'echo "$l"'] }],
  ['until make; do sleep 1; done', { commands: ['make', 'sleep 1'] }],
  ['case $x in a) rm a;; *) ls;; esac', { commands: ['rm a', 'ls'] }],
  ['f() { curl x; }; f', { commands: ['curl x', 'f'] }],
  ['function g { npm test; }', { commands: ['npm test'] }],
  ['! grep -q x f', { commands: ['grep -q x f'] }],
  ['time -p npm test', { commands: ['npm test'] }],
  ['[[ -f a && -n "$b" ]] && [ -d c ]', { commands: ['[[ -f a && -n "$b" ]]', '[ -d c ]'] }],
  ['echo a | tee out.txt > /dev/null', { commands: ['echo a', 'tee out.txt'] }],
  ['export A=1 B; local x; unset y', { commands: ['export A=1 B', 'local x', 'unset y'] }],
  ['', { commands: [] }],
  ['# only a comment', { commands: [] }],
  // words: quotes removed; a word with spaces keeps its boundaries in the text
  ['git commit -m "a b"', { commands: ["git commit -m 'a b'"] }],
  ["git push --receive-pack='touch /tmp/x' origin", { commands: ["git push '--receive-pack=touch /tmp/x' origin"] }],
  ['\\rm -f "x" y\'z\'', { commands: ['rm -f x yz'] }],
  ['echo {a,b} ~/x *.ts', { commands: ['echo {a,b} ~/x *.ts'] }],
  // words the parser hangs on a redirect belong to the command
  ['echo > a.txt b c', { commands: ['echo b c'] }],
  ['a | b > c.txt d', { commands: ['a', 'b d'] }],
  ['cat <<EOF x\nhi\nEOF', { commands: ['cat x'] }],
  // substitutions
  ['echo "$(id)"', { commands: ['echo "$(id)"', 'id'], hazards: ['command_substitution'] }],
  ['echo `id`', { commands: ['echo `id`', 'id'], hazards: ['command_substitution'] }],
  ['echo a#$(id)', { commands: ['echo a#$(id)', 'id'], hazards: ['command_substitution'] }],
  ['echo ${x:-$(id)}', { commands: ['echo ${x:-$(id)}', 'id'], hazards: ['command_substitution'] }],
  ['x=$(id)', { commands: ['id'], hazards: ['command_substitution'] }],
  ['cat <<< "$(id)"', { commands: ['cat', 'id'], hazards: ['command_substitution'] }],
  ['cat <(ls)', { commands: ['cat <(ls)', 'ls'], hazards: ['process_substitution'] }],
  ['tee >(cat) < in.txt', { commands: ['tee >(cat)', 'cat'], hazards: ['process_substitution'] }],
  ['cat <<EOF\n$(id)\nEOF', { commands: ['cat', 'id'], hazards: ['command_substitution'] }],
  ["cat <<'EOF'\n$(id)\nEOF", { commands: ['cat'] }],
  ['cat <<"EOF"\n`id`\nEOF', { commands: ['cat'] }],
  ["echo '$(id)' \\$HOME # $(id)", { commands: ['echo $(id) $HOME'] }],
  // eval
  ['eval "$X"', { commands: ['eval "$X"'], hazards: ['eval'] }],
  ['. ./env.sh', { commands: ['. ./env.sh'], hazards: ['eval'] }],
  ['source ./env.sh && npm test', { commands: ['source ./env.sh', 'npm test'], hazards: ['eval'] }],
  ['command eval x', { commands: ['command eval x'], hazards: ['eval'] }],
  // arithmetic and indirection read a variable's value as code
  ['x=1; echo $((x+1))', { commands: ['echo $((x+1))'], hazards: ['eval'] }],
  ['echo $((1+2))', { commands: ['echo $((1+2))'] }],
  ['echo ${!x} ${a[@]} ${s:1:2}', { commands: ['echo ${!x} ${a[@]} ${s:1:2}'], hazards: ['eval'] }],
  ['echo ${x@P}', { commands: ['echo ${x@P}'], hazards: ['eval'] }],
  ['[[ $x -eq 1 ]]', { commands: ['[[ $x -eq 1 ]]'], hazards: ['eval'] }],
  ['a[i]=1', { commands: [], hazards: ['eval'] }],
  // variables in front of a command, or set for the commands after
  ['FOO=1 npm test', { commands: ['npm test'], hazards: ['env_prefix'] }],
  ['NODE_OPTIONS=--require=./x.js npm test', { commands: ['npm test'], hazards: ['env_prefix'] }],
  ['FOO=1', { commands: [] }],
  ['x=1; echo $x', { commands: ['echo $x'] }],
  ['PATH=.:$PATH; npm test', { commands: ['npm test'], hazards: ['env_prefix'] }],
  ['for HOME in .; do git status; done', { commands: ['git status'], hazards: ['env_prefix'] }],
  ['time FOO=1 make', { commands: ['make'], hazards: ['env_prefix'] }],
  // dynamic command names
  ['$CMD x', { commands: ['$CMD x'], hazards: ['dynamic_command'] }],
  ['"$(which npm)" test', { commands: ['"$(which npm)" test', 'which npm'], hazards: ['dynamic_command', 'command_substitution'] }],
  // redirects
  ['echo hi > out.txt', { commands: ['echo hi'] }],
  ['echo hi >> sub/log.txt 2>&1', { commands: ['echo hi'] }],
  ['echo hi 2>/dev/null', { commands: ['echo hi'] }],
  ['echo hi &> log.txt; echo err >&2; ls 2>&1 >&-', { commands: ['echo hi', 'echo err', 'ls'] }],
  ['echo hi > .git/hooks/pre-commit', { commands: ['echo hi'], hazards: ['redirect_git'] }],
  ['echo hi >| .GIT/config', { commands: ['echo hi'], hazards: ['redirect_git'] }],
  ['echo hi > sub/.git/config', { commands: ['echo hi'], hazards: ['redirect_git'] }],
  ['echo hi > gitlink/config', { commands: ['echo hi'], hazards: ['redirect_git'] }],
  ['echo hi > ../outside', { commands: ['echo hi'], hazards: ['redirect_outside'] }],
  ['echo hi > /tmp/x', { commands: ['echo hi'], hazards: ['redirect_outside'] }],
  ['echo hi > /dev/tcp/example.com/80', { commands: ['echo hi'], hazards: ['redirect_outside'] }],
  ['echo hi > out/x', { commands: ['echo hi'], hazards: ['redirect_outside'] }],
  ['echo hi > out/../x', { commands: ['echo hi'], hazards: ['redirect_outside'] }],
  ['echo hi > dangling', { commands: ['echo hi'], hazards: ['redirect_outside'] }],
  ['echo hi > sub/../x', { commands: ['echo hi'] }],
  ['echo hi > $OUT', { commands: ['echo hi'], hazards: ['redirect_outside'] }],
  ['echo hi > ~/x', { commands: ['echo hi'], hazards: ['redirect_outside'] }],
  ['exec > /tmp/log', { commands: ['exec'], hazards: ['redirect_outside'] }],
  ['cat <<EOF > /tmp/x\nhi\nEOF', { commands: ['cat'], hazards: ['redirect_outside'] }],
  // cd moves where relative targets lead
  ['cd sub && echo hi > x', { commands: ['cd sub', 'echo hi'] }],
  ['cd .. && echo hi > x', { commands: ['cd ..', 'echo hi'], hazards: ['redirect_outside'] }],
  ['cd /tmp; echo hi > x', { commands: ['cd /tmp', 'echo hi'], hazards: ['redirect_outside'] }],
  ['cd sub; cd ..; cd ..; echo > x', { commands: ['cd sub', 'cd ..', 'cd ..', 'echo'], hazards: ['redirect_outside'] }],
  ['cd out && echo hi > x', { commands: ['cd out', 'echo hi'], hazards: ['redirect_outside'] }],
  ['cd; echo hi > x', { commands: ['cd', 'echo hi'], hazards: ['redirect_outside'] }],
  ['for d in a b; do cd $d; done; echo > x', { commands: ['cd $d', 'echo'], hazards: ['redirect_outside'] }],
  // what the parser cannot read fails closed
  ['echo "unterminated', { commands: ['echo'], hazards: ['unparsed'] }],
  ['if then fi', { commands: ['then fi'], hazards: ['unparsed'] }],
  ['echo <> f', { commands: ['echo'], hazards: ['unparsed'] }],
  // where the grammar reads differently from bash, the command is unparsed, never misread
  ['cat <<-EOF\n\t$(id)\n\tEOF', { commands: ['cat'], hazards: ['unparsed'] }],
  ["echo $'\\\\' $(id) # '", { commands: ["echo $'\\\\' $(id) # '"], hazards: ['unparsed'] }],
  ["echo $'\\\\' ; curl x # '", { commands: ["echo $'\\\\' ; curl x # '"], hazards: ['unparsed'] }],
  ['cat <<EOF\nhi\n EOF\nEOF\ncurl x', { commands: ['cat', 'EOF', 'curl x'], hazards: ['unparsed'] }],
  ['r[m] -rf x', { commands: ['rf x'], hazards: ['unparsed', 'eval'] }],
  // ...and agrees with bash where it reads the same
  ["echo $'a\\'b' ok", { commands: ["echo $'a\\'b' ok"] }],
  ['cat <<-EOF\n\thi\n\tEOF\ncurl x', { commands: ['cat', 'curl x'] }],
  ['cat <<E\\OF\nhi\nEOF\ncurl x', { commands: ['cat', 'curl x'] }],
  ['echo "\\" ; id # "', { commands: ["echo '\" ; id # '"] }],
  ['echo "\\\\" ; id # "', { commands: ['echo \\', 'id'] }],
  ['echo a\\ #$(id)', { commands: ['echo a\\ #$(id)', 'id'], hazards: ['command_substitution'] }],
];

describe('analyzeShell', () => {
  test.each(cases)('%j', async (command, expected) => {
    const analysis = await analyze(command);
    expect(analysis.commands.map((c) => c.text)).toEqual(expected.commands);
    expect(analysis.hazards.map((h) => h.kind)).toEqual(expected.hazards ?? []);
  });

  test('argv keeps a quoted word whole and is undefined when a word is dynamic', async () => {
    const { commands } = await analyze('git commit -m "a b" && echo $f && printf $\'a\\tb\'');
    expect(commands.map((c) => c.argv)).toEqual([['git', 'commit', '-m', 'a b'], undefined, undefined]);
    expect(commands[2]?.text).toBe("printf $'a\\tb'");
  });

  test('argv of a literal command with escapes, empty words and globs', async () => {
    const { commands } = await analyze('echo a\\ b "" \'it\'"\'"\'s\' *.ts');
    expect(commands).toEqual([{ text: "echo 'a b' '' it's *.ts", argv: ['echo', 'a b', '', "it's", '*.ts'] }]);
  });

  test('a hazard carries the source text of the construct and a sentence for the model', async () => {
    const { hazards } = await analyze('echo hi > ../x; echo `id`');
    expect(hazards).toEqual([
      { kind: 'redirect_outside', text: '> ../x', detail: expect.stringMatching(/^The output goes to `\.\.\/x`, which is outside the repository checkout; [^\n]+\.$/) },
      { kind: 'command_substitution', text: '`id`', detail: expect.stringContaining('`` `id` ``') },
    ]);
  });

  test('a redirect is resolved against the folder the command starts in', async () => {
    expect((await analyze('echo hi > ../x', 'sub')).hazards).toEqual([]);
    expect((await analyze('echo hi > ../../x', 'sub')).hazards.map((h) => h.kind)).toEqual(['redirect_outside']);
  });

  test('a dynamic redirect target says it cannot be checked', async () => {
    const { hazards } = await analyze('make > "$LOG"');
    expect(hazards[0]?.detail).toMatch(/cannot be checked/);
  });

  test('calls made at the same time share one parser', async () => {
    const results = await Promise.all(['a; b', 'c | d', 'e && f'].map((command) => analyze(command)));
    expect(results.map((r) => r.commands.length)).toEqual([2, 2, 2]);
  });
});

test('the grammar is the pinned tree-sitter-bash, and the bundle ships that very file', () => {
  const installed = JSON.parse(readFileSync(join(repo, 'node_modules/tree-sitter-bash/package.json'), 'utf8')) as { version: string };
  const declared = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['tree-sitter-bash'];
  expect([installed.version, declared]).toEqual([GRAMMAR_VERSION, GRAMMAR_VERSION]);
  const digest = (file: string) => createHash('sha256').update(readFileSync(join(repo, file))).digest('hex');
  expect(digest('dist/wasm/tree-sitter-bash.wasm')).toBe(digest('node_modules/tree-sitter-bash/tree-sitter-bash.wasm'));
});

// The bundle is where the loading can break (toolchain.md, gotchas 2 and 3):
// ncc rewrites the module, the CommonJS build needs __dirname, and the wasm
// files must come from wasm/ next to the bundle once node_modules is gone.
// So build policy/shell/ with ncc the way scripts/build.mjs does and run it from a
// folder with no node_modules above it.
test('the ncc-built module parses with the wasm files next to it, without node_modules', async () => {
  const ts = await import('typescript');
  // Inside the project, so ncc finds web-tree-sitter in node_modules while bundling.
  mkdirSync(join(repo, '.cache'), { recursive: true });
  const work = mkdtempSync(join(repo, '.cache', 'shell-bundle-'));
  const out = mkdtempSync(join(tmpdir(), 'deckhand-shell-bundle-'));
  try {
    // Plain JavaScript in, so ncc does not type-check the whole project.
    for (const file of [...readdirSync(join(repo, 'src/policy/shell')).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.cts')).map((name) => `src/policy/shell/${name}`), 'src/policy/wrappers.ts', 'src/safety/paths.ts']) {
      const { outputText } = ts.transpileModule(readFileSync(join(repo, file), 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
      });
      mkdirSync(dirname(join(work, file)), { recursive: true });
      writeFileSync(join(work, file.replace(/\.ts$/, '.js')), outputText);
    }
    copyFileSync(join(repo, 'src/policy/shell/tree-sitter.cjs'), join(work, 'src/policy/shell/tree-sitter.cjs'));
    writeFileSync(join(work, 'package.json'), '{"type":"module"}\n');
    writeFileSync(
      join(work, 'entry.js'),
      "import { analyzeShell } from './src/policy/shell/analyze.js';\n" +
        'const where = { root: process.cwd(), cwd: process.cwd() };\n' +
        'console.log(JSON.stringify(await analyzeShell(process.argv[2], where)));\n',
    );
    execFileSync(join(repo, 'node_modules', '.bin', 'ncc'), ['build', join(work, 'entry.js'), '-o', out, '--target', 'es2022', '--quiet'], { cwd: repo });
    writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
    const run = () => spawnSync(process.execPath, [join(out, 'index.js'), 'npm test; curl x > ../y'], { cwd: out, encoding: 'utf8' });

    // Without wasm/ it must fail: nothing else on disk can stand in for it.
    expect(run().status).not.toBe(0);

    // The same copy scripts/build.mjs makes into dist/wasm/.
    mkdirSync(join(out, 'wasm'));
    copyFileSync(join(repo, 'node_modules/web-tree-sitter/web-tree-sitter.wasm'), join(out, 'wasm', 'web-tree-sitter.wasm'));
    copyFileSync(join(repo, 'node_modules/tree-sitter-bash/tree-sitter-bash.wasm'), join(out, 'wasm', 'tree-sitter-bash.wasm'));
    const result = run();
    expect(result.stderr).toBe('');
    const analysis = JSON.parse(result.stdout) as ShellAnalysis;
    expect(analysis.commands.map((c) => c.text)).toEqual(['npm test', 'curl x']);
    expect(analysis.hazards.map((h) => h.kind)).toEqual(['redirect_outside']);
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}, 120_000);

// Issue 27: a command the model writes is read in time linear in it. A word
// of many `{` and `,` took cubic time to a pattern looking for a brace list,
// a long run of backslashes before a `$(` quadratic, and so did `sh -ccc…`.
describe('four times the command, about four times the work', () => {
  test.each([
    ['backslashes before a substitution', (n: number) => `echo ${'\\\\'.repeat(n / 2)}$(x)`],
    ['a shell option of many letters', (n: number) => `sh -${'c'.repeat(n)}`],
  ])('%s', async (_, make) => {
    expect(await growthAsync((command) => analyze(command), make, 1_000)).toBeLessThan(LINEAR);
  });

  test('a brace list is found in one pass over a word of braces and commas', () => {
    expect(growth(hasBraceList, (n) => `x${'{'.repeat(n / 2)}${','.repeat(n / 2)}`, 30_000)).toBeLessThan(LINEAR);
  });

  test('a brace list is what the pattern `\\{.*(,|\\.\\.).*\\}` found: a `{`, then `,` or `..`, then `}`, on one line', () => {
    const former = /\{.*(,|\.\.).*\}/;
    const parts = ['{', '}', ',', '.', 'a', '\n', '\u2028', ' '];
    for (let i = 0; i < 20_000; i++) {
      let word = '';
      for (let j = (i * 7) % 11, k = i; j > 0; j--, k = Math.floor(k / 8) + j * 31) word += parts[k % parts.length];
      expect(hasBraceList(word), JSON.stringify(word)).toBe(former.test(word));
    }
    expect(hasBraceList('{rm,-rf,x}')).toBe(true);
    expect(hasBraceList('{1..3}')).toBe(true);
    expect(hasBraceList('{a.b}')).toBe(false);
    expect(hasBraceList('{a,\nb}')).toBe(false);
  });
});
