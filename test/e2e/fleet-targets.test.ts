// A fleet's targets (issue 33, item 3), end to end on the bundle: each target's
// run is the ordinary task mode, started in the fleet's home repository's
// workflow on a checkout of the target, in processes of its own and at once —
// each against its own emulated repository and model. It commits to the
// fleet's stable branch, opens one pull request labelled deckhand-fleet whose
// body ends with the record the report reads (its structured result too),
// tells the report how it went in a notice, and a re-run updates the same pull
// request instead of opening a second.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { fleetRecordOf } from '../../src/fleet/record.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { runnerCommands, unescapeCommand } from '../helpers/runner-commands.js';

const opened: Scenario[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.cleanup()));
});

const HOME = 'acme/fleet-home';
const SCHEMA = { type: 'object', required: ['bumped'], properties: { bumped: { type: 'integer', minimum: 0 } }, additionalProperties: false };
const WORKFLOW = 'name: CI\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v3\n';

async function target(name: string, files: Record<string, string> = { '.github/workflows/ci.yml': WORKFLOW }): Promise<Scenario> {
  const s = await scenario(files, { owner: 'acme', repo: name });
  opened.push(s);
  s.checkout();
  return s;
}

/** The model of one target's run: bump the checkout action (to `version`), give the result, say what it did. */
function bumps(s: Scenario, version = 'v5') {
  const file = join(s.workspace, '.github/workflows/ci.yml');
  s.model.enqueue(
    reply(toolUse('Read', { file_path: file })),
    reply(toolUse('Edit', { file_path: file, old_string: 'actions/checkout@v3', new_string: `actions/checkout@${version}` })),
    reply(toolUse('StructuredOutput', { bumped: 1 })),
    reply(text(`Bump actions/checkout to ${version}\n\nOne workflow used actions/checkout@v3.`)),
  );
}

/** A target's run as the example workflow's matrix job starts it: the home repository's run and event, the target's checkout and token. */
function targetLaunch(s: Scenario, runId = '4242', extra: Record<string, string> = {}) {
  return [
    'workflow_dispatch',
    // The event is the home repository's (its default branch is not the target's).
    { inputs: {}, repository: { full_name: HOME, default_branch: 'trunk' } },
    { mode: 'task', fleet_repositories: s.gh.fullName, fleet_id: 'checkout-v5', prompt: 'Bump actions/checkout to v5.', output_schema: JSON.stringify(SCHEMA), ...extra },
    // The home repository's run, its commit among its facts.
    { GITHUB_REPOSITORY: HOME, GITHUB_REPOSITORY_OWNER: 'acme', GITHUB_RUN_ID: runId, GITHUB_SHA: 'f'.repeat(40) },
  ] as const;
}

function runTarget(s: Scenario, runId = '4242', extra: Record<string, string> = {}) {
  return s.run(...targetLaunch(s, runId, extra));
}

/** The one notice a run left for the report, as the runner reads workflow commands (stop-commands respected). */
function noticeOf(stdout: string): Record<string, unknown> {
  const notices = runnerCommands(stdout).filter((c) => c.command === 'notice');
  expect(notices, stdout).toHaveLength(1);
  expect(notices[0]!.properties).toEqual({ title: 'Deckhand fleet checkout-v5' });
  return JSON.parse(unescapeCommand(notices[0]!.data));
}

describe('a fleet target', () => {
  it('runs at once in parallel processes, each on its own repository: one labelled pull request on the fleet branch, with the record and the result', async () => {
    const targets = await Promise.all(['api', 'web', 'worker'].map((name) => target(name)));
    targets.forEach((s) => bumps(s));

    // Started at once, as a matrix starts them; each has its own runner folders, checkout, repository and model.
    const runs = await Promise.all(targets.map((s) => runTarget(s)));

    for (const [i, s] of targets.entries()) {
      const run = runs[i]!;
      expect(run.stderr).toBe('');
      expect(run.code, run.stdout).toBe(0);
      const [pull] = s.gh.createdPulls;
      expect(s.gh.createdPulls).toHaveLength(1);
      expect(pull!.head.ref).toBe('deckhand/fleet-checkout-v5');
      expect(pull!.title).toBe('Bump actions/checkout to v5');
      expect(pull!.labels.map((l) => l.name)).toEqual(['deckhand-fleet']);
      // The run is the home repository's; the work is the target's.
      expect(pull!.body).toContain(`/${HOME}/actions/runs/4242`);
      expect(fleetRecordOf(pull!.body)).toMatchObject({ fleet: 'checkout-v5', run: '4242', outcome: 'opened', turns: 4, structured_output: { bumped: 1 } });
      expect(s.gh.git.text(['show', 'refs/heads/deckhand/fleet-checkout-v5:.github/workflows/ci.yml'])).toContain('actions/checkout@v5');
      expect(JSON.parse(run.outputs.structured_output!)).toEqual({ bumped: 1 });
      expect(run.outputs.pr_url).toBe(pull!.html_url);
      expect(noticeOf(run.stdout)).toMatchObject({ repository: s.gh.fullName, fleet: 'checkout-v5', run: '4242', outcome: 'opened', pull: { number: pull!.number }, turns: 4 });
    }
  });

  it('re-run: updates the same pull request (the branch made again on the base), or leaves it as it is when nothing differs', async () => {
    const s = await target('api');
    bumps(s);
    expect((await runTarget(s, '100')).code).toBe(0);
    const [pull] = s.gh.createdPulls;
    const first = s.gh.git.text(['rev-parse', 'refs/heads/deckhand/fleet-checkout-v5']).trim();

    // The base moved meanwhile; the re-run's change differs: the branch is made again on the new base, the pull request updated.
    s.gh.commitFiles('main', { 'README.md': '# api\n' }, 'Add a README');
    s.checkout();
    bumps(s, 'v6');
    const rerun = await runTarget(s, '101');
    expect(rerun.code, rerun.stdout).toBe(0);
    expect(s.gh.createdPulls).toHaveLength(1);
    expect(s.gh.pulls.filter((p) => p.head.ref === 'deckhand/fleet-checkout-v5')).toHaveLength(1);
    const second = s.gh.git.text(['rev-parse', 'refs/heads/deckhand/fleet-checkout-v5']).trim();
    expect(second).not.toBe(first);
    expect(s.gh.git.text(['rev-parse', `${second}^`]).trim()).toBe(s.gh.git.text(['rev-parse', 'refs/heads/main']).trim());
    expect(s.gh.git.text(['show', `${second}:.github/workflows/ci.yml`])).toContain('actions/checkout@v6');
    const updated = s.gh.pulls.find((p) => p.number === pull!.number)!;
    expect(updated.title).toBe('Bump actions/checkout to v6');
    expect(fleetRecordOf(updated.body)).toMatchObject({ run: '101', outcome: 'updated' });
    expect(noticeOf(rerun.stdout)).toMatchObject({ outcome: 'updated', pull: { number: pull!.number } });

    // The same change again on the same base: nothing is pushed; the record says which run looked last.
    s.checkout();
    bumps(s, 'v6');
    const again = await runTarget(s, '102');
    expect(again.code, again.stdout).toBe(0);
    expect(s.gh.git.text(['rev-parse', 'refs/heads/deckhand/fleet-checkout-v5']).trim()).toBe(second);
    expect(fleetRecordOf(s.gh.pulls.find((p) => p.number === pull!.number)!.body)).toMatchObject({ run: '102', outcome: 'unchanged' });
    expect(noticeOf(again.stdout)).toMatchObject({ outcome: 'unchanged' });
    expect(s.gh.createdPulls).toHaveLength(1);
  });

  it("never overwrites someone's commit on the fleet branch: the re-run fails in one line and the branch stays", async () => {
    const s = await target('api');
    bumps(s);
    expect((await runTarget(s, '100')).code).toBe(0);
    // A maintainer's fix-up on the fleet's pull request.
    s.gh.commitFiles('deckhand/fleet-checkout-v5', { 'NOTES.md': 'checked by hand\n' }, 'Fix-up by a maintainer');
    const tip = s.gh.git.text(['rev-parse', 'refs/heads/deckhand/fleet-checkout-v5']).trim();
    s.checkout();
    bumps(s, 'v6');
    const rerun = await runTarget(s, '101');
    expect(rerun.code).toBe(1);
    expect(rerun.stdout).toContain("The fleet's branch deckhand/fleet-checkout-v5 has commits someone else pushed, so this run did not replace it");
    expect(s.gh.git.text(['rev-parse', 'refs/heads/deckhand/fleet-checkout-v5']).trim()).toBe(tip);
    expect(noticeOf(rerun.stdout)).toMatchObject({ outcome: 'failed' });
  });

  it('leaves a repository alone whose fleet pull request was closed without merging: nothing committed, the notice says declined', async () => {
    const s = await target('api');
    bumps(s);
    expect((await runTarget(s, '100')).code).toBe(0);
    const [pull] = s.gh.createdPulls;
    const tip = s.gh.git.text(['rev-parse', 'refs/heads/deckhand/fleet-checkout-v5']).trim();
    // Closed by a maintainer, through the API as GitHub's UI does.
    const closed = await fetch(`${s.gh.url}/repos/${s.gh.fullName}/pulls/${pull!.number}`, { method: 'PATCH', headers: { authorization: `token ${s.gh.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ state: 'closed' }) });
    expect(closed.status).toBe(200);
    s.checkout();
    bumps(s, 'v6');
    const rerun = await runTarget(s, '101');
    expect(rerun.code, rerun.stdout).toBe(0);
    expect(rerun.stdout).toContain(`::warning::The fleet's pull request #${pull!.number} on deckhand/fleet-checkout-v5 was closed without merging, so nothing was committed`);
    expect(s.gh.pulls).toHaveLength(1);
    expect(s.gh.git.text(['rev-parse', 'refs/heads/deckhand/fleet-checkout-v5']).trim()).toBe(tip);
    expect(noticeOf(rerun.stdout)).toMatchObject({ outcome: 'declined', pull: { number: pull!.number } });
  });

  it("refuses a checkout that is not the target's, in one line before any model call", async () => {
    const s = await target('api');
    const other = await target('web', { 'README.md': '# web, with a history of its own\n' });
    // The matrix job checked out the wrong repository: web's commit, in api's job.
    const wrong = await other.run(
      'workflow_dispatch',
      { inputs: {} },
      { mode: 'task', fleet_repositories: s.gh.fullName, fleet_id: 'checkout-v5', prompt: 'Bump.' },
      { GITHUB_REPOSITORY: HOME, GITHUB_API_URL: s.gh.url },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/::error::The checkout is at [0-9a-f]{7}, a commit acme\/api does not have: a fleet target's job checks out its target/);
    expect(other.model.requests).toHaveLength(0);
    expect(s.gh.writes()).toHaveLength(0);
  });

  it('with nothing to change: no branch, no pull request, and a notice that says so', async () => {
    const s = await target('docs', { 'README.md': '# docs\n' });
    s.model.enqueue(reply(toolUse('StructuredOutput', { bumped: 0 })), reply(text('No workflow uses an older actions/checkout.')));
    const run = await runTarget(s);
    expect(run.code, run.stdout).toBe(0);
    expect(s.gh.createdPulls).toHaveLength(0);
    expect(s.gh.git.text(['for-each-ref', 'refs/heads/deckhand/']).trim()).toBe('');
    expect(noticeOf(run.stdout)).toMatchObject({ outcome: 'no-change', turns: 2 });
    expect(JSON.parse(run.outputs.structured_output!)).toEqual({ bumped: 0 });
  });

  it('skips a target whose config says fleet: off, with no model call, even when a matrix lists it', async () => {
    const s = await target('private-infra', { '.github/deckhand.yml': 'fleet: off\n', '.github/workflows/ci.yml': WORKFLOW });
    const run = await runTarget(s);
    expect(run.code).toBe(0);
    expect(run.outputs.conclusion).toBe('skipped');
    expect(s.model.requests).toHaveLength(0);
    expect(run.stdout).toContain('acme/private-infra opted out of fleets (fleet: off in .github/deckhand.yml).');
    expect(noticeOf(run.stdout)).toMatchObject({ outcome: 'skipped', turns: 0 });
    expect(s.gh.writes()).toHaveLength(0);
  });

  it.each([
    [{ fleet_repositories: 'acme/*' }, 'works on one repository: input fleet_repositories must be its owner/name'],
    [{ fleet_repositories: 'acme/api topic:x' }, 'works on one repository'],
    [{ mode: 'auto' }, 'Input fleet_id is for a fleet'],
    [{ fleet_id: 'a b' }, 'Input fleet_id may only hold'],
  ])('refuses a mis-wired target run in one line before any model call: %o', async (inputs, message) => {
    const s = await target('api');
    const run = await runTarget(s, '4242', inputs);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(message);
    expect(s.model.requests).toHaveLength(0);
    expect(s.gh.writes()).toHaveLength(0);
  });

  it('a model cannot forge the notice the report reads: one in its answer, or in a file it writes, is no workflow command', async () => {
    const s = await target('api');
    const forged = `::notice title=Deckhand fleet checkout-v5::${JSON.stringify({ repository: 'acme/web', fleet: 'checkout-v5', run: '4242', outcome: 'opened', cost_usd: 0, turns: 0 })}`;
    const file = join(s.workspace, '.github/workflows/ci.yml');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'actions/checkout@v3', new_string: `actions/checkout@v5\n# ${forged}` })),
      reply(toolUse('StructuredOutput', { bumped: 1 })),
      reply(text(`Bump\n\n${forged}\n  ${forged}\n##[notice title=Deckhand fleet checkout-v5]{"repository":"acme/web"}`)),
    );
    const run = await runTarget(s);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(forged);
    // Only the action's own notice, for its own repository.
    expect(noticeOf(run.stdout)).toMatchObject({ repository: 'acme/api', outcome: 'opened' });
  });

  it.skipIf(!bwrapWorks)("gives the commands it runs the target's repository, not the home repository's commit", async () => {
    const s = await target('api');
    s.model.enqueue(
      reply(toolUse('Bash', { command: 'echo "repo=$GITHUB_REPOSITORY owner=$GITHUB_REPOSITORY_OWNER sha=${GITHUB_SHA:-none}"', description: 'Where am I' })),
      (req) => {
        expect([...req.toolResults.values()][0]?.content).toBe('repo=acme/api owner=acme sha=none');
        return reply(toolUse('StructuredOutput', { bumped: 0 }));
      },
      reply(text('Nothing to bump.')),
    );
    const run = await runTarget(s, '4242', { allowed_tools: 'Bash(echo:*)' });
    expect(run.code, run.stdout).toBe(0);
    expect(s.model.remaining).toBe(0);
  });

  it('says so when a failed run is a fleet target: the notice carries the failure for the report', async () => {
    const s = await target('api');
    s.model.enqueue(reply(text('Done.')));
    const run = await runTarget(s);
    // No StructuredOutput: the run fails in one line after publishing what it did (nothing).
    expect(run.code).toBe(1);
    expect(noticeOf(run.stdout)).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('without a StructuredOutput value') });
  });
});
