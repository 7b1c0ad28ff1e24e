// Posts the review: one COMMENT review with the model's summary and its inline
// comments. Comments already posted on the same line by an earlier Deckhand
// review are dropped (before anything moves to the body), anchors outside the
// diff are listed in the body, and should GitHub still refuse an anchor (422)
// the review is sent again with every comment in the body: it never fails on a line.
import type { DraftComment } from '../../tools/tool.js';
import { GitHubError, type NewReviewComment } from '../api.js';
import type { PostedAnchor } from '../context.js';
import { MARKER, reviewedShaMarker } from '../markers.js';
import { footer, type RunFacts } from './text.js';
import type { Writer } from './writer.js';

export interface ReviewOutcome {
  url: string;
  inline: number;
  inBody: number;
  /** Comments left out because an earlier review already made them on that line. */
  repeated: number;
}

/** A comment that has no place in the diff, as a list item `path:line — text` (product.md §4). */
function bodyItem(comment: DraftComment): string {
  const range = comment.startLine !== undefined ? ` (lines ${comment.startLine}–${comment.line})` : '';
  const text = comment.body.replace(/\n/g, '\n  ');
  return `- ${comment.path}:${comment.line} — ${text}${range}`;
}

interface ReviewText {
  summary: string;
  headSha: string;
  facts: RunFacts;
  /** Where the agent stopped early (max_turns, budget, timeout), if it did. */
  stoppedEarly?: string;
  /** Record the head as reviewed (review mode), so the next review is incremental. */
  recordsSha: boolean;
}

function reviewBody(review: ReviewText, inBody: readonly DraftComment[]): string {
  const sections = [review.summary.trim() || '_Deckhand reviewed the changes and has no summary to add._'];
  if (review.stoppedEarly) sections.push(`> ⚠️ ${review.stoppedEarly}`);
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
    body: `${comment.body}\n\n${MARKER}`,
  };
}

export async function postReview(
  writer: Writer,
  review: ReviewText & { number: number; comments: readonly DraftComment[]; posted: readonly PostedAnchor[] },
): Promise<ReviewOutcome> {
  const seen = new Set(review.posted.map((a) => `${a.path}\0${a.line}\0${a.side}`));
  const fresh = review.comments.filter((c) => !seen.has(`${c.path}\0${c.line}\0${c.side}`));
  const repeated = review.comments.length - fresh.length;
  const inline = fresh.filter((c) => c.anchored);
  const inBody = fresh.filter((c) => !c.anchored);
  try {
    const { url } = await writer.createReview(review.number, {
      commit_id: review.headSha,
      body: reviewBody(review, inBody),
      comments: inline.map(inlineComment),
    });
    return { url, inline: inline.length, inBody: inBody.length, repeated };
  } catch (err) {
    if (!(err instanceof GitHubError) || err.status !== 422 || inline.length === 0) throw err;
    // The diff moved under us (a push during the run): every comment goes into the body.
    const { url } = await writer.createReview(review.number, {
      commit_id: review.headSha,
      body: reviewBody(review, fresh),
      comments: [],
    });
    return { url, inline: 0, inBody: fresh.length, repeated };
  }
}
