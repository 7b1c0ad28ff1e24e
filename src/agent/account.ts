// What a run may spend and what it has spent, shared by every agent of the
// run: the main agent, its verifiers and its explorers draw on the same
// max_turns and max_budget_usd, and each request is booked to the agent that
// made it, so the footer and the job summary can show who spent what.
import type { Usage } from '@anthropic-ai/sdk/resources/messages';
import { AGENT_KINDS, type AgentKind, type AgentUsage } from '../core/outcome.js';
import { addUsage, emptyTotals } from './cost.js';

export class RunAccount {
  /** Model responses so far, every agent's: what max_turns counts. */
  turns = 0;
  spentUsd = 0;
  private readonly kinds = new Map<AgentKind, AgentUsage>();

  constructor(
    readonly maxTurns: number,
    readonly maxBudgetUsd: number,
  ) {}

  private entry(kind: AgentKind): AgentUsage {
    let entry = this.kinds.get(kind);
    if (!entry) this.kinds.set(kind, (entry = { kind, agents: 0, turns: 0, tokens: emptyTotals(), costUsd: 0 }));
    return entry;
  }

  /** An agent of this kind has started. */
  started(kind: AgentKind): void {
    this.entry(kind).agents++;
  }

  /** A paid request: a turn, or a summarising request (`turn` false) that max_turns does not count. */
  charge(kind: AgentKind, usage: Usage, costUsd: number, turn: boolean): void {
    const entry = this.entry(kind);
    entry.tokens = addUsage(entry.tokens, usage);
    entry.costUsd += costUsd;
    this.spentUsd += costUsd;
    if (turn) {
      entry.turns++;
      this.turns++;
    }
  }

  /** The share of the budget not spent yet (0 to 1). */
  get budgetLeft(): number {
    return this.maxBudgetUsd <= 0 ? 0 : Math.max(0, 1 - this.spentUsd / this.maxBudgetUsd);
  }

  /** Usage by kind of agent, main first; kinds that never ran are left out. */
  get usage(): AgentUsage[] {
    return AGENT_KINDS.flatMap((kind) => {
      const entry = this.kinds.get(kind);
      return entry ? [{ ...entry, tokens: { ...entry.tokens } }] : [];
    });
  }
}
