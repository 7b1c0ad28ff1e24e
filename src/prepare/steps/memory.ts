// The run's memories: the memory branch's files (read with the skills, beside
// the policy files; again only when the config names another branch), then
// those the run is given — all of them when there are few, else the ones a
// side request to a small model picks, started as soon as the memories and
// the request are known, beside the rest of prepare; and the desk the run's
// memory changes are staged on: for a comment that asks Deckhand to remember
// or forget, for new messages from maintainers to learn from, and for a
// consolidation that is due (its lock taken here).
import { providerModelId } from '../../agent/providers.js';
import type { ContextComment } from '../../core/context.js';
import type { RunIo } from '../../core/run.js';
import type { Trigger } from '../../core/trigger.js';
import { DEFAULT_EXPLORE_MODEL } from '../../inputs.js';
import { memoryRequest } from '../../github/mention.js';
import { MemoryDesk } from '../../knowledge/memory/desk.js';
import { recall } from '../../knowledge/memory/recall.js';
import { dueOf, ledgerOf } from '../../knowledge/memory/consolidate.js';
import { readMemories, type MemoryStore } from '../../knowledge/memory/store.js';
import { sanitizeUntrusted } from '../../safety/sanitize.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';
import { isBot, WRITERS } from './authorize.js';
import { lockOf, memoryFilesOn } from './knowledge.js';

/** What the run answers, as the recall model is shown it: the comment that asked, else the issue or pull request, else the task. */
export function requestText(trigger: Trigger, prompt: string): string {
  const subject = trigger.subject ? `${trigger.subject.title}\n\n${trigger.subject.body}` : '';
  return [trigger.comment?.body, subject, prompt].filter((text) => text && text.trim()).join('\n\n---\n\n');
}

export const memories = step<Values>()({
  makes: 'memories',
  // The config as read, not the `config` step: that one waits for the context, and the recall should not.
  needs: ['knowledge', 'policyFiles', 'api'],
  async run({ knowledge, policyFiles, api }, io) {
    const { memory } = policyFiles.config;
    if (!memory.enabled || !api) return undefined;
    let read = knowledge.memory;
    if (memory.branch !== read.branch) {
      try {
        read = await memoryFilesOn(api, memory.branch);
      } catch (err) {
        io.warn(`Could not read the memories on ${memory.branch} (${(err as Error).message}); going on without them.`);
        return undefined;
      }
    }
    return {
      branch: memory.branch,
      ...(read.tip ? { tip: read.tip } : {}),
      ...(read.lock ? { lock: read.lock } : {}),
      memories: read.files ? await readMemories(read.files, io.warn) : [],
      ...(read.files ? { files: read.files } : {}),
    };
  },
});

export const recalled = step<Values>()({
  makes: 'recalled',
  needs: ['request', 'started', 'memories', 'policyFiles', 'modelClient'],
  async run({ request, started, memories, policyFiles, modelClient }, io) {
    if (!memories || memories.memories.length === 0) return { memories: [] };
    const { inputs } = request;
    const { config } = policyFiles;
    const model = providerModelId(inputs.provider, config.memory.recallModel || config.explore.model || DEFAULT_EXPLORE_MODEL);
    try {
      return await recall(memories.memories, requestText(started.trigger, inputs.prompt), { client: modelClient, model, signal: io.cancellation.signal }, request.startedAt);
    } catch (err) {
      io.warn(`Could not choose the memories to recall (${(err as Error).message}); going on without them.`);
      return { memories: [] };
    }
  },
});

/** What people without write permission wrote in what the run read: the issue or pull request, its comments, its review threads. */
function outsiderTexts(context: Values['context']): Array<{ login: string; text: string }> {
  const said = [
    ...(context.author ? [{ author: context.author, body: context.body }] : []),
    ...context.comments,
    ...context.threads.flatMap((thread) => thread.comments),
    ...(context.focusThread?.comments ?? []),
  ];
  return said.filter((entry) => !WRITERS.has(entry.author.permission) && entry.author.permission !== 'deckhand').map((entry) => ({ login: entry.author.login, text: entry.body }));
}

/**
 * Whether this run consolidates the memories: due by the branch's last
 * commit (no request, no model call when it is not), and this run holds the
 * lock — a run that finds it held skips, saying so.
 */
async function consolidation(store: MemoryStore, writer: Values['writer'], runUrl: string, now: number, io: RunIo): Promise<{ lock: string } | undefined> {
  if (!store.tip || store.memories.length < 2) return undefined;
  const due = dueOf(ledgerOf(store.tip.message), now);
  if (!due.due) {
    io.log(`Memory consolidation not due: ${due.why}.`);
    return undefined;
  }
  const lock = lockOf(store.branch);
  try {
    if (!(await writer.lock(lock, store.tip, store.lock, `Deckhand memory consolidation lock\n\nTaken by ${runUrl}.`))) {
      io.log(`Memory consolidation skipped: another run holds the lock ${lock}.`);
      return undefined;
    }
  } catch (err) {
    // A token that may not write contents, or GitHub failing: the run's own work goes on.
    io.warn(`Memory consolidation skipped: could not take the lock ${lock} (${(err as Error).message}).`);
    return undefined;
  }
  return { lock };
}

/** Of the new messages, the extraction reads at most this many characters (the newest kept). */
const LEARN_CHARS = 8_000;

/** Where a comment of the context is on GitHub. */
function urlOf(context: Values['context'], comment: ContextComment, inThread: boolean): string {
  const base = context.url ?? '';
  if (!base) return '';
  return inThread ? `${base}#discussion_r${comment.id}` : comment.kind === 'review' ? `${base}#pullrequestreview-${comment.id}` : `${base}#issuecomment-${comment.id}`;
}

/**
 * What people with write permission wrote since Deckhand last took part:
 * after its latest comment or review anywhere in the conversation (a later
 * run has read what came before), and in a review thread it started or
 * answered, after its latest comment there too. Nothing when it never took
 * part (there is nothing it was told about its own work); nothing a memory
 * already came from. The request a memory request answers is left out: that
 * one is the agent's to save.
 */
export function newMessagesOf(context: Values['context'], opts: { leaveOut?: number; learnedFrom?: ReadonlySet<string> } = {}): Array<{ comment: ContextComment; url: string; where: string }> {
  const by = (comment: ContextComment) => comment.author.permission;
  // Times are to the second: within one, GitHub's ids (which only grow) say which came later.
  const later = (a: ContextComment, b: ContextComment) => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);
  const lastOurs = (comments: readonly ContextComment[]) => comments.filter((c) => by(c) === 'deckhand').reduce<ContextComment | undefined>((last, c) => (!last || later(c, last) ? c : last), undefined);
  const threads = [...context.threads, ...(context.focusThread && !context.threads.some((t) => t.rootId === context.focusThread!.rootId) ? [context.focusThread] : [])];
  const anywhere = lastOurs([...context.comments, ...threads.flatMap((thread) => thread.comments)]);
  const after = (comments: readonly ContextComment[], since: ContextComment | undefined) => {
    const ours = lastOurs(comments);
    const from = ours && since ? (later(ours, since) ? ours : since) : undefined;
    return from === undefined ? [] : comments.filter((c) => later(c, from) && WRITERS.has(by(c)) && c.id !== opts.leaveOut);
  };
  return [
    ...after(context.comments, anywhere).map((comment) => ({ comment, url: urlOf(context, comment, false), where: 'in the conversation' })),
    ...threads.flatMap((thread) => after(thread.comments, anywhere).map((comment) => ({ comment, url: urlOf(context, comment, true), where: `in the review thread on ${thread.path}${thread.line ? `:${thread.line}` : ''}` }))),
  ]
    .filter(({ url }) => !opts.learnedFrom?.has(url))
    .sort((a, b) => a.comment.createdAt.localeCompare(b.comment.createdAt));
}

/** The new messages as the extraction is shown them, newest kept when they are too long. */
function learnText(messages: ReturnType<typeof newMessagesOf>): string {
  const shown: string[] = [];
  let chars = 0;
  for (const { comment, where } of [...messages].reverse()) {
    const entry = `<message id="${comment.id}" author="@${comment.author.login}" where="${where}" at="${comment.createdAt}">\n${sanitizeUntrusted(comment.body).trim()}\n</message>`;
    if (chars + entry.length > LEARN_CHARS && shown.length > 0) break;
    shown.unshift(entry);
    chars += entry.length;
  }
  return shown.join('\n\n');
}

/**
 * The desk a run stages memory changes on, with the rules the code holds them
 * to: for a comment that asks Deckhand to remember or forget (in a mode that
 * takes such requests), and for any run with new messages to learn from —
 * or 'off' when the comment asks and memory is off.
 */
export const memoryDesk = step<Values>()({
  makes: 'memoryDesk',
  needs: ['request', 'spec', 'started', 'memories', 'context', 'policyFiles', 'api', 'writer', 'place'],
  async run({ request, spec, started, memories, context, policyFiles, api, writer, place }, io) {
    const { comment } = started.trigger;
    const asked = spec.takesMemoryRequests === true && comment?.author != null && memoryRequest(comment.body, request.inputs.trigger_phrase) !== undefined;
    if (!memories || !api) return asked ? 'off' : undefined;
    const news = newMessagesOf(context, { ...(asked && comment ? { leaveOut: comment.id } : {}), learnedFrom: new Set(memories.memories.map((m) => m.source)) });
    // A consolidation holds a lock branch while its model works: a two-phase run's agent job cannot take one, so neither phase consolidates;
    // nor does a fleet's target run, whose task is the fleet's, not the repository's upkeep.
    const consolidating = spec.consolidatesMemory === true && !started.trigger.checkActor && policyFiles.config.memory.consolidate === 'auto' && request.inputs.phase === 'all' && !request.inputs.fleet_id;
    const consolidate = consolidating ? await consolidation(memories, writer, place.runUrl, request.startedAt, io) : undefined;
    if (!asked && news.length === 0 && !consolidate) return undefined;
    const asker = asked ? comment!.author! : undefined;
    const { config, instructions } = policyFiles;
    const rules = {
      // A permission GitHub will not give is no permission to teach.
      asker: asker ? { login: asker.login, writes: WRITERS.has(await api.permission(asker.login).catch(() => 'none')), isBot: isBot(asker) } : { login: '', writes: false, isBot: false },
      outsiderTexts: outsiderTexts(context),
      instructions: [...instructions, ...(config.instructions ? [{ path: request.inputs.config_path, text: config.instructions }] : [])],
      findSecret: (text: string) => request.redactor.find(text),
    };
    const desk = new MemoryDesk(rules, memories.memories, asked ? (comment!.url ?? '') : '', () => new Date().toISOString());
    const learn = news.length > 0 ? { messages: learnText(news), authors: new Map(news.map(({ comment: c, url }) => [c.id, { login: c.author.login, url, text: c.body }])) } : undefined;
    return { desk, asked, ...(learn ? { learn } : {}), ...(consolidate ? { consolidate } : {}) };
  },
});
