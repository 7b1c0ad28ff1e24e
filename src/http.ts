// The action's own HTTP (the GitHub API, a job's log, the model API): fetch's
// shape over node:http and node:https. Node's fetch, and its Headers, are
// undici: touching any of its globals loads all of it, ~16 MB of resident
// memory on Node 24 (13 MB on Node 20) — the largest single part of a run's
// peak (the bench's 50-turn session on Node 24: 117 → 103 MB without it).
// Octokit and the Anthropic SDK take a fetch; the SDK also builds a `Headers`
// for every request, from the global, so `installHeaders` puts this module's
// Headers there before anything runs (src/index.ts). A library that loads
// undici anyway (an MCP server over HTTP, the Bedrock and Vertex clients) gets
// it as before, and takes these Headers as the iterable of pairs fetch accepts.
//
// What fetch does that is kept: redirects followed (at most 20; Authorization
// and Cookie dropped on the way to another origin; 301/302/303 turn a POST into
// a GET), or handed back with `redirect: 'manual'`; gzip, deflate and br asked
// for and decoded; connections kept alive, with undici's timeouts (10 s to
// connect, 300 s of silence, 4 s idle in the pool); an abort rejects with the
// signal's reason; a network failure rejects with `TypeError('fetch failed')`
// carrying the cause, which is what Octokit and the SDK read; HTTP(S)_PROXY
// used only with NODE_USE_ENV_PROXY=1, on Node 24, as Node's fetch does.
import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const MAX_REDIRECTS = 20;
/** A connection silent this long is given up (undici's own headers and body timeouts). */
const IDLE_MS = 300_000;
/** A server that does not accept the connection within this is given up (undici's connect timeout). */
const CONNECT_MS = 10_000;
/** How long a kept-alive connection waits for its next request (undici's keep-alive timeout). */
const KEEP_ALIVE_MS = 4_000;

type HeadersLike = Iterable<readonly [string, string]> | Record<string, string | number | undefined> | undefined | null;

/** The Fetch standard's Headers: names case-insensitive, values joined by ", " (Set-Cookie kept apart), iterated sorted by name. */
export class HttpHeaders {
  readonly #values = new Map<string, string[]>();

  constructor(init?: HeadersLike) {
    if (init === undefined || init === null) return;
    if (typeof (init as Iterable<unknown>)[Symbol.iterator] === 'function') {
      for (const pair of init as Iterable<readonly [string, string]>) {
        if (pair.length !== 2) throw new TypeError('Headers: each header must be a [name, value] pair.');
        this.append(pair[0], pair[1]);
      }
      return;
    }
    for (const [name, value] of Object.entries(init)) if (value !== undefined) this.append(name, String(value));
  }

  append(name: string, value: string): void {
    const key = HttpHeaders.#key(name);
    const normal = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
    if (/[\0\r\n]|[^\0-\xff]/.test(normal)) throw new TypeError(`Headers: the value of ${name} is not a valid header value.`);
    const values = this.#values.get(key);
    if (values) values.push(normal);
    else this.#values.set(key, [normal]);
  }

  set(name: string, value: string): void {
    this.#values.delete(HttpHeaders.#key(name));
    this.append(name, value);
  }

  get(name: string): string | null {
    return this.#values.get(HttpHeaders.#key(name))?.join(', ') ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(HttpHeaders.#key(name));
  }

  delete(name: string): void {
    this.#values.delete(HttpHeaders.#key(name));
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  forEach(callback: (value: string, name: string, headers: HttpHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name)!;
      if (name === 'set-cookie') for (const value of values) yield [name, value];
      else yield [name, values.join(', ')];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }

  /**
   * Node's own Headers (on a response from a library that still uses Node's
   * fetch) is a Headers too: the SDK reads `instanceof Headers` to know how to
   * iterate one, and would otherwise take it for an empty record.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Headers]';
  }

  static #key(name: string): string {
    if (!TOKEN.test(name)) throw new TypeError(`Headers: "${name}" is not a valid header name.`);
    return name.toLowerCase();
  }
}

/** Puts HttpHeaders where Node's lazy getter for undici's Headers was, before anything has touched it. */
export function installHeaders(): void {
  Object.defineProperty(globalThis, 'Headers', { value: HttpHeaders, writable: true, configurable: true, enumerable: false });
}

// A proxy from HTTP(S)_PROXY only when NODE_USE_ENV_PROXY=1, as Node 24's own fetch
// does (Node 20 has neither: its fetch ignored them, and its agents ignore proxyEnv).
const proxyEnv = process.env.NODE_USE_ENV_PROXY === '1' ? { proxyEnv: process.env } : {};
const agents = {
  'http:': new HttpAgent({ keepAlive: true, timeout: KEEP_ALIVE_MS, ...proxyEnv }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: KEEP_ALIVE_MS, ...proxyEnv }),
};

const aborted = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

/** A response's body as fetch's Response gives it: read once, as text, JSON, bytes or a stream. */
class HttpResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: HttpHeaders;
  readonly type = 'basic';
  #used = false;
  #stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(
    readonly url: string,
    readonly redirected: boolean,
    message: IncomingMessage,
    private readonly source: Readable | null,
  ) {
    this.status = message.statusCode ?? 0;
    this.statusText = message.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status <= 299;
    this.headers = new HttpHeaders();
    for (let i = 0; i + 1 < message.rawHeaders.length; i += 2) this.headers.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!);
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#stream?.locked ?? false);
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#stream === undefined) this.#stream = this.source && (Readable.toWeb(this.source) as ReadableStream<Uint8Array>);
    return this.#stream;
  }

  /** The whole body; looking at `body` (the SDK does, to watch for a body left unread) does not use it, reading it does. */
  async bytes(): Promise<Uint8Array> {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    const chunks: Uint8Array[] = [];
    if (this.#stream) for await (const chunk of this.#stream) chunks.push(chunk);
    else if (this.source) for await (const chunk of this.source) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  clone(): never {
    throw new TypeError('Response.clone is not supported by Deckhand\'s HTTP client.');
  }
}

/** The body to send, as bytes or a stream, and the Content-Type fetch would give it. */
function bodyOf(body: RequestInit['body']): { data: Buffer | Readable | undefined; type?: string } {
  if (body === undefined || body === null) return { data: undefined };
  if (typeof body === 'string') return { data: Buffer.from(body), type: 'text/plain;charset=UTF-8' };
  if (body instanceof URLSearchParams) return { data: Buffer.from(body.toString()), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (body instanceof ArrayBuffer) return { data: Buffer.from(body) };
  if (ArrayBuffer.isView(body)) return { data: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  if (typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function') return { data: Readable.from(body as AsyncIterable<Uint8Array>) };
  throw new TypeError('fetch: this kind of request body is not supported.');
}

/** The body as sent, decoded from its Content-Encoding. */
function decoded(message: IncomingMessage): Readable {
  const encoding = (message.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : undefined;
  if (!decoder || message.headers['content-length'] === '0') return message;
  message.on('error', (err) => decoder.destroy(err));
  decoder.on('close', () => message.destroy());
  return message.pipe(decoder);
}

/** One request and its answer's head; the body is left to stream. */
function exchange(url: URL, method: string, headers: HttpHeaders, body: Buffer | Readable | undefined, signal: AbortSignal | null | undefined): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted(signal));
    const send = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : undefined;
    if (!send) return reject(new TypeError('fetch failed', { cause: new Error(`${url.protocol} URLs are not supported`) }));
    const outgoing: Record<string, string | string[]> = {};
    for (const [name, value] of headers) {
      const had = outgoing[name];
      outgoing[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
    if (Buffer.isBuffer(body)) outgoing['content-length'] = String(body.length);
    const request = send(url, { method, headers: outgoing, agent: agents[url.protocol as 'http:' | 'https:'] });
    let answer: IncomingMessage | undefined;
    const onAbort = () => {
      const reason = aborted(signal!) as Error;
      answer?.destroy(reason); // a body being read ends with the abort's reason, not a reset connection
      request.destroy(reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // "timed out" in the cause is how the SDK tells a timeout from another connection error.
    request.setTimeout(IDLE_MS, () => request.destroy(new Error(`timed out: no data for ${IDLE_MS / 1000} s`)));
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => request.destroy(new Error(`timed out: no connection within ${CONNECT_MS / 1000} s`)), CONNECT_MS);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    request.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? aborted(signal) : new TypeError('fetch failed', { cause: err }));
    });
    request.on('response', (message) => {
      answer = message;
      message.on('close', () => signal?.removeEventListener('abort', onAbort));
      resolve(message);
    });
    if (body instanceof Readable) body.pipe(request);
    else request.end(body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** fetch(input, init) over node:http and node:https; see the top of this file for what it does. */
export async function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (typeof input === 'object' && 'method' in input) throw new TypeError('fetch: a Request object is not supported; pass its URL and init.');
  let url = new URL(String(input));
  let method = (init.method ?? 'GET').toUpperCase();
  const headers = new HttpHeaders(init.headers as HeadersLike);
  let { data: body, type } = bodyOf(init.body);
  if (type && !headers.has('content-type')) headers.set('content-type', type);
  if (!headers.has('accept')) headers.set('accept', '*/*');
  if (!headers.has('accept-encoding')) headers.set('accept-encoding', 'gzip, deflate, br');
  for (let redirects = 0; ; redirects++) {
    const message = await exchange(url, method, headers, body, init.signal);
    const status = message.statusCode ?? 0;
    const location = message.headers.location;
    if (REDIRECTS.has(status) && location !== undefined && init.redirect !== 'manual') {
      message.resume();
      if (init.redirect === 'error') throw new TypeError('fetch failed', { cause: new Error(`redirected (${status}) with redirect: "error"`) });
      if (redirects >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
      if (body instanceof Readable) throw new TypeError('fetch failed', { cause: new Error('cannot follow a redirect with a streamed body') });
      const next = new URL(location, url);
      if (next.origin !== url.origin) for (const name of ['authorization', 'proxy-authorization', 'cookie']) headers.delete(name);
      if (status === 303 ? method !== 'GET' && method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST') {
        method = 'GET';
        body = undefined;
        for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name);
      }
      url = next;
      continue;
    }
    const empty = method === 'HEAD' || status === 204 || status === 205 || status === 304;
    if (empty) message.resume();
    // Only the subset of Response that Octokit, the Anthropic SDK and the log download read.
    return new HttpResponse(url.href, redirects > 0, message, empty ? null : decoded(message)) as unknown as Response;
  }
}
