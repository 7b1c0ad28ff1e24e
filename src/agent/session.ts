// One agent run from prompt to Outcome: sets up the tool context, drives the
// loop, writes the transcript, and adds up usage, cost and tool statistics.
// Sub-agents — the verifier and the explorers (src/agent/subagents.ts) — are
// the same loop with their own messages, tools, system prompt and model, on
// the run's account (budget and turns), tagged by name in the transcript.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { childEnvironment } from '../safety/env.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import { showHidden } from '../safety/invisible.js';
import { newReadFileState } from '../tools/file-state.js';
import type { Outcome } from '../core/outcome.js';
import type { Tool, ToolContext } from '../tools/tool.js';
import { RunAccount } from './account.js';
import { priceOf } from './cost.js';
import type { AfterCall, PermissionGate } from './executor.js';
import { RunLedger } from './ledger.js';
import { query, type ToolCallEvent } from './loop.js';
import type { ModelClient } from '../core/model.js';
import { exploreWith, verifierFor, type ExploreSpec, type VerifySpec } from './subagents.js';
import { Transcript } from './transcript.js';

export interface AgentRun {
  model: ModelClient;
  modelId: string;
  system: TextBlockParam[];
  prompt: string;
  tools: readonly Tool[];
  gate?: PermissionGate;
  after?: AfterCall;
  onStop?: (answer: string, ctx: ToolContext) => Promise<string | undefined>;
  /** Applied to tool results and to the transcript (secret redaction). */
  redact?: (text: string) => string;
  sandbox?: Sandbox;
  hiddenGlobs?: readonly string[];
  /** Real path of the checkout. */
  root: string;
  /** The action's own temp folder for this run. */
  tempDir: string;
  parentEnv: NodeJS.ProcessEnv;
  maxTurns: number;
  maxBudgetUsd: number;
  /** Defaults to the model's entry in the price table. */
  maxOutputTokens?: number;
  signal: AbortSignal;
  transcriptPath: string;
  /** Told of each tool call when it starts and ends, after the transcript has it (the tracking comment listens here). */
  onToolCall?: (event: ToolCallEvent) => void;
  /** Check the work with a verifier once the agent finishes with files changed. */
  verify?: VerifySpec;
  /** Let the Agent tool run explore agents. */
  explore?: ExploreSpec;
}

export function createToolContext(opts: {
  root: string;
  tempDir: string;
  parentEnv: NodeJS.ProcessEnv;
  signal: AbortSignal;
  sandbox?: Sandbox;
  hiddenGlobs?: readonly string[];
}): ToolContext {
  const home = join(opts.tempDir, 'home');
  const tmp = join(opts.tempDir, 'tmp');
  for (const dir of [home, tmp, join(opts.tempDir, 'bash')]) mkdirSync(dir, { recursive: true });
  return {
    root: opts.root,
    tempDir: opts.tempDir,
    cwd: opts.root,
    readFileState: newReadFileState(),
    childEnv: childEnvironment(opts.parentEnv, { home, tmp }),
    signal: opts.signal,
    todos: [],
    reviewComments: [],
    threadReplies: [],
    ...(opts.sandbox ? { sandbox: opts.sandbox } : {}),
    ...(opts.hiddenGlobs && opts.hiddenGlobs.length > 0 ? { hiddenGlobs: opts.hiddenGlobs } : {}),
  };
}

export async function runAgent(run: AgentRun): Promise<Outcome> {
  const started = performance.now();
  const transcript = new Transcript(run.transcriptPath, run.redact);
  const account = new RunAccount(run.maxTurns, run.maxBudgetUsd);
  const ledger = new RunLedger(transcript, account);
  const contextOpts = {
    root: run.root,
    tempDir: run.tempDir,
    parentEnv: run.parentEnv,
    signal: run.signal,
    ...(run.sandbox ? { sandbox: run.sandbox } : {}),
    ...(run.hiddenGlobs ? { hiddenGlobs: run.hiddenGlobs } : {}),
  };
  const ctx = createToolContext(contextOpts);
  // Tool results: secrets out, then what would hide text from the model shown as visible marks.
  const redact = (text: string) => showHidden(run.redact ? run.redact(text) : text);
  /** What a sub-agent shares with the main agent: the model, the policy around each call, the sandbox, the account. */
  const shared = {
    model: run.model,
    tools: run.tools,
    ...(run.gate ? { gate: run.gate } : {}),
    ...(run.after ? { after: run.after } : {}),
    redact,
    ...(run.redact ? { redactText: run.redact } : {}),
    context: (signal: AbortSignal) => createToolContext({ ...contextOpts, signal }),
    ledger,
    signal: run.signal,
  };
  if (run.explore) ctx.explore = exploreWith(run.explore, shared);
  const verifier = run.verify ? verifierFor(run.verify, shared) : undefined;

  const messages: MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: run.prompt }] }];
  transcript.write({
    type: 'start',
    model: run.modelId,
    tools: run.tools.map((tool) => tool.name),
    maxTurns: run.maxTurns,
    maxBudgetUsd: run.maxBudgetUsd,
    root: run.root,
  });
  transcript.write({ type: 'system', content: run.system });
  transcript.write({ type: 'message', role: 'user', content: messages[0]!.content });
  account.started('main');

  const loop = query({
    model: run.model,
    modelId: run.modelId,
    system: run.system,
    messages,
    tools: run.tools,
    ctx,
    ...(run.gate ? { gate: run.gate } : {}),
    ...(run.after ? { after: run.after } : {}),
    ...(run.onStop ? { onStop: run.onStop } : {}),
    ...(verifier ? { verify: verifier.check } : {}),
    account,
    redact,
    maxTurns: run.maxTurns,
    maxBudgetUsd: run.maxBudgetUsd,
    ...(run.maxOutputTokens ? { maxOutputTokens: run.maxOutputTokens } : {}),
    signal: run.signal,
    // Each call is counted and written down when it ends, not with the batch: a run killed mid-batch keeps what finished.
    onToolCall: (event) => {
      ledger.toolCall(event);
      run.onToolCall?.(event);
    },
  });
  const driven = await ledger.drive(loop);
  const verification = verifier?.verdict();
  // A verifier stopped by the run's limits stops the run: it ends as the limit says, and still publishes.
  const terminal = driven.terminal.reason === 'completed' && verification?.stopped ? verification.stopped : driven.terminal;
  return {
    terminal,
    answer: driven.answer,
    turns: account.turns,
    tokens: ledger.tokens,
    costUsd: ledger.costUsd,
    agents: account.usage,
    ...(verification ? { verification } : {}),
    priceKnown: priceOf(run.modelId).known,
    durationMs: Math.round(performance.now() - started),
    tools: ledger.tools,
    reviewComments: ctx.reviewComments,
    threadReplies: ctx.threadReplies,
    transcriptPath: run.transcriptPath,
  };
}
