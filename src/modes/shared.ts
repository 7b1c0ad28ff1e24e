// What several modes do the same way: the tool sets, the default rules of a
// mode that only reads and of one that changes the checkout, the first
// message around the GitHub context, who is credited as co-author, and where
// a tracking comment goes.
import { renderGitHubContext, type RenderOptions } from '../context/github-context.js';
import type { ChangedFile, GitHubContext } from '../core/context.js';
import type { CommitWords } from '../core/plan.js';
import type { Trigger } from '../core/trigger.js';
import { parsePatch, type Hunk } from '../github/diff.js';
import type { CommentPlace } from '../github/tracking-comment.js';
import { EVERY_MCP_TOOL, parseRule, type PermissionRule } from '../policy/rules.js';
import { renderPrompt } from '../prompts/load.js';
import { globTool } from '../tools/glob.js';
import { grepTool } from '../tools/grep.js';
import { ALL_TOOLS } from '../tools/index.js';
import { readTool } from '../tools/read.js';
import type { ToolKind } from '../tools/tool.js';
import type { PlanSettings } from './spec.js';

/** Reading the checkout, and nothing else. */
export const READ_TOOLS: readonly ToolKind[] = [readTool, globTool, grepTool];
/** Reading, changing, running commands in the checkout, and a checklist. */
export const CHANGE_TOOLS: readonly ToolKind[] = ALL_TOOLS;

/** A mode that only reads: it reads the checkout, and runs the repository's MCP tools only when an allow rule names them. */
export const readingRules = (): PermissionRule[] => ['Read', 'Glob', 'Grep'].map(parseRule);

/** A mode that changes the checkout: it may also edit, run Bash in the OS sandbox (without one, only the commands an allow rule names) and use every MCP tool. */
export const changingRules = (sandboxed: boolean): PermissionRule[] => [...['Read', 'Glob', 'Grep', 'Edit', ...(sandboxed ? ['Bash'] : [])].map(parseRule), EVERY_MCP_TOOL];

/** What a mode that reads only is, besides its own choices. */
export const READING = { runsCommands: false, changesFiles: false, verifies: false, defaultRules: readingRules } as const;
/** What a mode that changes the checkout is, besides its own choices. */
export const CHANGING = { runsCommands: true, changesFiles: true, verifies: true, defaultRules: changingRules } as const;

/** The first message: the mode's task (and the workflow's extra instructions), then the GitHub context as data. */
export function firstMessage(task: string, settings: PlanSettings, context: GitHubContext, options: RenderOptions = {}): string {
  const extra = settings.prompt.trim() ? `\n\n${renderPrompt('modes/extra.md', { prompt: settings.prompt.trim() })}` : '';
  return [task + extra, renderGitHubContext(context, { ...options, readDenied: settings.readDenied })].filter(Boolean).join('\n\n');
}

/**
 * Who asked, for a commit's Co-authored-by: the sender of an issue, comment
 * or pull-request event, or the person who dispatched a task run (a schedule
 * has nobody; bots are no co-authors).
 */
function coAuthorOf(trigger: Trigger): { login: string; id?: number } | undefined {
  const { login, type, id } = trigger.actor;
  if (login === 'unknown') return undefined;
  if (!trigger.checkActor && (type === 'Bot' || login.toLowerCase().endsWith('[bot]'))) return undefined;
  return { login, ...(id ? { id } : {}) };
}

/** What a commit for this trigger says besides the answer: the title when the answer gives none, and who asked. */
export function commitWords(trigger: Trigger, fallbackTitle: string): CommitWords {
  const coAuthor = coAuthorOf(trigger);
  return { fallbackTitle, ...(coAuthor ? { coAuthor } : {}) };
}

/** A commit's title when the answer gives none: the issue or pull request it is for. */
export function issueTitle(context: GitHubContext): string {
  return context.number !== undefined ? `Fix #${context.number}: ${context.title}`.slice(0, 72) : 'Changes by Deckhand';
}

/** The tracking comment of a run on an issue or pull request: a reply in the review thread that asked, else a comment. */
export function commentPlace(trigger: Trigger): CommentPlace {
  const thread = trigger.comment?.thread;
  return thread ? { kind: 'thread', number: trigger.number!, rootId: thread.rootId } : { kind: 'issue', number: trigger.number! };
}

/** The hunks of each changed file: where a review comment may be anchored. */
export function hunksOf(files: readonly ChangedFile[]): Map<string, Hunk[]> {
  return new Map(files.map((f) => [f.path, f.patch === undefined ? [] : parsePatch(f.patch)]));
}
