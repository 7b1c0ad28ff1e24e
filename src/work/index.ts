// The second stage: the agent, under the wall-clock limit, with the prepared
// policy, sandbox and first message, the verifier checking what it changed
// (undone after each check) and explorers on the cheap model. Its Outcome is
// what publishing takes.
import { isAbsolute, join } from 'node:path';
import type { Usage } from '@anthropic-ai/sdk/resources/messages';
import { priceOf } from '../agent/cost.js';
import type { DoubleCheckSpec } from '../agent/double-check.js';
import type { Listener } from '../agent/events.js';
import { runAgent, type AgentRun } from '../agent/session.js';
import { systemPrompt } from '../context/system-prompt.js';
import type { ModelClient } from '../core/model.js';
import type { ReviewThread } from '../core/context.js';
import type { Outcome, Todo } from '../core/outcome.js';
import type { ReviewPlan } from '../core/plan.js';
import { ownOnUnchangedLine, type Severity } from '../core/review.js';
import type { RunIo } from '../core/run.js';
import { formatCost } from '../format.js';
import { parsePatch } from '../github/diff.js';
import { quotedMarks } from '../github/markers.js';
import type { TrackingComment } from '../github/tracking-comment.js';
import type { RunPolicy } from '../policy/run-policy.js';
import { git, type Repo } from '../safety/git.js';
import { coversFile } from '../safety/globs.js';
import { truncate } from '../truncate.js';
import { memoryForks, takeMemoryAnswers, type RunMemory } from './memory.js';
import { diffSince, undoingChanges } from './worktree.js';

/** What the agent is run with: the workflow's limits and the runner's environment. */
export interface WorkRequest {
  inputs: { timeout_minutes: number; max_budget_usd: number };
  env: NodeJS.ProcessEnv;
  startedAt: number;
  redactor: { redact: (text: string) => string };
}

/** What prepare made that the agent needs. */
export interface WorkPlan {
  root: string;
  repo: Repo;
  tempDir: string;
  repoName: string;
  plan: { firstMessage: string; review?: Pick<ReviewPlan, 'changedThreads'> };
  /** The earlier review threads (a finding made again on lines that did not change is not checked again), and the files the pull request changes. */
  context: { threads: readonly ReviewThread[]; pull?: { files: ReadonlyArray<{ path: string; patch?: string }> } };
  policy: RunPolicy;
  modelClient: ModelClient;
  model: string;
  maxTurns: number;
  baseSha: string;
  gitStatus: string;
  repositoryInstructions: ReadonlyArray<{ source: string; text: string }>;
  skills: ReadonlyArray<{ name: string; description: string }>;
  tracking?: TrackingComment;
  verify?: { model: string; rounds: number };
  /** A second look at each review finding of `min` or worse, by `model`. */
  doubleCheck?: { model: string; min: Severity };
  exploreModel: string;
  /** The memory recall's side request, when there was one; where memory changes are staged, and what the run may learn from. */
  memory?: RunMemory & { recalled: { request?: { model: string; usage: Usage } } };
}

export async function work(request: WorkRequest, prepared: WorkPlan, io: RunIo): Promise<Outcome> {
  const timer = setTimeout(() => io.cancellation.timeOut(), request.inputs.timeout_minutes * 60_000);
  timer.unref();
  const outcome = wordsToPublish(await runAgent(agentRunOf(request, prepared, io)).finally(() => clearTimeout(timer)), request.redactor.redact);
  tell(outcome, prepared, io);
  for (const line of await takeMemoryAnswers(outcome, prepared.memory, Date.now())) io.log(line);
  return outcome;
}

/**
 * The model's words as publishing takes them: secrets out once, here, before
 * anything cuts them (a cut through a secret would leave a part no pattern
 * knows), and every Deckhand mark in them quoted, so none of them is read back
 * as a record of Deckhand's (github/markers.ts).
 */
function wordsToPublish(outcome: Outcome, redact: (text: string) => string): Outcome {
  const words = (text: string) => quotedMarks(redact(text));
  return {
    ...outcome,
    answer: words(outcome.answer),
    ...(outcome.verification ? { verification: { ...outcome.verification, reason: words(outcome.verification.reason) } } : {}),
    reviewComments: outcome.reviewComments.map((comment) => ({ ...comment, body: words(comment.body) })),
    ...(outcome.doubleCheck
      ? {
          doubleCheck: {
            ...outcome.doubleCheck,
            dropped: outcome.doubleCheck.dropped.map(({ comment, evidence }) => ({ comment: { ...comment, body: words(comment.body) }, evidence: words(evidence) })),
            ...(outcome.doubleCheck.unchecked ? { unchecked: { ...outcome.doubleCheck.unchecked, why: words(outcome.doubleCheck.unchecked.why) } } : {}),
          },
        }
      : {}),
    threadReplies: outcome.threadReplies.map((reply) => ({ ...reply, body: words(reply.body) })),
    // A host is whatever a command asked the proxy for.
    ...(outcome.network
      ? {
          network: {
            refused: outcome.network.refused.map((r) => ({ ...r, host: redact(r.host), why: words(r.why) })),
            reached: outcome.network.reached.map((r) => ({ ...r, host: redact(r.host) })),
          },
        }
      : {}),
  };
}

/** The agent as this run has it: its model and prompts, the policy's tools and gate, the verifier and the explorers, the limits. */
function agentRunOf(request: WorkRequest, prepared: WorkPlan, io: RunIo): AgentRun {
  const { root, policy, tracking, tempDir, repo, baseSha, plan } = prepared;
  const facts = {
    repository: prepared.repoName,
    root,
    date: new Date(request.startedAt).toISOString().slice(0, 10),
    repositoryInstructions: prepared.repositoryInstructions,
    gitStatus: prepared.gitStatus,
    skills: prepared.skills,
  };
  const verify = prepared.verify && {
    modelId: prepared.verify.model,
    rounds: prepared.verify.rounds,
    diff: () => diffSince(repo, baseSha),
    guard: <T>(check: () => Promise<T>) => undoingChanges(repo, baseSha, check, io.warn),
  };
  return {
    model: prepared.modelClient,
    modelId: prepared.model,
    system: systemPrompt(facts),
    prompt: plan.firstMessage,
    ...(verify ? { verify } : {}),
    ...(prepared.doubleCheck ? { doubleCheck: doubleCheckOf(prepared, prepared.doubleCheck) } : {}),
    explore: { modelId: prepared.exploreModel },
    ...(prepared.memory?.recalled.request ? { sideRequests: [{ kind: 'recall' as const, ...prepared.memory.recalled.request }] } : {}),
    afterwards: memoryForks(prepared.memory, request.startedAt),
    tools: policy.tools,
    gate: policy.gate,
    after: policy.after,
    onStop: policy.onStop,
    redact: request.redactor.redact,
    ...(policy.sandbox ? { sandbox: policy.sandbox } : {}),
    hiddenGlobs: policy.hiddenGlobs,
    root,
    tempDir,
    parentEnv: request.env,
    maxTurns: prepared.maxTurns,
    maxBudgetUsd: request.inputs.max_budget_usd,
    signal: io.cancellation.signal,
    transcriptPath: join(tempDir, 'transcript.jsonl'),
    ...(tracking ? { onEvent: trackingOf(tracking, request.redactor.redact) } : {}),
  };
}

/**
 * The review's second look as this run has it: the checker's model, the
 * earlier findings still standing on lines that did not change (made again,
 * they are not checked again), the files at the head — read from git, as
 * committed, none a Read deny rule hides — and the lines the diff shows.
 */
function doubleCheckOf(prepared: WorkPlan, settings: NonNullable<WorkPlan['doubleCheck']>): DoubleCheckSpec {
  const changed = new Set(prepared.plan.review?.changedThreads ?? []);
  const standing = prepared.context.threads.filter((t) => ownOnUnchangedLine(t, changed));
  const readable = (path: string) => !path.startsWith('..') && !isAbsolute(path) && !coversFile(prepared.policy.hiddenGlobs, { path });
  const files = new Map<string, Promise<string | undefined>>();
  const fileAtHead = (path: string) => {
    if (!readable(path)) return Promise.resolve(undefined);
    let text = files.get(path);
    if (!text) files.set(path, (text = git(['show', `HEAD:${path}`], prepared.repo).catch(() => undefined)));
    return text;
  };
  const pulls = prepared.context.pull?.files ?? [];
  // A patch is parsed when a citation first needs it, not every patch of a large pull request up front.
  const patches = new Map(pulls.map((file) => [file.path, file.patch]));
  const hunks = new Map<string, ReturnType<typeof parsePatch>>();
  const hunksOf = (path: string) => {
    let parsed = hunks.get(path);
    if (!parsed) hunks.set(path, (parsed = patches.get(path) === undefined ? [] : parsePatch(patches.get(path)!)));
    return parsed;
  };
  return {
    modelId: settings.model,
    sharesCache: settings.model === prepared.model,
    min: settings.min,
    standing: (comment) => standing.some((t) => t.path === comment.path && t.line === comment.line),
    fileAtHead,
    readable,
    root: prepared.root,
    changed: new Set(pulls.map((file) => file.path)),
    oldLineShown: (path, line) => hunksOf(path).some((hunk) => hunk.lines.some((l) => l.oldLine === line)),
  };
}

/** Of a call the verifier runs, the tracking comment shows this much. */
const SHOWN_CALL_CHARS = 100;

/**
 * The tracking comment as a listener of the run's events: the main agent's
 * checklist each time a call replaces it, and while a verifier works, that
 * it verifies and what it runs — it can take minutes.
 */
function trackingOf(tracking: TrackingComment, redact: (text: string) => string): Listener {
  const verifiers = new Set<string>();
  return (event, agent) => {
    if (!agent) {
      if (event.type === 'tool_end' && event.todos) tracking.progress(quotedTodos(event.todos));
      return;
    }
    if (event.type === 'start' && event.kind === 'verifier') {
      verifiers.add(agent);
      tracking.verifying({});
    } else if (verifiers.has(agent) && event.type === 'tool_start' && event.call) {
      // Redacted whole, then cut: a cut through a secret would leave a part no pattern knows.
      tracking.verifying({ call: quotedMarks(truncate(redact(event.call), SHOWN_CALL_CHARS, () => '…')) });
    } else if (verifiers.has(agent) && event.type === 'terminal') {
      verifiers.delete(agent);
      tracking.verifying(false);
    }
  };
}

/** The checklist as the tracking comment shows it: the model's words, its marks quoted. */
const quotedTodos = (todos: readonly Todo[]): Todo[] =>
  todos.map((todo) => ({ ...todo, content: quotedMarks(todo.content), ...(todo.activeForm !== undefined ? { activeForm: quotedMarks(todo.activeForm) } : {}) }));

/** The log's account of the agent: its answer, the verdict, why it ended and what it cost, and the models whose cost is a guess. */
function tell(outcome: Outcome, prepared: WorkPlan, io: RunIo): void {
  if (outcome.answer) io.log(`\n${outcome.answer}\n`);
  if (outcome.verification) io.log(`Verifier: ${outcome.verification.verdict} after ${outcome.verification.checks} check${outcome.verification.checks === 1 ? '' : 's'}.`);
  io.log(`${outcome.terminal.message} Cost: ${formatCost(outcome.costUsd)}.`);
  // Every model that ran: the verifier's, the checkers' and the explorers' may be others.
  const ran = new Set(outcome.agents.map((agent) => agent.kind));
  const models = new Set([prepared.model, ...(ran.has('verifier') && prepared.verify ? [prepared.verify.model] : []), ...(ran.has('checker') && prepared.doubleCheck ? [prepared.doubleCheck.model] : []), ...(ran.has('explore') ? [prepared.exploreModel] : []), ...(prepared.memory?.recalled.request ? [prepared.memory.recalled.request.model] : [])]);
  for (const id of models) if (!priceOf(id).known) io.warn(`Model ${id} is not in Deckhand's price table; its cost is estimated at Sonnet prices.`);
}
