// The tracking comment: created before the model starts, updated as the agent
// works (at most one update every few seconds, the latest state winning), and
// finally replaced by the answer — or by the reason it failed. Updates go out
// one at a time, so a slow progress update can never land after the final text.
import type { Todo } from '../core/outcome.js';
import { codeSpan } from '../safety/markdown/commonmark.js';
import type { GitHub } from './api.js';
import { MARKER } from './markers.js';
import type { Writer } from './writer.js';

export type CommentPlace = { kind: 'issue'; number: number } | { kind: 'thread'; number: number; rootId: number };

export const PROGRESS_INTERVAL_MS = 3_000;

function checklist(todos: readonly Todo[]): string {
  return todos
    .map((todo) => {
      if (todo.status === 'completed') return `- [x] ${todo.content}`;
      if (todo.status === 'in_progress') return `- [ ] **${todo.activeForm ?? todo.content}** ⏳`;
      return `- [ ] ${todo.content}`;
    })
    .join('\n');
}

/** What the comment shows while the agent works: its checklist, and whether its changes are being verified (and by what call). */
export interface WorkingState {
  todos: readonly Todo[];
  /** The verifier is checking the changes; `call` is what it runs now (`Bash(npm test)`), as the run's events tell it. */
  verifying?: { call?: string };
}

/** What the start job of a two-phase run says: the agent's job cannot write, and the publish job may wait for a reviewer. */
export const TWO_PHASE_NOTE = 'The agent works with a read-only token. When it is done, what it proposes waits for a separate publish job to check and write it — and for a reviewer to approve, when the workflow asks for one.';

export function workingComment(runUrl: string, state: WorkingState = { todos: [] }, note?: string): string {
  const list = state.todos.length > 0 ? `\n\n${checklist(state.todos)}` : '';
  if (!state.verifying) return `⏳ Deckhand is working on this… [Follow the run](${runUrl})${note ? `\n\n${note}` : ''}${list}\n\n${MARKER}`;
  // One line, in a code span that nothing inside can close: the call is the model's words.
  const call = state.verifying.call ? `\n\nThe verifier is running ${codeSpan(state.verifying.call.replace(/\s+/g, ' '))}.` : '';
  return `🔎 Deckhand is verifying its changes before it publishes them… [Follow the run](${runUrl})${call}${list}\n\n${MARKER}`;
}

export class TrackingComment {
  private queue: Promise<void> = Promise.resolve();
  private lastSent = 0;
  private waiting: { body: string; timer: NodeJS.Timeout } | undefined;
  private finished = false;
  private state: WorkingState = { todos: [] };

  private constructor(
    private readonly writer: Writer,
    private readonly place: CommentPlace,
    readonly id: number,
    readonly url: string,
    private readonly warn: (message: string) => void,
    /** The login GitHub says posted it: the account Deckhand posts as (absent in a dry run). */
    readonly author: string | undefined,
    private readonly runUrl: string,
  ) {}

  /** Posts the comment in its first state: working, with a link to the run (and `note`, the start job's word on a two-phase run). */
  static async create(writer: Writer, place: CommentPlace, runUrl: string, warn: (message: string) => void, note?: string): Promise<TrackingComment> {
    const body = workingComment(runUrl, { todos: [] }, note);
    const created =
      place.kind === 'issue' ? await writer.createComment(place.number, body) : await writer.replyInThread(place.number, place.rootId, body);
    const comment = new TrackingComment(writer, place, created.id, created.url, warn, created.author, runUrl);
    comment.lastSent = Date.now();
    return comment;
  }

  /**
   * The comment a two-phase run's start job posted, by its id: it must be on
   * the issue or pull request `place` names. Its updates go to `writer` (the
   * agent job's only records them).
   */
  static async adopt(writer: Writer, place: CommentPlace, id: number, api: GitHub, runUrl: string, warn: (message: string) => void): Promise<TrackingComment> {
    const found = place.kind === 'issue' ? await api.comment(id) : await api.reviewComment(id);
    const on = 'issue_url' in found ? found.issue_url : found.pull_request_url;
    if (!new RegExp(`/(issues|pulls)/${place.number}$`).test(on) || !found.body.includes(MARKER)) {
      throw new Error(`Input tracking_comment_id ${id} is not Deckhand's comment on #${place.number}, which this run answers: pass on the start job's tracking_comment_id.`);
    }
    return new TrackingComment(writer, place, id, found.html_url, warn, found.user.login, runUrl);
  }

  private send(body: string): Promise<void> {
    this.lastSent = Date.now();
    const write = () => (this.place.kind === 'issue' ? this.writer.updateComment(this.id, body) : this.writer.updateThreadReply(this.id, body));
    const next = this.queue.then(write);
    // A failed progress update is a warning; the next update (or the final one) tries again.
    this.queue = next.catch((err) => this.warn(`Could not update the tracking comment: ${(err as Error).message}`));
    return next;
  }

  /** Shows the agent's checklist; cheap to call often — it sends at most one update per interval. */
  progress(todos: readonly Todo[]): void {
    this.show({ ...this.state, todos });
  }

  /** Shows that the changes are being verified, and what the verifier runs now; `false` when the verifier has finished. */
  verifying(verifying: { call?: string } | false): void {
    const { verifying: _was, ...rest } = this.state;
    this.show(verifying ? { ...rest, verifying } : rest);
  }

  private show(state: WorkingState): void {
    if (this.finished) return;
    this.state = state;
    const body = workingComment(this.runUrl, state);
    const due = this.lastSent + PROGRESS_INTERVAL_MS - Date.now();
    if (this.waiting) {
      this.waiting.body = body;
      return;
    }
    if (due <= 0) {
      void this.send(body).catch(() => undefined);
      return;
    }
    const timer = setTimeout(() => {
      const latest = this.waiting!.body;
      this.waiting = undefined;
      void this.send(latest).catch(() => undefined);
    }, due);
    timer.unref();
    this.waiting = { body, timer };
  }

  /** The last word: waits for updates in flight, then replaces the comment. Throws if it cannot. */
  async finish(body: string): Promise<void> {
    this.finished = true;
    if (this.waiting) {
      clearTimeout(this.waiting.timer);
      this.waiting = undefined;
    }
    await this.queue;
    await this.send(body);
  }
}
