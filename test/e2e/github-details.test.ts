// The finer points of the GitHub side, end to end: checking out the PR head,
// progress in the tracking comment, failed checks in the context, a review
// that GitHub refuses, and a failure after a commit that keeps the commit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\n";

let s: Scenario;
afterEach(async () => s?.cleanup());

async function pullScenario(checkoutRef: string) {
  s = await scenario({ 'src/app.js': APP });
  s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Helo', 'Hi') }, 'Say hi');
  const pull = s.gh.addPull({ title: 'Say hi', body: '', user: 'alice', head: 'feature' });
  s.checkout(checkoutRef);
  return pull;
}

const headOf = (dir: string) => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();

describe('the checkout', () => {
  it('fetches and checks out the PR head when the job checked out something else, without storing the token', async () => {
    const pull = await pullScenario('main');
    const comment = s.gh.addComment(pull.number, { body: '@deckhand what changed?', user: 'alice' });
    s.model.enqueue(reply(toolUse('Read', { file_path: join(s.workspace, 'src/app.js') })), reply(text('It says Hi now.')));

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(0);
    expect(headOf(s.workspace)).toBe(pull.head.sha);
    expect([...s.model.requests[1]!.toolResults.values()][0]!.content).toContain("return 'Hi, ' + name;");
    const config = readFileSync(join(s.workspace, '.git/config'), 'utf8');
    expect(config).not.toMatch(/extraheader/i);
    expect(config).not.toContain(s.gh.token);
  });

  it('never touches the network for git when the head is already checked out', async () => {
    const pull = await pullScenario('feature');
    // A remote that cannot be reached: any fetch would fail the run.
    execFileSync('git', ['remote', 'set-url', 'origin', 'http://127.0.0.1:9/nowhere.git'], { cwd: s.workspace });
    const comment = s.gh.addComment(pull.number, { body: '@deckhand what changed?', user: 'alice' });
    s.model.enqueue(reply(text('It says Hi now.')));
    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));
    expect(run.code).toBe(0);
  });
});

describe('the tracking comment', () => {
  it('shows the agent checklist as it works, then the answer', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'x', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand plan it out', user: 'alice' });
    s.model.enqueue(
      reply(
        toolUse('TodoWrite', {
          todos: [
            { content: 'Find the typo', status: 'completed' },
            { content: 'Fix the greeting', status: 'in_progress', activeForm: 'Fixing the greeting' },
            { content: 'Run the tests', status: 'pending' },
          ],
        }),
      ),
      // Long enough for the throttled progress update to go out meanwhile.
      { reply: { content: [text('Planned it.')] }, delayMs: 3_500 },
    );

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(0);
    const updates = s.gh.requests.filter((r) => r.method === 'PATCH').map((r) => (r.body as { body: string }).body);
    expect(updates).toHaveLength(2);
    expect(updates[0]).toContain('- [x] Find the typo\n- [ ] **Fixing the greeting** ⏳\n- [ ] Run the tests');
    expect(updates[1]).toContain('Planned it.');
    expect(updates[1]).not.toContain('⏳');
  });
});

describe('the context', () => {
  it('gives the model the failed checks of the head commit with their summaries', async () => {
    const pull = await pullScenario('feature');
    s.gh.addCheckRun(pull.head.sha, { name: 'unit tests', conclusion: 'failure', output: { title: '2 failed', summary: 'greet() returned "Hi, Bob"' } });
    s.gh.addCheckRun(pull.head.sha, { name: 'lint', conclusion: 'success' });
    s.model.enqueue((req) => {
      const first = req.body.messages[0].content[0].text as string;
      expect(first).toContain('## Failed checks on the head commit\n\n### unit tests — failure\n2 failed\n\ngreet() returned "Hi, Bob"');
      expect(first).not.toContain('### lint');
      return reply(text('The tests expect Hello.'));
    });
    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));
    expect(run.code).toBe(0);
  });
});

describe('publishing failures', () => {
  it('posts the review with every comment in the body when GitHub refuses the inline ones', async () => {
    const pull = await pullScenario('feature');
    s.gh.fail({ method: 'POST', path: /\/pulls\/\d+\/reviews$/, status: 422, times: 1, body: { message: 'Unprocessable Entity', errors: ['Line could not be resolved'] } });
    s.model.enqueue(reply(toolUse('AddReviewComment', { path: 'src/app.js', line: 2, body: 'Say Hello.' })), reply(text('One note.')));

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.code).toBe(0);
    const [review] = s.gh.createdReviews;
    expect(review!.body).toContain('- src/app.js:2 — **[important]** Say Hello.'); // the severity tag (issue 13)
    expect(s.gh.reviewComments.filter((c) => c.pull_request_review_id === review!.id)).toHaveLength(0);
  });

  it('keeps the commit and links it when opening the pull request fails', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'x', user: 'alice' });
    s.gh.fail({ method: 'POST', path: /\/pulls$/, status: 403, times: 1, body: { message: 'Resource not accessible by integration' } });
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      reply(text('Fix the typo\n\nDone.')),
    );

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' }));

    expect(run.code).toBe(1);
    const sha = s.gh.refSha('deckhand/issue-1-typo')!;
    expect(sha).toBeDefined();
    expect(run.outputs.commit_sha).toBe(sha);
    expect(run.outputs.branch).toBe('deckhand/issue-1-typo');
    const body = s.gh.createdComments[0]!.body;
    expect(body).toContain('❌ **Deckhand failed.** GitHub API error 403 on POST /repos/octo/widgets/pulls: Resource not accessible by integration');
    expect(body).toContain(`**Commit:** [\`${sha.slice(0, 7)}\`]`);
  });

  it('goes on without the check runs when the token may not read them, with a warning', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Helo', 'Hi') }, 'Change');
    const pull = s.gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.gh.fail({ method: 'GET', path: /\/check-runs$/, status: 403, times: 1, body: { message: 'Resource not accessible by integration' } });
    s.model.enqueue(reply(text('Looks fine.')));
    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('::warning::Could not read the check runs of the head commit (GitHub API error 403');
    expect(run.stdout).toContain('The workflow needs `checks: read`.');
    expect(s.gh.createdReviews).toHaveLength(1);
  });

  it('when the review cannot be posted, its text and inline comments go to the job summary', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Helo', 'Hi') }, 'Change');
    const pull = s.gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.gh.fail({ method: 'POST', path: /\/pulls\/\d+\/reviews$/, status: 403, times: 1, body: { message: 'Resource not accessible by integration' } });
    s.model.enqueue(reply(toolUse('AddReviewComment', { path: 'src/app.js', line: 2, body: 'Say Hello.' })), reply(text('One greeting to fix.')));
    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('The review was not posted; the job summary holds it.');
    expect(run.summary).toContain('### The review that could not be posted\n\nOne greeting to fix.\n\n- src/app.js:2 (RIGHT) — Say Hello.');
  });
});
