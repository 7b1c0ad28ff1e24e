// Memory files as a maintainer or an earlier run leaves them on the memory
// branch, and the recall's side request picked out of the model's requests.
import type { RecordedRequest } from '../emulators/anthropic.js';

export interface MemorySpec {
  name: string;
  description: string;
  type?: 'user' | 'feedback' | 'project' | 'reference';
  author?: string;
  source?: string;
  /** ISO time; default a fixed day in the past. */
  updated?: string;
  body?: string;
}

const DAY = 86_400_000;

/** An ISO time `days` days before now. */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 60_000).toISOString();

/** A memory file's text, as store.ts writes one. */
export function memoryText(spec: MemorySpec): string {
  const type = spec.type ?? 'feedback';
  const updated = spec.updated ?? daysAgo(0);
  const body = spec.body ?? (type === 'feedback' || type === 'project' ? `${spec.description}\n\n**Why:** the team said so.\n**How to apply:** whenever it comes up.` : spec.description);
  return [
    '---',
    `name: ${spec.name}`,
    `description: ${JSON.stringify(spec.description)}`,
    `type: ${type}`,
    `source: ${spec.source ?? 'https://github.test/octo/widgets/pull/1#issuecomment-1'}`,
    `author: ${spec.author ?? 'alice'}`,
    `created: ${updated}`,
    `updated: ${updated}`,
    '---',
    '',
    body,
    '',
  ].join('\n');
}

/** The memory branch's files for these memories. */
export const memoryFiles = (specs: readonly MemorySpec[]) => Object.fromEntries(specs.map((spec) => [`${spec.name}.md`, memoryText(spec)]));

/** The recall's side request (a forced choose_memories call). */
export const isRecall = (body: any) => body?.tool_choice?.name === 'choose_memories';

/** The first message's text. */
export const firstText = (request: RecordedRequest) => request.body.messages[0].content[0].text as string;
