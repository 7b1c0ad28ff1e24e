// The agent job's changes travel as a binary git patch (issue 32): what the
// publish job's checkout holds once it is applied must be exactly what a
// commit in the agent job would have held — bytes with NULs, a link, an
// executable bit, a removal, line endings the checkout's attributes would
// convert — in real git repositories. And the patch is applied only where
// the outputs say, only what they list.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { binaryPatchOf, changedPaths, readChanges } from '../../src/checkout/changes.js';
import { applyProposal, ProposalRefused, type Proposal } from '../../src/publish/proposal.js';
import type { Writes } from '../../src/publish/writes.js';

let base: string;
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
const repoAt = (root: string) => ({ root, searchPath: process.env.PATH ?? '/usr/bin:/bin' });

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'deckhand-proposal-'));
  const origin = join(base, 'agent');
  mkdirSync(origin);
  git(origin, 'init', '-q', '-b', 'main');
  writeFileSync(join(origin, '.gitattributes'), '*.txt text eol=crlf\n');
  writeFileSync(join(origin, 'keep.txt'), 'one\ntwo\n');
  writeFileSync(join(origin, 'gone.md'), 'to be removed\n');
  writeFileSync(join(origin, 'run.sh'), 'echo hi\n');
  git(origin, 'add', '-A');
  git(origin, 'commit', '-q', '-m', 'base');
  git(base, 'clone', '-q', origin, 'publish');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** The agent job's changes in its checkout. */
function change(root: string) {
  writeFileSync(join(root, 'keep.txt'), 'one\r\ntwo\r\nthree'); // CRLF, no final newline, under an eol attribute
  writeFileSync(join(root, 'logo.bin'), Buffer.from([0, 1, 2, 255, 0, 10, 13, 0]));
  symlinkSync('../outside/target', join(root, 'link'));
  chmodSync(join(root, 'run.sh'), 0o755);
  unlinkSync(join(root, 'gone.md'));
  mkdirSync(join(root, 'new', 'deep'), { recursive: true });
  writeFileSync(join(root, 'new', 'deep', 'file.ts'), 'export const x = 1;\n');
}

async function proposalOf(agent: string): Promise<{ proposal: Proposal; writes: Writes }> {
  const repo = repoAt(agent);
  const baseSha = git(agent, 'rev-parse', 'HEAD').trim();
  const contents = readChanges(agent, await changedPaths(repo, baseSha));
  const scratch = mkdtempSync(join(base, 'scratch-'));
  const patch = Buffer.from(await binaryPatchOf(repo, baseSha, contents, scratch));
  const writes = {
    run: { repository: 'o/r', run_id: '1', event: 'workflow_dispatch', mode: 'task', number: null },
    tracking_comment_id: null,
    base_sha: baseSha,
    commit_to: 'new-branch',
    ended: { kind: 'finished' },
    outcome: null,
    commit: { patch: 'commit.patch', paths: contents.map((c) => c.path) },
    memory: null,
    planned: [],
  } satisfies Writes;
  return { proposal: { writes, patch }, writes };
}

describe("the agent job's patch", () => {
  it('makes the publish checkout hold exactly what the agent changed, as a commit would', async () => {
    const agent = join(base, 'agent');
    change(agent);
    const { proposal } = await proposalOf(agent);
    // The agent's checkout's index is left as it was.
    expect(git(agent, 'diff', '--cached', '--name-only')).toBe('');

    const publish = join(base, 'publish');
    await applyProposal(repoAt(publish), proposal, { workflowChanges: false, scratch: mkdtempSync(join(base, 'scratch-')), findSecret: () => undefined });

    const baseSha = proposal.writes.base_sha;
    const want = readChanges(agent, await changedPaths(repoAt(agent), baseSha));
    const got = readChanges(publish, await changedPaths(repoAt(publish), baseSha));
    expect(got).toEqual(want);
    expect(got.map((c) => [c.path, c.kind])).toEqual([
      ['gone.md', 'deleted'],
      ['keep.txt', 'file'],
      ['link', 'link'],
      ['logo.bin', 'file'],
      ['new/deep/file.ts', 'file'],
      ['run.sh', 'file'],
    ]);
  });

  it('is refused when the publish checkout is not at the commit it was made on, or holds other changes', async () => {
    const agent = join(base, 'agent');
    change(agent);
    const { proposal } = await proposalOf(agent);
    const publish = join(base, 'publish');
    writeFileSync(join(publish, 'stray.txt'), 'left by an earlier step\n');
    await expect(applyProposal(repoAt(publish), proposal, { workflowChanges: false, scratch: mkdtempSync(join(base, 'scratch-')), findSecret: () => undefined })).rejects.toThrow(
      new ProposalRefused(`This job's checkout already differs from ${proposal.writes.base_sha.slice(0, 7)} (stray.txt): publish from a fresh checkout.`),
    );
  });

  it('may change a workflow only when the config allows it', async () => {
    const agent = join(base, 'agent');
    mkdirSync(join(agent, '.github', 'workflows'), { recursive: true });
    writeFileSync(join(agent, '.github', 'workflows', 'ci.yml'), 'on: push\n');
    const { proposal } = await proposalOf(agent);
    const publish = join(base, 'publish');
    const scratch = () => mkdtempSync(join(base, 'scratch-'));
    await expect(applyProposal(repoAt(publish), proposal, { workflowChanges: false, scratch: scratch(), findSecret: () => undefined })).rejects.toThrow(/\.github\/workflows\/ci\.yml is a workflow/);
    await applyProposal(repoAt(publish), proposal, { workflowChanges: true, scratch: scratch(), findSecret: () => undefined });
    expect(git(publish, 'status', '--porcelain')).toBe('?? .github/\n');
  });
});
