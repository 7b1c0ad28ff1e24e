// The second stage: the agent, under the wall-clock limit, with the prepared
// policy, sandbox and first message. Its Outcome is what publishing takes.
import { join } from 'node:path';
import { priceOf } from '../agent/cost.js';
import { runAgent, type Outcome } from '../agent/session.js';
import { systemPrompt } from '../context/system-prompt.js';
import { formatCost } from '../format.js';
import { workingComment } from '../github/publish/text.js';
import type { Prepared, RunRequest, StageIo } from './prepare.js';
import { diffSince, undoingChanges } from './worktree.js';

export async function work(request: RunRequest, prepared: Prepared, io: StageIo): Promise<Outcome> {
  const { inputs, env } = request;
  const { root, policy, tracking, model } = prepared;
  const { tempDir } = prepared;
  const timer = setTimeout(() => io.cancellation.timeOut(), inputs.timeout_minutes * 60_000);
  timer.unref();
  const facts = {
    repository: prepared.repoName,
    root,
    date: new Date(request.startedAt).toISOString().slice(0, 10),
    repositoryInstructions: prepared.repositoryInstructions,
    gitStatus: prepared.gitStatus,
  };
  const { repo, baseSha } = prepared;
  const outcome = await runAgent({
    model: prepared.modelClient,
    modelId: model,
    system: systemPrompt(facts),
    prompt: prepared.plan.firstMessage,
    ...(prepared.verify
      ? {
          verify: {
            modelId: prepared.verify.model,
            system: systemPrompt(facts, 'verifier'),
            request: prepared.plan.firstMessage,
            rounds: prepared.verify.rounds,
            diff: () => diffSince(repo, baseSha),
            guard: (check) => undoingChanges(repo, baseSha, check, io.warn),
          },
        }
      : {}),
    explore: { modelId: prepared.exploreModel, system: systemPrompt(facts, 'explore') },
    tools: policy.tools,
    gate: policy.gate,
    after: policy.after,
    onStop: policy.onStop,
    redact: request.redactor.redact,
    ...(policy.sandbox ? { sandbox: policy.sandbox } : {}),
    hiddenGlobs: policy.hiddenGlobs,
    root,
    tempDir,
    parentEnv: env,
    maxTurns: prepared.maxTurns,
    maxBudgetUsd: inputs.max_budget_usd,
    signal: io.cancellation.signal,
    transcriptPath: join(tempDir, 'transcript.jsonl'),
    // The tracking comment shows the checklist each time a call replaces it.
    ...(tracking ? { onToolCall: (event) => event.kind === 'end' && event.todos && tracking.progress(workingComment(prepared.runUrl, event.todos)) } : {}),
  }).finally(() => clearTimeout(timer));
  if (outcome.answer) io.log(`\n${outcome.answer}\n`);
  if (outcome.verification) io.log(`Verifier: ${outcome.verification.verdict} after ${outcome.verification.checks} check${outcome.verification.checks === 1 ? '' : 's'}.`);
  io.log(`${outcome.terminal.message} Cost: ${formatCost(outcome.costUsd)}.`);
  // Every model that ran: the verifier's and the explorers' may be others.
  const ran = new Set(outcome.agents.map((agent) => agent.kind));
  const models = new Set([model, ...(ran.has('verifier') && prepared.verify ? [prepared.verify.model] : []), ...(ran.has('explore') ? [prepared.exploreModel] : [])]);
  for (const id of models) if (!priceOf(id).known) io.warn(`Model ${id} is not in Deckhand's price table; its cost is estimated at Sonnet prices.`);
  return outcome;
}
