// Forget: removes a memory by name (the asker must have write permission),
// staged for the commit to the memory branch when the run ends.
import { z } from 'zod';
import type { MemoryDesk } from '../knowledge/memory/desk.js';
import { loadPrompt } from '../prompts/load.js';
import { defineTool, ToolError } from './tool.js';

const inputSchema = z.strictObject({ name: z.string().describe('The memory\'s name') });

export function createForgetTool(desk: MemoryDesk) {
  return defineTool({ name: 'Forget', description: loadPrompt('tools/Forget.md'), inputSchema, traits: { harmless: true } }, () => ({
    async call(input) {
      const forgotten = desk.forget(input.name);
      if ('refused' in forgotten) throw new ToolError(forgotten.refused);
      return { content: `Removed the memory ${forgotten.memory.name}; the removal is committed to the memory branch when the run ends.` };
    },
  }));
}
