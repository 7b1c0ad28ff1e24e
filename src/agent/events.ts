// One stream of what every agent of a run does: the loop's own events (each
// response, each tool call as it starts and ends, each batch of results, each
// transition and compaction), and each agent's start and end. The transcript,
// the totals (ledger.ts) and the tracking comment all listen to it; a
// sub-agent's events carry its name.
import type { MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { AgentKind, Terminal } from '../core/outcome.js';
import type { LoopEvent } from './loop.js';

export type RunEvent =
  | LoopEvent
  /** An agent starts: its model, its tools, its system prompt and first message; `details` go into the transcript's start entry. */
  | { type: 'start'; kind: AgentKind; model: string; tools: readonly string[]; system: TextBlockParam[]; prompt: MessageParam['content']; details: Record<string, unknown> }
  /** An agent ended, and why. */
  | ({ type: 'terminal' } & Terminal);

/** `agent`: the sub-agent whose event it is (verifier-1, explore-2…); absent for the main agent. */
export type Listener = (event: RunEvent, agent?: string) => void;

export class RunEvents {
  private readonly listeners: Listener[] = [];

  /** Listeners hear every event in the order they subscribed; the function returned stops one hearing them. */
  subscribe(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  emit(event: RunEvent, agent?: string): void {
    for (const listener of this.listeners) listener(event, agent);
  }
}

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

/** Runs a loop to its end, telling `events` each of its events; `agent` names a sub-agent. */
export async function drive(loop: AsyncGenerator<LoopEvent, Terminal>, events: RunEvents, agent?: string): Promise<Driven> {
  let turns = 0;
  let answer = '';
  let final = '';
  for (;;) {
    const next = await loop.next();
    if (next.done) {
      events.emit({ type: 'terminal', ...next.value }, agent);
      return { terminal: next.value, answer, final, turns };
    }
    const event = next.value;
    if (event.type === 'assistant') {
      turns = event.turn;
      final = textOf(event.content);
      if (final) answer = final;
    }
    events.emit(event, agent);
  }
}
