// Files the policy denies to Read never have their content in the first
// message (issue 27, item 8), end to end against the bundled action. Read,
// Grep, Glob and PullRequestDiff refuse such a file; the first message names
// it as "not shown: denied by policy", with no patch and no diff hunk of a
// review thread on it.
//
// Variants tried — where the deny rule comes from, and its form:
//   - the config file (`Read(secrets/**)`), the workflow's disallowed_tools
//   - a glob at any depth (`Read(**/*.pem)`), an exact path (`Read(config/prod.env)`)
//   - Deckhand's own limit: the google-github-actions/auth credentials file (gha-creds-*.json)
// and how the file's content would have reached the first message:
//   - the patch of an added file (review, and a mention on the pull request)
//   - a rename out of a denied folder (the old name is denied)
//   - the diff hunk of the review thread the request was made in
//   - the diff hunk of another review thread, in a review
//   - an incremental review's patch of the new commits
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const CONTENT = 'PRIVATE-CONTENT-7f3a91';
const APP = "export const greet = (name) => 'Hello, ' + name;\n";

/** A time before any event of the test. */
const BEFORE = '2026-01-01T00:00:00Z';

let s: Scenario;
afterEach(async () => s?.cleanup());

const firstOf = (i = 0) => s.model.requests[i]!.body.messages[0].content[0].text as string;

async function pullAdding(files: Record<string, string>, opts: { config?: string; base?: Record<string, string> } = {}) {
  s = await scenario({ 'src/app.js': APP, ...(opts.config ? { '.github/deckhand.yml': opts.config } : {}), ...(opts.base ?? {}) }, { users: { alice: 'write' } });
  s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Hello', 'Hi'), ...files }, 'Change');
  const pull = s.gh.addPull({ title: 'Change', body: 'Changes.', user: 'alice', head: 'feature' });
  s.checkout('feature');
  return pull;
}

const CONFIG_DENY = 'permissions:\n  deny: ["Read(secrets/**)"]\n';

describe("a denied file's patch is not in the review's first message", () => {
  it.each([
    ['a config deny rule', { 'secrets/key.txt': `${CONTENT}\n` }, CONFIG_DENY, {}, 'secrets/key.txt — added, +1 −0'],
    ["the workflow's disallowed_tools", { 'secrets/key.txt': `${CONTENT}\n` }, '', { disallowed_tools: 'Read(secrets/**)' }, 'secrets/key.txt — added, +1 −0'],
    ['a glob at any depth', { 'deploy/certs/site.pem': `${CONTENT}\n` }, 'permissions:\n  deny: ["Read(**/*.pem)"]\n', {}, 'deploy/certs/site.pem — added, +1 −0'],
    ['an exact path', { 'config/prod.env': `${CONTENT}\n` }, 'permissions:\n  deny: ["Read(config/prod.env)"]\n', {}, 'config/prod.env — added, +1 −0'],
    ["Deckhand's limit on the credentials file", { 'gha-creds-0a1b2c3d.json': `{"key": "${CONTENT}"}\n` }, '', {}, 'gha-creds-0a1b2c3d.json — added, +1 −0'],
  ])('%s: named, not shown, and PullRequestDiff refuses it', async (_, files, config, inputs, heading) => {
    const pull = await pullAdding(files, { config });
    const path = Object.keys(files)[0]!;
    s.model.enqueue(
      (req) => {
        const first = req.body.messages[0].content[0].text as string;
        expect(first).toContain(`- ${heading} — not shown: denied by policy`);
        expect(first).toContain("+export const greet = (name) => 'Hi, ' + name;");
        return reply(toolUse('PullRequestDiff', { path }));
      },
      (req) => {
        const [result] = [...req.toolResults.values()];
        expect(result!.is_error).toBe(true);
        expect(result!.content).toContain('denied by your permission settings');
        return reply(text('One greeting change.'));
      },
    );

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'), inputs);

    expect(run.code).toBe(0);
    for (const request of s.model.requests) expect(JSON.stringify(request.body)).not.toContain(CONTENT);
  });

  it('a rename out of a denied folder: named by both names, not shown', async () => {
    const pull = await pullAdding({ 'secrets/key.txt': null as unknown as string, 'public/key.txt': `${CONTENT}\nmore\n` }, { config: CONFIG_DENY, base: { 'secrets/key.txt': `${CONTENT}\n` } });
    s.model.enqueue(reply(text('Moved a file.')));

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.code).toBe(0);
    expect(firstOf()).toMatch(/- public\/key\.txt \(from secrets\/key\.txt\) — renamed, \+\d+ −\d+ — not shown: denied by policy/);
    expect(JSON.stringify(s.model.requests[0]!.body)).not.toContain(CONTENT);
  });

  it('an incremental review: the new commits\' patch of a denied file is not shown', async () => {
    const pull = await pullAdding({}, { config: CONFIG_DENY });
    s.model.enqueue(reply(text('First review.')));
    expect((await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'))).code).toBe(0);
    s.gh.commitFiles('feature', { 'secrets/key.txt': `${CONTENT}\n`, 'src/more.js': 'export const x = 1;\n' }, 'More');
    s.checkout('feature');
    s.model.enqueue(reply(text('Second review.')));

    const run = await s.run('pull_request', s.gh.payload.pullRequest(s.gh.pulls[0]!, 'synchronize'));

    expect(run.code).toBe(0);
    const first = firstOf(1);
    expect(first).toContain('you reviewed this pull request before');
    expect(first).toContain('- secrets/key.txt — added, +1 −0 — not shown: denied by policy');
    expect(first).toContain('+export const x = 1;');
    expect(JSON.stringify(s.model.requests[1]!.body)).not.toContain(CONTENT);
  });
});

describe('a review thread on a denied file shows no diff hunk', () => {
  it('the thread a mention was made in', async () => {
    const pull = await pullAdding({ 'secrets/key.txt': `${CONTENT}\n` }, { config: CONFIG_DENY });
    const comment = s.gh.addReviewComment(pull.number, { body: '@deckhand should this be here?', user: 'alice', path: 'secrets/key.txt', line: 1 });
    s.model.enqueue(reply(text('No: keep keys out of the repository.')));

    const run = await s.run('pull_request_review_comment', s.gh.payload.reviewComment(comment));

    expect(run.code).toBe(0);
    const first = firstOf();
    expect(first).toContain('## The review thread this request was made in\n### secrets/key.txt line 1\n(The diff hunk is not shown: denied by policy');
    expect(first).toContain('@deckhand should this be here?');
    expect(first).toContain('- secrets/key.txt — added, +1 −0 — not shown: denied by policy');
    expect(JSON.stringify(s.model.requests[0]!.body)).not.toContain(CONTENT);
  });

  it("another thread, in a review, and a mention's pull request diff", async () => {
    const pull = await pullAdding({ 'secrets/key.txt': `${CONTENT}\n` }, { config: CONFIG_DENY });
    // Written before the event (a run sees only what existed when it was woken).
    s.gh.addReviewComment(pull.number, { body: 'Why is this committed?', user: 'alice', path: 'secrets/key.txt', line: 1, createdAt: BEFORE });
    s.model.enqueue(reply(text('Reviewed.')));
    expect((await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'))).code).toBe(0);
    expect(firstOf()).toContain('### secrets/key.txt line 1\n(The diff hunk is not shown: denied by policy');

    const comment = s.gh.addComment(pull.number, { body: '@deckhand what changed?', user: 'alice' });
    s.model.enqueue(reply(text('A greeting.')));
    expect((await s.run('issue_comment', s.gh.payload.issueComment(comment))).code).toBe(0);
    expect(firstOf(1)).toContain('- secrets/key.txt — added, +1 −0 — not shown: denied by policy');
    for (const request of s.model.requests) expect(JSON.stringify(request.body)).not.toContain(CONTENT);
  });
});
