// The loop's transitions and terminals, driven through the real SDK against the
// local Messages API emulator, with the real tools in a temp checkout.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../src/agent/executor.js';
import { query, OUTPUT_LIMIT_NUDGE, type LoopEvent } from '../../src/agent/loop.js';
import { anthropicModel } from '../../src/agent/model.js';
import { StopReason } from '../../src/core/run.js';
import type { Terminal } from '../../src/core/outcome.js';
import { CLEARED_TOOL_RESULT } from '../../src/context/compact.js';
import { ALL_TOOLS } from '../../src/tools/index.js';
import { AnthropicEmulator, reply, text, toolUse, type Step } from '../emulators/anthropic.js';
import { makeTools } from '../../src/tools/deps.js';
import { depsFor, makeSandbox, type Sandbox } from '../helpers/workspace.js';

let api: AnthropicEmulator;
let box: Sandbox;

beforeEach(async () => {
  api = await new AnthropicEmulator({ requireAuth: true }).start();
  box = makeSandbox({
    'notes.txt': 'alpha\nbeta\n',
    ...Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`big${n}.txt`, `${n}`.repeat(4000) + '\n'])),
  });
});

afterEach(async () => {
  await api.stop();
  box.cleanup();
  if (api.stepErrors[0]) throw api.stepErrors[0];
});

async function drive(opts: { maxTurns?: number; maxBudgetUsd?: number; signal?: AbortSignal; modelId?: string } = {}) {
  const signal = opts.signal ?? new AbortController().signal;
  const deps = depsFor(box);
  const loop = query({
    model: anthropicModel({ apiKey: 'sk-test', baseURL: api.url }),
    modelId: opts.modelId ?? 'claude-sonnet-5-5',
    system: [{ type: 'text', text: 'You are being tested.' }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Do the task.' }] }],
    tools: makeTools(ALL_TOOLS, deps),
    seen: deps.files,
    tempDir: box.tempDir,
    maxTurns: opts.maxTurns ?? 20,
    maxBudgetUsd: opts.maxBudgetUsd ?? 100,
    signal,
  });
  const calls: Array<ToolCallRecord & { turn: number }> = [];
  const events: LoopEvent[] = [];
  let terminal: Terminal;
  for (;;) {
    const next = await loop.next();
    if (next.done) {
      terminal = next.value;
      break;
    }
    events.push(next.value);
    if (next.value.type === 'tool_end') calls.push({ turn: next.value.turn, ...next.value.record });
  }
  const transitions = events.flatMap((e) => (e.type === 'transition' ? [e.transition.reason] : []));
  return { events, terminal, transitions, calls };
}

const readNotes = () => reply(toolUse('Read', { file_path: `${box.root}/notes.txt` }));
const fast = { 'retry-after-ms': '1' };

describe('the agent loop', () => {
  it('continues with next_turn after tool calls and completes on a plain answer', async () => {
    api.enqueue(readNotes(), reply(text('Done.')));
    const { terminal, transitions, calls } = await drive();
    expect(terminal.reason).toBe('completed');
    expect(transitions).toEqual(['next_turn']);
    expect(calls[0]).toMatchObject({ turn: 1, name: 'Read', stage: 'done', isError: false });
    // The second request carries the tool result for the first request's tool_use.
    expect([...api.requests[1]!.toolResults.values()][0]!.content).toContain('1→alpha');
  });

  it('gives every tool_use exactly one tool_result, even for unknown tools and bad input', async () => {
    api.enqueue(
      reply(toolUse('Teleport', { to: 'mars' }), toolUse('Read', { path: 'notes.txt' }), toolUse('Read', { file_path: 'notes.txt' })),
      reply(text('Understood.')),
    );
    const { terminal } = await drive();
    expect(terminal.reason).toBe('completed');
    const results = [...api.requests[1]!.toolResults.values()];
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({ is_error: true, content: '<tool_use_error>Error: No such tool available: Teleport</tool_use_error>' });
    expect(results[1]!.is_error).toBe(true);
    expect(results[1]!.content).toContain('InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing');
    expect(results[2]).toMatchObject({ is_error: false });
  });

  it('withholds prompt-too-long, summarises the conversation and retries once (reactive_compact_retry)', async () => {
    api.enqueue(
      readNotes(),
      readNotes(),
      { error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } },
      (req) => {
        expect(req.body.messages.at(-1).content.at(-1).text).toContain('The conversation is about to be compacted');
        return reply(text('Task: do the task. Files: notes.txt read twice. Open work: finish.'));
      },
      reply(text('Finished after compaction.')),
    );
    const { terminal, transitions, events } = await drive();
    expect(terminal.reason).toBe('completed');
    expect(transitions).toContain('reactive_compact_retry');
    const retried = api.requests.at(-1)!.body.messages as any[];
    expect(retried).toHaveLength(1);
    expect(retried[0].content.map((b: any) => b.text)).toEqual([
      'Do the task.',
      expect.stringContaining('Task: do the task. Files: notes.txt read twice. Open work: finish.'),
    ]);
    expect(events.find((e) => e.type === 'compaction')).toMatchObject({ kind: 'reactive' });
  });

  it('falls back to clearing old tool results when the summary itself fails', async () => {
    const tooLong: Step = { error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } };
    api.enqueue(readNotes(), readNotes(), readNotes(), readNotes(), readNotes(), tooLong, tooLong, reply(text('Done.')));
    const { terminal, transitions } = await drive();
    expect(terminal.reason).toBe('completed');
    expect(transitions).toContain('reactive_compact_retry');
    const retried = api.requests.at(-1)!.body.messages as any[];
    const results = retried.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b: any) => b.type === 'tool_result') : []));
    expect(results.filter((r) => r.content === CLEARED_TOOL_RESULT)).toHaveLength(2);
  });

  it('surfaces prompt-too-long as an error when it persists after one compaction', async () => {
    const tooLong: Step = { error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } };
    api.enqueue(readNotes(), tooLong, reply(text('Summary.')), tooLong);
    const { terminal, transitions } = await drive();
    expect(transitions.filter((t) => t === 'reactive_compact_retry')).toHaveLength(1);
    expect(terminal.reason).toBe('error');
    expect(terminal.message).toMatch(/no longer fits in the model's context window/);
  });

  it('treats "input length and max_tokens exceed context limit" as a prompt that no longer fits', async () => {
    const noRoom: Step = {
      error: { status: 400, type: 'invalid_request_error', message: 'input length and `max_tokens` exceed context limit: 178959 + 32000 > 200000, decrease input length or `max_tokens` and try again' },
    };
    api.enqueue(readNotes(), noRoom, reply(text('Summary.')), reply(text('Done.')));
    const { terminal, transitions } = await drive();
    expect(transitions).toEqual(['next_turn', 'reactive_compact_retry']);
    expect(terminal.reason).toBe('completed');
  });

  it('recovers from a real context-window overflow reported by the API', async () => {
    // Each Read adds about 1,000 tokens; the window is set to overflow on the
    // fifth request (four results), and fit again once one is cleared.
    const readBig = (n: number) => reply(toolUse('Read', { file_path: `${box.root}/big${n}.txt` }));
    api.enqueue(
      (req) => {
        api.options.contextWindow = JSON.stringify({ system: req.body.system, messages: req.body.messages, tools: req.body.tools }).length / 4 + 3_500 + req.body.max_tokens;
        return readBig(1);
      },
      readBig(2),
      readBig(3),
      readBig(4),
      reply(text('Read four files; nothing else yet.')),
      reply(text('ok')),
    );
    const { terminal, transitions } = await drive();
    expect(transitions).toEqual(['next_turn', 'next_turn', 'next_turn', 'next_turn', 'reactive_compact_retry']);
    expect(terminal.reason).toBe('completed');
    // The summarising request fits because the oldest result was cleared first ...
    const summaryRequest = api.requests.at(-2)!.body.messages as any[];
    const results = summaryRequest.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b: any) => b.type === 'tool_result') : []));
    expect(results.map((r: any) => r.content === '[Old tool result content cleared]')).toEqual([true, false, false, false]);
    // ... and the retry carries the task and the summary.
    const retried = api.requests.at(-1)!.body.messages as any[];
    expect(retried).toHaveLength(1);
    expect(JSON.stringify(retried[0])).toContain('Read four files; nothing else yet.');
  });

  it('nudges the model to resume after a max_tokens stop (max_output_tokens_recovery)', async () => {
    api.enqueue({ reply: { content: [text('The first half of a long')], stop_reason: 'max_tokens' } }, reply(text('answer, finished.')));
    const { terminal, transitions } = await drive();
    expect(terminal.reason).toBe('completed');
    expect(transitions).toEqual(['max_output_tokens_recovery']);
    const messages = api.requests[1]!.body.messages as any[];
    expect(messages.at(-2)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'The first half of a long' }] });
    expect(messages.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: OUTPUT_LIMIT_NUDGE }] });
  });

  it('drops a half-written tool call from a max_tokens stop instead of running it', async () => {
    api.enqueue(
      { reply: { content: [toolUse('Write', { file_path: `${box.root}/half.txt`, content: 'trunc' })], stop_reason: 'max_tokens' } },
      reply(text('Resumed.')),
    );
    const { terminal } = await drive();
    expect(terminal.reason).toBe('completed');
    const last = api.requests[1]!.body.messages as any[];
    expect(last.some((m) => Array.isArray(m.content) && m.content.some((b: any) => b.type === 'tool_use'))).toBe(false);
  });

  it('gives up with an error after three max_tokens recoveries in a row', async () => {
    const cut = (): Step => ({ reply: { content: [text('more')], stop_reason: 'max_tokens' } });
    api.enqueue(cut(), cut(), cut(), cut());
    const { terminal, transitions } = await drive();
    expect(transitions).toEqual(['max_output_tokens_recovery', 'max_output_tokens_recovery', 'max_output_tokens_recovery']);
    expect(terminal.reason).toBe('error');
    expect(terminal.message).toMatch(/output token limit 4 times/);
  });

  it('stops at max_turns without another request', async () => {
    api.enqueue(readNotes(), readNotes(), readNotes(), readNotes());
    const { terminal } = await drive({ maxTurns: 3 });
    expect(terminal.reason).toBe('max_turns');
    expect(api.requests).toHaveLength(3);
    expect(terminal.message).toContain('max_turns is 3');
  });

  it('stops at the budget before spending more', async () => {
    // 1M input tokens at Sonnet prices is $3: over a $2 budget after one turn.
    api.enqueue({ reply: { content: [toolUse('Read', { file_path: `${box.root}/notes.txt` })], usage: { input_tokens: 1_000_000 } } }, readNotes());
    const { terminal, events } = await drive({ maxBudgetUsd: 2 });
    expect(terminal.reason).toBe('budget');
    expect(api.requests).toHaveLength(1);
    // The tool call of the last turn still got its result.
    expect(events.some((e) => e.type === 'tool_results')).toBe(true);
    expect(terminal.message).toMatch(/spent about \$3\.\d\d of \$2\.00/);
  });

  it('ends with timeout when the deadline passes during a model request', async () => {
    const controller = new AbortController();
    api.enqueue({ reply: { content: [text('too late')] }, delayMs: 10_000 });
    setTimeout(() => controller.abort(new StopReason('timeout')), 200);
    const started = Date.now();
    const { terminal } = await drive({ signal: controller.signal });
    expect(terminal.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('ends with aborted when cancelled during a tool call, and the call still gets a result', async () => {
    const controller = new AbortController();
    api.enqueue(reply(toolUse('Bash', { command: 'sleep 30' })), reply(text('never asked')));
    setTimeout(() => controller.abort(new StopReason('cancelled')), 300);
    const { terminal, calls } = await drive({ signal: controller.signal });
    expect(terminal.reason).toBe('aborted');
    expect(calls[0]!.stage).toBe('cancelled');
    expect(api.requests).toHaveLength(1);
  });

  it('lets the SDK retry 529 and 429 with backoff, then goes on', async () => {
    api.enqueue(
      { error: { status: 529, type: 'overloaded_error', message: 'Overloaded', headers: fast } },
      { error: { status: 429, type: 'rate_limit_error', message: 'Rate limited', headers: fast } },
      reply(text('Made it.')),
    );
    const { terminal } = await drive();
    expect(terminal.reason).toBe('completed');
    expect(api.requests).toHaveLength(3);
    expect(api.requests[1]!.headers['x-stainless-retry-count']).toBe('1');
  });

  it('ends with a one-line error when the API keeps failing after retries', async () => {
    const broken: Step = { error: { status: 500, type: 'api_error', message: 'Internal server error', headers: fast } };
    api.enqueue(broken, broken, broken);
    const { terminal } = await drive();
    expect(terminal.reason).toBe('error');
    expect(terminal.message).toBe('Anthropic API error 500 api_error: Internal server error. (still failing after retries with backoff)');
    expect(api.requests).toHaveLength(3);
  });

  it('does not retry a request the API rejects as invalid', async () => {
    api.enqueue({ error: { status: 404, type: 'not_found_error', message: 'model: claude-nope' } });
    const { terminal } = await drive({ modelId: 'claude-nope' });
    expect(terminal.reason).toBe('error');
    expect(terminal.message).toBe('Anthropic API error 404 not_found_error: model: claude-nope. Check the model input.');
    expect(api.requests).toHaveLength(1);
  });

  it('retries a stream that is cut mid-way instead of using the part that arrived', async () => {
    api.enqueue({ reply: { content: [text('This answer is cut off half-way through')] }, cutAfterEvents: 4 }, reply(text('The whole answer.')));
    const { terminal, events } = await drive();
    expect(terminal.reason).toBe('completed');
    expect(api.requests).toHaveLength(2);
    const answers = events.flatMap((e) => (e.type === 'assistant' ? [e.content] : []));
    expect(answers).toEqual([[{ type: 'text', text: 'The whole answer.' }]]);
  });

  it('retries after an overloaded error event inside a stream', async () => {
    api.enqueue(
      { reply: { content: [text('partial')] }, errorEventAfter: { events: 3, type: 'overloaded_error', message: 'Overloaded' } },
      reply(text('Recovered.')),
    );
    const { terminal } = await drive();
    expect(terminal.reason).toBe('completed');
    expect(api.requests).toHaveLength(2);
  });
});
