// Remember: saves a memory, checked by code first (knowledge/memory/guard.ts)
// — who asked, where the text comes from, secrets, what the instruction files
// already say, the store's rules — and staged for the commit to the memory
// branch when the run ends.
import { z } from 'zod';
import type { MemoryDesk } from '../knowledge/memory/desk.js';
import { MEMORY_TYPES } from '../knowledge/memory/store.js';
import { loadPrompt } from '../prompts/load.js';
import { defineTool, ToolError } from './tool.js';

const inputSchema = z.strictObject({
  name: z.string().describe('lowercase-words-with-hyphens; an existing name updates that memory'),
  description: z.string().describe('One line: what the memory is about'),
  type: z.enum(MEMORY_TYPES),
  body: z.string().describe('The memory; feedback and project memories end with a **Why:** line and a **How to apply:** line'),
});

export function createRememberTool(desk: MemoryDesk) {
  return defineTool({ name: 'Remember', description: loadPrompt('tools/Remember.md'), inputSchema, traits: { harmless: true } }, () => ({
    async call(input) {
      const saved = await desk.save(input);
      if ('refused' in saved) throw new ToolError(saved.refused);
      return { content: `${saved.updated ? 'Updated' : 'Saved'} the memory ${saved.memory.name}; it is committed to the memory branch when the run ends.` };
    },
  }));
}
