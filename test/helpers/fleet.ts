// A fleet for the tests and the bench: an organisation of repositories on the
// fleet host (archived ones, forks, empty ones, opt-outs, topics, languages,
// by rules the tests read back), and the bundled action run as a fleet's plan
// or report job with its environment (no model key: a model call would reach
// the model emulator, which the tests expect untouched).
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FleetHost, type FleetRepoSpec } from '../emulators/github-fleet.js';
import { GitHubEmulator } from '../emulators/github.js';
import { runAction, type ActionRun } from './run-action.js';

export const ORG = 'acme';
export const TOKEN = 'ghs_fleet_app';

/** Repository `i` of the organisation, by rules a test can read back. */
export function member(i: number): FleetRepoSpec & { optedOut: boolean; invalidConfig: boolean } {
  const empty = i % 100 === 11;
  // An empty repository has no files, so no config either.
  const optedOut = i % 25 === 5 && !empty;
  const invalidConfig = i === 13;
  const files: Record<string, string> = {};
  if (optedOut) files['.github/deckhand.yml'] = 'fleet: off\n';
  else if (invalidConfig) files['.github/deckhand.yml'] = 'fleet: [maybe\n';
  else if (i % 9 === 0 && !empty) files['.github/deckhand.yml'] = 'review:\n  min_severity: important\n';
  return {
    owner: ORG,
    name: `svc-${String(i).padStart(4, '0')}`,
    archived: i % 50 === 7,
    fork: i % 40 === 3,
    empty,
    topics: [...(i % 2 === 0 ? ['node'] : []), ...(i % 5 === 0 ? ['legacy'] : [])],
    language: i % 3 === 0 ? 'TypeScript' : 'Go',
    files,
    optedOut,
    invalidConfig,
  };
}

export function members(count: number) {
  return Array.from({ length: count }, (_, i) => member(i));
}

/** A fleet host with `count` repositories of the organisation (and the home repository's owner). */
export async function fleetHost(count: number, options: { latencyMs?: number; searchLimit?: number } = {}): Promise<FleetHost> {
  const host = await FleetHost.start({ token: TOKEN, owners: [{ login: ORG, type: 'Organization' }], ...options });
  for (const { optedOut: _o, invalidConfig: _i, ...spec } of members(count)) host.addRepository(spec);
  return host;
}

/** The bundled action as a fleet's plan or report job runs it: the home repository's run, the App's token, no model key. */
export async function runFleetJob(host: FleetHost, inputs: Record<string, string>, env: Record<string, string> = {}): Promise<ActionRun> {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'deckhand-fleet-')));
  const runnerTemp = join(base, 'runner-temp');
  mkdirSync(runnerTemp);
  try {
    return await runAction({
      runnerTemp,
      workspace: base,
      inputs: { github_token: TOKEN, ...inputs },
      env: { ...host.env(), GITHUB_EVENT_NAME: 'schedule', GITHUB_REPOSITORY: `${ORG}/fleet-home`, GITHUB_TOKEN: '', ...env },
      timeoutMs: 120_000,
    });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** How a target's job went, as a report scene seeds it. */
export type Went = 'opened' | 'updated' | 'unchanged' | 'no-change' | 'failed' | 'crashed' | 'not-run';

export interface ReportScene {
  host: FleetHost;
  /** The fleet's home repository (its runs, jobs, annotations and issues), forwarded by the host. */
  home: GitHubEmulator;
  /** The targets a plan would give, in order; then the repositories that opted out. */
  targets: string[];
  optedOut: string[];
  /** Each target's fleet pull request, once one was opened. */
  pulls: Map<string, number>;
  close(): Promise<void>;
}

export const FLEET = 'nightly';
const BRANCH = `deckhand/fleet-${FLEET}`;

/** `count` targets (`acme/t000` …) and three that opted out, on a host that forwards the home repository to its emulator. */
export async function reportScene(count: number, options: { latencyMs?: number; nameOf?: (i: number) => string } = {}): Promise<ReportScene> {
  const host = await FleetHost.start({ token: TOKEN, owners: [{ login: ORG, type: 'Organization' }], ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}) });
  // Its latency is the host's: every request to it passes through the host, which waits before answering.
  const home = await new GitHubEmulator({ owner: ORG, repo: 'fleet-home', token: TOKEN, tokenUser: { login: 'deckhand-fleet[bot]', type: 'Bot' } }).start();
  // The home repository is one of the organisation's too: its config keeps it out of its own fleet.
  home.commitFiles('main', { '.github/workflows/fleet.yml': 'name: Deckhand fleet\n', '.github/deckhand.yml': 'fleet: off\n' }, 'The fleet');
  host.addRepository({ owner: ORG, name: 'fleet-home' });
  host.forward(`${ORG}/fleet-home`, home);
  const nameOf = options.nameOf ?? ((i: number) => `t${String(i).padStart(3, '0')}`);
  const targets = Array.from({ length: count }, (_, i) => `${ORG}/${nameOf(i)}`);
  for (const target of targets) host.addRepository({ owner: ORG, name: target.split('/')[1]!, files: { 'README.md': '# target\n' } });
  const optedOut = ['off-a', 'off-b'].map((name) => `${ORG}/${name}`);
  for (const target of optedOut) host.addRepository({ owner: ORG, name: target.split('/')[1]!, files: { '.github/deckhand.yml': 'fleet: off\n' } });
  optedOut.push(`${ORG}/fleet-home`);
  optedOut.sort();
  return { host, home, targets, optedOut, pulls: new Map(), close: async () => void (await Promise.all([host.close(), home.stop()])) };
}

/**
 * One run of the fleet's workflow in the home repository, as the runner leaves it: the plan's job, one matrix
 * job per target that ran (its conclusion, and the notice its Deckhand step printed on it), the report's job
 * still running; each target's pull request opened or written as it said. Its run id.
 */
export function fleetRun(scene: ReportScene, went: (target: string, i: number) => Went, costOf = (i: number) => 0.01 * (1 + (i % 7))): number {
  const { home, host, targets, pulls } = scene;
  const ran = targets.filter((target, i) => went(target, i) !== 'not-run');
  const conclusion = (target: string) => (['failed', 'crashed'].includes(went(target, targets.indexOf(target))) ? 'failure' : 'success');
  const run = home.addWorkflowRun({
    name: 'Deckhand fleet',
    path: '.github/workflows/fleet.yml',
    headBranch: 'main',
    event: 'schedule',
    conclusion: null,
    actor: 'alice',
    jobs: [
      { name: 'plan', conclusion: 'success' },
      ...ran.map((target) => ({ name: `${targets.indexOf(target) < 256 ? 'run-1' : 'run-2'} (${target})`, conclusion: conclusion(target) as 'success' | 'failure' })),
      { name: 'report', conclusion: null },
    ],
  });
  const runId = String(run.id);
  const jobs = home.jobsOf(run.id);
  targets.forEach((target, i) => {
    const how = went(target, i);
    if (how === 'not-run' || how === 'crashed') return;
    const job = jobs.find((j) => j.name.endsWith(`(${target})`))!;
    let pull = pulls.get(target);
    const record = `<!-- deckhand:fleet=${JSON.stringify({ fleet: FLEET, run: runId, outcome: how, cost_usd: costOf(i), turns: 3 + (i % 5) })} -->`;
    const body = `Bumped.\n\n<sub>Deckhand</sub>\n\n<!-- deckhand -->\n\n${record}`;
    if (how === 'opened' && pull === undefined) {
      pull = host.addPull(target, { head: BRANCH, title: 'Bump', body, labels: ['deckhand-fleet'] }).number;
      pulls.set(target, pull);
    } else if ((how === 'updated' || how === 'unchanged') && pull !== undefined) host.updatePull(target, pull, { body });
    const notice = {
      repository: target,
      fleet: FLEET,
      run: runId,
      outcome: how,
      ...(pull !== undefined && how !== 'no-change' && how !== 'failed' ? { pull: { number: pull, url: `https://github.test/${target}/pull/${pull}` } } : {}),
      cost_usd: costOf(i),
      turns: 3 + (i % 5),
      ...(how === 'failed' ? { reason: 'The run ended without a StructuredOutput value matching the output schema (the inline output_schema).' } : {}),
    };
    home.addAnnotation(job.id, { level: 'notice', title: `Deckhand fleet ${FLEET}`, message: JSON.stringify(notice) });
  });
  return run.id;
}
