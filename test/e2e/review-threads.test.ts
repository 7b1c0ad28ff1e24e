// A follow-up review closes its own threads (issue 13): on synchronize, its
// earlier comments on lines the new commits touched are given to the model with
// their ids; it replies per thread, resolving the ones that were addressed
// (GraphQL, the one call that needs it) and saying why the others still stand —
// with no new comment on either line.
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\nexport const a = 1;\nexport const b = 2;\n";

let s: Scenario;
afterEach(async () => s?.cleanup());

async function reviewedOnce(config = '') {
  s = await scenario({ 'src/app.js': APP, ...(config ? { '.github/deckhand.yml': config } : {}) }, { users: { alice: 'write' } });
  s.gh.commitFiles('feature', { 'src/app.js': APP.replace('= 1', '= 10').replace('= 2', '= 20') }, 'Change');
  const pull = s.gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
  s.checkout('feature');
  s.model.enqueue(
    reply(toolUse('AddReviewComment', { path: 'src/app.js', line: 4, body: 'Why 10?' }), toolUse('AddReviewComment', { path: 'src/app.js', line: 5, body: 'Why 20?' })),
    reply(text('Two questions.')),
  );
  expect((await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'))).code).toBe(0);
  const own = s.gh.reviewComments.filter((c) => c.user?.login === s.gh.tokenUser.login);
  const [first, second] = own;
  const theirs = s.gh.addReviewComment(pull.number, { body: 'Is this right?', user: 'alice', path: 'src/app.js', line: 2 });
  // The author changes both lines.
  s.gh.commitFiles('feature', { 'src/app.js': APP.replace('= 1', '= 1; // was 10').replace('= 2', '= 20 // on purpose') }, 'Answer the review');
  s.checkout('feature');
  return { pull: s.gh.pulls[0]!, first: first!, second: second!, theirs };
}

describe('a follow-up review and its earlier threads', () => {
  it('replies per thread, resolves the addressed one, posts no new comment on either line, and the check still fails on the one that stands', async () => {
    const { pull, first, second, theirs } = await reviewedOnce('review:\n  fail_on: important\n');
    s.model.enqueue(
      (req) => {
        const message = req.body.messages[0].content[0].text as string;
        expect(message).toContain('## Your earlier comments on lines these commits changed');
        expect(message).toContain(`comment_id ${first.id}: src/app.js line 4`);
        expect(message).toContain(`comment_id ${second.id}: src/app.js line 5`);
        expect(req.body.tools.map((t: { name: string }) => t.name)).toContain('ReplyToReviewThread');
        return reply(
          toolUse('ReplyToReviewThread', { comment_id: first.id, body: 'Addressed: it is 1 again.', resolve: true }),
          toolUse('ReplyToReviewThread', { comment_id: second.id, body: 'Still stands: a comment is not a reason.' }),
          toolUse('ReplyToReviewThread', { comment_id: theirs.id, body: 'Resolving yours.', resolve: true }),
          // Said again as a new comment on the same line: not posted a second time.
          toolUse('AddReviewComment', { path: 'src/app.js', line: 5, body: 'Why 20? (again)' }),
        );
      },
      (req) => {
        const [one, two, three] = [...req.toolResults.values()];
        expect(one!.content).toContain('and the thread will be resolved');
        expect(two!.is_error).toBeFalsy();
        expect(three!.is_error).toBe(true);
        expect(three!.content).toContain('resolve: true is only for threads Deckhand started');
        return reply(text('One fixed, one still open.'));
      },
    );

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'synchronize'));

    expect(run.code).toBe(0);
    const replies = s.gh.reviewComments.filter((c) => c.in_reply_to_id === first.id || c.in_reply_to_id === second.id);
    expect(replies.map((c) => [c.in_reply_to_id, c.body.split('\n')[0]])).toEqual([
      [first.id, 'Addressed: it is 1 again.'],
      [second.id, 'Still stands: a comment is not a reason.'],
    ]);
    expect(s.gh.resolvedThreadRoots).toEqual([first.id]);
    const review = s.gh.createdReviews.at(-1)!;
    expect(s.gh.reviewComments.filter((c) => c.pull_request_review_id === review.id && c.in_reply_to_id === undefined)).toEqual([]);
    expect(s.gh.requests.some((r) => r.method === 'POST' && r.path === '/graphql')).toBe(true);
    expect(run.summary).toContain('Earlier review threads: 2 replied to, 1 resolved');
    expect(run.summary).toContain('1 not repeated from an earlier review');
    // A push alone does not clear a finding that still stands: the follow-up's check fails on it.
    const check = s.gh.createdCheckRuns.at(-1)!;
    expect(check.head_sha).toBe(pull.head.sha);
    expect(check.conclusion).toBe('failure');
    expect(check.output.summary).toContain('and 1 earlier one still stands');
  });

  it('when resolving fails the reply still goes out, with a warning', async () => {
    const { pull, first } = await reviewedOnce();
    s.gh.fail({ method: 'POST', path: /^\/graphql$/, graphql: /reviewThreads|resolveReviewThread/, status: 502, times: 20 });
    s.model.enqueue(reply(toolUse('ReplyToReviewThread', { comment_id: first.id, body: 'Addressed.', resolve: true })), reply(text('Done.')));

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'synchronize'));

    expect(run.code).toBe(0);
    expect(s.gh.reviewComments.some((c) => c.in_reply_to_id === first.id && c.body.startsWith('Addressed.'))).toBe(true);
    expect(s.gh.resolvedThreadRoots).toEqual([]);
    expect(run.stdout).toContain(`::warning::Could not resolve the review thread of comment ${first.id}`);
  });
});
