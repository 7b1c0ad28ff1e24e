// How a run ends, said once: the one writer of the outputs, the job summary
// and the tracking comment's last state, whatever the ending — skipped,
// failed, cancelled or finished. `outputsOf` is the outputs as a plain value.
import type { Outcome } from '../core/outcome.js';
import type { RunnerSink } from '../github/runner.js';
import type { TrackingComment } from '../github/tracking-comment.js';
import type { Writer } from '../github/writer.js';
import type { Published } from './request.js';
import { renderFailureSummary, renderSkipSummary, renderSummary } from './summary.js';
import { failureComment, finalComment, type RunFacts } from './text.js';

/** What the run had made when it ended: each part is there once the run got that far. */
export interface RunRecord {
  startedAt: number;
  facts?: RunFacts;
  tracking?: TrackingComment;
  writer?: Writer;
  outcome?: Outcome;
  published: Published;
  /** What could not be published (a patch, a review), for the job summary. */
  unpublished?: string;
}

export type RunEnding =
  /** `writer`: the writer of a skip that still wrote (ci-fix's stop comment), for a dry run's list. */
  | { kind: 'skipped'; reason: string; writer?: Writer }
  /** `commentRefused`: GitHub refused the tracking comment's last update, so it is not tried again. */
  | { kind: 'failed' | 'cancelled'; reason: string; record: RunRecord; commentRefused?: true }
  | { kind: 'finished'; conclusion: 'success' | 'failure'; record: RunRecord & { outcome: Outcome; facts: RunFacts; writer: Writer } };

/** The action's outputs for an ending, in action.yml's order of reporting; a missing part is a missing output. */
export function outputsOf(ending: RunEnding): Record<string, string> {
  if (ending.kind === 'skipped') return { conclusion: 'skipped', turns: '0', cost_usd: '0.0000' };
  const { tracking, published, outcome } = ending.record;
  const outputs: Record<string, string> = { conclusion: ending.kind === 'finished' ? ending.conclusion : ending.kind === 'cancelled' ? 'cancelled' : 'failure' };
  if (tracking) outputs.comment_url = tracking.url;
  if (published.review) outputs.review_url = published.review.url;
  if (published.branch) outputs.branch = published.branch;
  if (published.pullUrl) outputs.pr_url = published.pullUrl;
  if (published.commitSha) outputs.commit_sha = published.commitSha;
  outputs.turns = String(outcome?.turns ?? 0);
  outputs.cost_usd = (outcome?.costUsd ?? 0).toFixed(4);
  if (outcome) outputs.transcript = outcome.transcriptPath;
  if (outcome?.structuredOutput !== undefined) outputs.structured_output = JSON.stringify(outcome.structuredOutput);
  return outputs;
}

/** Writes the ending to the runner (and the tracking comment); the exit code. */
export async function report(ending: RunEnding, sink: RunnerSink, now = Date.now): Promise<number> {
  const finishComment = (tracking: TrackingComment, body: string) =>
    tracking.finish(body).catch((err) => sink.warning(`Could not update the tracking comment: ${(err as Error).message}`));
  /** The final state posted, or why GitHub would not take it. */
  const postFinal = (tracking: TrackingComment, body: string): Promise<string | undefined> =>
    tracking.finish(body).then(
      () => undefined,
      (err) => `Could not post the final state of the tracking comment (${tracking.url}): ${(err as Error).message}. What the run did is in this job summary.`,
    );
  const showPlanned = (writer: Writer | undefined) => {
    if (writer?.dryRun) for (const write of writer.planned) sink.log(`\n--- would write: ${write.title} ---\n${write.content}`);
  };
  const writeOutputs = () => {
    for (const [name, value] of Object.entries(outputsOf(ending))) sink.output(name, value);
  };

  switch (ending.kind) {
    case 'skipped':
      sink.log(`Deckhand skipped this event: ${ending.reason}`);
      showPlanned(ending.writer);
      sink.summary(renderSkipSummary(ending.reason, ending.writer?.dryRun ? ending.writer.planned : []));
      writeOutputs();
      return 0;
    case 'failed':
    case 'cancelled': {
      const { reason, record } = ending;
      const cancelled = ending.kind === 'cancelled';
      sink.error(reason);
      if (record.tracking && record.facts && !ending.commentRefused) {
        const facts = { ...record.facts, durationMs: now() - record.startedAt };
        await finishComment(record.tracking, failureComment(reason, facts, record.outcome?.answer ?? '', record.published.links, cancelled));
      }
      const conclusion = cancelled ? 'cancelled' : 'failure';
      const planned = record.writer?.dryRun ? record.writer.planned : [];
      showPlanned(record.writer);
      sink.summary(
        record.outcome
          ? renderSummary(record.outcome, conclusion, record.facts?.model ?? '', record.published, planned, reason)
          : renderFailureSummary(reason, conclusion, planned),
      );
      if (record.unpublished) sink.summary(record.unpublished);
      writeOutputs();
      return 1;
    }
    case 'finished': {
      const { record, conclusion } = ending;
      const { outcome, writer } = record;
      // The same duration in the footer and the summary: the whole run, not only the agent's part.
      const durationMs = now() - record.startedAt;
      const stoppedEarly = outcome.terminal.reason === 'completed' ? undefined : outcome.terminal.message;
      if (record.tracking) {
        // A final state GitHub will not take leaves the comment "working": the run fails and says so (product.md §7).
        const refused = await postFinal(record.tracking, finalComment(outcome.answer, { ...record.published.links }, { ...record.facts, durationMs }, stoppedEarly, outcome.verification, record.published.memory));
        if (refused) return report({ kind: 'failed', reason: refused, record, commentRefused: true }, sink, now);
      }
      if (conclusion === 'failure') sink.error(outcome.terminal.message);
      showPlanned(writer);
      sink.summary(renderSummary({ ...outcome, durationMs }, conclusion, record.facts.model, record.published, writer.planned));
      writeOutputs();
      return conclusion === 'success' ? 0 : 1;
    }
  }
}
