// PullRequestDiff: the patch of any file the pull request changes, on request.
// The first message is the index (every changed file by name, the patches that
// fit its budget); this tool gives the full text when asked, numbered and paged
// like Read so that a long patch is read the way a long file is. The patches are
// the PR author's text: only invisible characters are removed (code is shown as
// written, as in the first message), and the loop redacts the result as any other.
import { isAbsolute, posix, relative } from 'node:path';
import { z } from 'zod';
import type { ChangedFile } from '../core/context.js';
import { loadPrompt } from '../prompts/load.js';
import { coversFile } from '../safety/globs.js';
import { stripInvisible } from '../safety/invisible.js';
import { sanitizeLine } from '../safety/sanitize.js';
import { READ_DEFAULT_LINES, READ_MAX_TOKENS } from './read.js';
import { estimateTokens, numberLines } from './text-file.js';
import { defineTool, ToolError, type ToolKind } from './tool.js';

const inputSchema = z.object({
  path: z.string().describe('The path of a file this pull request changes, relative to the repository root, as the GitHub context names it'),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("The line of the patch to start reading from (1-based; line 1 is the patch's first @@ line). Only provide if the patch is too large to read at once"),
  limit: z.number().int().positive().optional().describe('The number of lines to read. Only provide if the patch is too large to read at once'),
});

/** The most changed files a folder's listing names (in the error for a folder); a subfolder narrows it. */
export const FOLDER_LIST_MAX = 200;
/** The most close matches an unchanged path's error names. */
const CLOSE_MATCHES = 3;

export interface PullRequestDiffOptions {
  /** Changed files left out of this review by the repository config (`review.ignore`). */
  ignored?: readonly string[];
}

function reminder(text: string): string {
  return `<system-reminder>${text}</system-reminder>`;
}

/** The file's heading, as the first message writes it: path (and where from), status, counts. */
function heading(file: ChangedFile): string {
  const from = file.previousPath ? ` (from ${sanitizeLine(file.previousPath)})` : '';
  return `${sanitizeLine(file.path)}${from} — ${file.status}, +${file.additions} −${file.deletions}`;
}

/** The path as the model named it, relative to the root with '/' separators ('' for the root). */
function asRelative(path: string, root: string): string {
  const rel = isAbsolute(path) ? relative(root, path) : path;
  const joined = posix.normalize(rel.replace(/\\/g, '/')).replace(/^(\.\/)+/, '');
  // Trailing slashes off, counted from the end (a pattern would rescan a run of them from each).
  let end = joined.length;
  while (end > 0 && joined[end - 1] === '/') end--;
  const normal = joined.slice(0, end);
  return normal === '.' ? '' : normal;
}

/** Characters the two paths share at their start plus at their end (not overlapping): a typo leaves both sides alike. */
function likeness(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let start = 0;
  while (start < max && a[start] === b[start]) start++;
  let end = 0;
  while (end < max - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return (start + end) / Math.max(a.length, b.length);
}

/** Changed paths the model may have meant: the same name in another folder first, then near spellings. */
function closeMatches(wanted: string, paths: readonly string[]): string[] {
  const lower = wanted.toLowerCase();
  const name = posix.basename(lower);
  const scored = paths
    .map((path) => {
      const candidate = path.toLowerCase();
      const score = candidate === lower ? 3 : posix.basename(candidate) === name ? 2 : likeness(lower, candidate);
      return { path, score };
    })
    .filter(({ score }) => score >= 0.75)
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
  return scored.slice(0, CLOSE_MATCHES).map(({ path }) => sanitizeLine(path));
}

/** The error for a path the pull request does not change: a folder lists its changed files, anything else names close matches. */
function notChangedMessage(shown: string, wanted: string, files: readonly ChangedFile[]): string {
  const prefix = wanted === '' ? '' : `${wanted}/`;
  const inside = files.filter((file) => file.path.startsWith(prefix)).map((file) => sanitizeLine(file.path));
  if (inside.length > 0) {
    const listed = inside.slice(0, FOLDER_LIST_MAX).map((path) => `- ${path}`);
    const more = inside.length > FOLDER_LIST_MAX ? `\n(and ${inside.length - FOLDER_LIST_MAX} more: give a subfolder to see them)` : '';
    return `${shown} is a folder, not a changed file. PullRequestDiff shows one file's patch: call it with one of the ${inside.length} changed files under ${wanted === '' ? 'the repository root' : shown}:\n${listed.join('\n')}${more}`;
  }
  const similar = closeMatches(wanted, files.map((file) => file.path));
  return (
    `${shown} is not changed by this pull request, so it has no diff (the pull request changes ${files.length} files, listed in the GitHub context). To see the file as it is, use Read.` +
    (similar.length > 0 ? ` Did you mean ${similar.join(', ')}?` : '')
  );
}

/** What to say for a file GitHub sent without a patch. */
function noPatchMessage(file: ChangedFile): string {
  if (file.additions + file.deletions === 0) {
    return file.previousPath
      ? `${heading(file)}\nThis file was moved from ${sanitizeLine(file.previousPath)} without changing its content: there is no patch.`
      : `${heading(file)}\nNo lines changed (an empty file, or only its mode changed): there is no patch.`;
  }
  return `${heading(file)}\nGitHub sends no patch for this file: it is binary, or its diff is too large to show. Read the file itself with Read if it is text and still exists.`;
}

/** The PullRequestDiff tool over this pull request's changed files (GitHubContext's `pull.files`). */
export function pullRequestDiffTool(files: readonly ChangedFile[], options: PullRequestDiffOptions = {}): ToolKind {
  // The model names a file as the first message showed it (its name sanitized), or by its old name.
  const byPath = new Map<string, ChangedFile>();
  for (const file of files) {
    byPath.set(file.path, file);
    byPath.set(sanitizeLine(file.path), byPath.get(sanitizeLine(file.path)) ?? file);
  }
  for (const file of files) {
    if (file.previousPath && !byPath.has(file.previousPath)) byPath.set(file.previousPath, file);
  }
  const ignored = new Set(options.ignored ?? []);

  return defineTool(
    {
      name: 'PullRequestDiff',
      description: loadPrompt('tools/PullRequestDiff.md'),
      inputSchema,
      traits: { harmless: true },
      isConcurrencySafe: () => true,
      target: (input) => ({ path: input.path }),
    },
    (deps) => ({
      async call(input) {
        const wanted = asRelative(input.path, deps.root);
        const shown = sanitizeLine(wanted) || '.';
        const file = byPath.get(wanted);
        if (!file) {
          if (ignored.has(wanted)) {
            throw new ToolError(`${shown} is changed by this pull request, but the repository config leaves it out of reviews (review.ignore), so its diff is not offered. Leave it out of the review too.`);
          }
          throw new ToolError(notChangedMessage(shown, wanted, files));
        }
        if (coversFile(deps.hiddenGlobs, file)) {
          throw new ToolError(`File is in a directory that is denied by your permission settings: a Read deny rule covers ${shown}, so its diff is not shown either.`);
        }
        if (file.patch === undefined || file.patch === '') return { content: noPatchMessage(file) };

        const lines = stripInvisible(file.patch).replace(/\n$/, '').split('\n').map((line) => line.replace(/\r$/, ''));
        const offset = Math.max(input.offset ?? 1, 1);
        if (offset > lines.length) {
          return { content: reminder(`Warning: the patch of ${sanitizeLine(file.path)} is shorter than the provided offset (${offset}). The patch has ${lines.length} lines.`) };
        }
        const page = lines.slice(offset - 1, offset - 1 + (input.limit ?? READ_DEFAULT_LINES));
        let body = numberLines(page, offset);
        const tokens = estimateTokens(body);
        if (tokens > READ_MAX_TOKENS) {
          throw new ToolError(
            `Patch content (${tokens} tokens) exceeds maximum allowed tokens (${READ_MAX_TOKENS}). Use offset and limit parameters to read specific portions of the patch.`,
          );
        }
        const lastShown = offset + page.length - 1;
        if (input.limit === undefined && lastShown < lines.length) {
          body += `\n\n(Showing lines ${offset}-${lastShown} of ${lines.length}. Use offset and limit to read more.)`;
        }
        return { content: `${heading(file)}\n${body}` };
      },
    }),
  );
}
