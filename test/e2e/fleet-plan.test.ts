// A fleet's plan (issue 33, items 2 and 5), end to end on the bundle against
// the fleet host: an organisation of 1,000 repositories listed through the REST
// API (every page, read at once after the first), archived ones, forks and
// empty ones left out, opt-outs read from each default branch, the matrix in
// chunks of 256, the cap, the worst-case cost — and no model call.
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicEmulator } from '../emulators/anthropic.js';
import type { FleetHost } from '../emulators/github-fleet.js';
import { fleetHost, member, members, ORG, runFleetJob } from '../helpers/fleet.js';

let host: FleetHost | undefined;
let model: AnthropicEmulator | undefined;
afterEach(async () => {
  await host?.close();
  await model?.stop();
  host = model = undefined;
});

const listed = (matrix: string | undefined) => (JSON.parse(matrix!) as { include: Array<{ repository: string }> }).include.map((entry) => entry.repository);
/** The organisation's repositories a plan of `acme/*` must give: none archived, forked, empty or opted out. */
const expected = (count: number) =>
  members(count)
    .filter((m) => !m.archived && !m.fork && !m.empty && !m.optedOut)
    .map((m) => `${ORG}/${m.name}`)
    .sort();

async function plan(inputs: Record<string, string>) {
  model = await new AnthropicEmulator({ requireAuth: true }).start();
  return runFleetJob(host!, { mode: 'fleet-plan', ...inputs }, { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-test' });
}

describe('fleet-plan', () => {
  it('lists 1,000 repositories into four matrices of at most 256, leaving out archived, forks, empty and opted-out ones, with no model call', async () => {
    // Each answer a little late, as GitHub's are: reads in flight at once show.
    host = await fleetHost(1000, { latencyMs: 5 });
    const run = await plan({ fleet_repositories: `${ORG}/*`, fleet_max_targets: '1024', max_budget_usd: '2', fleet_id: 'checkout-v5' });

    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    const want = expected(1000);
    expect(want.length).toBeGreaterThan(768);
    expect(run.outputs.matrix_count).toBe('4');
    const chunks = [1, 2, 3, 4].map((n) => listed(run.outputs[`matrix_${n}`]));
    expect(chunks.map((c) => c.length)).toEqual([256, 256, 256, want.length - 768]);
    expect(chunks.flat()).toEqual(want);
    expect(listed(run.outputs.matrix)).toEqual(want);
    expect(JSON.parse(run.outputs.matrix_1!).include[0]).toEqual({ repository: want[0] });
    expect(model!.requests).toHaveLength(0);

    // Every page once (the first, then the other nine at once), and each remaining repository's config once, several in flight.
    const pages = host.requests.filter((r) => r.path === `/orgs/${ORG}/repos`);
    expect(pages.map((r) => new URLSearchParams(r.query).get('page')).sort((a, b) => Number(a) - Number(b))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const configs = host.requests.filter((r) => r.path.endsWith('/contents/.github/deckhand.yml'));
    expect(configs).toHaveLength(members(1000).filter((m) => !m.archived && !m.fork).length);
    expect(host.maxConcurrent).toBeGreaterThan(1);
    expect(host.maxConcurrent).toBeLessThanOrEqual(32);

    // The summary: the counts and the fleet's worst case (targets × each target's budget).
    const optedOut = members(1000).filter((m) => m.optedOut && !m.archived && !m.fork && !m.empty).length;
    expect(run.summary).toContain(`**${want.length} targets** in 4 matrices of at most 256 jobs`);
    expect(run.summary).toContain(`Worst-case cost: **$${(want.length * 2).toFixed(2)}** (${want.length} × max_budget_usd $2.00`);
    expect(run.summary).toContain(`| opted out (\`fleet: off\`) | ${optedOut} |`);
    expect(run.summary).toContain(`| left out: archived | ${members(1000).filter((m) => m.archived).length} |`);
    expect(run.summary).toContain(`| left out: empty | ${members(1000).filter((m) => m.empty && !m.archived && !m.fork).length} |`);
    // A config that is not a config keeps its repository in (its own run says why), with a warning here.
    expect(want).toContain(`${ORG}/${member(13).name}`);
    expect(run.stdout).toContain(`::warning::${ORG}/${member(13).name}: The config file`);
  });

  it('filters an entry with search qualifiers, takes a named repository (a fork too), and a user as well as an organisation', async () => {
    host = await fleetHost(300);
    host.addOwner({ login: 'solo', type: 'User' });
    host.addRepository({ owner: 'solo', name: 'dotfiles', topics: [] });
    const fork = member(43); // i % 40 === 3: a fork
    expect(fork.fork).toBe(true);
    const run = await plan({ fleet_repositories: `${ORG}/* topic:node language:TypeScript -topic:legacy\n${ORG}/${fork.name}, solo/*` });

    expect(run.code, run.stdout).toBe(0);
    const searched = members(300)
      .filter((m) => m.topics!.includes('node') && !m.topics!.includes('legacy') && m.language === 'TypeScript' && !m.archived && !m.fork && !m.empty && !m.optedOut)
      .map((m) => `${ORG}/${m.name}`);
    expect(listed(run.outputs.matrix)).toEqual([...searched, `${ORG}/${fork.name}`, 'solo/dotfiles'].sort());
    const search = host.requests.find((r) => r.path === '/search/repositories')!;
    expect(new URLSearchParams(search.query).get('q')).toBe(`user:${ORG} topic:node language:TypeScript -topic:legacy archived:false`);
  });

  it('fails in one line past fleet_max_targets, before any target runs, and gives no matrix', async () => {
    host = await fleetHost(150);
    const run = await plan({ fleet_repositories: `${ORG}/*` });
    expect(run.code).toBe(1);
    const want = expected(150).length;
    expect(want).toBeGreaterThan(100);
    expect(run.stdout).toContain(`::error::The fleet has ${want} targets, more than fleet_max_targets (100): narrow fleet_repositories, or raise fleet_max_targets (at most 1024).`);
    expect(run.outputs.conclusion).toBe('failure');
    expect(run.outputs.matrix).toBeUndefined();
    expect(run.outputs.matrix_count).toBeUndefined();
  });

  it.each([
    ['nobody/*', 'fleet_repositories names nobody/*, but GitHub knows no organization or user nobody.'],
    [`${ORG}/missing`, `fleet_repositories names ${ORG}/missing, which does not exist or which this token cannot reach.`],
    [`${ORG}`, `Input fleet_repositories has "${ORG}", which is not owner/* or owner/name`],
    ['', 'Input fleet_repositories is empty: fleet-plan lists the repositories it names'],
  ])('says in one line what is wrong with %j', async (repositories, message) => {
    host = await fleetHost(5);
    const run = await plan({ fleet_repositories: repositories });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`::error::${message}`);
    expect(run.outputs.conclusion).toBe('failure');
  });

  it("says when an entry matches more than GitHub's search shows, instead of planning part of it", async () => {
    host = await fleetHost(1800);
    const run = await plan({ fleet_repositories: `${ORG}/* language:Go,${ORG}/* language:TypeScript topic:node`, fleet_max_targets: '1024' });
    expect(run.code).toBe(1);
    const go = members(1800).filter((m) => m.language === 'Go' && !m.fork && !m.archived).length;
    expect(go).toBeGreaterThan(1000);
    expect(run.stdout).toContain(`::error::fleet_repositories entry "${ORG}/* language:Go" matches ${go} repositories, and GitHub's search shows only 1000: narrow it with more qualifiers, or split it.`);
  });

  it('plans nothing when nothing is left: matrix_count 0 and empty matrices', async () => {
    host = await fleetHost(0);
    host.addRepository({ owner: ORG, name: 'old', archived: true });
    const run = await plan({ fleet_repositories: `${ORG}/*` });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.matrix_count).toBe('0');
    expect(run.outputs.matrix_1).toBe('{"include":[]}');
    expect(run.summary).toContain('**0 targets**');
  });
});
