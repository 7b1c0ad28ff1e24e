// A local Anthropic Messages API: a real HTTP server on 127.0.0.1 that speaks
// the real SSE event stream, plays a scripted conversation, checks requests
// the way the API does (a tool_use without its tool_result is a 400), and can
// fail on purpose: HTTP errors (429/500/529), "prompt is too long", a
// max_tokens stop, a stream cut mid-way, an error event inside a stream.
// It applies the prompt-caching rules (breakpoints, the 20-block lookback, the
// minimum cacheable length, TTLs, per-model entries) and reports usage split
// into cache reads, cache writes and uncached input, as the API does.
// What it answers is worked out apart from how it is carried (`answer`, then
// `playEvents` with a framing), so the Bedrock and Vertex emulators (bedrock.ts,
// vertex.ts) play the same script with the same events over their own transports.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id?: string; name: string; input: Record<string, unknown> };

export interface Reply {
  content: Block[];
  stop_reason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal';
  usage?: Partial<Usage>;
}

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  /** The cache writes by TTL, as the API reports them. */
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

export type Step =
  | {
      reply: Reply;
      /** Wait this long before answering (to let a deadline pass). */
      delayMs?: number;
      /** Drop the connection after this many SSE events. */
      cutAfterEvents?: number;
      /** Send an SSE error event after this many events. */
      errorEventAfter?: { events: number; type: string; message: string };
    }
  | { error: { status: number; type: string; message: string; headers?: Record<string, string> } };

/** A step, or a function of the request that returns one (to use paths seen in the request). */
export type ScriptedStep = Step | ((request: RecordedRequest) => Step);

export interface RecordedRequest {
  headers: IncomingMessage['headers'];
  body: any;
  /** Tool results in the last user message, by tool_use id. */
  toolResults: Map<string, { content: string; is_error: boolean }>;
  /** The usage reported for this request (after a step's own usage); absent when it got no reply. */
  usage?: Usage;
  /** What the prompt cache did for this request, by the rules (before a step's usage override). */
  cache?: CacheOutcome;
  /** When the request had arrived whole (Date.now()). */
  receivedAt: number;
}

/** One event of a message stream, before any framing (SSE on the API, event-stream frames on Bedrock). */
export interface StreamEvent {
  event: string;
  data: unknown;
}

export type ReplyStep = Extract<Step, { reply: Reply }>;
export type ErrorStep = Extract<Step, { error: unknown }>;

/**
 * What the API decides for a request, whatever carries it: an error (status, type,
 * message as the Messages API has them), or a reply as its stream events and as the
 * one message a non-streaming request gets.
 */
export type Answer = ErrorStep | { step: ReplyStep; events: StreamEvent[]; message: Record<string, unknown> };

export interface CacheOutcome {
  /** All input tokens of the prompt (tools, system, messages), block by block. */
  promptTokens: number;
  /** Number of prompt blocks. */
  blocks: number;
  /** Block indices (in prompt order) that carry a breakpoint. */
  breakpoints: number[];
  /** Index of the last block of the cached prefix read, or -1 on a miss. */
  readThrough: number;
  /** Block indices whose prefix was written (or refreshed) in the cache. */
  written: number[];
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  input_tokens: number;
  /** cache_creation_input_tokens split by the TTL of the breakpoint each part was written at. */
  cache_creation: NonNullable<Usage['cache_creation']>;
}

export interface CacheStats {
  /** Requests that got a reply (and so a usage). */
  requests: number;
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  /** The sum of the three above. */
  total_input_tokens: number;
  /** cache_read_input_tokens / total_input_tokens (0 when there was no input). */
  readShare: number;
  /** Live (unexpired) cache entries. */
  entries: number;
}

export interface EmulatorOptions {
  /** Reject requests whose estimated input exceeds this many tokens, like the API does. */
  contextWindow?: number;
  /** Require an x-api-key or Authorization header (the real API does). */
  requireAuth?: boolean;
  /**
   * The minimum cacheable prefix length, in tokens: a number for every model or a
   * function of the model id. Default: 2048 for a model id containing "haiku", else 1024.
   */
  minCacheableTokens?: number | ((model: string) => number);
  /** The clock the cache TTLs run on, in milliseconds (default Date.now). */
  now?: () => number;
}

export function text(value: string): Block {
  return { type: 'text', text: value };
}

export function toolUse(name: string, input: Record<string, unknown>, id?: string): Block {
  return { type: 'tool_use', name, input, ...(id ? { id } : {}) };
}

/** Shorthand for a reply step; stop_reason follows from the blocks unless given. */
export function reply(...content: Block[]): Step {
  return { reply: { content } };
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Roughly four characters a token: enough to make usage move like the real thing. */
export function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value ?? '').length / 4);
}

// --- Prompt caching ---------------------------------------------------------

export const CACHE_TTL_MS = { '5m': 5 * 60_000, '1h': 60 * 60_000 } as const;
export const MAX_CACHE_BREAKPOINTS = 4;
/** How many block boundaries before a breakpoint the API also checks for a hit. */
export const CACHE_LOOKBACK_BLOCKS = 20;

/**
 * The shortest prefix the API caches, per the prompt-caching docs: 4096 for
 * Opus 4.5+ and Haiku 4.5+, 2048 for Sonnet 4.6+ and Haiku 3/3.5, 1024 for
 * older Sonnet and Opus. Newer versions of a family are taken to keep its latest rule.
 */
export function defaultMinCacheableTokens(model: string): number {
  const version = /-(\d+)-(\d+)(?:-|$)/.exec(model);
  const [major, minor] = version ? [Number(version[1]), Number(version[2]) > 99 ? 0 : Number(version[2])] : [0, 0];
  const atLeast = (a: number, b: number) => major > a || (major === a && minor >= b);
  if (/haiku/i.test(model)) return atLeast(4, 5) ? 4096 : 2048;
  if (/opus/i.test(model)) return atLeast(4, 5) ? 4096 : 1024;
  if (/sonnet/i.test(model)) return atLeast(4, 6) ? 2048 : 1024;
  return 1024;
}

export interface PromptBlock {
  /** Where the block is in the request, e.g. "tools.2", "system.0", "messages.3.content.1". */
  path: string;
  /** Estimated tokens of the block (its JSON without cache_control, about four characters a token). */
  tokens: number;
  /** sha256 of the whole prefix ending at this block (content only: cache_control markers do not count). */
  prefixHash: string;
  /** The block's breakpoint, if it (or a block nested in it) carries cache_control. */
  cacheControl?: { type: unknown; ttl?: unknown; path: string };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function withoutCacheControl(value: unknown): unknown {
  if (!isObject(value)) return value;
  const { cache_control: _marker, ...rest } = value;
  return rest;
}

/** A block as the cache sees it: cache_control removed (also from the blocks nested in a tool_result). */
function cacheView(block: unknown): unknown {
  const stripped = withoutCacheControl(block);
  if (isObject(stripped) && stripped.type === 'tool_result' && Array.isArray(stripped.content)) {
    return { ...stripped, content: stripped.content.map(withoutCacheControl) };
  }
  return stripped;
}

/** JSON with object keys sorted, so that key order does not change a hash. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? '', (_key, v) =>
    isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}

const hasMarker = (block: unknown): block is { cache_control: unknown } =>
  isObject(block) && block.cache_control !== undefined && block.cache_control !== null;

function marker(value: unknown, path: string): NonNullable<PromptBlock['cacheControl']> {
  return isObject(value) ? { type: value.type, ttl: value.ttl, path } : { type: value, path };
}

/**
 * The cache_control markers of a block: its own, and those on blocks nested in
 * a tool_result (a breakpoint there ends the prefix with the whole tool_result).
 */
function markersOf(block: unknown, path: string): Array<NonNullable<PromptBlock['cacheControl']>> {
  const markers = hasMarker(block) ? [marker(block.cache_control, `${path}.cache_control`)] : [];
  if (isObject(block) && block.type === 'tool_result' && Array.isArray(block.content)) {
    block.content.forEach((nested: unknown, i: number) => {
      if (hasMarker(nested)) markers.push(marker(nested.cache_control, `${path}.content.${i}.cache_control`));
    });
  }
  return markers;
}

function rawBlocks(body: any): Array<{ section: string; role?: string; path: string; block: unknown }> {
  const out: Array<{ section: string; role?: string; path: string; block: unknown }> = [];
  (Array.isArray(body?.tools) ? body.tools : []).forEach((tool: unknown, i: number) => out.push({ section: 'tools', path: `tools.${i}`, block: tool }));
  const system = typeof body?.system === 'string' ? (body.system === '' ? [] : [{ type: 'text', text: body.system }]) : body?.system;
  (Array.isArray(system) ? system : []).forEach((block: unknown, i: number) => out.push({ section: 'system', path: `system.${i}`, block }));
  (Array.isArray(body?.messages) ? body.messages : []).forEach((message: any, i: number) => {
    const content = typeof message?.content === 'string' ? [{ type: 'text', text: message.content }] : message?.content;
    (Array.isArray(content) ? content : []).forEach((block: unknown, j: number) =>
      out.push({ section: 'messages', role: message.role, path: `messages.${i}.content.${j}`, block }),
    );
  });
  return out;
}

/**
 * The prompt as the cache sees it: tools, then system blocks, then every content
 * block of every message, each with its tokens and the hash of the prefix it ends.
 * A string system or message content is one text block.
 */
export function promptBlocks(body: any): PromptBlock[] {
  let chain = '';
  const raw = rawBlocks(body);
  return raw.map(({ section, role, path, block }, index) => {
    const view = cacheView(block);
    // The role is part of a message block's identity; the markers are not.
    const blockHash = createHash('sha256').update(canonicalJson({ section, role, block: view })).digest('hex');
    chain = createHash('sha256').update(`${chain}:${blockHash}`).digest('hex');
    const markers = markersOf(block, path);
    // Automatic caching: a top-level cache_control puts a breakpoint on the last block.
    if (markers.length === 0 && index === raw.length - 1 && hasMarker(body)) markers.push(marker(body.cache_control, 'cache_control'));
    // Two markers on one block (its own and a nested one) make one breakpoint; the longer TTL wins.
    const cacheControl = markers.find((m) => m.ttl === '1h') ?? markers[0];
    return { path, tokens: estimateTokens(view), prefixHash: chain, ...(cacheControl ? { cacheControl } : {}) };
  });
}

/** All input tokens of a request's prompt, counted block by block (what usage adds up to). */
export function promptTokens(body: any): number {
  return promptBlocks(body).reduce((sum, block) => sum + block.tokens, 0);
}

/** The API's checks on cache_control markers. Returns an error message or undefined. */
function invalidCacheControl(body: any, blocks: PromptBlock[]): string | undefined {
  const markers = rawBlocks(body).flatMap(({ block, path }) => markersOf(block, path));
  if (blocks.at(-1)?.cacheControl?.path === 'cache_control') markers.push(blocks.at(-1)!.cacheControl!);
  if (markers.length > MAX_CACHE_BREAKPOINTS) {
    return `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${markers.length}.`;
  }
  let seen5m: string | undefined;
  for (const cacheControl of markers) {
    if (cacheControl.type !== 'ephemeral') return `${cacheControl.path}.type: Input should be 'ephemeral'`;
    if (cacheControl.ttl !== undefined && cacheControl.ttl !== '5m' && cacheControl.ttl !== '1h') {
      return `${cacheControl.path}.ttl: Input should be '5m' or '1h'`;
    }
    if (cacheControl.ttl === '1h' && seen5m) {
      return `${cacheControl.path}: a cache_control block with ttl='1h' cannot come after one with ttl='5m' (${seen5m}); longer TTLs must come first in the order tools, system, messages.`;
    }
    if (cacheControl.ttl !== '1h') seen5m ??= cacheControl.path;
  }
  return undefined;
}

interface CacheEntry {
  tokens: number;
  ttlMs: number;
  expiresAt: number;
}

function textOfResult(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((block: any) => (block.type === 'text' ? block.text : '')).join('');
  return '';
}

/** The checks the real API makes that a harness bug would trip. Returns an error message or undefined. */
function invalidRequest(body: any): string | undefined {
  if (typeof body?.model !== 'string' || body.model === '') return 'model: Field required';
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  if (body.messages[0].role !== 'user') return 'messages: first message must use the "user" role';
  const toolNames = new Set((body.tools ?? []).map((tool: any) => tool.name));
  for (const tool of body.tools ?? []) {
    if (!/^[a-zA-Z0-9_-]{1,128}$/.test(tool.name)) return `tools: invalid tool name ${tool.name}`;
    if (tool.input_schema?.type !== 'object') return `tools.${tool.name}.input_schema.type: Input should be 'object'`;
  }
  for (let i = 0; i < body.messages.length; i++) {
    const message = body.messages[i];
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(blocks) || blocks.length === 0) return `messages.${i}: content must be non-empty`;
    for (const block of blocks) {
      if (block.type === 'text' && (typeof block.text !== 'string' || block.text.length === 0)) {
        return `messages.${i}: text content blocks must be non-empty`;
      }
      if ((block.type === 'tool_use' || block.type === 'tool_result') && toolNames.size === 0) {
        return 'Requests which include `tool_use` or `tool_result` blocks must define tools.';
      }
    }
    if (message.role === 'assistant') {
      const ids = blocks.filter((b: any) => b.type === 'tool_use').map((b: any) => b.id);
      if (ids.length === 0) continue;
      const next = body.messages[i + 1];
      const nextBlocks = next ? (typeof next.content === 'string' ? [] : next.content) : [];
      const answered = new Set(nextBlocks.filter((b: any) => b.type === 'tool_result').map((b: any) => b.tool_use_id));
      const missing = ids.filter((id: string) => !answered.has(id));
      if (!next || next.role !== 'user' || missing.length > 0) {
        return `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
      }
    }
    if (message.role === 'user') {
      const prev = body.messages[i - 1];
      const prevIds = new Set(
        prev && typeof prev.content !== 'string' ? prev.content.filter((b: any) => b.type === 'tool_use').map((b: any) => b.id) : [],
      );
      for (const block of blocks) {
        if (block.type === 'tool_result' && !prevIds.has(block.tool_use_id)) {
          return `messages.${i}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${block.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
        }
      }
    }
  }
  return undefined;
}

function sendError(res: ServerResponse, status: number, type: string, message: string, headers: Record<string, string> = {}) {
  const requestId = newId('req');
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, ...headers });
  res.end(JSON.stringify({ type: 'error', error: { type, message }, request_id: requestId }));
}

/** The SSE events of a message, in the order the API sends them. */
function messageEvents(body: any, replyValue: Reply, usage: Usage, idTag = ''): StreamEvent[] {
  const content = replyValue.content.map((block) => (block.type === 'tool_use' ? { ...block, id: block.id ?? newId(`toolu${idTag}`) } : block));
  const stopReason = replyValue.stop_reason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  const events: StreamEvent[] = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: newId(`msg${idTag}`),
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...usage, output_tokens: 1 },
        },
      },
    },
    { event: 'ping', data: { type: 'ping' } },
  ];
  content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } });
      // Split text in a few deltas, as the API streams it.
      const size = Math.max(1, Math.ceil(block.text.length / 3));
      for (let at = 0; at < block.text.length; at += size) {
        events.push({
          event: 'content_block_delta',
          data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text.slice(at, at + size) } },
        });
      }
    } else {
      events.push({
        event: 'content_block_start',
        data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } },
      });
      const json = JSON.stringify(block.input);
      const size = Math.max(1, Math.ceil(json.length / 2));
      for (let at = 0; at < json.length; at += size) {
        events.push({
          event: 'content_block_delta',
          data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json.slice(at, at + size) } },
        });
      }
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      // Cumulative totals for the whole message, as the API sends them.
      usage: {
        input_tokens: usage.input_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens,
        cache_read_input_tokens: usage.cache_read_input_tokens,
        output_tokens: usage.output_tokens,
      },
    },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events;
}

export class AnthropicEmulator {
  readonly requests: RecordedRequest[] = [];
  /** Errors thrown by scripted step functions (failed expectations). */
  readonly stepErrors: Error[] = [];
  private script: ScriptedStep[] = [];
  /** Scripts of their own for the requests a route picks (a sub-agent's), taken before the main script. */
  private routes: Array<{ match: (body: any) => boolean; steps: ScriptedStep[] }> = [];
  /** Answers for the requests `match` picks that no route took, given every time (a sub-agent every test has, answered alike). */
  private standing: Array<{ match: (body: any) => boolean; step: (request: RecordedRequest) => Step }> = [];
  protected server: Server;
  /** Cache entries by model and prefix hash. */
  private cache = new Map<string, CacheEntry>();
  url = '';
  /** Marks the ids this emulator makes (messages, tool uses), e.g. "_bdrk" for msg_bdrk_…, as a platform does. */
  protected idTag = '';

  constructor(readonly options: EmulatorOptions = {}) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Appends steps to the script; each request takes the next one. */
  enqueue(...steps: ScriptedStep[]): this {
    this.script.push(...steps);
    return this;
  }

  /**
   * Steps for the requests `match` picks (by their system prompt or tools, say:
   * a verifier's or an explorer's), answered in order, apart from the main
   * script — so agents running in parallel each get their own next step.
   */
  route(match: (body: any) => boolean, ...steps: ScriptedStep[]): this {
    const route = this.routes.find((r) => r.match === match);
    if (route) route.steps.push(...steps);
    else this.routes.push({ match, steps });
    return this;
  }

  /**
   * The answer to every request `match` picks that no route takes, however
   * many there are — for a sub-agent a test does not script (a route of the
   * test's own answers before it).
   */
  answerAlways(match: (body: any) => boolean, step: (request: RecordedRequest) => Step): this {
    this.standing.push({ match, step });
    return this;
  }

  /** Steps not yet taken, of the main script and every route. */
  get remaining(): number {
    return this.script.length + this.routes.reduce((sum, route) => sum + route.steps.length, 0);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private minCacheable(model: string): number {
    const option = this.options.minCacheableTokens;
    if (typeof option === 'number') return option;
    if (typeof option === 'function') return option(model);
    return defaultMinCacheableTokens(model);
  }

  /** Totals over every request that got a reply, from the usage reported. */
  get cacheStats(): CacheStats {
    const now = this.now();
    const stats: CacheStats = {
      requests: 0,
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      total_input_tokens: 0,
      readShare: 0,
      entries: [...this.cache.values()].filter((entry) => entry.expiresAt > now).length,
    };
    for (const { usage } of this.requests) {
      if (!usage) continue;
      stats.requests++;
      stats.input_tokens += usage.input_tokens;
      stats.cache_creation_input_tokens += usage.cache_creation_input_tokens;
      stats.cache_read_input_tokens += usage.cache_read_input_tokens;
    }
    stats.total_input_tokens = stats.input_tokens + stats.cache_creation_input_tokens + stats.cache_read_input_tokens;
    stats.readShare = stats.total_input_tokens === 0 ? 0 : stats.cache_read_input_tokens / stats.total_input_tokens;
    return stats;
  }

  /** Forgets every cache entry (as if they had all expired). */
  clearCache(): void {
    this.cache.clear();
  }

  /**
   * Reads and writes the prompt cache for one request, by the API's rules:
   * each breakpoint looks for a cached prefix ending at its own block or at up
   * to 20 block boundaries before it; the longest hit is read (and refreshed).
   * Then every breakpoint prefix that reaches the minimum length is written;
   * what lies between the read prefix and the last written breakpoint is
   * cache creation, the rest is plain input.
   */
  private applyCache(model: string, blocks: PromptBlock[]): CacheOutcome {
    const now = this.now();
    for (const [key, entry] of this.cache) if (entry.expiresAt <= now) this.cache.delete(key);
    const keyOf = (i: number) => `${model}\u0000${blocks[i]!.prefixHash}`;
    const ends: number[] = [];
    let total = 0;
    for (const block of blocks) ends.push((total += block.tokens));
    const breakpoints = blocks.flatMap((block, i) => (block.cacheControl ? [i] : []));

    let readThrough = -1;
    for (const p of breakpoints) {
      for (let j = p; j >= Math.max(0, p - CACHE_LOOKBACK_BLOCKS) && j > readThrough; j--) {
        if (this.cache.has(keyOf(j))) {
          readThrough = j;
          break;
        }
      }
    }
    const read = readThrough < 0 ? 0 : ends[readThrough]!;
    if (readThrough >= 0) {
      const entry = this.cache.get(keyOf(readThrough))!;
      entry.expiresAt = now + entry.ttlMs;
    }

    const minimum = this.minCacheable(model);
    const written: number[] = [];
    const byTtl = { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 };
    let writtenThrough = readThrough;
    for (const p of breakpoints) {
      if (ends[p]! < minimum) continue; // too short to cache: silently not cached
      const ttl = blocks[p]!.cacheControl!.ttl === '1h' ? '1h' : '5m';
      const existing = this.cache.get(keyOf(p));
      const ttlMs = Math.max(CACHE_TTL_MS[ttl], existing?.ttlMs ?? 0);
      this.cache.set(keyOf(p), { tokens: ends[p]!, ttlMs, expiresAt: now + ttlMs });
      written.push(p);
      if (p > writtenThrough) {
        const from = writtenThrough < 0 ? 0 : ends[writtenThrough]!;
        byTtl[ttl === '1h' ? 'ephemeral_1h_input_tokens' : 'ephemeral_5m_input_tokens'] += ends[p]! - from;
        writtenThrough = p;
      }
    }
    const creation = writtenThrough > readThrough ? ends[writtenThrough]! - read : 0;
    return {
      promptTokens: total,
      blocks: blocks.length,
      breakpoints,
      readThrough,
      written,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: creation,
      input_tokens: total - read - creation,
      cache_creation: byTtl,
    };
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/messages') {
      return sendError(res, 404, 'not_found_error', `No route for ${req.method} ${req.url}`);
    }
    if (this.options.requireAuth && !req.headers['x-api-key'] && !req.headers.authorization) {
      return sendError(res, 401, 'authentication_error', 'x-api-key header is required');
    }
    if (req.headers['x-api-key'] === 'invalid' || req.headers.authorization === 'Bearer invalid') {
      return sendError(res, 401, 'authentication_error', 'invalid x-api-key');
    }
    if (!req.headers['anthropic-version']) return sendError(res, 400, 'invalid_request_error', 'anthropic-version: header is required');
    let body: any;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return sendError(res, 400, 'invalid_request_error', 'The request body is not valid JSON.');
    }
    const recorded = this.record(req.headers, body);
    const answer = await this.answer(recorded, res);
    if (!answer) return;
    if ('error' in answer) return sendError(res, answer.error.status, answer.error.type, answer.error.message, answer.error.headers);
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': newId('req') });
      return void res.end(JSON.stringify(answer.message));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': newId('req') });
    await playEvents(res, answer.step, answer.events, ({ event, data }) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  }

  /** Records a request the API received (its parsed body), as `requests` shows it; `extra` adds a transport's own fields. */
  protected record<T extends object = {}>(headers: IncomingMessage['headers'], body: any, extra?: T): RecordedRequest & T {
    const lastUser = [...(Array.isArray(body?.messages) ? body.messages : [])].reverse().find((m: any) => m?.role === 'user');
    const toolResults = new Map<string, { content: string; is_error: boolean }>();
    for (const block of Array.isArray(lastUser?.content) ? lastUser.content : []) {
      if (block?.type === 'tool_result') toolResults.set(block.tool_use_id, { content: textOfResult(block.content), is_error: block.is_error === true });
    }
    const recorded = { headers, body, toolResults, receivedAt: Date.now(), ...extra } as RecordedRequest & T;
    this.requests.push(recorded);
    return recorded;
  }

  /**
   * What the API answers a recorded request, by its rules and the script: the request
   * checks, the context window, the next step (its delay waited out), the prompt cache
   * and the usage. `body` is the request as the Messages API takes it (with model and
   * stream); a platform that carries them elsewhere (Bedrock, Vertex) passes its own.
   * Resolves undefined when the client went away during a step's delay.
   */
  protected async answer(recorded: RecordedRequest, res: ServerResponse, body: any = recorded.body): Promise<Answer | undefined> {
    const fail = (status: number, type: string, message: string): Answer => ({ error: { status, type, message } });
    const invalid = invalidRequest(body);
    if (invalid) return fail(400, 'invalid_request_error', invalid);
    const blocks = promptBlocks(body);
    const badMarker = invalidCacheControl(body, blocks);
    if (badMarker) return fail(400, 'invalid_request_error', badMarker);
    const inputTokens = blocks.reduce((sum, block) => sum + block.tokens, 0);
    if (this.options.contextWindow && inputTokens > this.options.contextWindow) {
      return fail(400, 'invalid_request_error', `prompt is too long: ${inputTokens} tokens > ${this.options.contextWindow} maximum`);
    }
    // The API also refuses a request whose input leaves less room than max_tokens asks for.
    const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 0;
    if (this.options.contextWindow && inputTokens + maxTokens > this.options.contextWindow) {
      return fail(
        400,
        'invalid_request_error',
        `input length and \`max_tokens\` exceed context limit: ${inputTokens} + ${maxTokens} > ${this.options.contextWindow}, decrease input length or \`max_tokens\` and try again`,
      );
    }
    const route = this.routes.find((r) => r.match(body));
    const standing = route ? undefined : this.standing.find((s) => s.match(body));
    const next = standing ? standing.step : (route ? route.steps : this.script).shift();
    if (!next) return fail(500, 'api_error', `The emulator script has no step left for this request${route ? ' (on its route)' : ''}.`);
    let step: Step;
    try {
      step = typeof next === 'function' ? next(recorded) : next;
    } catch (err) {
      // A failed expectation inside a step: answer at once (not retried) and keep it for the test to see.
      this.stepErrors.push(err as Error);
      return fail(400, 'invalid_request_error', `Emulator step failed: ${(err as Error).message}`);
    }
    if ('error' in step) return step;

    if (step.delayMs) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, step.delayMs);
        res.on('close', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
      if (res.destroyed) return undefined;
    }
    // The prompt is processed now: the cache is read and written even if the stream is cut later.
    const cache = this.applyCache(body.model, blocks);
    recorded.cache = cache;
    const usage: Usage = {
      input_tokens: cache.input_tokens,
      output_tokens: Math.max(1, estimateTokens(step.reply.content)),
      cache_creation_input_tokens: cache.cache_creation_input_tokens,
      cache_read_input_tokens: cache.cache_read_input_tokens,
      cache_creation: cache.cache_creation,
      ...step.reply.usage,
    };
    if (step.reply.usage?.cache_creation_input_tokens !== undefined && step.reply.usage.cache_creation === undefined) {
      usage.cache_creation = { ephemeral_5m_input_tokens: usage.cache_creation_input_tokens, ephemeral_1h_input_tokens: 0 };
    }
    recorded.usage = usage;
    const events = messageEvents(body, step.reply, usage, this.idTag);
    const start = (events[0]!.data as any).message;
    const content = step.reply.content.map((b, i) => {
      const started = events.find((e: any) => e.event === 'content_block_start' && e.data.index === i)!.data as any;
      return b.type === 'tool_use' ? { ...b, id: started.content_block.id } : b;
    });
    const delta = (events.at(-2)!.data as any).delta;
    return { step, events, message: { ...start, content, stop_reason: delta.stop_reason, usage } };
  }
}

/**
 * Sends a reply's events one by one through `write` (which frames them: SSE lines, or
 * event-stream frames), with the step's failures: the connection dropped after
 * `cutAfterEvents`, or an error event after `errorEventAfter.events`. Ends the response.
 */
export async function playEvents(res: ServerResponse, step: ReplyStep, events: StreamEvent[], write: (event: StreamEvent) => void): Promise<void> {
  let sent = 0;
  for (const event of events) {
    if (step.cutAfterEvents !== undefined && sent >= step.cutAfterEvents) {
      // The connection drops mid-stream: no message_stop, no clean end.
      res.socket?.destroy();
      return;
    }
    if (step.errorEventAfter && sent >= step.errorEventAfter.events) {
      write({ event: 'error', data: { type: 'error', error: { type: step.errorEventAfter.type, message: step.errorEventAfter.message } } });
      return void res.end();
    }
    write(event);
    sent++;
    // Let each event leave as its own chunk, as a real stream does.
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}
