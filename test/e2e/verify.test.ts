// The verifier and the explore agents, end to end: the bundled action against
// the GitHub and Anthropic emulators, each sub-agent's requests answered from
// a script of its own (picked by its system prompt), as the model API sees them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse, type RecordedRequest, type Step } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { forkInstructions, isExplorer, isVerifier } from '../helpers/subagents.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\n";
const TEST = "import { greet } from './src/app.js';\nif (greet('x') !== 'Hello, x!') {\n  console.error(`expected 'Hello, x!', got '${greet('x')}'`);\n  process.exit(1);\n}\nconsole.log('ok');\n";
const FILES = { 'src/app.js': APP, 'test.js': TEST, 'AGENTS.md': 'Run `node test.js` before you finish.\n' };

const systemText = (body: any): string => (Array.isArray(body?.system) ? body.system.map((b: any) => b.text).join('\n') : String(body?.system ?? ''));
const toolNames = (request: RecordedRequest): string[] => (request.body.tools ?? []).map((tool: any) => tool.name);
const firstText = (request: RecordedRequest): string => request.body.messages[0].content.map((b: any) => b.text ?? '').join('');

let s: Scenario;
afterEach(async () => s?.cleanup());

function editTo(workspace: string, from: string, to: string): Step[] {
  const file = join(workspace, 'src/app.js');
  return [reply(toolUse('Read', { file_path: file })), reply(toolUse('Edit', { file_path: file, old_string: from, new_string: to }))];
}

function transcriptOf(path: string): any[] {
  return readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
}

describe('the verifier', () => {
  it('a FAIL goes back to the agent, which fixes it; the second verdict is PASS and the pull request says so', async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Greeting has a typo', body: 'It should say "Hello, name!".', user: 'alice' });
    let findings = '';
    s.model.enqueue(
      ...editTo(s.workspace, 'Helo', 'Hello'),
      reply(text('Fix the greeting\n\nChanged "Helo" to "Hello".')),
      // The verifier's findings came back as the next user message.
      (request) => {
        const last = request.body.messages.at(-1);
        findings = last.content.map((b: any) => b.text ?? '').join('');
        return reply(toolUse('Edit', { file_path: join(s.workspace, 'src/app.js'), old_string: "'Hello, ' + name", new_string: "'Hello, ' + name + '!'" }));
      },
      reply(text('Fix the greeting\n\nChanged "Helo" to "Hello" and added the "!" the issue asks for.')),
    );
    let firstDiff = '';
    s.model.route(
      isVerifier,
      (request) => {
        firstDiff = firstText(request);
        return reply(toolUse('Bash', { command: 'node test.js' }, 'toolu_v1'));
      },
      (request) => {
        expect(request.toolResults.get('toolu_v1')!.content).toContain("expected 'Hello, x!', got 'Hello, x'");
        return reply(text("`node test.js` fails: expected 'Hello, x!', got 'Hello, x'. The issue asks for the exclamation mark.\n\nVERDICT: FAIL"));
      },
      reply(toolUse('Bash', { command: 'node test.js' }, 'toolu_v2')),
      (request) => {
        expect(request.toolResults.get('toolu_v2')).toMatchObject({ is_error: false });
        expect(request.toolResults.get('toolu_v2')!.content).toContain('ok');
        return reply(text('`node test.js` passes; the change is limited to the greeting.\n\n**VERDICT: PASS**'));
      },
    );

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: '' });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    // The verifier saw the request, the repository's instructions and the diff; the agent got its findings verbatim.
    expect(firstDiff).toContain('It should say "Hello, name!".');
    expect(firstDiff).toContain("-  return 'Helo, ' + name;\n+  return 'Hello, ' + name;");
    const verifierRequests = s.model.requests.filter((r) => isVerifier(r.body));
    expect(systemText(verifierRequests[0]!.body)).toContain('Run `node test.js` before you finish.');
    expect(findings).toContain("`node test.js` fails: expected 'Hello, x!', got 'Hello, x'. The issue asks for the exclamation mark.");
    // A fresh verifier for the second check: its first request holds the new diff, not the first verifier's history.
    expect(verifierRequests).toHaveLength(4);
    expect(verifierRequests[2]!.body.messages).toHaveLength(1);
    expect(firstText(verifierRequests[2]!)).toContain("+  return 'Hello, ' + name + '!';");

    const branch = run.outputs.branch!;
    expect(s.gh.git.text(['show', `${s.gh.refSha(branch)}:src/app.js`])).toContain("'Hello, ' + name + '!'");
    expect(s.gh.createdPulls).toHaveLength(1);
    const [pull] = s.gh.createdPulls;
    expect(pull!.draft).toBe(false);
    expect(pull!.body).toContain('**Verifier: ✅ PASS** (2 checks)');
    expect(pull!.body).toContain('`node test.js` passes; the change is limited to the greeting.');
    // The cost split by agent, in the footer and the summary.
    expect(pull!.body).toMatch(/ · \$\d+\.\d+ \(main \$\d+\.\d+, verifier \$\d+\.\d+\) · /);
    expect(run.summary).toContain('### Verifier');
    expect(run.summary).toContain('**✅ PASS** (2 checks, 1 FAIL sent back to the agent)');
    expect(run.summary).toMatch(/\| verifier \| 2 \| 4 \|/);
    // The transcript tags each sub-agent's entries with its name.
    const entries = transcriptOf(run.outputs.transcript!);
    expect(entries.filter((e) => e.type === 'start').map((e) => e.agent ?? 'main')).toEqual(['main', 'verifier-1', 'verifier-2']);
    expect(entries.find((e) => e.type === 'tool_call' && e.agent === 'verifier-1')).toMatchObject({ name: 'Bash', isError: true });
    expect(entries.filter((e) => e.type === 'transition' && e.reason === 'verification_failed')).toHaveLength(1);
  });

  it('while the verifier works, the tracking comment says it is verifying and what it runs; the answer then replaces it', async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Greeting has a typo', body: 'It should say "Hello, name!".', user: 'alice' });
    s.model.enqueue(...editTo(s.workspace, 'Helo', 'Hello'), reply(text('Fix the greeting\n\nChanged "Helo" to "Hello".')));
    s.model.route(
      isVerifier,
      reply(toolUse('Bash', { command: 'node test.js' })),
      // Checks take a while: long enough for the comment's next update to go out.
      { ...reply(text('`node test.js` fails, but only on the "!" the issue does not ask for here.\n\nVERDICT: PASS')), delayMs: 3_500 },
    );

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: 'auto' });

    expect(run.code).toBe(0);
    const tracking = s.gh.createdComments[0]!;
    const updates = s.gh.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/issues/comments/${tracking.id}`)).map((r) => String(r.body.body));
    const verifying = updates.findIndex((body) => body.includes('🔎 Deckhand is verifying its changes before it publishes them…'));
    expect(verifying).toBeGreaterThanOrEqual(0);
    expect(updates[verifying]).toContain('The verifier is running `Bash(node test.js)`.');
    expect(updates[verifying]).toContain('[Follow the run](');
    // Replaced by the answer, which is the last word.
    expect(updates.at(-1)).toMatch(/^Fix the greeting\n\nChanged "Helo" to "Hello"\./);
    expect(updates.at(-1)).toContain('**Verifier: ✅ PASS** (1 check)');
  });

  it('a FAIL after the last round opens the pull request as a draft that says why', async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Greeting has a typo', body: 'It should say "Hello, name!".', user: 'alice' });
    s.model.enqueue(
      ...editTo(s.workspace, 'Helo', 'Hello'),
      reply(text('Fix the greeting\n\nChanged "Helo" to "Hello".')),
      reply(text('Fix the greeting\n\nI think the verifier is wrong: the issue is only about the typo.')),
    );
    const fail = reply(text('The test still fails: the issue asks for "Hello, name!" and the greeting has no "!".\n\nVERDICT: FAIL'));
    s.model.route(isVerifier, fail, fail);

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: '' });

    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    // Nothing is lost: the work is committed, the pull request opened — as a draft, saying why.
    const [pull] = s.gh.createdPulls;
    expect(pull!.draft).toBe(true);
    expect(pull!.body).toContain('**Verifier: ❌ FAIL** (2 checks). This pull request is a draft because the verifier still found problems:');
    expect(pull!.body).toContain('> The test still fails: the issue asks for "Hello, name!" and the greeting has no "!".');
    expect(s.gh.git.text(['show', `${s.gh.refSha(run.outputs.branch!)}:src/app.js`])).toContain("'Hello, '");
    expect(run.summary).toContain('**❌ FAIL** (2 checks, 1 FAIL sent back to the agent)');
    expect(s.gh.createdComments[0]!.body).toContain('**Verifier: ❌ FAIL** (2 checks). It still found problems:');
  });

  it('a verdict line missing counts as FAIL: "the verifier gave no verdict"', async () => {
    s = await scenario({ ...FILES, '.github/deckhand.yml': 'verify:\n  rounds: 0\n' });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'Fix it.', user: 'alice' });
    s.model.enqueue(...editTo(s.workspace, 'Helo', 'Hello'), reply(text('Fix the typo\n\nDone.')));
    s.model.route(isVerifier, reply(text('Looks fine to me, I suppose.')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: '' });

    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    const [pull] = s.gh.createdPulls;
    expect(pull!.draft).toBe(true);
    expect(pull!.body).toContain('**Verifier: ❌ FAIL** (1 check)');
    expect(pull!.body).toContain('> The verifier gave no verdict.');
  });

  it('verify: off (the input, over the config) sends no verifier request; verify: off in the config alone does too', async () => {
    s = await scenario({ ...FILES, '.github/deckhand.yml': 'verify:\n  when: auto\n' });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'Fix it.', user: 'alice' });
    s.model.enqueue(...editTo(s.workspace, 'Helo', 'Hello'), reply(text('Fix the typo\n\nDone.')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: 'off' });

    expect(run.code).toBe(0);
    expect(s.model.requests.filter((r) => isVerifier(r.body))).toHaveLength(0);
    expect(s.gh.createdPulls[0]!.body).not.toContain('Verifier');
    expect(s.gh.createdPulls[0]!.draft).toBe(false);

    await s.cleanup();
    s = await scenario({ ...FILES, '.github/deckhand.yml': 'verify: false\n' });
    s.checkout();
    const again = s.gh.addIssue({ title: 'Typo', body: 'Fix it.', user: 'alice' });
    s.model.enqueue(...editTo(s.workspace, 'Helo', 'Hello'), reply(text('Fix the typo\n\nDone.')));
    const second = await s.run('issues', s.gh.payload.issues(again, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: '' });
    expect(second.code).toBe(0);
    expect(s.model.requests.filter((r) => isVerifier(r.body))).toHaveLength(0);
  });

  it('nothing changed: no verifier runs', async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Question', body: '@deckhand what does greet do?', user: 'alice' });
    s.model.enqueue(reply(text('It greets.')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'opened'), { verify: '' });

    expect(run.code).toBe(0);
    expect(s.model.requests).toHaveLength(1);
    expect(s.gh.createdComments[0]!.body).not.toContain('Verifier');
  });

  it('where GitHub refuses drafts, a final FAIL opens a ready pull request with the FAIL in its body, and says so', async () => {
    s = await scenario({ ...FILES, '.github/deckhand.yml': 'verify: {rounds: 0}\n' }, { noDrafts: true });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'Fix it.', user: 'alice' });
    s.model.enqueue(...editTo(s.workspace, 'Helo', 'Hello'), reply(text('Fix the typo\n\nDone.')));
    s.model.route(isVerifier, reply(text('The greeting has no "!".\n\nVERDICT: FAIL')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: '' });

    expect(run.code).toBe(0);
    const [pull] = s.gh.createdPulls;
    expect(pull!.draft).toBe(false);
    expect(pull!.body).toContain('**Verifier: ❌ FAIL** (1 check). It still found problems:');
    expect(run.stdout).toContain('GitHub refused a draft pull request');
    expect(run.stdout).toContain('Draft pull requests are not supported in this repository.');
  });

  it('after a FAIL the agent may undo its change: then nothing is published and no verdict is given', async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'Fix it.', user: 'alice' });
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      ...editTo(s.workspace, 'Helo', 'Hello'),
      reply(text('Fix the typo\n\nDone.')),
      reply(toolUse('Edit', { file_path: file, old_string: 'Hello', new_string: 'Helo' })),
      reply(text('The verifier is right that this is not a typo: the product spells it Helo. I changed nothing.')),
    );
    s.model.route(isVerifier, reply(text('"Helo" is the product\'s spelling (see the README).\n\nVERDICT: FAIL')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: '' });

    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    expect(s.gh.createdPulls).toHaveLength(0);
    const final = s.gh.createdComments.at(-1)!.body;
    expect(final).toContain('I changed nothing.');
    expect(final).not.toContain('Verifier');
  });

  it('stopped by max_turns after a FAIL went back: the verdict says the fixes were not checked, and the pull request is a draft', async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'Fix it.', user: 'alice' });
    // Three main turns and the verifier's one make four: the agent's answer to the findings is never asked for.
    s.model.enqueue(...editTo(s.workspace, 'Helo', 'Hello'), reply(text('Fix the typo\n\nDone.')));
    s.model.route(isVerifier, reply(text('The issue also asks for a "!".\n\nVERDICT: FAIL')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: '', max_turns: '4' });

    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    const [pull] = s.gh.createdPulls;
    expect(pull!.draft).toBe(true);
    expect(pull!.body).toContain('> ⚠️ Stopped after 4 turns (max_turns is 4).');
    expect(pull!.body).toContain('> The agent was stopped before the verifier could check its fixes for these findings:');
    expect(pull!.body).toContain('> The issue also asks for a "!".');
    expect(run.summary).toContain('(1 check, 1 FAIL sent back to the agent)');
  });

  it('a task run that changes files is verified too', async () => {
    s = await scenario(FILES);
    s.checkout();
    s.model.enqueue(...editTo(s.workspace, 'Helo', 'Hello'), reply(text('Fix the greeting typo\n\nDone.')));
    s.model.route(isVerifier, reply(text('Only the typo changed.\n\nVERDICT: PASS')));

    const run = await s.run('workflow_dispatch', { inputs: {} }, { verify: '', prompt: 'Fix typos.' });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    expect(s.gh.createdPulls[0]!.body).toContain('**Verifier: ✅ PASS** (1 check)');
  });

  it.skipIf(!bwrapWorks)('the verifier is offered the agent\'s tools but refused Edit at call time, its Bash runs in the sandbox, and what it changes is not published', async () => {
    s = await scenario(FILES);
    s.checkout();
    writeFileSync(join(s.base, 'canary.txt'), 'canary-beside-the-checkout');
    s.gh.commitFiles('feature', { 'src/util.js': 'export const id = (x) => x;\n' }, 'Util');
    const feature = s.gh.addPull({ title: 'Util', body: 'Adds util.', user: 'alice', head: 'feature' });
    s.checkout('feature');
    const comment = s.gh.addComment(feature.number, { body: '@deckhand fix the typo in src/app.js', user: 'alice' });
    s.model.enqueue(...editTo(s.workspace, 'Helo', 'Hello'), reply(text('Fixed the typo in `src/app.js`.')));
    s.model.route(
      isVerifier,
      reply(
        toolUse('Bash', { command: `cat ${join(s.base, 'canary.txt')}` }, 'toolu_canary'),
        toolUse('Edit', { file_path: join(s.workspace, 'src/app.js'), old_string: 'Hello', new_string: 'Howdy' }, 'toolu_edit'),
        toolUse('Bash', { command: "printf 'broken by the verifier\\n' > src/app.js && printf 'x\\n' > stray.txt && rm test.js && echo wrote" }, 'toolu_write'),
      ),
      (request) => {
        // Edit is in its list (the agent's prefix), and refused when it calls it: nothing changed.
        expect(request.toolResults.get('toolu_edit')).toMatchObject({ is_error: true });
        expect(request.toolResults.get('toolu_edit')!.content).toMatch(/only (Read|Glob|Grep|Bash)(, (Read|Glob|Grep|Bash)){2} and (Read|Glob|Grep|Bash) are allowed in the verifier: it checks the work and changes nothing\./);
        expect(request.toolResults.get('toolu_canary')!.content).toMatch(/No such file or directory/);
        expect(request.toolResults.get('toolu_canary')!.content).not.toContain('canary-beside-the-checkout');
        expect(request.toolResults.get('toolu_write')!.content).toContain('wrote');
        return reply(text('Checked.\n\nVERDICT: PASS'));
      },
    );

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), { verify: 'auto' });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const verifierRequests = s.model.requests.filter((r) => isVerifier(r.body));
    expect(verifierRequests).toHaveLength(2);
    const mainTools = toolNames(s.model.requests[0]!);
    expect(mainTools).toEqual(expect.arrayContaining(['Edit', 'Write', 'TodoWrite']));
    for (const request of verifierRequests) expect(toolNames(request)).toEqual(mainTools);
    // What the verifier changed was put back as the agent left it: the commit holds the agent's work only.
    const head = s.gh.refSha('feature')!;
    expect(s.gh.git.text(['show', `${head}:src/app.js`]).trimEnd()).toBe(APP.replace('Helo', 'Hello').trimEnd());
    expect(s.gh.git.text(['show', `${head}:test.js`]).trimEnd()).toBe(TEST.trimEnd());
    expect(s.gh.git.text(['ls-tree', '--name-only', head])).not.toContain('stray.txt');
    expect(run.stdout).toContain('The verifier changed 3 files in the checkout; they were put back as the agent left them.');
    expect(transcriptOf(run.outputs.transcript!).find((e) => e.type === 'tool_call' && e.agent === 'verifier-1' && e.name === 'Edit')).toMatchObject({ stage: 'permission', isError: true });
    // A mention's reply carries the verdict.
    const final = s.gh.createdComments.at(-1)!.body;
    expect(final).toContain('**Verifier: ✅ PASS** (1 check)');
  });
});

describe('explore agents', () => {
  it('an Agent call runs a read-only explorer on the Haiku model and returns only its report as the tool result', async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Where is greet used?', body: '@deckhand where is greet used?', user: 'alice' });
    s.model.enqueue(
      reply(toolUse('Agent', { description: 'Find greet callers', prompt: 'List every file that calls greet, with line numbers.' }, 'toolu_agent')),
      (request) => {
        const result = request.toolResults.get('toolu_agent')!;
        expect(result).toMatchObject({ is_error: false, content: 'greet is called in test.js:2 and test.js:3.' });
        return reply(text('greet is called in `test.js`.'));
      },
    );
    s.model.route(
      isExplorer,
      (request) => {
        expect(forkInstructions(request.body)).toMatch(/## Your task\n\nList every file that calls greet, with line numbers\.$/);
        return reply(
          toolUse('Grep', { pattern: 'greet\\(', output_mode: 'content', '-n': true }, 'toolu_grep'),
          toolUse('Write', { file_path: join(s.workspace, 'notes.md'), content: 'x' }, 'toolu_write'),
        );
      },
      (request) => {
        expect(request.toolResults.get('toolu_grep')!.content).toContain('test.js:2:');
        expect(request.toolResults.get('toolu_write')!.content).toContain('only Read, Glob and Grep are allowed in an explore agent.');
        return reply(text('greet is called in test.js:2 and test.js:3.'));
      },
    );

    const run = await s.run('issues', s.gh.payload.issues(issue, 'opened'));

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    const explorer = s.model.requests.filter((r) => isExplorer(r.body));
    expect(explorer).toHaveLength(2);
    const main = s.model.requests.filter((r) => !isExplorer(r.body));
    for (const request of explorer) {
      expect(request.body.model).toBe('claude-haiku-5-5');
      expect(toolNames(request)).toEqual(toolNames(main[0]!));
    }
    expect(existsSync(join(s.workspace, 'notes.md'))).toBe(false);
    expect(toolNames(main[0]!)).toContain('Agent');
    // The explorer's Grep result never reached the main agent's context.
    expect(JSON.stringify(main[1]!.body.messages)).not.toContain('test.js:2:');
    const final = s.gh.createdComments.at(-1)!.body;
    expect(final).toMatch(/\(main \$\d+\.\d+, explorers \$\d+\.\d+\)/);
    const entries = transcriptOf(run.outputs.transcript!);
    expect(entries.find((e) => e.type === 'start' && e.agent === 'explore-1')).toMatchObject({ model: 'claude-haiku-5-5', description: 'Find greet callers' });
  });

  it('review mode offers Agent; explorers run in parallel; explore.model in the config picks their model', async () => {
    s = await scenario({ ...FILES, '.github/deckhand.yml': 'explore:\n  model: claude-haiku-4-5\n' });
    s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Helo', 'Hello') }, 'Fix');
    const pull = s.gh.addPull({ title: 'Fix', body: 'x', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.model.enqueue(
      reply(
        toolUse('Agent', { description: 'one', prompt: 'Task one.' }, 'toolu_one'),
        toolUse('Agent', { description: 'two', prompt: 'Task two.' }, 'toolu_two'),
      ),
      (request) => {
        expect(request.toolResults.get('toolu_one')!.content).toBe('Report one.');
        expect(request.toolResults.get('toolu_two')!.content).toBe('Report two.');
        return reply(text('Looks good.'));
      },
    );
    // Each explorer searches (an answer in 0.3 s), then reports (1.5 s). The second sends its first request once
    // the first's first answer has begun, so that it reads the prefix the first wrote, and then they overlap.
    const asked: Array<{ task: string; at: number; first: boolean }> = [];
    const explore = (request: RecordedRequest): Step => {
      const task = forkInstructions(request.body).endsWith('Task one.') ? 'one' : 'two';
      const first = request.body.messages.length === 1;
      asked.push({ task, at: Date.now(), first });
      if (first) return { reply: { content: [{ type: 'tool_use', name: 'Glob', input: { pattern: '*.js' } }] }, delayMs: 300 };
      return { reply: { content: [{ type: 'text', text: `Report ${task}.` }] }, delayMs: 1_500 };
    };
    s.model.route(isExplorer, explore, explore, explore, explore);

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.code).toBe(0);
    expect(asked).toHaveLength(4);
    const [firstAsked, secondAsked] = asked.filter((a) => a.first);
    const lastOfFirst = asked.find((a) => !a.first && a.task === firstAsked!.task)!;
    expect(secondAsked!.at - firstAsked!.at).toBeGreaterThanOrEqual(290);
    expect(secondAsked!.at).toBeLessThan(lastOfFirst.at + 1_500);
    expect(s.model.requests.filter((r) => isExplorer(r.body)).map((r) => r.body.model)).toEqual(['claude-haiku-4-5', 'claude-haiku-4-5', 'claude-haiku-4-5', 'claude-haiku-4-5']);
    expect(toolNames(s.model.requests[0]!)).toEqual(expect.arrayContaining(['Agent', 'PullRequestDiff']));
    expect(toolNames(s.model.requests[0]!)).not.toContain('Bash');
  });
});

describe('the run budget is shared', () => {
  it("a budget hit inside the verifier stops the run cleanly, and the work is still published", async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'Fix it.', user: 'alice' });
    s.model.enqueue(...editTo(s.workspace, 'Helo', 'Hello'), reply(text('Fix the typo\n\nDone.')));
    // 400,000 input tokens of Sonnet: $1.20, more than the whole budget.
    s.model.route(isVerifier, { reply: { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'node test.js' } }], usage: { input_tokens: 400_000 } } });

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: '', max_budget_usd: '1' });

    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    const [pull] = s.gh.createdPulls;
    expect(s.gh.git.text(['show', `${s.gh.refSha(run.outputs.branch!)}:src/app.js`])).toContain("'Hello, '");
    expect(pull!.body).toContain('> ⚠️ The verifier stopped: Stopped at the budget: spent about $1.2');
    expect(pull!.draft).toBe(true);
    expect(s.gh.createdComments[0]!.body).not.toContain('working');
  });

  it('a budget hit inside an explorer comes back as its result, and the run stops at the budget and answers', async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Q', body: '@deckhand where is greet used?', user: 'alice' });
    s.model.enqueue(reply(text('Let me look.'), toolUse('Agent', { description: 'search', prompt: 'Find greet.' }, 'toolu_agent')));
    s.model.route(isExplorer, { reply: { content: [{ type: 'tool_use', name: 'Grep', input: { pattern: 'greet' } }], usage: { input_tokens: 3_000_000 } } });

    const run = await s.run('issues', s.gh.payload.issues(issue, 'opened'), { max_budget_usd: '1' });

    expect(s.model.remaining).toBe(0);
    expect(run.code).toBe(0);
    const final = s.gh.createdComments.at(-1)!.body;
    expect(final).toContain('Let me look.');
    expect(final).toMatch(/> ⚠️ Stopped at the budget: spent about \$\d+\.\d+ of \$1\.00 \(max_budget_usd\)\./);
    const entries = transcriptOf(run.outputs.transcript!);
    expect(entries.find((e) => e.type === 'tool_call' && e.name === 'Agent')).toMatchObject({ isError: true });
  });

  it("an explorer's turns count toward max_turns", async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Q', body: '@deckhand where is greet used?', user: 'alice' });
    s.model.enqueue(reply(text('Let me look.'), toolUse('Agent', { description: 'search', prompt: 'Find greet.' })));
    s.model.route(isExplorer, reply(toolUse('Grep', { pattern: 'greet' })), reply(text('In test.js.')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'opened'), { max_turns: '3' });

    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    // One main turn and two of the explorer's: the main agent makes no second request.
    expect(s.model.requests).toHaveLength(3);
    expect(s.gh.createdComments.at(-1)!.body).toContain('> ⚠️ Stopped after 3 turns (max_turns is 3).');
    expect(run.outputs.turns).toBe('3');
  });
});
