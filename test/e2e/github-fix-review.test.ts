// Issue fixes, pull-request reviews and scheduled tasks, end to end against the
// GitHub and Anthropic emulators.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\n";

let s: Scenario;
afterEach(async () => s?.cleanup());

const editApp = (workspace: string) => {
  const file = join(workspace, 'src/app.js');
  return [reply(toolUse('Read', { file_path: file })), reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' }))];
};

describe('fix mode', () => {
  it('an issue labeled deckhand gets a branch, a commit and a pull request that fixes it', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    const main = s.gh.refSha('main')!;
    const issue = s.gh.addIssue({ title: 'Greeting has a typo: “Helo”', body: 'It should say Hello.', user: 'alice' });
    s.model.enqueue(...editApp(s.workspace), reply(text('Fix the typo in the greeting\n\nChanged "Helo" to "Hello" in `src/app.js`.')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }));

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const branch = 'deckhand/issue-1-greeting-has-a-typo-helo';
    expect(run.outputs.branch).toBe(branch);
    const sha = s.gh.refSha(branch)!;
    expect(s.gh.git.readCommits([sha])[0]!.parents).toEqual([main]);
    expect(s.gh.git.text(['show', `${sha}:src/app.js`])).toContain("'Hello, '");
    expect(s.gh.refSha('main')).toBe(main);
    const [pull] = s.gh.createdPulls;
    expect(pull).toMatchObject({ title: 'Fix the typo in the greeting', head: { ref: branch }, base: { ref: 'main' } });
    expect(pull!.body).toContain('Fixes #1');
    expect(pull!.body).toContain('<!-- deckhand -->');
    expect(run.outputs.pr_url).toBe(pull!.html_url);
    const [tracking] = s.gh.createdComments;
    expect(tracking!.body).toContain(`**Pull request:** [#${pull!.number}](${pull!.html_url})`);
  });

  it('with open_pr false links to a compare view instead of opening a pull request', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: '@deckhand fix the typo', user: 'alice' });
    s.model.enqueue(...editApp(s.workspace), reply(text('Fix the typo\n\nDone.')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'opened'), { open_pr: 'false' });

    expect(run.code).toBe(0);
    expect(s.gh.createdPulls).toHaveLength(0);
    expect(s.gh.createdComments[0]!.body).toContain('[Open a pull request](https://github.test/octo/widgets/compare/main...deckhand/issue-1-typo?expand=1)');
  });

  it('a second run on the same issue makes a new branch instead of touching the first', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'x', user: 'alice' });
    s.gh.commitFiles('deckhand/issue-1-typo', { 'other.txt': 'earlier work\n' }, 'Earlier run');
    const earlier = s.gh.refSha('deckhand/issue-1-typo');
    s.model.enqueue(...editApp(s.workspace), reply(text('Fix the typo\n\nDone.')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' }));

    expect(run.outputs.branch).toBe('deckhand/issue-1-typo-2');
    expect(s.gh.refSha('deckhand/issue-1-typo')).toBe(earlier);
  });
});

describe('review mode', () => {
  async function reviewScenario() {
    s = await scenario({ 'src/app.js': APP, 'src/util.js': 'export const id = (x) => x;\n' });
    s.gh.commitFiles('feature', { 'src/app.js': "export function greet(name) {\n  return 'Helo, ' + name + '!!';\n}\n" }, 'Excitement');
    const pull = s.gh.addPull({ title: 'More excitement', body: 'Two marks.', user: 'alice', head: 'feature' });
    s.checkout('feature');
    return pull;
  }

  it('posts one COMMENT review with a valid suggestion, and moves an unanchorable comment into the body', async () => {
    const pull = await reviewScenario();
    s.model.enqueue(
      (req) => {
        const names = (req.body.tools as Array<{ name: string }>).map((t) => t.name);
        expect(names.sort()).toEqual(['AddReviewComment', 'Agent', 'Glob', 'Grep', 'PullRequestDiff', 'Read']);
        return reply(
          toolUse('AddReviewComment', { path: 'src/app.js', line: 2, body: 'Typo: "Helo".', suggestion: "  return 'Hello, ' + name + '!!';" }),
          toolUse('AddReviewComment', { path: 'src/util.js', line: 1, body: 'This helper is unused.' }),
        );
      },
      (req) => {
        const [first, second] = [...req.toolResults.values()];
        expect(first!.content).toBe('Comment added on src/app.js line 2 (RIGHT); it will be posted with the review when you finish.');
        expect(second!.content).toContain('src/util.js');
        expect(second!.content).toContain('will be listed in the review body instead of inline');
        return reply(text('The change is small; one typo remains.'));
      },
    );

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(s.gh.createdComments).toHaveLength(0); // review mode posts no tracking comment
    expect(s.gh.createdReviews).toHaveLength(1);
    const [review] = s.gh.createdReviews;
    expect(review!.state).toBe('COMMENTED');
    expect(review!.body).toContain('The change is small; one typo remains.');
    expect(review!.body).toContain('- src/util.js:1 — **[important]** This helper is unused.'); // the severity tag (issue 13)
    expect(review!.body).toContain(`<!-- deckhand:reviewed-sha=${pull.head.sha} -->`);
    const inline = s.gh.reviewComments.filter((c) => c.pull_request_review_id === review!.id);
    expect(inline).toHaveLength(1);
    expect(inline[0]!.body).toContain("```suggestion\n  return 'Hello, ' + name + '!!';\n```");
    expect(run.outputs.review_url).toBe(review!.html_url);
    expect(s.gh.requests.some((r) => r.method === 'POST' && /\/pulls\/\d+\/reviews$/.test(r.path) && r.status === 422)).toBe(false);
  });

  it('a review stopped by max_turns still posts, with a note saying where it stopped', async () => {
    const pull = await reviewScenario();
    s.model.enqueue(reply(text('Looking at the typo first.'), toolUse('Read', { file_path: join(s.workspace, 'src/app.js') })));
    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'), { max_turns: '1' });
    expect(run.code).toBe(0);
    const [review] = s.gh.createdReviews;
    expect(review!.body).toContain('Looking at the typo first.');
    expect(review!.body).toContain('> ⚠️ Stopped after 1 turn (max_turns is 1).');
  });

  it('on synchronize reviews only what changed since its last review, without repeating a comment', async () => {
    const pull = await reviewScenario();
    s.model.enqueue(
      reply(toolUse('AddReviewComment', { path: 'src/app.js', line: 2, body: 'Typo: "Helo".' })),
      reply(text('First review.')),
    );
    expect((await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'))).code).toBe(0);
    const firstHead = s.gh.refSha('feature')!;

    s.gh.commitFiles('feature', { 'src/util.js': 'export const id = (x) => x;\nexport const twice = (x) => x * 2;\n' }, 'Add twice');
    s.checkout('feature');
    s.model.enqueue(
      (req) => {
        const first = req.body.messages[0].content[0].text as string;
        expect(first).toContain(`you reviewed this pull request before, at ${firstHead.slice(0, 12)}`);
        expect(first).toContain('+export const twice = (x) => x * 2;');
        const changed = first.slice(first.indexOf('## Changed files'));
        expect(changed).toContain('src/util.js');
        expect(changed).not.toContain('src/app.js');
        return reply(
          toolUse('AddReviewComment', { path: 'src/app.js', line: 2, body: 'Typo: "Helo" (again).' }),
          toolUse('AddReviewComment', { path: 'src/util.js', line: 2, body: 'No test for twice.' }),
        );
      },
      reply(text('Second review.')),
    );

    const run = await s.run('pull_request', s.gh.payload.pullRequest(s.gh.pulls[0]!, 'synchronize'));

    expect(run.code).toBe(0);
    const second = s.gh.createdReviews[1]!;
    const inline = s.gh.reviewComments.filter((c) => c.pull_request_review_id === second.id);
    expect(inline.map((c) => `${c.path}:${c.line}`)).toEqual(['src/util.js:2']);
    expect(second.body).not.toContain('again');
    expect(run.summary).toContain('1 not repeated from an earlier review');
  });

  it('a file renamed since the last review keeps its old name in the follow-up review', async () => {
    const pull = await reviewScenario();
    s.model.enqueue(reply(text('First review.')));
    expect((await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'))).code).toBe(0);

    s.gh.commitFiles('feature', { 'src/util.js': null, 'src/identity.js': 'export const id = (x) => x;\n' }, 'Rename util');
    s.checkout('feature');
    s.model.enqueue((req) => {
      const first = req.body.messages[0].content[0].text as string;
      expect(first).toContain('you reviewed this pull request before');
      expect(first).toContain('src/identity.js (from src/util.js) — renamed');
      return reply(text('Second review.'));
    });
    const run = await s.run('pull_request', s.gh.payload.pullRequest(s.gh.pulls[0]!, 'synchronize'));
    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
  });

  it('skips a head it already reviewed', async () => {
    const pull = await reviewScenario();
    s.model.enqueue(reply(text('Reviewed.')));
    await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));
    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'reopened'));
    expect(run.outputs.conclusion).toBe('skipped');
    expect(s.model.requests).toHaveLength(1);
  });
});

describe('task mode', () => {
  it('a scheduled task that changes files opens a pull request on a dated branch', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    s.model.enqueue(...editApp(s.workspace), reply(text('Fix spelling across the code\n\nOne typo fixed.')));

    const run = await s.run('schedule', { schedule: '0 3 * * *' }, { prompt: 'Fix spelling mistakes in the code.' });

    expect(run.code).toBe(0);
    const date = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    expect(run.outputs.branch).toBe(`deckhand/task-${date}-fix-spelling-mistakes-in-the-code`);
    const [pull] = s.gh.createdPulls;
    expect(pull!.title).toBe('Fix spelling across the code');
    expect(pull!.body).not.toContain('Fixes #');
    expect(s.gh.createdComments).toHaveLength(0); // task mode posts no comment
    const [commit] = s.gh.git.readCommits([run.outputs.commit_sha!]);
    expect(commit!.message).not.toContain('Co-authored-by'); // a schedule has nobody who asked
  });

  it('a dispatched task credits the person who dispatched it, and a one-line answer still gets a commit body', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    s.model.enqueue(...editApp(s.workspace), reply(text('Fix spelling across the code')));
    const run = await s.run('workflow_dispatch', { inputs: {}, sender: { login: 'alice', id: 4242, type: 'User' } }, { prompt: 'Fix spelling.' });
    expect(run.code).toBe(0);
    const [commit] = s.gh.git.readCommits([run.outputs.commit_sha!]);
    expect(commit!.message).toMatch(/^Fix spelling across the code\n\nMade by Deckhand: \S+\/actions\/runs\/\S*\n\nCo-authored-by: alice <4242\+alice@users\.noreply\.github\.com>$/);
  });

  it('a task that changes nothing writes nothing to GitHub and reports in the job summary', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    s.model.enqueue(reply(text('Everything is spelled correctly.')));
    const run = await s.run('workflow_dispatch', { inputs: {} }, { prompt: 'Check the spelling.' });
    expect(run.code).toBe(0);
    expect(s.gh.writes()).toEqual([]);
    expect(run.summary).toContain('Everything is spelled correctly.');
  });
});
