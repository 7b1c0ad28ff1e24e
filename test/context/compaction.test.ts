// Long runs that stay inside the window: large results saved to a file,
// old results cleared, the history summarised near the window (with a circuit
// breaker), and every rewrite sent as the same bytes on every later turn.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_AUTO_COMPACT_FAILURES, query, type LoopEvent } from '../../src/agent/loop.js';
import { anthropicModel } from '../../src/agent/model.js';
import type { Terminal } from '../../src/core/outcome.js';
import { CLEARED_TOOL_RESULT } from '../../src/context/compact.js';
import { ALL_TOOLS } from '../../src/tools/index.js';
import { buildTool, type Tool } from '../../src/tools/tool.js';
import { z } from 'zod';
import { AnthropicEmulator, reply, text, toolUse, type Step } from '../emulators/anthropic.js';
import { makeTools } from '../../src/tools/deps.js';
import { depsFor, makeSandbox, type Sandbox } from '../helpers/workspace.js';

let api: AnthropicEmulator;
let box: Sandbox;

const line = (n: number, width = 70) => `${String(n).padStart(6, '0')} ${'x'.repeat(width)}`;
const bigFile = (lines: number) => Array.from({ length: lines }, (_, i) => line(i)).join('\n') + '\n';

beforeEach(async () => {
  api = await new AnthropicEmulator().start();
  // ten files of about 12,000 characters (3,000 tokens) each, and one of about 78,000
  const files: Record<string, string> = { 'huge.txt': bigFile(1000) };
  for (let i = 0; i < 10; i++) files[`part${i}.txt`] = bigFile(150);
  box = makeSandbox(files, { git: false });
});

afterEach(async () => {
  await api.stop();
  box.cleanup();
  if (api.stepErrors[0]) throw api.stepErrors[0];
});

/** A tool whose result is bigger than any built-in tool gives (as an MCP tool's might be). */
const dumpTool: Tool = buildTool({
  name: 'Dump',
  description: 'Prints a large report.',
  inputSchema: z.object({}),
  isConcurrencySafe: () => true,
  async call() {
    return { content: bigFile(1000) };
  },
});

async function drive(opts: { contextWindow?: number; maxTurns?: number } = {}) {
  const deps = depsFor(box);
  const loop = query({
    model: anthropicModel({ apiKey: 'sk-test', baseURL: api.url }),
    modelId: 'claude-sonnet-5-5',
    system: [
      { type: 'text', text: 'You are being tested.' },
      { type: 'text', text: 'Run facts.' },
    ],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Do the task.' }] }],
    tools: [...makeTools(ALL_TOOLS, deps), dumpTool],
    seen: deps.files,
    tempDir: box.tempDir,
    maxTurns: opts.maxTurns ?? 40,
    maxBudgetUsd: 100,
    signal: new AbortController().signal,
    ...(opts.contextWindow ? { contextWindow: opts.contextWindow } : {}),
  });
  const events: LoopEvent[] = [];
  let terminal: Terminal;
  for (;;) {
    const next = await loop.next();
    if (next.done) {
      terminal = next.value;
      break;
    }
    events.push(next.value);
  }
  return { events, terminal };
}

const read = (name: string) => reply(toolUse('Read', { file_path: `${box.root}/${name}` }));
const resultsOf = (messages: any[]) => messages.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((b: any) => b.type === 'tool_result') : []));

describe('large tool results', () => {
  it('are saved to a file and replaced by a preview and the path, which the model can Read back', async () => {
    api.enqueue(reply(toolUse('Dump', {})), (req) => {
      const [result] = [...req.toolResults.values()];
      expect(result!.content).toMatch(/^<persisted-output>\nOutput too large \([\d.]+KB\)\. Full output saved to: (\S+)\n/);
      expect(result!.content.length).toBeLessThan(3_000);
      const path = /Full output saved to: (\S+)/.exec(result!.content)![1]!;
      expect(readFileSync(path, 'utf8')).toBe(bigFile(1000));
      return reply(toolUse('Read', { file_path: path, offset: 500, limit: 1 }));
    }, (req) => {
      expect([...req.toolResults.values()][0]!.content).toBe(`   500→${line(499)}`);
      return reply(text('Done.'));
    });
    const { terminal } = await drive();
    expect(terminal.reason).toBe('completed');
  });

  it('a large Read is not saved again: Read has its own limit, and the model gets the lines', async () => {
    api.enqueue(read('huge.txt'), (req) => {
      const [result] = [...req.toolResults.values()];
      expect(result!.content).not.toContain('<persisted-output>');
      expect(result!.content.split('\n')).toHaveLength(1000);
      return reply(text('Done.'));
    });
    const { terminal } = await drive();
    expect(terminal.reason).toBe('completed');
  });
});

describe('micro-compaction', () => {
  it('clears old Read results beyond the newest few once the context passes half the window', async () => {
    for (let i = 0; i < 10; i++) api.enqueue(read(`part${i}.txt`));
    api.enqueue(reply(text('Done.')));
    const { terminal, events } = await drive({ contextWindow: 40_000 });
    expect(terminal.reason).toBe('completed');
    expect(events.some((e) => e.type === 'compaction' && e.kind === 'micro')).toBe(true);
    const last = resultsOf(api.requests.at(-1)!.body.messages);
    expect(last).toHaveLength(10);
    expect(last.filter((r: any) => r.content === CLEARED_TOOL_RESULT).length).toBeGreaterThan(0);
    // The newest five are always intact.
    expect(last.slice(-5).every((r: any) => r.content !== CLEARED_TOOL_RESULT)).toBe(true);
  });

  it('never clears results of the last turn, which the model has not seen yet', async () => {
    // Two results, then six in one turn: past half the window, only the two older ones may go.
    api.enqueue(
      reply(toolUse('Read', { file_path: `${box.root}/part0.txt` }), toolUse('Read', { file_path: `${box.root}/part1.txt` })),
      reply(...Array.from({ length: 6 }, (_, i) => toolUse('Read', { file_path: `${box.root}/part${i + 2}.txt` }))),
      (req) => {
        const all = resultsOf(req.body.messages);
        expect(all.map((r: any) => r.content === CLEARED_TOOL_RESULT)).toEqual([true, true, false, false, false, false, false, false]);
        return reply(text('Done.'));
      },
    );
    const { terminal, events } = await drive({ contextWindow: 40_000 });
    expect(terminal.reason).toBe('completed');
    expect(events.some((e) => e.type === 'compaction' && e.kind === 'micro')).toBe(true);
  });

  it('re-reads after clearing return the content, not "unchanged since last read"', async () => {
    for (let i = 0; i < 10; i++) api.enqueue(read(`part${i}.txt`));
    api.enqueue(read('part0.txt'), (req) => {
      expect([...req.toolResults.values()][0]!.content).toContain(`     1→${line(0)}`);
      return reply(text('Done.'));
    });
    const { terminal } = await drive({ contextWindow: 40_000 });
    expect(terminal.reason).toBe('completed');
  });
});

const isSummaryRequest = (req: { body: any }) => JSON.stringify(req.body.messages.at(-1)).includes('The conversation is about to be compacted');

describe('auto-compaction', () => {
  it('summarises the history near the window and goes on with the task and the summary', async () => {
    let reads = 0;
    let summaries = 0;
    for (let i = 0; i < 12; i++) {
      api.enqueue((req) => {
        if (isSummaryRequest(req)) {
          summaries++;
          return reply(text('Task: do the task. Files: several parts read. Open work: answer.'));
        }
        // Right after a compaction the history is the task and the summary.
        if (summaries > 0 && reads > 0 && req.body.messages.length === 1) {
          expect(req.body.messages[0].content.at(-1).text).toContain('Files: several parts read.');
          return reply(text('Done.'));
        }
        return read(`part${reads++ % 10}.txt`);
      });
    }
    const { terminal, events } = await drive({ contextWindow: 24_000 });
    expect(terminal.reason).toBe('completed');
    expect(summaries).toBe(1);
    expect(events.find((e) => e.type === 'compaction' && e.kind === 'auto')).toMatchObject({ usage: expect.any(Object) });
  });

  it('the summarising request reads the history from the prompt cache, as a turn does', async () => {
    let reads = 0;
    for (let i = 0; i < 12; i++) {
      api.enqueue((req) => {
        if (isSummaryRequest(req)) return reply(text('Task: do the task. Open work: answer.'));
        if (req.body.messages.length === 1 && reads > 0) return reply(text('Done.'));
        return read(`part${reads++ % 10}.txt`);
      });
    }
    const { events } = await drive({ contextWindow: 24_000 });
    const summaryRequest = api.requests.find(isSummaryRequest)!;
    expect(summaryRequest.body.system[0].cache_control).toEqual({ type: 'ephemeral' });
    expect(JSON.stringify(summaryRequest.body.messages.at(-1).content.at(-1))).toContain('cache_control');
    const auto = events.find((e) => e.type === 'compaction' && e.kind === 'auto');
    expect(auto && auto.type === 'compaction' && auto.usage!.cache_read_input_tokens).toBeGreaterThan(5_000);
  });

  it('a second compaction replaces the first summary instead of piling up', async () => {
    let reads = 0;
    let summaries = 0;
    for (let i = 0; i < 30; i++) {
      api.enqueue((req) => {
        if (isSummaryRequest(req)) return reply(text(`Summary number ${++summaries}.`));
        if (summaries >= 2 && req.body.messages.length === 1) return reply(text('Done.'));
        return read(`part${reads++ % 10}.txt`);
      });
    }
    const { terminal } = await drive({ contextWindow: 24_000 });
    expect(terminal.reason).toBe('completed');
    const first = api.requests.at(-1)!.body.messages[0].content.map((b: any) => b.text as string);
    expect(first[0]).toBe('Do the task.');
    expect(first).toHaveLength(2);
    expect(first[1]).toContain('Summary number 2.');
    expect(first[1]).not.toContain('Summary number 1.');
  });

  it('a summary that leaves the history still too big counts as a failure, so the breaker stops it', async () => {
    let summaries = 0;
    let reads = 0;
    for (let i = 0; i < 20; i++) {
      api.enqueue((req) => {
        if (isSummaryRequest(req)) {
          summaries++;
          return reply(text(`A summary far too long: ${'word '.repeat(20_000)}`));
        }
        return reads < 12 ? read(`part${reads++ % 10}.txt`) : reply(text('Done.'));
      });
    }
    const { terminal } = await drive({ contextWindow: 24_000 });
    expect(terminal.reason).toBe('completed');
    expect(summaries).toBe(MAX_AUTO_COMPACT_FAILURES);
  });

  it(`stops trying after ${MAX_AUTO_COMPACT_FAILURES} failures in a row (circuit breaker)`, async () => {
    let reads = 0;
    let summaries = 0;
    for (let i = 0; i < 14; i++) {
      api.enqueue((req): Step => {
        if (isSummaryRequest(req)) {
          summaries++;
          return { error: { status: 400, type: 'invalid_request_error', message: 'summary refused' } };
        }
        return reads < 9 ? read(`part${reads++}.txt`) : reply(text('Done.'));
      });
    }
    const { terminal, events } = await drive({ contextWindow: 24_000 });
    expect(terminal.reason).toBe('completed');
    expect(summaries).toBe(MAX_AUTO_COMPACT_FAILURES);
    const autos = events.filter((e) => e.type === 'compaction' && e.kind === 'auto');
    expect(autos).toHaveLength(MAX_AUTO_COMPACT_FAILURES);
    expect(autos.every((e) => e.type === 'compaction' && e.failed)).toBe(true);
  });
});

describe('byte-stable history', () => {
  it('sends a rewritten result (a preview, a cleared result) as the same bytes on every later turn', async () => {
    api.enqueue(reply(toolUse('Dump', {})));
    for (let i = 0; i < 10; i++) api.enqueue(read(`part${i}.txt`));
    api.enqueue(reply(text('Done.')));
    await drive({ contextWindow: 40_000 });
    // Per tool_use id, every form of its result seen in the requests, with cache markers left out.
    const forms = new Map<string, Set<string>>();
    for (const request of api.requests) {
      for (const result of resultsOf(request.body.messages)) {
        const { cache_control: _marker, ...bytes } = result;
        const set = forms.get(result.tool_use_id) ?? new Set<string>();
        set.add(JSON.stringify(bytes));
        forms.set(result.tool_use_id, set);
      }
    }
    // A result is sent as it is until it is cleared, and never in a third form; once cleared, it stays cleared.
    for (const set of forms.values()) expect(set.size).toBeLessThanOrEqual(2);
    const persisted = [...forms.values()][0]!;
    expect([...persisted][0]).toContain('<persisted-output>');
  });

  it('marks at most four cache breakpoints: the stable system block, the fork point (the first message) and the two newest user messages', async () => {
    api.enqueue(read('part0.txt'), read('part1.txt'), reply(text('Done.')));
    await drive();
    const last = api.requests.at(-1)!.body;
    const marked = [
      ...last.system.map((b: any, i: number) => (b.cache_control ? `system ${i}` : '')),
      ...last.messages.map((m: any, i: number) => (Array.isArray(m.content) && m.content.some((b: any) => b.cache_control) ? `message ${i}` : '')),
    ].filter(Boolean);
    expect(marked).toEqual(['system 0', 'message 0', 'message 2', 'message 4']);
    // The fork point is the first block of the first message: a fork of the agent sends it byte for byte, then its own instructions.
    expect(last.messages[0].content[0].cache_control).toEqual({ type: 'ephemeral' });
  });
});
