// After the agent: its file changes committed (onto the PR head or a new
// branch, then a pull request or a compare link), its inline comments posted
// as one review, and the tracking comment replaced by the answer.
import { changedPaths, patchOf, readChanges, type ChangeContent } from '../checkout/changes.js';
import type { GitHubContext } from '../core/context.js';
import type { Outcome } from '../core/outcome.js';
import type { Severity, ThreadReply } from '../core/review.js';
import type { Trigger } from '../core/trigger.js';
import { GitHubError, type GitHub } from '../github/api.js';
import { isValidBranchName } from '../github/branch-name.js';
import { CommitRefused, freeBranchName } from '../github/commit.js';
import { MARKER } from '../github/markers.js';
import type { Writer } from '../github/writer.js';
import type { ModePlan } from '../modes/index.js';
import type { Repo } from '../safety/git.js';
import { refuseUnpublishable, SecretRefused } from './commit.js';
import { postReview, REVIEW_CHECK, reviewCheck, severityOf, type ReviewOutcome } from './review.js';
import { commitMessage, neutralised, pullRequestBody, titleAndBody, verdictSection, type Links, type RunFacts } from './text.js';

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
export type PublishPlan = Pick<ModePlan, 'mode' | 'commit' | 'review'>;

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

function fallbackTitle(trigger: Trigger, context: GitHubContext): string {
  if (trigger.mode === 'task') return 'Deckhand: scheduled task';
  if (trigger.ciRun) return `Fix the failed ${trigger.ciRun.name || 'CI'} run`.slice(0, 72);
  if (context.number !== undefined) return `Fix #${context.number}: ${context.title}`.slice(0, 72);
  return 'Changes by Deckhand';
}

/**
 * Who asked, for the commit's Co-authored-by: the sender of an issue, comment
 * or pull-request event, or the person who dispatched a task run (a schedule
 * has nobody; bots are no co-authors).
 */
function coAuthorOf(trigger: Trigger): { login: string; id?: number } | undefined {
  // A CI fix was asked by nobody: a failed run woke it.
  if (trigger.mode === 'ci-fix') return undefined;
  const { login, type, id } = trigger.actor;
  if (login === 'unknown') return undefined;
  if (!trigger.checkActor && (type === 'Bot' || login.toLowerCase().endsWith('[bot]'))) return undefined;
  return { login, ...(id ? { id } : {}) };
}

/** Everything publishing reads: what the run was, what the agent made of it, and where it goes. */
export interface PublishRequest {
  writer: Writer;
  api: GitHub | undefined;
  plan: PublishPlan;
  trigger: Trigger;
  context: GitHubContext;
  outcome: Outcome;
  facts: RunFacts;
  settings: PublishSettings;
}

/**
 * The model failed mid-run: what the agent changed so far is kept on a new
 * branch — not the pull request's, and with no pull request opened, since it
 * is unfinished. Gives back what was published and the reason the run fails,
 * which names that branch (or says why nothing could be kept).
 */
export async function publishUnfinished(
  request: PublishRequest,
  branchName: string,
): Promise<{ published: Published; unpublished?: string; reason: string }> {
  const { plan, outcome, settings } = request;
  const unfinished: PublishPlan = { mode: plan.mode, commit: { kind: 'new-branch', name: branchName } };
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

/**
 * The model's replies to earlier review threads, each with Deckhand's mark; a
 * thread it said was addressed is resolved (GraphQL). A reply or a resolution
 * that fails is a warning: the review is already posted.
 */
async function replyInThreads(writer: Writer, number: number, replies: readonly ThreadReply[], warn: (message: string) => void) {
  let replied = 0;
  let resolved = 0;
  for (const reply of replies) {
    try {
      await writer.replyInThread(number, reply.rootId, `${reply.body}\n\n${MARKER}`);
      replied++;
    } catch (err) {
      warn(`Could not reply in the review thread of comment ${reply.rootId} (${(err as Error).message}); going on.`);
      continue;
    }
    if (!reply.resolve) continue;
    try {
      await writer.resolveThread(number, reply.rootId);
      resolved++;
    } catch (err) {
      warn(`Could not resolve the review thread of comment ${reply.rootId} (${(err as Error).message}); the reply is posted.`);
    }
  }
  return { replied, resolved };
}

export async function publish(request: PublishRequest): Promise<Published> {
  const { writer, api, plan, trigger, context, outcome, facts, settings } = request;
  const published: Published = { links: {} };
  const stoppedEarly = outcome.terminal.reason === 'completed' ? undefined : outcome.terminal.message;
  const repoUrl = `${settings.serverUrl}/${settings.repository}`;
  let changes: ChangeContent[] = [];
  let reviewing = false;
  try {
    // Without a git checkout there is nothing to compare against, so nothing to commit.
    // Read once, as a commit would hold them: the secret check, the commit, the dry run and a patch all see these bytes.
    changes = plan.commit.kind === 'none' || !settings.baseSha ? [] : readChanges(settings.repo.root, await changedPaths(settings.repo, settings.baseSha));
    if (changes.length > 0 && plan.commit.kind !== 'none') {
      if (!api) throw new Error('The agent changed files, but there is no github_token to commit them with.');
      refuseUnpublishable(changes, settings.findSecret);
      // Closing keywords and trailers in the model's text (or an issue's title) are neutralised: only Deckhand's own may close an issue or credit anyone.
      const written = titleAndBody(outcome.answer, fallbackTitle(trigger, context));
      const title = neutralised(written.title);
      const body = neutralised(written.body);
      const asker = coAuthorOf(trigger);
      const message = commitMessage(title, body || `Made by Deckhand: ${facts.runUrl}`, asker, plan.commit.trailers);
      const createBranch = plan.commit.kind === 'new-branch';
      const branch = plan.commit.kind === 'pr-head' ? plan.commit.branch : await freeBranchName(api, plan.commit.name);
      // A branch name from an event is checked as git would (git check-ref-format) before it is used.
      if (!isValidBranchName(branch)) throw new CommitRefused(`The branch name ${JSON.stringify(branch)} is not a valid git branch name, so nothing was committed.`);
      if (branch === (await settings.defaultBranch())) {
        throw new CommitRefused(`The pull request's branch is ${branch}, the default branch: Deckhand never commits to it, so the changes were not committed.`);
      }
      const { sha } = await writer.commit({ repo: settings.repo, baseSha: settings.baseSha, branch, createBranch, message, changes });
      published.branch = branch;
      published.commitSha = sha;
      published.links.branch = { name: branch, url: `${repoUrl}/tree/${branch}` };
      published.links.commit = { sha, url: `${repoUrl}/commit/${sha}` };
      if (plan.commit.kind === 'new-branch') {
        const base = await settings.baseBranch();
        if (settings.openPr) {
          const run = trigger.ciRun;
          const about = run ? `The failed run: [${run.name || 'workflow'} run ${run.id}](${run.url}) on \`${run.headBranch}\` at ${run.headSha.slice(0, 7)}.` : undefined;
          // A final FAIL still publishes, as a draft that says why.
          const { verification } = outcome;
          const draft = verification?.verdict === 'FAIL';
          const { fixes } = plan.commit;
          const bodyOf = (asDraft: boolean) =>
            pullRequestBody(body, fixes, facts, stoppedEarly, about, verification ? neutralised(verdictSection(verification, asDraft)) : undefined);
          const pull = await writer.createPull({ title, head: branch, base, draft, body: bodyOf(draft) }).catch((err: unknown) => {
            // Some repositories cannot have drafts (a private one on GitHub Free): then an open pull request whose body says FAIL.
            if (!draft || !(err instanceof GitHubError) || err.status !== 422 || !/draft/i.test(err.message)) throw err;
            settings.warn(`GitHub refused a draft pull request (${err.message}); it was opened as a ready one, with the verifier's FAIL in its body.`);
            return writer.createPull({ title, head: branch, base, body: bodyOf(false) });
          });
          published.pullUrl = pull.url;
          published.links.pullRequest = pull;
        } else {
          published.links.compareUrl = `${repoUrl}/compare/${base}...${branch}?expand=1`;
        }
      }
    }
    if (plan.review && context.pull && (plan.review.always || outcome.reviewComments.length > 0)) {
      // In mention mode the answer goes in the tracking comment; the review carries only the inline comments.
      const summary = plan.mode === 'review' ? outcome.answer : `Inline comments for the request in the thread above.`;
      reviewing = true;
      published.review = await postReview(writer, {
        number: context.number!,
        headSha: context.pull.headSha,
        summary,
        comments: outcome.reviewComments,
        maxComments: plan.review.maxComments,
        posted: context.pull.postedAnchors,
        facts,
        ...(plan.mode === 'review' && stoppedEarly ? { stoppedEarly } : {}),
        // Only a review-mode review covers the whole head: mention suggestions do not make the next review incremental.
        recordsSha: plan.mode === 'review',
      });
      if (outcome.threadReplies.length > 0) published.threads = await replyInThreads(writer, context.number!, outcome.threadReplies, settings.warn);
      if (plan.mode === 'review') {
        // Earlier findings the model said still stand count against the check as if posted again.
        const standing = outcome.threadReplies
          .filter((r) => !r.resolve)
          .map((r) => context.threads.find((t) => t.rootId === r.rootId))
          .filter((t) => t?.comments[0]?.author.permission === 'deckhand')
          .map((t) => severityOf(t!.comments[0]!.body))
          .filter((s): s is Severity => s !== undefined);
        const check = reviewCheck(published.review, context.pull.headSha, plan.review.failOn, standing);
        published.check = await writer.createCheckRun(check).then(
          ({ url }) => ({ url, conclusion: check.conclusion }),
          (err: Error) => {
            const hint = err instanceof GitHubError && err.status === 403 ? ' The workflow needs `checks: write` (and a GitHub App token: a personal access token cannot create check runs).' : '';
            settings.warn(`Could not create the "${REVIEW_CHECK}" check run (${err.message}); the review is posted.${hint}`);
            return undefined;
          },
        );
        if (!published.check) delete published.check;
      }
    }
    return published;
  } catch (err) {
    // The commit failed (GitHub refused or broke down, or the head moved): keep the work as a patch
    // in the job summary — unless a file holds a secret.
    const commitFailed = (err instanceof GitHubError || err instanceof CommitRefused) && !(err instanceof SecretRefused);
    if (commitFailed && !published.commitSha && changes.length > 0) {
      const patch = await patchOf(settings.repo, settings.baseSha, changes).catch(() => undefined);
      if (patch) {
        const kept = `### The changes that were not committed\n\nApply them with \`git apply\`:\n\n\`\`\`\`diff\n${patch}\`\`\`\`\n`;
        throw new PublishError(`${(err as Error).message} The changes were not committed; the job summary holds them as a patch.`, published, kept);
      }
    }
    // The review could not be posted: its text and comments go to the job summary.
    if (reviewing && !published.review && plan.review) {
      const items = outcome.reviewComments.map((c) => `- ${c.path}:${c.line} (${c.side}) — ${c.body.replace(/\n/g, '\n  ')}`);
      const answer = plan.mode === 'review' ? outcome.answer.trim() : '';
      const kept = `### The review that could not be posted\n\n${[answer, ...(items.length > 0 ? [items.join('\n')] : [])].filter(Boolean).join('\n\n')}\n`;
      throw new PublishError(`${(err as Error).message} The review was not posted; the job summary holds it.`, published, kept);
    }
    throw new PublishError((err as Error).message, published);
  }
}
