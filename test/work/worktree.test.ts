// What a verifier changes in the checkout is put back as the agent left it —
// on a real git repository, whatever the verifier's commands did: edit, create,
// delete, make executable, or put a link where a folder was.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffSince, undoingChanges } from '../../src/work/worktree.js';
import { makeSandbox, type Sandbox } from '../helpers/workspace.js';

let box: Sandbox;
let baseSha: string;
const repo = () => ({ root: box.root, searchPath: process.env.PATH ?? '' });
beforeEach(() => {
  box = makeSandbox({ 'src/app.js': 'app v1\n', 'src/lib.js': 'lib v1\n', 'README.md': 'readme\n', '.gitignore': 'cache/\n' });
  baseSha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: box.root, encoding: 'utf8' }).trim();
});
afterEach(() => box.cleanup());

describe('a verifier run', () => {
  it('leaves the agent’s changes as they were and undoes the verifier’s, whatever they were', async () => {
    // The agent's work: one file changed, one added, one deleted.
    writeFileSync(join(box.root, 'src/app.js'), 'app v2 by the agent\n');
    writeFileSync(join(box.root, 'NEW.md'), 'new by the agent\n');
    rmSync(join(box.root, 'README.md'));
    const before = await diffSince(repo(), baseSha);
    const warnings: string[] = [];

    const result = await undoingChanges(
      repo(),
      baseSha,
      async () => {
        writeFileSync(join(box.root, 'src/app.js'), 'broken by the verifier\n');
        rmSync(join(box.root, 'NEW.md'));
        writeFileSync(join(box.root, 'README.md'), 'resurrected\n');
        writeFileSync(join(box.root, 'stray.txt'), 'stray\n');
        chmodSync(join(box.root, 'src/lib.js'), 0o755);
        mkdirSync(join(box.root, 'cache'));
        writeFileSync(join(box.root, 'cache/result.json'), '{}');
        return 'verdict';
      },
      (message) => warnings.push(message),
    );

    expect(result).toBe('verdict');
    expect(await diffSince(repo(), baseSha)).toBe(before);
    expect(readFileSync(join(box.root, 'src/app.js'), 'utf8')).toBe('app v2 by the agent\n');
    expect(readFileSync(join(box.root, 'NEW.md'), 'utf8')).toBe('new by the agent\n');
    expect(existsSync(join(box.root, 'README.md'))).toBe(false);
    expect(existsSync(join(box.root, 'stray.txt'))).toBe(false);
    expect(statSync(join(box.root, 'src/lib.js')).mode & 0o111).toBe(0);
    // What git ignores is no commit's business: left as it is.
    expect(existsSync(join(box.root, 'cache/result.json'))).toBe(true);
    expect(warnings).toEqual(['The verifier changed 5 files in the checkout; they were put back as the agent left them.']);
  });

  it('a link put where a folder was is removed and the folder’s files come back from the base commit, never written through the link', async () => {
    const outside = box.outside;
    await undoingChanges(
      repo(),
      baseSha,
      async () => {
        rmSync(join(box.root, 'src'), { recursive: true });
        symlinkSync(outside, join(box.root, 'src'));
      },
      () => undefined,
    );
    expect(lstatSync(join(box.root, 'src')).isDirectory()).toBe(true);
    expect(readFileSync(join(box.root, 'src/app.js'), 'utf8')).toBe('app v1\n');
    expect(existsSync(join(outside, 'app.js'))).toBe(false);
    expect(await diffSince(repo(), baseSha)).toBe('');
  });

  it('a file the verifier hid with an ignore rule is found once the ignore file is put back, and removed', async () => {
    await undoingChanges(
      repo(),
      baseSha,
      async () => {
        writeFileSync(join(box.root, 'evil.js'), 'evil\n');
        writeFileSync(join(box.root, '.gitignore'), 'cache/\nevil.js\n');
      },
      () => undefined,
    );
    expect(existsSync(join(box.root, 'evil.js'))).toBe(false);
    expect(readFileSync(join(box.root, '.gitignore'), 'utf8')).toBe('cache/\n');
    expect(await diffSince(repo(), baseSha)).toBe('');
  });

  it('puts a link back as a link, and undoes nothing when nothing changed', async () => {
    symlinkSync('src/app.js', join(box.root, 'link.js'));
    const warnings: string[] = [];
    await undoingChanges(
      repo(),
      baseSha,
      async () => {
        rmSync(join(box.root, 'link.js'));
        writeFileSync(join(box.root, 'link.js'), 'a file now');
      },
      (m) => warnings.push(m),
    );
    expect(lstatSync(join(box.root, 'link.js')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(box.root, 'link.js'))).toBe('src/app.js');
    expect(warnings).toEqual(['The verifier changed 1 file in the checkout; it was put back as the agent left it.']);
    await undoingChanges(repo(), baseSha, async () => undefined, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
  });
});
