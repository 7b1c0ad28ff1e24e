// Who is ignored, and how failures end, end to end: skips write nothing and
// never call the model; failures say why in the tracking comment, which is
// never left "working"; committed work is never lost.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\n";

let s: Scenario;
afterEach(async () => s?.cleanup());

async function issueScenario(users: Record<string, 'write' | 'read' | 'admin'> = { alice: 'write', reader: 'read' }) {
  s = await scenario({ 'src/app.js': APP }, { users });
  s.checkout();
  return s.gh.addIssue({ title: 'Typo', body: 'Helo should be Hello.', user: 'alice' });
}

function expectNothingHappened(run: { code: number | null; outputs: Record<string, string> }) {
  expect(run.code).toBe(0);
  expect(run.outputs.conclusion).toBe('skipped');
  expect(run.outputs.turns).toBe('0');
  expect(run.outputs.cost_usd).toBe('0.0000');
  expect(s.model.requests).toHaveLength(0);
  expect(s.gh.writes()).toEqual([]);
}

describe('skipped events', () => {
  it('a read-only user mentioning it is ignored', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand fix this', user: 'reader' });
    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));
    expectNothingHappened(run);
    expect(run.stdout).toContain('reader has read permission on the repository; write, maintain or admin is needed.');
  });

  it('a bot mentioning it is ignored unless allowed_bots lists it', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand bump deps', user: { login: 'renovate[bot]', type: 'Bot' } });
    expectNothingHappened(await s.run('issue_comment', s.gh.payload.issueComment(comment)));
  });

  it('an edited comment is ignored', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand fix this', user: 'alice' });
    expectNothingHappened(await s.run('issue_comment', s.gh.payload.issueComment(comment, 'edited', { changes: { body: { from: 'fix this' } } })));
  });

  it('its own comment is ignored, whoever the token belongs to', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: 'Asked @deckhand to look.\n\n<!-- deckhand -->', user: 'alice' });
    expectNothingHappened(await s.run('issue_comment', s.gh.payload.issueComment(comment)));
  });
});

describe('failures', () => {
  it('retries the comment update when GitHub answers 502', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand what is wrong here?', user: 'alice' });
    s.gh.fail({ method: 'PATCH', path: /\/issues\/comments\/\d+$/, status: 502, times: 1, body: '<html>Bad gateway</html>' });
    s.model.enqueue(reply(text('The greeting is misspelled.')));

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(0);
    const patches = s.gh.requests.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => r.status)).toEqual([502, 200]);
    expect(s.gh.createdComments[0]!.body).toContain('The greeting is misspelled.');
  });

  it('says in the comment that the model failed, and exits 1', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand explain', user: 'alice' });
    const overloaded = { error: { status: 529, type: 'overloaded_error', message: 'Overloaded', headers: { 'retry-after-ms': '1' } } };
    s.model.enqueue(overloaded, overloaded, overloaded);

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(1);
    expect(run.outputs.conclusion).toBe('failure');
    const body = s.gh.createdComments[0]!.body;
    expect(body).toContain('❌ **Deckhand failed.** Anthropic API error 529 overloaded_error: Overloaded. (still failing after retries with backoff)');
    expect(body).not.toContain('is working on this');
    expect(run.summary).toContain('Anthropic API error 529');
    expect(run.stdout).toContain('::error::Anthropic API error 529');
  });

  it('keeps what the agent changed before the model failed on a new branch, without opening a pull request', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand fix the typo', user: 'alice' });
    const file = join(s.workspace, 'src/app.js');
    const overloaded = { error: { status: 529, type: 'overloaded_error', message: 'Overloaded', headers: { 'retry-after-ms': '1' } } };
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      overloaded,
      overloaded,
      overloaded,
    );

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(1);
    expect(run.outputs.conclusion).toBe('failure');
    const sha = s.gh.refSha('deckhand/issue-1-typo');
    expect(sha).toBeDefined();
    expect(run.outputs.commit_sha).toBe(sha);
    expect(s.gh.git.text(['show', `${sha}:src/app.js`])).toContain("'Hello, '");
    expect(s.gh.git.text(['log', '-1', '--format=%s', sha!])).toBe('Unfinished work: Deckhand stopped with an error');
    expect(s.gh.createdPulls).toHaveLength(0);
    const body = s.gh.createdComments[0]!.body;
    expect(body).toContain('❌ **Deckhand failed.** Anthropic API error 529');
    expect(body).toContain('The changes made so far are on the branch deckhand/issue-1-typo, with no pull request opened.');
    expect(body).toContain('/compare/main...deckhand/issue-1-typo?expand=1');
  });

  it('keeps unfinished work on a pull request on a branch of its own, not the pull request\'s', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.gh.commitFiles('feature', { 'NOTES.md': 'feature\n' }, 'Feature');
    const pull = s.gh.addPull({ title: 'Greeting', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    const head = s.gh.refSha('feature');
    const comment = s.gh.addComment(pull.number, { body: '@deckhand fix the typo', user: 'alice' });
    const file = join(s.workspace, 'src/app.js');
    const failing = { error: { status: 500, type: 'api_error', message: 'Internal server error', headers: { 'retry-after-ms': '1' } } };
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      failing,
      failing,
      failing,
    );

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(1);
    expect(s.gh.refSha('feature')).toBe(head);
    const branch = run.outputs.branch!;
    expect(branch).toMatch(/^deckhand\//);
    expect(s.gh.git.text(['show', `${s.gh.refSha(branch)}:src/app.js`])).toContain("'Hello, '");
    expect(s.gh.git.text(['rev-parse', `${s.gh.refSha(branch)}^`])).toBe(head);
    expect(s.gh.createdComments[0]!.body).toContain(`/compare/feature...${branch}?expand=1`);
  });

  it('says in one line that the pull request head could not be checked out, before the model is called', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.gh.commitFiles('feature', { 'NOTES.md': 'feature\n' }, 'Feature');
    const pull = s.gh.addPull({ title: 'Greeting', body: '', user: 'alice', head: 'feature' });
    // The job checked out main, from a clone that cannot fetch the pull request.
    s.checkout('main');
    execFileSync('git', ['remote', 'remove', 'origin'], { cwd: s.workspace });
    const comment = s.gh.addComment(pull.number, { body: '@deckhand look at this', user: 'alice' });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(1);
    expect(s.model.requests).toHaveLength(0);
    const body = s.gh.createdComments[0]!.body;
    expect(body).toMatch(/❌ \*\*Deckhand failed\.\*\* Could not check out the pull request head [0-9a-f]{7}: git fetch failed: .*origin.*\. Check out the pull request head in the checkout step/);
    expect(body).not.toContain('unexpectedly');
  });

  it('rejects a malformed event file with one line', async () => {
    s = await scenario({ 'README.md': '# x\n' });
    s.checkout();
    const run = await s.run('issue_comment', '{"action": "created", "issue": ');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`::error::The event file ${join(s.runnerTemp, 'event.json')} (GITHUB_EVENT_PATH) is not valid JSON.`);
    expect(run.stderr).toBe('');
    expect(s.gh.writes()).toEqual([]);
  });

  it('rejects an event payload that lacks a field it needs, naming the field', async () => {
    s = await scenario({ 'README.md': '# x\n' });
    s.checkout();
    const run = await s.run('issue_comment', { action: 'created', issue: { number: 1 }, sender: { login: 'alice' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::The issue_comment event payload is malformed: issue\.title /);
  });

  it('does not overwrite a push made during the run, and says so', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Helo', 'Hi') }, 'Change');
    const pull = s.gh.addPull({ title: 'Hi', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    const comment = s.gh.addComment(pull.number, { body: '@deckhand add an exclamation mark', user: 'alice' });
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      () => {
        // Someone pushes to the branch while the agent works.
        s.gh.commitFiles('feature', { 'NOTES.md': 'pushed meanwhile\n' }, 'Meanwhile');
        return reply(toolUse('Edit', { file_path: file, old_string: "+ name;", new_string: "+ name + '!';" }));
      },
      reply(text('Add an exclamation mark\n\nDone.')),
    );
    const pushed = () => s.gh.refSha('feature');

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(1);
    expect(s.gh.git.text(['show', `${pushed()}:NOTES.md`])).toBe('pushed meanwhile');
    const body = s.gh.createdComments[0]!.body;
    expect(body).toMatch(/❌ \*\*Deckhand failed\.\*\* The branch feature moved since the checkout \(from [0-9a-f]{7} to [0-9a-f]{7}\), so the changes were not committed/);
    expect(body).toContain('Add an exclamation mark');
  });

  it('never commits to the default branch, even when a pull request comes from it', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.gh.commitFiles('release', { 'CHANGES.md': 'v1\n' }, 'Release branch');
    const pull = s.gh.addPull({ title: 'Sync main into release', body: '', user: 'alice', head: 'main', base: 'release' });
    s.checkout('main');
    const main = s.gh.refSha('main');
    const comment = s.gh.addComment(pull.number, { body: '@deckhand fix the typo', user: 'alice' });
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      reply(text('Fix the typo\n\nDone.')),
    );
    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));
    expect(run.code).toBe(1);
    expect(s.gh.refSha('main')).toBe(main);
    expect(s.gh.createdComments[0]!.body).toContain('the default branch: Deckhand never commits to it');
  });

  it('says cancelled in the comment when the job is cancelled', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand run the long job', user: 'alice' });
    s.model.enqueue(() => reply(toolUse('Bash', { command: 'sleep 30' })), reply(text('unused')));
    const run = s.run('issue_comment', s.gh.payload.issueComment(comment), {}, {}, { killWith: 'SIGTERM' });
    const result = await run;
    expect(result.code).toBe(1);
    expect(result.outputs.conclusion).toBe('cancelled');
    expect(s.gh.createdComments[0]!.body).toContain('⏹️ **Deckhand was cancelled.**');
  });
});

describe('dry run', () => {
  it('writes nothing to GitHub and prints the comment, the commit and the pull request it would make', async () => {
    const issue = await issueScenario();
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      reply(text('Fix the greeting typo\n\nChanged Helo to Hello.')),
    );

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' }), { dry_run: 'true' });

    expect(run.code).toBe(0);
    expect(s.gh.writes()).toEqual([]);
    expect(run.stdout).toContain('--- would write: Comment on #1 ---');
    expect(run.stdout).toContain('--- would write: Commit on deckhand/issue-1-typo (new branch) ---');
    expect(run.stdout).toContain("-  return 'Helo, ' + name;\n+  return 'Hello, ' + name;");
    expect(run.stdout).toContain('--- would write: Pull request deckhand/issue-1-typo → main: Fix the greeting typo ---');
    expect(run.summary).toContain('### Dry run: what would have been written to GitHub');
  });

  it('a dry run that fails still prints what it would have written', async () => {
    const issue = await issueScenario();
    const overloaded = { error: { status: 529, type: 'overloaded_error', message: 'Overloaded', headers: { 'retry-after-ms': '1' } } };
    s.model.enqueue(overloaded, overloaded, overloaded);

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' }), { dry_run: 'true' });

    expect(run.code).toBe(1);
    expect(s.gh.writes()).toEqual([]);
    expect(run.stdout).toContain('--- would write: Comment on #1 ---');
    expect(run.stdout).toContain('❌ **Deckhand failed.**');
    expect(run.summary).toContain('### Dry run: what would have been written to GitHub');
  });

  it('a cancellation while a GitHub call is being retried still ends the run as cancelled, comment included', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand explain', user: 'alice' });
    // The comment list keeps failing: Octokit retries it with backoff, which does not listen for the signal.
    s.gh.fail({ method: 'GET', path: /\/issues\/\d+\/comments$/, status: 502, times: 20, body: 'Bad gateway' });
    const retrying = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (s.gh.requests.some((r) => r.method === 'GET' && /\/comments$/.test(r.path))) {
          clearInterval(timer);
          resolve();
        }
      }, 20);
    });
    const started = Date.now();

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), {}, {}, { killWith: 'SIGTERM', killAfter: retrying });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.outputs.conclusion).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(7_500); // inside the runner's grace period
    const [tracking] = s.gh.createdComments;
    expect(tracking!.body).toContain('⏹️ **Deckhand was cancelled.** The run was cancelled.');
    expect(s.model.requests).toHaveLength(0);
  });

  it('a GitHub failure names the call with its real path, and an HTML error page is not pasted into the comment', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand explain', user: 'alice' });
    s.gh.fail({ method: 'GET', path: /\/issues\/1\/comments$/, status: 404, times: 1, body: '<html><body><h1>Not Found</h1></body></html>' });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(1);
    const body = s.gh.createdComments[0]!.body;
    expect(body).toContain('❌ **Deckhand failed.** GitHub API error 404 on GET /repos/octo/widgets/issues/1/comments: an HTML error page');
    expect(body).not.toContain('<h1>');
  });

  it('when GitHub refuses the commit, the changes are kept as a patch in the job summary', async () => {
    const issue = await issueScenario();
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' }), toolUse('Write', { file_path: join(s.workspace, 'NOTES.md'), content: 'Fixed the greeting.\n' }), toolUse('Write', { file_path: join(s.workspace, 'VERSION'), content: '1.0.1' })),
      reply(text('Fix the greeting typo\n\nChanged Helo to Hello.')),
    );
    s.gh.fail({ method: 'POST', path: /\/git\/blobs$/, status: 403, times: 1, body: { message: 'Resource not accessible by integration' } });

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' }));

    expect(run.code).toBe(1);
    expect(s.gh.createdPulls).toHaveLength(0);
    expect(s.gh.createdComments[0]!.body).toContain('The changes were not committed; the job summary holds them as a patch.');
    expect(run.summary).toContain('### The changes that were not committed');
    expect(run.summary).toContain("-  return 'Helo, ' + name;\n+  return 'Hello, ' + name;");
    expect(run.summary).toContain('+++ b/NOTES.md\n@@ -0,0 +1,1 @@\n+Fixed the greeting.');
    // And it applies: to a fresh checkout of the base, it gives what the agent wrote.
    const patch = /````diff\n([\s\S]*?)````/.exec(run.summary)![1]!;
    const fresh = join(s.runnerTemp, 'fresh');
    s.gh.cloneTo(fresh, 'main');
    execFileSync('git', ['apply', '-'], { cwd: fresh, input: patch });
    expect(readFileSync(join(fresh, 'src/app.js'), 'utf8')).toBe(readFileSync(file, 'utf8'));
    expect(readFileSync(join(fresh, 'NOTES.md'), 'utf8')).toBe('Fixed the greeting.\n');
    expect(readFileSync(join(fresh, 'VERSION'), 'utf8')).toBe('1.0.1'); // no newline added
  });
});
