import { z } from 'zod';
import { loadPrompt } from '../prompts/load.js';
import { openForWrite, PathError } from '../safety/paths.js';
import { MODIFIED_SINCE_READ, staleView, UNEXPECTEDLY_MODIFIED, wholeMs } from './file-state.js';
import { currentFile, readOpened, replaceContents, writablePath } from './file-write.js';
import { missingFileMessage } from './missing-path.js';
import { decodeText, encodeText, numberLines, type TextFormat } from './text-file.js';
import { defineTool, ToolError, type ToolDeps } from './tool.js';

export const EDIT_MAX_BYTES = 1024 ** 3;

const inputSchema = z.object({
  file_path: z.string().describe('Absolute path'),
  old_string: z.string(),
  new_string: z.string(),
  replace_all: z.boolean().default(false),
});

type EditInput = z.infer<typeof inputSchema>;

const normalizeQuotes = (s: string) => s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');

/**
 * The text in the file that `search` means: itself, or — when the file uses
 * typographic quotes and the model typed straight ones — the curly-quoted original.
 */
function findActual(text: string, search: string): string | undefined {
  if (text.includes(search)) return search;
  const index = normalizeQuotes(text).indexOf(normalizeQuotes(search));
  return index >= 0 ? text.slice(index, index + search.length) : undefined;
}

/** Gives straight quotes in `replacement` the curly style the matched text used. */
function matchQuoteStyle(replacement: string, matched: string): string {
  const curlyDouble = /[\u201c\u201d]/.test(matched);
  const curlySingle = /[\u2018\u2019]/.test(matched);
  let out = '';
  for (let i = 0; i < replacement.length; i++) {
    const ch = replacement[i]!;
    const prev = i === 0 ? '' : replacement[i - 1]!;
    const opening = prev === '' || /[\s([{\u2014-]/.test(prev);
    if (ch === '"' && curlyDouble) out += opening ? '\u201c' : '\u201d';
    else if (ch === "'" && curlySingle) out += /\p{L}/u.test(prev) ? '\u2019' : opening ? '\u2018' : '\u2019';
    else out += ch;
  }
  return out;
}

function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let i = text.indexOf(search); i >= 0; i = text.indexOf(search, i + search.length)) count++;
  return count;
}

interface PlannedEdit {
  text: string;
  /** Where the first replacement starts in the new text, and how long it is. */
  at: number;
  length: number;
}

/** Applies the edit to `text`, or throws the error the model needs. */
function planEdit(text: string, input: EditInput): PlannedEdit {
  const oldString = input.old_string.replace(/\r\n/g, '\n');
  const newString = input.new_string.replace(/\r\n/g, '\n');
  if (oldString === '') {
    if (hasContent(text)) throw new ToolError('Cannot create new file - file already exists.');
    return { text: newString, at: 0, length: newString.length };
  }
  const actual = findActual(text, oldString);
  if (actual === undefined) throw new ToolError(`String to replace not found in file.\nString: ${input.old_string}`);
  const matches = countOccurrences(text, actual);
  if (matches > 1 && !input.replace_all) {
    throw new ToolError(
      `Found ${matches} matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: ${input.old_string}`,
    );
  }
  const replacement = actual === oldString ? newString : matchQuoteStyle(newString, actual);
  const at = text.indexOf(actual);
  const next = input.replace_all ? text.split(actual).join(replacement) : text.slice(0, at) + replacement + text.slice(at + actual.length);
  return { text: next, at, length: replacement.length };
}

/** A file of only whitespace counts as empty: an empty old_string may fill it. */
const hasContent = (text: string) => text.trim() !== '';

/** A few numbered lines around the change, so the model sees the result without a re-read. */
function snippet(edit: PlannedEdit): string {
  // Numbered as Read numbers them: the newline that ends the file starts no line.
  const lines = edit.text.replace(/\n$/, '').split('\n');
  const firstChanged = edit.text.slice(0, edit.at).split('\n').length;
  // A replacement that ends its last line does not reach into the next one.
  const changed = edit.text.slice(edit.at, edit.at + edit.length).replace(/\n$/, '');
  const lastChanged = firstChanged + changed.split('\n').length - 1;
  const from = Math.max(1, firstChanged - 4);
  const to = Math.min(lines.length, lastChanged + 4);
  return numberLines(lines.slice(from - 1, to), from);
}

async function check(input: EditInput, deps: ToolDeps): Promise<void> {
  if (input.old_string === input.new_string) {
    throw new ToolError('No changes to make: old_string and new_string are exactly the same.');
  }
  const path = writablePath(input.file_path, deps);
  const current = await currentFile(path, deps, EDIT_MAX_BYTES);
  if (!current) {
    if (input.old_string === '') return;
    throw new ToolError(missingFileMessage(path, deps.shell.cwd));
  }
  if (current.size > EDIT_MAX_BYTES) {
    throw new ToolError(`File is too large to edit (${(current.size / 1024 ** 3).toFixed(2)} GB). Maximum editable file size is 1.00 GiB.`);
  }
  if (path.toLowerCase().endsWith('.ipynb')) {
    // The seed's message; there is no NotebookEdit here, so say what works instead.
    throw new ToolError('File is a Jupyter Notebook. Use the NotebookEdit to edit this file. (NotebookEdit is not available here: Read the notebook whole and Write it back.)');
  }
  const { text } = decodeText(current.bytes);
  if (input.old_string === '' && hasContent(text)) throw new ToolError('Cannot create new file - file already exists.');
  if (!(input.old_string === '' && !hasContent(text))) {
    // Like Write: a file seen only in part may not be edited (seed 000, Edit error 6).
    const problem = staleView(deps.files.get(current.realPath), current.mtimeMs, () => text, {
      requireWhole: true,
      modifiedMessage: MODIFIED_SINCE_READ,
    });
    if (problem) throw new ToolError(problem);
  }
  planEdit(text, input);
}

export const editTool = defineTool(
  {
    name: 'Edit',
    description: loadPrompt('tools/Edit.md'),
    inputSchema,
    traits: { checkout: 'writes' },
    target: (input) => ({ path: input.file_path }),
  },
  (deps) => ({
    async validateInput(input) {
      try {
        await check(input, deps);
        return { ok: true };
      } catch (err) {
        if (err instanceof ToolError) return { ok: false, message: err.message };
        throw err;
      }
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
        const { text, format } = opened.created
          ? { text: '', format: { encoding: 'utf8', bom: false, lineEnding: 'LF' } as TextFormat }
          : decodeText(await readOpened(opened));
        if (!opened.created && !(input.old_string === '' && !hasContent(text))) {
          const problem = staleView(deps.files.get(opened.realPath), opened.mtimeMs, () => text, {
            requireWhole: true,
            modifiedMessage: UNEXPECTEDLY_MODIFIED,
          });
          if (problem) throw new ToolError(problem);
        }
        const edit = planEdit(text, input);
        const mtimeMs = await replaceContents(opened, encodeText(edit.text, format));
        deps.files.set(opened.realPath, {
          content: edit.text,
          mtimeMs: wholeMs(mtimeMs),
          partial: false,
          fromRead: false,
          offset: 1,
          limit: undefined,
        });
        if (opened.created) return { content: `File created successfully at: ${path}` };
        const done = input.replace_all
          ? `The file ${path} has been updated. All occurrences were successfully replaced.`
          : `The file ${path} has been updated successfully.`;
        return { content: `${done}\n\nHere's the result of running \`cat -n\` on a snippet of the edited file:\n${snippet(edit)}` };
      } finally {
        await opened.handle.close();
      }
    },
  }),
);
