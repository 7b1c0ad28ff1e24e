// Consolidation (seed 003 §5.6): in a scheduled or dispatched run, once at
// least a day and five memory-changing runs have passed since the last one,
// a fork of the agent merges memories that say the same thing, settles
// contradictions (the newer, or the one with the stronger reason, wins; the
// loser is removed, with a note in the commit message) and drops memories
// whose subject is gone — one commit, under a lock no second run can take.
// Whether it is due is read from the memory branch's last commit, whose
// trailers count the runs since the last consolidation: no model call, and
// no request of its own, when it is not.
import { jsonIn } from '../../core/answer-json.js';
import { sanitizeLine, sanitizeUntrusted } from '../../safety/sanitize.js';
import type { MemoryDraft } from './guard.js';
import { ageInWords, type Memory } from './store.js';

export const CONSOLIDATE_AFTER_MS = 24 * 3_600_000;
export const CONSOLIDATE_AFTER_RUNS = 5;
/** The share of the run's budget the consolidation may spend. */
export const CONSOLIDATE_BUDGET_SHARE = 0.1;
/** Of the memories, the consolidation is shown at most this many characters. */
const SHOWN_CHARS = 60_000;

const RUNS_TRAILER = 'Deckhand-Memory-Runs';
const CONSOLIDATED_TRAILER = 'Deckhand-Consolidated';

/** What the memory branch's last commit says: when it was last consolidated, and how many runs changed it since. */
export interface MemoryLedger {
  consolidatedAt?: string;
  runs: number;
}

/** The ledger in a commit message's trailers (a commit a person pushed has none: no runs counted, never consolidated). */
export function ledgerOf(message: string | undefined): MemoryLedger {
  const value = (name: string) => new RegExp(`^${name}:\\s*(\\S+)\\s*$`, 'm').exec(message ?? '')?.[1];
  const runs = Number(value(RUNS_TRAILER) ?? 0);
  const at = value(CONSOLIDATED_TRAILER);
  return { runs: Number.isInteger(runs) && runs >= 0 ? runs : 0, ...(at && !Number.isNaN(Date.parse(at)) ? { consolidatedAt: at } : {}) };
}

/** The trailers of the next memory commit: one more run since the last consolidation, or none after this one. */
export function ledgerTrailers(before: MemoryLedger, consolidatedAt?: string): string {
  const at = consolidatedAt ?? before.consolidatedAt;
  return [`${RUNS_TRAILER}: ${consolidatedAt ? 0 : before.runs + 1}`, ...(at ? [`${CONSOLIDATED_TRAILER}: ${at}`] : [])].join('\n');
}

/** Whether a consolidation is due, and if not, why not (for the log). */
export function dueOf(ledger: MemoryLedger, now: number): { due: true } | { due: false; why: string } {
  if (ledger.runs < CONSOLIDATE_AFTER_RUNS) return { due: false, why: `${ledger.runs} of ${CONSOLIDATE_AFTER_RUNS} memory-changing runs since the last consolidation` };
  if (ledger.consolidatedAt && now - Date.parse(ledger.consolidatedAt) < CONSOLIDATE_AFTER_MS) return { due: false, why: 'the last consolidation is less than a day old' };
  return { due: true };
}

/** The memories as the consolidation reads them, whole, oldest first, as many as fit. */
export function consolidationText(memories: readonly Memory[], now: number): string {
  const shown: string[] = [];
  let chars = 0;
  for (const memory of [...memories].sort((a, b) => a.updated.localeCompare(b.updated))) {
    const entry = `<memory name="${memory.name}" type="${memory.type}" author="@${sanitizeLine(memory.author)}" updated="${ageInWords(memory.updated, now)}">\ndescription: ${sanitizeLine(memory.description)}\n${sanitizeUntrusted(memory.body)}\n</memory>`;
    if (chars + entry.length > SHOWN_CHARS) break;
    shown.push(entry);
    chars += entry.length;
  }
  return shown.join('\n\n');
}

export interface Consolidation {
  remove: Array<{ name: string; why: string }>;
  update: MemoryDraft[];
}

/** The consolidation's answer, read by code: the last JSON object in it with `remove` and `update` lists. */
export function consolidationOf(answer: string): Consolidation {
  const found = jsonIn(answer, '{');
  const parsed: { remove?: unknown; update?: unknown } = typeof found === 'object' && found !== null ? found : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : []);
  return {
    remove: list(parsed.remove).map((entry) => ({ name: text(entry.name), why: text(entry.why) })).filter((entry) => entry.name !== ''),
    update: list(parsed.update).map((entry) => ({ name: text(entry.name), description: text(entry.description), type: text(entry.type), body: text(entry.body) })).filter((entry) => entry.name !== ''),
  };
}
