// What woke a run: which mode, on which issue or pull request, asked by whom,
// as modes/trigger.ts decides it from the event.

export type Mode = 'mention' | 'review' | 'fix' | 'task' | 'ci-fix';
export type ModeSetting = Mode | 'auto';

export interface Actor {
  login: string;
  type: string;
  /** GitHub's numeric user id, for the noreply address of a Co-authored-by line. */
  id?: number;
}

/** The comment (or review) that asked, with where it sits. */
export interface TriggerComment {
  id: number;
  kind: 'issue_comment' | 'review_comment' | 'review';
  body: string;
  /** null when the account was deleted (see event.ts). */
  author: Actor | null;
  createdAt: string;
  url?: string;
  /** For a review-comment thread: the file, the line and the diff hunk it is on. */
  thread?: { path: string; line: number | null; diffHunk: string; rootId: number };
}

export interface PullInfo {
  number: number;
  headRef: string;
  headSha: string;
  /** owner/name of the head repository; null when the fork was deleted. */
  headRepo: string | null;
  baseRef: string;
  baseSha: string;
  draft: boolean;
}

/** What a pull request is, as GitHub describes one (in an event, or from the REST API). */
export interface PullFacts {
  number: number;
  draft?: boolean;
  head: { ref: string; sha: string; repo?: { full_name: string } | null };
  base: { ref: string; sha: string };
}

export function pullInfoOf(pull: PullFacts): PullInfo {
  return {
    number: pull.number,
    headRef: pull.head.ref,
    headSha: pull.head.sha,
    headRepo: pull.head.repo?.full_name ?? null,
    baseRef: pull.base.ref,
    baseSha: pull.base.sha,
    draft: pull.draft === true,
  };
}

/** The failed workflow run a ci-fix run is about (the workflow_run event). */
export interface CiRun {
  id: number;
  /** The workflow's name ("CI"). */
  name: string;
  /** Its file, `.github/workflows/ci.yml`. */
  path: string;
  url: string;
  headSha: string;
  headBranch: string;
  /** What started it: `pull_request`, `push`, … */
  event: string;
  conclusion: string;
  attempt: number;
  /** Its title on GitHub: the pull request's title or the head commit's subject. */
  title: string;
  /** Who started (or re-ran) it; the trigger's `actor` is who pushed the commit. */
  triggeringActor: Actor;
  /** The base branch of the pull request the event lists for it (the trigger's `number`), as the event says. */
  listedBase?: string;
}

export interface Trigger {
  mode: Mode;
  event: string;
  action: string | undefined;
  /** Who sent the event. */
  actor: Actor;
  /** False for schedule and dispatch events: there the workflow file is the authority. */
  checkActor: boolean;
  /** The issue or pull request the work is about (none for task). */
  number?: number;
  isPullRequest: boolean;
  /** The issue or PR text as the event carried it: later edits are not taken in. */
  subject?: { title: string; body: string; author: Actor | null; createdAt: string; url?: string };
  pull?: PullInfo;
  comment?: TriggerComment;
  /** Comments and edits made after this moment are left out of the context. */
  pinnedAt: string;
  /** For pull_request synchronize: the head before and after the push. */
  synchronize?: { before: string; after: string };
  /** For workflow_run: the failed run. `number` is its pull request when GitHub listed one (else prepare looks it up). */
  ciRun?: CiRun;
}

/** What the modes make of an event: a run in one of them, or a skip (which writes nothing and makes no model call). */
export type TriggerDecision = { kind: 'run'; trigger: Trigger } | { kind: 'skip'; reason: string };
