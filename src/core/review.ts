// A review finding as the model drafts it and publish posts it: where it sits
// in the diff, how much it matters, and the replies to earlier threads.

import type { ReviewThread } from './context.js';

/** A side of a diff: the old file (removed lines) or the new one. */
export type Side = 'LEFT' | 'RIGHT';

/** How much a review finding matters, most first: what `review.min_severity` and `review.fail_on` name. */
export const SEVERITIES = ['blocking', 'important', 'nit'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** True when `a` is at least as severe as `b`. */
export function atLeast(a: Severity, b: Severity): boolean {
  return SEVERITIES.indexOf(a) <= SEVERITIES.indexOf(b);
}

/** An inline comment the model added for the pull request's review (AddReviewComment). */
export interface DraftComment {
  path: string;
  line: number;
  side: Side;
  startLine?: number;
  startSide?: Side;
  /** The text to post (with the suggestion block, if any). */
  body: string;
  /** False when the anchor is not in the diff: the comment goes into the review body. */
  anchored: boolean;
  severity: Severity;
  /** The lines the finding is about, as the model quoted them from the file at the head (AddReviewComment's current_code). */
  currentCode?: string;
}

/** A finding the double-check refuted, and the evidence it was refuted on. */
export interface DroppedFinding {
  comment: DraftComment;
  evidence: string;
}

/** What the second look at a review's findings came to (review.double_check). */
export interface DoubleCheck {
  /** Findings given a verdict: by a checker, or refuted by the code they quote. */
  checked: number;
  /** The refuted ones, not posted. */
  dropped: DroppedFinding[];
  /** Findings due a second look that did not get one, and why: posted as they are. */
  unchecked?: { count: number; why: string };
}

/** A reply to a review thread, and whether the thread is to be resolved. */
export interface ThreadReply {
  /** The thread's root comment. */
  rootId: number;
  body: string;
  resolve: boolean;
}

/**
 * A thread Deckhand started whose line the new commits left alone: not
 * outdated, still on a line, and not among `changed` (the root comments of
 * its threads whose line they changed). Its finding stands as it was made.
 */
export function ownOnUnchangedLine(thread: ReviewThread, changed: ReadonlySet<number>): boolean {
  return thread.comments[0]?.author.permission === 'deckhand' && !thread.outdated && thread.line !== null && !changed.has(thread.rootId);
}
