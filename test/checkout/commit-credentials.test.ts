// google-github-actions/auth writes its credentials file into the checkout as
// gha-creds-<random>.json: the key to the runner's token exchange. Whatever the
// repository's .gitignore says, and even when the agent committed it locally,
// it is never part of what Deckhand commits or shows as a patch. Real git, a
// real temp repository.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedPaths, patchOf, readChanges } from '../../src/checkout/changes.js';
import { makeSandbox, type Sandbox } from '../helpers/workspace.js';

let box: Sandbox;
let root: string;
let base: string;

const repo = () => ({ root, searchPath: process.env.PATH ?? '/usr/bin:/bin' });
const sh = (args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: box.base } }).trim();
const CREDENTIALS = '{"type": "external_account", "credential_source": {"url": "https://pipelines.actions.example/idtoken"}}\n';

beforeEach(() => {
  box = makeSandbox({ 'a.txt': 'one\n' });
  root = box.root;
  sh(['config', 'user.email', 't@example.com']);
  sh(['config', 'user.name', 'T']);
  base = sh(['rev-parse', 'HEAD']);
});

afterEach(() => box.cleanup());

describe('the gha-creds credentials file', () => {
  it('is left out of the changes, at the root and in a folder, though nothing ignores it', async () => {
    writeFileSync(join(root, 'a.txt'), 'two\n');
    writeFileSync(join(root, 'gha-creds-3f2a9c1d7e8b4a60.json'), CREDENTIALS);
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'sub', 'gha-creds-0011223344556677.json'), CREDENTIALS);
    writeFileSync(join(root, 'sub', 'gha-creds-notes.md'), 'kept\n');
    expect(await changedPaths(repo(), base)).toEqual([
      { path: 'a.txt', deleted: false },
      { path: 'sub/gha-creds-notes.md', deleted: false },
    ]);
  });

  it('is left out when the agent committed it locally, and the patch does not show it', async () => {
    writeFileSync(join(root, 'a.txt'), 'two\n');
    writeFileSync(join(root, 'gha-creds-3f2a9c1d7e8b4a60.json'), CREDENTIALS);
    sh(['add', '-A']);
    sh(['commit', '-qm', 'agent work']);
    const changes = await changedPaths(repo(), base);
    expect(changes).toEqual([{ path: 'a.txt', deleted: false }]);
    const patch = await patchOf(repo(), base, readChanges(root, changes));
    expect(patch).toContain('+two');
    expect(patch).not.toContain('gha-creds');
    expect(patch).not.toContain('external_account');
  });
});
