// Making room when the conversation no longer fits. This is the simple,
// local form: the content of older tool results is replaced by a fixed marker
// (always the same bytes, so the prompt cache keeps matching what came before).
import type { MessageParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';

export const CLEARED_TOOL_RESULT = '[Old tool result content cleared]';

/**
 * Clears every tool result except the newest `keepRecent`. Returns new
 * messages (the input is not changed) and how many results were cleared.
 */
export function clearOldToolResults(messages: readonly MessageParam[], keepRecent: number): { messages: MessageParam[]; cleared: number } {
  const positions: Array<[number, number]> = [];
  messages.forEach((message, m) => {
    if (message.role !== 'user' || typeof message.content === 'string') return;
    message.content.forEach((block, b) => {
      if (block.type === 'tool_result' && block.content !== CLEARED_TOOL_RESULT) positions.push([m, b]);
    });
  });
  const toClear = positions.slice(0, Math.max(0, positions.length - keepRecent));
  if (toClear.length === 0) return { messages: [...messages], cleared: 0 };
  const out = [...messages];
  for (const [m, b] of toClear) {
    const message = out[m]!;
    const content = [...(message.content as ToolResultBlockParam[])];
    content[b] = { ...content[b]!, content: CLEARED_TOOL_RESULT };
    out[m] = { role: 'user', content };
  }
  return { messages: out, cleared: toClear.length };
}
