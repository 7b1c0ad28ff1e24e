// task mode: run the workflow's prompt on the repository (nightly maintenance,
// one-off chores). It posts no comment; its report goes to the job summary.
import { renderPrompt } from '../prompts/load.js';
import { ALL_TOOLS } from '../tools/index.js';
import type { Tool } from '../tools/tool.js';

export const taskMode = {
  name: 'task',
  tools: ALL_TOOLS as readonly Tool[],
  firstMessage: (prompt: string) => renderPrompt('modes/task.md', { prompt }),
};
