// What a run knows of the issue or pull request that woke it: the plain value
// prepare/gather.ts builds, which the mode renders for the model and publish
// reads back (the head to record, the anchors already posted).
/** A collaborator's permission on the repository, as GitHub's REST API names it. */
export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

export interface Person {
  login: string;
  /** Their permission on the repository; 'deckhand' for this action's own output; 'unknown' when GitHub would not say. */
  permission: Permission | 'deckhand' | 'unknown';
}

export interface ContextComment {
  id: number;
  author: Person;
  body: string;
  createdAt: string;
  kind: 'comment' | 'review';
}

export interface ReviewThread {
  rootId: number;
  path: string;
  line: number | null;
  /** GitHub marks the root comment outdated: its line is no longer in the pull request's diff. */
  outdated?: true;
  diffHunk: string;
  comments: ContextComment[];
}

export interface ChangedFile {
  path: string;
  previousPath?: string;
  status: string;
  additions: number;
  deletions: number;
  /** Unified-diff hunks; absent for binary or very large files. */
  patch?: string;
}

export interface FailedCheck {
  name: string;
  conclusion: string;
  summary: string;
}

/** An inline comment Deckhand already posted: a later review must not repeat it. */
export interface PostedAnchor {
  path: string;
  line: number;
  side: 'LEFT' | 'RIGHT';
}

export interface PullContext {
  headRef: string;
  headSha: string;
  headRepo: string | null;
  baseRef: string;
  baseSha: string;
  fromFork: boolean;
  files: ChangedFile[];
  /** Files the pull request changes that GitHub's file list leaves out (it lists at most 3,000). */
  unlistedFiles?: number;
  failedChecks: FailedCheck[];
  /** The head the latest Deckhand review covered (its reviewed-sha marker). */
  lastReviewedSha?: string;
  /** A follow-up review: the files changed since that head (when it is still an ancestor of the head). */
  changesSinceReview?: { since: string; files: ChangedFile[] };
  postedAnchors: PostedAnchor[];
}

export interface GitHubContext {
  repository: string;
  number?: number;
  isPullRequest: boolean;
  title: string;
  body: string;
  author?: Person;
  url?: string;
  /** Conversation in order, the triggering comment included (as the event carried it). */
  comments: ContextComment[];
  threads: ReviewThread[];
  pull?: PullContext;
  /** Id of the comment that asked (in `comments`, or in a thread). */
  requestId?: number;
  /** For a mention in a review-comment thread: that thread. */
  focusThread?: ReviewThread;
  /** A CI fix: the failed jobs of the run, as the first message shows them (their failed steps' output, the saved logs' paths). */
  ciFailures?: string;
}
