// TodoWrite: the agent's checklist, replaced whole by each call; the call's
// end carries the new list to the tracking comment.
import { z } from 'zod';
import { loadPrompt } from '../prompts/load.js';
import { defineTool } from './tool.js';

const todoSchema = z.object({
  content: z.string().min(1).describe('Imperative: Run the tests'),
  status: z.enum(['pending', 'in_progress', 'completed']),
  activeForm: z.string().optional().describe('Present continuous: Running the tests'),
});

const inputSchema = z.object({
  todos: z.array(todoSchema),
});

export const todoWriteTool = defineTool(
  { name: 'TodoWrite', description: loadPrompt('tools/TodoWrite.md'), inputSchema, traits: { harmless: true } },
  ({ checklist }) => ({
    async call(input) {
      checklist.todos = input.todos.map((todo) => ({ ...todo }));
      return {
        content:
          'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
        todos: checklist.todos,
      };
    },
  }),
);
