// What a two-phase run's agent job proposes to write (issue 32), as the
// manifest carries it: which run and which issue or pull request it is for,
// the commit it started from, how it ended, what the agent made of it (the
// answer, the review's findings, the replies to threads), the commit as a
// patch file beside the manifest, and the memories it would save. The publish
// job reads it with this schema — every text capped, every list bounded — and
// writes it as a one-job run would; nothing here says where to write: the
// publish job works that out from its own event and the base branch's config.
import { z } from 'zod';
import { AGENT_KINDS, type Outcome } from '../core/outcome.js';
import { SEVERITIES } from '../core/review.js';
import type { Memory } from '../knowledge/memory/store.js';

/** The longest text the manifest carries (an answer, a finding, a reason): far past what GitHub would take (65,536), short of what a runner would choke on. */
export const MAX_WRITE_TEXT = 262_144;

const text = z.string().max(MAX_WRITE_TEXT, { error: `is longer than ${MAX_WRITE_TEXT} characters` });
const count = z.number().int().min(0);
const amount = z.number().min(0);
const side = z.enum(['LEFT', 'RIGHT']);
const tokens = z.object({ input: count, output: count, cacheRead: count, cacheWrite: count }).strict();
const terminal = z.object({ reason: z.enum(['completed', 'max_turns', 'budget', 'timeout', 'aborted', 'error']), message: text }).strict();

const draftComment = z
  .object({
    path: z.string().min(1).max(4096),
    line: z.number().int().min(1),
    side,
    startLine: z.number().int().min(1).optional(),
    startSide: side.optional(),
    body: text,
    anchored: z.boolean(),
    severity: z.enum(SEVERITIES),
    currentCode: text.optional(),
  })
  .strict();

const OutcomeSchema = z
  .object({
    terminal,
    answer: text,
    turns: count,
    tokens,
    costUsd: amount,
    agents: z.array(z.object({ kind: z.enum(AGENT_KINDS), agents: count, turns: count, tokens, costUsd: amount }).strict()).max(AGENT_KINDS.length),
    verification: z
      .object({ verdict: z.enum(['PASS', 'FAIL']), reason: text, checks: count, sentBack: count, stopped: terminal.optional() })
      .strict()
      .optional(),
    afterwards: z.record(z.string().max(100), text).optional(),
    priceKnown: z.boolean(),
    durationMs: amount,
    tools: z.array(z.tuple([z.string().max(200), z.object({ count, totalMs: amount, errors: count }).strict()])).max(500),
    reviewComments: z.array(draftComment).max(500),
    doubleCheck: z
      .object({
        checked: count,
        dropped: z.array(z.object({ comment: draftComment, evidence: text }).strict()).max(500),
        unchecked: z.object({ count, why: text }).strict().optional(),
      })
      .strict()
      .optional(),
    threadReplies: z.array(z.object({ rootId: z.number().int().positive(), body: text, resolve: z.boolean() }).strict()).max(500),
    structuredOutput: z
      .unknown()
      .refine((value) => value === undefined || JSON.stringify(value).length <= MAX_WRITE_TEXT, { error: `is longer than ${MAX_WRITE_TEXT} characters as JSON` })
      .optional(),
    network: z
      .object({
        refused: z.array(z.object({ host: z.string().max(300), count, why: text }).strict()).max(1000),
        reached: z.array(z.object({ host: z.string().max(300), connections: count, bytes: count, failed: count }).strict()).max(1000),
      })
      .strict()
      .optional(),
  })
  .strict();

const memory = z
  .object({
    name: z.string().max(200),
    description: text,
    type: z.string().max(50),
    source: z.string().max(2000),
    author: z.string().max(100),
    created: z.string().max(40),
    updated: z.string().max(40),
    body: text,
  })
  .strict();

export const WritesSchema = z
  .object({
    /** The run the writes belong to: the publish job refuses another run's, another repository's, another issue's. */
    run: z
      .object({
        repository: z.string().max(200),
        run_id: z.string().max(40),
        event: z.string().max(100),
        mode: z.enum(['mention', 'review', 'fix', 'task', 'ci-fix']).nullable(),
        number: z.number().int().positive().nullable(),
      })
      .strict(),
    tracking_comment_id: z.number().int().positive().nullable(),
    /** The commit the agent started from: the publish job's checkout must be at it (a patch or a review is anchored there). */
    base_sha: z.string().regex(/^([0-9a-f]{40}|[0-9a-f]{64}|)$/, { error: 'must be a commit SHA' }),
    /** Where the agent's plan put its changes: the publish job's own plan must say the same. */
    commit_to: z.enum(['none', 'pr-head', 'new-branch']),
    /** How the agent job ended: a failure is published as that failure, and nothing else. */
    ended: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('finished') }).strict(),
      z.object({ kind: z.enum(['failed', 'cancelled']), reason: text }).strict(),
    ]),
    outcome: OutcomeSchema.nullable(),
    /** The changes, as a binary git patch against base_sha in the file named here, and the paths it touches. */
    commit: z.object({ patch: z.string().max(200), paths: z.array(z.string().min(1).max(4096)).max(10_000) }).strict().nullable(),
    /** Memories to save and remove (the publish job stages each again, under its own rules). */
    memory: z.object({ saved: z.array(memory).max(100), removed: z.array(z.string().max(200)).max(100), recalled: z.array(z.string().max(200)).max(100) }).strict().nullable(),
    /** What the agent job would have written, as its dry-run list shows it: for the person who approves. */
    planned: z.array(z.object({ title: text, content: text }).strict()).max(200),
  })
  .strict();

export type Writes = z.infer<typeof WritesSchema>;
export type ProposedOutcome = z.infer<typeof OutcomeSchema>;

/** The outcome as the manifest carries it: plain values (the tools' map as pairs), no local path. */
export function proposedOutcome(outcome: Outcome): ProposedOutcome {
  const { transcriptPath: _path, tools, ...rest } = outcome;
  return { ...rest, tools: [...tools] };
}

/** The outcome the publish job reports, from what the manifest carries (the transcript stayed with the agent job). */
export function outcomeOf(proposed: ProposedOutcome): Outcome {
  return { ...proposed, tools: new Map(proposed.tools), transcriptPath: '' } as Outcome;
}

export type ProposedMemory = Memory;
