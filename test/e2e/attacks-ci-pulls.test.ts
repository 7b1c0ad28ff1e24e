// A failed workflow_run whose `pull_requests` names another repository's pull
// request (issue 27, item 10), end to end on the bundle. GitHub lists every
// open pull request whose head is the run's branch, whatever its base: a
// fork's pull request to itself, an upstream's pull request from this
// repository's branch. Its number means nothing here, or names some other pull
// request of this repository (here #2, from the branch `decoy`): the run must
// never comment on it, check it out or commit to it, and must act on this
// repository's pull request from the run's branch (#1, from `feature`) or skip
// as the fallback decides.
//
// Variants: an entry whose base is a fork, with the number of a real pull
// request here (and the fix committed where it belongs); an entry of another
// owner's repository, head and base; an entry without a base repository (null,
// missing); two entries of which only the second is this repository's; an
// entry whose head is this repository's branch but whose base is another
// repository, on a branch with no pull request here (the fallback skips).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import type { Pull, WorkflowRunPayload } from '../emulators/github.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const SUM = 'export function sum(a, b) {\n  return a + b;\n}\n';
const SUM_BROKEN = 'export function sum(a, b) {\n  return a - b;\n}\n';
const OWN_WORKFLOW = { GITHUB_WORKFLOW_REF: 'octo/widgets/.github/workflows/ci-fix.yml@refs/heads/main' };

let s: Scenario;
afterEach(async () => s?.cleanup());

/** This repository's pull request #1 from `feature` (CI broke there, checked out) and #2 from `decoy`, the number a foreign entry carries. */
async function twoPulls(): Promise<{ pull: Pull; decoy: Pull }> {
  s = await scenario({ 'src/sum.js': SUM }, { users: { alice: 'write' } });
  s.gh.commitFiles('feature', { 'src/sum.js': SUM_BROKEN }, 'Refactor sum');
  const pull = s.gh.addPull({ title: 'Refactor sum', body: 'Tidies sum().', user: 'alice', head: 'feature' });
  s.gh.commitFiles('decoy', { 'README.md': '# decoy\n' }, 'Decoy change');
  const decoy = s.gh.addPull({ title: 'Decoy', body: 'Another change.', user: 'alice', head: 'decoy' });
  expect([pull.number, decoy.number]).toEqual([1, 2]);
  return { pull, decoy };
}

/** A failed CI run on `branch`, with `pull_requests` as `entries` makes it from the entry GitHub would list for this repository's pull request. */
function failedRun(branch: string, entries: (own: Record<string, any> | undefined) => unknown[]): WorkflowRunPayload {
  const run = s.gh.addWorkflowRun({
    name: 'CI',
    path: '.github/workflows/ci.yml',
    headBranch: branch,
    event: 'pull_request',
    conclusion: 'failure',
    actor: 'alice',
    jobs: [{ name: 'test', conclusion: 'failure', steps: [{ name: 'Run npm test', conclusion: 'failure' }] }],
  });
  const payload = s.gh.payload.workflowRun(run);
  payload.workflow_run.pull_requests = entries(structuredClone(payload.workflow_run.pull_requests[0]) as Record<string, any> | undefined) as typeof payload.workflow_run.pull_requests;
  return payload;
}

const repoRef = (fullName: string, id: number) => ({ id, url: `${s.gh.url}/repos/${fullName}`, name: fullName.split('/')[1] });

/** An entry for pull request #2 of another repository, from the branch `feature` (as the run's own). */
function foreign(own: Record<string, any>, base: unknown, head: unknown = own.head.repo): Record<string, any> {
  return { ...own, id: own.id + 7, number: 2, url: `${s.gh.url}/repos/elsewhere/widgets/pulls/2`, head: { ...own.head, repo: head }, base: { ...own.base, repo: base } };
}

/** Nothing was done to pull request #2: no comment, no review, no GET of it, not checked out, its branch untouched. */
function expectDecoyUntouched(decoy: Pull, decoyHead: string) {
  expect(s.gh.createdComments.filter((c) => c.issue_url.endsWith(`/issues/${decoy.number}`))).toEqual([]);
  expect(s.gh.requests.filter((r) => new RegExp(`/(pulls|issues)/${decoy.number}(/|$)`).test(r.path))).toEqual([]);
  expect(s.gh.refSha('decoy')).toBe(decoyHead);
  const checkedOut = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: s.workspace, encoding: 'utf8' }).trim();
  expect(checkedOut).not.toBe(decoyHead);
}

describe('a listed pull request of another repository is never the one ci-fix acts on', () => {
  it('an entry whose base is a fork, numbered like a pull request here: the fix goes to this repository\'s pull request from the branch', async () => {
    const { pull, decoy } = await twoPulls();
    s.checkout('feature');
    const decoyHead = s.gh.refSha('decoy')!;
    const featureHead = s.gh.refSha('feature')!;
    const file = join(s.workspace, 'src/sum.js');
    s.model.enqueue(
      (req) => {
        const first = req.body.messages[0].content[0].text as string;
        expect(first).toContain(`A workflow run failed on pull request #${pull.number}.`);
        expect(first).toContain('# Pull request #1: Refactor sum');
        expect(first).not.toContain('Decoy');
        return reply(toolUse('Read', { file_path: file }));
      },
      reply(toolUse('Edit', { file_path: file, old_string: 'a - b', new_string: 'a + b' })),
      reply(text('Restore addition in sum()\n\nThe refactor subtracted; changed it back.')),
    );
    const payload = failedRun('feature', (own) => [foreign(own!, repoRef('mallory/widgets', 200777))]);

    const result = await s.run('workflow_run', payload, {}, OWN_WORKFLOW);

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(result.outputs.branch).toBe('feature');
    const [commit] = s.gh.git.readCommits([s.gh.refSha('feature')!]);
    expect(commit!.parents).toEqual([featureHead]);
    expect(s.gh.createdComments.map((c) => c.issue_url.split('/').at(-1))).toEqual([String(pull.number)]);
    expectDecoyUntouched(decoy, decoyHead);
  });

  it.each([
    ['of another owner\'s repository, head and base', (own: Record<string, any>) => [foreign(own, repoRef('Codertocat/Hello-World', 186853002), repoRef('Codertocat/Hello-World', 186853002))]],
    ['without a base repository (null)', (own: Record<string, any>) => [foreign(own, null)]],
    ['without a base repository (missing)', (own: Record<string, any>) => [{ ...foreign(own, null), base: { ref: own.base.ref, sha: own.base.sha } }]],
    ['listed before this repository\'s own', (own: Record<string, any>) => [foreign(own, repoRef('mallory/widgets', 200777)), own]],
  ])('an entry %s: the comment is on this repository\'s pull request from the branch', async (_, entries) => {
    const { pull, decoy } = await twoPulls();
    s.checkout('feature');
    const decoyHead = s.gh.refSha('decoy')!;
    s.model.enqueue((req) => {
      expect(req.body.messages[0].content[0].text).toContain(`A workflow run failed on pull request #${pull.number}.`);
      return reply(text('The failure is a flaky network timeout, not this change: nothing to fix.'));
    });

    const result = await s.run('workflow_run', failedRun('feature', (own) => entries(own!)), {}, OWN_WORKFLOW);

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(s.gh.createdComments.map((c) => c.issue_url.split('/').at(-1))).toEqual([String(pull.number)]);
    expect(s.gh.createdComments[0]!.body).toContain('flaky network timeout');
    expectDecoyUntouched(decoy, decoyHead);
  });

  it('an entry whose head is this repository\'s branch but whose base is another repository, on a branch with no pull request here: a skip', async () => {
    const { decoy } = await twoPulls();
    s.gh.commitFiles('upstream-fix', { 'src/sum.js': SUM_BROKEN }, 'Offer a change upstream');
    s.checkout('upstream-fix');
    const decoyHead = s.gh.refSha('decoy')!;
    const here = s.gh.repository();
    const payload = failedRun('upstream-fix', (own) => {
      expect(own).toBeUndefined();
      const sha = s.gh.refSha('upstream-fix')!;
      return [{
        url: `${s.gh.url}/repos/upstream/widgets/pulls/2`,
        id: 990002,
        number: 2,
        head: { ref: 'upstream-fix', sha, repo: { id: here.id, url: here.url, name: here.name } },
        base: { ref: 'main', sha, repo: repoRef('upstream/widgets', 300001) },
      }];
    });

    const result = await s.run('workflow_run', payload, {}, OWN_WORKFLOW);

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('skipped');
    expect(result.stdout).toContain('the failed run is on the branch upstream-fix, which has no open pull request and is not the default branch.');
    expect(s.model.requests).toHaveLength(0);
    expect(s.gh.createdComments).toEqual([]);
    expectDecoyUntouched(decoy, decoyHead);
  });
});
