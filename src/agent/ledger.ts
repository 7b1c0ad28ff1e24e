// What every agent of a run adds up to, as told by the run's events: its
// tokens and cost (a summarising request is paid for like any other) and its
// tool statistics.
import type { Usage } from '@anthropic-ai/sdk/resources/messages';
import type { ToolStats } from '../core/outcome.js';
import { addUsage, emptyTotals } from './cost.js';
import type { RunEvent } from './events.js';

export class RunLedger {
  tokens = emptyTotals();
  costUsd = 0;
  readonly tools = new Map<string, ToolStats>();

  /** A request made outside the loop (the memory recall's side request). */
  charge(usage: Usage, costUsd: number): void {
    this.tokens = addUsage(this.tokens, usage);
    this.costUsd += costUsd;
  }

  /** Adds one event of any agent of the run. */
  readonly listen = (event: RunEvent): void => {
    if (event.type === 'assistant') {
      this.tokens = addUsage(this.tokens, event.usage);
      this.costUsd += event.costUsd;
    } else if (event.type === 'compaction') {
      if (event.usage) this.tokens = addUsage(this.tokens, event.usage);
      this.costUsd += event.costUsd ?? 0;
    } else if (event.type === 'tool_end') {
      const { record } = event;
      const stats = this.tools.get(record.name) ?? { count: 0, totalMs: 0, errors: 0 };
      stats.count++;
      stats.totalMs += record.durationMs;
      if (record.isError) stats.errors++;
      this.tools.set(record.name, stats);
    }
  };
}
