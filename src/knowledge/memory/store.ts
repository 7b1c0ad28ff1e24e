// The memory store (seed 003 ch. 5): Markdown files with YAML frontmatter at
// the root of a branch of the repository, one per memory, and MEMORY.md, the
// index linking them — files people can read, edit and audit like any other,
// with git's history of who changed what.
import type { BranchTip, FolderEntry } from '../../github/api.js';
import { parseFrontmatter, withFrontmatter } from '../frontmatter.js';

export const MEMORY_TYPES = ['user', 'feedback', 'project', 'reference'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export const INDEX_FILE = 'MEMORY.md';
/** The index's caps (seed 003 §5.4): cut at the last whole line under both, with a line saying so. */
export const INDEX_MAX_LINES = 200;
export const INDEX_MAX_BYTES = 25_000;
/** The most memories a store holds, and the most bytes of one file. */
export const MAX_MEMORIES = 200;
export const MEMORY_MAX_BYTES = 4_000;
/** A memory's name: its file's name without ".md", never a path. */
export const MEMORY_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MEMORY_NAME_MAX = 64;
/** Types whose memories must say why and how to apply them: a conclusion without its reason is misapplied. */
const NEEDS_REASONS: ReadonlySet<MemoryType> = new Set(['feedback', 'project']);

export interface Memory {
  name: string;
  description: string;
  type: MemoryType;
  /** The URL of the comment or review it came from. */
  source: string;
  /** Who taught it (login). */
  author: string;
  /** ISO times. */
  created: string;
  updated: string;
  body: string;
}

/** The memory branch as a run found it: its last commit (none before the first memory) and its memories. */
export interface MemoryStore {
  branch: string;
  tip?: BranchTip;
  memories: Memory[];
  /** Its files as read (none before the branch exists). */
  files?: FolderEntry[];
  /** The consolidation's lock branch, when one exists. */
  lock?: BranchTip;
}

/** What is wrong with a memory's name, or undefined. */
export function nameProblem(name: string): string | undefined {
  if (name.length === 0 || name.length > MEMORY_NAME_MAX || !MEMORY_NAME.test(name)) {
    return `its name "${name}" must be 1 to ${MEMORY_NAME_MAX} lowercase letters, digits and single hyphens (a name, never a path)`;
  }
  return undefined;
}

/** What is wrong with a memory's text (its type's required lines), or undefined. */
export function bodyProblem(type: MemoryType, body: string): string | undefined {
  if (body.trim() === '') return 'it says nothing';
  if (NEEDS_REASONS.has(type) && !(/^\s*\*\*Why:\*\*\s*\S/m.test(body) && /^\s*\*\*How to apply:\*\*\s*\S/m.test(body))) {
    return `a ${type} memory needs a "**Why:**" line and a "**How to apply:**" line`;
  }
  return undefined;
}

const isoTime = (value: unknown): string | undefined => {
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : undefined;
  return text !== undefined && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : undefined;
};

/** A memory file's contents as a Memory, or what is wrong with it. */
export async function parseMemory(file: string, text: string): Promise<Memory | { problem: string }> {
  if (Buffer.byteLength(text) > MEMORY_MAX_BYTES) return { problem: `it is over ${MEMORY_MAX_BYTES} bytes` };
  const parsed = await parseFrontmatter(text);
  if ('problem' in parsed) return parsed;
  const { data } = parsed;
  const name = file.replace(/\.md$/, '');
  const problem =
    (data.name !== name ? `its frontmatter's name is not "${name}", its file's name` : undefined) ??
    (typeof data.description !== 'string' || data.description.trim() === '' ? 'it has no description' : undefined) ??
    (!MEMORY_TYPES.includes(data.type as MemoryType) ? `its type must be one of ${MEMORY_TYPES.join(', ')}` : undefined) ??
    (typeof data.author !== 'string' || data.author === '' ? 'it names no author' : undefined) ??
    (isoTime(data.created) === undefined || isoTime(data.updated) === undefined ? 'its created and updated must be dates' : undefined) ??
    bodyProblem(data.type as MemoryType, parsed.body);
  if (problem !== undefined) return { problem };
  return {
    name,
    description: (data.description as string).trim(),
    type: data.type as MemoryType,
    source: typeof data.source === 'string' ? data.source : '',
    author: data.author as string,
    created: isoTime(data.created)!,
    updated: isoTime(data.updated)!,
    body: parsed.body.trim(),
  };
}

/** The memories of a store's files as read: malformed files are skipped, each named in a warning. */
export async function readMemories(files: readonly FolderEntry[], warn: (message: string) => void): Promise<Memory[]> {
  const candidates = files.filter((entry) => entry.type === 'blob' && entry.name.endsWith('.md') && entry.name !== INDEX_FILE);
  const read = await Promise.all(
    candidates.map(async (entry) => {
      const problem = nameProblem(entry.name.replace(/\.md$/, '')) ?? (typeof entry.text === 'string' ? undefined : 'it is not text');
      const memory = problem === undefined ? await parseMemory(entry.name, entry.text!) : { problem };
      if ('problem' in memory) warn(`Skipped the memory file ${entry.name}: ${memory.problem}.`);
      return 'problem' in memory ? undefined : memory;
    }),
  );
  const memories = read.filter((memory): memory is Memory => memory !== undefined);
  if (memories.length > MAX_MEMORIES) warn(`The memory branch holds ${memories.length} memories; only the ${MAX_MEMORIES} updated last are used.`);
  return memories.sort((a, b) => b.updated.localeCompare(a.updated) || a.name.localeCompare(b.name)).slice(0, MAX_MEMORIES);
}

/** A memory's file: its frontmatter (the fields in a fixed order) and its text. */
export function memoryFile(memory: Memory): Promise<string> {
  const { name, description, type, source, author, created, updated, body } = memory;
  return withFrontmatter({ name, description, type, source, author, created, updated }, body);
}

/**
 * MEMORY.md: a line per memory — link, name, description — cut at the last
 * whole line under INDEX_MAX_LINES and INDEX_MAX_BYTES, with a line saying
 * how many were left out (never a silent cut).
 */
export function memoryIndex(memories: readonly Memory[]): string {
  const head = ['# Memory', '', "What Deckhand was taught in this repository, a file per memory. Edit or delete them here; Deckhand's runs read this branch.", ''];
  const lines = [...memories].sort((a, b) => a.name.localeCompare(b.name)).map((m) => `- [${m.name}](${m.name}.md) — ${m.description.replace(/\s+/g, ' ')}`);
  const note = (left: number) => `\n… ${left} more ${left === 1 ? 'memory is' : 'memories are'} not listed here: the index is cut at ${INDEX_MAX_LINES} lines and ${INDEX_MAX_BYTES} bytes.\n`;
  let text = `${head.join('\n')}\n`;
  let count = head.length;
  for (const [i, line] of lines.entries()) {
    const left = lines.length - i;
    // The line saying what was left out must fit under both caps too.
    const room = left > 1 ? Buffer.byteLength(note(left - 1)) + 1 : 0;
    if (count + 1 + (left > 1 ? 2 : 0) > INDEX_MAX_LINES || Buffer.byteLength(text) + Buffer.byteLength(line) + 1 + room > INDEX_MAX_BYTES) {
      return text + note(left);
    }
    text += `${line}\n`;
    count++;
  }
  return text;
}

/** How old a memory is, in words a model reasons about better than a date (seed 003 §5.8). */
export function ageInWords(iso: string, now: number): string {
  const days = Math.max(0, Math.floor((now - Date.parse(iso)) / 86_400_000));
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

/** For a memory older than a day, the seed's freshness warning. */
export function freshnessWarning(iso: string, now: number): string | undefined {
  const days = Math.floor((now - Date.parse(iso)) / 86_400_000);
  if (days <= 1) return undefined;
  return `This memory is ${days} days old. Memories are point-in-time observations, not live state — claims about code behavior or file:line citations may be outdated. Verify against current code before asserting as fact.`;
}
