// A failed workflow run, for ci-fix: where the fix goes (the run's pull
// request, or a new branch for a push to the default branch), how many of
// Deckhand's CI fixes in a row the branch already has at its head (the loop
// guard), and the failed jobs' logs — saved whole for the model to Read, the
// output of their failed steps put in the first message.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pullInfoOf, type CiRun, type PullInfo } from '../core/trigger.js';
import { GitHubError, type ApiJob, type ApiPull, type GitHub } from '../github/api.js';
import { downloadJobLog, failedSections, printedLog, FAILURES_CHARS, jobLogUrl, renderFailures, type FailedJob } from '../github/ci-logs.js';
import { MARKER } from '../github/markers.js';

/** The trailer every ci-fix commit carries, naming the run it fixes: the loop guard counts these. */
export const CI_FIX_TRAILER = 'Deckhand-CI-Fix';

export const ciFixTrailer = (run: CiRun): string => `${CI_FIX_TRAILER}: ${run.url}`;

const TRAILER_LINE = new RegExp(`^${CI_FIX_TRAILER}:[ \\t]*\\S`, 'im');

/** Whether a commit message is one of Deckhand's CI fixes. */
export const isCiFixCommit = (message: string): boolean => TRAILER_LINE.test(message);

/** Where a ci-fix run commits; `headSha` is the branch's head now, to compare with the failed run's. */
export type CiTarget =
  | { kind: 'pull'; number: number; headRef: string; headSha: string; baseRef: string; pull: PullInfo }
  /** A push to the default branch: the fix goes on a new branch, with a pull request against it. */
  | { kind: 'default-branch'; branch: string; headSha: string }
  | { kind: 'skip'; reason: string };

const skip = (reason: string): CiTarget => ({ kind: 'skip', reason });

function fromPull(pull: ApiPull, repository: string): CiTarget {
  if (pull.state !== 'open') return skip(`pull request #${pull.number} is ${pull.state}.`);
  if (pull.head.repo?.full_name.toLowerCase() !== repository.toLowerCase()) {
    return skip(`pull request #${pull.number} is from ${pull.head.repo?.full_name ?? 'a deleted fork'}, a fork: Deckhand never fixes a fork's run.`);
  }
  return { kind: 'pull', number: pull.number, headRef: pull.head.ref, headSha: pull.head.sha, baseRef: pull.base.ref, pull: pullInfoOf(pull) };
}

/**
 * The pull request the run belongs to: the one GitHub listed (`listed`), else
 * an open one whose head is the run's branch (the one at the run's sha first).
 * Without one, a push to the default branch is fixed on a new branch; any
 * other branch is a skip.
 */
export async function ciTarget(api: GitHub, run: CiRun, listed: number | undefined, defaultBranch: () => Promise<string>): Promise<CiTarget> {
  const repository = `${api.owner}/${api.repo}`;
  if (listed !== undefined) {
    const pull = await api.pull(listed);
    // The number is the event's word: here it is believed only for a pull request from the run's branch.
    if (pull.head.ref === run.headBranch) return fromPull(pull, repository);
  }
  const [open, main] = await Promise.all([api.openPullsFrom(`${api.owner}:${run.headBranch}`), defaultBranch()]);
  const pull = open.find((p) => p.head.sha === run.headSha) ?? open.find((p) => p.head.ref === run.headBranch);
  if (pull) return fromPull(pull, repository);
  if (run.headBranch !== main) return skip(`the failed run is on the branch ${run.headBranch}, which has no open pull request and is not the default branch.`);
  if (run.event !== 'push') return skip(`the failed run on ${main}, the default branch, was started by ${run.event}, not a push: only a push to it is fixed.`);
  return { kind: 'default-branch', branch: main, headSha: (await api.branchSha(main)) ?? '' };
}

/**
 * How many of Deckhand's CI fixes sit in a row at the head `sha` (up to
 * `most`): a commit without the trailer — anyone else's — ends the count.
 */
export async function ciFixesInARow(api: GitHub, sha: string, most: number): Promise<number> {
  const commits = await api.commits(sha, most + 1);
  const first = commits.findIndex((c) => !isCiFixCommit(c.commit.message));
  return first === -1 ? commits.length : first;
}

/** The conclusions of a job (and of a step) whose output is shown. A cancelled job is a sibling stopped by fail-fast, not a cause. */
const JOB_FAILED = new Set(['failure', 'timed_out']);
const STEP_FAILED = new Set(['failure', 'timed_out', 'cancelled']);
/** The most failed jobs whose logs are downloaded (a matrix can fail in dozens of places with one cause). */
export const MAX_FAILED_JOBS = 10;

/** A job's name as a file name: matrix jobs are named like `test (ubuntu-latest, 20)`. */
function fileName(job: ApiJob): string {
  const name = job.name.replace(/[^A-Za-z0-9._-]+/g, '-');
  // No `-` or `.` first and no `-` last, trimmed by hand (a pattern for the end would rescan a run of dashes from each).
  let start = 0;
  while (name[start] === '-' || name[start] === '.') start++;
  let end = name.length;
  while (end > start && name[end - 1] === '-') end--;
  return `${job.id}-${(name.slice(start, end) || 'job').slice(0, 80)}.log`;
}

export interface CiFailuresRequest {
  api: GitHub;
  run: CiRun;
  /** The run's jobs, when they were asked for already (while the mode settled where the fix goes). */
  jobs?: Promise<ApiJob[]>;
  token: string;
  /** The API's base URL: the log endpoint is under it, and only its origin is given the token. */
  apiUrl: string;
  /** Where the full logs are saved (a folder of the action's temp folder, which Read may open). */
  dir: string;
  /** Secrets out, before a log is saved or shown. */
  redact: (text: string) => string;
  warn: (message: string) => void;
}

/**
 * The failed jobs of the run's latest attempt, as the first message shows
 * them (ci-logs.ts renderFailures): each job's log downloaded, its terminal
 * codes and invisible characters removed, redacted and saved in `dir`, and
 * the output of its failed steps. A log that cannot be downloaded is said to
 * be missing (and warned about); the jobs that cannot be listed fail the run,
 * since without them there is nothing to fix.
 */
export async function ciFailures(request: CiFailuresRequest): Promise<string> {
  const { api, run } = request;
  let jobs: ApiJob[];
  try {
    jobs = await (request.jobs ?? api.runJobs(run.id));
  } catch (err) {
    const hint = err instanceof GitHubError && (err.status === 403 || err.status === 404) ? ' The workflow needs `actions: read` to read a run\'s jobs and logs.' : '';
    throw new GitHubError(`Could not read the jobs of the failed run ${run.id}: ${(err as Error).message}.${hint}`, err instanceof GitHubError ? err.status : undefined);
  }
  const failed = jobs.filter((job) => job.conclusion !== null && JOB_FAILED.has(job.conclusion));
  if (failed.length === 0) {
    return `GitHub lists no failed job in this run (${jobs.length} job${jobs.length === 1 ? '' : 's'}): the failure may be in the workflow file itself, or the run was cancelled. Look at ${run.path} and the run's page.`;
  }
  mkdirSync(request.dir, { recursive: true });
  const shown = failed.slice(0, MAX_FAILED_JOBS);
  const rendered: FailedJob[] = await Promise.all(
    shown.map(async (job): Promise<FailedJob> => {
      const steps = (job.steps ?? []).filter((step) => step.conclusion !== null && STEP_FAILED.has(step.conclusion)).map((step) => step.name);
      try {
        const log = await downloadJobLog({ url: jobLogUrl(request.apiUrl, api.owner, api.repo, job.id), token: request.token, job: job.name || String(job.id) });
        // Codes and invisible characters out first: the redactor must see what the model will.
        const text = request.redact(printedLog(log.text));
        const logPath = join(request.dir, fileName(job));
        writeFileSync(logPath, text);
        return { name: job.name, sections: failedSections(text, steps), logPath, ...(log.droppedBytes ? { droppedBytes: log.droppedBytes } : {}) };
      } catch (err) {
        request.warn(`${(err as Error).message}; the model is told the log is missing.`);
        return { name: job.name, sections: [], unavailable: (err as Error).message };
      }
    }),
  );
  const more = failed.length - shown.length;
  const note = more > 0 ? `\n\n(${more} more failed job${more === 1 ? ' is' : 's are'} not shown: only the first ${MAX_FAILED_JOBS} failed jobs' logs are read.)` : '';
  return `${renderFailures(rendered, FAILURES_CHARS - note.length)}${note}`;
}

/** The hidden line a ci-fix stop comment carries for the head it stopped at: one stop comment per head. */
export const ciStopMark = (headSha: string): string => `<!-- deckhand:ci-stop ${headSha} -->`;

/** What ci-fix posts instead of another fix when the loop guard holds it back (no model call is made). */
export function ciStopComment(stop: { inARow: number; limit: number; branch: string; runUrl: string; headSha: string }): string {
  const fixes = stop.inARow === 1 ? 'commit is a CI fix' : `${stop.inARow} commits are CI fixes`;
  return [
    `🛑 **Deckhand stopped fixing CI on \`${stop.branch}\`.** The branch's last ${fixes} by Deckhand — as many in a row as \`ci_fix.max_attempts\` (${stop.limit}) allows — and CI still fails: [the failed run](${stop.runUrl}) at ${stop.headSha.slice(0, 7)}.`,
    `It tries again only after someone else pushes to the branch. To give it more attempts, raise \`ci_fix.max_attempts\` in the config file on the base branch.`,
    ciStopMark(stop.headSha),
    MARKER,
  ].join('\n\n');
}
