// What a mode plans for a run, as the rest of the run reads it: what the
// agent is told first, where its changes go and what the commit and the pull
// request say besides its answer, and whether its inline comments are posted
// as a review. (The tools it offers are the agent's side: modes/spec.ts.)
import type { Severity, Side } from './review.js';

/** What a commit and its pull request say besides the agent's answer. */
export interface CommitWords {
  /** The title when the answer gives none. */
  fallbackTitle: string;
  /** Who asked, credited as co-author (nobody for a CI fix, a schedule or a bot). */
  coAuthor?: { login: string; id?: number };
  /** Lines the commit message ends with (a ci-fix commit names the run it fixes). */
  trailers?: readonly string[];
}

/** Where the agent's file changes go when it finishes. */
export type CommitPlan =
  | { kind: 'none' }
  /** Fast-forward the same-repo pull request's head branch. */
  | { kind: 'pr-head'; branch: string; words: CommitWords }
  /**
   * A new branch (and, with open_pr, a pull request that closes `fixes` and says `about`); a fleet's target
   * (`fleet`: its id): the fleet's stable branch, made again from the base, and its one labelled pull request.
   */
  | { kind: 'new-branch'; name: string; words: CommitWords; fixes?: number; about?: string; fleet?: string };

/** How the inline comments the model adds are posted, as one review. */
export interface ReviewPlan {
  /**
   * `review`: the review is the run's output (review mode) — posted even
   * without comments, its summary the answer, the head recorded as reviewed,
   * a check run left. `suggestions`: a mention's inline comments, posted when
   * there are some, beside the answer in the tracking comment.
   */
  kind: 'review' | 'suggestions';
  /** How many comments it posts (the most severe). */
  maxComments: number;
  /** The severity that fails its check run. */
  failOn?: Severity;
  /** The least severity a comment may have (review.min_severity): AddReviewComment refuses the others. */
  minSeverity?: Severity;
  /** Whether a comment's anchor is on a line of the diff AddReviewComment checks against (else it goes into the review body). */
  anchorsIn?: (anchor: { path: string; line: number; side: Side; startLine?: number; startSide?: Side }) => boolean;
  /**
   * On a follow-up review, Deckhand's earlier threads whose line the new
   * commits changed (their first comments' ids): any other open one of them
   * still stands for the check run, whatever the model says.
   */
  changedThreads?: readonly number[];
}

export interface Plan {
  firstMessage: string;
  commit: CommitPlan;
  review?: ReviewPlan;
}
