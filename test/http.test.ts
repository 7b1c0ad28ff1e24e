// The action's own HTTP client (src/http.ts), against real servers on
// 127.0.0.1: what Octokit, the Anthropic SDK and the log download rely on
// fetch for — redirects that never carry the token to another origin, bodies
// decoded and streamed, aborts and network failures as fetch reports them —
// and its Headers, which the SDK builds every request with.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Octokit } from '@octokit/core';
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { HttpHeaders, httpFetch } from '../src/http.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function serve(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('HttpHeaders', () => {
  it('reads names in any case, joins repeated values, and iterates sorted with Set-Cookie kept apart', () => {
    const headers = new HttpHeaders([
      ['X-B', ' two '],
      ['x-a', '1'],
      ['Set-Cookie', 'a=1'],
      ['set-cookie', 'b=2'],
      ['x-b', 'three'],
    ]);
    expect(headers.get('X-A')).toBe('1');
    expect(headers.get('x-b')).toBe('two, three');
    expect(headers.get('missing')).toBeNull();
    expect([...headers]).toEqual([
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
      ['x-a', '1'],
      ['x-b', 'two, three'],
    ]);
    expect(headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    headers.set('X-A', '2');
    headers.delete('x-b');
    expect(Object.fromEntries(new HttpHeaders(headers))).toEqual({ 'set-cookie': 'b=2', 'x-a': '2' });
  });

  it('takes a record (values as strings) and refuses a name or a value that would break the request', () => {
    expect(new HttpHeaders({ 'Content-Length': 12, skipped: undefined }).get('content-length')).toBe('12');
    expect(() => new HttpHeaders({ 'bad name': 'x' })).toThrow(TypeError);
    expect(() => new HttpHeaders({ ok: 'a\r\nInjected: yes' })).toThrow(TypeError);
    expect(() => new HttpHeaders({ ok: 'caf\u00e9 \u2603' })).toThrow(TypeError);
  });

  it("counts Node's own Headers as Headers, so the SDK iterates one instead of taking it for an empty record", () => {
    const nodes = new globalThis.Headers({ 'x-request-id': 'abc' });
    expect(nodes instanceof HttpHeaders).toBe(true);
    expect(new HttpHeaders(nodes).get('x-request-id')).toBe('abc');
    expect({ entries: () => [] } instanceof HttpHeaders).toBe(false);
  });
});

describe('httpFetch', () => {
  let api: Awaited<ReturnType<typeof serve>>;
  let other: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    other = await serve((req, _body, res) => {
      res.setHeader('content-type', 'text/plain');
      res.end(`log from ${req.url}`);
    });
    api = await serve((req, body, res) => {
      const path = req.url!;
      if (path === '/json') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ method: req.method, body }));
      } else if (path === '/gzip') {
        res.setHeader('content-encoding', 'gzip');
        res.end(gzipSync('decoded text'));
      } else if (path === '/gzip-empty') {
        res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': '0' }).end();
      } else if (path === '/v1/messages') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [{ type: 'text', text: 'hello' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 3, output_tokens: 1 } }));
      } else if (path === '/away') {
        res.writeHead(302, { location: `${other.url}/signed?sig=1` }).end();
      } else if (path === '/here') {
        res.writeHead(301, { location: '/json' }).end();
      } else if (path === '/see-other') {
        res.writeHead(303, { location: '/json' }).end();
      } else if (path === '/loop') {
        res.writeHead(302, { location: '/loop' }).end();
      } else if (path === '/slow') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first part;');
        setTimeout(() => res.end('second part'), 300);
      } else if (path === '/missing') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not Found' }));
      } else {
        res.writeHead(204).end();
      }
    });
  });

  afterAll(() => {
    api.server.close();
    other.server.close();
  });

  it('sends a body with its length and reads JSON back', async () => {
    const response = await httpFetch(`${api.url}/json`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(await response.json()).toEqual({ method: 'POST', body: '{"a":1}' });
    const sent = api.seen.at(-1)!;
    expect(sent.headers['content-length']).toBe('7');
    expect(sent.headers['accept-encoding']).toBe('gzip, deflate, br');
    await expect(response.text()).rejects.toThrow(/already been read/);
  });

  it('decodes a gzip body, and an empty one is empty', async () => {
    expect(await (await httpFetch(`${api.url}/gzip`)).text()).toBe('decoded text');
    expect(await (await httpFetch(`${api.url}/gzip-empty`)).text()).toBe('');
  });

  it('reads a body whole after its stream was looked at, not after it was read', async () => {
    const looked = await httpFetch(`${api.url}/json`);
    expect(looked.body).not.toBeNull();
    expect(looked.bodyUsed).toBe(false);
    expect(await looked.json()).toEqual({ method: 'GET', body: '' });
    const read = await httpFetch(`${api.url}/json`);
    await read.body!.getReader().read();
    expect(read.bodyUsed).toBe(true);
    await expect(read.text()).rejects.toThrow(/already been read/);
  });

  it("is what the Anthropic SDK needs for a request that is not streamed", async () => {
    const client = new BaseAnthropic({ apiKey: 'sk-test', baseURL: api.url, fetch: httpFetch, maxRetries: 0 });
    const message = await new Messages(client).create({ model: 'claude-test', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
    expect(message.content).toEqual([{ type: 'text', text: 'hello' }]);
    const sent = api.seen.at(-1)!;
    expect(JSON.parse(sent.body)).toMatchObject({ model: 'claude-test', max_tokens: 10 });
    expect(sent.headers['content-length']).toBe(String(Buffer.byteLength(sent.body)));
  });

  it('follows a redirect to another origin without the Authorization header, and keeps it on the same origin', async () => {
    const away = await httpFetch(`${api.url}/away`, { headers: { authorization: 'Bearer ghs_secret' } });
    expect(await away.text()).toBe('log from /signed?sig=1');
    expect(away.redirected).toBe(true);
    expect(away.url).toBe(`${other.url}/signed?sig=1`);
    expect(other.seen.at(-1)!.headers.authorization).toBeUndefined();

    await httpFetch(`${api.url}/here`, { headers: { authorization: 'Bearer ghs_secret' } }).then((r) => r.text());
    expect(api.seen.at(-1)!.headers.authorization).toBe('Bearer ghs_secret');
  });

  it('turns a POST answered 303 into a GET, hands a redirect back with redirect: manual, and gives up on a loop', async () => {
    expect(await (await httpFetch(`${api.url}/see-other`, { method: 'POST', body: 'x' })).json()).toEqual({ method: 'GET', body: '' });
    const manual = await httpFetch(`${api.url}/away`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe(`${other.url}/signed?sig=1`);
    await expect(httpFetch(`${api.url}/loop`)).rejects.toThrow('fetch failed');
  });

  it('streams a body through a reader, and an empty answer has no body', async () => {
    const response = await httpFetch(`${api.url}/slow`);
    const reader = response.body!.getReader();
    let text = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += Buffer.from(chunk.value).toString();
    expect(text).toBe('first part;second part');
    const empty = await httpFetch(`${api.url}/nothing`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('rejects with the signal\'s reason when aborted before or while the body streams', async () => {
    const before = new AbortController();
    before.abort();
    await expect(httpFetch(`${api.url}/json`, { signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const during = new AbortController();
    const response = await httpFetch(`${api.url}/slow`, { signal: during.signal });
    const reading = response.text();
    during.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports a refused connection as fetch does: TypeError "fetch failed" with the socket error as cause', async () => {
    const closed = await serve(() => undefined);
    const url = closed.url;
    await new Promise((resolve) => closed.server.close(resolve));
    const failure = await httpFetch(`${url}/`).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });

  it("is what Octokit needs: a JSON answer's data, and a 404's message as the error", async () => {
    const octokit = new Octokit({ baseUrl: api.url, request: { fetch: httpFetch } });
    const { data, status } = await octokit.request('POST /json', { value: 1 });
    expect(status).toBe(200);
    expect(data).toEqual({ method: 'POST', body: '{"value":1}' });
    await expect(octokit.request('GET /missing')).rejects.toMatchObject({ status: 404, message: expect.stringContaining('Not Found') });
  });
});

describe('httpFetch behind a proxy', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  /** httpFetch as loaded with this environment (its agents read it once, when the module loads). */
  async function fetchWith(env: Record<string, string>) {
    Object.assign(process.env, env);
    vi.resetModules();
    return (await import('../src/http.js')).httpFetch;
  }

  it('goes straight to the server when only HTTP_PROXY is set, as Node\'s fetch does', async () => {
    const proxy = await serve((_req, _body, res) => res.end('via the proxy'));
    const server = await serve((_req, _body, res) => res.end('direct'));
    try {
      const fetchNow = await fetchWith({ HTTP_PROXY: proxy.url });
      expect(await (await fetchNow(`${server.url}/x`)).text()).toBe('direct');
      expect(proxy.seen).toEqual([]);
    } finally {
      proxy.server.close();
      server.server.close();
    }
  });

  it.runIf(Number(process.versions.node.split('.')[0]) >= 24)('goes through HTTP_PROXY with NODE_USE_ENV_PROXY=1 (Node 24)', async () => {
    const proxy = await serve((_req, _body, res) => res.end('via the proxy'));
    try {
      const fetchNow = await fetchWith({ HTTP_PROXY: proxy.url, NODE_USE_ENV_PROXY: '1' });
      expect(await (await fetchNow('http://api.example.test/repos')).text()).toBe('via the proxy');
      expect(proxy.seen[0]!.url).toBe('http://api.example.test/repos');
    } finally {
      proxy.server.close();
    }
  });
});
