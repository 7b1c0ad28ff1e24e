// The GitHub emulator, exercised with plain fetch (and once with Octokit's
// paginate): it must answer like api.github.com — auth, pagination, real git
// diffs and anchors, the Git Data API, failures on demand — or tests built on
// it would prove nothing.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitHubEmulator, type Pull } from './github.js';

let gh: GitHubEmulator;
const scratch: string[] = [];

beforeEach(async () => {
  gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets', token: 'ghs_test', defaultBranch: 'main' }).start();
});

afterEach(async () => {
  await gh.stop();
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const url = path.startsWith('http') ? path : `${gh.url}${path.startsWith('/repos') ? path : `/repos/octo/widgets${path}`}`;
  const response = await fetch(url, {
    method,
    headers: { authorization: 'token ghs_test', accept: 'application/vnd.github+json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

const patch = (path: string, body: unknown) => call('PATCH', path, body);

const git = (...args: string[]) =>
  execFileSync('git', ['--git-dir', gh.bareRepo, ...args], { env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } }).toString('utf8');

const numbered = (n: number, edit: (i: number) => string | null = (i) => `line ${i}`) =>
  Array.from({ length: n }, (_, k) => edit(k + 1))
    .filter((l) => l !== null)
    .join('\n') + '\n';

/**
 * main: src/app.ts (30 lines), README.md, docs/guide.md, obsolete.txt.
 * feature: line 5 changed, two lines inserted after 20, line 29 removed (three hunks);
 * src/new.ts added, obsolete.txt removed, docs/guide.md renamed to docs/manual.md.
 */
function seedPull(): Pull {
  gh.commitFiles(
    'main',
    {
      'src/app.ts': numbered(30),
      'README.md': '# Widgets\n',
      'docs/guide.md': numbered(12, (i) => `Guide paragraph ${i} with enough words to be recognised as the same file.`),
      'obsolete.txt': 'bye\n',
    },
    'Initial commit',
  );
  gh.commitFiles(
    'feature',
    {
      'src/app.ts': numbered(30, (i) => (i === 5 ? 'line five' : i === 20 ? 'line 20\ninserted A\ninserted B' : i === 29 ? null : `line ${i}`)),
      'src/new.ts': 'export const answer = 42;\n',
      'obsolete.txt': null,
      'docs/guide.md': null,
      'docs/manual.md': numbered(12, (i) => `Guide paragraph ${i} with enough words to be recognised as the same file.`),
    },
    'Change the app',
    { author: 'Alice <alice@example.com>' },
  );
  return gh.addPull({ title: 'Change the app', body: 'Please review', user: 'alice', head: 'feature' });
}

describe('auth and errors', () => {
  it('answers 401 Bad credentials without the token, and accepts token or Bearer', async () => {
    const none = await fetch(`${gh.url}/repos/octo/widgets`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ message: 'Bad credentials', documentation_url: expect.any(String) });
    expect((await call('GET', '', undefined, { authorization: 'token nope' })).status).toBe(401);
    expect((await call('GET', '', undefined, { authorization: 'Bearer ghs_test' })).status).toBe(200);
    const repo = await call('GET', '');
    expect(repo.json).toMatchObject({ full_name: 'octo/widgets', default_branch: 'main', private: false, owner: { login: 'octo' }, html_url: 'https://github.test/octo/widgets' });
    expect(repo.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it("holds a job's token to its permissions: a write its scopes do not allow is GitHub's 403, reads and allowed writes go through", async () => {
    gh.commitFiles('main', { 'README.md': '# widgets\n' }, 'Initial commit');
    const issue = gh.addIssue({ title: 'Bug', body: 'x', user: 'alice' });
    const as = (token: string) => ({ authorization: `token ${token}` });
    const readOnly = gh.addToken({ contents: 'read', issues: 'read', 'pull-requests': 'read' });
    expect((await call('GET', `/issues/${issue.number}`, undefined, as(readOnly))).status).toBe(200);
    const refused = await call('POST', `/issues/${issue.number}/comments`, { body: 'hi' }, as(readOnly));
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: 'Resource not accessible by integration', documentation_url: expect.any(String), status: '403' });
    expect((await call('POST', '/git/blobs', { content: 'x', encoding: 'utf-8' }, as(readOnly))).status).toBe(403);
    expect((await call('POST', '/check-runs', { name: 'x', head_sha: 'a'.repeat(40) }, as(readOnly))).status).toBe(403);
    // A scope left out is none.
    const issuesOnly = gh.addToken({ issues: 'write' });
    expect((await call('POST', `/issues/${issue.number}/comments`, { body: 'hi' }, as(issuesOnly))).status).toBe(201);
    expect((await call('POST', '/git/blobs', { content: 'x', encoding: 'utf-8' }, as(issuesOnly))).status).toBe(403);
    // An issue comment on a pull request takes pull-requests: write as well.
    expect((await call('POST', `/issues/${issue.number}/comments`, { body: 'hi' }, as(gh.addToken({ 'pull-requests': 'write' })))).status).toBe(201);
    expect(gh.createdComments).toHaveLength(2);
    // GraphQL: a mutation the token may not make is a FORBIDDEN error, and changes nothing.
    const mutation = await fetch(`${gh.url}/graphql`, {
      method: 'POST',
      headers: { ...as(readOnly), 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { resolveReviewThread(input: {threadId: "x"}) { thread { id } } }' }),
    });
    expect(mutation.status).toBe(200);
    expect(await mutation.json()).toEqual({ data: null, errors: [expect.objectContaining({ type: 'FORBIDDEN', message: 'Resource not accessible by integration' })] });
    // The emulator's own token writes everything, as before.
    expect((await call('POST', '/git/blobs', { content: 'x', encoding: 'utf-8' })).status).toBe(201);
  });

  it('answers 404 Not Found for unknown routes, repos and numbers, and records every request', async () => {
    expect((await call('GET', '/no/such/thing')).json).toMatchObject({ message: 'Not Found' });
    expect((await call('GET', '/repos/someone/else')).status).toBe(404);
    expect((await call('GET', '/issues/99')).status).toBe(404);
    await call('POST', '/issues/99/comments', { body: 'x' });
    expect(gh.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /repos/octo/widgets/no/such/thing 404',
      'GET /repos/someone/else 404',
      'GET /repos/octo/widgets/issues/99 404',
      'POST /repos/octo/widgets/issues/99/comments 404',
    ]);
    expect(gh.writes()).toHaveLength(1);
    expect(gh.writes()[0]!.body).toEqual({ body: 'x' });
  });

  it('fails matching requests the given number of times, then answers normally', async () => {
    const issue = gh.addIssue({ title: 'Bug', body: 'It breaks', user: 'alice' });
    gh.fail({ method: 'GET', path: /\/issues\/\d+$/, status: 502, times: 2 });
    const first = await call('GET', `/issues/${issue.number}`);
    expect(first.status).toBe(502);
    expect(first.text).toContain('<html>');
    expect((await call('GET', `/issues/${issue.number}`)).status).toBe(502);
    expect((await call('GET', `/issues/${issue.number}`)).json.title).toBe('Bug');
  });

  it('can answer like GitHub rate limiting', async () => {
    gh.fail({ method: '*', path: /./, status: 403, rateLimit: 'primary' });
    const limited = await call('GET', '');
    expect(limited.status).toBe(403);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
    expect(limited.json.message).toMatch(/rate limit exceeded/);
    expect((await call('GET', '')).status).toBe(200);
  });
});

describe('issues, comments and permissions', () => {
  it('paginates 250 comments with GitHub Link headers, in id order', async () => {
    const issue = gh.addIssue({ title: 'Long thread', body: 'x', user: 'alice' });
    for (let i = 1; i <= 250; i++) gh.addComment(issue.number, { body: `comment ${i}`, user: i % 2 ? 'alice' : 'bob' });

    const first = await call('GET', `/issues/${issue.number}/comments?per_page=100`);
    const link = first.headers.get('link')!;
    expect(link).toBe(
      `<${gh.url}/repos/octo/widgets/issues/${issue.number}/comments?per_page=100&page=2>; rel="next", ` +
        `<${gh.url}/repos/octo/widgets/issues/${issue.number}/comments?per_page=100&page=3>; rel="last"`,
    );
    const bodies: string[] = [];
    let next: string | undefined = `/issues/${issue.number}/comments?per_page=100`;
    let pages = 0;
    while (next) {
      const page = await call('GET', next);
      pages++;
      bodies.push(...page.json.map((c: any) => c.body));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    expect(pages).toBe(3);
    expect(bodies).toHaveLength(250);
    expect(bodies[0]).toBe('comment 1');
    expect(bodies[249]).toBe('comment 250');

    const middle = await call('GET', `/issues/${issue.number}/comments?page=2`);
    expect(middle.json).toHaveLength(30);
    expect(middle.headers.get('link')).toMatch(/page=1>; rel="prev", .*page=3>; rel="next", .*page=9>; rel="last", .*page=1>; rel="first"$/);
    const capped = await call('GET', `/issues/${issue.number}/comments?per_page=500`);
    expect(capped.json).toHaveLength(100);
  });

  it('Octokit paginate follows the Link headers past 100, and unwraps check_runs', async () => {
    const issue = gh.addIssue({ title: 'Long thread', body: 'x', user: 'alice' });
    for (let i = 1; i <= 205; i++) gh.addComment(issue.number, { body: `comment ${i}`, user: 'alice' });
    const sha = gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    for (let i = 1; i <= 3; i++) gh.addCheckRun(sha, { name: `job ${i}`, conclusion: 'success' });
    const octokit = new (Octokit.plugin(paginateRest))({ auth: 'ghs_test', baseUrl: gh.url });
    const comments = await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: 'octo',
      repo: 'widgets',
      issue_number: issue.number,
      per_page: 100,
    });
    expect(comments).toHaveLength(205);
    const runs = await octokit.paginate('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', { owner: 'octo', repo: 'widgets', ref: sha, per_page: 2 });
    expect(runs.map((r) => r.name).sort()).toEqual(['job 1', 'job 2', 'job 3']);
  });

  it('creates and edits comments as the token user, on issues and PRs', async () => {
    const issue = gh.addIssue({ title: 'Bug', body: 'It breaks', user: 'alice', labels: ['bug'] });
    const created = await call('POST', `/issues/${issue.number}/comments`, { body: 'working…' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      body: 'working…',
      user: { login: 'github-actions[bot]', type: 'Bot' },
      html_url: `https://github.test/octo/widgets/issues/${issue.number}#issuecomment-${created.json.id}`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(Number.isInteger(created.json.id)).toBe(true);
    const edited = await call('PATCH', `/issues/comments/${created.json.id}`, { body: 'done' });
    expect(edited.json.body).toBe('done');
    expect((await call('GET', `/issues/comments/${created.json.id}`)).json.body).toBe('done');
    expect(gh.comments.at(-1)!.body).toBe('done');
    expect((await call('GET', `/issues/${issue.number}`)).json).toMatchObject({ comments: 1, labels: [{ name: 'bug' }], user: { login: 'alice', type: 'User' } });
    expect((await call('POST', `/issues/${issue.number}/comments`, {})).status).toBe(422);
    expect((await call('POST', `/issues/comments/${created.json.id}/reactions`, { content: 'eyes' })).status).toBe(201);
    expect((await call('POST', `/issues/comments/${created.json.id}/reactions`, { content: 'eyes' })).status).toBe(200);
    expect((await call('POST', `/issues/comments/${created.json.id}/reactions`, { content: 'party' })).status).toBe(422);
    expect(gh.reactions).toEqual([expect.objectContaining({ content: 'eyes', subject: { type: 'issue_comment', id: created.json.id } })]);

    gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    gh.commitFiles('topic', { 'a.txt': 'b\n' }, 'second');
    const pull = gh.addPull({ title: 'Topic', body: '', user: 'bob', head: 'topic' });
    const asIssue = await call('GET', `/issues/${pull.number}`);
    expect(asIssue.json.pull_request).toMatchObject({ url: `${gh.url}/repos/octo/widgets/pulls/${pull.number}`, html_url: pull.html_url });
    expect(pull.number).toBe(issue.number + 1);
    const onPull = await call('POST', `/issues/${pull.number}/comments`, { body: 'hi' });
    expect(onPull.json.html_url).toBe(`https://github.test/octo/widgets/pull/${pull.number}#issuecomment-${onPull.json.id}`);
  });

  it('reports collaborator permission like GitHub (maintain is write with role_name maintain)', async () => {
    gh.setPermission('alice', 'maintain').setPermission('tri', 'triage');
    expect((await call('GET', '/collaborators/alice/permission')).json).toMatchObject({ permission: 'write', role_name: 'maintain', user: { login: 'alice', type: 'User' } });
    expect((await call('GET', '/collaborators/tri/permission')).json).toMatchObject({ permission: 'read', role_name: 'triage' });
    expect((await call('GET', '/collaborators/stranger/permission')).json).toMatchObject({ permission: 'none', user: { login: 'stranger' } });
    expect((await call('GET', '/collaborators/octo/permission')).json.permission).toBe('admin');
  });
});

describe('pull requests and diffs', () => {
  it('lists PR files with the patch git itself prints, statuses and renames', async () => {
    const pull = seedPull();
    const files = (await call('GET', `/pulls/${pull.number}/files`)).json as any[];
    expect(files.map((f) => [f.filename, f.status]).sort()).toEqual([
      ['docs/manual.md', 'renamed'],
      ['obsolete.txt', 'removed'],
      ['src/app.ts', 'modified'],
      ['src/new.ts', 'added'],
    ]);
    const app = files.find((f) => f.filename === 'src/app.ts');
    const fromGit = git('diff', 'main...feature', '--', 'src/app.ts');
    expect(app.patch).toBe(fromGit.slice(fromGit.indexOf('@@')).replace(/\n$/, ''));
    expect(app).toMatchObject({ additions: 3, deletions: 2, changes: 5 });
    expect(app.patch.match(/^@@ /gm)).toHaveLength(3);
    expect(files.find((f) => f.filename === 'docs/manual.md')).toMatchObject({ previous_filename: 'docs/guide.md', additions: 0, deletions: 0 });
    expect(files.find((f) => f.filename === 'src/new.ts').patch).toBe('@@ -0,0 +1 @@\n+export const answer = 42;');

    const got = (await call('GET', `/pulls/${pull.number}`)).json;
    expect(got).toMatchObject({
      number: pull.number,
      state: 'open',
      draft: false,
      user: { login: 'alice' },
      head: { ref: 'feature', sha: gh.refSha('feature'), repo: { full_name: 'octo/widgets', fork: false } },
      base: { ref: 'main', sha: gh.refSha('main'), repo: { full_name: 'octo/widgets' } },
      html_url: `https://github.test/octo/widgets/pull/${pull.number}`,
      changed_files: 4,
      commits: 1,
    });
    const diff = await call('GET', `/pulls/${pull.number}`, undefined, { accept: 'application/vnd.github.v3.diff' });
    expect(diff.text).toBe(git('diff', '-M', 'main...feature'));
    const commits = (await call('GET', `/pulls/${pull.number}/commits`)).json;
    expect(commits).toEqual([expect.objectContaining({ sha: gh.refSha('feature'), commit: expect.objectContaining({ message: 'Change the app', author: expect.objectContaining({ name: 'Alice', email: 'alice@example.com' }) }) })]);
  });

  it('follows pushes to the head branch, and keeps refs/pull/N/head for checkouts', async () => {
    const pull = seedPull();
    const moved = gh.commitFiles('feature', { 'src/new.ts': 'export const answer = 43;\n' }, 'Tweak');
    expect(pull.head.sha).toBe(moved);
    expect(gh.refSha(`refs/pull/${pull.number}/head`)).toBe(moved);
    const dir = mkdtempSync(join(tmpdir(), 'gh-emulator-clone-'));
    scratch.push(dir);
    gh.cloneTo(join(dir, 'pr'), `refs/pull/${pull.number}/head`);
    expect(readFileSync(join(dir, 'pr', 'src/new.ts'), 'utf8')).toBe('export const answer = 43;\n');
    gh.cloneTo(join(dir, 'main'));
    expect(readFileSync(join(dir, 'main', 'src/app.ts'), 'utf8')).toBe(numbered(30));
    expect(pull.mergeable).toBe(true);
    expect(gh.refSha(`refs/pull/${pull.number}/merge`)).toBe(pull.merge_commit_sha);
    gh.commitFiles('main', { 'src/app.ts': numbered(30, (i) => (i === 5 ? 'line FIVE' : `line ${i}`)) }, 'Conflicting change');
    expect(pull).toMatchObject({ base: { sha: gh.refSha('main') }, mergeable: false, merge_commit_sha: null });
    expect(gh.refSha(`refs/pull/${pull.number}/merge`)).toBeUndefined();
  });

  it('keeps a fork PR head out of this repository\'s branches, so it cannot be pushed to', async () => {
    seedPull();
    const forkHead = gh.commitFiles('mallory-patch', { 'src/new.ts': 'export const answer = 0;\n' }, 'From a fork');
    const fork = gh.addPull({ title: 'From a fork', body: null, user: 'mallory', head: 'mallory-patch', fork: true });
    expect(fork.head).toMatchObject({ label: 'mallory:mallory-patch', sha: forkHead, repo: { full_name: 'mallory/widgets', fork: true } });
    expect(gh.refSha(`refs/pull/${fork.number}/head`)).toBe(forkHead);
    expect((await call('GET', '/git/ref/heads/mallory-patch')).status).toBe(404);
    expect((await call('PATCH', '/git/refs/heads/mallory-patch', { sha: forkHead })).json.message).toBe('Reference does not exist');
    expect((await call('GET', `/pulls/${fork.number}/files`)).json.map((f: any) => f.filename)).toEqual(['src/new.ts']);
  });

  it('opens PRs through the API, refuses a second one for the same head, and filters by owner:branch', async () => {
    gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    gh.commitFiles('deckhand/issue-1-fix', { 'a.txt': 'b\n' }, 'fix');
    const opened = await call('POST', '/pulls', { title: 'Fix', head: 'deckhand/issue-1-fix', base: 'main', body: 'Fixes #1' });
    expect(opened.status).toBe(201);
    expect(opened.json).toMatchObject({ title: 'Fix', body: 'Fixes #1', user: { login: 'github-actions[bot]' }, head: { ref: 'deckhand/issue-1-fix' }, base: { ref: 'main' } });
    expect(gh.createdPulls.map((p) => p.number)).toEqual([opened.json.number]);
    const again = await call('POST', '/pulls', { title: 'Fix', head: 'deckhand/issue-1-fix', base: 'main' });
    expect(again.status).toBe(422);
    expect(again.json.errors[0].message).toBe('A pull request already exists for octo:deckhand/issue-1-fix.');
    expect((await call('POST', '/pulls', { title: 'X', head: 'nope', base: 'main' })).json.errors[0]).toMatchObject({ field: 'head', code: 'invalid' });
    const found = await call('GET', '/pulls?head=octo:deckhand/issue-1-fix&state=open');
    expect(found.json.map((p: any) => p.number)).toEqual([opened.json.number]);
    expect((await call('GET', '/pulls?head=octo:other&state=open')).json).toEqual([]);
  });
});

describe('reviews', () => {
  it('accepts a review with a one-line and a multi-line anchor, storing real diff hunks', async () => {
    const pull = seedPull();
    const posted = await call('POST', `/pulls/${pull.number}/reviews`, {
      commit_id: pull.head.sha,
      body: 'Summary <!-- deckhand -->',
      event: 'COMMENT',
      comments: [
        { path: 'src/app.ts', line: 21, side: 'RIGHT', body: 'Why insert this?' },
        { path: 'src/app.ts', start_line: 19, line: 22, body: '```suggestion\nline 19\nline 20\n```' },
      ],
    });
    expect(posted.status).toBe(200);
    expect(posted.json).toMatchObject({
      state: 'COMMENTED',
      body: 'Summary <!-- deckhand -->',
      commit_id: pull.head.sha,
      user: { login: 'github-actions[bot]' },
      html_url: `https://github.test/octo/widgets/pull/${pull.number}#pullrequestreview-${posted.json.id}`,
      submitted_at: expect.any(String),
    });
    expect(gh.createdReviews).toHaveLength(1);
    const comments = (await call('GET', `/pulls/${pull.number}/comments`)).json as any[];
    expect(comments).toHaveLength(2);
    expect(comments[0]).toMatchObject({ path: 'src/app.ts', line: 21, side: 'RIGHT', start_line: null, pull_request_review_id: posted.json.id, commit_id: pull.head.sha });
    expect(comments[0].diff_hunk).toMatch(/^@@ -18,6 \+18,8 @@.*\n line 18\n line 19\n line 20\n\+inserted A$/);
    expect(comments[1]).toMatchObject({ start_line: 19, start_side: 'RIGHT', line: 22, original_line: 22 });
    expect(comments[1].diff_hunk.split('\n').at(-1)).toBe('+inserted B');
    expect((await call('GET', `/pulls/${pull.number}/reviews`)).json.map((r: any) => r.id)).toEqual([posted.json.id]);
  });

  it('refuses the whole review with 422 when one anchor is outside the diff, storing nothing', async () => {
    const pull = seedPull();
    const review = (comments: unknown[]) => call('POST', `/pulls/${pull.number}/reviews`, { body: 'Summary', event: 'COMMENT', comments });
    const ok = { path: 'src/app.ts', line: 21, body: 'fine' };
    const outside = await review([ok, { path: 'src/app.ts', line: 12, body: 'not in a hunk' }]);
    expect(outside.status).toBe(422);
    expect(outside.json).toMatchObject({ message: 'Unprocessable Entity', errors: [expect.stringContaining('line must be part of the diff')] });
    expect((await review([{ path: 'README.md', line: 1, body: 'untouched file' }])).json.errors[0]).toContain('path is invalid');
    expect((await review([{ path: 'src/app.ts', start_line: 5, line: 21, body: 'two hunks' }])).json.errors[0]).toContain('same hunk');
    expect((await review([{ path: 'src/app.ts', start_line: 21, line: 21, body: 'one line as a range' }])).json.errors[0]).toContain('must precede the end line');
    expect((await review([{ path: 'src/app.ts', line: 27, side: 'RIGHT', body: 'between two hunks' }])).status).toBe(422);
    expect((await call('POST', `/pulls/${pull.number}/reviews`, { body: 'x', event: 'SHIP_IT' })).status).toBe(422);
    expect(gh.reviews).toEqual([]);
    expect(gh.reviewComments).toEqual([]);
  });

  it('leaves a review without an event PENDING, as GitHub does', async () => {
    const pull = seedPull();
    const posted = await call('POST', `/pulls/${pull.number}/reviews`, { body: 'forgot the event' });
    expect(posted.json.state).toBe('PENDING');
    expect(posted.json).not.toHaveProperty('submitted_at');
  });

  it('accepts a LEFT anchor on a removed line', async () => {
    const pull = seedPull();
    const posted = await call('POST', `/pulls/${pull.number}/reviews`, {
      body: '',
      event: 'COMMENT',
      comments: [{ path: 'src/app.ts', line: 29, side: 'LEFT', body: 'Was this needed?' }],
    });
    expect(posted.status).toBe(200);
    expect(gh.reviewComments[0]).toMatchObject({ side: 'LEFT', line: 29 });
    expect(gh.reviewComments[0]!.diff_hunk.split('\n').at(-1)).toBe('-line 29');
    expect((await call('POST', `/pulls/${pull.number}/reviews`, { event: 'COMMENT', comments: [{ path: 'src/app.ts', line: 12, side: 'LEFT', body: 'x' }] })).status).toBe(422);
  });

  it('replies in a review thread and edits review comments', async () => {
    const pull = seedPull();
    const root = gh.addReviewComment(pull.number, { body: '@deckhand why?', user: 'alice', path: 'src/app.ts', line: 5 });
    expect(root.diff_hunk.split('\n').at(-1)).toBe('+line five');
    const reply = await call('POST', `/pulls/${pull.number}/comments/${root.id}/replies`, { body: 'working…' });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ in_reply_to_id: root.id, path: 'src/app.ts', line: 5, diff_hunk: root.diff_hunk, user: { login: 'github-actions[bot]' } });
    const edited = await call('PATCH', `/pulls/comments/${reply.json.id}`, { body: 'Because.' });
    expect(edited.json.body).toBe('Because.');
    expect(() => gh.addReviewComment(pull.number, { body: 'x', user: 'alice', path: 'src/app.ts', line: 12 })).toThrow(/part of the diff/);
  });
});

describe('git data API', () => {
  it('builds blob → tree → commit and fast-forwards the branch in the real repo', async () => {
    const base = gh.commitFiles('main', { 'README.md': '# Widgets\n', 'src/app.ts': 'one\n' }, 'Initial commit');
    const blob = await call('POST', '/git/blobs', { content: 'hello\n', encoding: 'utf-8' });
    expect(blob.status).toBe(201);
    expect(blob.json.sha).toBe(createHash('sha1').update('blob 6\0hello\n').digest('hex'));
    const binary = await call('POST', '/git/blobs', { content: Buffer.from([0, 1, 2, 255]).toString('base64'), encoding: 'base64' });

    const baseCommit = (await call('GET', `/git/commits/${base}`)).json;
    expect(baseCommit).toMatchObject({ sha: base, message: 'Initial commit', parents: [] });
    const tree = await call('POST', '/git/trees', {
      base_tree: baseCommit.tree.sha,
      tree: [
        { path: 'docs/deep/nested/note.md', mode: '100644', type: 'blob', sha: blob.json.sha },
        { path: 'assets/logo.bin', mode: '100644', type: 'blob', sha: binary.json.sha },
        { path: 'bin/run.sh', mode: '100755', type: 'blob', content: '#!/bin/sh\necho hi\n' },
        { path: 'README.md', mode: '100644', type: 'blob', sha: null },
      ],
    });
    expect(tree.status).toBe(201);
    expect(tree.json.tree.map((e: any) => `${e.type} ${e.path}`).sort()).toEqual(['tree assets', 'tree bin', 'tree docs', 'tree src']);

    const commit = await call('POST', '/git/commits', { message: 'Add notes\n\nCo-authored-by: alice <alice@example.com>', tree: tree.json.sha, parents: [base] });
    expect(commit.status).toBe(201);
    expect(commit.json).toMatchObject({ tree: { sha: tree.json.sha }, parents: [{ sha: base }], verification: { verified: true } });

    const moved = await call('PATCH', '/git/refs/heads/main', { sha: commit.json.sha });
    expect(moved.json).toMatchObject({ ref: 'refs/heads/main', object: { sha: commit.json.sha, type: 'commit' } });
    expect(gh.refSha('main')).toBe(commit.json.sha);
    expect(git('show', 'main:docs/deep/nested/note.md')).toBe('hello\n');
    expect(git('ls-tree', '-r', '--name-only', 'main').split('\n').filter(Boolean)).toEqual(['assets/logo.bin', 'bin/run.sh', 'docs/deep/nested/note.md', 'src/app.ts']);
    expect(git('ls-tree', 'main', 'bin/run.sh')).toMatch(/^100755 /);
    expect(git('log', '-1', '--format=%B', 'main')).toContain('Co-authored-by: alice <alice@example.com>');
    expect((await call('GET', '/git/ref/heads/main')).json.object.sha).toBe(commit.json.sha);
    expect((await call('GET', '/branches/main')).json).toMatchObject({ name: 'main', commit: { sha: commit.json.sha } });
  });

  it('refuses a non-fast-forward ref update and an existing ref', async () => {
    const base = gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    const head = gh.commitFiles('main', { 'a.txt': 'b\n' }, 'second');
    const tree = (await call('GET', `/git/commits/${base}`)).json.tree.sha;
    const sibling = (await call('POST', '/git/commits', { message: 'sibling', tree, parents: [base] })).json.sha;
    const refused = await call('PATCH', '/git/refs/heads/main', { sha: sibling });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('Update is not a fast forward');
    expect(gh.refSha('main')).toBe(head);
    expect((await call('PATCH', '/git/refs/heads/missing', { sha: head })).status).toBe(422);
    // Octokit sends `{ref}` percent-encoded; requests are recorded decoded.
    expect((await call('PATCH', '/git/refs/heads%2Fmain', { sha: head })).status).toBe(200);
    expect(gh.writes().at(-1)).toMatchObject({ path: '/repos/octo/widgets/git/refs/heads/main', rawPath: '/repos/octo/widgets/git/refs/heads%2Fmain' });

    const exists = await call('POST', '/git/refs', { ref: 'refs/heads/main', sha: base });
    expect(exists.status).toBe(422);
    expect(exists.json.message).toBe('Reference already exists');
    const created = await call('POST', '/git/refs', { ref: 'refs/heads/deckhand/task-1', sha: base });
    expect(created.status).toBe(201);
    expect(gh.refSha('deckhand/task-1')).toBe(base);
    expect((await call('GET', '/git/ref/heads/deckhand/task-1')).json.object.sha).toBe(base);
    expect((await call('GET', '/git/ref/heads/nope')).status).toBe(404);
  });
});

describe('checks, compare and contents', () => {
  it('lists check runs under check_runs with total_count and Link headers', async () => {
    const sha = gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    gh.addCheckRun(sha, { name: 'test', conclusion: 'success' });
    gh.addCheckRun(sha, { name: 'test', conclusion: 'failure', output: { title: '1 failed', summary: 'boom', text: 'trace' } });
    gh.addCheckRun(sha, { name: 'lint', conclusion: 'success' });
    const runs = await call('GET', `/commits/${sha}/check-runs?per_page=1`);
    expect(runs.json.total_count).toBe(2);
    expect(runs.json.check_runs).toHaveLength(1);
    expect(runs.json).not.toHaveProperty('url');
    expect(runs.headers.get('link')).toContain('rel="next"');
    const all = (await call('GET', '/commits/main/check-runs')).json.check_runs;
    expect(all.find((r: any) => r.name === 'test')).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: { title: '1 failed', summary: 'boom', text: 'trace' },
      html_url: expect.stringMatching(/^https:\/\/github\.test\/octo\/widgets\//),
    });
  });

  it('reports commit statuses, combined by context', async () => {
    const sha = gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    gh.addStatus(sha, { context: 'ci/build', state: 'failure', description: 'red' });
    gh.addStatus(sha, { context: 'ci/build', state: 'success' });
    gh.addStatus(sha, { context: 'ci/lint', state: 'pending' });
    const combined = (await call('GET', '/commits/main/status')).json;
    expect(combined).toMatchObject({ state: 'pending', sha, total_count: 2 });
    expect(combined.statuses.map((s: any) => `${s.context}=${s.state}`).sort()).toEqual(['ci/build=success', 'ci/lint=pending']);
    expect((await call('GET', `/commits/${sha}/statuses`)).json).toHaveLength(3);
  });

  it('compares refs with real git: ahead, behind, diverged, identical', async () => {
    const base = gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    const feature = gh.commitFiles('feature', { 'a.txt': 'b\n' }, 'second');
    const ahead = (await call('GET', '/compare/main...feature')).json;
    expect(ahead).toMatchObject({ status: 'ahead', ahead_by: 1, behind_by: 0, merge_base_commit: { sha: base }, commits: [{ sha: feature }] });
    expect(ahead.files).toEqual([expect.objectContaining({ filename: 'a.txt', status: 'modified', additions: 1, deletions: 1, patch: '@@ -1 +1 @@\n-a\n+b' })]);
    expect((await call('GET', '/compare/feature...main')).json).toMatchObject({ status: 'behind', ahead_by: 0, behind_by: 1 });
    expect((await call('GET', `/compare/${base}...main`)).json.status).toBe('identical');
    gh.commitFiles('main', { 'b.txt': 'b\n' }, 'third');
    expect((await call('GET', `/compare/main...${feature}`)).json).toMatchObject({ status: 'diverged', ahead_by: 1, behind_by: 1 });
    expect((await call('GET', `/compare/main...${'f'.repeat(40)}`)).status).toBe(404);
  });

  it('serves file contents in base64 at a ref, and 404 for a missing file', async () => {
    gh.commitFiles('main', { '.github/deckhand.yml': 'permissions:\n  allow: [Read]\n', 'src/a.ts': 'a\n' }, 'first');
    gh.commitFiles('other', { '.github/deckhand.yml': 'changed\n' }, 'second');
    const file = (await call('GET', '/contents/.github/deckhand.yml?ref=main')).json;
    expect(file).toMatchObject({ type: 'file', encoding: 'base64', path: '.github/deckhand.yml', name: 'deckhand.yml', sha: git('rev-parse', 'main:.github/deckhand.yml').trim() });
    expect(Buffer.from(file.content, 'base64').toString('utf8')).toBe('permissions:\n  allow: [Read]\n');
    const other = (await call('GET', '/contents/.github/deckhand.yml?ref=other')).json;
    expect(Buffer.from(other.content, 'base64').toString('utf8')).toBe('changed\n');
    expect((await call('GET', '/contents/.github/missing.yml?ref=main')).status).toBe(404);
    expect((await call('GET', '/contents/src')).json.map((e: any) => [e.type, e.path])).toEqual([['file', 'src/a.ts']]);
  });
});

describe('issues: list, open, edit, label', () => {
  it('lists issues and pull requests together, newest first, filtered by state and by every label given, paginated', async () => {
    gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    gh.commitFiles('topic', { 'a.txt': 'b\n' }, 'second');
    const bug = gh.addIssue({ title: 'Bug', body: 'x', user: 'alice', labels: ['bug', 'deckhand'], createdAt: '2026-01-01T00:00:00Z' });
    const pull = gh.addPull({ title: 'Fix', body: 'y', user: 'bob', head: 'topic', labels: ['deckhand'], createdAt: '2026-01-02T00:00:00Z' });
    const old = gh.addIssue({ title: 'Old', body: null, user: 'alice', state: 'closed', labels: ['bug'], createdAt: '2025-12-01T00:00:00Z' });
    const chore = gh.addIssue({ title: 'Chore', body: 'z', user: 'carol', assignees: ['dave'], createdAt: '2026-01-03T00:00:00Z' });
    const numbers = async (path: string) => (await call('GET', path)).json.map((i: any) => i.number);

    const open = (await call('GET', '/issues')).json;
    expect(open.map((i: any) => i.number)).toEqual([chore.number, pull.number, bug.number]);
    expect(open.find((i: any) => i.number === pull.number)).toMatchObject({ title: 'Fix', labels: [{ name: 'deckhand' }], pull_request: { url: pull.url, html_url: pull.html_url, merged_at: null } });
    expect(open.find((i: any) => i.number === bug.number)).not.toHaveProperty('pull_request');
    expect(await numbers('/issues?state=closed')).toEqual([old.number]);
    expect(await numbers('/issues?state=all&labels=bug')).toEqual([bug.number, old.number]);
    expect(await numbers('/issues?labels=bug,deckhand')).toEqual([bug.number]);
    expect(await numbers('/issues?labels=deckhand&direction=asc')).toEqual([bug.number, pull.number]);
    expect(await numbers('/issues?labels=nothing')).toEqual([]);
    expect(await numbers('/issues?creator=alice&state=all')).toEqual([bug.number, old.number]);
    expect(await numbers('/issues?assignee=dave')).toEqual([chore.number]);
    expect(await numbers('/issues?assignee=none')).toEqual([pull.number, bug.number]);
    const paged = await call('GET', '/issues?state=all&per_page=3');
    expect(paged.json).toHaveLength(3);
    expect(paged.headers.get('link')).toBe(
      `<${gh.url}/repos/octo/widgets/issues?state=all&per_page=3&page=2>; rel="next", <${gh.url}/repos/octo/widgets/issues?state=all&per_page=3&page=2>; rel="last"`,
    );
  });

  it('opens an issue as the token user (labels made on the fly), and edits it: title, body, state, labels', async () => {
    const created = await call('POST', '/issues', { title: 'Fleet run', body: 'Report', labels: ['deckhand', { name: 'fleet' }] });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(created.json.url);
    expect(created.json).toMatchObject({
      title: 'Fleet run',
      body: 'Report',
      state: 'open',
      user: { login: 'github-actions[bot]', type: 'Bot' },
      labels: [{ name: 'deckhand', color: 'ededed' }, { name: 'fleet' }],
      html_url: `https://github.test/octo/widgets/issues/${created.json.number}`,
    });
    expect(created.json).not.toHaveProperty('pull_request');
    expect(gh.createdIssues.map((i) => i.number)).toEqual([created.json.number]);
    // The same shape as a seeded issue.
    expect(Object.keys(created.json).sort()).toEqual(Object.keys(gh.addIssue({ title: 'seeded', body: null, user: 'alice' })).sort());
    expect((await call('POST', '/issues', { body: 'no title' })).json).toMatchObject({ message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }] });
    expect((await call('POST', '/issues', { title: 'x', labels: 'bug' })).status).toBe(422);

    const n = created.json.number;
    const edited = await patch(`/issues/${n}`, { title: 'Fleet run: 3 repositories', body: 'Report v2', labels: ['fleet'] });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ number: n, title: 'Fleet run: 3 repositories', body: 'Report v2', labels: [{ name: 'fleet' }], state: 'open' });
    const closed = await patch(`/issues/${n}`, { state: 'closed', state_reason: 'not_planned' });
    expect(closed.json).toMatchObject({ state: 'closed', state_reason: 'not_planned', closed_at: expect.any(String) });
    expect((await call('GET', '/issues?state=closed')).json.map((i: any) => i.number)).toEqual([n]);
    expect((await patch(`/issues/${n}`, { state: 'open' })).json).toMatchObject({ state: 'open', state_reason: 'reopened', closed_at: null });
    expect((await patch(`/issues/${n}`, { state: 'done' })).json.errors).toEqual([{ resource: 'Issue', code: 'invalid', field: 'state' }]);
    expect((await patch(`/issues/${n}`, { title: '' })).status).toBe(422);
    expect((await patch('/issues/99', { title: 'x' })).status).toBe(404);
    expect(gh.issues.find((i) => i.number === n)).toMatchObject({ title: 'Fleet run: 3 repositories', body: 'Report v2', state: 'open' });
  });

  it("adds labels to an issue or a pull request (a PR's labels are its issue's), and the PR views show them", async () => {
    gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    gh.commitFiles('topic', { 'a.txt': 'b\n' }, 'second');
    const issue = gh.addIssue({ title: 'Bug', body: 'x', user: 'alice', labels: ['bug'] });
    const pull = gh.addPull({ title: 'Fix', body: 'y', user: 'bob', head: 'topic' });
    const labelNames = (answer: { json: any }) => answer.json.map((l: any) => l.name);

    const onIssue = await call('POST', `/issues/${issue.number}/labels`, { labels: ['deckhand', 'bug'] });
    expect(onIssue.status).toBe(200);
    expect(labelNames(onIssue)).toEqual(['bug', 'deckhand']);
    expect(onIssue.json[0]).toEqual({ id: expect.any(Number), node_id: expect.any(String), url: `${gh.url}/repos/octo/widgets/labels/bug`, name: 'bug', color: 'ededed', default: false, description: null });

    const onPull = await call('POST', `/issues/${pull.number}/labels`, { labels: ['deckhand', { name: 'fleet' }] });
    expect(labelNames(onPull)).toEqual(['deckhand', 'fleet']);
    // The bare-array form too; a label it has already is not added twice.
    expect(labelNames(await call('POST', `/issues/${pull.number}/labels`, ['fleet', 'ready']))).toEqual(['deckhand', 'fleet', 'ready']);
    expect(labelNames({ json: (await call('GET', `/pulls/${pull.number}`)).json.labels })).toEqual(['deckhand', 'fleet', 'ready']);
    expect(labelNames({ json: (await call('GET', '/pulls')).json[0].labels })).toEqual(['deckhand', 'fleet', 'ready']);
    expect(labelNames({ json: (await call('GET', `/issues/${pull.number}`)).json.labels })).toEqual(['deckhand', 'fleet', 'ready']);
    expect((await call('GET', '/issues?labels=deckhand,fleet')).json.map((i: any) => i.number)).toEqual([pull.number]);
    expect(pull.labels.map((l) => l.name)).toEqual(['deckhand', 'fleet', 'ready']);
    // One label, one object, wherever it is.
    expect(onPull.json[0].id).toBe(onIssue.json[1].id);

    expect(labelNames(await call('DELETE', `/issues/${pull.number}/labels/fleet`))).toEqual(['deckhand', 'ready']);
    expect((await call('DELETE', `/issues/${pull.number}/labels/nope`)).json.message).toBe('Label does not exist');
    expect(labelNames(await call('GET', `/issues/${issue.number}/labels`))).toEqual(['bug', 'deckhand']);
    // PATCH /issues/{n} on a pull request replaces its labels, as it edits its title.
    await patch(`/issues/${pull.number}`, { labels: ['only'], title: 'Fix it' });
    expect((await call('GET', `/pulls/${pull.number}`)).json).toMatchObject({ title: 'Fix it', labels: [{ name: 'only' }] });
    expect((await call('POST', `/issues/${issue.number}/labels`, {})).status).toBe(422);
    expect((await call('POST', '/issues/99/labels', { labels: ['x'] })).status).toBe(404);
  });

  it('classifies the new writes by scope: issue writes are issues, PATCH /pulls is pull-requests, labels on a PR take either', async () => {
    gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    gh.commitFiles('topic', { 'a.txt': 'b\n' }, 'second');
    const issue = gh.addIssue({ title: 'Bug', body: 'x', user: 'alice' });
    const pull = gh.addPull({ title: 'Fix', body: 'y', user: 'bob', head: 'topic' });
    const as = (token: string) => ({ authorization: `token ${token}` });
    const issuesOnly = gh.addToken({ issues: 'write', 'pull-requests': 'read' });
    const pullsOnly = gh.addToken({ issues: 'read', 'pull-requests': 'write' });
    const readOnly = gh.addToken({ contents: 'write', issues: 'read', 'pull-requests': 'read' });
    const status = async (method: string, path: string, body: unknown, token: string) => (await call(method, path, body, as(token))).status;

    expect(await status('POST', '/issues', { title: 'x' }, issuesOnly)).toBe(201);
    expect(await status('POST', '/issues', { title: 'x' }, pullsOnly)).toBe(403);
    expect(await status('PATCH', `/issues/${issue.number}`, { title: 'y' }, issuesOnly)).toBe(200);
    expect(await status('PATCH', `/issues/${issue.number}`, { title: 'y' }, pullsOnly)).toBe(403);
    expect(await status('POST', `/issues/${issue.number}/labels`, { labels: ['a'] }, issuesOnly)).toBe(200);
    expect(await status('POST', `/issues/${issue.number}/labels`, { labels: ['a'] }, pullsOnly)).toBe(403);
    // On a pull request's number GitHub takes either permission for labels.
    expect(await status('POST', `/issues/${pull.number}/labels`, { labels: ['a'] }, issuesOnly)).toBe(200);
    expect(await status('POST', `/issues/${pull.number}/labels`, { labels: ['b'] }, pullsOnly)).toBe(200);
    expect(await status('DELETE', `/issues/${pull.number}/labels/a`, undefined, pullsOnly)).toBe(200);
    expect(await status('POST', `/issues/${pull.number}/labels`, { labels: ['c'] }, readOnly)).toBe(403);
    expect(await status('PATCH', `/pulls/${pull.number}`, { title: 'z' }, pullsOnly)).toBe(200);
    expect(await status('PATCH', `/pulls/${pull.number}`, { title: 'z' }, issuesOnly)).toBe(403);
    expect(await status('PATCH', `/pulls/${pull.number}`, { title: 'z' }, readOnly)).toBe(403);
    expect(pull.title).toBe('z');
    expect(pull.labels.map((l) => l.name)).toEqual(['b']);
  });
});

describe('editing a pull request', () => {
  it('PATCH /pulls/{n} edits title and body, closes and reopens, and moves the base', async () => {
    gh.commitFiles('main', { 'a.txt': 'a\n' }, 'first');
    gh.commitFiles('release', { 'r.txt': 'r\n' }, 'release branch');
    gh.commitFiles('topic', { 'a.txt': 'b\n' }, 'second');
    const pull = gh.addPull({ title: 'Fix', body: 'y', user: 'bob', head: 'topic' });
    const edited = await patch(`/pulls/${pull.number}`, { title: 'Fix: better', body: 'Now with a report' });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ number: pull.number, title: 'Fix: better', body: 'Now with a report', state: 'open', head: { ref: 'topic' }, base: { ref: 'main' } });
    const closed = await patch(`/pulls/${pull.number}`, { state: 'closed' });
    expect(closed.json).toMatchObject({ state: 'closed', closed_at: expect.any(String), merged_at: null, merged: false });
    expect((await call('GET', '/pulls')).json).toEqual([]);
    expect((await call('GET', '/pulls?state=closed')).json.map((p: any) => p.number)).toEqual([pull.number]);
    expect((await call('GET', `/issues/${pull.number}`)).json.state).toBe('closed');
    expect((await patch(`/pulls/${pull.number}`, { state: 'open' })).json).toMatchObject({ state: 'open', closed_at: null });
    // A new base: the diff is against it now (release has r.txt, which topic lacks).
    const rebased = await patch(`/pulls/${pull.number}`, { base: 'release' });
    expect(rebased.json.base).toMatchObject({ ref: 'release', label: 'octo:release', sha: gh.refSha('release') });
    expect((await call('GET', `/pulls/${pull.number}/files`)).json.map((f: any) => f.filename)).toEqual(['a.txt']);
    expect((await patch(`/pulls/${pull.number}`, { base: 'nope' })).json.errors).toEqual([{ resource: 'PullRequest', code: 'invalid', field: 'base' }]);
    expect((await patch(`/pulls/${pull.number}`, { state: 'merged' })).status).toBe(422);
    expect((await patch(`/pulls/${pull.number}`, { title: '' })).json.errors).toEqual([{ resource: 'PullRequest', code: 'missing_field', field: 'title' }]);
    expect((await patch('/pulls/99', { title: 'x' })).status).toBe(404);
    expect(gh.writes().map((r) => `${r.method} ${r.path} ${r.status}`)).toContain(`PATCH /repos/octo/widgets/pulls/${pull.number} 200`);
  });
});

describe('check-run annotations', () => {
  it("lists a check run's annotations in GitHub's shape, paginated, a workflow job's too (same id), and 404 for an unknown check run", async () => {
    const sha = gh.commitFiles('main', { 'src/a.ts': 'a\n' }, 'first');
    const check = gh.addCheckRun(sha, { name: 'lint', conclusion: 'failure' });
    gh.addAnnotation(check.id, { level: 'failure', message: 'Unexpected any', title: 'no-explicit-any', path: 'src/a.ts', startLine: 3, endLine: 4, rawDetails: 'rule docs' });
    for (let i = 1; i <= 3; i++) gh.addAnnotation(check.id, { level: 'warning', message: `warning ${i}` });
    const page = await call('GET', `/check-runs/${check.id}/annotations?per_page=2`);
    expect(page.status).toBe(200);
    expect(page.json[0]).toEqual({
      path: 'src/a.ts',
      start_line: 3,
      end_line: 4,
      start_column: null,
      end_column: null,
      annotation_level: 'failure',
      title: 'no-explicit-any',
      message: 'Unexpected any',
      raw_details: 'rule docs',
      blob_href: `https://github.test/octo/widgets/blob/${sha}/src/a.ts`,
    });
    // A `::warning::` a step printed without a file, as GitHub stores it.
    expect(page.json[1]).toEqual({
      path: '.github',
      start_line: 1,
      end_line: 1,
      start_column: null,
      end_column: null,
      annotation_level: 'warning',
      title: '',
      message: 'warning 1',
      raw_details: '',
      blob_href: `https://github.test/octo/widgets/blob/${sha}/.github`,
    });
    expect(page.headers.get('link')).toContain('page=2>; rel="last"');
    expect((await call('GET', `/check-runs/${check.id}/annotations?per_page=2&page=2`)).json.map((a: any) => a.message)).toEqual(['warning 2', 'warning 3']);
    expect((await call('GET', `/check-runs/${check.id}`)).json).toMatchObject({
      id: check.id,
      name: 'lint',
      output: { annotations_count: 4, annotations_url: `${gh.url}/repos/octo/widgets/check-runs/${check.id}/annotations` },
    });

    gh.commitFiles('feature', { 'src/a.ts': 'b\n' }, 'second');
    const run = gh.addWorkflowRun({ name: 'CI', headBranch: 'feature', conclusion: 'failure', actor: 'alice', jobs: [{ name: 'test', conclusion: 'failure' }] });
    const job = gh.workflowJobs.find((j) => j.run_id === run.id)!;
    gh.addAnnotation(job.id, { level: 'notice', title: 'Deckhand', message: 'Fleet: 3 repositories' });
    expect((await call('GET', `/check-runs/${job.id}/annotations`)).json).toEqual([
      expect.objectContaining({ path: '.github', start_line: 1, end_line: 1, annotation_level: 'notice', title: 'Deckhand', message: 'Fleet: 3 repositories' }),
    ]);
    expect((await call('GET', '/commits/feature/check-runs')).json.check_runs[0].output.annotations_count).toBe(1);
    expect(gh.annotationsOf(job.id)).toHaveLength(1);

    expect((await call('GET', '/check-runs/424242/annotations')).status).toBe(404);
    expect((await call('GET', '/check-runs/424242')).status).toBe(404);
    expect(() => gh.addAnnotation(424242, { level: 'notice', message: 'x' })).toThrow(/no check run/);
    expect(gh.requests.filter((r) => r.path.endsWith('/annotations')).map((r) => r.status)).toEqual([200, 200, 200, 404]);
  });
});

describe('webhook payloads', () => {
  it('shapes payloads from stored objects as GitHub sends them', () => {
    const pull = seedPull();
    const comment = gh.addComment(pull.number, { body: '@deckhand look', user: 'alice' });
    const onPull = gh.payload.issueComment(comment);
    expect(onPull).toMatchObject({
      action: 'created',
      issue: { number: pull.number, pull_request: { url: pull.url } },
      comment: { id: comment.id, body: '@deckhand look' },
      repository: { full_name: 'octo/widgets', default_branch: 'main' },
      sender: { login: 'alice', type: 'User' },
    });
    const issue = gh.addIssue({ title: 'Bug', body: 'x', user: 'bob' });
    const labeled = gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'carol' });
    expect(labeled).toMatchObject({ action: 'labeled', label: { name: 'deckhand' }, issue: { number: issue.number, labels: [{ name: 'deckhand' }] }, sender: { login: 'carol' } });
    expect(labeled.issue).not.toHaveProperty('pull_request');
    const review = gh.addReview(pull.number, { body: '@deckhand fix it', user: 'alice' });
    expect(gh.payload.review(review)).toMatchObject({ action: 'submitted', review: { state: 'commented' }, pull_request: { number: pull.number, head: { ref: 'feature' } } });
    const thread = gh.addReviewComment(pull.number, { body: '@deckhand here', user: 'alice', path: 'src/app.ts', line: 21 });
    expect(gh.payload.reviewComment(thread)).toMatchObject({ comment: { diff_hunk: thread.diff_hunk }, pull_request: { number: pull.number } });
    const sync = gh.payload.pullRequest(pull, 'synchronize');
    expect(sync).toMatchObject({ number: pull.number, after: pull.head.sha, before: gh.refSha('main'), pull_request: { head: { sha: pull.head.sha, repo: { full_name: 'octo/widgets' } }, base: { ref: 'main' } } });
  });
});
