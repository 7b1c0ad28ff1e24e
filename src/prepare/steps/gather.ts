// What the model is told about the issue or pull request: its text, the whole
// conversation (every page), review threads with their diff hunks, the changed
// files and their patches, failed checks, each author with their permission.
// Pinned to the moment of the trigger: comments and edits made later are left out.
import type { ContextComment, FailedCheck, GitHubContext, Person, ReviewThread } from '../../core/context.js';
import type { Trigger } from '../../core/trigger.js';
import { changedFileOf, GitHubError, type ApiCheckRun, type ApiComment, type ApiFile, type ApiPull, type ApiReview, type ApiReviewComment, type ApiUser, type GitHub } from '../../github/api.js';
import { isOwnOutput, reviewedShaOf, type Author } from '../../github/markers.js';
import { truncate } from '../../truncate.js';
import { Skip, step } from '../runner.js';
import type { Values } from '../values.js';

const FAILED = new Set(['failure', 'timed_out', 'action_required', 'startup_failure', 'cancelled']);
const CHECK_SUMMARY_CHARS = 2_000;

/**
 * A REST item's author. GitHub's schemas make `user` nullable on issues,
 * comments, review comments and reviews: null is an account since deleted.
 */
const authorOf = (item: { user: ApiUser | null }): Author | null => item.user ?? null;

/** A deleted account's text is never Deckhand's own: nobody can tell who wrote it. */
const ownOutput = (body: string, author: Author | null, self: string | undefined): boolean => author !== null && isOwnOutput(body, author, self);

/** A deleted account, as GitHub shows it: it has no permission to look up. */
const GHOST: Person = { login: 'ghost', permission: 'none' };

/** True when the comment existed, unedited, at `pinnedAt`. */
function pinned(comment: { created_at: string; updated_at?: string }, pinnedAt: string): boolean {
  const at = Date.parse(pinnedAt);
  return Date.parse(comment.created_at) <= at && (comment.updated_at === undefined || Date.parse(comment.updated_at) <= at);
}

function summariseCheck(run: ApiCheckRun): FailedCheck {
  const text = [run.output?.title, run.output?.summary, run.output?.text].filter(Boolean).join('\n\n');
  return {
    name: run.name,
    conclusion: run.conclusion ?? run.status,
    summary: truncate(text, CHECK_SUMMARY_CHARS, () => '…'),
  };
}

/** Who wrote a text, with their permission: one lookup per author, shared by every text they wrote. */
type PersonOf = (author: Author | null, body: string) => Promise<Person>;

/**
 * Authors as the model is told of them: their permission on the repository,
 * or `deckhand` for Deckhand's own output — a marked text by the login
 * Deckhand posts as (`self()`, known once the first listings are in). What
 * only adds context may fail without failing the run: a permission GitHub
 * will not give is shown as unknown, with a warning.
 */
function peopleOf(api: GitHub, self: () => string | undefined, warn: (message: string) => void): PersonOf {
  const permissions = new Map<string, Promise<Person['permission']>>();
  return async (author, body) => {
    if (author === null) return GHOST;
    const { login } = author;
    // An outsider's copy of the mark is that outsider's text, with their permission.
    if (isOwnOutput(body, author, self())) return { login, permission: 'deckhand' };
    if (!permissions.has(login)) {
      permissions.set(
        login,
        api.permission(login).catch((err: Error): Person['permission'] => {
          warn(`Could not look up the permission of @${login} (${err.message}); it is shown as unknown.`);
          return 'unknown';
        }),
      );
    }
    return { login, permission: await permissions.get(login)! };
  };
}

/**
 * Everything the model is given about the issue or pull request.
 * `whoAmI`: the login Deckhand posts as, when known (see markers.ts): only its
 * marked texts count as Deckhand's own — a promise, so a lookup runs beside
 * the first listings. `pullLoading`: the pull request's GET, when the caller
 * has started it (it reads the base branch from it too). Every listing starts
 * at once; what needs their answers (the head's check runs when the event did
 * not carry the head, the authors' permissions) follows. What only adds
 * context (check runs) may fail without failing the run: it is left out with
 * a warning.
 */
export async function gather(
  api: GitHub,
  trigger: Trigger,
  warn: (message: string) => void = () => undefined,
  whoAmI: string | undefined | Promise<string | undefined> = undefined,
  pullLoading?: Promise<ApiPull>,
  /** The run's own tracking comment when it was posted before the run (a two-phase run's start job): never part of the context. */
  ownComment?: number,
): Promise<GitHubContext> {
  const repository = `${api.owner}/${api.repo}`;
  if (trigger.number === undefined) return { repository, isPullRequest: false, title: '', body: '', comments: [], threads: [] };
  const number = trigger.number;
  let self: string | undefined;
  const person = peopleOf(api, () => self, warn);
  const checksOf = (sha: string) =>
    api.checkRuns(sha).catch((err: Error) => {
      const hint = err instanceof GitHubError && err.status === 403 ? ' The workflow needs `checks: read`.' : '';
      warn(`Could not read the check runs of the head commit (${err.message}); going on without them.${hint}`);
      return [];
    });
  const pullListings = trigger.isPullRequest ? Promise.all([api.pullFiles(number), api.reviews(number), api.reviewComments(number)]) : undefined;
  pullListings?.catch(() => undefined); // awaited below
  const pullRead = trigger.isPullRequest ? (pullLoading ?? api.pull(number)) : Promise.resolve(undefined);
  // The head's checks as soon as the head is known (the event's, else the pull request's), beside the other listings.
  const checks = trigger.pull ? checksOf(trigger.pull.headSha) : pullRead.then((p) => (p ? checksOf(p.head.sha) : []));
  checks.catch(() => undefined); // awaited below
  // The subject's author is in the event: their permission is asked for beside the first listings, not after them.
  const subject = trigger.subject;
  const subjectAuthor = subject ? person(subject.author, '') : undefined;
  subjectAuthor?.catch(() => undefined); // awaited below
  const [issueComments, pull, me] = await Promise.all([api.issueComments(number), pullRead, whoAmI]);
  self = me;
  // The triggering comment as the event carried it: an edit made since does not count.
  const requestId = trigger.comment?.kind === 'issue_comment' || trigger.comment?.kind === 'review' ? trigger.comment.id : undefined;
  const toComment = async (c: ApiComment): Promise<ContextComment> => ({ id: c.id, author: await person(authorOf(c), c.body ?? ''), body: c.body ?? '', createdAt: c.created_at, kind: 'comment' });
  const comments = await Promise.all(issueComments.filter((c) => c.id !== requestId && c.id !== ownComment && pinned(c, trigger.pinnedAt)).map(toComment));
  const context: GitHubContext = {
    repository,
    number,
    isPullRequest: trigger.isPullRequest,
    title: subject?.title ?? pull?.title ?? '',
    body: subject?.body ?? pull?.body ?? '',
    comments,
    threads: [],
    ...(subject && subjectAuthor ? { author: await subjectAuthor, ...(subject.url ? { url: subject.url } : {}) } : {}),
  };
  if (pull && pullListings) {
    // The event's head, when it carried one, is the pull request's as it was then: its checks were asked for at once.
    const [files, reviews, reviewComments] = await pullListings;
    const listed = { files, reviews, reviewComments: reviewComments.filter((c) => c.id !== ownComment), checks: await checks };
    await addPull(context, pull, listed, { trigger, requestId, self, person });
  }
  if (trigger.comment && trigger.comment.kind !== 'review_comment') {
    const { id, author, body, createdAt, kind } = trigger.comment;
    context.comments.push({ id, author: await person(author, ''), body, createdAt, kind: kind === 'review' ? 'review' : 'comment' });
  }
  context.comments.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
  if (trigger.comment) context.requestId = trigger.comment.id;
  return context;
}

/** What a pull request adds to its context: its reviews, its threads, its files and failed checks, the anchors and the head Deckhand's reviews covered, the thread that asked. */
async function addPull(
  context: GitHubContext,
  pull: ApiPull,
  listed: { files: ApiFile[]; reviews: ApiReview[]; reviewComments: ApiReviewComment[]; checks: ApiCheckRun[] },
  how: { trigger: Trigger; requestId: number | undefined; self: string | undefined; person: PersonOf },
): Promise<void> {
  const { trigger, requestId, self, person } = how;
  const { files, reviews, reviewComments, checks } = listed;
  const shown = reviews.filter(
    (review): review is ApiReview & { submitted_at: string } =>
      !!review.body && review.id !== requestId && !!review.submitted_at && Date.parse(review.submitted_at) <= Date.parse(trigger.pinnedAt),
  );
  // The permission of every author shown, asked for at once (each login once): the loops below then wait for none in turn.
  await Promise.all([...shown.map((r) => person(authorOf(r), r.body ?? '')), ...reviewComments.filter((c) => threadHas(c, trigger)).map((c) => person(authorOf(c), c.body))]);
  for (const review of shown) {
    context.comments.push({ id: review.id, author: await person(authorOf(review), review.body), body: review.body, createdAt: review.submitted_at, kind: 'review' });
  }
  context.threads = await threadsOf(reviewComments, trigger, person);
  context.pull = {
    headRef: pull.head.ref,
    headSha: pull.head.sha,
    headRepo: pull.head.repo?.full_name ?? null,
    baseRef: pull.base.ref,
    baseSha: pull.base.sha,
    fromFork: pull.head.repo?.full_name !== context.repository,
    files: files.map(changedFileOf),
    ...(pull.changed_files !== undefined && pull.changed_files > files.length ? { unlistedFiles: pull.changed_files - files.length } : {}),
    failedChecks: checks.filter((run) => run.conclusion !== null && FAILED.has(run.conclusion)).map(summariseCheck),
    postedAnchors: reviewComments
      .filter((c) => ownOutput(c.body, authorOf(c), self) && c.line !== null)
      .map((c) => ({ path: c.path, line: c.line!, side: c.side ?? 'RIGHT' })),
  };
  // Reviews come oldest first: the last one with a marker is the latest.
  const lastReviewedSha = reviews
    .filter((r) => ownOutput(r.body ?? '', authorOf(r), self))
    .map((r) => reviewedShaOf(r.body ?? ''))
    .filter((sha) => sha !== undefined)
    .at(-1);
  if (lastReviewedSha) context.pull.lastReviewedSha = lastReviewedSha;
  const focus = await focusThreadOf(context, trigger, person);
  if (focus) context.focusThread = focus;
}

/** For a mention in a review-comment thread: that thread, with the comment that asked as the event carried it. */
async function focusThreadOf(context: GitHubContext, trigger: Trigger, person: PersonOf): Promise<ReviewThread | undefined> {
  const thread = trigger.comment?.thread;
  if (!thread || !trigger.comment) return undefined;
  let focus = context.threads.find((t) => t.rootId === thread.rootId);
  if (!focus) {
    // The API may not list a comment made a moment ago: the event's copy stands in.
    focus = { rootId: thread.rootId, path: thread.path, line: thread.line, diffHunk: thread.diffHunk, comments: [] };
    context.threads.push(focus);
  }
  const asked = trigger.comment;
  if (!focus.comments.some((c) => c.id === asked.id)) {
    focus.comments.push({ id: asked.id, author: await person(asked.author, ''), body: asked.body, createdAt: asked.createdAt, kind: 'comment' });
  }
  return focus;
}

/** Whether a review comment goes into its thread: made by the trigger's moment, or the comment that asked. */
const threadHas = (c: ApiReviewComment, trigger: Trigger): boolean => (trigger.comment?.kind === 'review_comment' && c.id === trigger.comment.id) || pinned(c, trigger.pinnedAt);

/** Review comments grouped into threads (a reply points at its root), pinned like the rest. */
async function threadsOf(
  comments: ApiReviewComment[],
  trigger: Trigger,
  person: (author: Author | null, body: string) => Promise<Person>,
): Promise<ReviewThread[]> {
  const threads = new Map<number, ReviewThread>();
  const requestId = trigger.comment?.kind === 'review_comment' ? trigger.comment.id : undefined;
  const sorted = [...comments].sort((a, b) => a.id - b.id);
  for (const c of sorted) {
    const isRequest = c.id === requestId;
    if (!threadHas(c, trigger)) continue;
    const rootId = c.in_reply_to_id ?? c.id;
    let thread = threads.get(rootId);
    if (!thread) {
      thread = { rootId, path: c.path, line: c.line ?? c.original_line, ...(c.line === null ? { outdated: true as const } : {}), diffHunk: c.diff_hunk, comments: [] };
      threads.set(rootId, thread);
    }
    const body = isRequest ? trigger.comment!.body : c.body;
    thread.comments.push({ id: c.id, author: await person(authorOf(c), body), body, createdAt: c.created_at, kind: 'comment' });
  }
  return [...threads.values()];
}

/** A comment on a pull request names neither its head nor its base: the pull request's GET, read once, tells both (gather and the policy's base). */
export const pull = step<Values>()({
  makes: 'pull',
  needs: ['posting', 'started', 'api'],
  run({ started: { trigger }, api }) {
    return trigger.isPullRequest && !trigger.pull && trigger.number !== undefined && api ? api.pull(trigger.number) : undefined;
  },
});

export const gathered = step<Values>()({
  makes: 'gathered',
  needs: ['posting', 'request', 'started', 'api', 'place'],
  later: ['self', 'pull'],
  run({ request, started: { trigger }, api, place, self, pull }, io) {
    if (trigger.number === undefined || !api) return { repository: place.repoName, isPullRequest: false, title: '', body: '', comments: [], threads: [] };
    const fetched = trigger.isPullRequest && !trigger.pull ? (pull as Promise<ApiPull>) : undefined;
    // A two-phase run's tracking comment was posted by its start job, before this job read the conversation.
    const own = request.inputs.phase === 'all' ? undefined : request.inputs.tracking_comment_id;
    return gather(api, trigger, io.warn, self, fetched, own);
  },
});

/** The context as gathered, for a mode that gathers nothing more. */
export const context = step<Values>()({
  makes: 'context',
  needs: ['gathered'],
  run: ({ gathered }) => gathered,
});

/** The context and what the mode gathers besides it — beside it (a CI fix's logs) or from it (a follow-up review's changes) — or a skip. */
export const modeContext = step<Values>()({
  makes: 'context',
  needs: ['posting', 'request', 'started', 'spec', 'api', 'tempDir'],
  later: ['gathered'],
  async run({ request, started: { trigger }, spec, api, tempDir, gathered }, io) {
    const { token, apiUrl, redactor } = request;
    const more = await spec.gather!({ api: api!, trigger, token, apiUrl, tempDir, redact: redactor.redact, warn: io.warn }, gathered);
    if ('skip' in more) throw new Skip(more.skip);
    return more;
  },
});
