// The emulator's prompt cache, exercised with plain fetch: breakpoints, the
// 20-block lookback, the minimum cacheable length, TTLs and the usage split must
// follow the API's rules, or Deckhand's cache work could not be measured on it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnthropicEmulator, defaultMinCacheableTokens, promptBlocks, promptTokens, reply, text, type EmulatorOptions, type Usage } from './anthropic.js';

const EPHEMERAL = { type: 'ephemeral' } as const;
const SONNET = 'claude-sonnet-4-5';
const HAIKU = 'claude-haiku-3-5';

let api: AnthropicEmulator;
let clock = 0;

async function startWith(options: EmulatorOptions = {}) {
  await api?.stop();
  api = await new AnthropicEmulator({ now: () => clock, ...options }).start();
}

beforeEach(async () => {
  clock = 1_000_000;
  api = await new AnthropicEmulator({ now: () => clock }).start();
});

afterEach(async () => {
  await api.stop();
  if (api.stepErrors[0]) throw api.stepErrors[0];
});

/** About `tokens` tokens of text (four characters a token), different for each seed. */
const filler = (tokens: number, seed = 'a') => `${seed}: ${'lorem ipsum '.repeat(Math.ceil((tokens * 4) / 12))}`.slice(0, tokens * 4);

interface Answer {
  status: number;
  json: any;
  usage: Usage;
}

/** Sends one request (queueing a plain answer for it) and checks the usage adds up to the prompt. */
async function send(body: Record<string, unknown>, { stream = false } = {}): Promise<Answer> {
  // A rejected request leaves its step for the next one.
  if (api.remaining === 0) api.enqueue(reply(text('ok')));
  const full = { model: SONNET, max_tokens: 100, stream, ...body };
  const res = await fetch(`${api.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-test' },
    body: JSON.stringify(full),
  });
  if (res.status !== 200) {
    return { status: res.status, json: await res.json(), usage: undefined as unknown as Usage };
  }
  let json: any;
  let usage: Usage;
  if (stream) {
    const events = (await res.text())
      .split('\n\n')
      .filter((chunk) => chunk.includes('data: '))
      .map((chunk) => JSON.parse(chunk.slice(chunk.indexOf('data: ') + 6)));
    const start = events.find((e) => e.type === 'message_start').message;
    const delta = events.find((e) => e.type === 'message_delta');
    json = { start, delta };
    usage = { ...start.usage, ...delta.usage };
  } else {
    json = await res.json();
    usage = json.usage;
  }
  expect(usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens).toBe(promptTokens(full));
  expect(usage.input_tokens).toBeGreaterThanOrEqual(0);
  expect(api.requests.at(-1)!.usage).toEqual(usage);
  return { status: res.status, json, usage };
}

/** Tokens of the prefix of `body` ending at the block at `path`. */
function prefixTokens(body: Record<string, unknown>, path: string): number {
  const blocks = promptBlocks({ model: SONNET, ...body });
  const end = blocks.findIndex((b) => b.path === path);
  expect(end).toBeGreaterThanOrEqual(0);
  return blocks.slice(0, end + 1).reduce((sum, b) => sum + b.tokens, 0);
}

const tools = [
  { name: 'Read', description: 'Reads a file from the workspace.', input_schema: { type: 'object', properties: { file_path: { type: 'string' } } } },
  { name: 'Bash', description: 'Runs a shell command.', input_schema: { type: 'object', properties: { command: { type: 'string' } } } },
];
const stable = filler(1500, 'stable');

/** A request with tools, a two-part system prompt (breakpoint on the last system block) and one user message. */
function base(overrides: { tools?: unknown[]; messages?: unknown[]; systemMark?: boolean } = {}) {
  return {
    tools: overrides.tools ?? tools,
    system: [
      { type: 'text', text: 'You are Deckhand.' },
      { type: 'text', text: stable, ...(overrides.systemMark === false ? {} : { cache_control: EPHEMERAL }) },
    ],
    messages: overrides.messages ?? [{ role: 'user', content: 'Fix the failing test.' }],
  };
}

describe('the emulator prompt cache', () => {
  it('writes the prefix at a breakpoint, then reads it on the same request', async () => {
    const body = base();
    const system = prefixTokens(body, 'system.1');
    const first = await send(body);
    expect(first.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: system });
    expect(first.usage.cache_creation).toEqual({ ephemeral_5m_input_tokens: system, ephemeral_1h_input_tokens: 0 });
    expect(first.usage.input_tokens).toBe(promptTokens(body) - system);
    expect(first.usage.input_tokens).toBeGreaterThan(0);

    const second = await send(body);
    expect(second.usage).toMatchObject({ cache_read_input_tokens: first.usage.cache_creation_input_tokens, cache_creation_input_tokens: 0 });
    expect(second.usage.input_tokens).toBe(first.usage.input_tokens);
    expect(api.requests[1]!.cache).toMatchObject({ readThrough: 3, breakpoints: [3], written: [3], blocks: 5 });
  });

  it('reports the split in message_start and message_delta of a stream', async () => {
    const body = base();
    const first = await send(body, { stream: true });
    expect(first.json.start.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(first.json.start.usage.cache_read_input_tokens).toBe(0);
    const second = await send(body, { stream: true });
    const system = prefixTokens(body, 'system.1');
    expect(second.json.start.usage).toMatchObject({ cache_read_input_tokens: system, cache_creation_input_tokens: 0 });
    // message_delta carries the cumulative totals, which the SDK copies over the start's.
    expect(second.json.delta.usage).toMatchObject({
      cache_read_input_tokens: system,
      cache_creation_input_tokens: 0,
      input_tokens: promptTokens(body) - system,
    });
  });

  it('reads the previous turn and writes only the new part when messages are appended', async () => {
    const turn1 = [{ role: 'user', content: [{ type: 'text', text: filler(300, 'task'), cache_control: EPHEMERAL }] }];
    const first = await send(base({ messages: turn1 }));
    const upToTurn1 = prefixTokens(base({ messages: turn1 }), 'messages.0.content.0');
    expect(first.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: upToTurn1, input_tokens: 0 });

    // The next turn: the same history (markers moved), an answer and a new user block with the breakpoint.
    const turn2 = [
      { role: 'user', content: [{ type: 'text', text: filler(300, 'task') }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Looking.' }, { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.ts' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: filler(400, 'file') }, { type: 'text', text: 'Go on.', cache_control: EPHEMERAL }] },
    ];
    const body2 = base({ messages: turn2 });
    const second = await send(body2);
    expect(second.usage.cache_read_input_tokens).toBe(upToTurn1);
    expect(second.usage.cache_creation_input_tokens).toBe(promptTokens(body2) - upToTurn1);
    expect(second.usage.input_tokens).toBe(0);

    // Repeated as is, all of it is read.
    const third = await send(body2);
    expect(third.usage).toMatchObject({ cache_read_input_tokens: promptTokens(body2), cache_creation_input_tokens: 0, input_tokens: 0 });
    expect(api.cacheStats).toMatchObject({ requests: 3, cache_read_input_tokens: upToTurn1 + promptTokens(body2) });
  });

  it('misses after a one-byte change in a tool description, and after reordering tools', async () => {
    await send(base());
    const changed = [{ ...tools[0]!, description: 'Reads a file from the workspace!' }, tools[1]!];
    const edited = await send(base({ tools: changed }));
    expect(edited.usage.cache_read_input_tokens).toBe(0);
    expect(edited.usage.cache_creation_input_tokens).toBe(prefixTokens(base({ tools: changed }), 'system.1'));

    const reordered = await send(base({ tools: [tools[1]!, tools[0]!] }));
    expect(reordered.usage.cache_read_input_tokens).toBe(0);
    expect(reordered.usage.cache_creation_input_tokens).toBeGreaterThan(0);

    // Key order inside a block is not content: the original prefix still hits.
    const sameContent = tools.map(({ input_schema, description, name }) => ({ input_schema, description, name }));
    expect((await send(base({ tools: sameContent }))).usage.cache_read_input_tokens).toBe(prefixTokens(base(), 'system.1'));
  });

  it('reads only up to a rewritten tool result', async () => {
    const history = (result: string) => [
      { role: 'user', content: 'Look at a.ts.' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.ts' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: result }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Seen it.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Now fix it.', cache_control: EPHEMERAL }] },
    ];
    const original = base({ messages: history(filler(800, 'file')) });
    await send(original);
    expect((await send(original)).usage.cache_read_input_tokens).toBe(promptTokens(original));

    const rewritten = base({ messages: history('[Old tool result content cleared]') });
    const after = await send(rewritten);
    // Only the system breakpoint's prefix survives; everything after the rewrite is written again.
    expect(after.usage.cache_read_input_tokens).toBe(prefixTokens(rewritten, 'system.1'));
    expect(after.usage.cache_creation_input_tokens).toBe(promptTokens(rewritten) - prefixTokens(rewritten, 'system.1'));
  });

  it('ignores the markers themselves: moving a breakpoint or changing its ttl spelling does not invalidate', async () => {
    const first = await send(base());
    // Same content, the breakpoint moved from the system block to the user message (one block later).
    const moved = base({ systemMark: false, messages: [{ role: 'user', content: [{ type: 'text', text: 'Fix the failing test.', cache_control: EPHEMERAL }] }] });
    const second = await send(moved);
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBe(promptTokens(moved) - first.usage.cache_creation_input_tokens);
    // A string content and the same text as a block are the same prompt.
    const asString = base({ systemMark: false, messages: [{ role: 'user', content: 'Fix the failing test.' }] });
    expect(promptBlocks(asString).at(-1)!.prefixHash).toBe(promptBlocks(moved).at(-1)!.prefixHash);
    // An explicit ttl of 5m is the default.
    const explicit = base({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Fix the failing test.', cache_control: { type: 'ephemeral', ttl: '5m' } }] }] });
    const third = await send(explicit);
    expect(third.usage).toMatchObject({ cache_read_input_tokens: promptTokens(explicit), cache_creation_input_tokens: 0, input_tokens: 0 });
  });

  it('caches a prefix only at a breakpoint: moving it to an earlier block, never written, misses', async () => {
    const marked = base({ systemMark: false, messages: [{ role: 'user', content: [{ type: 'text', text: 'Fix the failing test.', cache_control: EPHEMERAL }] }] });
    await send(marked);
    const earlier = await send(base());
    expect(earlier.usage.cache_read_input_tokens).toBe(0);
    expect(earlier.usage.cache_creation_input_tokens).toBe(prefixTokens(base(), 'system.1'));
  });

  it('does not cache a prefix below the minimum length, silently', async () => {
    const short = { system: [{ type: 'text', text: filler(500), cache_control: EPHEMERAL }], messages: [{ role: 'user', content: 'hi' }] };
    expect(prefixTokens(short, 'system.0')).toBeLessThan(1024);
    for (let i = 0; i < 2; i++) {
      const answer = await send(short);
      expect(answer.status).toBe(200);
      expect(answer.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: 0, input_tokens: promptTokens(short) });
    }
    expect(api.cacheStats.entries).toBe(0);
  });

  it('uses 2048 tokens as the minimum for Haiku, 1024 for others, and takes an override', async () => {
    const body = { system: [{ type: 'text', text: filler(1500), cache_control: EPHEMERAL }], messages: [{ role: 'user', content: 'hi' }] };
    const system = prefixTokens(body, 'system.0');
    expect(system).toBeGreaterThan(1024);
    expect(system).toBeLessThan(2048);
    expect((await send({ ...body, model: HAIKU })).usage.cache_creation_input_tokens).toBe(0);
    expect((await send({ ...body, model: SONNET })).usage.cache_creation_input_tokens).toBe(system);
    const longer = { system: [{ type: 'text', text: filler(2100), cache_control: EPHEMERAL }], messages: [{ role: 'user', content: 'hi' }] };
    expect((await send({ ...longer, model: HAIKU })).usage.cache_creation_input_tokens).toBe(prefixTokens(longer, 'system.0'));

    await startWith({ minCacheableTokens: 4096 });
    expect((await send({ ...longer, model: SONNET })).usage.cache_creation_input_tokens).toBe(0);
    await startWith({ minCacheableTokens: (model) => (model.includes('opus') ? 4096 : 1024) });
    expect((await send({ ...body, model: 'claude-opus-4-5' })).usage.cache_creation_input_tokens).toBe(0);
    expect((await send({ ...body, model: SONNET })).usage.cache_creation_input_tokens).toBe(system);
  });

  it('keeps entries per model', async () => {
    const body = base();
    await send(body);
    const other = await send({ ...body, model: 'claude-opus-4-1' });
    expect(other.usage.cache_read_input_tokens).toBe(0);
    expect(other.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect((await send(body)).usage.cache_read_input_tokens).toBeGreaterThan(0);
  });

  describe('the 20-block lookback', () => {
    // After the cached system prefix (block index 3), a user message of 25 small blocks.
    const many = (markAt: number) => ({
      ...base({
        systemMark: false,
        messages: [
          {
            role: 'user',
            content: Array.from({ length: 25 }, (_, i) => ({ type: 'text', text: `part ${i + 1}`, ...(i + 1 === markAt ? { cache_control: EPHEMERAL } : {}) })),
          },
        ],
      }),
    });

    it('misses when the only breakpoint is 21 blocks after the cached boundary', async () => {
      await send(base());
      const body = many(21);
      expect(promptBlocks(body).findIndex((b) => b.cacheControl) - 3).toBe(21);
      const far = await send(body);
      expect(far.usage.cache_read_input_tokens).toBe(0);
      expect(far.usage.cache_creation_input_tokens).toBe(prefixTokens(body, 'messages.0.content.20'));
    });

    it('hits when it is 20 blocks after', async () => {
      await send(base());
      const body = many(20);
      const near = await send(body);
      expect(near.usage.cache_read_input_tokens).toBe(prefixTokens(body, 'system.1'));
      expect(near.usage.cache_creation_input_tokens).toBe(prefixTokens(body, 'messages.0.content.19') - prefixTokens(body, 'system.1'));
      expect(api.requests.at(-1)!.cache!.readThrough).toBe(3);
    });

    it('hits the far prefix through a second breakpoint on the old boundary', async () => {
      await send(base());
      const body = many(25);
      (body.system[1] as any).cache_control = EPHEMERAL;
      const both = await send(body);
      expect(both.usage.cache_read_input_tokens).toBe(prefixTokens(body, 'system.1'));
      expect(both.usage.input_tokens).toBe(0);
    });

    it('uses the longest cached prefix found over all breakpoints', async () => {
      await send(base());
      const body = many(10);
      await send(body); // writes the prefix ending at part 10
      const longer = many(25);
      (longer.system[1] as any).cache_control = EPHEMERAL;
      const answer = await send(longer);
      expect(answer.usage.cache_read_input_tokens).toBe(prefixTokens(longer, 'messages.0.content.9'));
    });
  });

  it('rejects more than four breakpoints with a 400, and bad markers', async () => {
    const marks = (n: number) => ({
      system: Array.from({ length: 5 }, (_, i) => ({ type: 'text', text: `section ${i}`, ...(i < n ? { cache_control: EPHEMERAL } : {}) })),
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect((await send(marks(4))).status).toBe(200);
    const five = await send(marks(5));
    expect(five.status).toBe(400);
    expect(five.json.error).toEqual({ type: 'invalid_request_error', message: 'A maximum of 4 blocks with cache_control may be provided. Found 5.' });
    // Top-level (automatic) caching takes a slot too.
    expect((await send({ ...marks(4), cache_control: EPHEMERAL })).json.error.message).toMatch(/Found 5\./);
    const badType = await send({ system: [{ type: 'text', text: 'x', cache_control: { type: 'persistent' } }], messages: [{ role: 'user', content: 'hi' }] });
    expect(badType.status).toBe(400);
    expect(badType.json.error.message).toMatch(/system\.0\.cache_control\.type/);
    const badTtl = await send({ system: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral', ttl: '10m' } }], messages: [{ role: 'user', content: 'hi' }] });
    expect(badTtl.json.error.message).toMatch(/ttl/);
    const order = await send({
      system: [{ type: 'text', text: 'x', cache_control: EPHEMERAL }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral', ttl: '1h' } }] }],
    });
    expect(order.status).toBe(400);
    expect(order.json.error.message).toMatch(/1h.*5m/);
    expect(api.requests.filter((r) => r.usage)).toHaveLength(1);
  });

  it('expires entries after five minutes without a hit; a hit refreshes them', async () => {
    const body = base();
    const system = prefixTokens(body, 'system.1');
    await send(body);
    clock += 4 * 60_000;
    expect((await send(body)).usage.cache_read_input_tokens).toBe(system);
    clock += 4 * 60_000; // 8 minutes after the write, 4 after the refresh
    expect((await send(body)).usage.cache_read_input_tokens).toBe(system);
    clock += 5 * 60_000 + 1;
    const expired = await send(body);
    expect(expired.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: system });
  });

  it('refreshes an entry found through the lookback, not only one at a breakpoint', async () => {
    await send(base());
    const system = prefixTokens(base(), 'system.1');
    const ask = (question: string) =>
      base({ systemMark: false, messages: [{ role: 'user', content: [{ type: 'text', text: question, cache_control: EPHEMERAL }] }] });
    clock += 4 * 60_000;
    expect((await send(ask('First question?'))).usage.cache_read_input_tokens).toBe(system);
    clock += 4 * 60_000; // 8 minutes after the system prefix was written
    expect((await send(ask('Second question?'))).usage.cache_read_input_tokens).toBe(system);
    clock += 5 * 60_000 + 1;
    expect((await send(ask('Third question?'))).usage.cache_read_input_tokens).toBe(0);
  });

  it('keeps a 1h entry for an hour', async () => {
    const body = base();
    (body.system[1] as any).cache_control = { type: 'ephemeral', ttl: '1h' };
    const first = await send(body);
    expect(first.usage.cache_creation).toEqual({ ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: first.usage.cache_creation_input_tokens });
    clock += 59 * 60_000;
    expect((await send(body)).usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    clock += 60 * 60_000 + 1;
    expect((await send(body)).usage.cache_read_input_tokens).toBe(0);
  });

  it('splits cache writes by TTL', async () => {
    const body = base({ messages: [{ role: 'user', content: [{ type: 'text', text: filler(200, 'task'), cache_control: EPHEMERAL }] }] });
    (body.system[1] as any).cache_control = { type: 'ephemeral', ttl: '1h' };
    const { usage } = await send(body);
    const system = prefixTokens(body, 'system.1');
    expect(usage.cache_creation).toEqual({ ephemeral_1h_input_tokens: system, ephemeral_5m_input_tokens: promptTokens(body) - system });
  });

  it('applies top-level automatic caching to the last block', async () => {
    const body = { ...base({ systemMark: false }), cache_control: EPHEMERAL };
    expect((await send(body)).usage.cache_creation_input_tokens).toBe(promptTokens(body));
    expect((await send(body)).usage.cache_read_input_tokens).toBe(promptTokens(body));
  });

  it('counts the context window with the same per-block total', async () => {
    const body = base();
    const total = promptTokens({ model: SONNET, ...body });
    await startWith({ contextWindow: total - 1 });
    const over = await send(body);
    expect(over.status).toBe(400);
    expect(over.json.error.message).toBe(`prompt is too long: ${total} tokens > ${total - 1} maximum`);
    // The room asked for the answer counts too (send() asks for max_tokens 100), with the API's own message.
    await startWith({ contextWindow: total + 99 });
    const noRoom = await send(body);
    expect(noRoom.status).toBe(400);
    expect(noRoom.json.error.message).toBe(
      `input length and \`max_tokens\` exceed context limit: ${total} + 100 > ${total + 99}, decrease input length or \`max_tokens\` and try again`,
    );
    await startWith({ contextWindow: total + 100 });
    expect((await send(body)).status).toBe(200);
  });

  it('lets a step set usage explicitly', async () => {
    api.enqueue({ reply: { content: [text('ok')], usage: { input_tokens: 1_000_000, cache_read_input_tokens: 7 } } });
    const res = await fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: SONNET, max_tokens: 10, ...base() }),
    });
    const json: any = await res.json();
    expect(json.usage).toMatchObject({ input_tokens: 1_000_000, cache_read_input_tokens: 7 });
    expect(api.requests[0]!.usage).toMatchObject({ input_tokens: 1_000_000, cache_read_input_tokens: 7 });
    // The rules still ran underneath: the prefix was written.
    expect(api.requests[0]!.cache!.cache_creation_input_tokens).toBeGreaterThan(0);
  });

  it('reports the share of input read from the cache', async () => {
    const body = base();
    for (let i = 0; i < 4; i++) await send(body);
    const stats = api.cacheStats;
    const system = prefixTokens(body, 'system.1');
    const rest = promptTokens(body) - system;
    expect(stats).toMatchObject({
      requests: 4,
      cache_creation_input_tokens: system,
      cache_read_input_tokens: 3 * system,
      input_tokens: 4 * rest,
      total_input_tokens: 4 * promptTokens(body),
      entries: 1,
    });
    expect(stats.readShare).toBeCloseTo((3 * system) / (4 * promptTokens(body)), 10);
    api.clearCache();
    expect((await send(body)).usage.cache_read_input_tokens).toBe(0);
  });

  it('writes the cache even when the stream is cut afterwards, not on a scripted error', async () => {
    const body = base();
    api.enqueue({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } });
    const res = await fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: SONNET, max_tokens: 10, ...body }),
    });
    expect(res.status).toBe(529);
    expect(api.cacheStats.entries).toBe(0);
    api.enqueue({ reply: { content: [text('partial answer')] }, cutAfterEvents: 3 });
    await fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: SONNET, max_tokens: 10, stream: true, ...body }),
    })
      .then((r) => r.text())
      .catch(() => undefined);
    expect(api.cacheStats.entries).toBe(1);
    expect((await send(body)).usage.cache_read_input_tokens).toBe(prefixTokens(body, 'system.1'));
  });

  it('uses the documented minimum cacheable length of each model family', () => {
    const cases: Array<[string, number]> = [
      ['claude-sonnet-4-5', 1024],
      ['claude-sonnet-4-20250514', 1024],
      ['claude-3-7-sonnet-20250219', 1024],
      ['claude-sonnet-4-6', 2048],
      ['claude-sonnet-5-5', 2048],
      ['claude-opus-4-1', 1024],
      ['claude-opus-4-5-20251101', 4096],
      ['claude-opus-4-6', 4096],
      ['claude-3-5-haiku-20241022', 2048],
      ['claude-haiku-4-5', 4096],
    ];
    for (const [model, tokens] of cases) expect(defaultMinCacheableTokens(model), model).toBe(tokens);
  });
});
