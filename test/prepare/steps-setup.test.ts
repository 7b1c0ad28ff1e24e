// prepare's first steps in-process, against the GitHub emulator over real
// HTTP: the API client, who may wake Deckhand, the model's client, the
// checkout and its sandbox, the new branch's name, and what the mode settles
// before anything is posted.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { specOf } from '../../src/modes/index.js';
import { runSteps } from '../../src/prepare/runner.js';
import { modelClient } from '../../src/prepare/steps/model-client.js';
import { repo, sandbox } from '../../src/prepare/steps/sandbox.js';
import { SetupError } from '../../src/prepare/values.js';
import { AnthropicEmulator, reply, text } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { recordingIo, requestFor, startOf, stepScenario, stepsMaking, type StepScenario } from '../helpers/prepare.js';

let s: StepScenario;
let model: AnthropicEmulator | undefined;
afterEach(async () => {
  await s?.cleanup();
  await model?.stop();
  model = undefined;
});

/** A comment on an issue by `login`, as the issue_comment event carries it. */
function mentionBy(login: string, body = '@deckhand what is this?') {
  const issue = s.gh.addIssue({ title: 'A question', body: 'What is this?', user: 'alice' });
  return s.gh.payload.issueComment(s.gh.addComment(issue.number, { body, user: login }));
}

/** An issue labeled for a fix, by alice. */
function fixIssue(title = 'Fix the typo in README') {
  const issue = s.gh.addIssue({ title, body: 'It says "widgest".', user: 'alice' });
  return { issue, payload: s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }) };
}

/** A pull request from `feature` whose CI run failed; `actor` pushed, `starter` started the run. */
function failedCiRun(actor: string, starter = actor) {
  s.gh.commitFiles('feature', { 'src/a.js': 'export const a = 2;\n' }, 'Make a two');
  const pull = s.gh.addPull({ title: 'Make a two', body: '', user: 'alice', head: 'feature' });
  const run = s.gh.addWorkflowRun({ name: 'CI', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor, triggeringActor: starter });
  return { pull, run, payload: s.gh.payload.workflowRun(run) };
}

describe('api', () => {
  it('stops a mode that answers GitHub when there is no token, naming github_token and GITHUB_REPOSITORY', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    const payload = fixIssue().payload;
    const start = startOf(requestFor({ event: 'issues', payload, workspace: s.base, runnerTemp: s.runnerTemp }));
    const ran = runSteps(stepsMaking(start.spec, ['api']), start, 'api', recordingIo());
    await expect(ran).rejects.toThrow(SetupError);
    await expect(ran).rejects.toThrow('Missing github_token or GITHUB_REPOSITORY: Deckhand needs both to read and answer GitHub events.');
  });

  it('stops a task set on an issue event when there is no token: who sent it must be asked about', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    const payload = fixIssue().payload;
    const start = startOf(requestFor({ event: 'issues', payload, inputs: { mode: 'task', prompt: 'Tidy up.' }, workspace: s.base, runnerTemp: s.runnerTemp }));
    expect(start.spec.mode).toBe('task');
    await expect(runSteps(stepsMaking(start.spec, ['authorized']), start, 'authorized', recordingIo())).rejects.toThrow(
      'Missing github_token or GITHUB_REPOSITORY: Deckhand needs both to read and answer GitHub events.',
    );
  });

  it('makes no client, and no error, for a task without a token', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    const start = startOf(requestFor({ event: 'workflow_dispatch', payload: {}, inputs: { prompt: 'Bump the dependencies.' }, workspace: s.base, runnerTemp: s.runnerTemp }));
    expect(start.spec.mode).toBe('task');
    const ran = await runSteps(stepsMaking(start.spec, ['api', 'place']), start, 'place', recordingIo());
    expect(ran.kind).toBe('done');
    expect(ran.kind === 'done' && ran.values.api).toBeUndefined();
    expect(ran.kind === 'done' && ran.values.place.repoName).toBe('(unknown)');
  });

  it('a client for the token talks to the repository on GitHub', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    const start = s.start('issues', fixIssue().payload);
    const ran = await runSteps(stepsMaking(start.spec, ['api']), start, 'api', recordingIo());
    if (ran.kind !== 'done') throw new Error('skipped');
    expect((await ran.values.api!.repository()).default_branch).toBe('main');
    expect(s.gh.requests.at(-1)?.headers.authorization).toContain(s.gh.token);
  });
});

describe('authorized', () => {
  it('skips a sender with read permission, naming them and the permission needed', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' }, { users: { alice: 'write', bob: 'read' } });
    const start = s.start('issue_comment', mentionBy('bob'));
    const ran = await runSteps(stepsMaking(start.spec, ['authorized']), start, 'authorized', recordingIo());
    expect(ran).toEqual({ kind: 'skip', reason: 'bob has read permission on the repository; write, maintain or admin is needed.' });
  });

  it('lets a sender with write permission through', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' }, { users: { alice: 'write' } });
    const start = s.start('issue_comment', mentionBy('alice'));
    const ran = await runSteps(stepsMaking(start.spec, ['authorized']), start, 'authorized', recordingIo());
    expect(ran).toMatchObject({ kind: 'done', values: { authorized: true } });
    expect(s.gh.requests.filter((r) => r.path.endsWith('/collaborators/alice/permission'))).toHaveLength(1);
  });

  it('skips a bot that allowed_bots does not list, and lets it through when it is listed', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    const payload = mentionBy('renovate[bot]');
    const refused = s.start('issue_comment', payload);
    expect(await runSteps(stepsMaking(refused.spec, ['authorized']), refused, 'authorized', recordingIo())).toEqual({
      kind: 'skip',
      reason: 'renovate[bot] is a bot, and allowed_bots does not list it.',
    });
    const allowed = s.start('issue_comment', payload, { allowed_bots: 'dependabot, renovate' });
    expect(await runSteps(stepsMaking(allowed.spec, ['authorized']), allowed, 'authorized', recordingIo())).toMatchObject({ kind: 'done' });
  });

  it('a ci-fix checks who pushed the failed commit and who started the run: either without write is a skip', async () => {
    s = await stepScenario({ 'src/a.js': 'export const a = 1;\n' }, { users: { alice: 'write', bob: 'read', carol: 'write' } });
    const startedByBob = s.start('workflow_run', failedCiRun('alice', 'bob').payload);
    expect(startedByBob.spec.mode).toBe('ci-fix');
    expect(await runSteps(stepsMaking(startedByBob.spec, ['authorized']), startedByBob, 'authorized', recordingIo())).toEqual({
      kind: 'skip',
      reason: 'bob (who started the failed run) has read permission on the repository; write, maintain or admin is needed.',
    });
    const pushedByBob = s.start('workflow_run', s.gh.payload.workflowRun(s.gh.addWorkflowRun({ name: 'CI', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor: 'bob', triggeringActor: 'carol' })));
    expect(await runSteps(stepsMaking(pushedByBob.spec, ['authorized']), pushedByBob, 'authorized', recordingIo())).toEqual({
      kind: 'skip',
      reason: 'bob (who pushed the failed commit) has read permission on the repository; write, maintain or admin is needed.',
    });
    const both = s.start('workflow_run', s.gh.payload.workflowRun(s.gh.addWorkflowRun({ name: 'CI', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor: 'alice', triggeringActor: 'carol' })));
    expect(await runSteps(stepsMaking(both.spec, ['authorized']), both, 'authorized', recordingIo())).toMatchObject({ kind: 'done' });
    const asked = s.gh.requests.filter((r) => r.path.includes('/collaborators/')).map((r) => r.path.split('/').at(-2));
    expect(asked).toEqual(expect.arrayContaining(['alice', 'bob', 'carol']));
  });
});

describe('modelClient', () => {
  it('stops the anthropic provider with no key, no token and no base URL, naming the input', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    const { request } = s.start('issue_comment', mentionBy('alice'), {}, { model: {} });
    const ran = runSteps([modelClient], { request, authorized: true }, 'modelClient', recordingIo());
    await expect(ran).rejects.toThrow(SetupError);
    await expect(ran).rejects.toThrow('Missing API key: set the anthropic_api_key input (or the ANTHROPIC_API_KEY environment variable).');
  });

  it('makes a client from a base URL alone, which reaches that server without a key', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    model = await new AnthropicEmulator().start();
    model.enqueue(reply(text('hello from the gateway')));
    const { request } = s.start('issue_comment', mentionBy('alice'), {}, { model: { baseURL: model.url } });
    const ran = await runSteps([modelClient], { request, authorized: true }, 'modelClient', recordingIo());
    if (ran.kind !== 'done') throw new Error('skipped');
    const response = await ran.values.modelClient.send(
      { model: 'claude-sonnet-5-5', system: [], messages: [{ role: 'user', content: 'hi' }], tools: [], maxTokens: 64 },
      new AbortController().signal,
    );
    expect(response.content).toEqual([{ type: 'text', text: 'hello from the gateway' }]);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.headers['x-api-key']).toBeUndefined();
    expect(model.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('repo', () => {
  it('stops with one line naming GITHUB_WORKSPACE when the workspace does not exist', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    const missing = join(s.base, 'no-such-checkout');
    const { request } = s.start('issue_comment', mentionBy('alice'), {}, { workspace: missing });
    const ran = runSteps([repo], { request, authorized: true }, 'repo', recordingIo());
    await expect(ran).rejects.toThrow(SetupError);
    await expect(ran).rejects.toThrow(`The workspace ${missing} does not exist. Check GITHUB_WORKSPACE and the checkout step.`);
  });

  it('is the checkout by its real path when the workspace is reached through a symlink', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    s.checkout();
    const link = join(s.base, 'link-to-workspace');
    symlinkSync(s.workspace, link);
    const { request } = s.start('issue_comment', mentionBy('alice'), {}, { workspace: link });
    const ran = await runSteps([repo], { request, authorized: true }, 'repo', recordingIo());
    expect(ran).toMatchObject({ kind: 'done', values: { repo: { root: s.workspace } } });
  });
});

describe.skipIf(!bwrapWorks)('sandbox', () => {
  const sandboxLine = (logs: string[]) => logs.filter((line) => line.startsWith('Sandbox: '));

  it('is probed at once for a mode that runs commands, before anyone asks for it', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    s.checkout();
    const { request } = s.start('issue_comment', mentionBy('alice'));
    const io = recordingIo();
    const ran = await runSteps([repo, sandbox], { request, spec: specOf('fix'), authorized: true, network: { kind: 'off' } }, 'sandbox', io);
    expect(ran.kind).toBe('done');
    await vi.waitFor(() => expect(sandboxLine(io.logs)).toHaveLength(1), { timeout: 5_000, interval: 5 });
  });

  it('is probed for a review only when asked, and once however often it is asked', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    s.checkout();
    const { request } = s.start('issue_comment', mentionBy('alice'));
    const io = recordingIo();
    const ran = await runSteps([repo, sandbox], { request, spec: specOf('review'), authorized: true, network: { kind: 'off' } }, 'sandbox', io);
    if (ran.kind !== 'done') throw new Error('skipped');
    // A probe takes some tens of milliseconds here: had it started, it would have said so by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sandboxLine(io.logs)).toEqual([]);
    const [first, second] = await Promise.all([ran.values.sandbox(), ran.values.sandbox()]);
    expect(first.kind).toBe('sandboxed');
    expect(second).toBe(first);
    expect(sandboxLine(io.logs)).toHaveLength(1);
  });
});

describe('branchName', () => {
  it('is a SetupError when branch_prefix makes a name git refuses', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    const { issue, payload } = fixIssue();
    const start = s.start('issues', payload, { branch_prefix: 'deckhand..' });
    const ran = runSteps(stepsMaking(start.spec, ['branchName']), start, 'branchName', recordingIo());
    await expect(ran).rejects.toThrow(SetupError);
    await expect(ran).rejects.toThrow(`The branch name deckhand..issue-${issue.number}-fix-the-typo-in-readme is not valid: check the branch_prefix input.`);
  });

  it("names a fix's branch deckhand/issue-<N>-<slug of the issue's title>", async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    const { issue, payload } = fixIssue('Crash when the name has an accent (é)!');
    const start = s.start('issues', payload);
    const ran = await runSteps(stepsMaking(start.spec, ['branchName']), start, 'branchName', recordingIo());
    expect(ran).toMatchObject({ kind: 'done', values: { branchName: `deckhand/issue-${issue.number}-crash-when-the-name-has-an-accent-e` } });
  });
});

describe('started and settled', () => {
  it("logs the run's line: the mode, the issue and who asked", async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    s.checkout();
    s.gh.addIssue({ title: 'One', body: '', user: 'alice' });
    s.gh.addIssue({ title: 'Two', body: '', user: 'alice' });
    const { payload } = fixIssue();
    const start = s.start('issues', payload);
    const io = recordingIo();
    const ran = await runSteps(stepsMaking(start.spec, ['started']), start, 'started', io);
    expect(ran.kind).toBe('done');
    expect(io.logs).toContain('Deckhand: fix mode on issues #3, asked by alice.');
  });

  it('says a dry run is one', async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    s.checkout();
    const { issue, payload } = fixIssue();
    const start = s.start('issues', payload, { dry_run: 'true' });
    const io = recordingIo();
    await runSteps(stepsMaking(start.spec, ['started']), start, 'started', io);
    expect(io.logs).toContain(`Deckhand: fix mode on issues #${issue.number}, asked by alice (dry run).`);
  });

  it('a ci-fix whose branch moved on since the run failed is a skip, and nothing is posted', async () => {
    s = await stepScenario({ 'src/a.js': 'export const a = 1;\n' });
    s.checkout();
    const { payload, run } = failedCiRun('alice');
    const moved = s.gh.commitFiles('feature', { 'src/a.js': 'export const a = 3;\n' }, 'Fix it by hand');
    const start = s.start('workflow_run', payload);
    const io = recordingIo();
    const ran = await runSteps(stepsMaking(start.spec, ['tracking']), start, 'tracking', io);
    expect(ran).toEqual({
      kind: 'skip',
      reason: `the branch feature has moved on since the failed run (from ${run.head_sha.slice(0, 7)} to ${moved.slice(0, 7)}): its CI runs again on the new head.`,
    });
    expect(s.gh.writes()).toEqual([]);
    expect(io.logs.filter((line) => line.startsWith('Deckhand:'))).toEqual([]);
  });

  it("a ci-fix on a branch still at the failed commit settles on the run's pull request and logs the failed run", async () => {
    s = await stepScenario({ 'src/a.js': 'export const a = 1;\n' });
    s.checkout();
    const { payload, pull, run } = failedCiRun('alice');
    const start = s.start('workflow_run', payload);
    const io = recordingIo();
    const ran = await runSteps(stepsMaking(start.spec, ['started']), start, 'started', io);
    if (ran.kind !== 'done') throw new Error(`skipped: ${ran.reason}`);
    expect(ran.values.started.trigger).toMatchObject({ number: pull.number, isPullRequest: true });
    expect(ran.values.started.policyFiles?.ref).toBe('main');
    expect(io.logs).toContain(`Deckhand: ci-fix mode on workflow_run #${pull.number}, the failed run ${run.id} of feature, pushed by alice.`);
  });
});

describe('tempDir', () => {
  it("is the run's own folder under RUNNER_TEMP", async () => {
    s = await stepScenario({ 'README.md': '# widgets\n' });
    mkdirSync(s.workspace);
    const start = s.start('issue_comment', mentionBy('alice'));
    const ran = await runSteps(stepsMaking(start.spec, ['tempDir']), start, 'tempDir', recordingIo());
    if (ran.kind !== 'done') throw new Error('skipped');
    expect(ran.values.tempDir.startsWith(join(s.runnerTemp, 'deckhand-'))).toBe(true);
  });
});
