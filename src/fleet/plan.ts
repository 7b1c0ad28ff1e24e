// fleet-plan: the fleet's targets as the matrix of the jobs that run them —
// output `matrix` ({"include": [{"repository": "owner/name"}, …]}) and, in
// chunks of at most 256 (GitHub's limit for one matrix), `matrix_1` … and
// `matrix_count` — with the fleet's worst-case cost in the job summary. It
// calls no model.
import { formatCost } from '../format.js';
import { restCalls } from '../github/api.js';
import type { RunnerSink } from '../github/runner.js';
import { MAX_FLEET_TARGETS } from '../inputs.js';
import { FleetInputError, parseFleetRepositories } from './entries.js';
import type { FleetSettings } from './settings.js';
import { FleetError, listFleet, READS_AT_ONCE, type FleetListing } from './targets.js';

/** GitHub runs at most 256 jobs of one matrix. */
export const MATRIX_MAX = 256;

/** Names in a summary list, past which a count stands for the rest. */
const NAMES_SHOWN = 300;

/** The matrix of some targets, as strategy.matrix takes it (fromJSON). */
export function matrixOf(repositories: readonly string[]): string {
  return JSON.stringify({ include: repositories.map((repository) => ({ repository })) });
}

function nameList(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).map((name) => `\`${name}\``);
  return names.length > NAMES_SHOWN ? `${shown.join(', ')} … and ${names.length - NAMES_SHOWN} more` : shown.join(', ');
}

function planSummary(listing: FleetListing, settings: FleetSettings, chunks: number, seconds: number): string {
  const { targets, optedOut, leftOut, unreadable } = listing;
  const worst = targets.length * settings.maxBudgetUsd;
  const lines = [
    `## Deckhand fleet plan${settings.fleetId ? `: \`${settings.fleetId}\`` : ''}`,
    '',
    `**${targets.length} target${targets.length === 1 ? '' : 's'}** in ${chunks} matri${chunks === 1 ? 'x' : 'ces'} of at most ${MATRIX_MAX} jobs, listed in ${seconds.toFixed(1)} s.`,
    `Worst-case cost: **${formatCost(worst)}** (${targets.length} × max_budget_usd ${formatCost(settings.maxBudgetUsd)}, each target's budget).`,
    '',
    '| repositories | |',
    '|---|---:|',
    `| targets | ${targets.length} |`,
    `| opted out (\`fleet: off\`) | ${optedOut.length} |`,
    `| left out: archived | ${leftOut.archived} |`,
    `| left out: forks | ${leftOut.forks} |`,
    `| left out: empty | ${leftOut.empty} |`,
    '',
    ...(listing.searched ? ["An entry with search qualifiers was listed by GitHub's search, which leaves out forks and archived repositories itself: those are not counted above.", ''] : []),
  ];
  if (targets.length > 0) lines.push(`<details><summary>Targets (${targets.length})</summary>`, '', nameList(targets.map((t) => t.repository)), '', '</details>', '');
  if (optedOut.length > 0) lines.push(`<details><summary>Opted out (${optedOut.length})</summary>`, '', nameList(optedOut), '', '</details>', '');
  if (unreadable.length > 0) {
    lines.push(`Configs that could not be read (kept in: each target's own run says why): ${nameList(unreadable.map((u) => u.repository))}`, '');
  }
  return lines.join('\n');
}

export async function planFleet(settings: FleetSettings, sink: RunnerSink): Promise<number> {
  const entries = parseFleetRepositories(settings.repositories);
  if (entries.length === 0) throw new FleetInputError('Input fleet_repositories is empty: fleet-plan lists the repositories it names (owner/* or owner/name, one a line).');
  if (!settings.token) throw new FleetError("fleet-plan needs a github_token that reaches the fleet's repositories (a GitHub App's installation token).");
  const started = Date.now();
  const rest = restCalls({ token: settings.token, baseUrl: settings.apiUrl, warn: (message) => sink.warning(message), atOnce: READS_AT_ONCE });
  const listing = await listFleet(rest, entries, settings.configPath);
  const repositories = listing.targets.map((target) => target.repository);
  if (repositories.length > settings.maxTargets) {
    throw new FleetError(
      `The fleet has ${repositories.length} targets, more than fleet_max_targets (${settings.maxTargets}): narrow fleet_repositories, or raise fleet_max_targets (at most ${MAX_FLEET_TARGETS}).`,
    );
  }
  const chunks: string[][] = [];
  for (let at = 0; at < repositories.length; at += MATRIX_MAX) chunks.push(repositories.slice(at, at + MATRIX_MAX));
  const seconds = (Date.now() - started) / 1000;
  for (const { repository, why } of listing.unreadable.slice(0, 20)) sink.warning(`${repository}: ${why}`);
  sink.log(
    `Deckhand fleet plan: ${repositories.length} targets in ${chunks.length} matri${chunks.length === 1 ? 'x' : 'ces'}; ${listing.optedOut.length} opted out; left out ${listing.leftOut.archived} archived, ${listing.leftOut.forks} forks, ${listing.leftOut.empty} empty (${seconds.toFixed(1)} s).`,
  );
  sink.summary(planSummary(listing, settings, chunks.length, seconds));
  sink.output('conclusion', 'success');
  sink.output('matrix', matrixOf(repositories));
  sink.output('matrix_count', String(chunks.length));
  // Every chunk action.yml declares is set: one a workflow does not run is an empty matrix, never a value fromJSON refuses.
  for (let i = 0; i < MAX_FLEET_TARGETS / MATRIX_MAX; i++) sink.output(`matrix_${i + 1}`, matrixOf(chunks[i] ?? []));
  return 0;
}
