// Secrets in what Deckhand itself writes to the model (issue 27, item 1), end
// to end against the bundled action. The redactor that cleans tool results
// cleans the system prompt and the first message too: a value the workflow
// passes to the action as a secret, and strings shaped like credentials whose
// values it was never told, never reach a model request, whichever way in.
//
// Variants tried — where the secret is:
//   - a changed file's patch (the review's first message)
//   - the pull request's title, and its description
//   - a failed check's summary
//   - an issue's body (a fix), and the comment that asks (a mention)
//   - an earlier comment of the conversation
//   - a review thread: its comment and the diff hunk it is on
//   - a repository instruction file (AGENTS.md), read into the system prompt
//   - the diff a verifier is given, and the findings it sends back to the agent
// and in which form — each payload carries all of them:
//   - the secret's value as written (DB_PASSWORD=…)
//   - its base64 and URL-encoded forms
//   - a GitHub token shape (ghp_…) and a fine-grained one (github_pat_…) nobody declared
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { isVerifier } from '../helpers/subagents.js';

/** A repository secret the workflow hands to the action's environment. */
const DB_PASSWORD = 'Zq7-Lm4Rx9Vt2Nc8Bh5Kp3Wd';
/** Credentials in the shapes GitHub issues, declared nowhere. */
const CLASSIC = `ghp_${'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'}`;
const FINE_GRAINED = `github_pat_11ABCDEFG0${'x9Y8z7W6v5U4t3S2r1Q0p9O8n7M6l5K4j3I2h1G0f9E8d7C6b5A4z3Y2x1W0v9U8t7S6r5Q4p3O2n1'}`;

const FORMS: Array<[string, string]> = [
  ['the value', DB_PASSWORD],
  ['base64', Buffer.from(DB_PASSWORD).toString('base64')],
  ['URL-encoded', encodeURIComponent(`${DB_PASSWORD}/&=`)],
  ['a classic token', CLASSIC],
  ['a fine-grained token', FINE_GRAINED],
];

/** A text carrying every form. */
const PAYLOAD = [
  `DB_PASSWORD=${DB_PASSWORD}`,
  `encoded=${Buffer.from(DB_PASSWORD).toString('base64')}`,
  `url=https://db.internal/?p=${encodeURIComponent(`${DB_PASSWORD}/&=`)}`,
  `token=${CLASSIC}`,
  `pat=${FINE_GRAINED}`,
].join('\n');

/** The parts of a form that would tell a reader the secret (its value, or a token's body). */
const leaksOf = (form: string) => [form, form.slice(4, 20)];

let s: Scenario;
afterEach(async () => s?.cleanup());

const SECRET_ENV = { DB_PASSWORD };

async function repo(extra: Record<string, string> = {}) {
  s = await scenario({ 'src/app.js': "export const greet = (name) => 'Hello, ' + name;\n", 'README.md': '# widgets\n', ...extra }, { users: { alice: 'write' } });
}

/** A pull request from `feature` adding `files`, checked out at its head. */
function pull(files: Record<string, string>, input: { title?: string; body?: string } = {}) {
  s.gh.commitFiles('feature', files, 'Add settings');
  const pr = s.gh.addPull({ title: input.title ?? 'Add settings', body: input.body ?? 'Adds the settings file.', user: 'alice', head: 'feature' });
  s.checkout('feature');
  return pr;
}

const SETUPS: Array<[string, () => Promise<{ event: string; payload: unknown }>]> = [
  [
    "a changed file's patch",
    async () => {
      await repo();
      const pr = pull({ 'config/settings.env': `${PAYLOAD}\n` });
      return { event: 'pull_request', payload: s.gh.payload.pullRequest(pr, 'opened') };
    },
  ],
  [
    "the pull request's title",
    async () => {
      await repo();
      const pr = pull({ 'config/settings.env': 'PORT=8080\n' }, { title: `Rotate ${DB_PASSWORD} and ${CLASSIC}` });
      return { event: 'pull_request', payload: s.gh.payload.pullRequest(pr, 'opened') };
    },
  ],
  [
    "the pull request's description",
    async () => {
      await repo();
      const pr = pull({ 'config/settings.env': 'PORT=8080\n' }, { body: `The new settings:\n\n${PAYLOAD}` });
      return { event: 'pull_request', payload: s.gh.payload.pullRequest(pr, 'opened') };
    },
  ],
  [
    "a failed check's summary",
    async () => {
      await repo();
      const pr = pull({ 'config/settings.env': 'PORT=8080\n' });
      s.gh.addCheckRun('feature', { name: 'deploy-preview', conclusion: 'failure', output: { title: 'Connection refused', summary: `Could not connect with\n${PAYLOAD}` } });
      return { event: 'pull_request', payload: s.gh.payload.pullRequest(pr, 'opened') };
    },
  ],
  [
    "an issue's body",
    async () => {
      await repo();
      s.checkout();
      const issue = s.gh.addIssue({ title: 'Login fails', body: `Logs say:\n\n${PAYLOAD}`, user: 'alice' });
      return { event: 'issues', payload: s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' }) };
    },
  ],
  [
    'the comment that asks',
    async () => {
      await repo();
      s.checkout();
      const issue = s.gh.addIssue({ title: 'Login fails', body: 'See below.', user: 'alice' });
      const comment = s.gh.addComment(issue.number, { body: `@deckhand why does this fail?\n\n${PAYLOAD}`, user: 'alice' });
      return { event: 'issue_comment', payload: s.gh.payload.issueComment(comment) };
    },
  ],
  [
    'an earlier comment of the conversation',
    async () => {
      await repo();
      s.checkout();
      const issue = s.gh.addIssue({ title: 'Login fails', body: 'See below.', user: 'alice' });
      s.gh.addComment(issue.number, { body: `My environment:\n\n${PAYLOAD}`, user: 'alice' });
      const comment = s.gh.addComment(issue.number, { body: '@deckhand why does this fail?', user: 'alice' });
      return { event: 'issue_comment', payload: s.gh.payload.issueComment(comment) };
    },
  ],
  [
    "a review thread's comment and its hunk",
    async () => {
      await repo();
      const pr = pull({ 'config/settings.env': `${PAYLOAD}\n` });
      const comment = s.gh.addReviewComment(pr.number, { body: `@deckhand is ${CLASSIC} still valid? Same as ${DB_PASSWORD}`, user: 'alice', path: 'config/settings.env', line: 4 });
      return { event: 'pull_request_review_comment', payload: s.gh.payload.reviewComment(comment) };
    },
  ],
  [
    'a repository instruction file (the system prompt)',
    async () => {
      await repo({ 'AGENTS.md': `# Notes for agents\n\nThe staging database:\n\n${PAYLOAD}\n` });
      s.checkout();
      const issue = s.gh.addIssue({ title: 'Question', body: 'How do I run it?', user: 'alice' });
      const comment = s.gh.addComment(issue.number, { body: '@deckhand how do I run this?', user: 'alice' });
      return { event: 'issue_comment', payload: s.gh.payload.issueComment(comment) };
    },
  ],
];

describe('no secret reaches the model through what Deckhand writes to it', () => {
  it.each(SETUPS)('a secret in %s is [REDACTED] in the first request, in every form', async (_, setup) => {
    const { event, payload } = await setup();
    s.model.enqueue(reply(text('Looked at it; nothing to change.')));

    const run = await s.run(event, payload, {}, SECRET_ENV);

    expect(run.code).toBe(0);
    expect(s.model.requests.length).toBeGreaterThan(0);
    const first = JSON.stringify(s.model.requests[0]!.body);
    // The text is there, with its secrets marked: nothing was dropped with them.
    expect(first).toContain('[REDACTED]');
    for (const [, form] of FORMS) for (const leak of leaksOf(form)) expect(first).not.toContain(leak);
    // Nor any later request, nor anything sent to GitHub or printed.
    const everything = [run.stdout, run.summary, ...s.model.requests.map((r) => JSON.stringify(r.body)), ...s.gh.requests.map((r) => JSON.stringify(r.body ?? ''))].join('\n');
    for (const [, form] of FORMS) expect(everything).not.toContain(form);
  });

  it("the review's first message and PullRequestDiff show the same redacted patch", async () => {
    await repo();
    const pr = pull({ 'config/settings.env': `${PAYLOAD}\n` });
    s.model.enqueue(
      (req) => {
        const first = req.body.messages[0].content[0].text as string;
        expect(first).toContain('+DB_PASSWORD=[REDACTED]');
        expect(first).toContain('+token=[REDACTED]');
        return reply(toolUse('PullRequestDiff', { path: 'config/settings.env' }));
      },
      (req) => {
        const diff = [...req.toolResults.values()][0]!.content as string;
        expect(diff).toContain('+DB_PASSWORD=[REDACTED]');
        expect(diff).toContain('+token=[REDACTED]');
        return reply(text('A settings file; nothing to flag.'));
      },
    );

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pr, 'opened'), {}, SECRET_ENV);

    expect(run.code).toBe(0);
    expect(s.model.requests).toHaveLength(2);
  });
});


describe('no secret reaches a verifier, or comes back from one', () => {
  it("the verifier's diff and its findings, as the agent gets them, are redacted in every form", async () => {
    await repo();
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Add the settings', body: 'We need a settings file.', user: 'alice' });
    const file = join(s.workspace, 'config/settings.env');
    let findings = '';
    s.model.enqueue(
      reply(toolUse('Write', { file_path: file, content: `${PAYLOAD}\n` })),
      reply(text('Add the settings\n\nAdded config/settings.env.')),
      (req) => {
        findings = JSON.stringify(req.body.messages.at(-1));
        return reply(toolUse('Write', { file_path: file, content: 'PORT=8080\n' }));
      },
      reply(text('Add the settings\n\nAdded config/settings.env without credentials.')),
    );
    let diff = '';
    s.model.route(
      isVerifier,
      (req) => {
        diff = JSON.stringify(req.body.messages[0]);
        return reply(text(`The file commits credentials: ${PAYLOAD}\n\nVERDICT: FAIL`));
      },
      reply(text('No credentials left.\n\nVERDICT: PASS')),
    );

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' }), { verify: '' }, SECRET_ENV);

    expect(run.code).toBe(0);
    expect(diff).toContain('+DB_PASSWORD=[REDACTED]');
    expect(findings).toContain('The file commits credentials: DB_PASSWORD=[REDACTED]');
    for (const [, form] of FORMS) for (const leak of leaksOf(form)) {
      expect(diff).not.toContain(leak);
      expect(findings).not.toContain(leak);
    }
  });
});
