// ci-fix end to end: a failed workflow run wakes the bundled action (the
// workflow_run event as GitHub sends it), which reads the failed job's log from
// the emulator's Actions API — the download answers 302 to a log host that
// refuses a token — fixes the pull request's branch, and says so on it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { jobLog, type WorkflowRunInput } from '../emulators/github.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const SUM = 'export function sum(a, b) {\n  return a + b;\n}\n';
const SUM_BROKEN = 'export function sum(a, b) {\n  return a - b;\n}\n';
const TEST = "import { sum } from './sum.js';\nif (sum(1, 2) !== 3) throw new Error('expected sum(1, 2) to be 3');\n";
/** The workflow Deckhand runs in (GITHUB_WORKFLOW_REF): a failed run of it is never fixed. */
const OWN_WORKFLOW = { GITHUB_WORKFLOW_REF: 'octo/widgets/.github/workflows/ci-fix.yml@refs/heads/main' };

/** The failing assertion as the test step printed it. */
const ASSERTION = "Error: expected sum(1, 2) to be 3";

const failingLog = jobLog([
  { name: 'Run actions/checkout@v4', group: ['with:', '  persist-credentials: false'], lines: ['Syncing repository: octo/widgets'] },
  { name: 'Run npm test', lines: ['> widgets@1.0.0 test', '> node src/sum.test.js', '', `\u001b[31m${ASSERTION}\u001b[39m`, '    at file:///home/runner/work/widgets/src/sum.test.js:2:33', '##[error]Process completed with exit code 1.'] },
]);

let s: Scenario;
afterEach(async () => s?.cleanup());

/** A same-repository pull request from `feature` that broke sum(), checked out at its head. */
async function brokenPull(opts: { users?: Record<string, 'admin' | 'write' | 'read'> } = {}) {
  s = await scenario({ 'src/sum.js': SUM, 'src/sum.test.js': TEST, 'package.json': '{"name":"widgets","scripts":{"test":"node src/sum.test.js"}}\n' }, { users: opts.users ?? { alice: 'write' } });
  s.gh.commitFiles('feature', { 'src/sum.js': SUM_BROKEN }, 'Refactor sum');
  const pull = s.gh.addPull({ title: 'Refactor sum', body: 'Tidies sum().', user: 'alice', head: 'feature' });
  s.checkout('feature');
  return pull;
}

function failedRun(overrides: Partial<WorkflowRunInput> = {}) {
  return s.gh.addWorkflowRun({
    name: 'CI',
    path: '.github/workflows/ci.yml',
    headBranch: 'feature',
    event: 'pull_request',
    conclusion: 'failure',
    actor: 'alice',
    jobs: [
      { name: 'lint', conclusion: 'success', steps: [{ name: 'Set up job', conclusion: 'success' }, { name: 'Run npm run lint', conclusion: 'success' }] },
      {
        name: 'test',
        conclusion: 'failure',
        steps: [
          { name: 'Set up job', conclusion: 'success' },
          { name: 'Run actions/checkout@v4', conclusion: 'success' },
          { name: 'Run npm test', conclusion: 'failure' },
          { name: 'Complete job', conclusion: 'success' },
        ],
        log: failingLog,
      },
    ],
    ...overrides,
  });
}

const firstMessage = (i = 0) => s.model.requests[i]!.body.messages[0].content[0].text as string;

describe('ci-fix on a pull request', () => {
  it('gives the model the failing assertion and the full log, commits the fix to the head branch with the trailer, and comments with the commit', async () => {
    const pull = await brokenPull();
    const headBefore = s.gh.refSha('feature')!;
    const run = failedRun();
    const file = join(s.workspace, 'src/sum.js');
    let logPath = '';
    s.model.enqueue(
      (req) => {
        // The tracking comment is up before the model is asked.
        expect(s.gh.createdComments).toHaveLength(1);
        expect(s.gh.createdComments[0]!.body).toMatch(/^⏳ Deckhand is working on this…/);
        const first = req.body.messages[0].content[0].text as string;
        expect(first).toContain('A workflow run failed on pull request #1.');
        expect(first).toContain('## The failed workflow run');
        expect(first).toContain(`URL: ${run.html_url}`);
        expect(first).toContain('## Failed job: test');
        expect(first).toContain('### Step `Run npm test`');
        // The assertion as printed, its colour codes and the log's timestamps gone.
        expect(first).toContain(`\n${ASSERTION}\n`);
        expect(first).not.toMatch(/\u001b|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z/);
        expect(first).not.toContain('Failed job: lint');
        // The pull request and its diff, as in mention mode.
        expect(first).toContain('# Pull request #1: Refactor sum');
        expect(first).toContain('+  return a - b;');
        logPath = /The job's full log is the file `([^`]+)`/.exec(first)![1]!;
        return reply(toolUse('Read', { file_path: logPath }));
      },
      (req) => {
        const last = req.body.messages.at(-1).content[0];
        // The saved log is readable, whole, timestamps and all.
        expect(last.is_error).toBeFalsy();
        expect(JSON.stringify(last.content)).toContain('Syncing repository: octo/widgets');
        return reply(toolUse('Read', { file_path: file }));
      },
      reply(toolUse('Edit', { file_path: file, old_string: 'a - b', new_string: 'a + b' })),
      reply(text('Restore addition in sum()\n\nThe test job failed: `sum(1, 2)` returned -1 because the refactor subtracted. Changed it back to `a + b`; `node src/sum.test.js` passes.')),
    );

    const result = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, OWN_WORKFLOW);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(logPath.startsWith(s.runnerTemp)).toBe(true);
    expect(readFileSync(logPath, 'utf8')).toContain(ASSERTION);
    // The fix on the pull request's branch, a fast-forward of the failed head.
    const headAfter = s.gh.refSha('feature')!;
    const [commit] = s.gh.git.readCommits([headAfter]);
    expect(commit!.parents).toEqual([headBefore]);
    expect(commit!.message).toBe(
      `Restore addition in sum()\n\nThe test job failed: \`sum(1, 2)\` returned -1 because the refactor subtracted. Changed it back to \`a + b\`; \`node src/sum.test.js\` passes.\n\nDeckhand-CI-Fix: ${run.html_url}`,
    );
    expect(s.gh.git.text(['show', `${headAfter}:src/sum.js`])).toContain('return a + b;');
    expect(result.outputs.branch).toBe('feature');
    expect(result.outputs.commit_sha).toBe(headAfter);
    // One comment on the pull request: what failed and what changed, linking the commit.
    expect(s.gh.createdComments).toHaveLength(1);
    const [comment] = s.gh.createdComments;
    expect(comment!.issue_url).toMatch(new RegExp(`/issues/${pull.number}$`));
    expect(comment!.body).toContain('The test job failed');
    expect(comment!.body).toContain(`**Commit:** [\`${headAfter.slice(0, 7)}\`](https://github.test/octo/widgets/commit/${headAfter})`);
    expect(result.outputs.comment_url).toBe(comment!.html_url);
    expect(s.gh.createdPulls).toHaveLength(0);
  });

  it("takes its policy from the base the pull request has, not the one the event names", async () => {
    await brokenPull();
    s.gh.commitFiles('main', { '.github/deckhand.yml': 'instructions: The base branch says hello.\n' }, 'Config');
    s.gh.commitFiles('release', { '.github/deckhand.yml': 'instructions: The release branch says hello.\n' }, 'Config');
    const run = failedRun();
    // The event says the pull request is against release (read first, beside the lookups); GitHub says main.
    const payload = s.gh.payload.workflowRun(run) as any;
    payload.workflow_run.pull_requests[0].base.ref = 'release';
    s.model.enqueue(reply(text('Nothing to fix here.')));

    const result = await s.run('workflow_run', payload, {}, OWN_WORKFLOW);

    expect(result.code).toBe(0);
    const system = JSON.stringify(s.model.requests[0]!.body.system);
    expect(system).toContain('The base branch says hello.');
    expect(system).not.toContain('The release branch says hello.');
  });

  it('downloads the log from the host the API redirects to without the token, which only the API gets', async () => {
    await brokenPull();
    const run = failedRun();
    s.model.enqueue(reply(text('The failure is a flaky network timeout, not this change: nothing to fix.')));

    const result = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, OWN_WORKFLOW);

    expect(result.code).toBe(0);
    const logsCall = s.gh.requests.find((r) => /\/actions\/jobs\/\d+\/logs$/.test(r.path))!;
    expect(logsCall.status).toBe(302);
    expect(logsCall.headers.authorization).toMatch(/ghs_|token|Bearer/i);
    expect(s.gh.logHostRequests).toHaveLength(1);
    expect(s.gh.logHostRequests[0]!.status).toBe(200);
    expect(s.gh.logHostRequests[0]!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(s.gh.logHostRequests[0]!.headers)).not.toContain(s.gh.token);
    expect(firstMessage()).toContain(ASSERTION);
    // Judged unrelated: nothing committed, and the comment says why.
    expect(result.outputs.commit_sha).toBeUndefined();
    expect(s.gh.createdComments[0]!.body).toContain('flaky network timeout');
  });

  it('skips a failed run of a fork\'s pull request, naming the fork, with no model call and nothing posted', async () => {
    s = await scenario({ 'src/sum.js': SUM });
    s.gh.commitFiles('patch-1', { 'src/sum.js': SUM_BROKEN }, 'Refactor sum');
    s.gh.addPull({ title: 'Refactor sum', body: '', user: 'alice', head: 'patch-1', fork: { owner: 'mallory' } });
    s.checkout('main');
    const run = failedRun({ headBranch: 'patch-1', headRepository: 'mallory/widgets' });

    const result = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, OWN_WORKFLOW);

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('skipped');
    expect(result.stdout).toContain('Deckhand skipped this event: the CI run is of code from mallory/widgets, a fork');
    expect(s.model.requests).toHaveLength(0);
    expect(s.gh.createdComments).toHaveLength(0);
    expect(s.gh.requests.some((r) => r.path.includes('/actions/'))).toBe(false);
  });

  it('skips a run re-run by someone with read permission, though the pusher may write', async () => {
    await brokenPull({ users: { alice: 'write', rita: 'read' } });
    const run = failedRun({ triggeringActor: 'rita' });

    const result = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, OWN_WORKFLOW);

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('skipped');
    expect(result.stdout).toContain('rita (who started the failed run) has read permission on the repository; write, maintain or admin is needed.');
    expect(s.model.requests).toHaveLength(0);
    expect(s.gh.createdComments).toHaveLength(0);
  });

  it('stops at the third attempt in a row: a stop comment naming the limit, no model call, and only once per head', async () => {
    const pull = await brokenPull();
    // Two of Deckhand's CI fixes at the head already, CI still red.
    s.gh.commitFiles('feature', { 'src/sum.js': 'export function sum(a, b) {\n  return a * b;\n}\n' }, 'Try multiplying\n\nDeckhand-CI-Fix: https://github.test/octo/widgets/actions/runs/1');
    s.gh.commitFiles('feature', { 'src/sum.js': 'export function sum(a, b) {\n  return b - a;\n}\n' }, 'Try again\n\nDeckhand-CI-Fix: https://github.test/octo/widgets/actions/runs/2');
    s.checkout('feature');
    const headBefore = s.gh.refSha('feature');
    const run = failedRun();

    const result = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, OWN_WORKFLOW);

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('skipped');
    expect(result.stdout).toContain('the last 2 commits on feature are CI fixes by Deckhand, as many in a row as ci_fix.max_attempts (2) allows, and CI still fails: Deckhand stopped.');
    expect(s.model.requests).toHaveLength(0);
    expect(s.gh.refSha('feature')).toBe(headBefore);
    expect(s.gh.createdComments).toHaveLength(1);
    const [stop] = s.gh.createdComments;
    expect(stop!.issue_url).toMatch(new RegExp(`/issues/${pull.number}$`));
    expect(stop!.body).toContain('🛑 **Deckhand stopped fixing CI on `feature`.**');
    expect(stop!.body).toContain('`ci_fix.max_attempts` (2)');
    expect(stop!.body).toContain(`[the failed run](${run.html_url})`);

    // The same head failing again (a re-run, another workflow) does not say it twice.
    const again = await s.run('workflow_run', s.gh.payload.workflowRun(failedRun({ name: 'Lint' })), {}, OWN_WORKFLOW);
    expect(again.outputs.conclusion).toBe('skipped');
    expect(s.gh.createdComments).toHaveLength(1);

    // Someone else's push resets the count: the next failure is fixed again.
    s.gh.commitFiles('feature', { 'README.md': '# widgets\n' }, 'Add a readme');
    s.checkout('feature');
    s.model.enqueue(reply(text('Not caused by this change.')));
    const reset = await s.run('workflow_run', s.gh.payload.workflowRun(failedRun()), {}, OWN_WORKFLOW);
    expect(reset.outputs.conclusion).toBe('success');
    expect(s.model.requests).toHaveLength(1);
  });

  it('skips a run that succeeded, and one of the workflow Deckhand runs in, without a GitHub call or a model call', async () => {
    await brokenPull();
    const passed = await s.run('workflow_run', s.gh.payload.workflowRun(failedRun({ conclusion: 'success' })), {}, OWN_WORKFLOW);
    expect(passed.outputs.conclusion).toBe('skipped');
    expect(passed.stdout).toContain('Deckhand skipped this event: the CI run concluded success: only a failed or timed-out run is fixed.');

    const own = await s.run('workflow_run', s.gh.payload.workflowRun(failedRun({ name: 'Deckhand CI fix', path: '.github/workflows/ci-fix.yml' })), {}, OWN_WORKFLOW);
    expect(own.outputs.conclusion).toBe('skipped');
    expect(own.stdout).toContain('is of .github/workflows/ci-fix.yml, the workflow Deckhand itself runs in.');

    expect(s.model.requests).toHaveLength(0);
    expect(s.gh.requests.filter((r) => r.method !== 'GET' || r.path.includes('/actions/'))).toEqual([]);
  });

  it('skips when the branch has moved on since the run failed: CI runs again on the new head', async () => {
    await brokenPull();
    const run = failedRun();
    s.gh.commitFiles('feature', { 'src/sum.js': SUM }, 'Fix it by hand');

    const result = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, OWN_WORKFLOW);

    expect(result.outputs.conclusion).toBe('skipped');
    expect(result.stdout).toMatch(/the branch feature has moved on since the failed run \(from [0-9a-f]{7} to [0-9a-f]{7}\)/);
    expect(s.model.requests).toHaveLength(0);
    expect(s.gh.createdComments).toHaveLength(0);
  });
});

describe('ci-fix on a push to the default branch', () => {
  it('fixes it on a new branch named for the run, with a pull request against the default branch and no comment', async () => {
    s = await scenario({ 'src/sum.js': SUM, 'src/sum.test.js': TEST });
    s.gh.commitFiles('main', { 'src/sum.js': SUM_BROKEN }, 'Refactor sum');
    s.checkout('main');
    const mainBefore = s.gh.refSha('main');
    const run = failedRun({ headBranch: 'main', event: 'push' });
    const file = join(s.workspace, 'src/sum.js');
    s.model.enqueue(
      (req) => {
        const first = req.body.messages[0].content[0].text as string;
        expect(first).toContain('A workflow run failed on `main`, the default branch, after a push.');
        expect(first).toContain(ASSERTION);
        expect(first).not.toContain('# Pull request');
        return reply(toolUse('Read', { file_path: file }));
      },
      reply(toolUse('Edit', { file_path: file, old_string: 'a - b', new_string: 'a + b' })),
      reply(text('Restore addition in sum()\n\nThe test job failed on main: the refactor subtracted. Changed it back.')),
    );

    const result = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, OWN_WORKFLOW);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(s.gh.refSha('main')).toBe(mainBefore);
    expect(result.outputs.branch).toBe(`deckhand/ci-fix-${run.id}`);
    const [commit] = s.gh.git.readCommits([s.gh.refSha(`deckhand/ci-fix-${run.id}`)!]);
    expect(commit!.parents).toEqual([mainBefore]);
    expect(commit!.message).toMatch(new RegExp(`\\n\\nDeckhand-CI-Fix: ${run.html_url.replace(/[.]/g, '\\.')}$`));
    expect(s.gh.createdPulls).toHaveLength(1);
    const [pull] = s.gh.createdPulls;
    expect(pull!.base.ref).toBe('main');
    expect(pull!.head.ref).toBe(`deckhand/ci-fix-${run.id}`);
    expect(pull!.title).toBe('Restore addition in sum()');
    expect(pull!.body).toContain(`The failed run: [CI run ${run.id}](${run.html_url}) on \`main\``);
    expect(result.outputs.pr_url).toBe(pull!.html_url);
    expect(s.gh.createdComments).toHaveLength(0);
    expect(existsSync(join(s.workspace, 'src/sum.js'))).toBe(true);

    // A re-run of the same failed run finds its fix branch and opens no second pull request.
    const again = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, OWN_WORKFLOW);
    expect(again.outputs.conclusion).toBe('skipped');
    expect(again.stdout).toContain(`the failed run already has a fix on the branch deckhand/ci-fix-${run.id} (this is a re-run of it).`);
    expect(s.gh.createdPulls).toHaveLength(1);
  });

  it('skips a push to a branch with no pull request', async () => {
    s = await scenario({ 'src/sum.js': SUM });
    s.gh.commitFiles('experiment', { 'src/sum.js': SUM_BROKEN }, 'Try something');
    s.checkout('main');
    const run = failedRun({ headBranch: 'experiment', event: 'push' });

    const result = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, OWN_WORKFLOW);

    expect(result.outputs.conclusion).toBe('skipped');
    expect(result.stdout).toContain('the failed run is on the branch experiment, which has no open pull request and is not the default branch.');
    expect(s.model.requests).toHaveLength(0);
  });
});
