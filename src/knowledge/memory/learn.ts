// What the memory extraction proposes (agents/learn.md: a JSON array), read
// by code: at most LEARN_MAX memories, each saved through the desk's guard as
// taught by the author of the message it names — so a proposal that names no
// new message, or one from someone without write permission, is no memory.
import { jsonIn } from '../../core/answer-json.js';
import type { MemoryDesk } from './desk.js';
import { wordsOf, type MemoryDraft } from './guard.js';

/** The most memories one run learns. */
export const LEARN_MAX = 3;
/** The share of the run's budget the extraction may spend. */
export const LEARN_BUDGET_SHARE = 0.05;

/** The proposals in the extraction's answer: the last JSON array in it, its well-formed entries, at most LEARN_MAX. */
export function proposalsOf(answer: string): Array<MemoryDraft & { from: number }> {
  const parsed = jsonIn(answer, '[');
  if (!Array.isArray(parsed)) return [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return parsed
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .map((entry) => ({ from: Number(entry.from), name: text(entry.name), description: text(entry.description), type: text(entry.type), body: text(entry.body) }))
    .filter((entry) => Number.isInteger(entry.from) && entry.name !== '')
    .slice(0, LEARN_MAX);
}

/** Saves what the extraction proposed; gives back, for the log, what was saved and why the others were not. */
/** Words of four letters or more: what a memory and the message it came from should share. */
const contentWords = (text: string) => new Set(wordsOf(text).filter((word) => word.length >= 4));

/**
 * Whether the memory says something of the message it names: two of its
 * description's longer words, or a third of them, are in that message. A
 * steered extraction that names a maintainer's message for words it took
 * elsewhere (an outsider's, in the prefix it reads) has nothing to show.
 */
function saysWhatItCites(proposal: MemoryDraft, message: string): boolean {
  const said = contentWords(message);
  const words = [...contentWords(proposal.description)];
  const found = words.filter((word) => said.has(word)).length;
  return found >= 2 || (words.length > 0 && found / words.length >= 1 / 3);
}

export async function takeLearned(answer: string, desk: MemoryDesk, authors: ReadonlyMap<number, { login: string; url: string; text: string }>): Promise<string[]> {
  const lines: string[] = [];
  for (const proposal of proposalsOf(answer)) {
    const author = authors.get(proposal.from);
    if (!author) {
      lines.push(`Learned nothing from a proposal naming message ${proposal.from}: it is not one of the new messages from people with write permission.`);
      continue;
    }
    if (!saysWhatItCites(proposal, author.text)) {
      lines.push(`Did not learn "${proposal.name}": it does not say what message ${proposal.from} said, which it names as its source.`);
      continue;
    }
    const saved = await desk.save(proposal, { asker: { login: author.login, writes: true, isBot: false }, source: author.url });
    lines.push('refused' in saved ? `Did not learn "${proposal.name}": ${saved.refused}` : `Learned the memory ${saved.memory.name} from @${author.login}.`);
  }
  return lines;
}
