// Escape attempts against the confinement of the file tools (product.md §6).
// Each test makes one attempt through the real tools, as the model would, on a
// real temp checkout, and checks the safe outcome: an error result the model
// can act on, and the file outside untouched (not changed, not created, its
// content not in the result).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runToolCalls } from '../../src/agent/executor.js';
import { isGitName, isInside, openForRead, openForWrite, PathError, toAbsolute, touchesGit } from '../../src/safety/paths.js';
import { growth, LINEAR } from '../helpers/growth.js';
import { editTool } from '../../src/tools/edit.js';
import { globTool } from '../../src/tools/glob.js';
import { grepTool } from '../../src/tools/grep.js';
import { readTool } from '../../src/tools/read.js';
import { makeTools } from '../../src/tools/deps.js';
import type { ToolDeps, ToolResultBlock } from '../../src/tools/tool.js';
import { writeTool } from '../../src/tools/write.js';
import { depsFor, makeSandbox, type Sandbox } from '../helpers/workspace.js';

const SECRET = 'OUTSIDE-SECRET-7f3a';
const KINDS = [readTool, writeTool, editTool, globTool, grepTool];

let box: Sandbox;
let ctx: ToolDeps;
/** A file outside the checkout that no file tool may read or change. */
let secretPath: string;

/** A fresh checkout for each test of the enclosing describe (the pure unit tests need none). */
function useSandbox() {
  beforeEach(() => {
    box = makeSandbox({ 'README.md': '# inside\n', 'src/app.ts': 'export const app = 1;\n' });
    ctx = depsFor(box);
    secretPath = join(box.outside, 'secret.txt');
    writeFileSync(secretPath, `${SECRET}\n`);
  });

  afterEach(() => box.cleanup());
}

async function call(name: string, input: Record<string, unknown>): Promise<ToolResultBlock> {
  const tools = new Map(makeTools(KINDS, ctx).map((tool) => [tool.name, tool]));
  const { results } = await runToolCalls([{ id: 'toolu_1', name, input }], { tools, signal: new AbortController().signal });
  return results[0]!;
}

const read = (file_path: string) => call('Read', { file_path });
const write = (file_path: string, content = 'pwned\n') => call('Write', { file_path, content });
const edit = (file_path: string, old_string: string, new_string: string) => call('Edit', { file_path, old_string, new_string });

/** The safe outcome: an error the model can read, without the outside content. */
function expectRefused(result: ToolResultBlock, message: RegExp = /outside the repository checkout/) {
  expect(result.is_error).toBe(true);
  expect(result.content).toMatch(message);
  expect(result.content).not.toContain(SECRET);
}

function expectSecretUnchanged() {
  expect(readFileSync(secretPath, 'utf8')).toBe(`${SECRET}\n`);
}

describe('paths outside the checkout', () => {
  useSandbox();

  it('read refuses an absolute path outside the checkout', async () => {
    expectRefused(await read(secretPath));
  });

  it('write refuses an absolute path outside the checkout and leaves the file there unchanged', async () => {
    expectRefused(await write(secretPath));
    expectSecretUnchanged();
  });

  it('write refuses to create a new file outside the checkout', async () => {
    const target = join(box.outside, 'new.txt');
    expectRefused(await write(target));
    expect(existsSync(target)).toBe(false);
  });

  it('read refuses a ../ path that climbs out of the checkout', async () => {
    expectRefused(await read('../outside/secret.txt'));
    expectRefused(await read(join(box.root, 'src/../../outside/secret.txt')));
  });

  it('write and edit refuse a ../ path that climbs out of the checkout', async () => {
    expectRefused(await write('../outside/secret.txt'));
    expectRefused(await edit(join(box.root, 'src/../../outside/secret.txt'), SECRET, 'pwned'));
    expectSecretUnchanged();
  });

  it('read refuses /etc/passwd without showing it', async () => {
    const result = await read('/etc/passwd');
    expectRefused(result);
    expect(result.content).not.toContain('root:');
  });

  // The "did you mean" hint of a missing file lists the folder it is in: for a
  // folder outside the checkout that would tell the model what is there.
  it('read of a missing file outside the checkout does not reveal the names next to it', async () => {
    const result = await read(join(box.outside, 'secre.txt'));
    expect(result.is_error).toBe(true);
    expect(result.content).not.toContain('secret.txt');
  });

  it('edit of a missing file behind a symlinked folder does not reveal the names in the folder outside', async () => {
    symlinkSync(box.outside, join(box.root, 'linked'));
    const result = await edit(join(box.root, 'linked/secre.txt'), 'a', 'b');
    expect(result.is_error).toBe(true);
    expect(result.content).not.toContain('secret.txt');
  });

  it('glob refuses a missing folder outside the checkout without revealing the names next to it', async () => {
    const result = await call('Glob', { pattern: '*', path: join(box.outside, 'secre.txt') });
    expect(result.is_error).toBe(true);
    expect(result.content).not.toContain('secret.txt');
  });
});

describe('symlinks', () => {
  useSandbox();

  it('read refuses a file reached through a symlinked folder that points outside', async () => {
    symlinkSync(box.outside, join(box.root, 'linked'));
    expectRefused(await read(join(box.root, 'linked/secret.txt')));
  });

  it('write through a symlinked folder that points outside changes nothing there', async () => {
    symlinkSync(box.outside, join(box.root, 'linked'));
    expectRefused(await write(join(box.root, 'linked/secret.txt')));
    expectRefused(await write(join(box.root, 'linked/new.txt')));
    expectRefused(await write(join(box.root, 'linked/deeper/new.txt')));
    expectSecretUnchanged();
    expect(existsSync(join(box.outside, 'new.txt'))).toBe(false);
    expect(existsSync(join(box.outside, 'deeper'))).toBe(false);
  });

  it('edit through a symlinked folder that points outside changes nothing there', async () => {
    symlinkSync(box.outside, join(box.root, 'linked'));
    expectRefused(await edit(join(box.root, 'linked/secret.txt'), SECRET, 'pwned'));
    expectSecretUnchanged();
  });

  it('read, write and edit refuse a symlink to a file outside', async () => {
    const link = join(box.root, 'leak.txt');
    symlinkSync(secretPath, link);
    expectRefused(await read(link));
    expectRefused(await write(link));
    expectRefused(await edit(link, SECRET, 'pwned'));
    expectSecretUnchanged();
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('write through a dangling symlink pointing outside does not create its target', async () => {
    const target = join(box.outside, 'planted.sh');
    const link = join(box.root, 'dangling');
    symlinkSync(target, link);
    expectRefused(await write(link));
    expectRefused(await edit(link, '', 'created by edit\n'));
    expect(existsSync(target)).toBe(false);
  });

  it('write through a relative dangling symlink pointing outside does not create its target', async () => {
    mkdirSync(join(box.root, 'sub'));
    symlinkSync('../../outside/planted.sh', join(box.root, 'sub/dangling'));
    expectRefused(await write(join(box.root, 'sub/dangling')));
    expect(existsSync(join(box.outside, 'planted.sh'))).toBe(false);
  });

  it('write through a dangling symlinked folder does not create the folder outside', async () => {
    symlinkSync(join(box.outside, 'newdir'), join(box.root, 'linked'));
    const result = await write(join(box.root, 'linked/x.txt'));
    expect(result.is_error).toBe(true);
    expect(existsSync(join(box.outside, 'newdir'))).toBe(false);
  });

  it('a chain of symlinks that ends outside is refused', async () => {
    symlinkSync(secretPath, join(box.root, 'one'));
    symlinkSync('one', join(box.root, 'two'));
    expectRefused(await read(join(box.root, 'two')));
    expectRefused(await write(join(box.root, 'two')));
    expectSecretUnchanged();
  });

  it('a symlink to a file inside the checkout can be read and edited, and stays a symlink', async () => {
    const link = join(box.root, 'app-link.ts');
    symlinkSync('src/app.ts', link);
    const shown = await read(link);
    expect(shown.is_error).toBeUndefined();
    expect(shown.content).toContain('export const app = 1;');
    const edited = await edit(link, 'app = 1', 'app = 2');
    expect(edited.is_error).toBeUndefined();
    expect(readFileSync(join(box.root, 'src/app.ts'), 'utf8')).toBe('export const app = 2;\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('a symlinked folder inside the checkout can be written through', async () => {
    symlinkSync('src', join(box.root, 'src-link'));
    const result = await write(join(box.root, 'src-link/added.ts'), 'export {};\n');
    expect(result.is_error).toBeUndefined();
    expect(readFileSync(join(box.root, 'src/added.ts'), 'utf8')).toBe('export {};\n');
  });

  it('write creates a new file in new nested folders', async () => {
    const result = await write(join(box.root, 'a/b/c/new.txt'), 'hello\n');
    expect(result.is_error).toBeUndefined();
    expect(result.content).toContain('File created successfully');
    expect(readFileSync(join(box.root, 'a/b/c/new.txt'), 'utf8')).toBe('hello\n');
  });
});

// A name checked before the open can be swapped for a symlink before the open.
// These exercise openForRead/openForWrite directly, where the open happens.
describe('a symlink swapped in around the check', () => {
  useSandbox();

  // Covers the end state of a swap at the last component: the name is inside,
  // the file is a symlink to outside by the time we open it. O_NOFOLLOW makes
  // the open fail, and the follow-by-name path checks the target.
  it('opening a name inside that is a symlink to outside is refused', async () => {
    const link = join(box.root, 'swapped');
    symlinkSync(secretPath, link);
    await expect(openForRead(link, [box.root])).rejects.toBeInstanceOf(PathError);
    await expect(openForWrite(link, box.root)).rejects.toBeInstanceOf(PathError);
    expectSecretUnchanged();
  });

  // Covers a folder component swapped for a symlink after a name check: the
  // open follows folder components, so only the check of where the descriptor
  // points (/proc/self/fd/N) can catch it, and it does.
  it('opening through a folder component that is a symlink to outside is refused on the descriptor', async () => {
    symlinkSync(box.outside, join(box.root, 'dir'));
    await expect(openForRead(join(box.root, 'dir/secret.txt'), [box.root])).rejects.toBeInstanceOf(PathError);
    await expect(openForWrite(join(box.root, 'dir/secret.txt'), box.root)).rejects.toBeInstanceOf(PathError);
    expectSecretUnchanged();
  });

  /**
   * Opens `target` for reading and for writing, again and again for a while,
   * as another process runs `swapLoop` (in the checkout, with the outside
   * secret as $1). Every open that succeeds must be of a file inside.
   */
  async function openWhileSwapping(target: string, swapLoop: string) {
    // Its own process group, so that the kill below also stops the mv or ln it is running.
    const swapper = spawn('/bin/bash', ['-c', `cd "$0" && while :; do ${swapLoop}; done`, box.root, secretPath], {
      stdio: 'ignore',
      detached: true,
    });
    const exited = new Promise((resolve) => swapper.once('exit', resolve));
    const outcomes = { opened: 0, refused: 0, missing: 0 };
    try {
      const until = Date.now() + 1000;
      while (Date.now() < until) {
        for (const forWrite of [false, true]) {
          try {
            const opened = forWrite ? await openForWrite(target, box.root) : await openForRead(target, [box.root]);
            try {
              expect(isInside(opened.realPath, box.root)).toBe(true);
              const buffer = Buffer.alloc(64);
              const { bytesRead } = await opened.handle.read(buffer, 0, 64, 0);
              expect(buffer.subarray(0, bytesRead).toString()).not.toContain(SECRET);
              // A write through the opened descriptor lands inside, whatever the name points to now.
              if (forWrite) await opened.handle.write('written\n', 0);
            } finally {
              await opened.handle.close();
            }
            outcomes.opened++;
          } catch (err) {
            if (err instanceof PathError) outcomes.refused++;
            else if ((err as NodeJS.ErrnoException).code === 'ENOENT') outcomes.missing++;
            else throw err;
          }
        }
      }
    } finally {
      process.kill(-swapper.pid!, 'SIGKILL');
      await exited;
    }
    expectSecretUnchanged();
    return outcomes;
  }

  // The race itself at the last component: another process keeps swapping the
  // name between a regular file inside and a symlink to outside (atomic
  // renames) while we open it. Whatever the interleaving — swapped before the
  // lstat, between the lstat and the open, between realpath and the second
  // open — each open either gets the inside file or is refused.
  it('an open racing a process that swaps the file for a symlink to outside never reaches outside', async () => {
    writeFileSync(join(box.root, 'race.txt'), 'inside\n');
    const outcomes = await openWhileSwapping(
      join(box.root, 'race.txt'),
      'printf "inside\\n" > .tmpf && mv -f .tmpf race.txt; ln -sfn "$1" .tmpl && mv -fT .tmpl race.txt',
    );
    // Both sides of the race were seen, so the test exercised it.
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.opened).toBeGreaterThan(0);
  });

  // The same race on a folder component: `dir` keeps switching between a link
  // to a folder inside and a link to the folder outside.
  it('an open racing a process that points a folder on the path outside never reaches outside', async () => {
    mkdirSync(join(box.root, 'real'));
    writeFileSync(join(box.root, 'real/secret.txt'), 'inside\n');
    symlinkSync('real', join(box.root, 'dir'));
    const outcomes = await openWhileSwapping(
      join(box.root, 'dir/secret.txt'),
      'ln -sfn real .tmpl && mv -fT .tmpl dir; ln -sfn "$(dirname "$1")" .tmpl && mv -fT .tmpl dir',
    );
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.opened).toBeGreaterThan(0);
  });
});

describe('hard links', () => {
  useSandbox();

  it('read refuses a hard link to a file outside', async () => {
    const link = join(box.root, 'hard.txt');
    linkSync(secretPath, link);
    expectRefused(await read(link), /hard link/);
  });

  it('write and edit refuse a hard link to a file outside and leave its content unchanged', async () => {
    const link = join(box.root, 'hard.txt');
    linkSync(secretPath, link);
    expectRefused(await write(link), /hard link/);
    expectRefused(await edit(link, SECRET, 'pwned'), /hard link/);
    expectSecretUnchanged();
  });

  it('grep refuses a hard link to a file outside given as its path', async () => {
    linkSync(secretPath, join(box.root, 'hard.txt'));
    expectRefused(await call('Grep', { pattern: 'SECRET', path: join(box.root, 'hard.txt'), output_mode: 'content' }), /hard link/);
  });

  it.each(['files_with_matches', 'content', 'count'])('grep of the whole checkout leaves out a hard link to a file outside (%s)', async (mode) => {
    writeFileSync(join(box.root, 'plain.txt'), `${SECRET} mentioned in a plain file\n`);
    linkSync(secretPath, join(box.root, 'hard.txt'));
    const result = await call('Grep', { pattern: SECRET, output_mode: mode });
    expect(result.is_error).toBeFalsy();
    expect(result.content).toContain('plain.txt');
    expect(result.content).not.toContain('hard.txt');
  });
});

describe('.git in any spelling', () => {
  useSandbox();

  let gitConfig: string;
  beforeEach(() => {
    gitConfig = readFileSync(join(box.root, '.git/config'), 'utf8');
  });

  const refusedGit = /files inside \.git cannot be written/;

  it.each([
    ['.git/config'],
    ['.GIT/config'],
    ['.Git/config'],
    ['.git/hooks/pre-commit'],
    ['sub/.git/x'],
    ['.git'],
    ['.g\u200bit/config'],
    ['.git\u200d/config'],
    ['\ufeff.git/config'],
    ['.git./config'],
    ['.git. ./config'],
    ['.git /config'],
    ['\uff0e\uff47\uff49\uff54/config'],
    ['git~1/config'],
    ['GIT~1/config'],
    ['.git::$INDEX_ALLOCATION/config'],
  ])('write refuses %j', async (rel) => {
    const target = join(box.root, rel);
    expectRefused(await write(target), refusedGit);
    expect(readFileSync(join(box.root, '.git/config'), 'utf8')).toBe(gitConfig);
    expect(existsSync(join(box.root, '.git/hooks/pre-commit'))).toBe(false);
    // The spelling that is not literally `.git` was not created either.
    if (!rel.startsWith('.git/') && rel !== '.git') expect(existsSync(target)).toBe(false);
  });

  it('edit refuses .git/config', async () => {
    expectRefused(await edit(join(box.root, '.git/config'), '[core]', '[core]\n\thooksPath = /tmp'), refusedGit);
    expect(readFileSync(join(box.root, '.git/config'), 'utf8')).toBe(gitConfig);
  });

  // Reading inside .git is allowed, so an existing file there can pass the
  // read-before-write check: the refusal must come from the write itself.
  it('write refuses a file under a symlink to .git, even after reading it', async () => {
    symlinkSync('.git', join(box.root, 'link'));
    expectRefused(await write(join(box.root, 'link/hooks/post-checkout')), refusedGit);
    expect((await read(join(box.root, 'link/config'))).is_error).toBeUndefined();
    expectRefused(await write(join(box.root, 'link/config')), refusedGit);
    expectRefused(await edit(join(box.root, 'link/config'), '[core]', '[core]\n\thooksPath = /tmp'), refusedGit);
    expect(existsSync(join(box.root, '.git/hooks/post-checkout'))).toBe(false);
    expect(readFileSync(join(box.root, '.git/config'), 'utf8')).toBe(gitConfig);
  });

  it('write and edit through a link into .git say so at once, before any read', async () => {
    symlinkSync('.git/config', join(box.root, 'cfg'));
    expectRefused(await write(join(box.root, 'cfg')), refusedGit);
    expectRefused(await edit(join(box.root, 'cfg'), '[core]', '[core]\n\thooksPath = /tmp'), refusedGit);
    expect(readFileSync(join(box.root, '.git/config'), 'utf8')).toBe(gitConfig);
  });

  it('write refuses a symlink to a file inside .git, even after reading it', async () => {
    symlinkSync('.git/config', join(box.root, 'cfg'));
    expect((await read(join(box.root, 'cfg'))).is_error).toBeUndefined();
    expectRefused(await write(join(box.root, 'cfg')), refusedGit);
    expect(readFileSync(join(box.root, '.git/config'), 'utf8')).toBe(gitConfig);
  });

  it('write refuses a dangling symlink into .git/hooks', async () => {
    symlinkSync('.git/hooks/pre-commit', join(box.root, 'hook'));
    expectRefused(await write(join(box.root, 'hook'), '#!/bin/sh\necho pwned\n'), refusedGit);
    expect(existsSync(join(box.root, '.git/hooks/pre-commit'))).toBe(false);
  });

  it('read of a file inside .git is allowed (only writes are refused)', async () => {
    const result = await read(join(box.root, '.git/HEAD'));
    expect(result.is_error).toBeUndefined();
    expect(result.content).toContain('ref: refs/heads/main');
  });
});

describe('devices, FIFOs and /proc', () => {
  useSandbox();

  it('read refuses /proc/self/environ without showing the environment', async () => {
    const result = await read('/proc/self/environ');
    expectRefused(result, /never read/);
    expect(result.content).not.toContain('PATH=');
  });

  it('read refuses /proc/self/cmdline', async () => {
    expectRefused(await read('/proc/self/cmdline'), /never read/);
  });

  it('read refuses a symlink in the checkout to /proc/self/environ', async () => {
    symlinkSync('/proc/self/environ', join(box.root, 'env.txt'));
    const result = await read(join(box.root, 'env.txt'));
    expectRefused(result);
    expect(result.content).not.toContain('PATH=');
  });

  it('read refuses /dev/zero with the device message', async () => {
    const result = await read('/dev/zero');
    expect(result.is_error).toBe(true);
    expect(result.content).toContain("Cannot read '/dev/zero': this device file would block or produce infinite output.");
  });

  it('read refuses /proc/self/fd/0 and a relative path that reaches /dev/urandom with the device message', async () => {
    expect((await read('/proc/self/fd/0')).content).toContain('this device file would block or produce infinite output');
    const result = await read('../../../../../../../../dev/urandom');
    expect(result.is_error).toBe(true);
    expect(result.content).toContain("Cannot read '/dev/urandom': this device file would block or produce infinite output.");
  });

  it('read refuses a symlink in the checkout to /dev/zero', async () => {
    symlinkSync('/dev/zero', join(box.root, 'zeros'));
    expectRefused(await read(join(box.root, 'zeros')));
  });

  // Opening a FIFO for reading waits for a writer; a hang here would time the test out.
  it('read and write refuse a FIFO inside the checkout without blocking', { timeout: 10_000 }, async () => {
    const fifo = join(box.root, 'pipe');
    execFileSync('mkfifo', [fifo]);
    expectRefused(await read(fifo), /FIFO/);
    expectRefused(await write(fifo), /FIFO/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });
});

describe('isGitName and touchesGit', () => {
  it.each([
    '.git', '.GIT', '.gIt', '.git.', '.git..', '.git ', '.git . ', 'git~1', 'GIT~1', 'git~1.',
    '.g\u200bit', '.g\u200cit', '\u200e.git', '.gi\u00adt', '.git\u2060', '\ufeff.git',
    '\uff0e\uff47\uff49\uff54', '.\uff27IT', '.git:', '.git::$INDEX_ALLOCATION', '.git. :x',
  ])('%j is .git', (name) => {
    expect(isGitName(name)).toBe(true);
  });

  it.each(['.github', '.gitignore', '.gitmodules', 'git', '.git2', '..git', 'x.git', '.gi', 'git~2', '.g-it', '.gitx:'])(
    '%j is not .git',
    (name) => {
      expect(isGitName(name)).toBe(false);
    },
  );

  it('touchesGit looks at every component, with either slash', () => {
    expect(touchesGit('.git/config')).toBe(true);
    expect(touchesGit('a/b/.GIT/hooks/x')).toBe(true);
    expect(touchesGit('sub\\.git\\x')).toBe(true);
    expect(touchesGit('a/.git.')).toBe(true);
    expect(touchesGit('.github/workflows/ci.yml')).toBe(false);
    expect(touchesGit('src/git/index.ts')).toBe(false);
    expect(touchesGit('')).toBe(false);
  });

  it('reads a name of many dots, spaces or colons in linear time (issue 27)', () => {
    expect(growth(isGitName, (n) => `.git${' '.repeat(n)}x`, 20_000)).toBeLessThan(LINEAR);
    expect(growth(isGitName, (n) => `.git${':'.repeat(n)}\n`, 20_000)).toBeLessThan(LINEAR);
    expect(isGitName(`.git${'. '.repeat(1_000)}`)).toBe(true);
  });
});

describe('isInside and toAbsolute', () => {
  it.each([
    ['/repo/..foo', true],
    ['/repo/...', true],
    ['/repo/a/..b/c', true],
    ['/repo', true],
    ['/repo/', true],
    ['/repo/a/b', true],
    ['/repo/../x', false],
    ['/repo2/x', false],
    ['/rep', false],
    ['/', false],
    ['/other/repo', false],
  ])('%s inside /repo is %s', (child, inside) => {
    expect(isInside(child, '/repo')).toBe(inside);
  });

  it('toAbsolute resolves relative paths from the given folder and normalises', () => {
    expect(toAbsolute('src/../a.ts', '/repo')).toBe('/repo/a.ts');
    expect(toAbsolute('../x', '/repo')).toBe('/x');
    expect(toAbsolute('//proc//self/environ', '/repo')).toBe('/proc/self/environ');
  });

  it('toAbsolute refuses a NUL byte and the home folder', () => {
    expect(() => toAbsolute('a\0b', '/repo')).toThrow(PathError);
    expect(() => toAbsolute('~/.ssh/id_rsa', '/repo')).toThrow(/home folder/);
    expect(() => toAbsolute('~', '/repo')).toThrow(PathError);
  });
});
