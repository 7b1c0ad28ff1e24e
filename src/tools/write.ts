import { z } from 'zod';
import { loadPrompt } from '../prompts/load.js';
import { openForWrite, PathError } from '../safety/paths.js';
import { MODIFIED_SINCE_READ, NOT_READ, staleView, UNEXPECTEDLY_MODIFIED, wholeMs } from './file-state.js';
import { currentFile, readOpened, replaceContents, writablePath } from './file-write.js';
import { decodeText } from './text-file.js';
import { defineTool, ToolError } from './tool.js';

const inputSchema = z.object({
  file_path: z.string().describe('Absolute path'),
  content: z.string(),
});

export const writeTool = defineTool(
  {
    name: 'Write',
    description: loadPrompt('tools/Write.md'),
    inputSchema,
    traits: { checkout: 'writes' },
    target: (input) => ({ path: input.file_path }),
  },
  (deps) => ({
    async validateInput(input) {
      const path = writablePath(input.file_path, deps);
      const current = await currentFile(path, deps);
      if (!current) return { ok: true };
      const problem = staleView(deps.files.get(current.realPath), current.mtimeMs, () => decodeText(current.bytes).text, {
        requireWhole: true,
        modifiedMessage: MODIFIED_SINCE_READ,
      });
      return problem ? { ok: false, message: problem } : { ok: true };
    },
    async call(input) {
      const path = writablePath(input.file_path, deps);
      let opened;
      try {
        opened = await openForWrite(path, deps.root);
      } catch (err) {
        if (err instanceof PathError) throw new ToolError(err.message);
        throw err;
      }
      try {
        if (!opened.created) {
          // Checked again on the open descriptor, just before writing: something
          // may have changed the file since validation.
          const before = await readOpened(opened);
          const problem = staleView(deps.files.get(opened.realPath), opened.mtimeMs, () => decodeText(before).text, {
            requireWhole: true,
            modifiedMessage: UNEXPECTEDLY_MODIFIED,
          });
          if (problem) throw new ToolError(problem === NOT_READ ? NOT_READ : UNEXPECTEDLY_MODIFIED);
        }
        // Always LF: a whole-file write that inherited CRLF could quietly break shell scripts.
        const text = input.content.replace(/\r\n/g, '\n');
        const mtimeMs = await replaceContents(opened, Buffer.from(text, 'utf8'));
        deps.files.set(opened.realPath, { content: text, mtimeMs: wholeMs(mtimeMs), partial: false, fromRead: false, offset: 1, limit: undefined });
        return {
          content: opened.created ? `File created successfully at: ${path}` : `The file ${path} has been updated successfully.`,
        };
      } finally {
        await opened.handle.close();
      }
    },
  }),
);
