// One agent run from prompt to Outcome: makes the agent's tools, drives the
// loop, and tells the run's events to the transcript, the totals and whoever
// else listens. Sub-agents — the verifier, the explorers, the review's
// checkers (src/agent/subagents.ts, double-check.ts) — are the same loop with their own messages,
// tools, system prompt and model, on the run's account (budget and turns),
// their events tagged with their name.
import type { TextBlockParam, Usage } from '@anthropic-ai/sdk/resources/messages';
import type { ModelClient } from '../core/model.js';
import type { AgentKind, Outcome } from '../core/outcome.js';
import { showHidden } from '../safety/invisible.js';
import { networkReport } from '../safety/network/report.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import { makeTools, toolDeps, type Workspace } from '../tools/deps.js';
import type { AfterCall, PermissionGate, ToolKind } from '../tools/tool.js';
import { RunAccount } from './account.js';
import { costOf, priceOf } from './cost.js';
import { drive, RunEvents, type Listener } from './events.js';
import { RunLedger } from './ledger.js';
import { query } from './loop.js';
import { doubleCheck, type DoubleCheckSpec } from './double-check.js';
import { answerOf, exploreWith, verifierFor, type ExploreSpec, type ForkTask, type VerifySpec } from './subagents.js';
import { Transcript, transcriptOf } from './transcript.js';

export interface AgentRun {
  model: ModelClient;
  modelId: string;
  system: TextBlockParam[];
  prompt: string;
  /** The tools the agent is offered (the policy chose them); each agent of the run makes its own. */
  tools: readonly ToolKind[];
  gate?: PermissionGate;
  after?: AfterCall;
  onStop?: (answer: string) => Promise<string | undefined>;
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
  /** Told of every event of every agent of the run, after the transcript and the totals have it (the tracking comment listens here). */
  onEvent?: Listener;
  /** Check the work with a verifier once the agent finishes with files changed. */
  verify?: VerifySpec;
  /** Let the Agent tool run explore agents. */
  explore?: ExploreSpec;
  /** A second look at the review's findings before they are posted (review mode). */
  doubleCheck?: DoubleCheckSpec;
  /** After the agent completes its work: forks that answer in text (the outcome's `afterwards`, by name). */
  afterwards?: readonly ForkTask[];
  /** Requests made for the run before the agent started (the memory recall's): on its account like the agents'. */
  sideRequests?: ReadonlyArray<{ kind: AgentKind; model: string; usage: Usage }>;
}

export async function runAgent(run: AgentRun): Promise<Outcome> {
  const started = performance.now();
  const account = new RunAccount(run.maxTurns, run.maxBudgetUsd);
  const ledger = new RunLedger();
  const events = new RunEvents();
  const transcript = new Transcript(run.transcriptPath, run.redact);
  events.subscribe(transcriptOf(transcript));
  // Each connection through the egress proxy (Bash, hooks, MCP servers), as it ends or is refused.
  const egress = run.sandbox?.egress;
  const unsubscribe = egress?.subscribe((connection) => transcript.write({ type: 'connection', ...connection }));
  events.subscribe(ledger.listen);
  if (run.onEvent) events.subscribe(run.onEvent);
  const workspace: Workspace = {
    root: run.root,
    tempDir: run.tempDir,
    parentEnv: run.parentEnv,
    ...(run.sandbox ? { sandbox: run.sandbox } : {}),
    ...(run.hiddenGlobs ? { hiddenGlobs: run.hiddenGlobs } : {}),
  };
  // Tool results: secrets out, then what would hide text from the model shown as visible marks.
  const redact = (text: string) => showHidden(run.redact ? run.redact(text) : text);
  /** What a sub-agent shares with the main agent: the model, the policy around each call, the sandbox, the account. */
  const shared = {
    model: run.model,
    system: run.system,
    prompt: run.prompt,
    tools: run.tools,
    ...(run.gate ? { gate: run.gate } : {}),
    ...(run.after ? { after: run.after } : {}),
    redact,
    ...(run.redact ? { redactText: run.redact } : {}),
    deps: () => toolDeps(workspace),
    tempDir: run.tempDir,
    events,
    account,
    signal: run.signal,
  };
  const deps = toolDeps(workspace, run.explore ? exploreWith(run.explore, shared) : undefined);
  const verifier = run.verify ? verifierFor(run.verify, shared) : undefined;

  const prompt = [{ type: 'text' as const, text: run.prompt }];
  events.emit({
    type: 'start',
    kind: 'main',
    model: run.modelId,
    tools: run.tools.map((tool) => tool.name),
    system: run.system,
    prompt,
    details: { maxTurns: run.maxTurns, maxBudgetUsd: run.maxBudgetUsd, root: run.root },
  });
  for (const side of run.sideRequests ?? []) {
    const cost = costOf(side.usage, priceOf(side.model));
    account.started(side.kind);
    account.charge(side.kind, side.usage, cost, false);
    ledger.charge(side.usage, cost);
  }
  account.started('main');

  const loop = query({
    model: run.model,
    modelId: run.modelId,
    system: run.system,
    messages: [{ role: 'user', content: prompt }],
    tools: makeTools(run.tools, deps),
    seen: deps.files,
    tempDir: run.tempDir,
    ...(run.gate ? { gate: run.gate } : {}),
    ...(run.after ? { after: run.after } : {}),
    ...(run.onStop ? { onStop: run.onStop } : {}),
    ...(verifier ? { verify: verifier.check } : {}),
    account,
    redact,
    ...(run.redact ? { redactText: run.redact } : {}),
    maxTurns: run.maxTurns,
    maxBudgetUsd: run.maxBudgetUsd,
    ...(run.maxOutputTokens ? { maxOutputTokens: run.maxOutputTokens } : {}),
    signal: run.signal,
  });
  try {
    const driven = await drive(loop, events);
    const verification = verifier?.verdict();
    const findings = run.doubleCheck
      ? await doubleCheck(run.doubleCheck, deps.review.comments, shared, driven.terminal.reason === 'completed' ? undefined : driven.terminal)
      : { kept: deps.review.comments };
    // Once the work is done, one after another; a failure of one loses nothing of the work.
    const afterwards: Record<string, string> = {};
    if (driven.terminal.reason === 'completed') {
      for (const task of run.afterwards ?? []) {
        const answer = await answerOf(task, run.modelId, shared).catch(() => undefined);
        if (answer !== undefined) afterwards[task.name] = answer;
      }
    }
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
      ...(Object.keys(afterwards).length > 0 ? { afterwards } : {}),
      priceKnown: priceOf(run.modelId).known,
      durationMs: Math.round(performance.now() - started),
      tools: ledger.tools,
      reviewComments: findings.kept,
      ...(findings.report ? { doubleCheck: findings.report } : {}),
      threadReplies: deps.review.replies,
      ...(egress ? { network: networkReport(egress.connections) } : {}),
      transcriptPath: run.transcriptPath,
    };
  } finally {
    unsubscribe?.();
  }
}
