// A whole fleet (issue 33), end to end on the bundle, as the example workflow
// runs it: the plan lists the organisation through the fleet host; its matrix's
// targets run at once, each in a process of its own against its own emulated
// repository (its pull request, or its failure); the runner's part — each
// matrix job's conclusion, the notice its step printed becoming an annotation
// on the job — is played here; then the report reads all of it back into one
// tracking issue in the home repository.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCost } from '../../src/format.js';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { FleetHost } from '../emulators/github-fleet.js';
import { GitHubEmulator, type WorkflowJob } from '../emulators/github.js';
import { runFleetJob } from '../helpers/fleet.js';
import { runnerCommands, unescapeCommand } from '../helpers/runner-commands.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const opened: Array<{ cleanup?: () => Promise<void>; close?: () => Promise<void>; stop?: () => Promise<void> }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await (thing.cleanup ?? thing.close ?? thing.stop)!.call(thing);
});

const TOKEN = 'ghs_test';
const WORKFLOW = 'on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v3\n';
const SCHEMA = JSON.stringify({ type: 'object', required: ['bumped'], properties: { bumped: { type: 'integer' } } });

/** The runner's part: a notice a step printed (`::notice title=T::M`) becomes an annotation on its job; the job ends as the step did. */
function finishJob(home: GitHubEmulator, job: WorkflowJob, stdout: string, code: number | null) {
  for (const { command, data, properties } of runnerCommands(stdout)) {
    if (command === 'notice') home.addAnnotation(job.id, { level: 'notice', title: properties?.title ?? '', message: unescapeCommand(data) });
  }
  Object.assign(job, { status: 'completed', conclusion: code === 0 ? 'success' : 'failure', completed_at: new Date().toISOString() });
}

describe('a whole fleet', () => {
  it('plans, runs its targets at once and reports them in one issue', async () => {
    const host = await FleetHost.start({ token: TOKEN, owners: [{ login: 'acme', type: 'Organization' }] });
    opened.push(host);
    const home = await new GitHubEmulator({ owner: 'acme', repo: 'fleet-home', token: TOKEN }).start();
    opened.push(home);
    home.commitFiles('main', { '.github/deckhand.yml': 'fleet: off\n' }, 'The fleet lives here');
    host.addRepository({ owner: 'acme', name: 'fleet-home' });
    host.forward('acme/fleet-home', home);
    host.addRepository({ owner: 'acme', name: 'archive', archived: true });

    // Four targets, each a whole repository with git behind it: three bump the action, one fails (no structured result).
    const targets: Record<string, Scenario> = {};
    for (const name of ['api', 'web', 'worker', 'broken']) {
      const s = await scenario({ '.github/workflows/ci.yml': WORKFLOW }, { owner: 'acme', repo: name });
      opened.push(s);
      s.checkout();
      host.addRepository({ owner: 'acme', name });
      host.forward(`acme/${name}`, s.gh);
      const file = join(s.workspace, '.github/workflows/ci.yml');
      if (name === 'broken') s.model.enqueue(reply(text('I could not decide.')));
      else
        s.model.enqueue(
          reply(toolUse('Read', { file_path: file })),
          reply(toolUse('Edit', { file_path: file, old_string: 'checkout@v3', new_string: 'checkout@v5' })),
          reply(toolUse('StructuredOutput', { bumped: 1 })),
          reply(text('Bump actions/checkout to v5\n\nDone.')),
        );
      targets[`acme/${name}`] = s;
    }

    // The plan.
    const plan = await runFleetJob(host, { github_token: TOKEN, mode: 'fleet-plan', fleet_repositories: 'acme/*', fleet_id: 'checkout-v5', max_budget_usd: '2' });
    expect(plan.code, plan.stdout).toBe(0);
    const matrix = (JSON.parse(plan.outputs.matrix_1!) as { include: Array<{ repository: string }> }).include.map((e) => e.repository);
    expect(matrix).toEqual(['acme/api', 'acme/broken', 'acme/web', 'acme/worker']);
    expect(plan.summary).toContain('Worst-case cost: **$8.00**');

    // The matrix: the run's jobs, then every target at once, each on its own checkout and repository.
    const run = home.addWorkflowRun({
      name: 'Deckhand fleet',
      headBranch: 'main',
      event: 'workflow_dispatch',
      conclusion: null,
      actor: 'alice',
      jobs: [{ name: 'plan', conclusion: 'success' }, ...matrix.map((repository) => ({ name: `run-1 (${repository})`, conclusion: null })), { name: 'report', conclusion: null }],
    });
    const jobs = home.jobsOf(run.id);
    const runs = await Promise.all(
      matrix.map((repository) =>
        targets[repository]!.run(
          'workflow_dispatch',
          { inputs: {} },
          { mode: 'task', fleet_repositories: repository, fleet_id: 'checkout-v5', prompt: 'Bump actions/checkout to v5.', output_schema: SCHEMA, max_budget_usd: '2' },
          { GITHUB_REPOSITORY: 'acme/fleet-home', GITHUB_RUN_ID: String(run.id) },
        ),
      ),
    );
    matrix.forEach((repository, i) => finishJob(home, jobs.find((j) => j.name === `run-1 (${repository})`)!, runs[i]!.stdout, runs[i]!.code));
    expect(runs.map((r) => r.code)).toEqual([0, 1, 0, 0]);
    for (const name of ['acme/api', 'acme/web', 'acme/worker']) expect(targets[name]!.gh.createdPulls.map((p) => p.labels.map((l) => l.name))).toEqual([['deckhand-fleet']]);

    // The report.
    const report = await runFleetJob(host, { github_token: TOKEN, mode: 'fleet-report', fleet_repositories: 'acme/*', fleet_id: 'checkout-v5' }, { GITHUB_RUN_ID: String(run.id) });
    expect(report.code, report.stdout).toBe(0);
    const issue = home.issues.find((i) => i.labels.some((l) => l.name === 'deckhand-fleet'))!;
    const body = issue.body!;
    const cost = runs.reduce((sum, r) => sum + Number(r.outputs.cost_usd), 0);
    expect(body).toContain(`5 targets · ${formatCost(cost)} ·`);
    expect(body).toContain('❌ failed: **1** · 🆕 pull request opened: **3** · opted out: **1**');
    const brokenJob = jobs.find((j) => j.name === 'run-1 (acme/broken)')!;
    expect(body).toContain(`| \`acme/broken\` | ❌ failed ([job](${brokenJob.html_url})): The run ended without a StructuredOutput value`);
    for (const name of ['api', 'web', 'worker']) {
      const pull = targets[`acme/${name}`]!.gh.createdPulls[0]!;
      expect(body).toContain(`| \`acme/${name}\` | 🆕 pull request opened | [#${pull.number}](${pull.html_url}) |`);
    }
    expect(body).toContain('| `acme/fleet-home` | opted out |');
    expect(body).not.toContain('acme/archive');
  });
});
