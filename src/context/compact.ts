// Keeping a long run inside the model's context window, lightest first:
// - micro-compaction: older results of the clearable tools (Read, Bash, Grep
//   and Glob: the bulky, re-obtainable ones) are replaced by a fixed marker,
//   all but the newest few;
// - auto-compaction: near the window, one summarising request replaces the
//   history with the task and a summary of the work so far;
// - the simplest form, clearing every old tool result, stays as the last resort.
// A rewrite is done once and kept: the same bytes go out on every later turn,
// so the prompt cache matches again from the next request on.
import type { MessageParam, TextBlockParam, Tool as ApiTool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelClient, ModelResponse } from '../core/model.js';
import { loadPrompt } from '../prompts/load.js';
import { markMessages, markSystem } from './cache.js';

export const CLEARED_TOOL_RESULT = '[Old tool result content cleared]';

/** Clearable results kept intact by micro-compaction. */
export const KEEP_RECENT_RESULTS = 5;

/** Rough tokens of a value as sent (about four characters a token). */
export function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / 4);
}

/** The name of the tool behind each tool_use id, from the assistant messages. */
function toolNames(messages: readonly MessageParam[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const block of message.content) if (block.type === 'tool_use') names.set(block.id, block.name);
  }
  return names;
}

/**
 * Clears tool results except the newest `keepRecent`; with `only`, just the
 * results of those tools. Returns new messages (the input is not changed).
 */
export function clearOldToolResults(
  messages: readonly MessageParam[],
  keepRecent: number,
  only?: ReadonlySet<string>,
  opts: { keepNewestMessage?: boolean } = {},
): { messages: MessageParam[]; cleared: number } {
  const names = only ? toolNames(messages) : undefined;
  const positions: Array<[number, number]> = [];
  // The newest message holds results the model has not seen yet: never cleared when asked so.
  const newest = opts.keepNewestMessage ? messages.length - 1 : -1;
  messages.forEach((message, m) => {
    if (message.role !== 'user' || typeof message.content === 'string') return;
    message.content.forEach((block, b) => {
      if (block.type !== 'tool_result' || block.content === CLEARED_TOOL_RESULT) return;
      if (names && !only!.has(names.get(block.tool_use_id) ?? '')) return;
      positions.push([m, b]);
    });
  });
  const toClear = positions.slice(0, Math.max(0, positions.length - keepRecent)).filter(([m]) => m !== newest);
  if (toClear.length === 0) return { messages: [...messages], cleared: 0 };
  const out = [...messages];
  for (const [m, b] of toClear) {
    const content = [...(out[m]!.content as ToolResultBlockParam[])];
    content[b] = { ...content[b]!, content: CLEARED_TOOL_RESULT };
    out[m] = { role: 'user', content };
  }
  return { messages: out, cleared: toClear.length };
}

/**
 * Micro-compaction: old results of the clearable tools (those the model can
 * always run again: Read, Bash, Grep, Glob) cleared, the newest few kept, and
 * every result of the last turn.
 */
export function microCompact(messages: readonly MessageParam[], clearable: ReadonlySet<string>): { messages: MessageParam[]; cleared: number } {
  return clearOldToolResults(messages, KEEP_RECENT_RESULTS, clearable, { keepNewestMessage: true });
}

export interface Summary {
  messages: MessageParam[];
  response: ModelResponse;
}

/** A summarising request that was answered (and paid for) but said nothing. */
export class EmptySummaryError extends Error {
  constructor(readonly response: ModelResponse) {
    super('the summary came back empty');
  }
}

/** The framing text that starts a summary block (src/prompts/context/compacted.md). */
const summaryHeading = () => loadPrompt('context/compacted.md');

/**
 * Auto-compaction: asks the model for a summary of the run so far and returns
 * the history that replaces the old one: the first message (the task, as it
 * was given — without any earlier summary) and the new summary. The request
 * carries the same cache breakpoints as a turn, so it reads the history from
 * the prompt cache. Throws when the request fails or says nothing.
 */
export async function summarize(
  model: ModelClient,
  request: { model: string; system: TextBlockParam[]; tools: ApiTool[]; maxTokens: number },
  messages: readonly MessageParam[],
  signal: AbortSignal,
): Promise<Summary> {
  const ask: MessageParam = { role: 'user', content: [{ type: 'text', text: loadPrompt('context/compact.md') }] };
  // The request ends with a user message: the history must too (a tool-use turn is always answered).
  const history = messages.at(-1)?.role === 'user' ? mergeUser(messages, ask) : [...messages, ask];
  const response = await model.send({ ...request, system: markSystem(request.system), messages: markMessages(history) }, signal);
  const text = response.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n').trim();
  if (!text) throw new EmptySummaryError(response);
  const first = messages[0];
  const task = first && first.role === 'user' ? (typeof first.content === 'string' ? [{ type: 'text' as const, text: first.content }] : first.content) : [];
  const heading = summaryHeading();
  return {
    response,
    messages: [
      {
        role: 'user',
        content: [
          // The task as given; an earlier summary is left out (the new one covers it).
          ...task.filter((block) => block.type === 'text' && !block.text.startsWith(heading)),
          { type: 'text', text: `${heading}\n\n${text}` },
        ],
      },
    ],
  };
}

function mergeUser(messages: readonly MessageParam[], ask: MessageParam): MessageParam[] {
  const out = [...messages];
  const last = out.at(-1)!;
  const content = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content;
  out[out.length - 1] = { role: 'user', content: [...(content as ToolResultBlockParam[]), ...(ask.content as TextBlockParam[])] } as MessageParam;
  return out;
}
