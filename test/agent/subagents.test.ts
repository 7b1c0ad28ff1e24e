// The parts of the sub-agent runtime a run depends on: the verifier's verdict
// as read from its last line, the Agent tool offered only while a tenth of the
// budget is left (driven through the real SDK against the emulator), at most
// four explorers at once, the run's account shared by every agent, and the
// price of the explorers' default model.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunAccount } from '../../src/agent/account.js';
import { costOf, priceOf } from '../../src/agent/cost.js';
import { query } from '../../src/agent/loop.js';
import { anthropicModel } from '../../src/agent/model.js';
import { parseVerdict } from '../../src/agent/subagents.js';
import { growth, LINEAR } from '../helpers/growth.js';
import { createAgentTool, MAX_PARALLEL_EXPLORERS } from '../../src/tools/agent.js';
import { readTool } from '../../src/tools/read.js';
import { AnthropicEmulator, reply, text } from '../emulators/anthropic.js';
import { makeTools } from '../../src/tools/deps.js';
import type { Explore } from '../../src/tools/tool.js';
import { depsFor, makeSandbox, type Sandbox } from '../helpers/workspace.js';

describe('the verdict', () => {
  it('is the last line, VERDICT: PASS or VERDICT: FAIL, with or without Markdown around it', () => {
    expect(parseVerdict('All tests pass.\n\nVERDICT: PASS')).toEqual({ verdict: 'PASS', reason: 'All tests pass.' });
    expect(parseVerdict('The test fails.\n**VERDICT: FAIL**\n')).toEqual({ verdict: 'FAIL', reason: 'The test fails.' });
    expect(parseVerdict('Fine.\n`verdict: pass`.')).toMatchObject({ verdict: 'PASS' });
  });

  it('is missing when the line is not the last, or says something else', () => {
    expect(parseVerdict('VERDICT: PASS\n\nBut I did not run the tests.').verdict).toBeUndefined();
    expect(parseVerdict('VERDICT: PROBABLY FINE').verdict).toBeUndefined();
    expect(parseVerdict('Looks good to me.')).toEqual({ reason: 'Looks good to me.' });
  });

  it('is read in time linear in a last line of marks (issue 27: a pattern trimmed them from each one)', () => {
    expect(growth(parseVerdict, (n) => `x${'. '.repeat(n / 2)}x`, 20_000)).toBeLessThan(LINEAR);
    expect(growth(parseVerdict, (n) => `${'*'.repeat(n)}VERDICT: PASS${'*_'.repeat(n / 2)}.`, 20_000)).toBeLessThan(LINEAR);
    expect(parseVerdict(`Done.\n${'*'.repeat(50)}VERDICT: PASS${'*_'.repeat(50)}.`)).toEqual({ verdict: 'PASS', reason: 'Done.' });
  });
});

describe('the run account', () => {
  it('counts every agent toward max_turns and the budget, and splits the usage by kind', () => {
    const account = new RunAccount(10, 1);
    account.started('main');
    account.started('explore');
    account.started('explore');
    account.charge('main', { input_tokens: 100, output_tokens: 10 } as never, 0.5, true);
    account.charge('explore', { input_tokens: 50, output_tokens: 5 } as never, 0.25, true);
    account.charge('explore', { input_tokens: 50, output_tokens: 5 } as never, 0.05, false);
    expect(account.turns).toBe(2);
    expect(account.spentUsd).toBeCloseTo(0.8);
    expect(account.budgetLeft).toBeCloseTo(0.2);
    expect(account.usage.map((u) => [u.kind, u.agents, u.turns, u.tokens.input])).toEqual([
      ['main', 1, 1, 100],
      ['explore', 2, 1, 100],
    ]);
  });
});

describe('the explorers’ model', () => {
  it('Haiku 5.5 costs $0.10/$0.50 per million tokens, five times that for a prompt over 100,000 tokens', () => {
    const price = priceOf('claude-haiku-5-5');
    expect(price).toMatchObject({ input: 0.1, output: 0.5, known: true });
    expect(priceOf('global.anthropic.claude-haiku-5-5')).toMatchObject({ input: 0.1 });
    expect(costOf({ input_tokens: 100_000, output_tokens: 1_000 } as never, price)).toBeCloseTo(0.0105);
    expect(costOf({ input_tokens: 1_000, cache_read_input_tokens: 100_000, output_tokens: 1_000 } as never, price)).toBeCloseTo(5 * (0.0001 + 0.001 + 0.0005));
    // Haiku 4.5 keeps its own price.
    expect(priceOf('claude-haiku-4-5')).toMatchObject({ input: 1, output: 5 });
  });
});

describe('the Agent tool', () => {
  let api: AnthropicEmulator;
  let box: Sandbox;
  beforeEach(async () => {
    api = await new AnthropicEmulator().start();
    box = makeSandbox({ 'a.txt': 'a\n' });
  });
  afterEach(async () => {
    await api.stop();
    box.cleanup();
  });

  it('runs while at least 10% of the budget is left, and is then refused, but stays offered (the cached prefix holds)', async () => {
    const signal = new AbortController().signal;
    let explored = 0;
    const ctx = depsFor(box, {
      explore: async () => {
        explored++;
        return { content: 'report' };
      },
    });
    // Sonnet at $3 per million input tokens: 280,000 tokens is $0.84 of a $1 budget, 16% left; 40,000 more leaves 4%.
    api.enqueue(
      { reply: { content: [{ type: 'tool_use', name: 'Agent', input: { description: 'find', prompt: 'Find a.' } }], usage: { input_tokens: 280_000 } } },
      { reply: { content: [{ type: 'tool_use', name: 'Agent', input: { description: 'find', prompt: 'Find a again.' } }], usage: { input_tokens: 40_000 } } },
      (request) => {
        const [result] = [...request.toolResults.values()];
        expect(result).toMatchObject({ is_error: true });
        expect(result!.content).toContain("Agent needs 10% of the run's budget (max_budget_usd) left, and 4% is: do the task with the other tools.");
        return reply(text('done'));
      },
    );
    const loop = query({
      model: anthropicModel({ apiKey: 'sk-test', baseURL: api.url }),
      modelId: 'claude-sonnet-5-5',
      system: [{ type: 'text', text: 'Test.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Go.' }] }],
      tools: makeTools([readTool, createAgentTool()], ctx),
      tempDir: box.tempDir,
      maxTurns: 10,
      maxBudgetUsd: 1,
      signal,
    });
    for (let next = await loop.next(); !next.done; next = await loop.next());
    const offered = api.requests.map((r) => r.body.tools.map((t: { name: string }) => t.name));
    expect(offered).toEqual([['Read', 'Agent'], ['Read', 'Agent'], ['Read', 'Agent']]);
    expect(explored).toBe(1);
    expect(api.stepErrors).toEqual([]);
  });

  it('runs at most four explorers at once; the others wait their turn', async () => {
    let running = 0;
    let most = 0;
    const explore: Explore = async (task) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 50));
      running--;
      return { content: `report of ${task.description}` };
    };
    const tool = createAgentTool().make(depsFor(box, { explore }));
    const ctx = { signal: new AbortController().signal };
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => tool.call({ description: `task ${i}`, prompt: 'look' }, ctx)));
    expect(most).toBe(MAX_PARALLEL_EXPLORERS);
    expect(results.map((r) => r.content)).toEqual(Array.from({ length: 7 }, (_, i) => `report of task ${i}`));
    expect(tool.isConcurrencySafe({ description: 'x', prompt: 'y' })).toBe(true);
  });

  it('an empty prompt is refused with a message the model can act on; no explorer where none may run', async () => {
    const tool = createAgentTool().make(depsFor(box));
    const ctx = { signal: new AbortController().signal };
    expect(await tool.validateInput({ description: 'x', prompt: '  ' })).toEqual({ ok: false, message: 'The prompt is empty: say what the agent should find out.' });
    await expect(tool.call({ description: 'x', prompt: 'y' }, ctx)).rejects.toThrow('No explore agent can run here.');
    expect(tool.inputJSONSchema).toMatchObject({ required: ['description', 'prompt'] });
  });
});
