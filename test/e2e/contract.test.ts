// Promises the README makes about settings, the job summary, the transcript
// and redaction, each checked end to end: the bundled action against the
// GitHub and Anthropic emulators.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\n";

let s: Scenario;
afterEach(async () => s?.cleanup());

const transcriptOf = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);

describe('settings', () => {
  it("the config file's model and max_turns apply when the workflow leaves them empty, and the workflow wins when it sets them", async () => {
    s = await scenario({ 'src/app.js': APP, '.github/deckhand.yml': 'model: claude-haiku-4-5\nmax_turns: 1\n' });
    s.checkout();
    s.model.enqueue(reply(toolUse('Read', { file_path: join(s.workspace, 'src/app.js') })));
    const fromConfig = await s.run('workflow_dispatch', {}, { prompt: 'Look.' });
    expect(s.model.requests[0]!.body.model).toBe('claude-haiku-4-5');
    expect(fromConfig.summary).toContain('Stopped after 1 turn (max_turns is 1).');

    s.model.enqueue(reply(toolUse('Read', { file_path: join(s.workspace, 'src/app.js') })), reply(text('Looked.')));
    const fromWorkflow = await s.run('workflow_dispatch', {}, { prompt: 'Look.', model: 'claude-opus-4-5', max_turns: '2' });
    expect(s.model.requests[1]!.body.model).toBe('claude-opus-4-5');
    expect(fromWorkflow.outputs.turns).toBe('2');
    expect(fromWorkflow.outputs.conclusion).toBe('success');
  });

  it('base_branch is the base of the branch and the pull request it opens', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.gh.commitFiles('develop', { 'NOTES.md': 'develop\n' }, 'Develop');
    s.checkout('develop');
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      reply(text('Fix the typo\n\nDone.')),
    );
    const run = await s.run('workflow_dispatch', {}, { prompt: 'Fix the typo.', base_branch: 'develop' });
    expect(run.code).toBe(0);
    expect(s.gh.createdPulls[0]).toMatchObject({ base: { ref: 'develop' } });
    expect(s.gh.git.readCommits([run.outputs.commit_sha!])[0]!.parents).toEqual([s.gh.refSha('develop')]);
  });

  it("review.ignore keeps files out of the review, and review.max_comments caps the comments it posts", async () => {
    s = await scenario({ 'src/app.js': APP, 'package-lock.json': '{}\n', '.github/deckhand.yml': 'review:\n  ignore: ["*.json"]\n  max_comments: 1\n' });
    s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Helo', 'Hi'), 'package-lock.json': '{"lockfileVersion": 3}\n' }, 'Change');
    const pull = s.gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.model.enqueue(
      (req) => {
        const first = req.body.messages[0].content[0].text as string;
        expect(first).toContain('src/app.js');
        expect(first).not.toContain('package-lock.json');
        return reply(
          toolUse('AddReviewComment', { path: 'src/app.js', line: 2, body: 'One.' }),
          toolUse('AddReviewComment', { path: 'src/app.js', line: 2, side: 'LEFT', body: 'Two.' }),
        );
      },
      (req) => {
        // Past max_comments the model is told which are posted: the most severe, the first among equals (issue 13).
        const [, second] = [...req.toolResults.values()];
        expect(second!.content).toContain('The review now has 2 comments, more than the 1 it posts (review.max_comments)');
        return reply(text('Reviewed.'));
      },
    );
    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));
    expect(run.code).toBe(0);
    expect(s.gh.reviewComments).toHaveLength(1);
  });
});

describe('the job summary and the transcript', () => {
  it('the summary has every usage figure; the transcript every message, tool call decision and transition', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    s.model.enqueue(reply(toolUse('Read', { file_path: join(s.workspace, 'src/app.js') })), reply(text('It greets.')));
    const run = await s.run('workflow_dispatch', {}, { prompt: 'What does it do?' });
    expect(run.code).toBe(0);
    for (const row of ['Model', 'Turns', 'Duration', 'Input tokens', 'Output tokens', 'Cache read tokens', 'Cache write tokens', 'Cache hit ratio', 'Cost']) {
      expect(run.summary).toMatch(new RegExp(`\\| ${row} \\| [^|]+ \\|`));
    }
    expect(run.summary).toMatch(/\| Read \| 1 \| [\d.]+s \| 0 \|/);

    const transcript = transcriptOf(run.outputs.transcript!);
    expect(run.outputs.transcript!.startsWith(s.runnerTemp)).toBe(true);
    const requests = transcript.filter((e) => e.type === 'request');
    expect(requests).toHaveLength(2);
    for (const request of requests) expect(Object.keys(request.usage).sort()).toEqual(expect.arrayContaining(['cache_creation_input_tokens', 'cache_read_input_tokens', 'input_tokens', 'output_tokens']));
    expect(transcript.filter((e) => e.type === 'message').map((e) => e.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const [call] = transcript.filter((e) => e.type === 'tool_call');
    expect(call).toMatchObject({ name: 'Read', input: { file_path: join(s.workspace, 'src/app.js') }, decision: { behavior: 'allow' }, isError: false });
    expect(call!.durationMs).toBeGreaterThanOrEqual(0);
    expect(call!.resultChars).toBeGreaterThan(0);
    expect(transcript.filter((e) => e.type === 'transition').map((e) => e.reason)).toEqual(['next_turn']);
  });
});

describe('redaction of everything it writes', () => {
  it('a token in the answer is redacted from the commit message, the pull request and the transcript', async () => {
    s = await scenario({ 'src/app.js': APP });
    s.checkout();
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      () => reply(text(`Fix the typo ${s.gh.token}\n\nDone; the token is ${s.gh.token}.`)),
    );
    const run = await s.run('workflow_dispatch', {}, { prompt: 'Fix the typo.' });
    expect(run.code).toBe(0);
    const [commit] = s.gh.git.readCommits([run.outputs.commit_sha!]);
    const [pull] = s.gh.createdPulls;
    for (const written of [commit!.message, pull!.title, pull!.body, readFileSync(run.outputs.transcript!, 'utf8'), run.stdout, run.summary]) {
      expect(written).not.toContain(s.gh.token);
    }
    expect(pull!.body).toContain('[REDACTED');
  });
});
