// What may become a memory, decided by code before anything is written — the
// prompt alone is not the guard, since a steered model would pass anything:
// who asked (write permission, a person), where the text comes from (never an
// outsider's comment, quoted or not), no secret, nothing CLAUDE.md or
// AGENTS.md already say, and the store's own rules (a name that is never a
// path, the reasons a feedback or project memory must give, the size and
// count caps, never a second memory for the same thing). Each refusal says
// which rule refused it.
import { bodyProblem, MAX_MEMORIES, MEMORY_MAX_BYTES, MEMORY_TYPES, nameProblem, type Memory, type MemoryType } from './store.js';

/** A proposed memory, as the model gives it. */
export interface MemoryDraft {
  name: string;
  description: string;
  type: string;
  body: string;
}

/** Someone whose words the run read: whether they may teach Deckhand. */
export interface Speaker {
  login: string;
  /** write, maintain or admin: their words may become memory. */
  writes: boolean;
  isBot: boolean;
}

export interface MemoryRules {
  /** Who asked for this memory (the comment's author), or who wrote what it was learned from. */
  asker: Speaker;
  /** What people without write permission wrote in what the run read: none of it may become memory. */
  outsiderTexts: ReadonlyArray<{ login: string; text: string }>;
  /** The repository's instruction files: what they say is not memory. */
  instructions: ReadonlyArray<{ path: string; text: string }>;
  /** The first secret in a text, described without its value, or undefined. */
  findSecret: (text: string) => string | undefined;
  /** The memories as they stand (with the run's changes so far). */
  memories: readonly Memory[];
}

/** A run of this many words shared with another text means one was taken from the other. */
const SHARED_WORDS = 8;
/** A sentence this long or longer, found whole in the other text, was taken from it. */
const MIN_COMPARED_WORDS = 5;
/** Two memories whose words overlap this much say the same thing. */
const SAME_THING = 0.6;

/** A text's words, lowercased, as the checks compare them. */
export const wordsOf = (text: string) => text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];

/** The sequences of words of `words`, `size` long, joined. */
function runsOf(words: readonly string[], size: number): Set<string> {
  const runs = new Set<string>();
  for (let i = 0; i + size <= words.length; i++) runs.add(words.slice(i, i + size).join(' '));
  return runs;
}

/**
 * Whether `taken` says what `from` said, word for word: a run of
 * SHARED_WORDS words in both; or a whole sentence of either, of
 * MIN_COMPARED_WORDS words or more, found in the other (a short rule copied
 * into a longer memory, or a short comment copied whole).
 */
export function sharesWords(taken: string, from: string): boolean {
  const a = wordsOf(taken);
  const b = wordsOf(from);
  if (a.length >= SHARED_WORDS && b.length >= SHARED_WORDS) {
    const runs = runsOf(b, SHARED_WORDS);
    for (let i = 0; i + SHARED_WORDS <= a.length; i++) if (runs.has(a.slice(i, i + SHARED_WORDS).join(' '))) return true;
  }
  const sentences = (text: string) => text.split(/[.!?;:\n]+/).map(wordsOf).filter((words) => words.length >= MIN_COMPARED_WORDS && words.length < SHARED_WORDS);
  const within = (sentence: readonly string[], words: readonly string[]) => runsOf(words, sentence.length).has(sentence.join(' '));
  return sentences(taken).some((sentence) => within(sentence, b)) || sentences(from).some((sentence) => within(sentence, a));
}

/** How much two texts' words overlap (Jaccard over their sets of words of 3 letters or more), 0 to 1. */
function overlap(a: string, b: string): number {
  const x = new Set(wordsOf(a).filter((w) => w.length >= 3));
  const y = new Set(wordsOf(b).filter((w) => w.length >= 3));
  if (x.size === 0 || y.size === 0) return 0;
  let both = 0;
  for (const word of x) if (y.has(word)) both++;
  return both / (x.size + y.size - both);
}

/** The memory most like `draft` under another name, if one says the same thing. */
export function sameThing(draft: MemoryDraft, memories: readonly Memory[]): Memory | undefined {
  let best: { memory: Memory; score: number } | undefined;
  for (const memory of memories) {
    if (memory.name === draft.name) continue;
    const score = Math.max(overlap(`${draft.description}`, memory.description), overlap(draft.body, memory.body));
    if (score >= SAME_THING && (!best || score > best.score)) best = { memory, score };
  }
  return best?.memory;
}

/** Why `draft` may not be saved, or undefined when it may. The reply quotes it. */
export function refusalOf(draft: MemoryDraft, rules: MemoryRules, fileBytes: number): string | undefined {
  const { asker } = rules;
  if (asker.isBot) return `Refused (who asked): @${asker.login} is a bot; only people with write permission teach Deckhand.`;
  if (!asker.writes) return `Refused (who asked): @${asker.login} does not have write permission; only people with write permission teach Deckhand.`;
  const all = `${draft.description}\n${draft.body}`;
  const secret = rules.findSecret(all);
  if (secret !== undefined) return `Refused (secret): the memory holds ${secret}; nothing was saved, and the value is not repeated here.`;
  const outsider = rules.outsiderTexts.find((said) => sharesWords(draft.body, said.text) || sharesWords(draft.description, said.text));
  if (outsider) return `Refused (where it comes from): its text is taken from @${outsider.login}'s comment, and @${outsider.login} does not have write permission; an outsider's words never become memory, even quoted.`;
  const instruction = rules.instructions.find((file) => sharesWords(draft.body, file.text));
  if (instruction) return `Refused (already said): ${instruction.path} already says this; memory keeps what the repository's files do not.`;
  const problem = nameProblem(draft.name) ?? (MEMORY_TYPES.includes(draft.type as MemoryType) ? undefined : `its type must be one of ${MEMORY_TYPES.join(', ')}`) ?? bodyProblem(draft.type as MemoryType, draft.body);
  if (problem !== undefined) return `Refused (format): ${problem}.`;
  if (draft.description.trim() === '') return 'Refused (format): it needs a one-line description.';
  if (fileBytes > MEMORY_MAX_BYTES) return `Refused (size): the memory's file would be ${fileBytes} bytes; at most ${MEMORY_MAX_BYTES}. Say it shorter.`;
  const existing = rules.memories.some((memory) => memory.name === draft.name);
  if (!existing && rules.memories.length >= MAX_MEMORIES) return `Refused (count): the store holds ${MAX_MEMORIES} memories, its most; forget one first.`;
  const same = existing ? undefined : sameThing(draft, rules.memories);
  if (same) return `Refused (duplicate): the memory "${same.name}" already says this ("${same.description}"). To change it, save it again under the name ${same.name}.`;
  return undefined;
}
