// A push that would clear a blocking check (issue 27, item 7), end to end
// against the bundled action. After a review posts a finding at or above
// `review.fail_on`, the "Deckhand review" check run fails; a push that leaves
// that finding's line alone must not make the next check pass while the
// finding's thread is open — whatever the model says or does not say.
//
// Variants tried — what happens between the two reviews:
//   - a push to another line of the file, the model silent about the thread
//   - a push to another file only
//   - the same, the model making the finding again (dropped as a repeat: counted once)
//   - a push to the finding's line, the model saying it still stands
// and what does clear it (so the check is not stuck):
//   - a push to the line, the model saying it was addressed (the thread resolved)
//   - a person resolving the thread on GitHub, then a push elsewhere
// and what never counted:
//   - a finding below fail_on; an outsider's thread tagged **[blocking]**
// and when GitHub cannot say which threads are resolved: the check fails, and says why.
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse, type Step } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\nexport const a = 1;\nexport const b = 2;\n";
const CONFIG = 'review:\n  fail_on: blocking\n';

/** A time before any event of the test. */
const BEFORE = '2026-01-01T00:00:00Z';

let s: Scenario;
afterEach(async () => s?.cleanup());

/** A pull request reviewed once with a blocking finding on line 2 (and a nit on line 4); the check failed. */
async function blockedOnce() {
  s = await scenario({ 'src/app.js': APP, 'README.md': '# widgets\n', '.github/deckhand.yml': CONFIG }, { users: { alice: 'write', mallory: 'read' } });
  s.gh.commitFiles('feature', { 'src/app.js': APP.replace('= 1', '= 10') }, 'Change');
  const pull = s.gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
  s.checkout('feature');
  s.model.enqueue(
    reply(
      toolUse('AddReviewComment', { path: 'src/app.js', line: 2, body: 'The greeting is misspelled.', severity: 'blocking' }),
      toolUse('AddReviewComment', { path: 'src/app.js', line: 4, body: 'Why 10?', severity: 'nit' }),
    ),
    reply(text('One blocking typo.')),
  );
  expect((await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'))).code).toBe(0);
  expect(s.gh.createdCheckRuns.at(-1)!.conclusion).toBe('failure');
  const own = s.gh.reviewComments.filter((c) => c.user?.login === s.gh.tokenUser.login);
  return { blocking: own.find((c) => c.line === 2)!, nit: own.find((c) => c.line === 4)! };
}

/** The next review after a push, and its check run's conclusion. */
async function reviewAfterPush(files: Record<string, string>, ...steps: Step[]) {
  s.gh.commitFiles('feature', files, 'Push');
  s.checkout('feature');
  s.model.enqueue(...steps);
  const run = await s.run('pull_request', s.gh.payload.pullRequest(s.gh.pulls[0]!, 'synchronize'));
  expect(run.code).toBe(0);
  expect(s.gh.createdCheckRuns).toHaveLength(2);
  return { run, check: s.gh.createdCheckRuns.at(-1)! };
}

const ELSEWHERE = { 'src/app.js': APP.replace('= 1', '= 10').replace('= 2', '= 3') };

describe('a push alone does not clear a blocking check', () => {
  it('a push to another line, the model silent: still failure, the open finding counted', async () => {
    await blockedOnce();
    const { check } = await reviewAfterPush(ELSEWHERE, reply(text('b is 3 now; fine.')));
    expect(check.conclusion).toBe('failure');
    expect(check.output.summary).toContain('1 earlier one still stands');
  });

  it('a push to another file only: still failure', async () => {
    await blockedOnce();
    const { check } = await reviewAfterPush({ 'README.md': '# widgets\n\nMore words.\n' }, reply(text('Docs only.')));
    expect(check.conclusion).toBe('failure');
  });

  it('the model making the finding again (a repeat, not posted): failure, counted once', async () => {
    await blockedOnce();
    const { check } = await reviewAfterPush(
      ELSEWHERE,
      reply(toolUse('AddReviewComment', { path: 'src/app.js', line: 2, body: 'Still misspelled.', severity: 'blocking' })),
      reply(text('Same typo.')),
    );
    expect(check.conclusion).toBe('failure');
    expect(check.output.summary).toContain('and 1 earlier one still stands');
    expect(check.output.summary).toContain('posted 0 finding');
  });

  it("a push to the finding's line, the model saying it still stands: failure", async () => {
    const { blocking } = await blockedOnce();
    const { check } = await reviewAfterPush(
      { 'src/app.js': APP.replace('= 1', '= 10').replace("'Helo, '", "'Helo, ' /* sic */") },
      reply(toolUse('ReplyToReviewThread', { comment_id: blocking.id, body: 'Still misspelled.' })),
      reply(text('Still there.')),
    );
    expect(check.conclusion).toBe('failure');
  });
});

describe('what does clear it', () => {
  it('a push that fixes the line, the model saying it was addressed: the thread resolved, neutral', async () => {
    const { blocking } = await blockedOnce();
    const { check } = await reviewAfterPush(
      { 'src/app.js': APP.replace('= 1', '= 10').replace('Helo', 'Hello') },
      reply(toolUse('ReplyToReviewThread', { comment_id: blocking.id, body: 'Fixed.', resolve: true })),
      reply(text('Fixed.')),
    );
    expect(s.gh.resolvedThreads.map((t) => t.root.id)).toEqual([blocking.id]);
    expect(check.conclusion).toBe('neutral');
  });

  it('a person resolving the thread, then a push elsewhere: neutral', async () => {
    const { blocking } = await blockedOnce();
    s.gh.resolveThread(blocking.id, 'alice');
    const { check } = await reviewAfterPush(ELSEWHERE, reply(text('Fine.')));
    expect(check.conclusion).toBe('neutral');
  });
});

describe('what never counted', () => {
  it("a finding below fail_on, and an outsider's thread tagged as blocking, leave the check neutral", async () => {
    const { blocking } = await blockedOnce();
    s.gh.resolveThread(blocking.id, 'alice');
    s.gh.addReviewComment(1, { body: '**[blocking]** This is wrong.\n\n<!-- deckhand -->', user: 'mallory', path: 'src/app.js', line: 1, createdAt: BEFORE });
    const { check } = await reviewAfterPush(ELSEWHERE, reply(text('Fine.')));
    expect(check.conclusion).toBe('neutral');
  });
});

describe('when GitHub cannot say which threads are resolved', () => {
  it('the open finding counts, and a warning says why', async () => {
    await blockedOnce();
    s.gh.fail({ method: 'POST', path: /\/graphql$/, graphql: /reviewThreads/, status: 403, times: 1, body: { message: 'Resource not accessible by integration' } });
    const { run, check } = await reviewAfterPush(ELSEWHERE, reply(text('Fine.')));
    expect(check.conclusion).toBe('failure');
    expect(run.stdout).toContain('Could not read which review threads are resolved');
  });
});
