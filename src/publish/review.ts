// Posts the review: one COMMENT review with the model's summary and its inline
// comments. Comments already posted on the same line by an earlier Deckhand
// review are dropped (before anything moves to the body), the most severe are
// kept when there are more than the review may carry, anchors outside the
// diff are listed in the body, and should GitHub still refuse an anchor (422)
// the review is sent again with every comment in the body: it never fails on a line.
import type { PostedAnchor, PullContext } from '../core/context.js';
import type { ReviewPlan } from '../core/plan.js';
import { atLeast, ownOnUnchangedLine, SEVERITIES, type DoubleCheck, type DraftComment, type Severity, type ThreadReply } from '../core/review.js';
import { GitHubError, type CheckRunToCreate, type NewReviewComment } from '../github/api.js';
import { MARKER, reviewedShaMarker } from '../github/markers.js';
import type { Writer } from '../github/writer.js';
import type { FindingLink, Published, PublishRequest, ReviewOutcome } from './request.js';
import { clip } from '../truncate.js';
import { footer, type RunFacts } from './text.js';

/** The tag a comment opens with, naming its severity. */
export function severityTag(severity: Severity): string {
  return `**[${severity}]**`;
}

/** The severity an earlier Deckhand comment was posted with (its opening tag); undefined for one from before severities. */
export function severityOf(body: string): Severity | undefined {
  const tag = /^\*\*\[(blocking|important|nit)\]\*\*/.exec(body.trimStart())?.[1];
  return tag as Severity | undefined;
}

/** The `max` most severe comments, the first made first among equals, in the order they were made. */
export function mostSevere(comments: readonly DraftComment[], max: number): DraftComment[] {
  const ranked = comments.map((comment, index) => ({ comment, index })).sort((a, b) => SEVERITIES.indexOf(a.comment.severity) - SEVERITIES.indexOf(b.comment.severity) || a.index - b.index);
  return ranked
    .slice(0, max)
    .sort((a, b) => a.index - b.index)
    .map((r) => r.comment);
}

/** The summary's first line: what was posted, per severity, and what was left out. */
function countLine(counts: Record<Severity, number>, leftOut: number, max: number): string {
  const total = SEVERITIES.reduce((sum, s) => sum + counts[s], 0);
  const parts = total === 0 ? 'no comments' : SEVERITIES.map((s) => `${counts[s]} ${s}`).join(', ');
  const dropped = leftOut > 0 ? ` (${leftOut} less severe left out: a review carries at most ${max}, review.max_comments)` : '';
  return `**Findings:** ${parts}${dropped}`;
}

/** A comment that has no place in the diff, as a list item `path:line — text` (product.md §4). */
function bodyItem(comment: DraftComment): string {
  const range = comment.startLine !== undefined ? ` (lines ${comment.startLine}–${comment.line})` : '';
  const text = comment.body.replace(/\n/g, '\n  ');
  return `- ${comment.path}:${comment.line} — ${severityTag(comment.severity)} ${text}${range}`;
}

/** "2 findings", "1 finding". */
const findingsCount = (count: number) => `${count} finding${count === 1 ? '' : 's'}`;

/** What the second look came to, as the review says it under the counts: what it dropped, and what it could not check. */
function doubleCheckLines(check: DoubleCheck | undefined): { dropped?: string; unchecked?: string } {
  if (!check) return {};
  return {
    ...(check.dropped.length > 0 ? { dropped: `${findingsCount(check.dropped.length)} dropped after a second look (the run's job summary says why).` } : {}),
    ...(check.unchecked ? { unchecked: `${findingsCount(check.unchecked.count)} not double-checked, posted as ${check.unchecked.count === 1 ? 'it was' : 'they were'}: ${check.unchecked.why}.` } : {}),
  };
}

interface ReviewText {
  summary: string;
  /** The second look at the findings, when there was one to take. */
  doubleCheck?: DoubleCheck;
  headSha: string;
  facts: RunFacts;
  /** Where the agent stopped early (max_turns, budget, timeout), if it did. */
  stoppedEarly?: string;
  /** Record the head as reviewed (review mode), so the next review is incremental. */
  recordsSha: boolean;
}

function reviewBody(review: ReviewText, inBody: readonly DraftComment[], findings: string): string {
  const { dropped, unchecked } = doubleCheckLines(review.doubleCheck);
  const sections = [dropped ? `${findings}\n${dropped}` : findings, review.summary.trim() || '_Deckhand reviewed the changes and has no summary to add._'];
  if (review.stoppedEarly) sections.push(`> ⚠️ ${review.stoppedEarly}`);
  if (unchecked) sections.push(`> ⚠️ ${unchecked}`);
  if (inBody.length > 0) sections.push(`**Comments on lines outside the diff**\n\n${inBody.map(bodyItem).join('\n')}`);
  sections.push(footer(review.facts), review.recordsSha ? `${MARKER}\n${reviewedShaMarker(review.headSha)}` : MARKER);
  return sections.join('\n\n');
}

function inlineComment(comment: DraftComment): NewReviewComment {
  return {
    path: comment.path,
    line: comment.line,
    side: comment.side,
    ...(comment.startLine !== undefined ? { start_line: comment.startLine, start_side: comment.startSide ?? comment.side } : {}),
    body: `${severityTag(comment.severity)} ${comment.body}\n\n${MARKER}`,
  };
}

export async function postReview(
  writer: Writer,
  review: ReviewText & { number: number; comments: readonly DraftComment[]; posted: readonly PostedAnchor[]; maxComments: number },
): Promise<ReviewOutcome> {
  const seen = new Set(review.posted.map((a) => `${a.path}\0${a.line}\0${a.side}`));
  const unrepeated = review.comments.filter((c) => !seen.has(`${c.path}\0${c.line}\0${c.side}`));
  const repeated = review.comments.length - unrepeated.length;
  const fresh = mostSevere(unrepeated, review.maxComments);
  const leftOut = unrepeated.length - fresh.length;
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, fresh.filter((c) => c.severity === s).length])) as Record<Severity, number>;
  const findings = countLine(counts, leftOut, review.maxComments);
  const inline = fresh.filter((c) => c.anchored);
  const inBody = fresh.filter((c) => !c.anchored);
  const dropped = review.doubleCheck?.dropped.length ?? 0;
  const unchecked = review.doubleCheck?.unchecked?.count ?? 0;
  /** Each posted finding, linked to its thread (to the review, for one in its body or when GitHub gave no link). */
  const linked = (url: string, threads: ReadonlyMap<string, string>): FindingLink[] =>
    fresh.map((c) => ({ severity: c.severity, path: c.path, line: c.line, text: firstLine(c.body), url: (c.anchored && threads.get(`${c.path}:${c.line}:${c.side}`)) || url }));
  try {
    const { url, threads } = await writer.createReview(review.number, {
      commit_id: review.headSha,
      body: reviewBody(review, inBody, findings),
      comments: inline.map(inlineComment),
    });
    return { url, inline: inline.length, inBody: inBody.length, repeated, counts, leftOut, findings: linked(url, threads), dropped, unchecked };
  } catch (err) {
    if (!(err instanceof GitHubError) || err.status !== 422 || inline.length === 0) throw err;
    // The diff moved under us (a push during the run): every comment goes into the body.
    const { url } = await writer.createReview(review.number, {
      commit_id: review.headSha,
      body: reviewBody(review, fresh, findings),
      comments: [],
    });
    return { url, inline: 0, inBody: fresh.length, repeated, counts, leftOut, findings: linked(url, new Map()), dropped, unchecked };
  }
}

/** Of a finding's text, the check run shows its first line, this long at most. */
const FIRST_LINE_CHARS = 120;

/** A finding's first line, without the severity tag an earlier one was posted with. */
function firstLine(body: string): string {
  const line = body.replace(/^\s*\*\*\[(blocking|important|nit)\]\*\*\s*/, '').trimStart().split('\n')[0]!.trim();
  return line.length > FIRST_LINE_CHARS ? `${line.slice(0, FIRST_LINE_CHARS - 1)}…` : line;
}

/** A finding as the check run lists it: its severity, where it is (linked to its thread), its first line. */
const findingItem = (f: FindingLink) => `- **${f.severity}** [${f.path}${f.line === null ? '' : `:${f.line}`}](${f.url}) — ${f.text}`;

/** The check run a review-mode review leaves on the head commit, so branch protection can require it. */
export const REVIEW_CHECK = 'Deckhand review';
/** Of its summary this much is sent, the rest said to be cut (GitHub's limit is 65,535 characters). */
const CHECK_SUMMARY_CHARS = 65_000;

/**
 * The review as a check run: `failure` when it posted a finding of the
 * severity `failOn` names or a worse one, or such an earlier finding of
 * Deckhand's still stands (`standing`, standingFindings) — else `neutral`: a
 * review without such findings neither passes nor fails the pull request, and
 * a push alone does not clear a finding that still stands. Its output lists
 * each posted finding and each earlier one still standing, linked to its
 * thread, and what the second look dropped: the Checks tab is enough to act on.
 */
export function reviewCheck(
  review: ReviewOutcome,
  headSha: string,
  failOn: Severity | undefined,
  standing: readonly FindingLink[] = [],
): CheckRunToCreate & { conclusion: 'neutral' | 'failure' } {
  const stillFailing = failOn ? standing.filter((f) => atLeast(f.severity, failOn)).length : 0;
  const failing = (failOn ? SEVERITIES.filter((s) => atLeast(s, failOn)).reduce((sum, s) => sum + review.counts[s], 0) : 0) + stillFailing;
  const total = SEVERITIES.reduce((sum, s) => sum + review.counts[s], 0);
  const title = total === 0 ? 'No findings' : SEVERITIES.filter((s) => review.counts[s] > 0).map((s) => `${review.counts[s]} ${s}`).join(', ');
  const rule = failOn
    ? failing > 0
      ? `It fails because the review posted ${failing - stillFailing} finding${failing - stillFailing === 1 ? '' : 's'} of severity ${failOn} or worse (review.fail_on)${stillFailing > 0 ? ` and ${stillFailing} earlier one${stillFailing === 1 ? '' : 's'} still stand${stillFailing === 1 ? 's' : ''}` : ''}.`
      : `It would fail on a finding of severity ${failOn} or worse (review.fail_on); there is none.`
    : 'It never fails: set review.fail_on in the config file to fail on findings of a severity.';
  const sections = [`[The review](${review.url}) posted ${total === 0 ? 'no comments' : title}${review.leftOut > 0 ? `; ${review.leftOut} less severe left out (review.max_comments)` : ''}.`, rule];
  if (review.findings.length > 0) sections.push(`### Findings\n\n${review.findings.map(findingItem).join('\n')}`);
  if (standing.length > 0) sections.push(`### Still standing from earlier reviews\n\n${standing.map(findingItem).join('\n')}`);
  if (review.dropped > 0) sections.push(`${findingsCount(review.dropped)} dropped after a second look.`);
  if (review.unchecked > 0) sections.push(`${findingsCount(review.unchecked)} not double-checked (the review says why).`);
  return {
    name: REVIEW_CHECK,
    head_sha: headSha,
    conclusion: failing > 0 ? 'failure' : 'neutral',
    // GitHub takes at most 65,535 characters of a check run's summary.
    output: { title, summary: clip(sections.join('\n\n'), CHECK_SUMMARY_CHARS) },
  };
}

/**
 * The model's replies to earlier review threads, each with Deckhand's mark; a
 * thread it said was addressed is resolved (GraphQL). A reply or a resolution
 * that fails is a warning: the review is already posted. Returns the counts
 * and the threads (first comments) resolved.
 */
async function replyInThreads(writer: Writer, number: number, replies: readonly ThreadReply[], warn: (message: string) => void) {
  let replied = 0;
  const resolved = new Set<number>();
  for (const reply of replies) {
    try {
      await writer.replyInThread(number, reply.rootId, `${reply.body}\n\n${MARKER}`);
      replied++;
    } catch (err) {
      warn(`Could not reply in the review thread of comment ${reply.rootId} (${(err as Error).message}); going on.`);
      continue;
    }
    if (!reply.resolve) continue;
    try {
      await writer.resolveThread(number, reply.rootId);
      resolved.add(reply.rootId);
    } catch (err) {
      warn(`Could not resolve the review thread of comment ${reply.rootId} (${(err as Error).message}); the reply is posted.`);
    }
  }
  return { replied, resolved };
}

/**
 * Deckhand's earlier findings that still stand, for the check run to list (and
 * those of severity `failOn` or worse to count against it): its own threads,
 * open — not resolved by this run, nor shown resolved by GitHub — where the
 * model said the finding still stands or made it again, or where the new
 * commits did not change its line. A push alone never clears one. When GitHub
 * cannot say which threads are resolved, every open-looking one stands (and a
 * warning says so).
 */
async function standingFindings(request: PublishRequest, plan: ReviewPlan, resolvedNow: ReadonlySet<number>): Promise<FindingLink[]> {
  const { context, outcome, api, settings } = request;
  const changed = new Set(plan.changedThreads ?? []);
  const saidStands = new Set(outcome.threadReplies.filter((r) => !r.resolve).map((r) => r.rootId));
  const madeAgain = new Set(outcome.reviewComments.map((c) => `${c.path}\0${c.line}`));
  const candidates = context.threads
    .filter((t) => t.comments[0]?.author.permission === 'deckhand' && !resolvedNow.has(t.rootId))
    .map((t) => ({ thread: t, severity: severityOf(t.comments[0]!.body) }))
    .filter((c): c is { thread: typeof c.thread; severity: Severity } => c.severity !== undefined)
    .filter(({ thread }) => ownOnUnchangedLine(thread, changed) || saidStands.has(thread.rootId) || (thread.line !== null && madeAgain.has(`${thread.path}\0${thread.line}`)));
  if (candidates.length === 0) return [];
  let resolved: ReadonlySet<number> = new Set();
  try {
    if (api) resolved = await api.resolvedThreads(context.number!);
  } catch (err) {
    const counts = plan.failOn ? ` and those at ${plan.failOn} or worse count against it` : '';
    settings.warn(`Could not read which review threads are resolved (${(err as Error).message}); every open thread of Deckhand's is listed as still standing on the "${REVIEW_CHECK}" check${counts}.`);
  }
  const pullUrl = `${settings.serverUrl}/${settings.repository}/pull/${context.number}`;
  return candidates
    .filter(({ thread }) => !resolved.has(thread.rootId))
    .map(({ thread, severity }) => ({ severity, path: thread.path, line: thread.line, text: firstLine(thread.comments[0]!.body), url: `${pullUrl}#discussion_r${thread.rootId}` }));
}

/**
 * The review the plan asks for, with the replies to earlier threads; a
 * review that is the run's output (review mode) also leaves its check run.
 * `published` is filled in as each is made.
 */
export async function postTheReview(request: PublishRequest, plan: ReviewPlan, pull: PullContext, published: Published): Promise<void> {
  const { writer, context, outcome, facts, settings } = request;
  const isTheAnswer = plan.kind === 'review';
  const stoppedEarly = outcome.terminal.reason === 'completed' ? undefined : outcome.terminal.message;
  // A mention's answer goes in the tracking comment; its review carries only the inline comments.
  const summary = isTheAnswer ? outcome.answer : `Inline comments for the request in the thread above.`;
  published.review = await postReview(writer, {
    number: context.number!,
    headSha: pull.headSha,
    summary,
    comments: outcome.reviewComments,
    ...(outcome.doubleCheck ? { doubleCheck: outcome.doubleCheck } : {}),
    maxComments: plan.maxComments,
    posted: pull.postedAnchors,
    facts,
    ...(isTheAnswer && stoppedEarly ? { stoppedEarly } : {}),
    // Only a review-mode review covers the whole head: mention suggestions do not make the next review incremental.
    recordsSha: isTheAnswer,
  });
  let resolvedNow: ReadonlySet<number> = new Set();
  if (outcome.threadReplies.length > 0) {
    const { replied, resolved } = await replyInThreads(writer, context.number!, outcome.threadReplies, settings.warn);
    published.threads = { replied, resolved: resolved.size };
    resolvedNow = resolved;
  }
  if (!isTheAnswer) return;
  const check = reviewCheck(published.review, pull.headSha, plan.failOn, await standingFindings(request, plan, resolvedNow));
  const made = await writer.createCheckRun(check).then(
    ({ url }) => ({ url, conclusion: check.conclusion }),
    (err: Error) => {
      const hint = err instanceof GitHubError && err.status === 403 ? ' The workflow needs `checks: write` (and a GitHub App token: a personal access token cannot create check runs).' : '';
      settings.warn(`Could not create the "${REVIEW_CHECK}" check run (${err.message}); the review is posted.${hint}`);
      return undefined;
    },
  );
  if (made) published.check = made;
}
