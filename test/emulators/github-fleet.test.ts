// The fleet host, exercised with plain fetch (and Octokit's paginate): listings of
// a thousand repositories page by page with GitHub's Link headers, users against
// organizations, search and its qualifiers, defaults and limits, contents, pull
// requests, forwarding to a real GitHubEmulator, auth, latency and parallelism —
// and every kind of answer checked against GitHub's OpenAPI description.
//
// The schemas come from @octokit/openapi-types (generated from that description;
// @octokit/openapi itself is not a dependency): its types.d.ts is read with the
// TypeScript compiler API into runtime checks (required properties, types,
// nullability, enums, nested schemas), and every property an answer has must be
// one the schema names.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import ts from 'typescript';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GitHubEmulator } from './github.js';
import { FleetHost } from './github-fleet.js';

// ---- GitHub's schemas, as runtime checks ----

type Check = (value: unknown, at: string, errors: string[]) => void;

/** components.schemas of @octokit/openapi-types' types.d.ts, compiled (lazily, by name) into checks. */
class OpenApiSchemas {
  private readonly nodes = new Map<string, ts.TypeNode>();
  private readonly checks = new Map<string, Check>();

  constructor() {
    const path = createRequire(import.meta.url).resolve('@octokit/openapi-types/types.d.ts');
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const components = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'components');
    const schemas = components?.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && nameOf(m.name) === 'schemas');
    if (!schemas?.type || !ts.isTypeLiteralNode(schemas.type)) throw new Error('components.schemas not found in @octokit/openapi-types');
    for (const member of schemas.type.members) {
      if (ts.isPropertySignature(member) && member.type) this.nodes.set(nameOf(member.name), member.type);
    }
  }

  /** What is wrong with `value` as an instance of the schema (empty: nothing). */
  errors(value: unknown, schema: string): string[] {
    const errors: string[] = [];
    this.named(schema)(value, schema, errors);
    return errors;
  }

  private named(name: string): Check {
    let check = this.checks.get(name);
    if (!check) {
      const node = this.nodes.get(name);
      if (!node) throw new Error(`no schema ${name} in @octokit/openapi-types`);
      let compiled: Check | undefined;
      // Lazy, so that schemas that refer to themselves compile.
      check = (value, at, errors) => (compiled ??= this.compile(node))(value, at, errors);
      this.checks.set(name, check);
    }
    return check;
  }

  private compile(node: ts.TypeNode): Check {
    const kind = (test: (v: unknown) => boolean, what: string): Check => (v, at, errors) => {
      if (!test(v)) errors.push(`${at}: ${JSON.stringify(v)?.slice(0, 60)} is not ${what}`);
    };
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return kind((v) => typeof v === 'string', 'a string');
      case ts.SyntaxKind.NumberKeyword:
      case ts.SyntaxKind.BigIntKeyword:
        return kind((v) => typeof v === 'number', 'a number');
      case ts.SyntaxKind.BooleanKeyword:
        return kind((v) => typeof v === 'boolean', 'a boolean');
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.AnyKeyword:
        return () => {};
      case ts.SyntaxKind.NeverKeyword:
        return kind(() => false, 'anything (never)');
    }
    if (ts.isParenthesizedTypeNode(node)) return this.compile(node.type);
    if (ts.isLiteralTypeNode(node)) {
      const literal = node.literal;
      if (literal.kind === ts.SyntaxKind.NullKeyword) return kind((v) => v === null, 'null');
      if (literal.kind === ts.SyntaxKind.TrueKeyword) return kind((v) => v === true, 'true');
      if (literal.kind === ts.SyntaxKind.FalseKeyword) return kind((v) => v === false, 'false');
      if (ts.isStringLiteral(literal)) return kind((v) => v === literal.text, JSON.stringify(literal.text));
      if (ts.isNumericLiteral(literal)) return kind((v) => v === Number(literal.text), literal.text);
    }
    if (ts.isArrayTypeNode(node)) {
      const element = this.compile(node.elementType);
      return (v, at, errors) => {
        if (!Array.isArray(v)) return void errors.push(`${at}: not an array`);
        v.forEach((item, i) => element(item, `${at}[${i}]`, errors));
      };
    }
    if (ts.isUnionTypeNode(node)) {
      const members = node.types.map((t) => this.compile(t));
      return (v, at, errors) => {
        const tries = members.map((member) => {
          const found: string[] = [];
          member(v, at, found);
          return found;
        });
        if (tries.some((found) => found.length === 0)) return;
        errors.push(...tries.reduce((best, found) => (found.length < best.length ? found : best)));
      };
    }
    if (ts.isIntersectionTypeNode(node)) {
      const members = node.types.map((t) => this.compile(t));
      return (v, at, errors) => members.forEach((member) => member(v, at, errors));
    }
    if (ts.isIndexedAccessTypeNode(node) && ts.isLiteralTypeNode(node.indexType) && ts.isStringLiteral(node.indexType.literal)) {
      // components["schemas"]["name"]
      const name = node.indexType.literal.text;
      return (v, at, errors) => this.named(name)(v, at, errors);
    }
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === 'Record' && node.typeArguments?.length === 2) {
      const values = this.compile(node.typeArguments[1]!);
      return (v, at, errors) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return void errors.push(`${at}: not an object`);
        for (const [key, item] of Object.entries(v)) values(item, `${at}.${key}`, errors);
      };
    }
    if (ts.isTypeLiteralNode(node)) {
      const properties = node.members.filter(ts.isPropertySignature).map((m) => ({ name: nameOf(m.name), optional: m.questionToken !== undefined, check: m.type ? this.compile(m.type) : () => {} }));
      const open = node.members.some(ts.isIndexSignatureDeclaration);
      return (v, at, errors) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return void errors.push(`${at}: ${JSON.stringify(v)?.slice(0, 60)} is not an object`);
        const record = v as Record<string, unknown>;
        for (const p of properties) {
          if (!(p.name in record)) {
            if (!p.optional) errors.push(`${at}.${p.name}: missing`);
          } else {
            p.check(record[p.name], `${at}.${p.name}`, errors);
          }
        }
        if (!open) {
          for (const key of Object.keys(record)) if (!properties.some((p) => p.name === key)) errors.push(`${at}.${key}: not in the schema`);
        }
      };
    }
    throw new Error(`OpenApiSchemas: no check for a ${ts.SyntaxKind[node.kind]}`);
  }
}

function nameOf(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText();
}

let schemas: OpenApiSchemas;
beforeAll(() => {
  schemas = new OpenApiSchemas();
});

/**
 * Asserts `value` is an instance of GitHub's schema (each item of it, for an array; `name[]`
 * for a schema that is an array). `extra`: top-level properties GitHub sends that the schema
 * does not name (OpenAPI allows them; the check refuses any other).
 */
function expectSchema(value: unknown, schema: string, extra: string[] = []): void {
  const items = Array.isArray(value) && !schema.endsWith('[]') ? value : [value];
  expect(items.length).toBeGreaterThan(0);
  const name = schema.replace(/\[\]$/, '');
  for (const item of items) expect(schemas.errors(item, name).filter((e) => !extra.some((key) => e === `${name}.${key}: not in the schema`))).toEqual([]);
}

// ---- The host ----

const TOKEN = 'ghs_fleet';
let fleet: FleetHost;
const cleanup: Array<() => Promise<void>> = [];

async function start(options: Partial<Parameters<typeof FleetHost.start>[0]> = {}): Promise<FleetHost> {
  fleet = await FleetHost.start({
    token: TOKEN,
    owners: [
      { login: 'octo', type: 'Organization' },
      { login: 'alice', type: 'User' },
    ],
    ...options,
  });
  cleanup.push(() => fleet.close());
  return fleet;
}

afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
});

interface Answer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
  ms: number;
}

async function call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(path.startsWith('http') ? path : `${fleet.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `token ${TOKEN}`, accept: 'application/vnd.github+json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text, ms: Date.now() - started };
}

const nextLink = (answer: Answer) => /<([^>]+)>; rel="next"/.exec(answer.headers.get('link') ?? '')?.[1];
const names = (items: Array<{ full_name: string }>) => items.map((r) => r.full_name);
const pad = (i: number) => String(i).padStart(4, '0');

/** A mixed fleet for search: octo (an organization) and alice (a user). */
function seedMixed(): void {
  fleet.addRepository({ owner: 'octo', name: 'api', topics: ['deckhand', 'typescript'], language: 'TypeScript', files: { '.github/deckhand.yml': 'fleet: on\n' } });
  fleet.addRepository({ owner: 'octo', name: 'widgets', topics: ['deckhand'], language: 'Go' });
  fleet.addRepository({ owner: 'octo', name: 'widgets-legacy', topics: ['deckhand', 'legacy'], language: 'typescript', archived: true });
  fleet.addRepository({ owner: 'octo', name: 'secret', visibility: 'private', language: 'Python' });
  fleet.addRepository({ owner: 'octo', name: 'inner', visibility: 'internal', topics: ['deckhand'] });
  fleet.addRepository({ owner: 'octo', name: 'api-fork', fork: true, topics: ['deckhand', 'typescript'], language: 'TypeScript' });
  fleet.addRepository({ owner: 'octo', name: 'blank', empty: true });
  fleet.addRepository({ owner: 'alice', name: 'dotfiles', language: 'Shell' });
  fleet.addRepository({ owner: 'alice', name: 'widgets-fork', fork: true });
  fleet.addRepository({ owner: 'alice', name: 'diary', visibility: 'private' });
}

async function search(q: string, extra = ''): Promise<Answer> {
  return call(`/search/repositories?q=${encodeURIComponent(q)}${extra}`);
}

async function searchNames(q: string): Promise<string[]> {
  const answer = await search(q);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return names(answer.json.items).sort();
}

describe('the schema check', () => {
  it('refuses what GitHub\'s schemas refuse: a missing property, a wrong type or null, an unknown key, deep inside too', async () => {
    await start();
    seedMixed();
    const repo = (await call('/repos/octo/api')).json;
    expect(schemas.errors(repo, 'full-repository')).toEqual([]);
    const broken = structuredClone(repo);
    delete broken.size;
    broken.archived = 'no';
    broken.default_branch = null;
    broken.owner.login = 5;
    broken.bogus = true;
    expect(schemas.errors(broken, 'full-repository').sort()).toEqual([
      'full-repository.archived: "no" is not a boolean',
      'full-repository.bogus: not in the schema',
      'full-repository.default_branch: null is not a string',
      'full-repository.owner.login: 5 is not a string',
      'full-repository.size: missing',
    ]);
    // A literal (content-file's type is "file"), an array, a nullable nested schema.
    const file = (await call('/repos/octo/api/contents/.github/deckhand.yml')).json;
    expect(schemas.errors({ ...file, type: 'dir' }, 'content-file')).toEqual(['content-file.type: "dir" is not "file"']);
    expect(schemas.errors([file], 'content-file')).toEqual([expect.stringMatching(/^content-file: \[\{.* is not an object$/)]);
    fleet.addPull('octo/api', { head: 'x', title: 'x', body: '' });
    const pull = (await call('/repos/octo/api/pulls')).json[0];
    expect(schemas.errors({ ...pull, user: null, labels: [{ name: 'x' }] }, 'pull-request-simple')).toEqual(
      ['id', 'node_id', 'url', 'description', 'color', 'default'].map((key) => `pull-request-simple.labels[0].${key}: missing`),
    );
  });
});

describe('listing an owner\'s repositories', () => {
  it('pages 1,000 repositories of an organization 100 at a time with GitHub Link headers, in a stable order', async () => {
    await start();
    for (let i = 1; i <= 1000; i++) fleet.addRepository({ owner: 'octo', name: `repo-${pad(i)}` });
    const first = await call('/orgs/octo/repos?per_page=100');
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(100);
    expect(first.headers.get('link')).toBe(`<${fleet.url}/orgs/octo/repos?per_page=100&page=2>; rel="next", <${fleet.url}/orgs/octo/repos?per_page=100&page=10>; rel="last"`);
    // Newest first, as GitHub lists an organization's repositories by default.
    expect(first.json[0].full_name).toBe('octo/repo-1000');

    const seen: string[] = [];
    let next: string | undefined = `${fleet.url}/orgs/octo/repos?per_page=100`;
    let pages = 0;
    while (next) {
      const page = await call(next);
      pages++;
      seen.push(...names(page.json));
      next = nextLink(page);
    }
    expect(pages).toBe(10);
    expect(seen).toHaveLength(1000);
    expect(new Set(seen).size).toBe(1000);
    expect(seen.at(-1)).toBe('octo/repo-0001');

    const middle = await call('/orgs/octo/repos?per_page=100&page=5');
    expect(middle.headers.get('link')).toBe(
      [
        `<${fleet.url}/orgs/octo/repos?per_page=100&page=4>; rel="prev"`,
        `<${fleet.url}/orgs/octo/repos?per_page=100&page=6>; rel="next"`,
        `<${fleet.url}/orgs/octo/repos?per_page=100&page=10>; rel="last"`,
        `<${fleet.url}/orgs/octo/repos?per_page=100&page=1>; rel="first"`,
      ].join(', '),
    );
    const last = await call('/orgs/octo/repos?per_page=100&page=10');
    expect(last.headers.get('link')).toBe(`<${fleet.url}/orgs/octo/repos?per_page=100&page=9>; rel="prev", <${fleet.url}/orgs/octo/repos?per_page=100&page=1>; rel="first"`);
    expect((await call('/orgs/octo/repos?per_page=100&page=11')).json).toEqual([]);
    // Default 30 a page; at most 100.
    const byDefault = await call('/orgs/octo/repos');
    expect(byDefault.json).toHaveLength(30);
    expect(byDefault.headers.get('link')).toContain('page=34>; rel="last"');
    expect((await call('/orgs/octo/repos?per_page=500')).json).toHaveLength(100);
    // sort and direction, as GitHub takes them.
    expect(names((await call('/orgs/octo/repos?sort=full_name&per_page=2')).json)).toEqual(['octo/repo-0001', 'octo/repo-0002']);
    expect(names((await call('/orgs/octo/repos?direction=asc&per_page=2')).json)).toEqual(['octo/repo-0001', 'octo/repo-0002']);

    const octokit = new (Octokit.plugin(paginateRest))({ auth: TOKEN, baseUrl: fleet.url });
    const all = await octokit.paginate('GET /orgs/{org}/repos', { org: 'octo', per_page: 100 });
    expect(all).toHaveLength(1000);
    expectSchema(first.json, 'minimal-repository');
  });

  it('tells organizations from users as GitHub does', async () => {
    await start();
    seedMixed();
    // /orgs/… is for organizations only.
    expect((await call('/orgs/alice/repos')).status).toBe(404);
    expect((await call('/orgs/alice')).status).toBe(404);
    expect((await call('/orgs/nobody/repos')).json).toEqual({ message: 'Not Found', documentation_url: expect.any(String), status: '404' });
    // /users/… answers for both, with public repositories only, by full_name.
    expect(names((await call('/users/alice/repos')).json)).toEqual(['alice/dotfiles', 'alice/widgets-fork']);
    expect(names((await call('/users/octo/repos')).json)).toEqual(['octo/api', 'octo/api-fork', 'octo/blank', 'octo/widgets', 'octo/widgets-legacy']);
    expect((await call('/users/alice/repos?type=member')).json).toEqual([]);
    expect((await call('/users/nobody/repos')).status).toBe(404);
    // The organization's own listing has every repository the token sees, with type filters.
    const all = (await call('/orgs/octo/repos?sort=full_name')).json;
    expect(names(all)).toEqual(['octo/api', 'octo/api-fork', 'octo/blank', 'octo/inner', 'octo/secret', 'octo/widgets', 'octo/widgets-legacy']);
    expect(all.find((r: any) => r.name === 'inner')).toMatchObject({ visibility: 'internal', private: true });
    expect(all.find((r: any) => r.name === 'blank')).toMatchObject({ size: 0, pushed_at: null });
    expect(all.find((r: any) => r.name === 'api')).toMatchObject({ size: 1, pushed_at: expect.any(String), topics: ['deckhand', 'typescript'], language: 'TypeScript', default_branch: 'main', archived: false, fork: false, owner: { login: 'octo', type: 'Organization' }, html_url: 'https://github.test/octo/api' });
    expect(names((await call('/orgs/octo/repos?type=forks')).json)).toEqual(['octo/api-fork']);
    expect(names((await call('/orgs/octo/repos?type=private')).json)).toEqual(['octo/secret']);
    expect(names((await call('/orgs/octo/repos?type=sources&sort=full_name')).json)).not.toContain('octo/api-fork');

    const org = await call('/orgs/octo');
    expect(org.json).toMatchObject({ login: 'octo', type: 'Organization', public_repos: 5, total_private_repos: 2 });
    expectSchema(org.json, 'organization-full');
    const user = await call('/users/alice');
    expect(user.json).toMatchObject({ login: 'alice', type: 'User', public_repos: 2 });
    expectSchema(user.json, 'public-user');
    expect((await call('/users/OCTO')).json).toMatchObject({ login: 'octo', type: 'Organization' });
    expectSchema((await call('/users/octo')).json, 'public-user');
    expect(() => fleet.addRepository({ owner: 'alice', name: 'x', visibility: 'internal' })).toThrow(/organization/);
    expect(() => fleet.addRepository({ owner: 'nobody', name: 'x' })).toThrow(/owner/);
    expect(() => fleet.addRepository({ owner: 'octo', name: 'API' })).toThrow(/twice/);
  });
});

describe('search', () => {
  it('reads qualifiers as GitHub does: forks out unless asked for, archived in unless excluded, negation, OR and AND', async () => {
    await start();
    seedMixed();
    // Forks are left out by default, archived repositories are not.
    expect(await searchNames('org:octo')).toEqual(['octo/api', 'octo/blank', 'octo/inner', 'octo/secret', 'octo/widgets', 'octo/widgets-legacy']);
    expect(await searchNames('org:octo fork:true')).toContain('octo/api-fork');
    expect(await searchNames('org:octo fork:only')).toEqual(['octo/api-fork']);
    expect(await searchNames('user:octo user:alice fork:only')).toEqual(['alice/widgets-fork', 'octo/api-fork']);
    expect(await searchNames('org:octo archived:false')).not.toContain('octo/widgets-legacy');
    expect(await searchNames('org:octo archived:true')).toEqual(['octo/widgets-legacy']);
    expect(await searchNames('org:octo -archived:true')).not.toContain('octo/widgets-legacy');
    // topic: all must match; -topic: none may.
    expect(await searchNames('topic:deckhand')).toEqual(['octo/api', 'octo/inner', 'octo/widgets', 'octo/widgets-legacy']);
    expect(await searchNames('topic:deckhand topic:typescript')).toEqual(['octo/api']);
    expect(await searchNames('topic:deckhand -topic:legacy')).toEqual(['octo/api', 'octo/inner', 'octo/widgets']);
    // language: any case; several are any of them.
    expect(await searchNames('language:TYPESCRIPT')).toEqual(['octo/api', 'octo/widgets-legacy']);
    expect(await searchNames('language:go language:python')).toEqual(['octo/secret', 'octo/widgets']);
    expect(await searchNames('org:octo -language:typescript')).toEqual(['octo/blank', 'octo/inner', 'octo/secret', 'octo/widgets']);
    expect(await searchNames('language:"Shell"')).toEqual(['alice/dotfiles']);
    // Visibility, both spellings.
    expect(await searchNames('visibility:private')).toEqual(['alice/diary', 'octo/secret']);
    expect(await searchNames('is:internal')).toEqual(['octo/inner']);
    expect(await searchNames('org:octo is:public')).toEqual(['octo/api', 'octo/blank', 'octo/widgets', 'octo/widgets-legacy']);
    expect(await searchNames('org:octo -is:public')).toEqual(['octo/inner', 'octo/secret']);
    // repo: (any case; several are any of them), user: for either kind of owner.
    expect(await searchNames('repo:OCTO/API')).toEqual(['octo/api']);
    expect(await searchNames('repo:octo/api repo:alice/dotfiles')).toEqual(['alice/dotfiles', 'octo/api']);
    expect(await searchNames('user:alice')).toEqual(['alice/diary', 'alice/dotfiles']);
    expect(await searchNames('org:octo -repo:octo/api')).not.toContain('octo/api');
    // Bare words match the name, case-insensitively.
    expect(await searchNames('WIDGETS')).toEqual(['octo/widgets', 'octo/widgets-legacy']);
    expect(await searchNames('widgets legacy in:name')).toEqual(['octo/widgets-legacy']);
    expect(await searchNames('widgets fork:only')).toEqual(['alice/widgets-fork']);
    // Whitespace of any kind separates terms; + in a query string is a space.
    expect(names((await call('/search/repositories?q=org:octo+topic:deckhand+-topic:legacy')).json.items).sort()).toEqual(['octo/api', 'octo/inner', 'octo/widgets']);

    const answer = await search('org:octo topic:deckhand');
    expect(answer.json).toMatchObject({ total_count: 4, incomplete_results: false });
    expect(answer.json.items.find((r: any) => r.name === 'widgets-legacy')).toMatchObject({ archived: true, fork: false, topics: ['deckhand', 'legacy'], visibility: 'public', private: false, score: expect.any(Number) });
    expectSchema(answer.json.items, 'repo-search-result-item');
    expectSchema((await search('org:octo')).json.items, 'repo-search-result-item');
  });

  it('refuses what GitHub refuses: no q, an unknown owner or repository; and names what it does not emulate', async () => {
    await start();
    seedMixed();
    for (const query of ['', '?q=', '?q=%20%20']) {
      const missing = await call(`/search/repositories${query}`);
      expect(missing.status).toBe(422);
      expect(missing.json).toMatchObject({ message: 'Validation Failed', errors: [{ resource: 'Search', field: 'q', code: 'missing' }] });
      // GitHub's error bodies carry `status` too, which the schema does not name.
      expectSchema(missing.json, 'validation-error', ['status']);
    }
    for (const q of ['user:nobody', 'org:nobody topic:x', 'repo:octo/nothing']) {
      const unknown = await search(q);
      expect(unknown.status).toBe(422);
      expect(unknown.json.errors[0].message).toMatch(/^The listed users and repositories cannot be searched/);
    }
    const stars = await search('org:octo stars:>5');
    expect(stars.status).toBe(500);
    expect(fleet.internalErrors.map((e) => e.message)).toEqual([expect.stringContaining('stars')]);
  });

  it('serves only the first 1000 results, with total_count the real count', async () => {
    await start();
    for (let i = 1; i <= 1500; i++) fleet.addRepository({ owner: 'octo', name: `svc-${pad(i)}`, topics: ['deckhand'] });
    const tenth = await search('org:octo topic:deckhand', '&per_page=100&page=10');
    expect(tenth.status).toBe(200);
    expect(tenth.json.total_count).toBe(1500);
    expect(tenth.json.items).toHaveLength(100);
    expect(nextLink(tenth)).toBeUndefined();
    expect(tenth.headers.get('link')).toContain('page=9>; rel="prev"');
    expect((await search('org:octo topic:deckhand', '&per_page=100')).headers.get('link')).toContain('page=10>; rel="last"');
    const beyond = await search('org:octo topic:deckhand', '&per_page=100&page=11');
    expect(beyond.status).toBe(422);
    expect(beyond.json).toEqual({ message: 'Only the first 1000 search results are available', documentation_url: expect.any(String), status: '422' });
    // 30 a page: page 34 holds results 991–1000, page 35 is past them.
    const page34 = await search('org:octo topic:deckhand', '&page=34');
    expect(page34.json.items).toHaveLength(10);
    expect(nextLink(page34)).toBeUndefined();
    expect((await search('org:octo topic:deckhand', '&page=35')).status).toBe(422);
    const octokit = new (Octokit.plugin(paginateRest))({ auth: TOKEN, baseUrl: fleet.url });
    const reachable = await octokit.paginate('GET /search/repositories', { q: 'org:octo topic:deckhand', per_page: 100 });
    expect(reachable).toHaveLength(1000);
  });

  it('counts searches on their own rate limit, and refuses past searchLimit as GitHub does', async () => {
    await start();
    seedMixed();
    const first = await search('org:octo');
    expect(first.headers.get('x-ratelimit-resource')).toBe('search');
    expect(first.headers.get('x-ratelimit-limit')).toBe('30');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('29');
    const core = await call('/orgs/octo');
    expect(core.headers.get('x-ratelimit-resource')).toBe('core');
    expect(core.headers.get('x-ratelimit-limit')).toBe('5000');
    expect((await search('org:octo')).headers.get('x-ratelimit-remaining')).toBe('28');
    expect(fleet.searchCount).toBe(2);
    await fleet.close();
    cleanup.length = 0;

    await start({ searchLimit: 2 });
    seedMixed();
    expect((await search('org:octo')).status).toBe(200);
    expect((await search('org:octo')).headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await search('org:octo');
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ message: 'API rate limit exceeded for installation ID 1.' });
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-resource')).toBe('search');
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    // The core limit is another one.
    expect((await call('/repos/octo/api')).status).toBe(200);
  });
});

describe('a repository, its contents and its pull requests', () => {
  it('answers GET /repos/{o}/{r} as full-repository, case-insensitively, and 404 for an unknown one', async () => {
    await start();
    seedMixed();
    const repo = await call('/repos/Octo/API');
    expect(repo.status).toBe(200);
    expect(repo.json).toMatchObject({ full_name: 'octo/api', name: 'api', owner: { login: 'octo' }, organization: { login: 'octo' }, default_branch: 'main', visibility: 'public', private: false, size: 1 });
    expect(repo.headers.get('x-ratelimit-resource')).toBe('core');
    expect(repo.headers.get('x-ratelimit-used')).toMatch(/^\d+$/);
    expectSchema(repo.json, 'full-repository');
    const blank = await call('/repos/octo/blank');
    expect(blank.json).toMatchObject({ size: 0 });
    expectSchema(blank.json, 'full-repository');
    const personal = await call('/repos/alice/diary');
    expect(personal.json).toMatchObject({ private: true, visibility: 'private' });
    expect(personal.json).not.toHaveProperty('organization');
    const unknown = await call('/repos/octo/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'Not Found', documentation_url: expect.any(String), status: '404' });
    expectSchema(unknown.json, 'basic-error');
    // A path of a data repository that is not served.
    expect((await call('/repos/octo/api/issues')).status).toBe(404);
    expect((await call('/repos/octo/api/pulls', { method: 'POST', body: { title: 'x' } })).status).toBe(404);
  });

  it('serves a file on the default branch in base64, 404 for a missing one, and "This repository is empty." for an empty repository', async () => {
    await start();
    seedMixed();
    fleet.addRepository({ owner: 'octo', name: 'configured', defaultBranch: 'trunk', files: { '.github/deckhand.yml': 'fleet: off\n', 'src/a.ts': 'export {};\n', 'README.md': '# hi\n' } });
    const file = await call('/repos/octo/configured/contents/.github/deckhand.yml');
    expect(file.status).toBe(200);
    expect(file.json).toMatchObject({ type: 'file', encoding: 'base64', name: 'deckhand.yml', path: '.github/deckhand.yml', size: 11, sha: createHash('sha1').update('blob 11\0fleet: off\n').digest('hex') });
    expect(Buffer.from(file.json.content, 'base64').toString('utf8')).toBe('fleet: off\n');
    expectSchema(file.json, 'content-file');
    // Octokit sends {path} percent-encoded; the default branch by name works too.
    expect((await call('/repos/octo/configured/contents/.github%2Fdeckhand.yml?ref=trunk')).json.path).toBe('.github/deckhand.yml');
    const other = await call('/repos/octo/configured/contents/.github/deckhand.yml?ref=main');
    expect(other.status).toBe(404);
    expect(other.json.message).toBe('No commit found for the ref main');
    const missing = await call('/repos/octo/configured/contents/.github/missing.yml');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Not Found');
    const empty = await call('/repos/octo/blank/contents/.github/deckhand.yml');
    expect(empty.status).toBe(404);
    expect(empty.json).toEqual({ message: 'This repository is empty.', documentation_url: expect.any(String), status: '404' });
    expect((await call('/repos/octo/blank/contents/.github/deckhand.yml?ref=main')).json.message).toBe('This repository is empty.');
    const root = await call('/repos/octo/configured/contents');
    expect(root.json.map((e: any) => `${e.type} ${e.path}`)).toEqual(['dir .github', 'file README.md', 'dir src']);
    expectSchema(root.json, 'content-directory[]');
    const raw = await call('/repos/octo/configured/contents/README.md', { headers: { accept: 'application/vnd.github.raw' } });
    expect(raw.text).toBe('# hi\n');
  });

  it('lists pull requests by state and by owner:branch head, with their labels', async () => {
    await start();
    seedMixed();
    const opened = fleet.addPull('octo/api', { head: 'deckhand/fleet-1', title: 'Fleet: config', body: 'Part of a fleet run', labels: ['deckhand', 'fleet'], createdAt: '2026-01-01T10:00:00Z' });
    fleet.addPull('octo/api', { head: 'feature', title: 'By hand', body: '', user: 'alice', createdAt: '2026-01-02T10:00:00Z' });
    const closed = fleet.addPull('octo/api', { head: 'deckhand/fleet-0', title: 'Old', body: '', state: 'closed', createdAt: '2025-12-01T10:00:00Z', updatedAt: '2025-12-02T10:00:00Z' });
    const merged = fleet.addPull('octo/api', { head: 'deckhand/fleet-old', title: 'Merged', body: '', merged: true, labels: ['deckhand'], createdAt: '2025-11-01T10:00:00Z', updatedAt: '2025-11-03T10:00:00Z' });
    expect(opened).toEqual({ number: 1, html_url: 'https://github.test/octo/api/pull/1' });

    const open = await call('/repos/octo/api/pulls');
    expect(open.json.map((p: any) => p.number)).toEqual([2, 1]);
    const first = open.json.find((p: any) => p.number === 1);
    expect(first).toMatchObject({
      state: 'open',
      title: 'Fleet: config',
      body: 'Part of a fleet run',
      merged_at: null,
      html_url: 'https://github.test/octo/api/pull/1',
      labels: [{ name: 'deckhand' }, { name: 'fleet' }],
      head: { ref: 'deckhand/fleet-1', label: 'octo:deckhand/fleet-1', repo: { full_name: 'octo/api' } },
      base: { ref: 'main', repo: { full_name: 'octo/api' } },
      user: { login: 'github-actions[bot]', type: 'Bot' },
      created_at: '2026-01-01T10:00:00Z',
    });
    expectSchema(open.json, 'pull-request-simple');
    const done = (await call('/repos/octo/api/pulls?state=closed')).json;
    expect(done.map((p: any) => [p.number, p.merged_at])).toEqual([
      [closed.number, null],
      [merged.number, '2025-11-03T10:00:00Z'],
    ]);
    expect((await call('/repos/octo/api/pulls?state=all')).json).toHaveLength(4);
    expect((await call('/repos/octo/api/pulls?state=all&head=octo:deckhand/fleet-1')).json.map((p: any) => p.number)).toEqual([1]);
    expect((await call('/repos/OCTO/api/pulls?head=OCTO:deckhand/fleet-1')).json.map((p: any) => p.number)).toEqual([1]);
    expect((await call('/repos/octo/api/pulls?head=alice:deckhand/fleet-1')).json).toEqual([]);
    expect((await call('/repos/octo/api/pulls?head=octo:deckhand/fleet')).json).toEqual([]);
    expect((await call('/repos/octo/api/pulls?state=closed&head=octo:deckhand/fleet-old')).json.map((p: any) => p.number)).toEqual([merged.number]);
    // Without the owner, GitHub ignores the head filter.
    expect((await call('/repos/octo/api/pulls?head=deckhand/fleet-1')).json).toHaveLength(2);
    const paged = await call('/repos/octo/api/pulls?state=all&per_page=1');
    expect(paged.headers.get('link')).toContain('page=4>; rel="last"');
    // An open pull request counts among the open issues.
    expect((await call('/repos/octo/api')).json.open_issues_count).toBe(2);
    expect(() => fleet.addPull('octo/blank', { head: 'x', title: 'x', body: '' })).toThrow(/empty/);
    expect(() => fleet.addPull('octo/api', { head: 'x', title: 'x', body: '', number: 1 })).toThrow(/already/);
  });
});

describe('forwarding, auth and timing', () => {
  it('forwards everything under a chosen repository to a GitHubEmulator, before its own routes and token check', async () => {
    await start();
    seedMixed();
    const gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets', token: TOKEN }).start();
    cleanup.push(() => gh.stop());
    gh.commitFiles('main', { 'README.md': '# widgets\n' }, 'Initial commit');
    const issue = gh.addIssue({ title: 'Widgets break', body: 'x', user: 'alice' });
    for (let i = 1; i <= 3; i++) gh.addComment(issue.number, { body: `comment ${i}`, user: 'alice' });
    fleet.forward('octo/widgets', gh);

    const got = await call(`/repos/octo/widgets/issues/${issue.number}`);
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ number: issue.number, title: 'Widgets break', user: { login: 'alice' } });
    expect(got.headers.get('x-ratelimit-resource')).toBe('core');
    expect((await call(`/repos/Octo/Widgets/issues/${issue.number}`)).json.title).toBe('Widgets break');
    // The emulator's Link headers come back as it sent them.
    const comments = await call(`/repos/octo/widgets/issues/${issue.number}/comments?per_page=2`);
    expect(comments.json.map((c: any) => c.body)).toEqual(['comment 1', 'comment 2']);
    expect(comments.headers.get('link')).toContain(`${gh.url}/repos/octo/widgets/issues/${issue.number}/comments?per_page=2&page=2>; rel="next"`);
    // Writes, with their bodies.
    const posted = await call(`/repos/octo/widgets/issues/${issue.number}/comments`, { method: 'POST', body: { body: 'through the fleet' } });
    expect(posted.status).toBe(201);
    expect(gh.comments.at(-1)?.body).toBe('through the fleet');
    // The emulator's contents (git) rather than data; its 404s and its own token check.
    const readme = await call('/repos/octo/widgets/contents/README.md');
    expect(Buffer.from(readme.json.content, 'base64').toString('utf8')).toBe('# widgets\n');
    expect((await call('/repos/octo/widgets/issues/99')).status).toBe(404);
    const scoped = gh.addToken({ issues: 'read' });
    expect((await call(`/repos/octo/widgets/issues/${issue.number}`, { headers: { authorization: `token ${scoped}` } })).status).toBe(200);
    expect((await call(`/repos/octo/widgets/issues/${issue.number}`, { headers: { authorization: 'token wrong' } })).status).toBe(401);

    expect(gh.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toContain(`POST /repos/octo/widgets/issues/${issue.number}/comments 201`);
    expect(fleet.requests.filter((r) => r.forwarded)).toHaveLength(gh.requests.length);
    expect(fleet.requests.find((r) => r.forwarded)).toMatchObject({ method: 'GET', path: `/repos/octo/widgets/issues/${issue.number}`, status: 200 });
    // Listing and search still come from the data.
    expect(names((await call('/orgs/octo/repos')).json)).toContain('octo/widgets');
    expect(await searchNames('repo:octo/widgets')).toEqual(['octo/widgets']);
  });

  it('answers 401 Bad credentials without the token, and takes token or Bearer', async () => {
    await start();
    seedMixed();
    const none = await fetch(`${fleet.url}/orgs/octo/repos`);
    expect(none.status).toBe(401);
    const body = await none.json();
    expect(body).toEqual({ message: 'Bad credentials', documentation_url: expect.any(String), status: '401' });
    expectSchema(body, 'basic-error');
    expect((await call('/search/repositories?q=org:octo', { headers: { authorization: 'token nope' } })).status).toBe(401);
    expect((await call('/repos/octo/api', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect(fleet.requests.map((r) => `${r.method} ${r.path} ${r.query} ${r.status}`)).toEqual([
      'GET /orgs/octo/repos  401',
      'GET /search/repositories q=org:octo 401',
      'GET /repos/octo/api  200',
    ]);
  });

  it('holds every answer latencyMs, and counts the requests in flight at once', async () => {
    await start({ latencyMs: 150 });
    seedMixed();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call(i % 2 ? '/orgs/octo/repos' : `/search/repositories?q=org:octo+${i}`)));
    expect(answers.every((a) => a.ms >= 140)).toBe(true);
    expect(fleet.maxConcurrent).toBe(6);
    for (const r of fleet.requests) expect(r.endedAt - r.startedAt).toBeGreaterThanOrEqual(140);
    fleet.latencyMs = 0;
    fleet.maxConcurrent = 0;
    for (let i = 0; i < 3; i++) expect((await call('/orgs/octo')).ms).toBeLessThan(140);
    expect(fleet.maxConcurrent).toBe(1);
  });
});
