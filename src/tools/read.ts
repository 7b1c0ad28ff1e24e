import { z } from 'zod';
import { loadPrompt } from '../prompts/load.js';
import { openForRead, PathError, toAbsolute, isEndlessDevice } from '../safety/paths.js';
import { wholeMs } from './file-state.js';
import { missingFileMessage } from './missing-path.js';
import { binaryExtension, decodeText, estimateTokens, formatBytes, looksBinary, numberLines } from './text-file.js';
import { defineTool, ToolError, type ToolDeps } from './tool.js';

export const READ_DEFAULT_LINES = 2000;
/** Whole-file reads above this are refused before reading (seed 000: erroring is cheaper than truncating). */
export const READ_MAX_BYTES = 256 * 1024;
export const READ_MAX_TOKENS = 25_000;
/** Above this, a ranged read streams the file instead of loading it whole. */
const LOAD_WHOLE_BYTES = 8 * 1024 * 1024;

export const FILE_UNCHANGED =
  'File unchanged since last read. The content from the earlier Read tool_result in this conversation is still current — refer to that instead of re-reading.';

const inputSchema = z.object({
  file_path: z.string().describe('Absolute path'),
  offset: z.number().int().min(0).optional().describe('First line, 1-based'),
  limit: z.number().int().positive().optional().describe('Number of lines'),
});

type ReadInput = z.infer<typeof inputSchema>;

function reminder(text: string): string {
  return `<system-reminder>${text}</system-reminder>`;
}

/** Streams lines [start, start+count) of a large file; also counts all its lines. */
async function readRange(handle: import('node:fs/promises').FileHandle, start: number, count: number, utf16: boolean) {
  // Same encodings as decodeText: UTF-16LE by its BOM, else UTF-8 (either decoder drops its BOM).
  const decoder = new TextDecoder(utf16 ? 'utf-16le' : 'utf-8');
  const lines: string[] = [];
  let carry = '';
  let lineNo = 0;
  const buffer = Buffer.alloc(1024 * 1024);
  let position = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const chunk = carry + decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
    const parts = chunk.split('\n');
    carry = parts.pop() ?? '';
    for (const part of parts) {
      lineNo++;
      if (lineNo >= start && lines.length < count) lines.push(part.replace(/\r$/, ''));
    }
  }
  carry += decoder.decode();
  if (carry.length > 0) {
    lineNo++;
    if (lineNo >= start && lines.length < count) lines.push(carry.replace(/\r$/, ''));
  }
  return { lines, totalLines: lineNo };
}

async function readFile(input: ReadInput, deps: ToolDeps): Promise<string> {
  const path = toAbsolute(input.file_path, deps.root);
  const ext = binaryExtension(path);
  if (ext) {
    throw new ToolError(`This tool cannot read binary files. The file appears to be a binary .${ext} file. Please use appropriate tools for binary file analysis.`);
  }
  let opened;
  try {
    opened = await openForRead(path, [deps.root, deps.tempDir]);
  } catch (err) {
    if (err instanceof PathError) throw new ToolError(err.message);
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ToolError(missingFileMessage(path, deps.shell.cwd));
    throw err;
  }
  const { handle, realPath, size, mtimeMs } = opened;
  try {
    const offset = Math.max(input.offset ?? 1, 1);
    const limit = input.limit;
    if (limit === undefined && size > READ_MAX_BYTES) {
      throw new ToolError(
        `File content (${formatBytes(size)}) exceeds maximum allowed size (${formatBytes(READ_MAX_BYTES)}). Use offset and limit parameters to read specific portions of the file, or use Grep to search for specific content.`,
      );
    }

    const known = deps.files.get(realPath);
    if (known?.fromRead && known.offset === offset && known.limit === limit && known.mtimeMs === wholeMs(mtimeMs)) {
      return FILE_UNCHANGED;
    }

    const count = limit ?? READ_DEFAULT_LINES;
    let lines: string[];
    let totalLines: number;
    let wholeText: string | undefined;
    if (size <= LOAD_WHOLE_BYTES) {
      const buffer = await handle.readFile();
      if (looksBinary(buffer)) {
        throw new ToolError('This tool cannot read binary files. The file appears to be a binary file. Please use appropriate tools for binary file analysis.');
      }
      const { text } = decodeText(buffer);
      wholeText = text;
      const all = text.length === 0 ? [] : text.replace(/\n$/, '').split('\n');
      totalLines = all.length;
      lines = all.slice(offset - 1, offset - 1 + count);
    } else {
      const head = Buffer.alloc(8192);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      if (looksBinary(head.subarray(0, bytesRead))) {
        throw new ToolError('This tool cannot read binary files. The file appears to be a binary file. Please use appropriate tools for binary file analysis.');
      }
      const utf16 = bytesRead >= 2 && head[0] === 0xff && head[1] === 0xfe;
      ({ lines, totalLines } = await readRange(handle, offset, count, utf16));
    }

    if (size === 0 || totalLines === 0) {
      deps.files.set(realPath, { content: '', mtimeMs: wholeMs(mtimeMs), partial: false, fromRead: true, offset, limit });
      return reminder('Warning: the file exists but the contents are empty.');
    }
    if (offset > totalLines) {
      return reminder(`Warning: the file exists but is shorter than the provided offset (${offset}). The file has ${totalLines} lines.`);
    }

    let body = numberLines(lines, offset);
    const tokens = estimateTokens(body);
    if (tokens > READ_MAX_TOKENS) {
      throw new ToolError(
        `File content (${tokens} tokens) exceeds maximum allowed tokens (${READ_MAX_TOKENS}). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.`,
      );
    }
    const lastShown = offset + lines.length - 1;
    const partial = offset > 1 || lastShown < totalLines;
    if (limit === undefined && lastShown < totalLines) {
      body += `\n\n(Showing lines ${offset}-${lastShown} of ${totalLines}. Use offset and limit to read more.)`;
    }
    deps.files.set(realPath, {
      content: partial || wholeText === undefined ? '' : wholeText,
      mtimeMs: wholeMs(mtimeMs),
      partial: partial || wholeText === undefined,
      fromRead: true,
      offset,
      limit,
    });
    return body;
  } finally {
    await handle.close();
  }
}

export const readTool = defineTool(
  {
    name: 'Read',
    description: loadPrompt('tools/Read.md'),
    inputSchema,
    traits: { checkout: 'reads', ownSizeLimit: true, clearable: true },
    isConcurrencySafe: () => true,
    target: (input) => ({ path: input.file_path }),
  },
  (deps) => ({
    async validateInput(input) {
      if (isEndlessDevice(input.file_path)) {
        return { ok: false, message: `Cannot read '${input.file_path}': this device file would block or produce infinite output.` };
      }
      return { ok: true };
    },
    call: async (input) => ({ content: await readFile(input, deps) }),
  }),
);
