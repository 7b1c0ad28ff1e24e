// A fleet's report (issue 33, item 4), end to end on the bundle: after a
// matrix of 300 targets — pull requests opened, updated and left unchanged,
// nothing to change, failures with and without a notice, jobs that never ran,
// opt-outs — it reads this run's jobs and their notices through the Actions and
// Checks APIs and the targets' labelled pull requests, and keeps one tracking
// issue in the home repository; the next run edits that issue and says what
// changed. No model call.
import { afterEach, describe, expect, it } from 'vitest';
import { formatCost } from '../../src/format.js';
import { AnthropicEmulator } from '../emulators/anthropic.js';
import { FLEET, fleetRun, ORG, reportScene, runFleetJob, type ReportScene, type Went } from '../helpers/fleet.js';

let scene: ReportScene | undefined;
let model: AnthropicEmulator | undefined;
afterEach(async () => {
  await scene?.close();
  await model?.stop();
  scene = model = undefined;
});

/** How target `i` went on the first night. */
const firstNight = (_: string, i: number): Went => (i % 10 === 0 ? 'failed' : i % 10 === 1 ? 'no-change' : i % 17 === 3 ? 'not-run' : i % 23 === 4 ? 'crashed' : 'opened');

async function report(runId: number, inputs: Record<string, string> = {}) {
  model ??= await new AnthropicEmulator({ requireAuth: true }).start();
  return runFleetJob(scene!.host, { mode: 'fleet-report', fleet_repositories: `${ORG}/*`, fleet_id: FLEET, ...inputs }, { GITHUB_RUN_ID: String(runId), ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-test' });
}

const fleetIssues = () => scene!.home.issues.filter((issue) => issue.labels.some((label) => label.name === 'deckhand-fleet'));

describe('fleet-report', () => {
  it('reports 300 targets in one tracking issue: every result, the job of each failure, totals of cost and turns', async () => {
    scene = await reportScene(300);
    const runId = fleetRun(scene, firstNight);
    const run = await report(runId);

    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    expect(model!.requests).toHaveLength(0);
    const [issue] = fleetIssues();
    expect(fleetIssues()).toHaveLength(1);
    expect(issue!.title).toBe(`Deckhand fleet: ${FLEET}`);
    expect(run.outputs.issue_url).toBe(issue!.html_url);
    const body = issue!.body!;

    const went = scene.targets.map((t, i) => firstNight(t, i));
    const count = (how: Went) => went.filter((w) => w === how).length;
    expect(body).toContain(`🆕 pull request opened: **${count('opened')}**`);
    expect(body).toContain(`nothing to change: **${count('no-change')}**`);
    expect(body).toContain(`❌ failed: **${count('failed') + count('crashed')}**`);
    expect(body).toContain(`⚠️ not run: **${count('not-run')}**`);
    expect(body).toContain(`opted out: **${scene.optedOut.length}**`);
    // Totals over every run that said what it cost (a crashed job said nothing).
    const spoke = scene.targets.map((_, i) => i).filter((i) => !['not-run', 'crashed'].includes(went[i]!));
    const cost = spoke.reduce((sum, i) => sum + 0.01 * (1 + (i % 7)), 0);
    const turns = spoke.reduce((sum, i) => sum + 3 + (i % 5), 0);
    expect(body).toContain(`${scene.targets.length + scene.optedOut.length} targets · ${formatCost(cost)} · ${turns} turns`);
    expect(body).toContain("This is the fleet's first report.");

    // Rows: a failure links its job; an opened pull request links it; the ones that never ran say so.
    const jobs = scene.home.jobsOf(runId);
    const failed = scene.targets[0]!;
    const failedJob = jobs.find((j) => j.name.endsWith(`(${failed})`))!;
    expect(body).toContain(`| \`${failed}\` | ❌ failed ([job](${failedJob.html_url})): The run ended without a StructuredOutput value`);
    const crashed = scene.targets[went.indexOf('crashed')]!;
    expect(body).toContain(`| \`${crashed}\` | ❌ failed ([job](${jobs.find((j) => j.name.endsWith(`(${crashed})`))!.html_url})) |`);
    const opened = scene.targets[2]!;
    expect(body).toContain(`| \`${opened}\` | 🆕 pull request opened | [#${scene.pulls.get(opened)}](https://github.test/${opened}/pull/${scene.pulls.get(opened)}) |`);
    expect(body).toContain(`| \`${scene.targets[3]}\` | ⚠️ not run |`);
    expect(body).toContain(`| \`${ORG}/off-a\` | opted out |`);
    // Failures first, opt-outs last.
    expect(body.indexOf('❌ failed (')).toBeLessThan(body.indexOf('| 🆕 pull request opened |'));
    expect(body.indexOf('| opted out |')).toBeGreaterThan(body.indexOf('| nothing to change |'));
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(run.summary).toContain(`## Deckhand fleet \`${FLEET}\``);
  });

  it("re-run: edits the same issue and says what changed since the last run — results, merged pull requests — and leaves a look-alike issue alone", async () => {
    scene = await reportScene(40);
    expect((await report(fleetRun(scene, firstNight))).code).toBe(0);
    const [issue] = fleetIssues();
    const merged = scene.targets[2]!;
    scene.host.updatePull(merged, scene.pulls.get(merged)!, { merged: true });
    // A human's issue carrying the same record is not Deckhand's to edit.
    scene.home.addIssue({ title: 'Deckhand fleet: nightly', body: `Mine\n\n<!-- deckhand -->\n<!-- deckhand:fleet-report={"fleet":"${FLEET}","run":"1","targets":{}} -->`, user: 'mallory', labels: ['deckhand-fleet'] });

    // The next night: the failed ones now open pull requests; the first opened one is updated.
    const nextNight = (target: string, i: number): Went => (firstNight(target, i) === 'failed' ? 'opened' : i === 5 ? 'updated' : firstNight(target, i));
    const run = await report(fleetRun(scene, nextNight));

    expect(run.code, run.stdout).toBe(0);
    expect(fleetIssues()).toHaveLength(2);
    const edited = scene.home.issues.find((i) => i.number === issue!.number)!;
    expect(run.outputs.issue_url).toBe(edited.html_url);
    const body = edited.body!;
    expect(body).toContain(`- \`${scene.targets[0]}\`: ❌ failed → 🆕 pull request opened`);
    expect(body).toContain(`- \`${scene.targets[5]}\`: 🆕 pull request opened → 🔄 pull request updated`);
    expect(body).toContain(`- \`${merged}\`: #${scene.pulls.get(merged)} open → merged`);
    expect(body).toContain(`| \`${merged}\` | 🆕 pull request opened | [#${scene.pulls.get(merged)}](https://github.test/${merged}/pull/${scene.pulls.get(merged)}) (merged) |`);
    expect(body).not.toContain("first report");
    // The human's issue is untouched.
    expect(scene.home.issues.find((i) => i.user?.login === 'mallory')!.body).toContain('Mine');
  });

  it("takes a notice only for the target its job is named after: a step of one target's job cannot speak for another", async () => {
    scene = await reportScene(3);
    const runId = fleetRun(scene, (_, i) => (i === 1 ? 'failed' : 'opened'));
    // Something else in acme/t000's job printed a notice for acme/t001, claiming success.
    const job = scene.home.jobsOf(runId).find((j) => j.name.endsWith(`(${ORG}/t000)`))!;
    scene.home.addAnnotation(job.id, { level: 'notice', title: `Deckhand fleet ${FLEET}`, message: JSON.stringify({ repository: `${ORG}/t001`, fleet: FLEET, run: String(runId), outcome: 'opened', cost_usd: 0, turns: 0 }) });
    // And a notice that is not one (a wrong type) is nobody's.
    const third = scene.home.jobsOf(runId).find((j) => j.name.endsWith(`(${ORG}/t002)`))!;
    scene.home.addAnnotation(third.id, { level: 'notice', title: `Deckhand fleet ${FLEET}`, message: '{"repository":"acme/t002","fleet":"nightly","run":"x","outcome":"opened","cost_usd":"lots"}' });
    const run = await report(runId);
    expect(run.code, run.stdout).toBe(0);
    const body = fleetIssues()[0]!.body!;
    expect(body).toMatch(new RegExp(`\\| \`${ORG}/t001\` \\| ❌ failed \\(\\[job\\]`));
    expect(body).toContain(`| \`${ORG}/t002\` | 🆕 pull request opened |`);
  });

  // 560 names of 96 characters (GitHub allows 100): written plainly, the record alone would not fit an issue.
  it('keeps the record of 560 targets with long names within an issue, and reads it back on the next run', { timeout: 120_000 }, async () => {
    scene = await reportScene(560, { nameOf: (i) => `payments-platform-service-with-a-really-quite-long-descriptive-repository-name-that-goes-on-${String(i).padStart(4, '0')}` });
    const first = await report(fleetRun(scene, (_, i) => (i % 3 === 0 ? 'failed' : 'opened')));
    expect(first.code, first.stdout).toBe(0);
    const body = fleetIssues()[0]!.body!;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain("the [run's job summary]");
    expect(first.summary).toContain(`| \`${scene.targets[559]}\` |`);
    const second = await report(fleetRun(scene, () => 'opened'));
    expect(second.code, second.stdout).toBe(0);
    const next = fleetIssues()[0]!.body!;
    expect(next).toContain(`- \`${scene.targets[0]}\`: ❌ failed → 🆕 pull request opened`);
    expect(next).not.toContain('first report');
  });

  it('says when a target that was planned is no longer one', async () => {
    scene = await reportScene(5);
    expect((await report(fleetRun(scene, () => 'opened'))).code).toBe(0);
    const run = await report(fleetRun(scene, () => 'no-change'), { fleet_repositories: `${ORG}/t000, ${ORG}/t001` });
    expect(run.code, run.stdout).toBe(0);
    const body = fleetIssues()[0]!.body!;
    expect(body).toContain(`- \`${ORG}/t004\`: no longer a target`);
    expect(body).toContain(`- \`${ORG}/t001\`: 🆕 pull request opened → nothing to change`);
  });

  it.each([
    [{ fleet_id: '' }, 'Input fleet_id is empty: fleet-report reports the fleet it names.'],
    [{ fleet_repositories: '' }, 'Input fleet_repositories is empty: fleet-report needs the same repositories as the plan.'],
  ])('says in one line what is missing: %o', async (inputs, message) => {
    scene = await reportScene(2);
    const run = await report(fleetRun(scene, () => 'opened'), inputs);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`::error::${message}`);
    expect(fleetIssues()).toHaveLength(0);
  });
});
