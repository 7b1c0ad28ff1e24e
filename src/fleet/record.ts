// What a fleet's target run leaves for the fleet's report: a hidden record at
// the end of its pull request's body (the fleet, the run that last wrote it,
// what it did, its cost and turns, its structured output), and one notice
// annotation on its job, which the report reads through the API whether or
// not the run opened a pull request. Both are read back through schemas: a
// value that does not fit is not Deckhand's.
import { z } from 'zod';

/** The label on every fleet's pull requests and tracking issues. */
export const FLEET_LABEL = 'deckhand-fleet';

const PULL_OUTCOMES = ['opened', 'updated', 'unchanged', 'declined'] as const;
/** What a target's run did with its pull request (`declined`: it was closed without merging, so the run left it). */
export type PullOutcome = (typeof PULL_OUTCOMES)[number];

const spent = { cost_usd: z.number().nonnegative(), turns: z.number().int().nonnegative() };

/** The record in a fleet pull request's body: `run` is the workflow run that last wrote it (GITHUB_RUN_ID). */
const FleetRecordSchema = z.object({ fleet: z.string(), run: z.string(), outcome: z.enum(PULL_OUTCOMES), ...spent, structured_output: z.unknown().optional() });
export type FleetRecord = z.infer<typeof FleetRecordSchema>;

/** A target's run, as its notice tells the report. */
export const FleetNoticeSchema = z.object({
  repository: z.string().regex(/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/),
  fleet: z.string(),
  run: z.string(),
  outcome: z.enum([...PULL_OUTCOMES, 'no-change', 'skipped', 'failed', 'cancelled']),
  pull: z.object({ number: z.number().int().positive(), url: z.string() }).optional(),
  ...spent,
  reason: z.string().optional(),
});
export type FleetNotice = z.infer<typeof FleetNoticeSchema>;

/** JSON that fits `schema`, else undefined. */
export function parsedAs<T>(schema: z.ZodType<T>, json: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A target's run's notice: how its run ended (finished, with what it did with its pull request, or not), what it cost. */
export function noticeOf(
  at: Pick<FleetNotice, 'repository' | 'fleet' | 'run'>,
  ended: { kind: 'finished' | 'failed' | 'cancelled' | 'skipped'; reason?: string; costUsd?: number; turns?: number; pull?: { outcome: PullOutcome; number: number; url: string } },
): FleetNotice {
  const outcome = ended.kind === 'finished' ? (ended.pull?.outcome ?? 'no-change') : ended.kind;
  return {
    ...at,
    outcome,
    ...(ended.pull ? { pull: { number: ended.pull.number, url: ended.pull.url } } : {}),
    cost_usd: Number((ended.costUsd ?? 0).toFixed(4)),
    turns: ended.turns ?? 0,
    ...(ended.reason !== undefined ? { reason: ended.reason } : {}),
  };
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
  return json ? parsedAs(FleetRecordSchema, json) : undefined;
}

