// After the agent: its file changes committed (onto the PR head or a new
// branch, then a pull request or a compare link) and its inline comments
// posted as one review, as the mode's plan says; what could not be published
// is kept for the job summary. (The tracking comment's last word, the outputs
// and the summary are the run's ending: report.ts.)
import { changedPaths, patchOf, readChanges, type ChangeContent } from '../checkout/changes.js';
import type { CommitPlan } from '../core/plan.js';
import { GitHubError } from '../github/api.js';
import { CommitRefused } from '../github/commit.js';
import { commitWork, SecretRefused } from './commit.js';
import { PublishError, type Published, type PublishPlan, type PublishRequest } from './request.js';
import { commitMemories } from './memory.js';
export { commitMemories } from './memory.js';
import { postTheReview } from './review.js';

/**
 * The model failed mid-run: what the agent changed so far is kept on a new
 * branch — not the pull request's, and with no pull request opened, since it
 * is unfinished. Gives back what was published and the reason the run fails,
 * which names that branch (or says why nothing could be kept).
 */
export async function publishUnfinished(
  request: PublishRequest & { plan: { commit: Exclude<CommitPlan, { kind: 'none' }> } },
  branchName: string,
): Promise<{ published: Published; unpublished?: string; reason: string }> {
  const { plan, outcome, settings } = request;
  // Its own commit words, without trailers: an unfinished commit is not what the mode's commit would say it is.
  const { trailers: _trailers, ...words } = plan.commit.words;
  const unfinished: PublishPlan = { commit: { kind: 'new-branch', name: branchName, words } };
  const compareBase = plan.commit.kind === 'pr-head' ? plan.commit.branch : undefined;
  const note = `Unfinished work: Deckhand stopped with an error\n\n${outcome.terminal.message}\n\n${outcome.answer}`;
  try {
    const published = await publish({
      ...request,
      plan: unfinished,
      outcome: { ...outcome, answer: note },
      settings: { ...settings, openPr: false, ...(compareBase ? { baseBranch: () => Promise.resolve(compareBase) } : {}) },
    });
    const onBranch = published.branch ? ` The changes made so far are on the branch ${published.branch}, with no pull request opened.` : '';
    return { published, reason: `${outcome.terminal.message}${onBranch}` };
  } catch (err) {
    if (!(err instanceof PublishError)) throw err;
    return {
      published: err.published,
      ...(err.kept !== undefined ? { unpublished: err.kept } : {}),
      reason: `${outcome.terminal.message} The changes made so far could not be kept: ${err.message}`,
    };
  }
}

export async function publish(request: PublishRequest): Promise<Published> {
  const { plan, context, outcome, settings } = request;
  const published: Published = { links: {} };
  let changes: ChangeContent[] = [];
  let reviewing = false;
  try {
    // Without a git checkout there is nothing to compare against, so nothing to commit.
    // Read once, as a commit would hold them: the secret check, the commit, the dry run and a patch all see these bytes.
    changes = plan.commit.kind === 'none' || !settings.baseSha ? [] : readChanges(settings.repo.root, await changedPaths(settings.repo, settings.baseSha));
    if (changes.length > 0 && plan.commit.kind !== 'none') await commitWork(request, plan.commit, changes, published);
    if (plan.review && context.pull && (plan.review.kind === 'review' || outcome.reviewComments.length > 0)) {
      reviewing = true;
      await postTheReview(request, plan.review, context.pull, published);
    }
    return published;
  } catch (err) {
    throw await keptOf(err, request, { published, changes, reviewing });
  } finally {
    // What was taught is kept whatever became of the work (a refused push, a failed review).
    await commitMemories(request, published);
  }
}

/**
 * What could not be published goes to the job summary: a commit that failed
 * (GitHub refused or broke down, or the head moved) as a patch — unless a
 * file holds a secret — and a review that could not be posted as its text.
 */
async function keptOf(err: unknown, request: PublishRequest, state: { published: Published; changes: ChangeContent[]; reviewing: boolean }): Promise<PublishError> {
  const { plan, outcome, settings } = request;
  const { published, changes } = state;
  const commitFailed = (err instanceof GitHubError || err instanceof CommitRefused) && !(err instanceof SecretRefused);
  if (commitFailed && !published.commitSha && changes.length > 0) {
    const patch = await patchOf(settings.repo, settings.baseSha, changes).catch(() => undefined);
    if (patch) {
      const kept = `### The changes that were not committed\n\nApply them with \`git apply\`:\n\n\`\`\`\`diff\n${patch}\`\`\`\`\n`;
      return new PublishError(`${(err as Error).message} The changes were not committed; the job summary holds them as a patch.`, published, kept);
    }
  }
  if (state.reviewing && !published.review && plan.review) {
    const items = outcome.reviewComments.map((c) => `- ${c.path}:${c.line} (${c.side}) — ${c.body.replace(/\n/g, '\n  ')}`);
    const answer = plan.review.kind === 'review' ? outcome.answer.trim() : '';
    const kept = `### The review that could not be posted\n\n${[answer, ...(items.length > 0 ? [items.join('\n')] : [])].filter(Boolean).join('\n\n')}\n`;
    return new PublishError(`${(err as Error).message} The review was not posted; the job summary holds it.`, published, kept);
  }
  return new PublishError((err as Error).message, published);
}
