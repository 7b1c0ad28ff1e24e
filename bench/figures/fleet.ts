// Fleets (issue 33) at GitHub's real latency: every call the bundle makes
// waits 150 ms on the fleet host (test/emulators/github-fleet.ts), as
// api.github.com does from a hosted runner.
// - fleet-plan over an organisation of 1,000 repositories (test/helpers/fleet.ts):
//   spawn → exit, the GitHub calls it made and the most in flight at once
//   (the listing's pages and each repository's config read in parallel, within
//   the REST rate limits).
// - fleet-report over 300 targets: this run's jobs, their notices and the
//   targets' labelled pull requests read, one tracking issue written in the
//   home repository; each run its own workflow run, so from the second on the
//   report edits the issue the first wrote, as a re-run of the fleet does.
// No model call: neither job has a model key. With --before, the bundle before
// the change runs the same jobs in the same turns, in the baseline column.
import type { FleetHost } from '../../test/emulators/github-fleet.js';
import { fleetHost, fleetRun, FLEET, ORG, reportScene, TOKEN, type ReportScene, type Went } from '../../test/helpers/fleet.js';
import { startAction, type ActionRun } from '../../test/helpers/run-action.js';
import { describeFailure } from '../action.js';
import { type Bench, progress, type Row } from '../figure.js';
import { count, median } from '../measure.js';
import { removeFolder, tempFolder, track } from '../scratch.js';

const LATENCY_MS = 150;
const RUNS = 3;
const REPOSITORIES = 1000;
const TARGETS = 300;

/** How target `i` went, as the report reads it from the run's jobs and notices. */
const went = (_: string, i: number): Went => (i % 10 === 0 ? 'failed' : i % 10 === 1 ? 'no-change' : i % 17 === 3 ? 'not-run' : 'opened');

interface Sample {
  /** Spawn → exit, ms. */
  wall: number;
  calls: number;
  inFlight: number;
}

/**
 * The bundle `action` as a fleet's plan or report job runs it: runFleetJob's environment
 * (the home repository's scheduled run, the App's token, no model key), with the bundle chosen.
 */
async function fleetJob(action: string, host: FleetHost, inputs: Record<string, string>, env: Record<string, string> = {}): Promise<{ run: ActionRun; wall: number }> {
  const base = tempFolder('fleet');
  const runnerTemp = tempFolder('fleet-temp');
  try {
    const running = startAction({
      action,
      runnerTemp,
      workspace: base,
      inputs: { github_token: TOKEN, ...inputs },
      env: { ...host.env(), GITHUB_EVENT_NAME: 'schedule', GITHUB_REPOSITORY: `${ORG}/fleet-home`, GITHUB_TOKEN: '', ...env },
      timeoutMs: 120_000,
    });
    track(running.child);
    const run = await running.done;
    return { run, wall: performance.now() - running.spawnedAt };
  } finally {
    removeFolder(base);
    removeFolder(runnerTemp);
  }
}

/** One plan on a fresh host of 1,000 repositories (its request log and in-flight count its own). */
async function plan(action: string): Promise<Sample> {
  const host = await fleetHost(REPOSITORIES, { latencyMs: LATENCY_MS });
  try {
    const { run, wall } = await fleetJob(action, host, { mode: 'fleet-plan', fleet_repositories: `${ORG}/*`, fleet_max_targets: '1024' });
    if (run.code !== 0) throw new Error(`fleet-plan: ${describeFailure(run)}`);
    if (run.outputs.matrix_count !== '4') throw new Error(`fleet-plan gave matrix_count ${run.outputs.matrix_count ?? '(none)'} for ${count(REPOSITORIES)} repositories, not 4`);
    if (host.internalErrors.length > 0) throw new Error(`fleet-plan: the fleet host failed: ${host.internalErrors[0]!.message}`);
    return { wall, calls: host.requests.length, inFlight: host.maxConcurrent };
  } finally {
    await host.close();
  }
}

/** One report of a new workflow run of the scene's fleet: the calls and the most in flight are this run's alone. */
async function report(action: string, scene: ReportScene): Promise<Sample> {
  const runId = fleetRun(scene, went);
  const { host, home } = scene;
  const callsBefore = host.requests.length;
  host.maxConcurrent = 0;
  const { run, wall } = await fleetJob(action, host, { mode: 'fleet-report', fleet_repositories: `${ORG}/*`, fleet_id: FLEET }, { GITHUB_RUN_ID: String(runId) });
  if (run.code !== 0) throw new Error(`fleet-report: ${describeFailure(run)}`);
  const issues = home.issues.filter((issue) => issue.labels.some((label) => label.name === 'deckhand-fleet'));
  if (issues.length !== 1) throw new Error(`fleet-report left ${issues.length} issues labelled deckhand-fleet in the home repository, not 1`);
  if (host.internalErrors.length > 0) throw new Error(`fleet-report: the fleet host failed: ${host.internalErrors[0]!.message}`);
  return { wall, calls: host.requests.length - callsBefore, inFlight: host.maxConcurrent };
}

/** "2.9 s (1,013 calls, ≤ 32 in flight)": the median wall time and calls, the most in flight in any run. */
function said(samples: readonly Sample[]): string {
  const seconds = (median(samples.map((s) => s.wall)) / 1000).toFixed(1);
  return `${seconds} s (${count(median(samples.map((s) => s.calls)))} calls, ≤ ${Math.max(...samples.map((s) => s.inFlight))} in flight)`;
}

/**
 * RUNS samples of `action`, and of `before` in the same turns when given. The bundle before
 * the change may not know fleets at all: its failure is its baseline, not the row's.
 */
async function turns(bench: Bench, one: (action: string) => Promise<Sample>): Promise<{ now: Sample[]; before?: string }> {
  const now: Sample[] = [];
  const was: Sample[] = [];
  let beforeFailed: string | undefined;
  for (let i = 0; i < RUNS; i++) {
    now.push(await one(bench.action));
    if (bench.before && beforeFailed === undefined) {
      try {
        was.push(await one(bench.before));
      } catch (err) {
        beforeFailed = err instanceof Error ? err.message : String(err);
      }
    }
  }
  if (!bench.before) return { now };
  return { now, before: beforeFailed !== undefined ? `before: not measured: ${beforeFailed}` : `before: ${said(was)}` };
}

export async function fleetFigures(bench: Bench): Promise<Row[]> {
  progress(`fleet-plan over ${count(REPOSITORIES)} repositories at ${LATENCY_MS} ms per GitHub call…`);
  const planned = await turns(bench, plan);

  progress(`fleet-report over ${TARGETS} targets at ${LATENCY_MS} ms per GitHub call…`);
  const scene = await reportScene(TARGETS, { latencyMs: LATENCY_MS });
  let reported: Awaited<ReturnType<typeof turns>>;
  try {
    reported = await turns(bench, (action) => report(action, scene));
  } finally {
    await scene.close();
  }

  return [
    {
      name: `fleet-plan over ${count(REPOSITORIES)} repositories at ${LATENCY_MS} ms per GitHub call`,
      value: said(planned.now),
      ...(planned.before ? { baseline: planned.before } : {}),
      target: '≤ 10 s (listings in parallel, within the REST rate limits)',
    },
    {
      name: `fleet-report over ${TARGETS} targets at ${LATENCY_MS} ms per GitHub call`,
      value: said(reported.now),
      ...(reported.before ? { baseline: reported.before } : {}),
      target: '≤ 15 s',
    },
  ];
}
