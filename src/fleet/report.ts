// fleet-report: after the matrix, how each target went — from the jobs of this
// workflow run (their conclusions, through the Actions API), the notice each
// target's run left on its job, and the pull requests on the fleet's branch
// carrying the fleet's label — kept in one tracking issue in the fleet's home
// repository: a table of every target, totals of cost and turns, and what
// changed since the last run of the same fleet (read from the issue's own
// hidden record). A re-run edits the same issue. It calls no model.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { formatCost } from '../format.js';
import { restCalls } from '../github/api.js';
import { fleetBranch } from '../github/branch-name.js';
import { isOwnOutput, MARKER } from '../github/markers.js';
import type { RunnerSink } from '../github/runner.js';
import { pooled } from '../pooled.js';
import { FleetInputError, parseFleetRepositories } from './entries.js';
import { FLEET_LABEL, FleetNoticeSchema, fleetRecordOf, noticeTitle, parsedAs, type FleetNotice } from './record.js';
import type { FleetSettings } from './settings.js';
import { allPages, FleetError, listFleet, READS_AT_ONCE, type Rest } from './targets.js';

/** How a target went, as the table says it. */
export type TargetStatus = 'opened' | 'updated' | 'unchanged' | 'declined' | 'no-change' | 'failed' | 'cancelled' | 'skipped' | 'not-run' | 'opted-out';

const STATUS_WORDS: Record<TargetStatus, string> = {
  opened: '🆕 pull request opened',
  updated: '🔄 pull request updated',
  unchanged: 'pull request unchanged',
  declined: '🚫 pull request closed unmerged: left alone',
  'no-change': 'nothing to change',
  failed: '❌ failed',
  cancelled: '⏹️ cancelled',
  skipped: 'skipped',
  'not-run': '⚠️ not run',
  'opted-out': 'opted out',
};
/** The table's order: what needs a reader first. */
const STATUS_ORDER: TargetStatus[] = ['failed', 'cancelled', 'not-run', 'opened', 'updated', 'unchanged', 'declined', 'skipped', 'no-change', 'opted-out'];

interface ApiJob {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  html_url: string | null;
}

interface ApiAnnotation {
  annotation_level: string | null;
  title: string | null;
  message: string | null;
}

interface ApiPullListed {
  number: number;
  html_url: string;
  state: string;
  merged_at: string | null;
  body: string | null;
  labels: Array<{ name?: string }>;
  head: { ref: string };
}

interface ApiIssue {
  number: number;
  html_url: string;
  body: string | null;
  user: { login: string; type?: string } | null;
  pull_request?: unknown;
}

type PullState = 'open' | 'merged' | 'closed';

/** One target's line. */
export interface TargetLine {
  repository: string;
  status: TargetStatus;
  job?: { url: string; conclusion: string | null };
  pull?: { number: number; url: string; state: PullState };
  costUsd: number;
  turns: number;
  reason?: string;
}

/** The issue's hidden record: each target's status and pull request at the last report. */
interface ReportRecord {
  fleet: string;
  run: string;
  targets: Record<string, [TargetStatus, number?, PullState?]>;
}
const ReportRecordSchema = z.object({
  fleet: z.string(),
  run: z.string(),
  targets: z.record(z.string(), z.tuple([z.string(), z.number().optional(), z.enum(['open', 'merged', 'closed']).optional()])),
});

/** The record at the very end of the issue's body: its JSON deflated and in base64, so a fleet of 1,024 long names fits beside the table. */
const RECORD_AT_END = /\n<!-- deckhand -->\n<!-- deckhand:fleet-report=([A-Za-z0-9+/=]+) -->\s*$/;
/** GitHub's limit on an issue's body. */
const BODY_MAX = 65_536;
/** Lines of "since the last run" shown before a count stands for the rest. */
const CHANGES_SHOWN = 60;

function reportRecordOf(body: string | null, fleet: string): ReportRecord | undefined {
  const packed = RECORD_AT_END.exec(body ?? '')?.[1];
  if (!packed) return undefined;
  let json: string;
  try {
    json = inflateRawSync(Buffer.from(packed, 'base64'), { maxOutputLength: 4 * 1024 * 1024 }).toString('utf8');
  } catch {
    return undefined;
  }
  const record = parsedAs(ReportRecordSchema, json);
  return record?.fleet === fleet ? (record as ReportRecord) : undefined;
}

function reportRecordMark(record: ReportRecord): string {
  return `<!-- deckhand:fleet-report=${deflateRawSync(JSON.stringify(record), { level: 9 }).toString('base64')} -->`;
}

/** The matrix job of a target, by the name GitHub gives it: `<job> (owner/name)`, or the name alone. */
function jobFor(jobs: readonly ApiJob[], repository: string): ApiJob | undefined {
  const wanted = repository.toLowerCase();
  return jobs.find((job) => {
    const name = job.name.toLowerCase();
    return name === wanted || name.endsWith(`(${wanted})`) || name.endsWith(` ${wanted}`) || name.includes(`(${wanted},`);
  });
}

/**
 * The notices targets' runs left on this run's finished jobs, by repository:
 * the first of each job's, and only for the target the job is named after
 * (`<job> (owner/name)`), when it is named after one — so no step of one
 * target's job can speak for another target.
 */
async function noticesOf(rest: Rest, settings: FleetSettings, jobs: readonly ApiJob[], targets: readonly string[]): Promise<Map<string, { notice: FleetNotice; job: ApiJob }>> {
  const [owner, repo] = settings.home.split('/');
  const title = noticeTitle(settings.fleetId);
  const found = new Map<string, { notice: FleetNotice; job: ApiJob }>();
  const finished = jobs.filter((job) => job.status === 'completed');
  const lists = await pooled(finished, READS_AT_ONCE, (job) =>
    allPages<ApiAnnotation>(rest, 'GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations', { owner, repo, check_run_id: job.id }, (data) => data as ApiAnnotation[]),
  );
  finished.forEach((job, i) => {
    const namedFor = targets.find((target) => jobFor([job], target) !== undefined);
    const annotation = lists[i]!.find((a) => a.annotation_level === 'notice' && a.title === title && a.message);
    const notice = annotation ? parsedAs(FleetNoticeSchema, annotation.message!) : undefined;
    if (!notice || notice.fleet !== settings.fleetId || notice.run !== settings.runId) return;
    if (namedFor !== undefined && namedFor.toLowerCase() !== notice.repository.toLowerCase()) return;
    const key = notice.repository.toLowerCase();
    if (!found.has(key)) found.set(key, { notice, job });
  });
  return found;
}

/** The fleet's pull request in a target: the newest on the fleet's branch that carries the fleet's label. */
async function pullOf(rest: Rest, repository: string, branch: string): Promise<ApiPullListed | undefined> {
  const [owner, repo] = repository.split('/');
  const { data } = await rest<ApiPullListed[]>('GET /repos/{owner}/{repo}/pulls', { owner, repo, head: `${owner}:${branch}`, state: 'all', per_page: 30 });
  return data
    .filter((pull) => pull.head.ref === branch && pull.labels.some((label) => label.name === FLEET_LABEL))
    .sort((a, b) => b.number - a.number)[0];
}

function pullState(pull: ApiPullListed): PullState {
  return pull.merged_at ? 'merged' : pull.state === 'open' ? 'open' : 'closed';
}

/** A target's line: its notice first, its job's conclusion over it when the job failed, the pull request's record when there is no notice. */
function lineOf(repository: string, settings: FleetSettings, job: ApiJob | undefined, notice: FleetNotice | undefined, pull: ApiPullListed | undefined): TargetLine {
  const line: TargetLine = { repository, status: 'not-run', costUsd: notice?.cost_usd ?? 0, turns: notice?.turns ?? 0 };
  if (job) line.job = { url: job.html_url ?? '', conclusion: job.conclusion };
  if (pull) line.pull = { number: pull.number, url: pull.html_url, state: pullState(pull) };
  if (notice?.reason) line.reason = notice.reason;
  const conclusion = job?.conclusion;
  if (conclusion === 'failure' || conclusion === 'timed_out' || conclusion === 'startup_failure') line.status = 'failed';
  else if (conclusion === 'cancelled') line.status = 'cancelled';
  else if (notice) line.status = notice.outcome;
  else if (conclusion === 'success') {
    // No notice (a run of an older Deckhand, or one that could not say): the pull request's record says whether this run wrote it.
    const record = fleetRecordOf(pull?.body);
    if (record && record.run === settings.runId && record.fleet === settings.fleetId) {
      line.status = record.outcome;
      line.costUsd = record.cost_usd;
      line.turns = record.turns;
    } else line.status = 'no-change';
  }
  return line;
}

const cell = (text: string) => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').slice(0, 300);

function rowOf(line: TargetLine): string {
  const job = line.job?.url && (line.status === 'failed' || line.status === 'cancelled') ? ` ([job](${line.job.url}))` : '';
  const why = line.reason && (line.status === 'failed' || line.status === 'cancelled' || line.status === 'skipped') ? `: ${cell(line.reason)}` : '';
  const pull = line.pull ? `[#${line.pull.number}](${line.pull.url})${line.pull.state === 'open' ? '' : ` (${line.pull.state})`}` : '';
  const spent = line.turns > 0 || line.costUsd > 0 ? `${formatCost(line.costUsd)} · ${line.turns}` : '';
  return `| \`${line.repository}\` | ${STATUS_WORDS[line.status]}${job}${why} | ${pull} | ${spent} |`;
}

/** What changed since the last report of the same fleet. */
function changesSince(previous: ReportRecord | undefined, lines: readonly TargetLine[]): string[] {
  if (!previous) return ['This is the fleet\'s first report.'];
  const out: string[] = [];
  const now = new Set(lines.map((line) => line.repository));
  for (const line of lines) {
    const before = previous.targets[line.repository];
    if (!before) {
      out.push(`- \`${line.repository}\`: new target, ${STATUS_WORDS[line.status]}`);
      continue;
    }
    const [status, number, state] = before;
    if (status !== line.status) out.push(`- \`${line.repository}\`: ${STATUS_WORDS[status] ?? status} → ${STATUS_WORDS[line.status]}`);
    if (line.pull && number === line.pull.number && state && state !== line.pull.state) out.push(`- \`${line.repository}\`: #${line.pull.number} ${state} → ${line.pull.state}`);
  }
  for (const repository of Object.keys(previous.targets)) if (!now.has(repository)) out.push(`- \`${repository}\`: no longer a target`);
  if (out.length === 0) return ['Nothing changed since the last run.'];
  return out.length > CHANGES_SHOWN ? [...out.slice(0, CHANGES_SHOWN), `- … and ${out.length - CHANGES_SHOWN} more`] : out;
}

/** The report as Markdown: heading, totals, changes, then the table (`rows` of it, the rest counted). */
function reportBody(settings: FleetSettings, lines: readonly TargetLine[], changes: readonly string[], rows: number): string {
  const counts = new Map<TargetStatus, number>();
  for (const line of lines) counts.set(line.status, (counts.get(line.status) ?? 0) + 1);
  const cost = lines.reduce((sum, line) => sum + line.costUsd, 0);
  const turns = lines.reduce((sum, line) => sum + line.turns, 0);
  const runUrl = `${settings.serverUrl}/${settings.home}/actions/runs/${settings.runId}`;
  const sorted = [...lines].sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || a.repository.localeCompare(b.repository));
  const parts = [
    `## Deckhand fleet \`${settings.fleetId}\``,
    '',
    `Last run: [${settings.runId}](${runUrl}) · ${lines.length} target${lines.length === 1 ? '' : 's'} · ${formatCost(cost)} · ${turns} turn${turns === 1 ? '' : 's'}`,
    '',
    STATUS_ORDER.filter((status) => counts.has(status)).map((status) => `${STATUS_WORDS[status]}: **${counts.get(status)}**`).join(' · '),
    '',
    '### Since the last run',
    '',
    ...changes,
    '',
    '### Targets',
    '',
    '| repository | result | pull request | cost · turns |',
    '|---|---|---|---|',
    ...sorted.slice(0, rows).map(rowOf),
  ];
  if (rows < sorted.length) parts.push('', `… and ${sorted.length - rows} more targets: the [run's job summary](${runUrl}) lists every one.`);
  return parts.join('\n');
}

/** The fleet's tracking issue in its home repository: Deckhand's own issue with this fleet's record, or none yet. */
async function trackingIssue(rest: Rest, settings: FleetSettings): Promise<ApiIssue | undefined> {
  const [owner, repo] = settings.home.split('/');
  const self = await rest<{ login: string }>('GET /user').then(
    (answer) => answer.data.login,
    () => undefined,
  );
  const issues = await allPages<ApiIssue>(rest, 'GET /repos/{owner}/{repo}/issues', { owner, repo, labels: FLEET_LABEL, state: 'all' }, (data) => data as ApiIssue[]);
  return issues
    .filter((issue) => !issue.pull_request && issue.user && reportRecordOf(issue.body, settings.fleetId) && isOwnOutput(issue.body ?? '', issue.user, self))
    .sort((a, b) => a.number - b.number)[0];
}

export async function reportFleet(settings: FleetSettings, sink: RunnerSink): Promise<number> {
  const entries = parseFleetRepositories(settings.repositories);
  if (entries.length === 0) throw new FleetInputError('Input fleet_repositories is empty: fleet-report needs the same repositories as the plan.');
  if (!settings.fleetId) throw new FleetInputError('Input fleet_id is empty: fleet-report reports the fleet it names.');
  if (!settings.token) throw new FleetError("fleet-report needs a github_token that reads this run's jobs and the targets' pull requests, and writes this repository's issues.");
  const [owner, repo] = settings.home.split('/');
  if (!owner || !repo) throw new FleetError('GITHUB_REPOSITORY is not owner/name: fleet-report keeps its issue there.');
  const started = Date.now();
  const rest = restCalls({ token: settings.token, baseUrl: settings.apiUrl, warn: (message) => sink.warning(message), atOnce: READS_AT_ONCE });
  const branch = fleetBranch(settings.branchPrefix, settings.fleetId);

  const [listing, jobs, issue] = await Promise.all([
    listFleet(rest, entries, settings.configPath),
    allPages<ApiJob>(rest, 'GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs', { owner, repo, run_id: settings.runId, filter: 'latest' }, (data) => (data as { jobs: ApiJob[] }).jobs),
    trackingIssue(rest, settings),
  ]);
  const targets = listing.targets.map((target) => target.repository);
  const notices = await noticesOf(rest, settings, jobs, targets);
  const pulls = await pooled(targets, READS_AT_ONCE, (repository) => pullOf(rest, repository, branch));
  const lines: TargetLine[] = targets.map((repository, i) => {
    const noticed = notices.get(repository.toLowerCase());
    return lineOf(repository, settings, noticed?.job ?? jobFor(jobs, repository), noticed?.notice, pulls[i]);
  });
  for (const repository of listing.optedOut) lines.push({ repository, status: 'opted-out', costUsd: 0, turns: 0 });

  const previous = issue ? reportRecordOf(issue.body, settings.fleetId) : undefined;
  const changes = changesSince(previous, lines);
  const record: ReportRecord = { fleet: settings.fleetId, run: settings.runId, targets: {} };
  for (const line of lines) record.targets[line.repository] = line.pull ? [line.status, line.pull.number, line.pull.state] : [line.status];
  const mark = `\n\n${MARKER}\n${reportRecordMark(record)}`;
  const { defang } = await import('../safety/defang.js');
  // The whole table when it fits the issue; else as many rows as fit (the job summary has them all).
  let rows = lines.length;
  const shown = (count: number) => defang(settings.redact(reportBody(settings, lines, changes, count)), settings.serverUrl) + mark;
  let body = shown(rows);
  while (body.length > BODY_MAX && rows > 0) {
    rows = Math.max(0, Math.floor(rows * 0.8) - 1);
    body = shown(rows);
  }
  if (body.length > BODY_MAX) throw new FleetError(`The fleet's report does not fit an issue (${body.length} characters, GitHub takes ${BODY_MAX}): report fewer targets.`);

  const title = `Deckhand fleet: ${settings.fleetId}`;
  let url = issue?.html_url ?? '';
  if (settings.dryRun) sink.log(`Deckhand fleet report (dry run): would ${issue ? `update ${issue.html_url}` : 'open an issue'}.`);
  else if (issue) {
    url = (await rest<ApiIssue>('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { owner, repo, issue_number: issue.number, title, body })).data.html_url;
  } else {
    url = (await rest<ApiIssue>('POST /repos/{owner}/{repo}/issues', { owner, repo, title, body, labels: [FLEET_LABEL] })).data.html_url;
  }
  const failed = lines.filter((line) => line.status === 'failed' || line.status === 'not-run' || line.status === 'cancelled').length;
  const seconds = (Date.now() - started) / 1000;
  sink.log(`Deckhand fleet report: ${lines.length} targets, ${failed} failed or not run; ${issue ? 'updated' : 'opened'} ${url || 'nothing (dry run)'} (${seconds.toFixed(1)} s).`);
  sink.summary(`${reportBody(settings, lines, changes, lines.length)}\n\n${url ? `Tracking issue: ${url}` : ''}\n`);
  sink.output('conclusion', 'success');
  if (url) sink.output('issue_url', url);
  return 0;
}

