// Which memories a run is given (seed 004 §5.2.3): with RECALL_ALL or fewer,
// all of them and no model call; otherwise one side request to a small model
// that sees the manifest — each memory's name, type, age and description,
// never its text — and the request the run answers, and picks at most
// RECALL_MAX with a JSON-schema answer (a forced tool call), none when unsure.
// The chosen memories go into the first message as data, each with its author,
// source and age, and the seed's freshness warning past a day.
import type { Usage } from '@anthropic-ai/sdk/resources/messages';
import type { ModelClient } from '../../core/model.js';
import { loadPrompt, renderPrompt } from '../../prompts/load.js';
import { stripInvisible } from '../../safety/invisible.js';
import { delimiterToken, sanitizeLine, sanitizeUntrusted } from '../../safety/sanitize.js';
import { clip } from '../../truncate.js';
import { ageInWords, freshnessWarning, type Memory } from './store.js';

/** Up to this many memories, all are recalled without asking a model. */
export const RECALL_ALL = 5;
/** The most memories one run is given. */
export const RECALL_MAX = 5;
/** Of the request a run answers, the recall model sees this much. */
const REQUEST_CHARS = 4_000;
const CHOOSE_TOOL = 'choose_memories';

export interface Recall {
  memories: Memory[];
  /** The side request, when there was one: what it cost is the run's. */
  request?: { model: string; usage: Usage };
}

/** A memory's line in the manifest the recall model chooses from. */
function manifestLine(memory: Memory, now: number): string {
  return `- ${memory.name} (${memory.type}, ${ageInWords(memory.updated, now)}): ${sanitizeLine(memory.description)}`;
}

/** The memories this run is given: all when there are few, else those the recall model picks for `task`. */
export async function recall(
  memories: readonly Memory[],
  task: string,
  ask: { client: ModelClient; model: string; signal: AbortSignal },
  now: number,
): Promise<Recall> {
  if (memories.length <= RECALL_ALL) return { memories: [...memories] };
  const names = memories.map((memory) => memory.name);
  const response = await ask.client.send(
    {
      model: ask.model,
      system: [{ type: 'text', text: loadPrompt('memory/recall-system.md') }],
      messages: [
        {
          role: 'user',
          content: renderPrompt('memory/recall.md', {
            task: clip(stripInvisible(task).trim(), REQUEST_CHARS),
            manifest: memories.map((memory) => manifestLine(memory, now)).join('\n'),
            max: String(RECALL_MAX),
          }),
        },
      ],
      tools: [
        {
          name: CHOOSE_TOOL,
          description: `The memories useful for this run: at most ${RECALL_MAX} names from the list, or none.`,
          input_schema: {
            type: 'object',
            properties: { names: { type: 'array', items: { type: 'string', enum: names }, maxItems: RECALL_MAX } },
            required: ['names'],
            additionalProperties: false,
          },
        },
      ],
      toolChoice: { type: 'tool', name: CHOOSE_TOOL },
      maxTokens: 256,
    },
    ask.signal,
  );
  const call = response.content.find((block) => block.type === 'tool_use' && block.name === CHOOSE_TOOL);
  const picked = call && call.type === 'tool_use' ? (call.input as { names?: unknown }).names : undefined;
  const chosen = new Set(Array.isArray(picked) ? picked.filter((name): name is string => typeof name === 'string').slice(0, RECALL_MAX) : []);
  return { memories: memories.filter((memory) => chosen.has(memory.name)), request: { model: ask.model, usage: response.usage } };
}

/** The recalled memories as a section of the first message: data the team wrote, each with who, where from and how old. */
export function memorySection(memories: readonly Memory[], branch: string, now: number): string {
  if (memories.length === 0) return '';
  const entries = memories.map((memory) => {
    const from = [`@${sanitizeLine(memory.author)}`, ageInWords(memory.updated, now), ...(memory.source ? [sanitizeLine(memory.source)] : [])].join(', ');
    const warning = freshnessWarning(memory.updated, now);
    return [`### ${memory.name} (${memory.type}) — ${from}`, sanitizeUntrusted(memory.body), ...(warning ? [`_${warning}_`] : [])].join('\n');
  });
  // Framed like the GitHub context: people wrote these, and the file on the branch may have been edited by anyone who can push to it.
  const data = entries.join('\n\n');
  const token = delimiterToken(data);
  return renderPrompt('memory/recalled.md', { branch, token, memories: data });
}

/** For a comment that asks to remember or forget: what may be saved, and every memory there is (so that one is updated, not repeated); or that memory is off. */
export function memoryRequestSection(desk: { memories: readonly Memory[] } | 'off'): string {
  if (desk === 'off') return loadPrompt('memory/off.md');
  const manifest = desk.memories.map((memory) => `- ${memory.name} (${memory.type}): ${sanitizeLine(memory.description)}`).join('\n');
  return renderPrompt('memory/asked.md', { manifest: manifest || '(none yet)' });
}
