// The JSONL record of a run: every request's usage, every message, every tool
// call with its decision, every transition. Written line by line as it happens,
// so a run killed half-way still leaves what it did.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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
