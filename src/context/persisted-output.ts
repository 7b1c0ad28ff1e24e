// A tool result too large to keep in the conversation is saved to a file under
// the action's temp folder (which Read may open) and replaced by a short
// preview and the path — once, so the same bytes go out on every later turn.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolResultBlock } from '../tools/tool.js';
import { formatBytes } from '../tools/text-file.js';
import { headOf } from '../truncate.js';

export const PERSIST_ABOVE_CHARS = 50_000;
export const PREVIEW_CHARS = 2_000;

export function persistLargeResult(result: ToolResultBlock, tempDir: string): ToolResultBlock {
  if (result.content.length <= PERSIST_ABOVE_CHARS) return result;
  const dir = join(tempDir, 'tool-results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${result.tool_use_id.replace(/[^A-Za-z0-9_-]/g, '_')}.txt`);
  writeFileSync(path, result.content);
  const preview = headOf(result.content, PREVIEW_CHARS);
  const content = [
    '<persisted-output>',
    `Output too large (${formatBytes(Buffer.byteLength(result.content))}). Full output saved to: ${path}`,
    'Read it with offset and limit, or search it with Grep, to see the rest.',
    '',
    `Preview (first ${PREVIEW_CHARS} characters):`,
    preview,
    '</persisted-output>',
  ].join('\n');
  return { ...result, content };
}
