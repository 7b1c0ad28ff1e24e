// Every write Deckhand makes to GitHub goes through a Writer. The live one
// calls the API; the dry-run one (dry_run: true) writes nothing and records
// what it would have written, to be printed and put in the job summary.
import { addedAsDiff } from '../checkout/changes.js';
import { git } from '../safety/git.js';
import { cutMiddle, headOf } from '../truncate.js';
import type { BranchTip, CheckRunToCreate, GitHub, NewReviewComment } from './api.js';
import { commitChanges, type CommitRequest } from './commit.js';
import { commitBranchFiles, LOCK_STALE_MS, takeBranchLock, type BranchFilesCommit } from './branch-files.js';

export interface PlannedWrite {
  /** What the write is, in a few words ("Review on #12"). */
  title: string;
  /** Its content, as it would be posted (Markdown or a diff). */
  content: string;
}

export interface Writer {
  readonly dryRun: boolean;
  readonly planned: PlannedWrite[];
  /** `author`: the login GitHub says wrote it (absent in a dry run). */
  createComment(number: number, body: string): Promise<{ id: number; url: string; author?: string }>;
  updateComment(id: number, body: string): Promise<void>;
  replyInThread(number: number, rootId: number, body: string): Promise<{ id: number; url: string; author?: string }>;
  updateThreadReply(id: number, body: string): Promise<void>;
  /** Posts the review; `threads`: the link of each inline comment's thread, by `path:line:side` (none in a dry run, or when GitHub would not list them). */
  createReview(number: number, review: { commit_id: string; body: string; comments: NewReviewComment[] }): Promise<{ url: string; threads: ReadonlyMap<string, string> }>;
  /** `unchanged`: a fleet's branch already held exactly this (nothing was written). */
  commit(request: CommitRequest): Promise<{ sha: string; unchanged?: true }>;
  createCheckRun(run: CheckRunToCreate): Promise<{ url: string }>;
  /** Resolves the review thread whose first comment is `rootId` (GraphQL). */
  resolveThread(number: number, rootId: number): Promise<void>;
  createPull(pull: { title: string; head: string; base: string; body: string; draft?: boolean }): Promise<{ number: number; url: string }>;
  /** A fleet's pull request, given this run's title and body. */
  updatePull(number: number, pull: { title: string; body: string }): Promise<{ number: number; url: string }>;
  addLabels(number: number, labels: string[]): Promise<void>;
  /** Files committed on a branch of their own (the memory branch), on its tip as it stands. */
  commitBranchFiles(request: BranchFilesCommit): Promise<{ sha: string }>;
  /** Takes the lock branch `name` (made on `onto`; `held`: its tip as read, if it exists): true when this run holds it. */
  lock(name: string, onto: BranchTip, held: BranchTip | undefined, message: string): Promise<boolean>;
  unlock(name: string): Promise<void>;
}

export function liveWriter(api: GitHub): Writer {
  return {
    dryRun: false,
    planned: [],
    async createComment(number, body) {
      const c = await api.createComment(number, body);
      return { id: c.id, url: c.html_url, author: c.user.login };
    },
    async updateComment(id, body) {
      await api.updateComment(id, body);
    },
    async replyInThread(number, rootId, body) {
      const c = await api.replyToReviewComment(number, rootId, body);
      return { id: c.id, url: c.html_url, author: c.user.login };
    },
    async updateThreadReply(id, body) {
      await api.updateReviewComment(id, body);
    },
    async createReview(number, review) {
      const r = await api.createReview(number, review);
      const threads = new Map<string, string>();
      if (review.comments.length > 0) {
        // Only links: a review already posted does not fail on them.
        const posted = await api.commentsOfReview(number, r.id).catch(() => []);
        for (const comment of posted) if (comment.line !== null) threads.set(`${comment.path}:${comment.line}:${comment.side ?? 'RIGHT'}`, comment.html_url);
      }
      return { url: r.html_url, threads };
    },
    commit: (request) => commitChanges(api, request),
    async createCheckRun(run) {
      return { url: (await api.createCheckRun(run)).html_url };
    },
    resolveThread: (number, rootId) => api.resolveReviewThread(number, rootId),
    async createPull(pull) {
      const p = await api.createPull(pull);
      return { number: p.number, url: p.html_url };
    },
    async updatePull(number, pull) {
      const p = await api.updatePull(number, pull);
      return { number: p.number, url: p.html_url };
    },
    async addLabels(number, labels) {
      await api.addLabels(number, labels);
    },
    commitBranchFiles: (request) => commitBranchFiles(api, request),
    lock: (name, onto, held, message) => takeBranchLock(api, name, onto, held, message, LOCK_STALE_MS, Date.now()),
    async unlock(name) {
      await api.deleteBranch(name);
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
      // Only the last state of a comment matters to the reader of a dry run; a comment this run did not post (a
      // two-phase run's tracking comment, posted by its start job) is listed at its first update.
      const title = comments.get(id) ?? `Comment ${id}`;
      const at = planned.findIndex((write) => write.title === title);
      if (at >= 0) planned[at] = { title, content: body };
      else if (!comments.has(id)) planned.push({ title, content: body });
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
      else if (!comments.has(id)) planned.push({ title, content: body });
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
      return { url: `${repoUrl}/pull/${number}`, threads: new Map() };
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
    async resolveThread(number, rootId) {
      planned.push({ title: `Resolve the review thread ${rootId} on #${number}`, content: '' });
    },
    async createCheckRun(run) {
      planned.push({ title: `Check run "${run.name}" on ${run.head_sha.slice(0, 7)}: ${run.conclusion}, ${run.output.title}`, content: run.output.summary });
      return { url: `${repoUrl}/commit/${run.head_sha}/checks` };
    },
    async createPull(pull) {
      planned.push({ title: `${pull.draft ? 'Draft pull request' : 'Pull request'} ${pull.head} → ${pull.base}: ${pull.title}`, content: pull.body });
      return { number: 0, url: `${repoUrl}/compare/${pull.base}...${pull.head}` };
    },
    async updatePull(number, pull) {
      planned.push({ title: `Update pull request #${number}: ${pull.title}`, content: pull.body });
      return { number, url: `${repoUrl}/pull/${number}` };
    },
    async addLabels(number, labels) {
      planned.push({ title: `Label #${number}: ${labels.join(', ')}`, content: '' });
    },
    async commitBranchFiles(request) {
      // On the branch as the run read it at its start: a dry run reads nothing more.
      const { files, message } = await request.build(request.known, request.knownTip);
      const shown = Object.entries(files).map(([path, text]) => (text === null ? `#### ${path} (deleted)` : `#### ${path}\n\n\`\`\`\`markdown\n${text}\`\`\`\``));
      planned.push({ title: `Commit on ${request.branch}`, content: ['```text', message, '```', ...shown].join('\n') });
      return { sha: '0000000000000000000000000000000000000000' };
    },
    async lock(name) {
      planned.push({ title: `Lock ${name} (taken for the run, removed at its end)`, content: '' });
      return true;
    },
    async unlock() {
      // Nothing was taken.
    },
  };
}

/** What is done to every text on its way to GitHub. */
export interface Guard {
  /** Secrets out. */
  redact(text: string): string;
  /** External images made links, team mentions code (safety/defang.ts). */
  defang(text: string): Promise<string>;
}

/**
 * Every text that leaves for GitHub passes here: secrets redacted, then cut
 * to GitHub's limit, then defanged (external images become links, team
 * mentions become code), so a prompt-injected answer can neither leak a
 * token nor ping a team nor make a reader's browser fetch an attacker's URL.
 * Defanged last: a cut can drop the opening line of a code fence, and what
 * was inside it is then rendered — defanging the text as cut judges it as
 * GitHub will.
 */
export function guardedWriter(inner: Writer, guard: Guard): Writer {
  const body = (text: string) => guardedWithin(text, GITHUB_BODY_MAX, fitted, guard);
  const summary = (text: string) => guardedWithin(text, CHECK_SUMMARY_MAX, (t, max) => cutMiddle(t, max, () => '\n\n… (cut to fit) …\n\n'), guard);
  const title = (text: string, max: number) => guardedWithin(text, max, (t, room) => headOf(t, room), guard);
  return {
    dryRun: inner.dryRun,
    planned: inner.planned,
    createComment: async (number, text) => inner.createComment(number, await body(text)),
    updateComment: async (id, text) => inner.updateComment(id, await body(text)),
    replyInThread: async (number, rootId, text) => inner.replyInThread(number, rootId, await body(text)),
    updateThreadReply: async (id, text) => inner.updateThreadReply(id, await body(text)),
    createReview: async (number, review) =>
      inner.createReview(number, {
        ...review,
        body: await body(review.body),
        comments: await Promise.all(review.comments.map(async (c) => ({ ...c, body: await body(c.body) }))),
      }),
    commit: async (request) => inner.commit({ ...request, message: await guard.defang(guard.redact(request.message)) }),
    resolveThread: (number, rootId) => inner.resolveThread(number, rootId),
    createCheckRun: async (run) => inner.createCheckRun({ ...run, output: { title: await title(run.output.title, CHECK_TITLE_MAX), summary: await summary(run.output.summary) } }),
    createPull: async (pull) => inner.createPull({ ...pull, title: await title(pull.title, GITHUB_TITLE_MAX), body: await body(pull.body) }),
    updatePull: async (number, pull) => inner.updatePull(number, { title: await title(pull.title, GITHUB_TITLE_MAX), body: await body(pull.body) }),
    addLabels: (number, labels) => inner.addLabels(number, labels),
    commitBranchFiles: (request) =>
      inner.commitBranchFiles({
        ...request,
        build: async (current, tip) => {
          const built = await request.build(current, tip);
          return { ...built, message: await guard.defang(guard.redact(built.message)) };
        },
      }),
    lock: (name, onto, held, message) => inner.lock(name, onto, held, guard.redact(message)),
    unlock: (name) => inner.unlock(name),
  };
}

/** Below this much room a cut keeps too little to be worth posting: the text is replaced by TOO_LONG_ONCE_SAFE. */
const MIN_ROOM = 2_000;
const TOO_LONG_ONCE_SAFE = '(This text is too long to post once made safe to render: the whole text is in the job summary and the transcript.)';

/**
 * `text` redacted, cut to `max` with `cut`, then defanged. Defanging can
 * lengthen a text (a link's brackets, a mention's backticks, characters
 * written as references): while the result is too long, the redacted text is
 * cut shorter — in proportion to how much defanging lengthened it — and
 * defanged again; the defanged text itself is never cut.
 */
async function guardedWithin(text: string, max: number, cut: (text: string, max: number) => string, guard: Guard): Promise<string> {
  const redacted = guard.redact(text);
  let room = max;
  for (;;) {
    const out = await guard.defang(cut(redacted, room));
    if (out.length <= max) return out;
    room = Math.min(room - 1, Math.floor((room * max) / out.length));
    if (room < Math.min(MIN_ROOM, max)) return TOO_LONG_ONCE_SAFE.slice(0, max);
  }
}

/** The longest body GitHub takes for a comment, a review, a review comment or a pull request (it answers 422 "body is too long"). */
export const GITHUB_BODY_MAX = 65_536;
const GITHUB_TITLE_MAX = 256;
/** A check run's summary and title, as Deckhand keeps them (GitHub's summary limit is 65,535 characters). */
const CHECK_SUMMARY_MAX = 65_535;
const CHECK_TITLE_MAX = 200;

/** A body within GitHub's limit (or `max`): start and end kept (the footer, the marker), the middle left out with a note. */
export function fitted(text: string, max = GITHUB_BODY_MAX): string {
  return cutMiddle(text, max, (left) => `\n\n… (${left} characters of this text are left out here: the whole text is in the job summary and the transcript) …\n\n`);
}
