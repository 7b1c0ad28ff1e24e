// The JSONL record of a run: every request's usage, every message, every tool
// call with its decision, every transition. Written line by line as it happens,
// so a run killed half-way still leaves what it did.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Listener } from './events.js';

export class Transcript {
  /** `redact` is applied to every line: the transcript is an output of the run like any other. */
  constructor(
    readonly path: string,
    private readonly redact: (text: string) => string = (text) => text,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '');
  }

  write(entry: { type: string } & Record<string, unknown>): void {
    appendFileSync(this.path, this.redact(JSON.stringify({ at: new Date().toISOString(), ...entry })) + '\n');
  }
}

/** The transcript as a listener of the run's events: each event as the entries it is written as. */
export function transcriptOf(transcript: Transcript): Listener {
  return (event, agent) => {
    const tag = agent ? { agent } : {};
    switch (event.type) {
      case 'start':
        transcript.write({ type: 'start', ...tag, model: event.model, tools: event.tools, ...event.details });
        transcript.write({ type: 'system', ...tag, content: event.system });
        transcript.write({ type: 'message', ...tag, role: 'user', content: event.prompt });
        return;
      case 'assistant':
        transcript.write({ type: 'request', ...tag, turn: event.turn, stopReason: event.stopReason, usage: event.usage, costUsd: event.costUsd, durationMs: event.durationMs });
        transcript.write({ type: 'message', ...tag, role: 'assistant', content: event.content });
        return;
      case 'tool_results':
        transcript.write({ type: 'message', ...tag, role: 'user', content: event.content });
        return;
      case 'tool_start':
        transcript.write({ type: 'tool_start', ...tag, turn: event.turn, id: event.id, name: event.name, input: event.input });
        return;
      case 'tool_end':
        transcript.write({ type: 'tool_call', ...tag, turn: event.turn, ...event.record });
        return;
      case 'compaction':
        transcript.write({ ...event, ...tag, type: 'compaction' });
        return;
      case 'transition':
        transcript.write({ type: 'transition', ...tag, ...event.transition });
        return;
      case 'terminal': {
        const { type: _type, ...terminal } = event;
        transcript.write({ type: 'terminal', ...tag, ...terminal });
        return;
      }
    }
  };
}
