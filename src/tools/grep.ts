import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { loadPrompt } from '../prompts/load.js';
import { truncate } from '../truncate.js';
import { RipgrepTimeout, runRipgrep, vcsExcludes } from './ripgrep.js';
import { searchTarget, visibleToSearch } from './search-path.js';
import { defineTool, ToolError, type ToolDeps } from './tool.js';

export const GREP_DEFAULT_HEAD_LIMIT = 250;
/** Search results are many lines over many files: a tighter cap than other tools (seed 000). */
export const GREP_MAX_CHARS = 20_000;

// What each parameter does is in Grep.md, in one list: per-parameter descriptions would say it again.
const inputSchema = z.object({
  pattern: z.string(),
  path: z.string().optional(),
  glob: z.string().optional(),
  type: z.string().optional(),
  output_mode: z.enum(['content', 'files_with_matches', 'count']).optional(),
  '-i': z.boolean().optional(),
  '-n': z.boolean().optional(),
  '-A': z.number().int().min(0).optional(),
  '-B': z.number().int().min(0).optional(),
  '-C': z.number().int().min(0).optional(),
  context: z.number().int().min(0).optional(),
  multiline: z.boolean().optional(),
  head_limit: z.number().int().min(0).optional(),
  offset: z.number().int().min(0).optional(),
});

type GrepInput = z.infer<typeof inputSchema>;

/** Splits a glob argument on whitespace and on commas outside braces: "*.ts,*.{js,jsx}". */
export function splitGlobs(glob: string): string[] {
  const out: string[] = [];
  for (const word of glob.split(/\s+/).filter(Boolean)) {
    let depth = 0;
    let current = '';
    for (const ch of word) {
      if (ch === '{') depth++;
      if (ch === '}') depth = Math.max(0, depth - 1);
      if (ch === ',' && depth === 0) {
        if (current) out.push(current);
        current = '';
      } else current += ch;
    }
    if (current) out.push(current);
  }
  return out;
}

function ripgrepArgs(input: GrepInput, mode: NonNullable<GrepInput['output_mode']>, pathArg: string | undefined, hidden: readonly string[]): string[] {
  // A minified line is cut to its first 500 columns with a note, not sent whole.
  const args = ['--hidden', '--max-columns', '500', '--max-columns-preview', '--color', 'never'];
  // Paths end in NUL, so a path with ":" in it is still told apart from the line.
  args.push('--null');
  if (mode === 'files_with_matches') args.push('--files-with-matches');
  else if (mode === 'count') args.push('--count', '--with-filename');
  else {
    args.push('--with-filename', '--no-heading');
    if (input['-n'] !== false) args.push('--line-number');
    const around = input['-C'] ?? input.context;
    if (around !== undefined) args.push('-C', String(around));
    else {
      if (input['-A'] !== undefined) args.push('-A', String(input['-A']));
      if (input['-B'] !== undefined) args.push('-B', String(input['-B']));
    }
  }
  if (input['-i']) args.push('--ignore-case');
  if (input.multiline) args.push('--multiline', '--multiline-dotall');
  if (input.type) args.push('--type', input.type);
  for (const glob of input.glob ? splitGlobs(input.glob) : []) args.push('--glob', glob);
  // After the model's globs: in rg the last matching glob wins, and "*" would let .git back in
  // (or a file Read may not open, which a search must not show either).
  args.push(...hidden.flatMap((glob) => ['--glob', `!${glob}`]), ...vcsExcludes());
  // -e keeps a pattern that starts with "-" from being read as a flag.
  args.push('-e', input.pattern);
  if (pathArg) args.push('--', pathArg);
  return args;
}

interface FileFacts {
  mtimeMs: number;
  nlink: number;
}

// A stat loop is synchronous on purpose: for thousands of files it is several
// times faster than as many promises, and the tool is waiting for it anyway.
function factsOf(paths: Iterable<string>, root: string): Map<string, FileFacts> {
  const facts = new Map<string, FileFacts>();
  for (const path of paths) {
    if (facts.has(path)) continue;
    const found = statSync(resolve(root, path), { throwIfNoEntry: false });
    if (found) facts.set(path, { mtimeMs: found.mtimeMs, nlink: found.nlink });
  }
  return facts;
}

/**
 * A hard-linked file may share its contents with a file outside the checkout,
 * so search results leave it out, as Read refuses it; so are files Read may not open.
 */
function searchable(facts: Map<string, FileFacts>, visible: (path: string) => boolean): (path: string) => boolean {
  return (path) => (facts.get(path)?.nlink ?? 1) <= 1 && visible(path);
}

/** Newest first, so the files most likely being worked on come first. */
function byModified(files: string[], facts: Map<string, FileFacts>): string[] {
  const time = (file: string) => facts.get(file)?.mtimeMs ?? 0;
  return [...files].sort((a, b) => time(b) - time(a) || (a < b ? -1 : a > b ? 1 : 0));
}

/** A line of content or count output: `path\0rest`, or a `--` group separator (no path). */
interface OutputLine {
  path?: string;
  rest: string;
}

function parseLines(stdout: string): OutputLine[] {
  return stdout
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const nul = line.indexOf('\0');
      return nul < 0 ? { rest: line } : { path: line.slice(0, nul), rest: line.slice(nul + 1) };
    });
}

/** Back to rg's usual `path:12:text` (a match) or `path-13-text` (context) form. */
function formatLine(line: OutputLine, numbered: boolean): string {
  if (line.path === undefined) return line.rest;
  const context = numbered && /^\d+-/.test(line.rest);
  return `${line.path}${context ? '-' : ':'}${line.rest}`;
}

/**
 * The lines of each file, files in path order, leaving out the files `keep`
 * refuses. rg searches files in parallel and prints each file's lines together
 * but the files in a different order each run; paging with offset needs one order.
 */
function byFile(lines: OutputLine[], keep: (path: string) => boolean, separated: boolean): OutputLine[] {
  const blocks: Array<{ path: string; lines: OutputLine[] }> = [];
  let pending: OutputLine[] = [];
  for (const line of lines) {
    if (line.path === undefined) {
      pending.push(line); // a "--" between context groups: kept only inside one file's block
      continue;
    }
    const last = blocks.at(-1);
    if (last && last.path === line.path) last.lines.push(...pending, line);
    else blocks.push({ path: line.path, lines: [line] });
    pending = [];
  }
  const kept = blocks.filter((block) => keep(block.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return kept.flatMap((block, i) => (separated && i > 0 ? [{ rest: '--' }, ...block.lines] : block.lines));
}

function page<T>(items: T[], input: GrepInput): { items: T[]; note: string } {
  const offset = input.offset ?? 0;
  const limit = input.head_limit ?? GREP_DEFAULT_HEAD_LIMIT;
  const shown = limit === 0 ? items.slice(offset) : items.slice(offset, offset + limit);
  const cut = limit !== 0 && items.length - offset > limit;
  // The seed's form: the limit only when it cut something, the offset only when there was one.
  const parts = [...(cut ? [`limit: ${limit}`] : []), ...(offset > 0 ? [`offset: ${offset}`] : [])];
  return { items: shown, note: parts.length > 0 ? `[Showing results with pagination = ${parts.join(', ')}]` : '' };
}

function capped(text: string): string {
  return truncate(text, GREP_MAX_CHARS, () => `\n\n[Output truncated at ${GREP_MAX_CHARS} characters. Narrow the search, or page with offset and head_limit.]`);
}

async function grep(input: GrepInput, deps: ToolDeps, signal: AbortSignal): Promise<string> {
  const target = searchTarget(input.path, deps, { directoryOnly: false });
  const mode = input.output_mode ?? 'files_with_matches';
  let result;
  try {
    result = await runRipgrep(ripgrepArgs(input, mode, target.arg, deps.hiddenGlobs), { cwd: deps.root, signal });
  } catch (err) {
    if (err instanceof RipgrepTimeout) throw new ToolError(`Grep timed out: ${err.message}. Narrow it with path, glob or type.`);
    throw new ToolError(`Grep failed: ${(err as Error).message}`);
  }
  const visible = visibleToSearch(deps);
  const cutNote = result.cut ? '\n[The search produced too much output and was stopped early; narrow it.]' : '';
  if (mode === 'files_with_matches') {
    const found = result.stdout.split('\0').filter((path) => path.length > 0);
    const facts = factsOf(found, deps.root);
    const files = byModified(
      found.filter(searchable(facts, visible)),
      facts,
    );
    if (files.length === 0) return 'No files found';
    // As the reference tool counts: the files on this page (the note says when there are more).
    const { items, note } = page(files, input);
    return capped(`Found ${items.length} file${items.length === 1 ? '' : 's'}\n${items.join('\n')}${note ? `\n\n${note}` : ''}${cutNote}`);
  }
  const parsed = parseLines(result.stdout);
  const facts = factsOf(
    parsed.flatMap((line) => (line.path === undefined ? [] : [line.path])),
    deps.root,
  );
  const hasContext = mode === 'content' && [input['-A'], input['-B'], input['-C'], input.context].some((n) => n !== undefined && n > 0);
  const lines = byFile(parsed, searchable(facts, visible), hasContext);
  if (mode === 'count') {
    if (lines.length === 0) return 'No matches found';
    const { items: shown, note } = page(lines, input);
    const total = shown.reduce((sum, line) => sum + (Number(line.rest) || 0), 0);
    const items = shown.map((line) => formatLine(line, false));
    return capped(
      `${items.join('\n')}\n\nFound ${total} total occurrence${total === 1 ? '' : 's'} across ${shown.length} file${shown.length === 1 ? '' : 's'}.${note ? `\n${note}` : ''}${cutNote}`,
    );
  }
  if (lines.length === 0) return 'No matches found';
  const { items, note } = page(lines.map((line) => formatLine(line, input['-n'] !== false)), input);
  return capped(`${items.join('\n')}${note ? `\n\n${note}` : ''}${cutNote}`);
}

export const grepTool = defineTool(
  {
    name: 'Grep',
    description: loadPrompt('tools/Grep.md'),
    inputSchema,
    traits: { checkout: 'reads', clearable: true },
    isConcurrencySafe: () => true,
    target: (input) => ({ path: input.path ?? '.' }),
  },
  (deps) => ({
    call: async (input, { signal }) => ({ content: await grep(input, deps, signal) }),
  }),
);
