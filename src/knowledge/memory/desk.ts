// A run's memory changes, staged while it works and committed to the memory
// branch once it ends (publish): each save or removal has passed the guard
// (guard.ts) when it is staged, so what reaches the branch is only what the
// code allowed.
import { refusalOf, type MemoryDraft, type MemoryRules, type Speaker } from './guard.js';
import { memoryFile, type Memory, type MemoryType } from './store.js';

export class MemoryDesk {
  /** Saved (new or updated) and removed, by name; a later change of the same memory replaces an earlier one. */
  readonly saved = new Map<string, Memory>();
  readonly removed = new Map<string, Memory>();
  /** What the person who asked was refused, and why, in order: the reply says which rule refused each (a learned memory's refusal goes to the log). */
  readonly refused: Array<{ name: string; why: string }> = [];
  /** Why a memory was removed, for the commit message (the consolidation's reasons). */
  readonly notes = new Map<string, string>();
  /** Set when the changes are a consolidation: the commit says when, and counts no run. */
  consolidatedAt?: string;
  private readonly current: Map<string, Memory>;

  constructor(
    readonly rules: Omit<MemoryRules, 'memories'>,
    memories: readonly Memory[],
    /** The URL of what taught it (the comment that asked). */
    readonly source: string,
    private readonly now: () => string,
  ) {
    this.current = new Map(memories.map((memory) => [memory.name, memory]));
  }

  /** The memories as they stand with this run's changes. */
  get memories(): Memory[] {
    return [...this.current.values()];
  }

  /** There is something to commit: a change, or a consolidation (which the commit records even when it changed nothing). */
  get changed(): boolean {
    return this.saved.size + this.removed.size > 0 || this.consolidatedAt !== undefined;
  }

  /**
   * Saves the draft (a new memory, or the one of that name updated), or says
   * why it may not be; `by`: who taught it and where, when not the comment
   * that asked (a memory the extraction learned from someone's message).
   */
  async save(draft: MemoryDraft, by?: { asker: Speaker; source: string }): Promise<{ memory: Memory; updated: boolean } | { refused: string }> {
    const clean = { ...draft, name: draft.name.trim(), description: draft.description.trim(), body: draft.body.trim() };
    const before = this.current.get(clean.name);
    const at = this.now();
    const asker = by?.asker ?? this.rules.asker;
    const memory: Memory = {
      name: clean.name,
      description: clean.description.replace(/\s+/g, ' '),
      type: clean.type as MemoryType,
      source: by?.source ?? this.source,
      author: asker.login,
      created: before?.created ?? at,
      updated: at,
      body: clean.body,
    };
    const bytes = Buffer.byteLength(await memoryFile(memory));
    const refused = refusalOf(clean, { ...this.rules, asker, memories: this.memories }, bytes);
    if (refused !== undefined) {
      if (!by) this.refused.push({ name: clean.name, why: refused });
      return { refused };
    }
    this.current.set(memory.name, memory);
    this.saved.set(memory.name, memory);
    this.removed.delete(memory.name);
    return { memory, updated: before !== undefined };
  }

  /** Removes the memory of that name, or says why it may not; `why` goes into the commit message. A consolidation (`asker` undefined) answers to the workflow. */
  forget(name: string, why?: string, consolidating = false): { memory: Memory } | { refused: string } {
    const { asker } = this.rules;
    if (!consolidating && (asker.isBot || !asker.writes)) return { refused: `Refused (who asked): @${asker.login} does not have write permission; only people with write permission change Deckhand's memory.` };
    const memory = this.current.get(name.trim());
    if (!memory) {
      const names = [...this.current.keys()];
      return { refused: `No memory is named "${name}".${names.length > 0 ? ` The memories are: ${names.join(', ')}.` : ' There are no memories.'}` };
    }
    this.current.delete(memory.name);
    this.saved.delete(memory.name);
    this.removed.set(memory.name, memory);
    if (why) this.notes.set(memory.name, why);
    return { memory };
  }
}

/** A run's memory changes: where they are staged, whether the comment asked for them, and what the extraction may learn from. */
export interface MemoryWork {
  desk: MemoryDesk;
  /** The comment asks to remember or forget: the agent has Remember and Forget. */
  asked: boolean;
  /** New messages from people with write permission: the extraction reads them, and each memory it proposes is theirs. */
  learn?: { messages: string; authors: Map<number, { login: string; url: string; text: string }> };
  /** A consolidation is due and this run holds its lock (the branch named). */
  consolidate?: { lock: string };
}
