// ci-fix before the agent: where the fix goes (the run's pull request, or a
// new branch for a push to the default branch), whether the branch has moved
// on since the run failed, the policy files of the base branch, and the loop
// guard — past `ci_fix.max_attempts` Deckhand fixes in a row it says it
// stopped, on the pull request, and makes no model call.
import { loadPolicyFiles, type LoadedPolicyFiles } from '../config/policy-files.js';
import { MAX_CI_FIX_ATTEMPTS } from '../config/repo.js';
import type { Trigger } from '../core/trigger.js';
import type { GitHub } from '../github/api.js';
import type { Writer } from '../github/writer.js';
import { ciFixesInARow, ciStopComment, ciStopMark, ciTarget, type CiTarget } from '../modes/ci-run.js';

export interface CiFixStart {
  /** The trigger with the pull request it is about, when there is one. */
  trigger: Trigger;
  target: Exclude<CiTarget, { kind: 'skip' }>;
  /** The config and instruction files, from the pull request's base branch (or the default branch). */
  files: LoadedPolicyFiles;
}

export async function startCiFix(opts: {
  api: GitHub;
  trigger: Trigger;
  configPath: string;
  /** The branch a fix of a default-branch push goes on: a re-run of the same failed run finds it and stops. */
  fixBranch: string;
  writer: Writer;
  defaultBranch: () => Promise<string>;
}): Promise<CiFixStart | { skip: string }> {
  const { api, trigger, writer } = opts;
  const run = trigger.ciRun!;
  // The commits are those of the failed sha: if the branch moved on, the run is not fixed anyway.
  const [target, inARow] = await Promise.all([ciTarget(api, run, trigger.number, opts.defaultBranch), ciFixesInARow(api, run.headSha, MAX_CI_FIX_ATTEMPTS)]);
  if (target.kind === 'skip') return { skip: target.reason };
  const branch = target.kind === 'pull' ? target.headRef : target.branch;
  if (!target.headSha) return { skip: `the branch ${branch} no longer exists.` };
  if (target.headSha !== run.headSha) {
    return { skip: `the branch ${branch} has moved on since the failed run (from ${run.headSha.slice(0, 7)} to ${target.headSha.slice(0, 7)}): its CI runs again on the new head.` };
  }
  if (target.kind === 'default-branch' && (await api.branchSha(opts.fixBranch)) !== undefined) {
    return { skip: `the failed run already has a fix on the branch ${opts.fixBranch} (this is a re-run of it).` };
  }
  const files = await loadPolicyFiles((path, ref) => api.fileContent(path, ref), opts.configPath, target.kind === 'pull' ? target.baseRef : target.branch);
  const limit = files.config.ciFix.maxAttempts;
  if (inARow >= limit) {
    const reason = `the last ${inARow === 1 ? 'commit' : `${inARow} commits`} on ${branch} ${inARow === 1 ? 'is a CI fix' : 'are CI fixes'} by Deckhand, as many in a row as ci_fix.max_attempts (${limit}) allows, and CI still fails: Deckhand stopped.`;
    if (target.kind === 'pull') {
      // Once per head: a re-run, or a second failed workflow on the same commit, does not say it again.
      const said = await api.issueComments(target.number).then((comments) => comments.some((c) => (c.body ?? '').includes(ciStopMark(run.headSha))));
      if (!said) await writer.createComment(target.number, ciStopComment({ inARow, limit, branch, runUrl: run.url, headSha: run.headSha }));
    }
    return { skip: reason };
  }
  return { trigger: target.kind === 'pull' ? { ...trigger, number: target.number, isPullRequest: true } : trigger, target, files };
}
