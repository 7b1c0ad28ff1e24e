// Deleted accounts, end to end: GitHub's schemas let the author of an issue,
// pull request, comment, review comment or review be `user: null`. Such an
// author is shown to the model as @ghost with permission none (nobody's
// permission is looked up for it), and the event is handled or skipped exactly
// as it would be with a user. The sender, who acted, is still who is checked
// and credited.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import type { ActionRun } from '../helpers/run-action.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\n";
const APP_V2 = "export function greet(name) {\n  return 'Helo, ' + name + '!';\n}\n";
const GHOST = '@ghost (permission: none)';

let s: Scenario;
afterEach(async () => s?.cleanup());

const firstMessage = (req: { body: any }) => req.body.messages[0].content[0].text as string;

/**
 * Handled as with a user: the run succeeded, nobody's permission was asked for
 * the deleted author, and nothing Deckhand wrote names a ghost (no @-mention,
 * no noreply address).
 */
function expectHandled(run: ActionRun, deleted: string) {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.outputs.conclusion).toBe('success');
  const lookups = s.gh.requests.filter((r) => r.path.includes('/collaborators/')).map((r) => r.path);
  expect(lookups.filter((path) => path.includes('/collaborators/ghost/') || path.includes(`/collaborators/${deleted}/`))).toEqual([]);
  const written = JSON.stringify(s.gh.writes().map((w) => w.body));
  expect(written).not.toMatch(/@ghost\b/);
  expect(written).not.toContain('ghost@users.noreply.github.com');
}

describe('an issue opened by a deleted account', () => {
  it('labeled by a maintainer, is fixed, with its author shown as ghost', async () => {
    s = await scenario({ 'src/app.js': APP }, { users: { alice: 'write', dana: 'write' } });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Greeting has a typo', body: 'It says Helo.', user: 'dana' });
    s.gh.deleteAccount('dana');
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      (req) => {
        expect(firstMessage(req)).toContain(`# Issue #${issue.number}: Greeting has a typo\n\nOpened by ${GHOST}`);
        return reply(toolUse('Read', { file_path: file }));
      },
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      reply(text('Fix the typo in the greeting\n\nChanged "Helo" to "Hello".')),
    );

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }));

    expectHandled(run, 'dana');
    const branch = 'deckhand/issue-1-greeting-has-a-typo';
    expect(run.outputs.branch).toBe(branch);
    const [commit] = s.gh.git.readCommits([s.gh.refSha(branch)!]);
    // Credit goes to who asked (the sender), never to the deleted author.
    expect(commit!.message).toMatch(/\nCo-authored-by: alice <\d+\+alice@users\.noreply\.github\.com>$/);
    expect(s.gh.createdPulls).toHaveLength(1);
    expect(s.gh.createdPulls[0]!.body).toContain(`Fixes #${issue.number}`);
  });

  it('labeled with another label, is skipped as it would be with a user', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Old report', body: 'Something broke.', user: 'dana' });
    s.gh.deleteAccount('dana');

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'stale', sender: 'alice' }));

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.outputs.conclusion).toBe('skipped');
    expect(run.stdout).toContain('the label is not deckhand');
    expect(s.model.requests).toHaveLength(0);
    expect(s.gh.writes()).toEqual([]);
  });
});

describe('a conversation with a deleted account in it', () => {
  it('shows its comment, review and review comment as ghost, and answers the mention', async () => {
    s = await scenario({ 'src/app.js': APP }, { users: { alice: 'write', bob: 'read', dana: 'write' } });
    s.gh.commitFiles('feature', { 'src/app.js': APP_V2 }, 'Excited greeting');
    const pull = s.gh.addPull({ title: 'Excited greeting', body: 'Adds a mark.', user: 'bob', head: 'feature' });
    s.checkout('feature');
    s.gh.addComment(pull.number, { body: 'I would rather keep it calm.', user: 'dana', createdAt: '2026-01-02T00:00:00Z' });
    s.gh.addReview(pull.number, { body: 'Not convinced by the mark.', user: 'dana', submittedAt: '2026-01-02T01:00:00Z' });
    s.gh.addReviewComment(pull.number, { body: 'This line shouts.', user: 'dana', path: 'src/app.js', line: 2, createdAt: '2026-01-02T02:00:00Z' });
    s.gh.addComment(pull.number, { body: 'It is meant to shout.', user: 'bob', createdAt: '2026-01-02T03:00:00Z' });
    const ask = s.gh.addComment(pull.number, { body: '@deckhand who objected, and why?', user: 'alice', createdAt: '2026-01-03T00:00:00Z' });
    s.gh.deleteAccount('dana');
    s.model.enqueue((req) => {
      const first = firstMessage(req);
      expect(first).toContain('Opened by @bob (permission: read)');
      expect(first).toContain(`### ${GHOST}, comment, 2026-01-02T00:00:00Z\nI would rather keep it calm.`);
      expect(first).toContain(`### ${GHOST}, review, 2026-01-02T01:00:00Z\nNot convinced by the mark.`);
      expect(first).toContain(`- ${GHOST}: This line shouts.`);
      expect(first).toContain('### @bob (permission: read), comment, 2026-01-02T03:00:00Z\nIt is meant to shout.');
      expect(first).toMatch(/### @alice \(permission: write\), comment, .* — THE REQUEST THIS RUN ANSWERS\n@deckhand who objected, and why\?/);
      expect(first).not.toContain('dana');
      return reply(text('A reviewer whose account is gone found the exclamation mark too loud.'));
    });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(ask));

    expectHandled(run, 'dana');
    expect(s.gh.createdComments[0]!.body).toContain('A reviewer whose account is gone found the exclamation mark too loud.');
  });
});

describe('a pull request opened by a deleted account', () => {
  async function ghostPullScenario() {
    s = await scenario({ 'src/app.js': APP }, { users: { alice: 'write', dana: 'write' } });
    s.gh.commitFiles('feature', { 'src/app.js': APP_V2 }, 'Excited greeting');
    const pull = s.gh.addPull({ title: 'Excited greeting', body: 'Adds a mark.', user: 'dana', head: 'feature' });
    s.checkout('feature');
    s.gh.deleteAccount('dana');
    return pull;
  }

  it('a review mentioning it is answered as on any pull request', async () => {
    const pull = await ghostPullScenario();
    const review = s.gh.addReview(pull.number, { body: '@deckhand is the mark needed?', user: 'alice' });
    s.model.enqueue((req) => {
      const first = firstMessage(req);
      expect(first).toContain(`# Pull request #${pull.number}: Excited greeting\n\nOpened by ${GHOST}`);
      expect(first).toMatch(/### @alice \(permission: write\), review, .* — THE REQUEST THIS RUN ANSWERS\n@deckhand is the mark needed\?/);
      expect(first).toContain("+  return 'Helo, ' + name + '!';");
      return reply(text('It is not needed; the greeting reads fine without it.'));
    });

    const run = await s.run('pull_request_review', s.gh.payload.review(review));

    expectHandled(run, 'dana');
    expect(s.gh.createdComments[0]!.body).toContain('It is not needed; the greeting reads fine without it.');
  });

  it('reopened by a maintainer, is reviewed as any pull request is', async () => {
    const pull = await ghostPullScenario();
    s.model.enqueue((req) => {
      expect(firstMessage(req)).toContain(`Opened by ${GHOST}`);
      return reply(text('One small change; it reads well.'));
    });

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'reopened', { sender: 'alice' }));

    expectHandled(run, 'dana');
    expect(s.gh.createdReviews).toHaveLength(1);
    expect(s.gh.createdReviews[0]!.body).toContain('One small change; it reads well.');
    expect(run.outputs.review_url).toBe(s.gh.createdReviews[0]!.html_url);
  });
});
