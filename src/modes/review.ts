// review: one pull-request review — event COMMENT, never approve or request
// changes — with a summary and inline comments, on a pull request that is
// not a draft; read-only, whatever the model says. A follow-up review (its
// last review recorded a head that is still an ancestor) reviews only what
// changed since, and says per earlier finding the new commits touched whether
// it was addressed. It posts no tracking comment: the review is the output,
// with a check run on the head.
import { checkAnchor } from '../github/diff.js';
import type { ChangedFile, GitHubContext } from '../core/context.js';
import { changedFileOf, type GitHub } from '../github/api.js';
import { reviewGlobMatches } from '../safety/globs.js';
import { issueBranch } from '../github/branch-name.js';
import { renderPrompt } from '../prompts/load.js';
import { createAddReviewCommentTool, DEFAULT_MAX_REVIEW_COMMENTS } from '../tools/add-review-comment.js';
import { pullRequestDiffTool } from '../tools/pull-request-diff.js';
import { createReplyToReviewThreadTool } from '../tools/reply-to-review-thread.js';
import { changedThreads, touchedThreads } from './follow-ups.js';
import { firstMessage, hunksOf, READ_TOOLS, READING } from './shared.js';
import type { ModePlan, ModeSpec } from './spec.js';

/** Files a review leaves alone (`review.ignore`): not shown, not commentable. */
function reviewable(files: readonly ChangedFile[], ignore: readonly string[]): ChangedFile[] {
  if (ignore.length === 0) return [...files];
  // A pattern without a slash matches the name at any depth.
  return files.filter((file) => !ignore.some((glob) => reviewGlobMatches(glob, file.path)));
}

/**
 * What changed on the pull request since the head the last review covered, for
 * an incremental review; undefined when that head is no longer an ancestor (a
 * force-push: the whole pull request is reviewed again) or cannot be compared.
 */
export async function changesSince(api: GitHub, since: string, head: string): Promise<{ since: string; files: ChangedFile[] } | undefined> {
  const compare = await api.compare(since, head).catch(() => undefined);
  return compare?.status === 'ahead' ? { since, files: (compare.files ?? []).map(changedFileOf) } : undefined;
}

export const review: ModeSpec = {
  mode: 'review',
  // A workflow may also set `mode: review` for a comment or a review on a pull request.
  events: {
    pull_request: 'auto',
    pull_request_target: 'auto',
    issue_comment: (event) => event.isPullRequest,
    pull_request_review_comment: 'set',
    pull_request_review: 'set',
  },
  needsGitHub: true,
  ...READING,
  trackingPlace: () => undefined,
  branchName: (trigger, { prefix }) => issueBranch(prefix, trigger.number!, trigger.subject?.title ?? ''),
  // A head it already reviewed is not reviewed again; a later one, only for what changed since.
  async gather({ api }, gathering): Promise<GitHubContext | { skip: string }> {
    const context = await gathering;
    const since = context.pull?.lastReviewedSha;
    if (!context.pull || !since) return context;
    if (since === context.pull.headSha) return { skip: `Deckhand already reviewed ${since.slice(0, 7)}, the pull request's head.` };
    const changes = await changesSince(api, since, context.pull.headSha);
    return changes ? { ...context, pull: { ...context.pull, changesSinceReview: changes } } : context;
  },
  plan(trigger, context, settings): ModePlan {
    const pull = context.pull!;
    const config = settings.review;
    const inReview = reviewable(pull.files, config.ignore);
    const kept = new Set(inReview);
    const ignored = pull.files.filter((file) => !kept.has(file)).map((file) => file.path);
    const scope = {
      files: hunksOf(inReview),
      maxComments: config.maxComments ?? DEFAULT_MAX_REVIEW_COMMENTS,
      ...(config.minSeverity ? { minSeverity: config.minSeverity } : {}),
    };
    const since = pull.changesSinceReview;
    // A follow-up review says, per earlier finding the new commits touched, whether it was addressed.
    const followUps = since ? touchedThreads(context.threads, since.files) : [];
    const task = [
      renderPrompt('modes/review.md', { number: String(trigger.number ?? '') }),
      ...(since ? [renderPrompt('modes/review-incremental.md', { since: since.since.slice(0, 12) })] : []),
      ...(followUps.length > 0 ? [renderPrompt('modes/review-follow-ups.md', {})] : []),
      ...(config.instructions ? [renderPrompt('modes/review-instructions.md', { instructions: config.instructions.trim() })] : []),
    ].join('\n\n');
    return {
      // Read-only, whatever the model says: no file-changing tools and no Bash.
      tools: [
        ...READ_TOOLS,
        pullRequestDiffTool(inReview, { ignored }),
        createAddReviewCommentTool(scope),
        ...(context.threads.length > 0 ? [createReplyToReviewThreadTool(context.threads)] : []),
      ],
      firstMessage: firstMessage(task, settings, context, { files: reviewable(since?.files ?? pull.files, config.ignore), ...(followUps.length > 0 ? { followUps } : {}) }),
      commit: { kind: 'none' },
      review: {
        kind: 'review',
        maxComments: scope.maxComments,
        ...(config.failOn ? { failOn: config.failOn } : {}),
        ...(config.minSeverity ? { minSeverity: config.minSeverity } : {}),
        anchorsIn: (anchor) => checkAnchor(scope.files, anchor).ok,
        ...(since ? { changedThreads: changedThreads(context.threads, since.files).map((thread) => thread.rootId) } : {}),
      },
    };
  },
};
