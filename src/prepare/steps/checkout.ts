// Pull-request work happens on the PR head. When the job checked out something
// else (the merge commit of pull_request, the default branch of issue_comment),
// the head is fetched with a one-shot auth header — given on the command line
// for that one call, never written to git config — and checked out detached.
// When the head is already there, git never touches the network.
import { GitHubError, type GitHub } from '../../github/api.js';
import { git, type Repo } from '../../safety/git.js';
import { step } from '../runner.js';
import { Cancelled, type Values } from '../values.js';

/** The pull request's head could not be checked out; told in one line with git's reason. */
export class CheckoutError extends Error {
  override name = 'CheckoutError';
}

export interface CheckoutResult {
  /** The commit now checked out. */
  sha: string;
  fetched: boolean;
}

export async function headSha(repo: Repo): Promise<string> {
  return (await git(['rev-parse', 'HEAD'], repo)).trim();
}

/**
 * `pull.number`: a pull request's head, fetched as refs/pull/N/head; or
 * `pull.branch`: a branch's commit (ci-fix on a push), fetched from that branch.
 */
export async function ensureCheckedOut(repo: Repo, pull: { number: number; headSha: string } | { branch: string; headSha: string }, token: string): Promise<CheckoutResult> {
  const current = await headSha(repo).catch(() => '');
  if (current === pull.headSha) return { sha: current, fetched: false };
  const ref = 'number' in pull ? `refs/pull/${pull.number}/head` : `refs/heads/${pull.branch}`;
  const what = 'number' in pull ? 'the pull request head' : `the failed commit of ${pull.branch}`;
  const advice =
    'number' in pull
      ? 'Check out the pull request head in the checkout step (ref: github.event.pull_request.head.sha).'
      : 'Check out the failed commit in the checkout step (ref: github.event.workflow_run.head_sha).';
  try {
    const shallow = (await git(['rev-parse', '--is-shallow-repository'], repo)).trim() === 'true';
    const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
    await git(['fetch', '--no-tags', ...(shallow ? ['--depth=1'] : []), 'origin', `+${ref}`], repo, {
      // The empty value first clears any header a checkout step left in the config.
      config: [
        ['http.extraheader', ''],
        ['http.extraheader', header],
      ],
    });
    await git(['-c', 'advice.detachedHead=false', 'checkout', '--detach', pull.headSha], repo);
  } catch (err) {
    throw new CheckoutError(`Could not check out ${what} ${pull.headSha.slice(0, 7)}: ${(err as Error).message}. ${advice}`);
  }
  const now = await headSha(repo);
  if (now !== pull.headSha) throw new CheckoutError(`The checkout is at ${now.slice(0, 7)}, not at ${what} ${pull.headSha.slice(0, 7)}. ${advice}`);
  return { sha: now, fetched: true };
}

async function checkTargetHas(api: GitHub, sha: string, repository: string): Promise<void> {
  try {
    await api.commitInfo(sha);
  } catch (err) {
    if (!(err instanceof GitHubError) || (err.status !== 404 && err.status !== 422)) throw err;
    throw new CheckoutError(`The checkout is at ${sha.slice(0, 7)}, a commit ${repository} does not have: a fleet target's job checks out its target (actions/checkout with repository: \${{ matrix.repository }}).`);
  }
}

/** The checkout as the agent starts on it: the pull request's head, or the commit the mode names; its head and status. */
export const checkout = step<Values>()({
  // After the config: a failure of either is told in the order a run meets them.
  makes: 'checkout',
  needs: ['request', 'spec', 'started', 'repo', 'context', 'config', 'api'],
  async run({ request, spec, started, repo, context, api }, io) {
    if (io.cancellation.cancelled) throw new Cancelled();
    if (context.pull) await ensureCheckedOut(repo, { number: context.number!, headSha: context.pull.headSha }, request.token);
    else if (started.checkout) await ensureCheckedOut(repo, started.checkout, request.token);
    const baseSha = await headSha(repo).catch(() => '');
    // A fleet's target job checks out the target, not the repository its workflow is in: a commit the target lacks is told before any model call.
    if (request.inputs.fleet_id && api && baseSha) await checkTargetHas(api, baseSha, request.repositoryName);
    const gitStatus = baseSha ? await git(['status', '--short', '--branch'], repo).catch(() => '') : '';
    if (!baseSha && spec.changesFiles) io.warn(`${repo.root} is not a git checkout: Deckhand can run, but cannot commit what it changes.`);
    return { baseSha, gitStatus };
  },
});
