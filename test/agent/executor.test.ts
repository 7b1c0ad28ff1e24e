// The executor's contract: parallel batches of concurrency-safe calls (at most
// 10 at once), unsafe calls alone, results in the model's order, and each step
// of the pipeline (schema, validation, permission, call) failing into a result
// the model can act on.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_PARALLEL_TOOLS, runToolCalls } from '../../src/agent/executor.js';
import { buildTool, ToolError, type Tool } from '../../src/tools/tool.js';

/** The run's signal: never aborted here. */
const signal = new AbortController().signal;

/** A tool that logs when each call starts and ends, and waits `ms` in between. */
function timedTool(name: string, safe: boolean, log: string[], running = { now: 0, max: 0 }) {
  return buildTool({
    name,
    description: 'test tool',
    inputSchema: z.object({ label: z.string(), ms: z.number().default(5) }),
    isConcurrencySafe: () => safe,
    async call(input) {
      log.push(`start ${input.label}`);
      running.now++;
      running.max = Math.max(running.max, running.now);
      await new Promise((resolve) => setTimeout(resolve, input.ms));
      running.now--;
      log.push(`end ${input.label}`);
      return { content: `done ${input.label}` };
    },
  });
}

function tools(...list: Tool[]) {
  return new Map(list.map((tool) => [tool.name, tool] as const));
}

describe('buildTool', () => {
  it('fills fail-closed defaults: not read-only, not concurrency-safe, validation passes, own check allows', async () => {
    const tool = buildTool({ name: 'Plain', description: 'x', inputSchema: z.object({}), call: async () => ({ content: '' }) });
    expect(tool.traits).toEqual({});
    expect(tool.isConcurrencySafe({})).toBe(false);
    expect(await tool.validateInput({})).toEqual({ ok: true });
    expect(await tool.checkPermissions({})).toEqual({ behavior: 'allow' });
    expect(tool.inputJSONSchema).toMatchObject({ type: 'object' });
  });
});

describe('the executor', () => {
  it('runs consecutive concurrency-safe calls in parallel, at most 10 at once', async () => {
    const log: string[] = [];
    const running = { now: 0, max: 0 };
    const safe = timedTool('Safe', true, log, running);
    const uses = Array.from({ length: 14 }, (_, i) => ({ id: `t${i}`, name: 'Safe', input: { label: String(i), ms: 40 } }));
    const { results } = await runToolCalls(uses, { tools: tools(safe), signal });
    expect(running.max).toBe(MAX_PARALLEL_TOOLS);
    expect(results.map((r) => r.content)).toEqual(uses.map((u) => `done ${u.input.label}`));
  });

  it('runs an unsafe call alone, after the calls before it and before the calls after it', async () => {
    const log: string[] = [];
    const safe = timedTool('Safe', true, log);
    const unsafe = timedTool('Unsafe', false, log);
    await runToolCalls(
      [
        { id: '1', name: 'Safe', input: { label: 'a', ms: 30 } },
        { id: '2', name: 'Safe', input: { label: 'b', ms: 5 } },
        { id: '3', name: 'Unsafe', input: { label: 'c' } },
        { id: '4', name: 'Safe', input: { label: 'd' } },
      ],
      { tools: tools(safe, unsafe), signal },
    );
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end a'));
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end b'));
    expect(log.indexOf('start d')).toBeGreaterThan(log.indexOf('end c'));
  });

  it('returns results in the order the model asked, even when later calls finish first', async () => {
    const safe = timedTool('Safe', true, []);
    const { results } = await runToolCalls(
      [
        { id: 'slow', name: 'Safe', input: { label: 'slow', ms: 60 } },
        { id: 'fast', name: 'Safe', input: { label: 'fast', ms: 1 } },
      ],
      { tools: tools(safe), signal },
    );
    expect(results.map((r) => r.tool_use_id)).toEqual(['slow', 'fast']);
  });

  it('turns a validation failure into an error result without calling the tool', async () => {
    let called = false;
    const picky = buildTool({
      name: 'Picky',
      description: 'x',
      inputSchema: z.object({ n: z.number() }),
      validateInput: async (input) => (input.n > 3 ? { ok: false, message: 'n must be at most 3.' } : { ok: true }),
      call: async () => {
        called = true;
        return { content: 'ok' };
      },
    });
    const { results, records } = await runToolCalls([{ id: 'x', name: 'Picky', input: { n: 5 } }], { tools: tools(picky), signal });
    expect(results[0]).toEqual({ type: 'tool_result', tool_use_id: 'x', content: '<tool_use_error>n must be at most 3.</tool_use_error>', is_error: true });
    expect(records[0]).toMatchObject({ stage: 'validate', isError: true, error: 'n must be at most 3.' });
    expect(called).toBe(false);
  });

  it('gives the model the denial of the permission gate, and records the rule and source', async () => {
    const safe = timedTool('Safe', true, []);
    const { results, records } = await runToolCalls([{ id: 'x', name: 'Safe', input: { label: 'a' } }], {
      tools: tools(safe),
      signal,
      gate: async () => ({ behavior: 'deny', message: 'Safe is denied by the rule Safe (workflow).', rule: 'Safe', source: 'workflow' }),
    });
    expect(results[0]!.is_error).toBe(true);
    expect(results[0]!.content).toContain('Safe is denied by the rule Safe (workflow).');
    expect(records[0]).toMatchObject({ stage: 'permission', decision: { behavior: 'deny', rule: 'Safe', source: 'workflow' } });
  });

  it("applies the tool's own permission check after the gate allows", async () => {
    const guarded = buildTool({
      name: 'Guarded',
      description: 'x',
      inputSchema: z.object({}),
      checkPermissions: async () => ({ behavior: 'deny', message: 'Guarded never runs here.' }),
      call: async () => ({ content: 'ran' }),
    });
    const { results } = await runToolCalls([{ id: 'x', name: 'Guarded', input: {} }], { tools: tools(guarded), signal });
    expect(results[0]!.content).toBe('<tool_use_error>Guarded never runs here.</tool_use_error>');
  });

  it('reports a ToolError as is and any other exception as "<tool> failed: …"', async () => {
    const failing = buildTool({
      name: 'Failing',
      description: 'x',
      inputSchema: z.object({ kind: z.enum(['tool', 'crash']) }),
      call: async (input) => {
        if (input.kind === 'tool') throw new ToolError('Try a smaller file.');
        throw new Error('disk on fire');
      },
    });
    const { results, records } = await runToolCalls(
      [
        { id: 'a', name: 'Failing', input: { kind: 'tool' } },
        { id: 'b', name: 'Failing', input: { kind: 'crash' } },
      ],
      { tools: tools(failing), signal },
    );
    expect(results.map((r) => r.content)).toEqual([
      '<tool_use_error>Try a smaller file.</tool_use_error>',
      '<tool_use_error>Failing failed: disk on fire</tool_use_error>',
    ]);
    expect(records.map((r) => r.stage)).toEqual(['call', 'call']);
  });

  it('answers every call of a run that was already stopped with a cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    const safe = timedTool('Safe', true, []);
    const { results, records } = await runToolCalls([{ id: 'x', name: 'Safe', input: { label: 'a' } }], {
      tools: tools(safe),
      signal: controller.signal,
    });
    expect(results[0]!.content).toBe('<tool_use_error>Cancelled: the run was stopped before this call finished.</tool_use_error>');
    expect(records[0]!.stage).toBe('cancelled');
  });
});
