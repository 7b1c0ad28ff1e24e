// What a mode is, in one place: which events it takes, whether it needs
// GitHub and who must be allowed to wake it, where its tracking comment goes,
// what it does before anything is posted and what it gathers, the plan it
// makes (its tools, its prompts, where commits go, whether it posts a
// review), its default rules and whether a verifier checks its work. prepare,
// work and publish read a spec and never ask which mode it is.
import type { LoadedPolicyFiles } from '../config/policy-files.js';
import type { RepoConfig } from '../config/repo.js';
import type { GitHubContext } from '../core/context.js';
import type { Plan } from '../core/plan.js';
import type { Actor, Mode, ModeSetting, Trigger, TriggerDecision } from '../core/trigger.js';
import type { GitHub } from '../github/api.js';
import type { CommentPlace } from '../github/tracking-comment.js';
import type { EventFacts } from '../github/wake.js';
import type { Writer } from '../github/writer.js';
import type { PermissionRule } from '../policy/rules.js';
import type { ToolKind } from '../tools/tool.js';

/**
 * How a mode takes an event: `auto` when `mode: auto` picks it there; `set`
 * when only the workflow's `mode:` may; or a test of the event for when the
 * workflow's `mode:` may (a comment on a pull request, not on an issue).
 */
export type EventRule = 'auto' | 'set' | ((event: EventFacts['base']) => boolean);

/** The plan, and the tools the agent is offered (before the policy leaves out those it would deny). */
export interface ModePlan extends Plan {
  tools: readonly ToolKind[];
}

export interface PlanSettings {
  /** The `prompt` input: the task of a task run, extra instructions otherwise. */
  prompt: string;
  /** The branch a new branch is named ("deckhand/issue-12-fix-the-typo" and the like). */
  branchName: string;
  /** The repository config's review section. */
  review: RepoConfig['review'];
  /** A fleet's target run: the fleet's id (input fleet_id). */
  fleet?: string;
  /** Path globs Read may not open (policy/run-policy.ts readDeniedGlobs): such a file's patch is not shown. */
  readDenied: readonly string[];
}

/** What a mode settled before anything is posted: the trigger as it now stands, and what it already read. */
export interface ModeStart {
  trigger: Trigger;
  /** The config and instruction files, when the mode read them from a branch of its own choosing. */
  policyFiles?: LoadedPolicyFiles;
  /** A commit to check out that is no pull request's head (a failed push to the default branch). */
  checkout?: { branch: string; headSha: string };
}

export interface StartContext {
  api: GitHub;
  trigger: Trigger;
  configPath: string;
  branchName: string;
  writer: Writer;
  defaultBranch: () => Promise<string>;
}

export interface GatherContext {
  api: GitHub;
  trigger: Trigger;
  token: string;
  apiUrl: string;
  /** The run's own folder: what a mode saves for the model to Read goes there. */
  tempDir: string;
  redact: (text: string) => string;
  warn: (message: string) => void;
}

export interface ModeSpec {
  readonly mode: Mode;
  /** The events it takes, by name. */
  readonly events: Readonly<Record<string, EventRule>>;
  /** Decides an event without reading its payload (a task: any scheduled or dispatched run), before any mode reads it; undefined leaves it to the others. */
  decide?(event: string, payload: unknown, settings: { mode: ModeSetting; prompt: string; now: Date }): TriggerDecision | undefined;
  /** It answers an issue or a pull request, so it needs a GitHub token and repository (a task answers to the workflow). */
  readonly needsGitHub: boolean;
  /** Who must be allowed to wake it, when not the event's sender alone. */
  askers?(trigger: Trigger): Array<{ actor: Actor; role: string }>;
  /** It runs commands: its sandbox is probed at once, beside the first reads (a mode that runs none probes it only for hooks). */
  readonly runsCommands: boolean;
  /** Its plan may commit, so the checkout must be a git checkout. */
  readonly changesFiles: boolean;
  /** A verifier checks what it changed before anything is pushed (when its plan commits). */
  readonly verifies: boolean;
  /** It answers `@deckhand remember …` and `@deckhand forget …` with the Remember and Forget tools (a mention). */
  readonly takesMemoryRequests?: boolean;
  /** Its scheduled and dispatched runs consolidate the memories when that is due (a task). */
  readonly consolidatesMemory?: boolean;
  /** What it allows by default (the least trusted source of rules); `sandboxed`: Bash runs in the OS sandbox. */
  defaultRules(sandboxed: boolean): PermissionRule[];
  /** Where its tracking comment goes; none when the run posts no comment. */
  trackingPlace(trigger: Trigger): CommentPlace | undefined;
  /** The name of a new branch it commits to. */
  branchName(trigger: Trigger, settings: { prefix: string; now: Date; prompt: string; fleet?: string }): string;
  /** What it must know before anything is posted (where a fix goes, whether to go on at all). */
  start?(context: StartContext): Promise<ModeStart | { skip: string }>;
  /** What it gathers besides the GitHub context (`gathering`: the context, being read meanwhile), or a skip when there is nothing to do. */
  gather?(context: GatherContext, gathering: Promise<GitHubContext>): Promise<GitHubContext | { skip: string }>;
  plan(trigger: Trigger, context: GitHubContext, settings: PlanSettings): ModePlan;
}
