// Every write Deckhand makes to GitHub goes through a Writer. The live one
// calls the API; the dry-run one (dry_run: true) writes nothing and records
// what it would have written, to be printed and put in the job summary.
import { git } from '../../safety/git.js';
import type { GitHub, NewReviewComment } from '../api.js';
import { addedAsDiff, commitChanges, type CommitRequest } from './commit.js';

export interface PlannedWrite {
  /** What the write is, in a few words ("Review on #12"). */
  title: string;
  /** Its content, as it would be posted (Markdown or a diff). */
  content: string;
}

export interface Writer {
  readonly dryRun: boolean;
  readonly planned: PlannedWrite[];
  createComment(number: number, body: string): Promise<{ id: number; url: string }>;
  updateComment(id: number, body: string): Promise<void>;
  replyInThread(number: number, rootId: number, body: string): Promise<{ id: number; url: string }>;
  updateThreadReply(id: number, body: string): Promise<void>;
  createReview(number: number, review: { commit_id: string; body: string; comments: NewReviewComment[] }): Promise<{ url: string }>;
  commit(request: CommitRequest): Promise<{ sha: string }>;
  createPull(pull: { title: string; head: string; base: string; body: string }): Promise<{ number: number; url: string }>;
}

export function liveWriter(api: GitHub): Writer {
  return {
    dryRun: false,
    planned: [],
    async createComment(number, body) {
      const c = await api.createComment(number, body);
      return { id: c.id, url: c.html_url };
    },
    async updateComment(id, body) {
      await api.updateComment(id, body);
    },
    async replyInThread(number, rootId, body) {
      const c = await api.replyToReviewComment(number, rootId, body);
      return { id: c.id, url: c.html_url };
    },
    async updateThreadReply(id, body) {
      await api.updateReviewComment(id, body);
    },
    async createReview(number, review) {
      const r = await api.createReview(number, review);
      return { url: r.html_url };
    },
    commit: (request) => commitChanges(api, request),
    async createPull(pull) {
      const p = await api.createPull(pull);
      return { number: p.number, url: p.html_url };
    },
  };
}

export function dryRunWriter(repoUrl: string): Writer {
  const planned: PlannedWrite[] = [];
  const comments = new Map<number, string>();
  let nextId = 1;
  return {
    dryRun: true,
    planned,
    async createComment(number, body) {
      const id = nextId++;
      comments.set(id, `Comment on #${number}`);
      planned.push({ title: `Comment on #${number}`, content: body });
      return { id, url: `${repoUrl}/issues/${number}` };
    },
    async updateComment(id, body) {
      // Only the last state of a comment matters to the reader of a dry run.
      const title = comments.get(id) ?? `Comment ${id}`;
      const at = planned.findIndex((write) => write.title === title);
      if (at >= 0) planned[at] = { title, content: body };
    },
    async replyInThread(number, rootId, body) {
      const id = nextId++;
      comments.set(id, `Reply in the review thread ${rootId} on #${number}`);
      planned.push({ title: `Reply in the review thread ${rootId} on #${number}`, content: body });
      return { id, url: `${repoUrl}/pull/${number}` };
    },
    async updateThreadReply(id, body) {
      const title = comments.get(id) ?? `Reply ${id}`;
      const at = planned.findIndex((write) => write.title === title);
      if (at >= 0) planned[at] = { title, content: body };
    },
    async createReview(number, review) {
      const inline = review.comments.map((c) => {
        const lines = c.start_line !== undefined ? `${c.start_line}-${c.line}` : `${c.line}`;
        return `#### ${c.path}:${lines} (${c.side})\n${c.body}`;
      });
      planned.push({
        title: `Review on #${number} (COMMENT, at ${review.commit_id.slice(0, 7)}, ${review.comments.length} inline comment${review.comments.length === 1 ? '' : 's'})`,
        content: [review.body, ...inline].join('\n\n'),
      });
      return { url: `${repoUrl}/pull/${number}` };
    },
    async commit(request) {
      // Exactly what the commit would hold: the same contents it was given (a link is its target path, never what it points to).
      const untracked = new Set(
        (await git(['ls-files', '--others', '--exclude-standard', '-z', '--'], request.repo)).split('\0').filter(Boolean),
      );
      const tracked = request.changes.filter((c) => !untracked.has(c.path)).map((c) => c.path);
      const diff = tracked.length > 0 ? await git(['diff', request.baseSha, '--', ...tracked], request.repo) : '';
      const added = request.changes.filter((c) => untracked.has(c.path)).map((c) => addedAsDiff(c).trimEnd());
      planned.push({
        title: `Commit on ${request.branch}${request.createBranch ? ' (new branch)' : ''}`,
        content: ['```text', request.message, '```', '```diff', [diff.trim(), ...added].filter(Boolean).join('\n'), '```'].join('\n'),
      });
      return { sha: '0000000000000000000000000000000000000000' };
    },
    async createPull(pull) {
      planned.push({ title: `Pull request ${pull.head} → ${pull.base}: ${pull.title}`, content: pull.body });
      return { number: 0, url: `${repoUrl}/compare/${pull.base}...${pull.head}` };
    },
  };
}

/**
 * Every text that leaves for GitHub passes here: secrets redacted, then
 * defanged (external images become links, team mentions become code), so a
 * prompt-injected answer can neither leak a token nor ping a team nor make
 * a reader's browser fetch an attacker's URL.
 */
export function guardedWriter(inner: Writer, clean: (text: string) => Promise<string>): Writer {
  return {
    dryRun: inner.dryRun,
    planned: inner.planned,
    createComment: async (number, body) => inner.createComment(number, await clean(body)),
    updateComment: async (id, body) => inner.updateComment(id, await clean(body)),
    replyInThread: async (number, rootId, body) => inner.replyInThread(number, rootId, await clean(body)),
    updateThreadReply: async (id, body) => inner.updateThreadReply(id, await clean(body)),
    createReview: async (number, review) =>
      inner.createReview(number, {
        ...review,
        body: await clean(review.body),
        comments: await Promise.all(review.comments.map(async (c) => ({ ...c, body: await clean(c.body) }))),
      }),
    commit: async (request) => inner.commit({ ...request, message: await clean(request.message) }),
    createPull: async (pull) => inner.createPull({ ...pull, title: await clean(pull.title), body: await clean(pull.body) }),
  };
}
