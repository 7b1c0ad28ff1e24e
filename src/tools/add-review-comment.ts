// AddReviewComment: the model's inline comments for a pull-request review.
// Each anchor is checked against the PR's diff at once, so the model hears
// immediately when a line cannot carry a comment; such a comment is kept and
// listed in the review body instead (product.md §4). Nothing is posted here:
// the comments are collected and posted as one review when the run ends.
import { isAbsolute, relative } from 'node:path';
import { z } from 'zod';
import { atLeast, type DraftComment, SEVERITIES, type Severity, type Side } from '../core/review.js';
import { checkAnchor, type Hunk } from '../github/diff.js';
import { loadPrompt } from '../prompts/load.js';
import { fenceFor } from '../safety/markdown/commonmark.js';
import { defineTool, ToolError, type ToolKind } from './tool.js';

/**
 * What a review may comment on: the hunks of each changed file (what GitHub
 * accepts comments on), how many comments it posts (the most severe, when the
 * model makes more), and the least severity it posts at all.
 */
export interface ReviewScope {
  readonly files: ReadonlyMap<string, readonly Hunk[]>;
  readonly maxComments: number;
  readonly minSeverity?: Severity;
}

export const DEFAULT_MAX_REVIEW_COMMENTS = 50;
/** Drafts kept past maxComments, to choose the most severe from; a model past this is told to stop. */
const MAX_DRAFTS = 200;

const inputSchema = z.object({
  path: z.string().describe('The file path relative to the repository root (as in the diff)'),
  line: z.number().int().positive().describe('The line the comment is on (the last line, for a range): in the new file for side RIGHT, the old file for LEFT'),
  start_line: z.number().int().positive().optional().describe('The first line, for a comment on a range of lines'),
  side: z.enum(['RIGHT', 'LEFT']).optional().describe('RIGHT (default): new version of the file; LEFT: old version (removed lines)'),
  body: z.string().min(1).describe('The comment, in Markdown'),
  suggestion: z
    .string()
    .optional()
    .describe('Replacement text for lines start_line..line (or just line) of the new file, posted as a suggestion the author can apply'),
  current_code: z
    .string()
    .optional()
    .describe('The lines this comment is about, copied exactly from the file at the pull request head (side RIGHT); when the review double-checks its findings, one whose quote is not in the file is not posted'),
  severity: z
    .enum(SEVERITIES)
    .optional()
    .describe('blocking: must be fixed before merging (a bug, a security hole, data loss); important (default): should be fixed; nit: a small point the author may ignore'),
});

/** The comment text with its suggestion block; the fence is longer than any backtick run inside. */
export function renderCommentBody(body: string, suggestion: string | undefined): string {
  if (suggestion === undefined) return body.trim();
  const fence = fenceFor(suggestion);
  const lines = suggestion.replace(/\n$/, '');
  return `${body.trim()}\n\n${fence}suggestion\n${lines}${lines === '' ? '' : '\n'}${fence}`;
}

export function createAddReviewCommentTool(scope: ReviewScope): ToolKind {
  return defineTool(
    { name: 'AddReviewComment', description: loadPrompt('tools/AddReviewComment.md'), inputSchema, traits: { harmless: true } },
    ({ root, review }) => ({
      async validateInput(input) {
        if (input.suggestion !== undefined && input.side === 'LEFT') {
          return { ok: false, message: 'A suggestion replaces lines of the new version of the file: use side RIGHT (the default) for a comment with a suggestion.' };
        }
        if (input.start_line !== undefined && input.start_line > input.line) {
          return { ok: false, message: `start_line (${input.start_line}) must not be after line (${input.line}).` };
        }
        return { ok: true };
      },
      async call(input) {
        const severity: Severity = input.severity ?? 'important';
        if (scope.minSeverity && !atLeast(severity, scope.minSeverity)) {
          return { content: `Not added: this review posts only comments of severity ${scope.minSeverity} or above (review.min_severity), and this one is ${severity}. Leave it out, or mention it in your summary if it matters.` };
        }
        if (review.comments.length >= Math.max(scope.maxComments, MAX_DRAFTS)) {
          throw new ToolError(`The review already has ${review.comments.length} comments, far more than the ${scope.maxComments} it posts. Put anything else in your final summary.`);
        }
        const path = (isAbsolute(input.path) ? relative(root, input.path) : input.path).replace(/^\.\//, '');
        const side: Side = input.side ?? 'RIGHT';
        const startLine = input.start_line !== undefined && input.start_line !== input.line ? input.start_line : undefined;
        const check = checkAnchor(scope.files, { path, line: input.line, side, ...(startLine !== undefined ? { startLine, startSide: side } : {}) });
        const comment: DraftComment = {
          path,
          line: input.line,
          side,
          ...(startLine !== undefined ? { startLine, startSide: side } : {}),
          body: renderCommentBody(input.body, input.suggestion),
          anchored: check.ok,
          severity,
          ...(input.current_code?.trim() ? { currentCode: input.current_code } : {}),
        };
        review.comments.push(comment);
        const where = `${path} ${startLine !== undefined ? `lines ${startLine}-${input.line}` : `line ${input.line}`} (${side})`;
        const count = review.comments.length;
        const over =
          count > scope.maxComments
            ? ` The review now has ${count} comments, more than the ${scope.maxComments} it posts (review.max_comments): the ${scope.maxComments} most severe are posted (the first made, among equals), the rest left out.`
            : '';
        if (check.ok) return { content: `Comment added on ${where}; it will be posted with the review when you finish.${over}` };
        return { content: `${check.reason} The comment is kept and will be listed in the review body instead of inline.${over}` };
      },
    }),
  );
}
