// The model through Amazon Bedrock and Google Vertex AI, end to end: the
// bundled action with `provider: bedrock` / `vertex`, logged in as the
// workflow's credential steps leave it (configure-aws-credentials' keys or a
// Bedrock API key; google-github-actions/auth's external-account file and the
// runner's OIDC endpoint), against emulators of both platforms that play the
// same scripted sessions as the Anthropic one — SigV4 checked, event-stream
// framing, the token exchange — with a too-long prompt recovered from and an
// overload retried, and no credential in a tool result, a log line or the sandbox.
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { BedrockEmulator } from '../emulators/bedrock.js';
import { VertexEmulator } from '../emulators/vertex.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { ACTION } from '../helpers/run-action.js';

const APP = "export function greet(name) {\n  return 'Hello, ' + name;\n}\n";
const fast = { 'retry-after-ms': '1' };
const TOO_LONG = { error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } } as const;
const OVERLOADED = { error: { status: 529, type: 'overloaded_error', message: 'Overloaded', headers: fast } } as const;

let s: Scenario;
afterEach(async () => s?.cleanup());

/** The tool_result text of the newest message. */
const lastResult = (req: { body: any }) => {
  const content = req.body.messages.at(-1).content[0].content;
  return typeof content === 'string' ? content : JSON.stringify(content);
};

/** A mention whose session runs a command in the sandbox, hits a too-long prompt (recovered), then an overload (retried). */
function mentionSession(secrets: () => string[]) {
  s.model.enqueue(
    reply(toolUse('Bash', { command: 'env; cat gha-creds-*.json 2>&1; echo done' })),
    (req) => {
      const output = lastResult(req);
      expect(output).toContain('done');
      for (const secret of secrets()) expect(output).not.toContain(secret);
      return TOO_LONG;
    },
    reply(text('Task: answer the question. Files: none changed. Open work: answer.')),
    OVERLOADED,
    reply(text('The greeting is in `src/app.js`.')),
  );
}

function expectAnswered(run: { code: number | null; stdout: string; summary: string }, model: string, turns: number, secrets: string[]) {
  expect(run.code).toBe(0);
  const [comment] = s.gh.createdComments;
  expect(comment!.body).toContain('The greeting is in `src/app.js`.');
  // Usage and cost in the footer, priced from the provider's id of the model.
  expect(comment!.body).toMatch(new RegExp(`<sub>Deckhand · ${model.replace(/[.]/g, '\\.')} · ${turns} turns · \\d+s · \\$0\\.\\d{4} · `));
  expect(comment!.body).not.toMatch(/\$0\.0000 ·/);
  for (const secret of secrets) {
    expect(run.stdout).not.toContain(secret);
    expect(run.summary).not.toContain(secret);
    expect(comment!.body).not.toContain(secret);
  }
}

describe.skipIf(!bwrapWorks)('provider: bedrock', () => {
  it('answers a mention through InvokeModelWithResponseStream, signed with the role session configure-aws-credentials left', async () => {
    const bedrock = new BedrockEmulator();
    s = await scenario({ 'src/app.js': APP }, { model: bedrock });
    s.checkout();
    const env = bedrock.env('sigv4');
    const secrets = [env.AWS_SECRET_ACCESS_KEY!, env.AWS_SESSION_TOKEN!];
    mentionSession(() => secrets);
    const issue = s.gh.addIssue({ title: 'Where is the greeting?', body: '', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand where is the greeting?', user: 'alice' });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), { provider: 'bedrock' }, env);

    expectAnswered(run, 'global.anthropic.claude-sonnet-5-5', 2, secrets);
    const calls = bedrock.requests;
    expect(calls.every((r: any) => r.path === '/model/global.anthropic.claude-sonnet-5-5/invoke-with-response-stream')).toBe(true);
    expect(calls.every((r: any) => r.auth === 'sigv4' && r.body.anthropic_version === 'bedrock-2023-05-31')).toBe(true);
    // The too-long prompt (400 ValidationException) went to the summary, the overload (503) was retried.
    expect(calls.map((r: any) => r.status)).toEqual([200, 400, 200, 503, 200]);
  });

  it('posts a review with a Bedrock API key (AWS_BEARER_TOKEN_BEDROCK wins over signing), from the bundle alone', async () => {
    const bedrock = new BedrockEmulator();
    s = await scenario({ 'src/app.js': APP }, { model: bedrock });
    s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Hello', 'Hi') }, 'Shorter greeting');
    const pull = s.gh.addPull({ title: 'Shorter greeting', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.model.enqueue(reply(text('Looks good: the greeting is shorter.')));

    // The bundle as the runner has it: copied away from node_modules, so the Bedrock client must be in it.
    const action = join(s.base, 'action', 'dist');
    cpSync(join(ACTION, '..'), action, { recursive: true });
    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'), { provider: 'bedrock' }, bedrock.env('bearer'), { action: join(action, 'index.js') });

    expect(run.code).toBe(0);
    expect(s.gh.createdReviews).toHaveLength(1);
    expect(s.gh.createdReviews[0]!.body).toContain('Looks good: the greeting is shorter.');
    expect(bedrock.requests.map((r: any) => r.auth)).toEqual(['bearer']);
    expect(run.stdout).not.toContain(bedrock.apiKeys[0]!);
  });

  it('fails before any request without a region, saying so in one line', async () => {
    const bedrock = new BedrockEmulator();
    s = await scenario({ 'src/app.js': APP }, { model: bedrock });
    s.checkout();
    const { AWS_REGION: _region, AWS_DEFAULT_REGION: _default, ...env } = bedrock.env('sigv4');

    const run = await s.run('workflow_dispatch', {}, { provider: 'bedrock', prompt: 'Tidy up.' }, env);

    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::Missing AWS region: set AWS_REGION (or AWS_DEFAULT_REGION)');
    expect(run.summary).toContain('Missing AWS region');
    expect(bedrock.requests).toHaveLength(0);
  });
});

describe.skipIf(!bwrapWorks)('provider: vertex', () => {
  it('answers a mention through streamRawPredict, after the workload-identity token exchange; the credentials file stays out of reach', async () => {
    const vertex = new VertexEmulator();
    s = await scenario({ 'src/app.js': APP }, { model: vertex });
    s.checkout();
    // google-github-actions/auth writes its external-account file into the checkout.
    const file = vertex.writeCredentialsFile(s.workspace);
    const env = vertex.env(file);
    const secrets = () => [env.ACTIONS_ID_TOKEN_REQUEST_TOKEN!, ...vertex.tokens.keys()];
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      (req) => {
        expect(req.body.messages.at(-1).content[0].is_error).toBe(true);
        expect(lastResult(req)).toContain('is denied by the rule Read(gha-creds-*.json)');
        return reply(toolUse('Bash', { command: 'env; cat gha-creds-*.json 2>&1; echo done' }));
      },
      (req) => {
        const output = lastResult(req);
        expect(output).toContain('done');
        expect(output).not.toContain('external_account');
        for (const secret of secrets()) expect(output).not.toContain(secret);
        return TOO_LONG;
      },
      reply(text('Task: answer the question. Files: none changed. Open work: answer.')),
      OVERLOADED,
      reply(text('The greeting is in `src/app.js`.')),
    );
    const issue = s.gh.addIssue({ title: 'Where is the greeting?', body: '', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand where is the greeting?', user: 'alice' });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), { provider: 'vertex' }, env);

    expectAnswered(run, 'claude-sonnet-5-5', 3, secrets());
    // One exchange (OIDC, then STS), then the model calls; 413 recovered, 529 retried.
    expect(vertex.sequence.slice(0, 2)).toEqual(['oidc', 'sts']);
    expect(vertex.requests.map((r: any) => r.status)).toEqual([200, 200, 413, 200, 529, 200]);
    expect(vertex.requests.every((r: any) => r.body.anthropic_version === 'vertex-2023-10-16')).toBe(true);
    // The credentials file is never committed (nothing was), and it is still there for later steps.
    expect(readdirSync(s.workspace).some((name) => /^gha-creds-[0-9a-f]+\.json$/.test(name))).toBe(true);
  });

  it('posts a review, from the bundle alone', async () => {
    const vertex = new VertexEmulator();
    s = await scenario({ 'src/app.js': APP }, { model: vertex });
    s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Hello', 'Hi') }, 'Shorter greeting');
    const pull = s.gh.addPull({ title: 'Shorter greeting', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    const file = vertex.writeCredentialsFile(s.base);
    s.model.enqueue(reply(text('Looks good: the greeting is shorter.')));

    const action = join(s.base, 'action', 'dist');
    cpSync(join(ACTION, '..'), action, { recursive: true });
    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'), { provider: 'vertex' }, vertex.env(file), { action: join(action, 'index.js') });

    expect(run.code).toBe(0);
    expect(s.gh.createdReviews[0]!.body).toContain('Looks good: the greeting is shorter.');
  });

  it('fails before any request without a project, saying so in one line', async () => {
    const vertex = new VertexEmulator();
    s = await scenario({ 'src/app.js': APP }, { model: vertex });
    s.checkout();
    const file = vertex.writeCredentialsFile(s.base);
    const env = Object.fromEntries(Object.entries(vertex.env(file)).filter(([name]) => !/PROJECT/.test(name)));

    const run = await s.run('workflow_dispatch', {}, { provider: 'vertex', prompt: 'Tidy up.' }, env);

    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::Missing Vertex AI project/);
    expect(vertex.requests).toHaveLength(0);
  });
});
