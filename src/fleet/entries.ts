// A fleet's repositories as the workflow names them (input
// fleet_repositories): one entry a line or comma-separated, each `owner/*` or
// `owner/name`, optionally followed by GitHub search qualifiers that filter
// that entry (`acme/* topic:node language:TypeScript`). Parsed here, listed by
// fleet/targets.ts; a target's run names its one repository the same way.
import type { Inputs } from '../inputs.js';

/** GitHub's rules for a login and a repository name (what an API path may hold). */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;
/** A search qualifier: `key:value`, optionally negated (`-topic:legacy`); a value may be quoted. */
const QUALIFIER = /^-?[a-z_]+:(?:"[^"]+"|[^\s"]+)$/;

export interface FleetEntry {
  owner: string;
  /** A repository's name, or `*` for every repository of the owner. */
  name: string;
  /** Search qualifiers that filter the entry, as written. */
  qualifiers: string[];
  /** The entry as written, for messages. */
  text: string;
}

/** fleet_repositories is wrong: one line saying which entry and why. */
export class FleetInputError extends Error {
  override name = 'FleetInputError';
}

/** Splits the input into entries: lines, then commas (a comma never appears in an entry). */
export function parseFleetRepositories(text: string): FleetEntry[] {
  const entries: FleetEntry[] = [];
  for (const raw of text.split(/[\n,]/)) {
    const entry = raw.trim();
    if (entry === '' || entry.startsWith('#')) continue;
    // Words apart from quoted values, which may hold spaces (language:"Jupyter Notebook").
    const [target, ...qualifiers] = entry.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
    const match = /^([^/]+)\/([^/]+)$/.exec(target!);
    if (!match || !OWNER.test(match[1]!) || (match[2] !== '*' && !NAME.test(match[2]!))) {
      throw new FleetInputError(`Input fleet_repositories has "${entry}", which is not owner/* or owner/name (optionally followed by search qualifiers such as topic:node).`);
    }
    const bad = qualifiers.find((q) => !QUALIFIER.test(q));
    if (bad !== undefined) throw new FleetInputError(`Input fleet_repositories has "${entry}": "${bad}" is not a search qualifier (key:value, such as topic:node or language:TypeScript).`);
    const owning = qualifiers.find((q) => /^-?(user|org|repo):/.test(q));
    if (owning !== undefined) throw new FleetInputError(`Input fleet_repositories has "${entry}": "${owning}" is not needed, the entry's owner/name says whose repositories these are.`);
    entries.push({ owner: match[1]!, name: match[2]!, qualifiers, text: entry });
  }
  return entries;
}

/** A fleet target's run (task mode with fleet_id): the one repository it works on, named by fleet_repositories; none for another run. */
export function fleetTargetOf(inputs: Pick<Inputs, 'fleet_id' | 'mode' | 'phase' | 'fleet_repositories'>): { owner: string; repo: string } | undefined {
  if (!inputs.fleet_id || inputs.mode === 'fleet-plan' || inputs.mode === 'fleet-report') return undefined;
  if (inputs.mode !== 'task') throw new FleetInputError(`Input fleet_id is for a fleet's target runs (mode: task), fleet-plan and fleet-report, not mode ${inputs.mode}.`);
  if (inputs.phase !== 'all') throw new FleetInputError('Input fleet_id runs in one job (phase: all): a fleet target does not split into phases.');
  return fleetTarget(inputs.fleet_repositories);
}

/** A target's run: the one repository fleet_repositories names (the matrix's `repository`). */
export function fleetTarget(text: string): { owner: string; repo: string } {
  const entries = parseFleetRepositories(text);
  const [only] = entries;
  if (entries.length !== 1 || !only || only.name === '*' || only.qualifiers.length > 0) {
    throw new FleetInputError(
      `A fleet target's run (fleet_id set) works on one repository: input fleet_repositories must be its owner/name (\${{ matrix.repository }}), not "${text.trim().replace(/\s+/g, ' ').slice(0, 200)}".`,
    );
  }
  return { owner: only.owner, repo: only.name };
}
