// The memory work of a run once the agent's work is done: the forks that run
// after it (the extraction, when people with write permission wrote something
// new; the consolidation, when it is due and this run holds its lock) and
// their answers staged on the desk, each change through its guard.
import type { ForkTask } from '../agent/subagents.js';
import type { Outcome } from '../core/outcome.js';
import { consolidationOf, consolidationText, CONSOLIDATE_BUDGET_SHARE } from '../knowledge/memory/consolidate.js';
import type { MemoryDesk, MemoryWork } from '../knowledge/memory/desk.js';
import { LEARN_BUDGET_SHARE, takeLearned } from '../knowledge/memory/learn.js';
import { renderPrompt } from '../prompts/load.js';

const EXTRACTION = 'memory-extraction';
const CONSOLIDATION = 'memory-consolidation';

export type RunMemory = Pick<MemoryWork, 'learn' | 'consolidate'> & { desk?: MemoryDesk };

/** The forks the run's memory work needs after the agent. */
export function memoryForks(memory: RunMemory | undefined, now: number): ForkTask[] {
  if (!memory?.desk) return [];
  return [
    ...(memory.learn
      ? [{ name: EXTRACTION, role: 'in the memory extraction: it reads the new messages only', instructions: renderPrompt('agents/learn.md', { messages: memory.learn.messages }), readsCheckout: false, budgetShare: LEARN_BUDGET_SHARE, turns: 2 }]
      : []),
    ...(memory.consolidate
      ? [
          {
            name: CONSOLIDATION,
            role: 'in the memory consolidation: it reads the checkout and changes nothing',
            instructions: renderPrompt('agents/consolidate.md', { tools: 'Read, Glob and Grep', memories: consolidationText(memory.desk.memories, now) }),
            readsCheckout: true,
            budgetShare: CONSOLIDATE_BUDGET_SHARE,
            turns: 10,
          },
        ]
      : []),
  ];
}

/** Stages what the forks answered; gives back lines for the log. */
export async function takeMemoryAnswers(outcome: Outcome, memory: RunMemory | undefined, now: number): Promise<string[]> {
  const desk = memory?.desk;
  if (!desk) return [];
  const lines: string[] = [];
  const learned = outcome.afterwards?.[EXTRACTION];
  if (learned !== undefined && memory.learn) lines.push(...(await takeLearned(learned, desk, memory.learn.authors)));
  const consolidated = outcome.afterwards?.[CONSOLIDATION];
  if (consolidated !== undefined && memory.consolidate) {
    const { remove, update } = consolidationOf(consolidated);
    for (const { name, why } of remove) {
      const gone = desk.forget(name, why || 'consolidated', true);
      lines.push('refused' in gone ? `The consolidation could not remove "${name}": ${gone.refused}` : `The consolidation removed ${name}${why ? `: ${why}` : ''}.`);
    }
    for (const draft of update) {
      const before = desk.memories.find((m) => m.name === draft.name);
      if (!before) {
        lines.push(`The consolidation may only update a memory there is: "${draft.name}" is none.`);
        continue;
      }
      // Still the teaching of whoever taught it, from where they did.
      const saved = await desk.save(draft, { asker: { login: before.author, writes: true, isBot: false }, source: before.source });
      lines.push('refused' in saved ? `The consolidation could not update "${draft.name}": ${saved.refused}` : `The consolidation updated ${draft.name}.`);
    }
    desk.consolidatedAt = new Date(now).toISOString();
  }
  return lines;
}
