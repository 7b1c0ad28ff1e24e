// What every agent of a run adds to: the transcript (a sub-agent's entries
// tagged with its name), the run's tokens and cost, and its tool statistics.
import type { Terminal, ToolStats } from '../core/outcome.js';
import type { RunAccount } from './account.js';
import { addUsage, emptyTotals } from './cost.js';
import type { LoopEvent, ToolCallEvent } from './loop.js';
import type { TransitionReason } from './state.js';
import type { Transcript } from './transcript.js';

function textOf(content: ReadonlyArray<{ type: string; text?: string }>): string {
  return content
    .filter((block) => block.type === 'text' && block.text)
    .map((block) => block.text!)
    .join('\n\n')
    .trim();
}

/** What one agent's loop produced, as it was driven to its end. */
export interface Driven {
  terminal: Terminal;
  /** Its last text: the final answer, or what it wrote last when stopped early. */
  answer: string;
  /** The text of its last message alone (empty when that message had none). */
  final: string;
  turns: number;
}

/** What every agent of a run adds to: the transcript, the run's tokens, cost and tool statistics. */
export class RunLedger {
  tokens = emptyTotals();
  costUsd = 0;
  readonly tools = new Map<string, ToolStats>();
  readonly transitions: TransitionReason[] = [];
  readonly compactions: Array<'micro' | 'auto' | 'reactive'> = [];

  constructor(
    readonly transcript: Transcript,
    readonly account: RunAccount,
  ) {}

  /** Writes a tool call to the transcript when it starts and counts it when it ends; `agent` tags a sub-agent's. */
  toolCall(event: ToolCallEvent, agent?: string): void {
    const tag = agent ? { agent } : {};
    if (event.kind === 'start') {
      this.transcript.write({ type: 'tool_start', ...tag, turn: event.turn, id: event.id, name: event.name, input: event.input });
      return;
    }
    const { record } = event;
    const stats = this.tools.get(record.name) ?? { count: 0, totalMs: 0, errors: 0 };
    stats.count++;
    stats.totalMs += record.durationMs;
    if (record.isError) stats.errors++;
    this.tools.set(record.name, stats);
    this.transcript.write({ type: 'tool_call', ...tag, turn: event.turn, ...record });
  }

  /** Runs a loop to its end, writing down each of its events; `agent` tags a sub-agent's entries. */
  async drive(loop: AsyncGenerator<LoopEvent, Terminal>, agent?: string): Promise<Driven> {
    const tag = agent ? { agent } : {};
    let turns = 0;
    let answer = '';
    let final = '';
    for (;;) {
      const next = await loop.next();
      if (next.done) {
        this.transcript.write({ type: 'terminal', ...tag, ...next.value });
        return { terminal: next.value, answer, final, turns };
      }
      const event = next.value;
      if (event.type === 'assistant') {
        turns = event.turn;
        this.tokens = addUsage(this.tokens, event.usage);
        this.costUsd += event.costUsd;
        const text = textOf(event.content);
        final = text;
        if (text) answer = text;
        this.transcript.write({ type: 'request', ...tag, turn: event.turn, stopReason: event.stopReason, usage: event.usage, costUsd: event.costUsd, durationMs: event.durationMs });
        this.transcript.write({ type: 'message', ...tag, role: 'assistant', content: event.content });
      } else if (event.type === 'tool_results') {
        this.transcript.write({ type: 'message', ...tag, role: 'user', content: event.content });
      } else if (event.type === 'compaction') {
        // A summarising request is paid for like any other.
        if (event.usage) this.tokens = addUsage(this.tokens, event.usage);
        this.costUsd += event.costUsd ?? 0;
        this.compactions.push(event.kind);
        this.transcript.write({ ...event, ...tag, type: 'compaction' });
      } else {
        this.transitions.push(event.transition.reason);
        this.transcript.write({ type: 'transition', ...tag, ...event.transition });
      }
    }
  }
}

