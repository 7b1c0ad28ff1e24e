import { bashTool } from './bash.js';
import { editTool } from './edit.js';
import { globTool } from './glob.js';
import { grepTool } from './grep.js';
import { readTool } from './read.js';
import { todoWriteTool } from './todo-write.js';
import type { ToolKind } from './tool.js';
import { writeTool } from './write.js';

/** Every tool the agent core has, by name. Modes choose which of them a run offers. */
export const ALL_TOOLS: readonly ToolKind[] = [readTool, writeTool, editTool, globTool, grepTool, bashTool, todoWriteTool];
