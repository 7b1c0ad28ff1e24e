// The last of prepare's steps in-process: the checkout the agent starts on
// (a real git clone of the emulator's repository), the mode's plan, the
// policy's tools and what the agent and publishing are handed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VERIFY_ROUNDS } from '../../src/config/repo.js';
import { runSteps } from '../../src/prepare/runner.js';
import { CheckoutError } from '../../src/prepare/steps/checkout.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { recordingIo, stepScenario, stepsMaking, type StepScenario } from '../helpers/prepare.js';

let s: StepScenario;
afterEach(async () => s?.cleanup());

const APP = 'export const greet = (name) => "Hello " + name;\n';
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

function fixIssue(title = 'Greeting lacks a comma') {
  const issue = s.gh.addIssue({ title, body: 'It says "Hello name".', user: 'alice' });
  return { issue, payload: s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }) };
}

function featurePull() {
  s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Hello', 'Hello,') }, 'Add a comma');
  return s.gh.addPull({ title: 'Add a comma', body: 'Reads better.', user: 'alice', head: 'feature' });
}

/** Runs prepare's steps for the event up to `last`; a skip fails the test. */
async function made<K extends 'checkout' | 'plan' | 'policy' | 'prepared'>(event: string, payload: unknown, last: K, inputs: Record<string, string> = {}, io = recordingIo()) {
  const start = s.start(event, payload, inputs);
  const ran = await runSteps(stepsMaking(start.spec, [last]), start, last, io);
  if (ran.kind !== 'done') throw new Error(`skipped: ${ran.reason}`);
  await io.end();
  return ran.values[last];
}

describe('checkout', () => {
  it('warns, for a mode that changes files, that a folder without git cannot be committed from', async () => {
    s = await stepScenario({ 'src/app.js': APP });
    mkdirSync(s.workspace);
    writeFileSync(join(s.workspace, 'README.md'), '# not a clone\n');
    const io = recordingIo();
    const checkout = await made('issues', fixIssue().payload, 'checkout', {}, io);
    expect(checkout).toEqual({ baseSha: '', gitStatus: '' });
    expect(io.warnings).toEqual([`${s.workspace} is not a git checkout: Deckhand can run, but cannot commit what it changes.`]);
  });

  it('a review on a checkout of the default branch fetches the pull request head and checks it out, without a warning', async () => {
    s = await stepScenario({ 'src/app.js': APP });
    s.checkout('main');
    const pull = featurePull();
    const io = recordingIo();
    const checkout = await made('pull_request', s.gh.payload.pullRequest(pull, 'opened'), 'checkout', {}, io);
    expect(checkout.baseSha).toBe(pull.head.sha);
    expect(git(s.workspace, 'rev-parse', 'HEAD')).toBe(pull.head.sha);
    expect(checkout.gitStatus).toContain('HEAD (no branch)');
    expect(io.warnings).toEqual([]);
  });

  it('does not fetch when the pull request head is already checked out: an unreachable origin does not matter', async () => {
    s = await stepScenario({ 'src/app.js': APP });
    const pull = featurePull();
    s.checkout('feature');
    git(s.workspace, 'remote', 'set-url', 'origin', join(s.base, 'no-such-remote.git'));
    const checkout = await made('pull_request', s.gh.payload.pullRequest(pull, 'opened'), 'checkout');
    expect(checkout.baseSha).toBe(pull.head.sha);
  });

  it('when the head must be fetched and cannot be, stops with a CheckoutError saying what to check out', async () => {
    s = await stepScenario({ 'src/app.js': APP });
    const pull = featurePull();
    s.checkout('main');
    git(s.workspace, 'remote', 'set-url', 'origin', join(s.base, 'no-such-remote.git'));
    const failed = made('pull_request', s.gh.payload.pullRequest(pull, 'opened'), 'checkout');
    await expect(failed).rejects.toThrow(CheckoutError);
    await expect(failed).rejects.toThrow(`Could not check out the pull request head ${pull.head.sha.slice(0, 7)}`);
    await expect(failed).rejects.toThrow('Check out the pull request head in the checkout step (ref: github.event.pull_request.head.sha).');
  });
});

describe('plan', () => {
  it('a fix plans a new branch, by the name branchName made, that fixes the issue', async () => {
    s = await stepScenario({ 'src/app.js': APP });
    s.checkout();
    const { issue, payload } = fixIssue();
    const plan = await made('issues', payload, 'plan');
    expect(plan.commit).toMatchObject({ kind: 'new-branch', name: `deckhand/issue-${issue.number}-greeting-lacks-a-comma`, fixes: issue.number });
    expect(plan.firstMessage).toContain('Greeting lacks a comma');
    expect(plan.review).toBeUndefined();
  });

  it("a mention on a pull request of this repository plans commits to its head branch, and comments as suggestions", async () => {
    s = await stepScenario({ 'src/app.js': APP });
    s.checkout();
    const pull = featurePull();
    const asked = s.gh.addComment(pull.number, { body: '@deckhand tidy this up', user: 'alice' });
    const plan = await made('issue_comment', s.gh.payload.issueComment(asked), 'plan');
    expect(plan.commit).toMatchObject({ kind: 'pr-head', branch: 'feature' });
    expect(plan.review).toMatchObject({ kind: 'suggestions' });
  });

  it('a review plans no commit, and a review', async () => {
    s = await stepScenario({ 'src/app.js': APP });
    s.checkout();
    const plan = await made('pull_request', s.gh.payload.pullRequest(featurePull(), 'opened'), 'plan');
    expect(plan.commit).toEqual({ kind: 'none' });
    expect(plan.review).toMatchObject({ kind: 'review' });
  });
});

describe('policy', () => {
  it('a review offers the tools that read, and no Bash, Edit or Write', async () => {
    s = await stepScenario({ 'src/app.js': APP });
    s.checkout();
    const policy = await made('pull_request', s.gh.payload.pullRequest(featurePull(), 'opened'), 'policy');
    const names = policy.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['Read', 'Glob', 'Grep']));
    expect(names).not.toContain('Bash');
    expect(names).not.toContain('Edit');
    expect(names).not.toContain('Write');
    expect(policy.sandbox).toBeUndefined();
  });

  it.skipIf(!bwrapWorks)('a fix offers Bash, run in the OS sandbox', async () => {
    s = await stepScenario({ 'src/app.js': APP });
    s.checkout();
    const policy = await made('issues', fixIssue().payload, 'policy');
    expect(policy.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['Bash', 'Edit', 'Read']));
    expect(policy.sandbox).toBeDefined();
  });
});

describe('prepared', () => {
  it("a fix in a git checkout is verified, with the run's model", async () => {
    s = await stepScenario({ 'src/app.js': APP, '.github/deckhand.yml': 'model: claude-config-model\n' });
    s.checkout();
    const prepared = await made('issues', fixIssue().payload, 'prepared');
    expect(prepared.verify).toEqual({ model: 'claude-config-model', rounds: DEFAULT_VERIFY_ROUNDS });
    expect(prepared.baseSha).toBe(s.gh.refSha('main'));
    expect(prepared.root).toBe(s.workspace);
  });

  it('a fix is not verified when the workflow turns verify off, nor when the checkout is no git checkout', async () => {
    s = await stepScenario({ 'src/app.js': APP });
    s.checkout();
    const { payload } = fixIssue();
    expect((await made('issues', payload, 'prepared', { verify: 'off' })).verify).toBeUndefined();
    rmSync(join(s.workspace, '.git'), { recursive: true, force: true }); // the files, but no git checkout
    expect((await made('issues', payload, 'prepared')).verify).toBeUndefined();
  });

  it('a review is never verified: it commits nothing', async () => {
    s = await stepScenario({ 'src/app.js': APP, '.github/deckhand.yml': 'verify: auto\n' });
    s.checkout();
    const prepared = await made('pull_request', s.gh.payload.pullRequest(featurePull(), 'opened'), 'prepared');
    expect(prepared.verify).toBeUndefined();
    expect(prepared.plan.commit.kind).toBe('none');
  });

  it('names each repository instruction by its file and the branch it was read from', async () => {
    s = await stepScenario({
      'src/app.js': APP,
      '.github/deckhand.yml': 'instructions: Keep the greeting short.\n',
      'AGENTS.md': 'Run the tests with npm test.\n',
      'CLAUDE.md': 'Be brief.\n',
    });
    s.checkout();
    const prepared = await made('issues', fixIssue().payload, 'prepared');
    expect(prepared.repositoryInstructions).toEqual([
      { source: '.github/deckhand.yml on main', text: 'Keep the greeting short.' },
      { source: 'AGENTS.md on main', text: 'Run the tests with npm test.\n' },
      { source: 'CLAUDE.md on main', text: 'Be brief.\n' },
    ]);
  });

  it("takes the workflow's max_turns over the config's", async () => {
    s = await stepScenario({ 'src/app.js': APP, '.github/deckhand.yml': 'max_turns: 7\n' });
    s.checkout();
    const { payload } = fixIssue();
    expect((await made('issues', payload, 'prepared')).maxTurns).toBe(7);
    expect((await made('issues', payload, 'prepared', { max_turns: '3' })).maxTurns).toBe(3);
  });
});
