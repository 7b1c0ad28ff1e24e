// The tracking comment in-process (prepare/steps/tracking.ts): where it is
// posted, that a review posts none, who Deckhand posts as, and that the
// comment's request goes to GitHub ahead of the context's reads.
import { afterEach, describe, expect, it } from 'vitest';
import { runSteps } from '../../src/prepare/runner.js';
import { recordingIo, stepScenario, stepsMaking, type StepScenario } from '../helpers/prepare.js';

let s: StepScenario;
afterEach(async () => s?.cleanup());

const FILES = { 'README.md': '# widgets\n', 'src/app.js': 'export const greet = (name) => "Hello " + name;\n' };

function mentionOnIssue() {
  const issue = s.gh.addIssue({ title: 'A question', body: 'What is this?', user: 'alice' });
  return { issue, payload: s.gh.payload.issueComment(s.gh.addComment(issue.number, { body: '@deckhand what is this?', user: 'alice' })) };
}

function featurePull() {
  s.gh.commitFiles('feature', { 'src/app.js': 'export const greet = (name) => "Hello, " + name;\n' }, 'Add a comma');
  return s.gh.addPull({ title: 'Add a comma', body: 'Reads better.', user: 'alice', head: 'feature' });
}

describe('posting and tracking', () => {
  it('a mention posts its tracking comment on the issue: working, with a link to the run', async () => {
    s = await stepScenario(FILES);
    s.checkout();
    const { issue, payload } = mentionOnIssue();
    const start = s.start('issue_comment', payload);
    const ran = await runSteps(stepsMaking(start.spec, ['tracking']), start, 'tracking', recordingIo());
    if (ran.kind !== 'done') throw new Error(`skipped: ${ran.reason}`);
    const posted = s.gh.createdComments;
    expect(posted).toHaveLength(1);
    expect(posted[0]!.issue_url).toBe(issue.url);
    expect(posted[0]!.body).toContain('Deckhand is working on this');
    expect(posted[0]!.body).toContain(`(${s.gh.serverUrl}/${s.gh.fullName}/actions/runs/4242)`);
    expect(ran.values.tracking?.id).toBe(posted[0]!.id);
  });

  it('a mention in a review-comment thread posts its tracking comment as a reply in that thread', async () => {
    s = await stepScenario(FILES);
    s.checkout();
    const pull = featurePull();
    const root = s.gh.addReviewComment(pull.number, { body: 'Why a comma?', user: 'bob', path: 'src/app.js', line: 1 });
    const asked = s.gh.addReviewComment(pull.number, { body: '@deckhand explain', user: 'alice', path: 'src/app.js', line: 1, inReplyTo: root.id });
    const start = s.start('pull_request_review_comment', s.gh.payload.reviewComment(asked));
    const ran = await runSteps(stepsMaking(start.spec, ['tracking']), start, 'tracking', recordingIo());
    expect(ran.kind).toBe('done');
    expect(s.gh.createdComments).toEqual([]);
    const replies = s.gh.threadOf(root.id)!.comments.filter((c) => c.user.login === s.gh.tokenUser.login);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain('Deckhand is working on this');
  });

  it('a review posts no tracking comment, and writes nothing to GitHub', async () => {
    s = await stepScenario(FILES);
    s.checkout();
    const start = s.start('pull_request', s.gh.payload.pullRequest(featurePull(), 'opened'));
    expect(start.spec.mode).toBe('review');
    const ran = await runSteps(stepsMaking(start.spec, ['tracking']), start, 'tracking', recordingIo());
    expect(ran).toMatchObject({ kind: 'done', values: { tracking: undefined } });
    expect(s.gh.writes()).toEqual([]);
  });

  it("the comment's request goes to GitHub beside the context's first reads, not after their answers", async () => {
    s = await stepScenario(FILES, { latencyMs: 150 });
    s.checkout();
    const pull = featurePull();
    const asked = s.gh.addComment(pull.number, { body: '@deckhand is this right?', user: 'alice' });
    const start = s.start('issue_comment', s.gh.payload.issueComment(asked));
    const ran = await runSteps(stepsMaking(start.spec, ['context', 'tracking']), start, 'context', recordingIo());
    expect(ran.kind).toBe('done');
    const post = s.gh.requests.find((r) => r.method === 'POST' && r.path.endsWith(`/issues/${pull.number}/comments`));
    const reads = s.gh.requests.filter((r) => r.method === 'GET' && (r.path.includes(`/issues/${pull.number}/`) || r.path.includes(`/pulls/${pull.number}`)));
    // The pull request, its files, reviews, review comments and conversation.
    expect(reads).toHaveLength(5);
    expect(post).toBeDefined();
    // Sent before GitHub had answered any of them: the comment waits for no read.
    const firstAnswer = Math.min(...reads.map((r) => r.answeredAt!));
    expect(post!.receivedAt).toBeLessThan(firstAnswer);
  });
});

describe('self', () => {
  it("is the tracking comment's author, without asking GitHub who the token is", async () => {
    s = await stepScenario(FILES, { tokenUser: 'deckhand-bot' });
    s.checkout();
    const start = s.start('issue_comment', mentionOnIssue().payload);
    const ran = await runSteps(stepsMaking(start.spec, ['self']), start, 'self', recordingIo());
    expect(ran).toMatchObject({ kind: 'done', values: { self: 'deckhand-bot' } });
    expect(s.gh.requests.filter((r) => r.path === '/user')).toEqual([]);
  });

  it('without a tracking comment, is who GitHub says a user token is', async () => {
    s = await stepScenario(FILES, { tokenUser: 'deckhand-bot' });
    s.checkout();
    const start = s.start('pull_request', s.gh.payload.pullRequest(featurePull(), 'opened'));
    const ran = await runSteps(stepsMaking(start.spec, ['self']), start, 'self', recordingIo());
    expect(ran).toMatchObject({ kind: 'done', values: { self: 'deckhand-bot' } });
    expect(s.gh.requests.filter((r) => r.path === '/user')).toHaveLength(1);
  });

  it('without a tracking comment, is unknown for an installation token GitHub will not describe', async () => {
    s = await stepScenario(FILES);
    s.checkout();
    const start = s.start('pull_request', s.gh.payload.pullRequest(featurePull(), 'opened'));
    const ran = await runSteps(stepsMaking(start.spec, ['self']), start, 'self', recordingIo());
    expect(ran).toMatchObject({ kind: 'done', values: { self: undefined } });
    expect(s.gh.requests.filter((r) => r.path === '/user').map((r) => r.status)).toEqual([403]);
  });
});
