// What a fleet's target run leaves for the fleet's report: a hidden record at
// the end of its pull request's body (the fleet, the run that last wrote it,
// what it did, its cost and turns, its structured output), and one notice
// annotation on its job, which the report reads through the API whether or
// not the run opened a pull request.

/** The label on every fleet's pull requests and tracking issues. */
export const FLEET_LABEL = 'deckhand-fleet';

/** What a target's run did with its pull request. */
export type PullOutcome = 'opened' | 'updated' | 'unchanged';

/** The record in a fleet pull request's body. */
export interface FleetRecord {
  fleet: string;
  /** The workflow run that last wrote the pull request (GITHUB_RUN_ID). */
  run: string;
  outcome: PullOutcome;
  cost_usd: number;
  turns: number;
  structured_output?: unknown;
}

/** A target's run, as its notice tells the report. */
export interface FleetNotice {
  repository: string;
  fleet: string;
  run: string;
  outcome: PullOutcome | 'no-change' | 'skipped' | 'failed' | 'cancelled';
  pull?: { number: number; url: string };
  cost_usd: number;
  turns: number;
  reason?: string;
}

/** The notice's title: the report finds its targets' notices by it. */
export const noticeTitle = (fleet: string) => `Deckhand fleet ${fleet}`;

/** A structured output bigger than this is left out of the record (it stays in the job's output). */
const RECORD_OUTPUT_MAX = 16_000;

/** JSON no HTML comment can end early: `<` and `>` written as escapes. */
export function hiddenJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

/** The record as the last line of a body (after Deckhand's marker). */
export function fleetRecordMark(record: FleetRecord): string {
  const fits = record.structured_output === undefined || JSON.stringify(record.structured_output).length <= RECORD_OUTPUT_MAX;
  const { structured_output: _left, ...rest } = record;
  return `<!-- deckhand:fleet=${hiddenJson(fits ? record : rest)} -->`;
}

/** The record at the very end of a body, after the marker, as publish writes it; anywhere else it is not Deckhand's. */
const RECORD_AT_END = /\n<!-- deckhand -->\n\n?<!-- deckhand:fleet=(\{.*\}) -->\s*$/s;

export function fleetRecordOf(body: string | null | undefined): FleetRecord | undefined {
  const json = RECORD_AT_END.exec(body ?? '')?.[1];
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as Partial<FleetRecord>;
    if (typeof value.fleet !== 'string' || typeof value.run !== 'string' || typeof value.outcome !== 'string') return undefined;
    return { ...value, cost_usd: Number(value.cost_usd) || 0, turns: Number(value.turns) || 0 } as FleetRecord;
  } catch {
    return undefined;
  }
}

