// mention: answers `@deckhand` in a comment, a review or a review-comment
// thread, or does the work asked. On a pull request whose head is in this
// repository, changes are committed to its head branch; on a fork's pull
// request it cannot push, so it answers, and may offer changes as review
// suggestions; on an issue, changes go to a new branch and a pull request, as
// a fix does. Its tracking comment is a reply in the thread that asked, or a
// comment on the issue or pull request.
import { checkAnchor, type ReviewAnchor } from '../github/diff.js';
import { issueBranch } from '../github/branch-name.js';
import { renderPrompt } from '../prompts/load.js';
import { createAddReviewCommentTool, DEFAULT_MAX_REVIEW_COMMENTS } from '../tools/add-review-comment.js';
import { pullRequestDiffTool } from '../tools/pull-request-diff.js';
import { todoWriteTool } from '../tools/todo-write.js';
import { CHANGE_TOOLS, CHANGING, commentPlace, commitWords, firstMessage, hunksOf, issueTitle, READ_TOOLS } from './shared.js';
import type { ModePlan, ModeSpec } from './spec.js';

export const mention: ModeSpec = {
  mode: 'mention',
  // A workflow may also set `mode: mention` for an issue event.
  events: { issue_comment: 'auto', pull_request_review_comment: 'auto', pull_request_review: 'auto', issues: 'set' },
  needsGitHub: true,
  ...CHANGING,
  takesMemoryRequests: true,
  trackingPlace: commentPlace,
  branchName: (trigger, { prefix }) => issueBranch(prefix, trigger.number!, trigger.subject?.title ?? ''),
  plan(trigger, context, settings): ModePlan {
    const vars = { actor: trigger.actor.login, number: String(trigger.number ?? '') };
    const words = commitWords(trigger, issueTitle(context));
    const { pull } = context;
    if (!pull) {
      return {
        tools: CHANGE_TOOLS,
        firstMessage: firstMessage(renderPrompt('modes/mention-issue.md', vars), settings, context),
        commit: { kind: 'new-branch', name: settings.branchName, fixes: trigger.number!, words },
      };
    }
    const scope = { files: hunksOf(pull.files), maxComments: DEFAULT_MAX_REVIEW_COMMENTS };
    const review = { kind: 'suggestions', maxComments: scope.maxComments, anchorsIn: (anchor: ReviewAnchor) => checkAnchor(scope.files, anchor).ok } as const;
    // The first message holds the pull request's diff within a budget; this reads the rest.
    const diff = pullRequestDiffTool(pull.files);
    if (pull.fromFork) {
      // A fork's branch cannot be pushed to, and its code is not the repository's to run.
      return {
        tools: [...READ_TOOLS, diff, todoWriteTool, createAddReviewCommentTool(scope)],
        firstMessage: firstMessage(renderPrompt('modes/mention-fork.md', vars), settings, context),
        commit: { kind: 'none' },
        review,
      };
    }
    return {
      tools: [...CHANGE_TOOLS, diff, createAddReviewCommentTool(scope)],
      firstMessage: firstMessage(renderPrompt('modes/mention-pull.md', { ...vars, branch: pull.headRef }), settings, context),
      commit: { kind: 'pr-head', branch: pull.headRef, words },
      review,
    };
  },
};
