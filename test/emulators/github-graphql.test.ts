// The GitHub emulator's GraphQL endpoint, exercised with Octokit's graphql (the client
// Deckhand uses) and with plain fetch: review threads and resolveReviewThread, held to
// GitHub's published schema and answered with GitHub's error shapes, or tests that
// resolve threads through it would prove nothing.
import { Octokit } from '@octokit/core';
import { GraphqlResponseError } from '@octokit/graphql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { githubSchema } from './github-graphql.js';
import { GitHubEmulator, type ReviewComment } from './github.js';

let gh: GitHubEmulator;

beforeEach(async () => {
  gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets', token: 'ghs_test', defaultBranch: 'main' }).start();
});

afterEach(async () => {
  await gh.stop();
});

const lines = (edit: (i: number) => string = (i) => `line ${i}`) => Array.from({ length: 12 }, (_, k) => edit(k + 1)).join('\n') + '\n';

/** A PR changing lines 3, 6 and 9 of src/app.ts; a thread on 3 (alice, bob's reply), one on 6 (outdated), one on 9. */
function seed(): { number: number; first: ReviewComment; reply: ReviewComment; outdated: ReviewComment; last: ReviewComment } {
  gh.commitFiles('main', { 'src/app.ts': lines() }, 'Initial commit');
  gh.commitFiles('feature', { 'src/app.ts': lines((i) => ([3, 6, 9].includes(i) ? `line ${i} changed` : `line ${i}`)) }, 'Change');
  const { number } = gh.addPull({ title: 'Change', body: '', user: 'carol', head: 'feature' });
  const first = gh.addReviewComment(number, { body: 'Why three?', user: 'alice', path: 'src/app.ts', line: 3, createdAt: '2026-01-02T03:04:05Z' });
  const reply = gh.addReviewComment(number, { body: 'Because.', user: 'bob', path: 'src/app.ts', line: 3, inReplyTo: first.id, createdAt: '2026-01-02T04:00:00Z' });
  const outdated = gh.outdateReviewComment(gh.addReviewComment(number, { body: 'And six?', user: 'alice', path: 'src/app.ts', line: 6 }).id);
  const last = gh.addReviewComment(number, { body: 'Nine.', user: 'alice', path: 'src/app.ts', line: 9 });
  return { number, first, reply, outdated, last };
}

/** Where `needle` starts in a one-line query, as GraphQL counts columns (from 1). */
const column = (query: string, needle: string) => query.indexOf(needle) + 1;

const octokit = (auth = 'ghs_test', baseUrl = gh.url) => new Octokit({ auth, baseUrl });

/** POST /graphql with fetch: the raw status and body. */
async function post(body: unknown, headers: Record<string, string> = { authorization: 'bearer ghs_test' }): Promise<{ status: number; json: any; headers: Headers }> {
  const response = await fetch(`${gh.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, json: await response.json(), headers: response.headers };
}

const THREADS = `
  query Threads($owner: String!, $name: String!, $number: Int!, $first: Int, $after: String) {
    repository(owner: $owner, name: $name) {
      pullRequest(number: $number) {
        reviewThreads(first: $first, after: $after) {
          totalCount
          pageInfo { hasNextPage endCursor }
          nodes {
            id isResolved isOutdated path line originalLine diffSide
            comments(first: 50) { totalCount nodes { id databaseId body url author { login } createdAt } }
          }
        }
      }
    }
  }`;

const RESOLVE = `mutation Resolve($id: ID!) { resolveReviewThread(input: { threadId: $id, clientMutationId: "deckhand" }) { clientMutationId thread { id isResolved resolvedBy { login } } } }`;

describe('review threads', () => {
  it('lists a PR’s threads in the order of their root comments: root and replies, outdated where the line is null', async () => {
    const { number, first, reply, outdated, last } = seed();

    const data: any = await octokit().graphql(THREADS, { owner: 'octo', name: 'widgets', number, first: 10 });

    const threads = data.repository.pullRequest.reviewThreads;
    expect(threads.totalCount).toBe(3);
    expect(threads.pageInfo.hasNextPage).toBe(false);
    expect(threads.nodes.map((t: any) => [t.path, t.line, t.originalLine, t.isOutdated, t.isResolved, t.diffSide])).toEqual([
      ['src/app.ts', 3, 3, false, false, 'RIGHT'],
      ['src/app.ts', null, 6, true, false, 'RIGHT'],
      ['src/app.ts', 9, 9, false, false, 'RIGHT'],
    ]);
    expect(threads.nodes.map((t: any) => t.id)).toEqual([first, outdated, last].map((c) => gh.threadOf(c.id)!.id));
    expect(threads.nodes[0].id).toMatch(/^PRRT_/);
    expect(threads.nodes[0].comments).toEqual({
      totalCount: 2,
      nodes: [
        { id: first.node_id, databaseId: first.id, body: 'Why three?', url: first.html_url, author: { login: 'alice' }, createdAt: '2026-01-02T03:04:05Z' },
        { id: reply.node_id, databaseId: reply.id, body: 'Because.', url: reply.html_url, author: { login: 'bob' }, createdAt: '2026-01-02T04:00:00Z' },
      ],
    });
    expect(gh.graphqlRequests.map((r) => [r.method, r.path, r.status, r.graphql.operation, r.graphql.operationName, r.graphql.variables.first, r.graphql.errors])).toEqual([
      ['POST', '/graphql', 200, 'query', 'Threads', 10, []],
    ]);
    expect(gh.graphqlRequests[0]!.graphql.query).toBe(THREADS);
  });

  it('pages with first and after, cursors stable from page to page', async () => {
    const { number, first, outdated, last } = seed();
    const page = async (after?: string) =>
      ((await octokit().graphql(THREADS, { owner: 'octo', name: 'widgets', number, first: 1, ...(after ? { after } : {}) })) as any).repository.pullRequest.reviewThreads;

    const seen: number[] = [];
    let after: string | undefined;
    for (;;) {
      const threads = await page(after);
      expect(threads.totalCount).toBe(3);
      expect(threads.nodes).toHaveLength(1);
      seen.push(threads.nodes[0].comments.nodes[0].databaseId);
      if (!threads.pageInfo.hasNextPage) break;
      after = threads.pageInfo.endCursor;
    }

    expect(seen).toEqual([first.id, outdated.id, last.id]);
    const bad = await post({ query: THREADS, variables: { owner: 'octo', name: 'widgets', number, first: 1, after: 'nope' } });
    expect(bad.json.errors).toEqual([
      { type: 'INVALID_CURSOR_ARGUMENTS', path: ['repository', 'pullRequest', 'reviewThreads'], locations: [{ line: 5, column: 9 }], message: '`nope` does not appear to be a valid cursor.' },
    ]);
  });

  it('wants first (or last) of at most 100 whenever the items are asked for, as GitHub does', async () => {
    const { number } = seed();
    const threads = (args: string) => `{ repository(owner: "octo", name: "widgets") { pullRequest(number: ${number}) { reviewThreads${args} { totalCount nodes { id } } } } }`;

    const missing = await post({ query: threads('') });
    const at = column(threads(''), 'reviewThreads');
    const tooMany = await post({ query: threads('(first: 101)') });
    const counted = await post({ query: `{ repository(owner: "octo", name: "widgets") { pullRequest(number: ${number}) { reviewThreads { totalCount } } } }` });

    expect(missing.status).toBe(200);
    expect(missing.json).toEqual({
      data: { repository: { pullRequest: null } },
      errors: [
        {
          type: 'MISSING_PAGINATION_BOUNDARIES',
          path: ['repository', 'pullRequest', 'reviewThreads'],
          locations: [{ line: 1, column: at }],
          message: 'You must provide a `first` or `last` value to properly paginate the `reviewThreads` connection.',
        },
      ],
    });
    expect(tooMany.json.errors).toMatchObject([
      { type: 'EXCESSIVE_PAGINATION', path: ['repository', 'pullRequest', 'reviewThreads'], message: 'Requesting 101 records on the `reviewThreads` connection exceeds the `first` limit of 100 records.' },
    ]);
    expect(counted.json).toEqual({ data: { repository: { pullRequest: { reviewThreads: { totalCount: 3 } } } } });
    await expect(octokit().graphql(threads(''))).rejects.toThrow(GraphqlResponseError);
  });

  it('answers NOT_FOUND for a repository or pull request it does not have', async () => {
    seed();
    const query = '{ a: repository(owner: "octo", name: "gone") { id } b: repository(owner: "octo", name: "widgets") { pullRequest(number: 99) { id } } }';
    const answer = await post({ query });

    expect(answer.json).toEqual({
      data: { a: null, b: { pullRequest: null } },
      errors: [
        { type: 'NOT_FOUND', path: ['a'], locations: [{ line: 1, column: 3 }], message: "Could not resolve to a Repository with the name 'octo/gone'." },
        { type: 'NOT_FOUND', path: ['b', 'pullRequest'], locations: [{ line: 1, column: column(query, 'pullRequest') }], message: 'Could not resolve to a PullRequest with the number of 99.' },
      ],
    });
  });

  it('finds a thread or a review comment by node id', async () => {
    const { first, reply } = seed();
    const thread = gh.threadOf(reply.id)!;

    const data: any = await octokit().graphql(
      `query($thread: ID!, $comment: ID!) {
        thread: node(id: $thread) { __typename ... on PullRequestReviewThread { comments(first: 10) { nodes { databaseId } } } }
        comment: node(id: $comment) { ... on PullRequestReviewComment { databaseId replyTo { databaseId } pullRequestReview: pullRequest { number } } }
      }`,
      { thread: thread.id, comment: reply.node_id },
    );

    expect(data.thread).toEqual({ __typename: 'PullRequestReviewThread', comments: { nodes: [{ databaseId: first.id }, { databaseId: reply.id }] } });
    expect(data.comment).toEqual({ databaseId: reply.id, replyTo: { databaseId: first.id }, pullRequestReview: { number: thread.pullNumber } });
  });

  it('fails loudly on a field of the schema it does not implement, naming it', async () => {
    const { number } = seed();

    const query = `{ repository(owner: "octo", name: "widgets") { pullRequest(number: ${number}) { number mergeable } } }`;
    const answer = await post({ query });

    expect(answer.json.data).toEqual({ repository: { pullRequest: null } });
    expect(answer.json.errors).toEqual([
      {
        type: 'EMULATOR_NOT_IMPLEMENTED',
        path: ['repository', 'pullRequest', 'mergeable'],
        locations: [{ line: 1, column: column(query, 'mergeable') }],
        message: 'The GitHub emulator does not implement PullRequest.mergeable; add it to test/emulators/github-graphql.ts or leave it out of the query.',
      },
    ]);
  });
});

describe('resolveReviewThread', () => {
  it('resolves the thread as the token’s user: a later query sees it, and it is recorded', async () => {
    const { number, first, reply, last } = seed();
    const id = gh.threadOf(reply.id)!.id;

    const data: any = await octokit().graphql(RESOLVE, { id });

    expect(data).toEqual({ resolveReviewThread: { clientMutationId: 'deckhand', thread: { id, isResolved: true, resolvedBy: { login: 'github-actions[bot]' } } } });
    const later: any = await octokit().graphql(THREADS, { owner: 'octo', name: 'widgets', number, first: 10 });
    expect(later.repository.pullRequest.reviewThreads.nodes.map((t: any) => t.isResolved)).toEqual([true, false, false]);
    expect(gh.resolvedThreadRoots).toEqual([first.id]);
    expect(gh.resolvedThreads.map((t) => [t.id, t.resolvedBy?.login, t.comments.map((c) => c.id)])).toEqual([[id, 'github-actions[bot]', [first.id, reply.id]]]);
    expect(gh.threadOf(last.id)?.isResolved).toBe(false);
    expect(gh.graphqlRequests.map((r) => r.graphql.operation)).toEqual(['mutation', 'query']);
    expect(gh.graphqlRequests[0]!.graphql).toMatchObject({ operationName: 'Resolve', variables: { id }, errors: [] });
  });

  it('unresolves it again', async () => {
    const { first } = seed();
    const id = gh.resolveThread(first.id, 'alice').id;
    expect(gh.resolvedThreads[0]?.resolvedBy?.login).toBe('alice');

    const data: any = await octokit().graphql('mutation($id: ID!) { unresolveReviewThread(input: { threadId: $id }) { clientMutationId thread { isResolved resolvedBy { login } } } }', { id });

    expect(data).toEqual({ unresolveReviewThread: { clientMutationId: null, thread: { isResolved: false, resolvedBy: null } } });
    expect(gh.resolvedThreadRoots).toEqual([]);
  });

  it('answers NOT_FOUND for a thread id it does not know, and resolves nothing', async () => {
    seed();

    const answer = await post({ query: RESOLVE, variables: { id: 'PRRT_nope' } });
    const thrown = await octokit()
      .graphql(RESOLVE, { id: 'PRRT_nope' })
      .catch((error: unknown) => error);

    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      data: { resolveReviewThread: null },
      errors: [{ type: 'NOT_FOUND', path: ['resolveReviewThread'], locations: [{ line: 1, column: 30 }], message: "Could not resolve to a node with the global id of 'PRRT_nope'." }],
    });
    expect(thrown).toBeInstanceOf(GraphqlResponseError);
    expect((thrown as GraphqlResponseError<unknown>).errors?.[0]).toMatchObject({ type: 'NOT_FOUND' });
    expect(gh.resolvedThreads).toEqual([]);
  });
});

describe('validation against GitHub’s schema', () => {
  it('refuses an unknown field with graphql-ruby’s message, code, path and location, HTTP 200 and no data', async () => {
    const answer = await post({ query: 'query Threads {\n  repository(owner: "octo", name: "widgets") {\n    pullRequest(number: 1) { reviewThreadz(first: 1) { totalCount } }\n  }\n}' });

    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      errors: [
        {
          message: "Field 'reviewThreadz' doesn't exist on type 'PullRequest'",
          locations: [{ line: 3, column: 30 }],
          path: ['query Threads', 'repository', 'pullRequest', 'reviewThreadz'],
          extensions: { code: 'undefinedField', typeName: 'PullRequest', fieldName: 'reviewThreadz' },
        },
      ],
    });
    expect(gh.graphqlRequests[0]!.graphql).toMatchObject({ operation: 'query', errors: ["Field 'reviewThreadz' doesn't exist on type 'PullRequest'"] });
  });

  it('refuses a mutation without a required input field, written inline or sent as a variable', async () => {
    const inline = await post({ query: 'mutation { resolveReviewThread(input: { clientMutationId: "x" }) { clientMutationId } }' });
    const variable = await post({ query: 'mutation($input: ResolveReviewThreadInput!) { resolveReviewThread(input: $input) { clientMutationId } }', variables: { input: { clientMutationId: 'x' } } });

    expect(inline.json).toEqual({
      errors: [
        {
          message: "Argument 'threadId' on InputObject 'ResolveReviewThreadInput' is required. Expected type ID!",
          locations: [{ line: 1, column: 39 }],
          path: ['mutation', 'resolveReviewThread', 'input', 'threadId'],
          extensions: { code: 'missingRequiredInputObjectAttribute', argumentName: 'threadId', argumentType: 'ID!', inputObjectType: 'ResolveReviewThreadInput' },
        },
      ],
    });
    expect(variable.json).toEqual({
      errors: [
        {
          message: 'Variable $input of type ResolveReviewThreadInput! was provided invalid value for threadId (Expected value to not be null)',
          locations: [{ line: 1, column: 10 }],
          extensions: { value: { clientMutationId: 'x' }, problems: [{ path: ['threadId'], explanation: 'Expected value to not be null' }] },
        },
      ],
    });
    expect(gh.resolvedThreads).toEqual([]);
  });

  it('names wrong argument types, unknown and missing arguments, selections and variables as graphql-ruby does', async () => {
    const messages = async (query: string, variables?: unknown) => ((await post({ query, variables })).json.errors as Array<{ message: string; extensions?: { code?: string } }>).map((e) => [e.extensions?.code, e.message]);

    expect(await messages('{ repository(owner: "octo", name: "widgets") { pullRequest(number: "1") { id } } }')).toEqual([
      ['argumentLiteralsIncompatible', `Argument 'number' on Field 'pullRequest' has an invalid value ("1"). Expected type 'Int!'.`],
    ]);
    expect(await messages('{ repository(owner: "octo") { pullRequest(number: 1, state: OPEN) { author } } }')).toEqual([
      ['missingRequiredArguments', "Field 'repository' is missing required arguments: name"],
      ['argumentNotAccepted', "Field 'pullRequest' doesn't accept argument 'state'"],
      ['selectionMismatch', "Field must have selections (field 'author' returns Actor but has no selections. Did you mean 'author { ... }'?)"],
    ]);
    expect(await messages('query($n: Int!, $unused: String) { repository(owner: $o, name: "widgets") { pullRequest(number: $n) { id { x } } } }', { n: 1 })).toEqual([
      ['selectionMismatch', `Selections can't be made on scalars (field 'id' returns ID but has selections ["x"])`],
      ['variableNotUsed', 'Variable $unused is declared by anonymous query but not used'],
      ['variableNotDefined', 'Variable $o is used by anonymous query but not declared'],
    ]);
    expect(await messages('query($n: Int!) { repository(owner: "octo", name: "widgets") { pullRequest(number: $n) { id } } }', { n: 'one' })).toEqual([
      [undefined, 'Variable $n of type Int! was provided invalid value'],
    ]);
  });

  it('answers a document that does not parse, or a body without a query, with errors and HTTP 200', async () => {
    const broken = await post({ query: '{ repository(owner: "octo", name: "widgets") { id }' });
    const empty = await post({ variables: {} });

    expect(broken.status).toBe(200);
    expect(broken.json.errors).toEqual([{ message: expect.stringMatching(/^Syntax Error/), locations: [{ line: 1, column: 52 }] }]);
    expect(empty.json).toEqual({ errors: [{ message: 'A query attribute must be specified and must be a string.' }] });
  });

  it('builds GitHub’s schema once', () => {
    const built = githubSchema();
    expect(githubSchema()).toBe(built);
    expect(built.schema.getType('PullRequestReviewThread')).toBeDefined();
    expect(built.buildMs).toBeGreaterThan(0);
  });
});

describe('the endpoint', () => {
  it('wants the token: 401 without one (GitHub’s GraphQL wording) and Bad credentials with a wrong one', async () => {
    const none = await post({ query: '{ __typename }' }, {});
    const wrong = await post({ query: '{ __typename }' }, { authorization: 'token nope' });

    expect([none.status, none.json.message]).toEqual([401, 'This endpoint requires you to be authenticated.']);
    expect([wrong.status, wrong.json.message]).toEqual([401, 'Bad credentials']);
    await expect(octokit('nope').graphql('{ __typename }')).rejects.toMatchObject({ status: 401 });
    expect(gh.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/graphql', 401],
      ['POST', '/graphql', 401],
      ['POST', '/graphql', 401],
    ]);
  });

  it('answers GHES’s /api/graphql too (Octokit with a baseUrl ending in /api/v3), with the graphql rate-limit resource', async () => {
    const data = await octokit('ghs_test', `${gh.url}/api/v3`).graphql('{ __typename }');
    const plain = await post({ query: '{ __typename }' });

    expect(data).toEqual({ __typename: 'Query' });
    expect(gh.requests[0]!.path).toBe('/api/graphql');
    expect(plain.headers.get('x-ratelimit-resource')).toBe('graphql');
  });

  it('takes injected failures like any other path, and refuses a body that is not JSON', async () => {
    gh.fail({ method: 'POST', path: /^\/graphql$/, status: 502 });

    const failed = await fetch(`${gh.url}/graphql`, { method: 'POST', headers: { authorization: 'bearer ghs_test' }, body: '{}' });
    const notJson = await post('{"query": ');

    expect(failed.status).toBe(502);
    expect([notJson.status, notJson.json.message]).toEqual([400, 'Problems parsing JSON']);
    expect((await post({ query: '{ __typename }' })).json).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('git objects', () => {
  const FOLDERS = `query($a: String!, $b: String!, $c: String!, $d: String!) {
    repository(owner: "octo", name: "widgets") {
      a: object(expression: $a) { __typename ... on Tree { entries { name path type mode object { __typename ... on Blob { text byteSize isBinary } ... on Tree { entries { name type } } } } } }
      b: object(expression: $b) { __typename ... on Commit { oid messageHeadline } }
      c: object(expression: $c) { __typename }
      d: object(expression: $d) { __typename ... on Blob { text } }
      tip: ref(qualifiedName: "refs/heads/notes") { name prefix target { ... on Commit { oid message committedDate } } }
      none: ref(qualifiedName: "refs/heads/nope") { name }
    }
  }`;

  it('reads a folder of a branch with its files\' text, a commit, a file; what is not there is null, as on GitHub', async () => {
    gh.commitFiles('main', { 'docs/a.md': 'A\n', 'docs/img.png': Buffer.from([0x89, 0x50, 0, 1]), 'docs/deep/b.md': 'B\n' }, 'Docs');
    const notes = gh.commitFiles('notes', { 'x.md': 'X\n' }, 'Notes');

    const data: any = await octokit().graphql(FOLDERS, { a: 'main:docs', b: 'main', c: 'main:missing', d: 'notes:x.md' });

    expect(data.repository.a).toEqual({
      __typename: 'Tree',
      entries: [
        { name: 'a.md', path: 'docs/a.md', type: 'blob', mode: 0o100644, object: { __typename: 'Blob', text: 'A\n', byteSize: 2, isBinary: false } },
        { name: 'deep', path: 'docs/deep', type: 'tree', mode: 0o40000, object: { __typename: 'Tree', entries: [{ name: 'b.md', type: 'blob' }] } },
        { name: 'img.png', path: 'docs/img.png', type: 'blob', mode: 0o100644, object: { __typename: 'Blob', text: null, byteSize: 4, isBinary: true } },
      ],
    });
    expect(data.repository.b).toEqual({ __typename: 'Commit', oid: gh.refSha('main'), messageHeadline: 'Docs' });
    expect(data.repository.c).toBeNull();
    expect(data.repository.d).toEqual({ __typename: 'Blob', text: 'X\n' });
    expect(data.repository.tip).toMatchObject({ name: 'notes', prefix: 'refs/heads/', target: { oid: notes, message: 'Notes' } });
    expect(data.repository.tip.target.committedDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.repository.none).toBeNull();
  });
});
