// The action's own git calls (product.md §6) run in a checkout whose contents
// the agent controlled: hooks, an fsmonitor program, attribute filters, a
// global config, a planted `sub/.git`. None of them may run with the action's
// rights. Real git, real temp repositories; each test plants a trap that
// would write a marker file if it ran, and asserts the marker never appears.
// And a call's own settings (the one-shot auth header of a fetch) reach git,
// but never its command line, which every process on the machine can read.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedPaths } from '../../src/checkout/changes.js';
import { git } from '../../src/safety/git.js';

let dir: string;
let root: string;
let marker: string;
let base: string;

/** The checkout as the action's git calls see it, git found on this machine's PATH. */
const at = (path: string) => ({ root: path, searchPath: process.env.PATH ?? '/usr/bin:/bin' });
const sh = (args: string[], cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir } }).trim();

function trap(name: string): string {
  const script = join(dir, `${name}.sh`);
  writeFileSync(script, `#!/bin/sh\necho ${name} >> ${marker}\nexit 0\n`);
  chmodSync(script, 0o755);
  return script;
}

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'deckhand-git-')));
  root = join(dir, 'repo');
  marker = join(dir, 'ran.txt');
  mkdirSync(root);
  sh(['init', '-q', '-b', 'main']);
  sh(['config', 'user.email', 't@example.com']);
  sh(['config', 'user.name', 'T']);
  writeFileSync(join(root, 'a.txt'), 'one\n');
  sh(['add', '.']);
  sh(['commit', '-qm', 'base']);
  base = sh(['rev-parse', 'HEAD']);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the action's git calls", () => {
  it('run no hooks, even on checkout', async () => {
    sh(['branch', 'other']);
    const hook = trap('hook');
    for (const name of ['post-checkout', 'pre-commit', 'reference-transaction']) {
      writeFileSync(join(root, '.git', 'hooks', name), `#!/bin/sh\n${hook}\n`);
      chmodSync(join(root, '.git', 'hooks', name), 0o755);
    }
    await git(['checkout', '-q', 'other', '--'], at(root));
    await git(['status', '--short'], at(root));
    expect(existsSync(marker)).toBe(false);
  });

  it('run no fsmonitor program named in the repository config', async () => {
    sh(['config', 'core.fsmonitor', trap('fsmonitor')]);
    writeFileSync(join(root, 'a.txt'), 'two\n');
    writeFileSync(join(root, 'new.txt'), 'new\n');
    // What the action runs on the working tree: status, and what publish runs to list the changes.
    await git(['status', '--short', '--branch'], at(root));
    const changes = await changedPaths(at(root), base);
    expect(changes.map((c) => c.path).sort()).toEqual(['a.txt', 'new.txt']);
    expect(existsSync(marker)).toBe(false);
  });

  it('read no global config (an fsmonitor in ~/.gitconfig does nothing)', async () => {
    writeFileSync(join(dir, '.gitconfig'), `[core]\n\tfsmonitor = ${trap('global')}\n`);
    const previous = process.env.HOME;
    process.env.HOME = dir;
    try {
      await git(['status', '--short'], at(root));
      await git(['diff', '--name-only', base, '--'], at(root));
    } finally {
      process.env.HOME = previous;
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('do not take a planted sub/.git bare repository for the checkout', async () => {
    // A bare repository planted as a folder of the checkout, with a trap in its config.
    const planted = join(root, 'sub');
    mkdirSync(planted);
    sh(['init', '-q', '--bare', join(planted, '.git')]);
    writeFileSync(join(planted, '.git', 'config'), `[core]\n\tbare = true\n\tfsmonitor = ${trap('planted')}\n`);
    await expect(git(['status', '--short'], at(planted))).resolves.toBeDefined();
    const inner = join(planted, 'evil');
    mkdirSync(inner);
    sh(['init', '-q', '--bare', inner]);
    writeFileSync(join(inner, 'config'), `[core]\n\tbare = true\n\tfsmonitor = ${trap('bare')}\n`);
    await expect(git(['status'], at(inner))).rejects.toThrow(/git status failed/);
    expect(existsSync(marker)).toBe(false);
  });

  it('give a call its own settings (a one-shot auth header) without putting them on a command line', async () => {
    const header = `AUTHORIZATION: basic ${Buffer.from('x-access-token:ghs_OneShotToken0123456789abcdefghij').toString('base64')}`;
    // A server that records what git sends; a git on the search path that records its command line.
    const seen: Array<string | undefined> = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nprintf '%s\\n' "$0" "$@" >> ${join(dir, 'argv.txt')}\nexec ${real} "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/octo/repo.git`;
      const config = [['http.extraheader', ''], ['http.extraheader', header]] as const;
      await expect(git(['fetch', '-q', url, 'main'], { root, searchPath: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` }, { config })).rejects.toThrow(/git fetch failed/);
    } finally {
      server.close();
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((value) => value === header.slice('AUTHORIZATION: '.length))).toBe(true);
    const argv = readFileSync(join(dir, 'argv.txt'), 'utf8');
    expect(argv).toContain('fetch');
    expect(argv).not.toContain('basic');
  });
});
