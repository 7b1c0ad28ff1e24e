// ci-fix: a failed or timed-out workflow run is fixed on its pull request's
// branch (a fast-forward of the failed commit), or — for a push to the default
// branch — on a new branch `<branch_prefix>ci-fix-<run id>` with a pull
// request. Before anything is posted it finds where the fix goes, skips a
// branch that moved on, and holds the loop guard: past `ci_fix.max_attempts`
// fixes in a row it says it stopped, on the pull request, and makes no model
// call. Beside the GitHub context it reads the failed jobs' logs (ci-run.ts).
import { join } from 'node:path';
import { loadPolicyFiles } from '../config/policy-files.js';
import { MAX_CI_FIX_ATTEMPTS } from '../config/repo.js';
import type { Trigger } from '../core/trigger.js';
import type { ApiJob, GitHub } from '../github/api.js';
import { renderPrompt } from '../prompts/load.js';
import { pullRequestDiffTool } from '../tools/pull-request-diff.js';
import { ciFailures, ciFixesInARow, ciFixTrailer, ciStopComment, ciStopMark, ciTarget } from './ci-run.js';
import { CHANGE_TOOLS, CHANGING, firstMessage } from './shared.js';
import type { ModePlan, ModeSpec, ModeStart, StartContext } from './spec.js';

/** A failed run's jobs, asked for while the mode settles where the fix goes, for gather to read: one run's, by its GitHub client. */
const jobsAsked = new WeakMap<GitHub, Promise<ApiJob[]>>();

/**
 * Where the fix goes and whether to make one at all: the pull request the run
 * belongs to (or a push to the default branch), the policy files of its base
 * branch, and the loop guard.
 */
async function startCiFix({ api, trigger, configPath, branchName, writer, defaultBranch }: StartContext): Promise<ModeStart | { skip: string }> {
  const run = trigger.ciRun!;
  const load = (ref: string) => loadPolicyFiles((path, at) => api.fileContent(path, at), configPath, ref);
  // Read beside the lookups below, each a round trip to GitHub saved: the failed jobs (gather shows
  // their logs) and the policy files of the base the event names — the listed pull request's, or the
  // default branch for a push to it; read again only if the target's base turns out to be another.
  const jobs = api.runJobs(run.id);
  jobs.catch(() => undefined); // read by gather
  jobsAsked.set(api, jobs);
  const guessing = (async () => {
    const base = run.listedBase ?? ((await defaultBranch()) === run.headBranch ? run.headBranch : undefined);
    return base === undefined ? undefined : { base, files: load(base) };
  })();
  guessing.then((guess) => guess?.files.catch(() => undefined)).catch(() => undefined); // awaited below, when the guess was right
  // The commits are those of the failed sha: if the branch moved on, the run is not fixed anyway.
  const [target, inARow] = await Promise.all([ciTarget(api, run, trigger.number, defaultBranch), ciFixesInARow(api, run.headSha, MAX_CI_FIX_ATTEMPTS)]);
  if (target.kind === 'skip') return { skip: target.reason };
  const branch = target.kind === 'pull' ? target.headRef : target.branch;
  if (!target.headSha) return { skip: `the branch ${branch} no longer exists.` };
  if (target.headSha !== run.headSha) {
    return { skip: `the branch ${branch} has moved on since the failed run (from ${run.headSha.slice(0, 7)} to ${target.headSha.slice(0, 7)}): its CI runs again on the new head.` };
  }
  // A re-run of the same failed run finds the branch its fix went on, and stops.
  if (target.kind === 'default-branch' && (await api.branchSha(branchName)) !== undefined) {
    return { skip: `the failed run already has a fix on the branch ${branchName} (this is a re-run of it).` };
  }
  const base = target.kind === 'pull' ? target.baseRef : target.branch;
  const guess = await guessing.catch(() => undefined);
  const policyFiles = await (guess?.base === base ? guess.files : load(base));
  const limit = policyFiles.config.ciFix.maxAttempts;
  if (inARow >= limit) {
    const reason = `the last ${inARow === 1 ? 'commit' : `${inARow} commits`} on ${branch} ${inARow === 1 ? 'is a CI fix' : 'are CI fixes'} by Deckhand, as many in a row as ci_fix.max_attempts (${limit}) allows, and CI still fails: Deckhand stopped.`;
    if (target.kind === 'pull') {
      // Once per head: a re-run, or a second failed workflow on the same commit, does not say it again.
      const said = await api.issueComments(target.number).then((comments) => comments.some((c) => (c.body ?? '').includes(ciStopMark(run.headSha))));
      if (!said) await writer.createComment(target.number, ciStopComment({ inARow, limit, branch, runUrl: run.url, headSha: run.headSha }));
    }
    return { skip: reason };
  }
  // The pull request as read: gather asks for its head's checks at once.
  if (target.kind === 'pull') return { trigger: { ...trigger, number: target.number, isPullRequest: true, pull: target.pull }, policyFiles };
  // A push to the default branch: the failed commit, which the job may not have checked out.
  return { trigger, policyFiles, checkout: { branch: target.branch, headSha: run.headSha } };
}

/** Who must be allowed: who pushed the failed commit, and who started (or re-ran) the run. */
function askers({ actor, ciRun }: Trigger) {
  const starter = ciRun?.triggeringActor;
  if (!ciRun || !starter) return [{ actor, role: '' }];
  const pusher = { actor, role: ' (who pushed the failed commit)' };
  return starter.login.toLowerCase() === actor.login.toLowerCase() ? [pusher] : [pusher, { actor: starter, role: ' (who started the failed run)' }];
}

export const ciFix: ModeSpec = {
  mode: 'ci-fix',
  events: { workflow_run: 'auto' },
  needsGitHub: true,
  askers,
  ...CHANGING,
  // A comment on the pull request it fixes; a push to the default branch gets a pull request instead.
  trackingPlace: (trigger) => (trigger.number !== undefined ? { kind: 'issue', number: trigger.number } : undefined),
  branchName: (trigger, { prefix }) => `${prefix}ci-fix-${trigger.ciRun!.id}`,
  start: startCiFix,
  // The failed jobs' logs, downloaded beside the rest of the context.
  async gather({ api, trigger, token, apiUrl, tempDir, redact, warn }, gathering) {
    const jobs = jobsAsked.get(api);
    const failures = ciFailures({ api, run: trigger.ciRun!, ...(jobs ? { jobs } : {}), token, apiUrl, dir: join(tempDir, 'ci-logs'), redact, warn });
    failures.catch(() => undefined); // awaited below, after the context
    const context = await gathering;
    return { ...context, ciFailures: await failures };
  },
  plan(trigger, context, settings): ModePlan {
    const run = trigger.ciRun!;
    // A CI fix was asked by nobody: a failed run woke it. Its commit names the run it fixes (the loop guard counts these).
    const words = { fallbackTitle: `Fix the failed ${run.name || 'CI'} run`.slice(0, 72), trailers: [ciFixTrailer(run)] };
    const options = context.ciFailures !== undefined ? { ciRun: { run, failures: context.ciFailures } } : {};
    if (!context.pull) {
      // A push to the default branch: the fix goes on a new branch, with a pull request.
      return {
        tools: CHANGE_TOOLS,
        firstMessage: firstMessage(renderPrompt('modes/ci-fix-push.md', { branch: run.headBranch }), settings, context, options),
        commit: {
          kind: 'new-branch',
          name: settings.branchName,
          words,
          about: `The failed run: [${run.name || 'workflow'} run ${run.id}](${run.url}) on \`${run.headBranch}\` at ${run.headSha.slice(0, 7)}.`,
        },
      };
    }
    return {
      tools: [...CHANGE_TOOLS, pullRequestDiffTool(context.pull.files)],
      firstMessage: firstMessage(renderPrompt('modes/ci-fix.md', { number: String(trigger.number ?? ''), branch: context.pull.headRef }), settings, context, options),
      commit: { kind: 'pr-head', branch: context.pull.headRef, words },
    };
  },
};
