// The two phases' hand-over (issue 32). The agent job, whose token may only
// read, seals what it would publish into a folder under RUNNER_TEMP: the
// manifest (writes.ts, every text redacted) and the commit as a binary patch
// against the commit it started from. The publish job, which holds the write
// token and no model, opens that folder only with the digest the agent job
// output, and takes nothing on the folder's word that it can work out itself:
// the run, the issue or pull request and where commits go come from its own
// event and the base branch's config, and must match; the patch may touch no
// `.git` and no workflow (unless the config allows it) and must apply to the
// very commit its checkout is at. A refusal is one line, and nothing of the
// folder is written.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binaryPatchOf, changedPaths, readChanges } from '../checkout/changes.js';
import type { ReviewThread } from '../core/context.js';
import type { Outcome } from '../core/outcome.js';
import type { ReviewPlan } from '../core/plan.js';
import { atLeast, type DraftComment } from '../core/review.js';
import type { PlannedWrite } from '../github/writer.js';
import type { MemoryDesk } from '../knowledge/memory/desk.js';
import type { Memory } from '../knowledge/memory/store.js';
import { git, type Repo } from '../safety/git.js';
import { touchesGit } from '../safety/paths.js';
import { refuseUnpublishable } from './commit.js';
import { openOutputs, sealOutputs } from './manifest.js';
import { proposedOutcome, type Writes } from './writes.js';
export { outcomeOf } from './writes.js';

const PATCH_FILE = 'commit.patch';

/** The publish job will not write what the agent job proposed: one line saying why. */
export class ProposalRefused extends Error {
  override name = 'ProposalRefused';
}

/** Every string in `value` passed through `redact` (the folder is an artifact: anyone who may read the repository's runs may download it). */
function redactedDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactedDeep(item, redact)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactedDeep(item, redact)])) as T;
  return value;
}

/** What the agent job knew when it ended: each part is there once the run got that far. */
export interface Proposing {
  folder: string;
  run: Writes['run'];
  trackingCommentId?: number;
  ended: Writes['ended'];
  /** The checkout and where its changes go, once prepared. */
  work?: { repo: Repo; baseSha: string; commitTo: Writes['commit_to'] };
  outcome?: Outcome;
  memory?: { desk?: MemoryDesk; recalled: readonly Memory[] };
  planned: readonly PlannedWrite[];
  redact: (text: string) => string;
}

/** Seals the agent job's writes into `folder` (emptied first); the SHA-256 of its manifest is the job's outputs_sha256. */
export async function propose(p: Proposing): Promise<{ path: string; sha256: string }> {
  rmSync(p.folder, { recursive: true, force: true });
  mkdirSync(p.folder, { recursive: true });
  let commit: Writes['commit'] = null;
  const { work } = p;
  // A failed run publishes its failure and nothing else: no patch.
  if (p.ended.kind === 'finished' && work && work.commitTo !== 'none' && work.baseSha) {
    const changes = readChanges(work.repo.root, await changedPaths(work.repo, work.baseSha)).filter((c) => c.kind === 'file' || c.kind === 'link' || c.kind === 'deleted');
    if (changes.length > 0) {
      const scratch = mkdtempSync(join(tmpdir(), 'deckhand-patch-'));
      try {
        writeFileSync(join(p.folder, PATCH_FILE), await binaryPatchOf(work.repo, work.baseSha, changes, scratch));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
      commit = { patch: PATCH_FILE, paths: changes.map((c) => c.path) };
    }
  }
  const desk = p.memory?.desk;
  const writes: Writes = redactedDeep(
    {
      run: p.run,
      tracking_comment_id: p.trackingCommentId ?? null,
      base_sha: work?.baseSha ?? '',
      commit_to: work?.commitTo ?? 'none',
      ended: p.ended,
      outcome: p.outcome ? proposedOutcome(p.outcome) : null,
      commit,
      memory: p.memory ? { saved: desk ? [...desk.saved.values()] : [], removed: desk ? [...desk.removed.keys()] : [], recalled: p.memory.recalled.map((m) => m.name) } : null,
      planned: p.planned.map((write) => ({ title: write.title, content: write.content })),
    },
    p.redact,
  );
  const { sha256 } = sealOutputs(p.folder, writes);
  return { path: p.folder, sha256 };
}

/** The agent job's folder, opened only with its digest; the writes and the patch as they were checked. */
export interface Proposal {
  writes: Writes;
  patch?: Buffer;
}

export function openProposal(folder: string, sha256: string): Proposal {
  if (!sha256) throw new ProposalRefused("Input outputs_sha256 is empty: the agent job left no outputs (see that job's log), so nothing is published but this failure.");
  const opened = openOutputs(folder, sha256);
  const { writes } = opened.manifest;
  return { writes, ...(writes.commit ? { patch: opened.file(writes.commit.patch) } : {}) };
}

/** What the publish job worked out for itself, that the writes must agree with. */
export interface OwnView {
  repository: string;
  runId: string;
  event: string;
  mode: string;
  number?: number;
  trackingCommentId?: number;
  baseSha: string;
  commitTo: Writes['commit_to'];
}

/**
 * Refuses writes made for another run, repository, issue or pull request,
 * another tracking comment or another plan — and, when they change files or
 * review, made on another commit than the one the publish job's checkout is
 * at (the pull request's head moved: a stale base).
 */
export function checkProposal(writes: Writes, own: OwnView): void {
  const { run } = writes;
  const differs = (what: string, theirs: unknown, ours: unknown) => {
    if (theirs !== ours) throw new ProposalRefused(`The agent job's outputs are for ${what} ${JSON.stringify(theirs)}, not ${JSON.stringify(ours)}, which this job publishes for.`);
  };
  differs('the repository', run.repository, own.repository);
  differs('the workflow run', run.run_id, own.runId);
  differs('the event', run.event, own.event);
  differs('the issue or pull request', run.number, own.number ?? null);
  differs('the tracking comment', writes.tracking_comment_id, own.trackingCommentId ?? null);
  if (writes.ended.kind !== 'finished') return;
  differs('the mode', run.mode, own.mode);
  differs('changes committed to', writes.commit_to, own.commitTo);
  const anchored = writes.commit !== null || (writes.outcome?.reviewComments.length ?? 0) > 0 || own.mode === 'review';
  if (anchored && writes.base_sha !== own.baseSha) {
    throw new ProposalRefused(
      `The agent job worked on ${writes.base_sha.slice(0, 7) || 'no commit'}, but this job's checkout is at ${own.baseSha.slice(0, 7) || 'no commit'}: the head moved since (a stale base), so nothing was published. Ask again to work on the new head.`,
    );
  }
  if (writes.commit && writes.commit_to === 'none') throw new ProposalRefused("The agent job's outputs hold a commit, but this run's plan commits nothing.");
}

/**
 * The replies to review threads, held to what ReplyToReviewThread allows:
 * offered by this run's plan, one to a thread, each to a thread of this pull
 * request as the publish job read it, and a thread resolved only when
 * Deckhand started it.
 */
export function checkThreadReplies(writes: Writes, threads: readonly ReviewThread[], offered: ReadonlySet<string>): void {
  const replies = writes.outcome?.threadReplies ?? [];
  if (replies.length === 0) return;
  if (!offered.has('ReplyToReviewThread')) throw new ProposalRefused("The agent job's outputs reply to review threads, which this run's mode does not do.");
  const byRoot = new Map(threads.map((thread) => [thread.rootId, thread]));
  const seen = new Set<number>();
  for (const reply of replies) {
    const thread = byRoot.get(reply.rootId);
    if (!thread) throw new ProposalRefused(`The agent job's outputs reply to the review thread ${reply.rootId}, which is not a thread of this pull request.`);
    if (seen.has(reply.rootId)) throw new ProposalRefused(`The agent job's outputs reply to the review thread ${reply.rootId} twice.`);
    seen.add(reply.rootId);
    if (reply.resolve && thread.comments[0]?.author.permission !== 'deckhand') {
      throw new ProposalRefused(`The agent job's outputs resolve the review thread ${reply.rootId}, which Deckhand did not start.`);
    }
  }
}

/**
 * The review's comments, held to what AddReviewComment allows: offered by
 * this run's plan, of the least severity it takes, and inline only where its
 * diff has the line (the others go into the review's body, as the tool would
 * have put them) — whatever the outputs say of each.
 */
export function checkedComments(writes: Writes, review: ReviewPlan | undefined, offered: ReadonlySet<string>): DraftComment[] {
  const comments = writes.outcome?.reviewComments ?? [];
  if (comments.length === 0) return [];
  if (!offered.has('AddReviewComment') || !review) throw new ProposalRefused("The agent job's outputs hold review comments, which this run's mode does not post.");
  return comments.map((comment) => {
    if (review.minSeverity && !atLeast(comment.severity, review.minSeverity)) {
      throw new ProposalRefused(`The agent job's outputs hold a ${comment.severity} comment on ${comment.path}, below review.min_severity (${review.minSeverity}).`);
    }
    const { path, line, side, startLine, startSide } = comment;
    const anchor = { path, line, side, ...(startLine !== undefined ? { startLine } : {}), ...(startSide !== undefined ? { startSide } : {}) };
    return { ...comment, anchored: review.anchorsIn ? review.anchorsIn(anchor) : false };
  });
}

/** Where a patch may not write: `.git` in any spelling, and the workflows unless the config allows it. */
function refusedPath(path: string, workflowChanges: boolean): string | undefined {
  if (touchesGit(path)) return `${path} is inside .git, which Deckhand never writes`;
  if (!workflowChanges && /^\.github\/workflows\//i.test(path)) return `${path} is a workflow, which a two-phase run changes only when the config allows it (publish_workflow_changes: true)`;
  return undefined;
}

/**
 * Applies the agent job's patch to the checkout (at the commit the writes
 * name, checked before): only when every path it touches is the one the
 * writes list and may be written, and the checkout then differs from that
 * commit by exactly those paths.
 */
export async function applyProposal(repo: Repo, proposal: Proposal, opts: { workflowChanges: boolean; scratch: string; findSecret: (text: string) => string | undefined }): Promise<void> {
  const { writes, patch } = proposal;
  if (!writes.commit || !patch) return;
  const file = join(opts.scratch, PATCH_FILE);
  writeFileSync(file, patch);
  const stat = await git(['apply', '--numstat', '-z', '--', file], repo).catch((err: Error) => {
    throw new ProposalRefused(`The agent job's patch cannot be read: ${err.message}.`);
  });
  const touched: string[] = [];
  const fields = stat.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry === '') continue;
    const path = entry.split('\t')[2];
    // `added<TAB>deleted<TAB>` then two names: a rename or a copy, which Deckhand's patches never hold.
    if (path === undefined || path === '') throw new ProposalRefused("The agent job's patch renames or copies a file, which a Deckhand patch never does.");
    touched.push(path);
  }
  for (const path of touched) {
    const why = refusedPath(path, opts.workflowChanges);
    if (why) throw new ProposalRefused(`The agent job's patch was refused: ${why}. Nothing was published.`);
  }
  const listed = [...writes.commit.paths].sort();
  const patched = [...new Set(touched)].sort();
  if (listed.join('\0') !== patched.join('\0')) throw new ProposalRefused("The agent job's patch touches other paths than its outputs list.");
  const before = await changedPaths(repo, writes.base_sha);
  if (before.length > 0) throw new ProposalRefused(`This job's checkout already differs from ${writes.base_sha.slice(0, 7)} (${before[0]!.path}): publish from a fresh checkout.`);
  await git(['apply', '--binary', '--whitespace=nowarn', '--', file], repo).catch((err: Error) => {
    throw new ProposalRefused(`The agent job's patch does not apply to ${writes.base_sha.slice(0, 7)}: ${err.message}.`);
  });
  const changed = await changedPaths(repo, writes.base_sha);
  if (changed.map((c) => c.path).sort().join('\0') !== listed.join('\0')) throw new ProposalRefused("The agent job's patch changed other paths than its outputs list once applied.");
  // What a commit may not hold (a secret, a path that is no file or link) is refused now, before anything is written (the agent job would have failed on it).
  try {
    refuseUnpublishable(readChanges(repo.root, changed), opts.findSecret);
  } catch (err) {
    throw new ProposalRefused((err as Error).message);
  }
}

/**
 * Stages again, on this job's desk and under its rules, what the asker had
 * the agent remember or forget (Remember, Forget); what the run learned from
 * others is taken again from the extraction's answer by the caller. Whatever
 * the rules refuse refuses the whole.
 */
export async function restageAsked(writes: Writes, desk: MemoryDesk | undefined): Promise<void> {
  const memory = writes.memory;
  if (!memory || (memory.saved.length === 0 && memory.removed.length === 0)) return;
  if (!desk) throw memoryRefused("this run may not change Deckhand's memory.");
  for (const saved of memory.saved) {
    if (saved.author !== desk.rules.asker.login || saved.source !== desk.source) continue;
    const result = await desk.save({ name: saved.name, description: saved.description, type: saved.type, body: saved.body });
    if ('refused' in result) throw memoryRefused(`${saved.name}: ${result.refused}`);
  }
  for (const name of memory.removed) {
    const result = desk.forget(name);
    if ('refused' in result) throw memoryRefused(`removing ${name}: ${result.refused}`);
  }
}

/** The desk, once the run's rules staged everything again, holds exactly what the outputs say. */
export function checkStaged(writes: Writes, desk: MemoryDesk | undefined): void {
  const memory = writes.memory;
  const proposed = { saved: (memory?.saved ?? []).map((m) => `${m.name}\0${m.author}\0${m.source}\0${m.type}\0${m.description}\0${m.body}`).sort(), removed: [...(memory?.removed ?? [])].sort() };
  const staged = { saved: [...(desk?.saved.values() ?? [])].map((m) => `${m.name}\0${m.author}\0${m.source}\0${m.type}\0${m.description}\0${m.body}`).sort(), removed: [...(desk?.removed.keys() ?? [])].sort() };
  const extra = proposed.saved.find((entry) => !staged.saved.includes(entry));
  if (extra) {
    const [name, author, source] = extra.split('\0');
    throw memoryRefused(`${name}, taught by @${author} in ${source || 'no comment'}, is not what this run's rules take from what it read.`);
  }
  if (staged.saved.length !== proposed.saved.length || staged.removed.join('\0') !== proposed.removed.join('\0')) throw memoryRefused('they are not what this run\'s rules stage from what it read.');
}

const memoryRefused = (why: string) => new ProposalRefused(`The agent job's memory changes were refused: ${why}`);
