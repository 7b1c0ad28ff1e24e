// What publishing is given and what it gives back: the run's plan, context
// and outcome in; what was published (or, on a failure part-way, what was and
// what is kept for the job summary) out.
import type { GitHubContext } from '../core/context.js';
import type { Outcome } from '../core/outcome.js';
import type { Plan } from '../core/plan.js';
import type { Severity } from '../core/review.js';
import type { GitHub } from '../github/api.js';
import type { Writer } from '../github/writer.js';
import type { MemoryDesk } from '../knowledge/memory/desk.js';
import type { Memory, MemoryStore } from '../knowledge/memory/store.js';
import type { Repo } from '../safety/git.js';
import type { PullOutcome } from '../fleet/record.js';
import type { Links, MemoryReport, RunFacts } from './text.js';

export interface PublishSettings {
  /** The checkout, and the search path git is found on. */
  repo: Repo;
  /** The commit the checkout was at when the agent started. */
  baseSha: string;
  /** Base for new branches and pull requests. */
  baseBranch: () => Promise<string>;
  /** The repository's default branch, which Deckhand never commits to. */
  defaultBranch: () => Promise<string>;
  /** Finds a secret in a text (describing it without its value). */
  findSecret: (text: string) => string | undefined;
  openPr: boolean;
  serverUrl: string;
  repository: string;
  /** A warning for the log (what failed without failing the run). */
  warn: (message: string) => void;
}

/** What of the mode's plan publishing needs: where commits go and whether a review is posted (the tools and the first message were the agent's). */
export type PublishPlan = Pick<Plan, 'commit' | 'review'>;

/** A finding as the check run lists it: linked to its thread (or to the review, when it is in the review's body). */
export interface FindingLink {
  severity: Severity;
  path: string;
  /** Null for an earlier finding whose line is no longer in the diff (outdated). */
  line: number | null;
  /** Its first line. */
  text: string;
  url: string;
}

/** The review as posted. */
export interface ReviewOutcome {
  url: string;
  inline: number;
  inBody: number;
  /** Comments left out because an earlier review already made them on that line. */
  repeated: number;
  /** What was posted, per severity. */
  counts: Record<Severity, number>;
  /** Comments left out because the review carries at most `maxComments` (the least severe go first). */
  leftOut: number;
  /** Each finding posted. */
  findings: FindingLink[];
  /** Findings the second look refuted (not posted), and findings it could not check (posted as they were). */
  dropped: number;
  unchecked: number;
}

export interface Published {
  links: Links;
  review?: ReviewOutcome;
  /** Replies to earlier review threads, and how many of those threads were resolved. */
  threads?: { replied: number; resolved: number };
  /** The review's check run ("Deckhand review"), when one was made. */
  check?: { url: string; conclusion: 'neutral' | 'failure' };
  /** The branch committed to, whenever there was a commit. */
  branch?: string;
  commitSha?: string;
  pullUrl?: string;
  /** The memories the run was given, and what it saved or removed (with the memory branch's commit). */
  memory?: MemoryReport;
  /** A fleet target's pull request, and what this run did with it. */
  fleet?: { outcome: PullOutcome; number: number; url: string };
}


/** Something was published before a later step failed: what it was, so the failure message can link it. */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly published: Published,
    /** What could not be published, for the job summary (Markdown, with its heading), so it is not lost with the runner. */
    readonly kept?: string,
  ) {
    super(message);
  }
}

/** Everything publishing reads: what the run was, what the agent made of it, and where it goes. */
export interface PublishRequest {
  writer: Writer;
  api?: GitHub;
  plan: PublishPlan;
  context: GitHubContext;
  outcome: Outcome;
  facts: RunFacts;
  settings: PublishSettings;
  /** The memory branch and what the run was given of it, when memory is on. */
  memory?: { store: MemoryStore; recalled: { memories: Memory[] }; desk?: MemoryDesk; consolidate?: { lock: string } };
}
