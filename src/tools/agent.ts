// Agent: hands a search of the codebase to a read-only explore agent (Read,
// Glob, Grep) with its own context, and gives back only its final report, so
// the main context holds the answer rather than every file read on the way.
// The name and input are the seed harness's; the agent itself is run by the
// caller (the `explore` it is made with), on the same loop, policy and budget.
import { z } from 'zod';
import { loadPrompt } from '../prompts/load.js';
import { defineTool, ToolError } from './tool.js';

/** Explore agents running at once; further calls wait for a free place. */
export const MAX_PARALLEL_EXPLORERS = 4;
/** The share of the run's budget that must be left for a call of the tool to run. */
export const EXPLORE_MIN_BUDGET_LEFT = 0.1;

const inputSchema = z.strictObject({
  description: z.string().describe('The task in 3-5 words'),
  prompt: z.string().describe('The full task'),
});

/** A counting semaphore: at most `size` holders at once, the others queued in order. */
function slots(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

/** The Agent tool; the explorers it starts share MAX_PARALLEL_EXPLORERS places, whichever agent made it. */
export function createAgentTool() {
  const run = slots(MAX_PARALLEL_EXPLORERS);
  return defineTool(
    {
      name: 'Agent',
      description: loadPrompt('tools/Agent.md'),
      inputSchema,
      traits: { harmless: true, minBudgetLeft: EXPLORE_MIN_BUDGET_LEFT },
      isConcurrencySafe: () => true,
    },
    ({ explore }) => ({
      async validateInput(input) {
        if (!input.prompt.trim()) return { ok: false, message: 'The prompt is empty: say what the agent should find out.' };
        return { ok: true };
      },
      async call(input, { signal }) {
        if (!explore) throw new ToolError('No explore agent can run here.');
        return run(() => explore({ description: input.description.trim() || 'explore', prompt: input.prompt }, signal));
      },
    }),
  );
}
