// Prompt-cache breakpoints (at most four a request). A run re-sends its whole
// history every turn, so the cost is in input tokens; with the breakpoints
// below, each request reads everything the previous one sent from the cache:
// - the end of the stable system sections (tools and the system text that is
//   the same for every run: shared between runs, too);
// - the last block of the newest message (written now, read next turn);
// - the last block of the message that was newest in the previous request
//   (where the previous request wrote), because the API looks back at most 20
//   blocks from a breakpoint and one turn can add more than that;
// - the first block of the first message: the fork point. A sub-agent forked
//   from the agent (the verifier, an explorer) sends the same tools, system
//   prompt and first block, then its own instructions (seed 004 §4.2.2), so
//   its first request reads the prefix the agent's first request wrote; the
//   breakpoint on every request keeps that entry alive for the forks to come.
// The markers are put on copies: the history itself never changes, so the
// same bytes go out every turn.
import type { ContentBlockParam, MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';

const EPHEMERAL = { type: 'ephemeral' } as const;

function markLast(message: MessageParam): MessageParam {
  if (typeof message.content === 'string') {
    return { ...message, content: [{ type: 'text', text: message.content, cache_control: EPHEMERAL }] } as MessageParam;
  }
  const content = [...message.content] as ContentBlockParam[];
  const last = content.length - 1;
  if (last < 0) return message;
  content[last] = { ...content[last]!, cache_control: EPHEMERAL } as ContentBlockParam;
  return { ...message, content } as MessageParam;
}

/** The system blocks with a breakpoint after the stable part (the first block). */
export function markSystem(system: readonly TextBlockParam[]): TextBlockParam[] {
  return system.map((block, i) => (i === 0 ? { ...block, cache_control: EPHEMERAL } : block));
}

/** The first message with a breakpoint on its first block (where forks of the agent part from it). */
function markForkPoint(message: MessageParam): MessageParam {
  if (typeof message.content === 'string' || message.content.length < 2) return markLast(message);
  const [first, ...rest] = message.content;
  return { ...message, content: [{ ...first!, cache_control: EPHEMERAL } as ContentBlockParam, ...rest] } as MessageParam;
}

/**
 * The messages with breakpoints on the newest message, on the user message
 * before it (the previous request's newest), and on the fork point.
 */
export function markMessages(messages: readonly MessageParam[]): MessageParam[] {
  const out = [...messages];
  const marked: number[] = [];
  for (let i = out.length - 1; i >= 0 && marked.length < 2; i--) {
    if (out[i]!.role === 'user') marked.push(i);
  }
  if (out.length > 0) out[0] = markForkPoint(out[0]!);
  for (const i of marked) out[i] = markLast(out[i]!);
  return out;
}
