// A local Anthropic Messages API: a real HTTP server on 127.0.0.1 that speaks
// the real SSE event stream, plays a scripted conversation, checks requests
// the way the API does (a tool_use without its tool_result is a 400), and can
// fail on purpose: HTTP errors (429/500/529), "prompt is too long", a
// max_tokens stop, a stream cut mid-way, an error event inside a stream.
import { randomBytes } from 'node:crypto';
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
}

export interface EmulatorOptions {
  /** Reject requests whose estimated input exceeds this many tokens, like the API does. */
  contextWindow?: number;
  /** Require an x-api-key or Authorization header (the real API does). */
  requireAuth?: boolean;
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
function messageEvents(body: any, replyValue: Reply, usage: Usage): Array<{ event: string; data: unknown }> {
  const content = replyValue.content.map((block) => (block.type === 'tool_use' ? { ...block, id: block.id ?? newId('toolu') } : block));
  const stopReason = replyValue.stop_reason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  const events: Array<{ event: string; data: unknown }> = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: newId('msg'),
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
    data: { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events;
}

export class AnthropicEmulator {
  readonly requests: RecordedRequest[] = [];
  /** Errors thrown by scripted step functions (failed expectations). */
  readonly stepErrors: Error[] = [];
  private script: ScriptedStep[] = [];
  private server: Server;
  url = '';

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

  get remaining(): number {
    return this.script.length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    const lastUser = [...(body.messages ?? [])].reverse().find((m: any) => m.role === 'user');
    const toolResults = new Map<string, { content: string; is_error: boolean }>();
    for (const block of Array.isArray(lastUser?.content) ? lastUser.content : []) {
      if (block.type === 'tool_result') toolResults.set(block.tool_use_id, { content: textOfResult(block.content), is_error: block.is_error === true });
    }
    const recorded: RecordedRequest = { headers: req.headers, body, toolResults };
    this.requests.push(recorded);

    const invalid = invalidRequest(body);
    if (invalid) return sendError(res, 400, 'invalid_request_error', invalid);
    const inputTokens = estimateTokens({ system: body.system, messages: body.messages, tools: body.tools });
    if (this.options.contextWindow && inputTokens > this.options.contextWindow) {
      return sendError(res, 400, 'invalid_request_error', `prompt is too long: ${inputTokens} tokens > ${this.options.contextWindow} maximum`);
    }
    const next = this.script.shift();
    if (!next) return sendError(res, 500, 'api_error', 'The emulator script has no step left for this request.');
    let step: Step;
    try {
      step = typeof next === 'function' ? next(recorded) : next;
    } catch (err) {
      // A failed expectation inside a step: answer at once (not retried) and keep it for the test to see.
      this.stepErrors.push(err as Error);
      return sendError(res, 400, 'invalid_request_error', `Emulator step failed: ${(err as Error).message}`);
    }
    if ('error' in step) return sendError(res, step.error.status, step.error.type, step.error.message, step.error.headers);

    if (step.delayMs) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, step.delayMs);
        res.on('close', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
      if (res.destroyed) return;
    }
    const usage: Usage = {
      input_tokens: inputTokens,
      output_tokens: Math.max(1, estimateTokens(step.reply.content)),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      ...step.reply.usage,
    };
    const events = messageEvents(body, step.reply, usage);
    if (body.stream !== true) {
      const start = (events[0]!.data as any).message;
      const content = step.reply.content.map((b, i) => {
        const started = events.find((e: any) => e.event === 'content_block_start' && e.data.index === i)!.data as any;
        return b.type === 'tool_use' ? { ...b, id: started.content_block.id } : b;
      });
      const delta = (events.at(-2)!.data as any).delta;
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': newId('req') });
      return void res.end(JSON.stringify({ ...start, content, stop_reason: delta.stop_reason, usage }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': newId('req') });
    let sent = 0;
    for (const { event, data } of events) {
      if (step.cutAfterEvents !== undefined && sent >= step.cutAfterEvents) {
        // The connection drops mid-stream: no message_stop, no clean end.
        res.socket?.destroy();
        return;
      }
      if (step.errorEventAfter && sent >= step.errorEventAfter.events) {
        res.write(`event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: step.errorEventAfter.type, message: step.errorEventAfter.message } })}\n\n`);
        return void res.end();
      }
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      sent++;
      // Let each event leave as its own chunk, as a real stream does.
      await new Promise((resolve) => setImmediate(resolve));
    }
    res.end();
  }
}
