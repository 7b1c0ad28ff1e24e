// What a review posts, end to end (issue 13): each comment tagged with its
// severity, the summary counting them, review.min_severity and
// review.max_comments choosing what is posted, and the "Deckhand review"
// check run that fails on review.fail_on.
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\nexport const a = 1;\nexport const b = 2;\n";

let s: Scenario;
afterEach(async () => s?.cleanup());

async function reviewScenario(config = '') {
  s = await scenario({ 'src/app.js': APP, ...(config ? { '.github/deckhand.yml': config } : {}) });
  s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Helo', 'Hi').replace('= 1', '= 10').replace('= 2', '= 20') }, 'Change');
  const pull = s.gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
  s.checkout('feature');
  return pull;
}

const comment = (line: number, body: string, severity?: string) => toolUse('AddReviewComment', { path: 'src/app.js', line, body, ...(severity ? { severity } : {}) });
const inlineOf = (reviewId: number) => s.gh.reviewComments.filter((c) => c.pull_request_review_id === reviewId).map((c) => c.body.split('\n')[0]);

describe('review severities', () => {
  it('tags each comment with its severity and opens the summary with the counts', async () => {
    const pull = await reviewScenario();
    s.model.enqueue(reply(comment(2, 'Greeting changed.', 'blocking'), comment(4, 'Why 10?'), comment(5, 'Name it.', 'nit')), reply(text('Three points.')));

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.code).toBe(0);
    const review = s.gh.createdReviews[0]!;
    expect(inlineOf(review.id)).toEqual(['**[blocking]** Greeting changed.', '**[important]** Why 10?', '**[nit]** Name it.']);
    expect(review.body!.split('\n')[0]).toBe('**Findings:** 1 blocking, 1 important, 1 nit');
    expect(review.body).toContain('Three points.');
  });

  it('review.min_severity leaves out what is below it, and tells the model at once', async () => {
    const pull = await reviewScenario('review:\n  min_severity: important\n');
    s.model.enqueue(reply(comment(2, 'Greeting changed.', 'important'), comment(5, 'Name it.', 'nit')), (req) => {
      const [, nit] = [...req.toolResults.values()];
      expect(nit!.content).toContain('Not added: this review posts only comments of severity important or above (review.min_severity), and this one is nit.');
      return reply(text('One point.'));
    });

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.code).toBe(0);
    const review = s.gh.createdReviews[0]!;
    expect(inlineOf(review.id)).toEqual(['**[important]** Greeting changed.']);
    expect(review.body!.split('\n')[0]).toBe('**Findings:** 0 blocking, 1 important, 0 nit');
  });

  it('review.max_comments keeps the most severe (the first made among equals) and says how many were left out', async () => {
    const pull = await reviewScenario('review:\n  max_comments: 2\n');
    s.model.enqueue(
      reply(comment(2, 'A nit.', 'nit'), comment(4, 'First important.'), comment(5, 'Blocking.', 'blocking'), comment(2, 'Second important.', 'important')),
      reply(text('Four points.')),
    );

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.code).toBe(0);
    const review = s.gh.createdReviews[0]!;
    expect(inlineOf(review.id)).toEqual(['**[important]** First important.', '**[blocking]** Blocking.']);
    expect(review.body!.split('\n')[0]).toBe('**Findings:** 1 blocking, 1 important, 0 nit (2 less severe left out: a review carries at most 2, review.max_comments)');
  });
});

describe('the review check run', () => {
  it.each([
    ['no fail_on: neutral, whatever it found', '', 'neutral'],
    ['fail_on: blocking and a blocking finding: failure', 'review:\n  fail_on: blocking\n', 'failure'],
    ['fail_on: blocking and only important findings: neutral', 'review:\n  fail_on: blocking\n  min_severity: important\n', 'neutral'],
    ['fail_on: important and a blocking finding (worse): failure', 'review:\n  fail_on: important\n', 'failure'],
  ])('%s', async (_, config, conclusion) => {
    const pull = await reviewScenario(config);
    const severity = config.includes('min_severity') ? 'important' : 'blocking';
    s.model.enqueue(reply(comment(2, 'Greeting changed.', severity)), reply(text('Done.')));

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.code).toBe(0);
    const [check] = s.gh.createdCheckRuns;
    expect(check).toMatchObject({ name: 'Deckhand review', head_sha: pull.head.sha, status: 'completed', conclusion });
    expect(check!.output.summary).toContain(s.gh.createdReviews[0]!.html_url);
  });

  it('without checks: write it warns once and the review still posts', async () => {
    const pull = await reviewScenario();
    s.gh.fail({ method: 'POST', path: /\/check-runs$/, status: 403, body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest/checks/runs#create-a-check-run', status: '403' } });
    s.model.enqueue(reply(text('Looks fine.')));

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.code).toBe(0);
    expect(s.gh.createdReviews).toHaveLength(1);
    expect(run.stdout.match(/::warning::Could not create the "Deckhand review" check run/g)).toHaveLength(1);
    expect(run.stdout).toContain('The workflow needs `checks: write`');
  });
});
