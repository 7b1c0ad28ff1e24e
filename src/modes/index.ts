// The five modes, each a small table of choices: which tools the model gets,
// what it is told first, and what gets published (product.md §3–§4).
import picomatch from 'picomatch';
import { renderGitHubContext } from '../context/github-context.js';
import type { ChangedFile, GitHubContext, ReviewThread } from '../core/context.js';
import type { Severity } from '../core/review.js';
import type { CiRun, Mode, Trigger } from '../core/trigger.js';
import { type Hunk, parsePatch } from '../github/diff.js';
import { renderPrompt } from '../prompts/load.js';
import { createAddReviewCommentTool, DEFAULT_MAX_REVIEW_COMMENTS } from '../tools/add-review-comment.js';
import { createAgentTool } from '../tools/agent.js';
import { bashTool } from '../tools/bash.js';
import { editTool } from '../tools/edit.js';
import { globTool } from '../tools/glob.js';
import { grepTool } from '../tools/grep.js';
import { pullRequestDiffTool } from '../tools/pull-request-diff.js';
import { readTool } from '../tools/read.js';
import { createReplyToReviewThreadTool } from '../tools/reply-to-review-thread.js';
import { todoWriteTool } from '../tools/todo-write.js';
import type { ToolKind } from '../tools/tool.js';
import { writeTool } from '../tools/write.js';
import { touchedThreads } from './follow-ups.js';

/** Where the agent's file changes go when it finishes. */
/** `trailers`: lines the commit message ends with (a ci-fix commit names the run it fixes). */
export type CommitPlan =
  | { kind: 'none' }
  /** Fast-forward the same-repo pull request's head branch. */
  | { kind: 'pr-head'; branch: string; trailers?: readonly string[] }
  /** A new branch (and, with open_pr, a pull request). */
  | { kind: 'new-branch'; name: string; fixes?: number; trailers?: readonly string[] };

export interface ModePlan {
  mode: Mode;
  tools: readonly ToolKind[];
  firstMessage: string;
  commit: CommitPlan;
  /** Whether the inline comments the model adds (Outcome.reviewComments) are posted as one review: always (review mode), or when there are some. */
  /** `maxComments`: how many comments it posts (the most severe); `failOn`: the severity that fails its check run. */
  review?: { always: boolean; maxComments: number; failOn?: Severity };
}

export interface PlanSettings {
  prompt: string;
  root: string;
  /** The branch a new branch is named for ("deckhand/issue-12-fix-the-typo" and the like). */
  newBranchName: string;
  /** For an incremental review: the files changed since the last reviewed head, and that head. */
  incremental?: { since: string; files: ChangedFile[] };
  /** ci-fix: the failed jobs as the first message shows them, and the trailer its commit carries. */
  ciFix?: { failures: string; trailer: string };
  /** The repository config's review section. */
  review?: { instructions?: string; ignore: readonly string[]; maxComments?: number; minSeverity?: Severity; failOn?: Severity };
}

/** Files a review leaves alone (`review.ignore`): not shown, not commentable. */
function reviewable(files: readonly ChangedFile[], ignore: readonly string[]): ChangedFile[] {
  if (ignore.length === 0) return [...files];
  // gitignore-style: a pattern without a slash matches the name at any depth.
  const matchers = ignore.map((glob) => picomatch(glob.replace(/^\//, ''), { dot: true, basename: !glob.replace(/\/$/, '').includes('/') }));
  return files.filter((file) => !matchers.some((match) => match(file.path)));
}

const READ_TOOLS: readonly ToolKind[] = [readTool, globTool, grepTool];
const ALL_TOOLS: readonly ToolKind[] = [readTool, writeTool, editTool, globTool, grepTool, bashTool, todoWriteTool];

function hunksOf(files: readonly ChangedFile[]): Map<string, Hunk[]> {
  return new Map(files.map((f) => [f.path, f.patch === undefined ? [] : parsePatch(f.patch)]));
}

function message(task: string, settings: PlanSettings, context: GitHubContext, files?: readonly ChangedFile[], followUps: readonly ReviewThread[] = [], ciRun?: CiRun): string {
  const extra = settings.prompt.trim() ? `\n\n${renderPrompt('modes/extra.md', { prompt: settings.prompt.trim() })}` : '';
  const data = renderGitHubContext(context, {
    ...(files ? { files } : {}),
    ...(followUps.length > 0 ? { followUps } : {}),
    ...(ciRun && settings.ciFix ? { ciRun: { run: ciRun, failures: settings.ciFix.failures } } : {}),
  });
  return [task + extra, data].filter(Boolean).join('\n\n');
}

/** The mode's plan; every mode may also hand searches to explore agents (Agent). */
export function planMode(trigger: Trigger, context: GitHubContext, settings: PlanSettings): ModePlan {
  const plan = modePlan(trigger, context, settings);
  return { ...plan, tools: [...plan.tools, createAgentTool()] };
}

function modePlan(trigger: Trigger, context: GitHubContext, settings: PlanSettings): ModePlan {
  const number = String(trigger.number ?? '');
  const actor = trigger.actor.login;
  switch (trigger.mode) {
    case 'task':
      return {
        mode: 'task',
        tools: ALL_TOOLS,
        firstMessage: renderPrompt('modes/task.md', { prompt: settings.prompt.trim() }),
        commit: { kind: 'new-branch', name: settings.newBranchName },
      };
    case 'fix':
      return {
        mode: 'fix',
        tools: ALL_TOOLS,
        firstMessage: message(renderPrompt('modes/fix.md', { number }), settings, context),
        commit: { kind: 'new-branch', name: settings.newBranchName, fixes: trigger.number! },
      };
    case 'review': {
      const pull = context.pull!;
      const ignore = settings.review?.ignore ?? [];
      const inReview = reviewable(pull.files, ignore);
      const kept = new Set(inReview);
      const ignored = pull.files.filter((file) => !kept.has(file)).map((file) => file.path);
      const scope = {
        files: hunksOf(inReview),
        maxComments: settings.review?.maxComments ?? DEFAULT_MAX_REVIEW_COMMENTS,
        ...(settings.review?.minSeverity ? { minSeverity: settings.review.minSeverity } : {}),
      };
      // A follow-up review says, per earlier finding the new commits touched, whether it was addressed.
      const followUps = settings.incremental ? touchedThreads(context.threads, settings.incremental.files) : [];
      const task = [
        renderPrompt('modes/review.md', { number }),
        ...(settings.incremental ? [renderPrompt('modes/review-incremental.md', { since: settings.incremental.since.slice(0, 12) })] : []),
        ...(followUps.length > 0 ? [renderPrompt('modes/review-follow-ups.md', {})] : []),
        ...(settings.review?.instructions ? [renderPrompt('modes/review-instructions.md', { instructions: settings.review.instructions.trim() })] : []),
      ].join('\n\n');
      return {
        mode: 'review',
        // Read-only, whatever the model says: no file-changing tools and no Bash.
        tools: [
          ...READ_TOOLS,
          pullRequestDiffTool(inReview, { ignored }),
          createAddReviewCommentTool(scope),
          ...(context.threads.length > 0 ? [createReplyToReviewThreadTool(context.threads)] : []),
        ],
        firstMessage: message(task, settings, context, reviewable(settings.incremental?.files ?? pull.files, ignore), followUps),
        commit: { kind: 'none' },
        review: { always: true, maxComments: scope.maxComments, ...(settings.review?.failOn ? { failOn: settings.review.failOn } : {}) },
      };
    }
    case 'ci-fix': {
      const run = trigger.ciRun!;
      const trailers = settings.ciFix ? [settings.ciFix.trailer] : [];
      if (!context.pull) {
        // A push to the default branch: the fix goes on a new branch, with a pull request.
        return {
          mode: 'ci-fix',
          tools: ALL_TOOLS,
          firstMessage: message(renderPrompt('modes/ci-fix-push.md', { branch: run.headBranch }), settings, context, undefined, [], run),
          commit: { kind: 'new-branch', name: settings.newBranchName, trailers },
        };
      }
      return {
        mode: 'ci-fix',
        tools: [...ALL_TOOLS, pullRequestDiffTool(context.pull.files)],
        firstMessage: message(renderPrompt('modes/ci-fix.md', { number, branch: context.pull.headRef }), settings, context, undefined, [], run),
        commit: { kind: 'pr-head', branch: context.pull.headRef, trailers },
      };
    }
    case 'mention': {
      if (!context.pull) {
        return {
          mode: 'mention',
          tools: ALL_TOOLS,
          firstMessage: message(renderPrompt('modes/mention-issue.md', { actor, number }), settings, context),
          commit: { kind: 'new-branch', name: settings.newBranchName, fixes: trigger.number! },
        };
      }
      const scope = { files: hunksOf(context.pull.files), maxComments: DEFAULT_MAX_REVIEW_COMMENTS };
      const review = { always: false, maxComments: scope.maxComments };
      // The first message holds the pull request's diff within a budget; this reads the rest.
      const diff = pullRequestDiffTool(context.pull.files);
      if (context.pull.fromFork) {
        // A fork's branch cannot be pushed to, and its code is not the repository's to run.
        return {
          mode: 'mention',
          tools: [...READ_TOOLS, diff, todoWriteTool, createAddReviewCommentTool(scope)],
          firstMessage: message(renderPrompt('modes/mention-fork.md', { actor, number }), settings, context),
          commit: { kind: 'none' },
          review,
        };
      }
      return {
        mode: 'mention',
        tools: [...ALL_TOOLS, diff, createAddReviewCommentTool(scope)],
        firstMessage: message(renderPrompt('modes/mention-pull.md', { actor, number, branch: context.pull.headRef }), settings, context),
        commit: { kind: 'pr-head', branch: context.pull.headRef },
        review,
      };
    }
  }
}
