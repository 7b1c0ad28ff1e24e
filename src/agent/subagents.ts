// The run's sub-agents: the verifier, which checks the work before anything is
// pushed (only its PASS counts, seed 003 §6.2), and the explorers the Agent
// tool starts to search the codebase without filling the main context (and,
// through runSubagent, the review's checkers: double-check.ts). Each
// is the one loop (query) with its own messages and model, under the main
// agent's policy and sandbox, on the run's account.
//
// Each is a fork of the main agent at its first message (seed 004 §4.2.2,
// §5.2.2): it is sent the agent's tools, system prompt and first message byte
// for byte — the prefix the agent's first request wrote to the prompt cache —
// and then its own instructions, so its first request reads that prefix
// instead of writing one of its own. It forks before the agent's first answer,
// so it never sees the agent's reasoning or tool results. The tools it may not
// use stay in the list (leaving them out would change the prefix) and are
// refused when it calls them.
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelClient, ModelRequest, ModelResponse } from '../core/model.js';
import type { AgentKind, Verdict, Verification } from '../core/outcome.js';
import { renderPrompt } from '../prompts/load.js';
import { makeTools } from '../tools/deps.js';
import type { AfterCall, Explore, PermissionDecision, PermissionGate, ToolDeps, ToolKind, ToolOutput } from '../tools/tool.js';
import type { RunAccount } from './account.js';
import { drive, type Driven, type RunEvents } from './events.js';
import { query } from './loop.js';

/** Of a long diff, the verifier's first message shows this much; it reads the rest with git. */
const VERIFY_DIFF_CHARS = 100_000;

/** What a sub-agent shares with the main agent. */
export interface Shared {
  model: ModelClient;
  /** The main agent's system prompt: a fork's starts the same. */
  system: TextBlockParam[];
  /** The main agent's first message: a fork's starts with it. */
  prompt: string;
  /** The main agent's tools, as the policy offered them: a fork is offered all of them and may use some. */
  tools: readonly ToolKind[];
  gate?: PermissionGate;
  after?: AfterCall;
  /** Applied to tool results. */
  redact: (text: string) => string;
  /** Secrets out of a text the model is given (its first message, the diff, what goes back to the agent). */
  redactText?: (text: string) => string;
  /** Fresh dependencies for an agent's tools: its own read state, shell folder and checklist on the checkout. */
  deps: () => ToolDeps;
  tempDir: string;
  events: RunEvents;
  account: RunAccount;
  signal: AbortSignal;
}

/** An explorer's tools (of those the main agent was offered): the ones that read the checkout. */
const forExplorer = (kind: ToolKind) => kind.traits.checkout === 'reads';
/** The verifier's: reading, and running the checks (never editing: what it changes is undone). */
const forVerifier = (kind: ToolKind) => kind.traits.checkout === 'reads' || kind.traits.checkout === 'runs';

/** Names as a sentence says them: "Read, Glob and Grep". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'no tool';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A fork's refusal of a tool it may not use: which ones it may use instead, and what to do about it. */
function refusal(may: readonly string[], role: string): PermissionDecision {
  if (may.length === 0) return { behavior: 'deny', message: `no tool is allowed ${role}. Answer from what you were given.`, rule: 'fork', source: role };
  return { behavior: 'deny', message: `only ${listed(may)} are allowed ${role}. Use one of them, or say in your report what you could not check.`, rule: 'fork', source: role };
}

interface Subagent {
  kind: AgentKind;
  /** Its name in the transcript: verifier-1, explore-2… */
  name: string;
  modelId: string;
  /** What it may use of the main agent's tools. */
  may: (kind: ToolKind) => boolean;
  /** Who it is, in a refusal: "in the verifier". */
  role: string;
  /** Its instructions, after the fork point; given the tools it may use, as a sentence names them. */
  instructions: (tools: string) => string;
  signal: AbortSignal;
  /** Sends its requests (a client that waits for a warm cache, say); the run's client by default. */
  model?: ModelClient;
  /** Written into the transcript's start entry (an explorer's description). */
  about?: string;
  /** Held to a share of the run's turns and budget (the memory extraction). */
  share?: { turns: number; usd: number; what: string };
}

export async function runSubagent(shared: Shared, agent: Subagent): Promise<Driven> {
  const { account, events } = shared;
  account.started(agent.kind);
  const may = shared.tools.filter(agent.may).map((kind) => kind.name);
  const content: TextBlockParam[] = [
    { type: 'text', text: shared.prompt },
    { type: 'text', text: agent.instructions(listed(may)) },
  ];
  const details = { ...(agent.about ? { description: agent.about } : {}), may };
  events.emit({ type: 'start', kind: agent.kind, model: agent.modelId, tools: shared.tools.map((tool) => tool.name), system: shared.system, prompt: content, details }, agent.name);
  try {
    return await drive(forked(shared, agent, may, content), events, agent.name);
  } catch (err) {
    // Whoever listens (the tracking comment's "verifying") hears that it ended, however it did.
    events.emit({ type: 'terminal', reason: 'error', message: err instanceof Error ? err.message : String(err) }, agent.name);
    throw err;
  }
}

/** A sub-agent's loop: the agent's tools made afresh, the ones it may not use refused when called. */
function forked(shared: Shared, agent: Subagent, may: readonly string[], content: TextBlockParam[]) {
  const deps = shared.deps();
  const tools = makeTools(shared.tools, deps);
  const refused = new Set(tools.filter((_, i) => !agent.may(shared.tools[i]!)));
  const refuse = refusal(may, agent.role);
  return query({
    model: agent.model ?? shared.model,
    modelId: agent.modelId,
    system: shared.system,
    messages: [{ role: 'user', content }],
    tools,
    refuse: (tool) => (refused.has(tool) ? refuse : undefined),
    seen: deps.files,
    tempDir: shared.tempDir,
    ...(shared.gate ? { gate: shared.gate } : {}),
    ...(shared.after ? { after: shared.after } : {}),
    redact: shared.redact,
    ...(shared.redactText ? { redactText: shared.redactText } : {}),
    account: shared.account,
    agent: agent.kind,
    maxTurns: shared.account.maxTurns,
    maxBudgetUsd: shared.account.maxBudgetUsd,
    ...(agent.share ? { share: agent.share } : {}),
    signal: agent.signal,
  });
}

/**
 * A fork that runs once the agent's work is done and answers in text the
 * caller reads (the memory extraction, the memory consolidation): the agent's
 * cached prefix, then its own instructions — the new messages, the memories —
 * and nothing of the agent's work.
 */
export interface ForkTask {
  /** Its name in the transcript (and of its answer): memory-extraction, memory-consolidation. */
  name: string;
  /** What it is, in a refusal: "in the memory extraction: it reads the new messages only". */
  role: string;
  instructions: string;
  /** It may read the checkout (Read, Glob, Grep); otherwise it may use no tool. */
  readsCheckout: boolean;
  /** The most of the run's budget (0 to 1) and turns it may take. */
  budgetShare: number;
  turns: number;
}

/** Runs the fork on the agent's model, held to its share of the run; its answer, or undefined when it stopped before giving one. */
export async function answerOf(task: ForkTask, modelId: string, shared: Shared): Promise<string | undefined> {
  const { account } = shared;
  const driven = await runSubagent(shared, {
    kind: 'memory',
    name: task.name,
    modelId,
    may: task.readsCheckout ? forExplorer : () => false,
    role: task.role,
    instructions: () => task.instructions,
    signal: shared.signal,
    share: {
      turns: account.turns + task.turns,
      usd: account.spentUsd + task.budgetShare * account.maxBudgetUsd,
      what: `${task.name} may spend ${Math.round(task.budgetShare * 100)}% of max_budget_usd`,
    },
  });
  return driven.terminal.reason === 'completed' ? driven.final : undefined;
}

export interface ExploreSpec {
  modelId: string;
}

/**
 * A client for explorers started at once: the explore model has no cache of
 * the main agent's, so the first explorer writes the prefix they share, and
 * the others send their first request once its response has begun (the API
 * makes a cache entry readable only then). Later requests go straight through.
 */
export function warmingFirst(model: ModelClient) {
  let warm: Promise<void> | undefined;
  return (): ModelClient => {
    let first = true;
    return {
      async send(request: ModelRequest, signal: AbortSignal, began?: () => void): Promise<ModelResponse> {
        if (!first) return model.send(request, signal, began);
        first = false;
        if (warm) {
          // Not past the run's end: a cancelled explorer stops waiting (its request then ends at once).
          await Promise.race([warm, new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })))]);
          return model.send(request, signal, began);
        }
        let warmed!: () => void;
        warm = new Promise<void>((resolve) => (warmed = resolve));
        const begin = () => {
          warmed();
          began?.();
        };
        // A request that fails before it began warms nothing: the others go on without waiting.
        return model.send(request, signal, begin).finally(warmed);
      },
    };
  };
}

/** What the Agent tool calls: one explorer per call, its final report as the result. */
export function exploreWith(spec: ExploreSpec, shared: Shared): Explore {
  const client = warmingFirst(shared.model);
  let count = 0;
  return async (task, signal): Promise<ToolOutput> => {
    const driven = await runSubagent(shared, {
      kind: 'explore',
      name: `explore-${++count}`,
      modelId: spec.modelId,
      may: forExplorer,
      role: 'in an explore agent',
      instructions: (tools) => renderPrompt('agents/explore.md', { tools, task: task.prompt }),
      model: client(),
      signal,
      about: task.description,
    });
    if (driven.terminal.reason === 'completed') return { content: driven.answer || '(The explore agent finished without a report.)' };
    const sofar = driven.answer ? `\n\nWhat it had reported so far:\n\n${driven.answer}` : '';
    return { content: `The explore agent stopped before it finished: ${driven.terminal.message}${sofar}`, isError: true };
  };
}

/**
 * A line without the emphasis, code and quote marks around it (and a final
 * full stop). Counted from each end by hand: a pattern for the trailing marks
 * would start again at every mark of a run inside the line.
 */
function withoutMarkup(line: string): string {
  const leading = (char: string) => '*_`>'.includes(char) || /\s/.test(char);
  const trailing = (char: string) => '*_`.'.includes(char) || /\s/.test(char);
  let start = 0;
  while (start < line.length && leading(line[start]!)) start++;
  let end = line.length;
  while (end > start && trailing(line[end - 1]!)) end--;
  return line.slice(start, end);
}

/** A verifier's final message read for its verdict: the last line, `VERDICT: PASS` or `VERDICT: FAIL` (Markdown emphasis allowed). */
export function parseVerdict(text: string): { verdict?: Verdict; reason: string } {
  const lines = text.trimEnd().split('\n');
  const last = withoutMarkup((lines.at(-1) ?? '').trim());
  const match = /^VERDICT:\s*(PASS|FAIL)$/i.exec(last);
  if (!match) return { reason: text.trim() };
  return { verdict: match[1]!.toUpperCase() as Verdict, reason: lines.slice(0, -1).join('\n').trim() };
}

export interface VerifySpec {
  modelId: string;
  /** How many times a FAIL may go back to the agent; the verdict after the last is final. */
  rounds: number;
  /** The diff of everything the agent has changed; empty when nothing is. */
  diff: () => Promise<string>;
  /** Runs the verifier, undoing afterwards whatever it changed in the checkout. */
  guard: <T>(work: () => Promise<T>) => Promise<T>;
}

const LIMITS: ReadonlySet<string> = new Set(['budget', 'max_turns', 'timeout', 'aborted']);

/**
 * The check the loop asks for when the main agent would finish: a fresh
 * verifier on the diff; on FAIL its findings, verbatim, as the agent's next
 * message — until `rounds` FAILs have gone back. Nothing it does can stop
 * the work from being published: a verifier that cannot run is a FAIL.
 */
export function verifierFor(spec: VerifySpec, shared: Shared) {
  let last: Verification | undefined;
  let checks = 0;
  let sentBack = 0;
  /** Findings went back and the agent has not finished again: its fixes are not checked yet. */
  let unchecked = false;

  const verify = async (): Promise<string | undefined> => {
    // Redacted whole, then cut: a cut through a secret would leave a part no pattern knows.
    const diff = (shared.redactText ?? ((text: string) => text))(await spec.diff());
    if (!diff.trim()) {
      // Nothing (any more) to check: a verdict on earlier changes no longer applies.
      last = undefined;
      return undefined;
    }
    const shown = diff.length > VERIFY_DIFF_CHARS ? `${diff.slice(0, VERIFY_DIFF_CHARS)}\n… (${diff.length - VERIFY_DIFF_CHARS} more characters: see the rest with git diff)\n` : diff;
    const driven = await spec.guard(() =>
      runSubagent(shared, {
        kind: 'verifier',
        name: `verifier-${checks + 1}`,
        modelId: spec.modelId,
        may: forVerifier,
        role: 'in the verifier: it checks the work and changes nothing',
        instructions: (tools) => renderPrompt('agents/verifier.md', { tools, diff: shown }),
        signal: shared.signal,
      }),
    );
    const { terminal } = driven;
    // A verifier stopped before its first request (no turns or budget left) did not check anything.
    if (driven.turns > 0) checks++;
    if (terminal.reason !== 'completed') {
      const why = driven.turns > 0 ? `The verifier stopped before it gave a verdict: ${terminal.message}` : `Not verified: the verifier could not start. ${terminal.message}`;
      last = { verdict: 'FAIL', reason: why, checks, sentBack, ...(LIMITS.has(terminal.reason) ? { stopped: { reason: terminal.reason, message: `The verifier stopped: ${terminal.message}` } } : {}) };
      return undefined;
    }
    // Only its last message counts: a verdict in an earlier one was not its conclusion.
    const parsed = parseVerdict(driven.final);
    const reason = parsed.verdict ? parsed.reason : `The verifier gave no verdict.${parsed.reason ? `\n\n${parsed.reason}` : ''}`;
    last = { verdict: parsed.verdict ?? 'FAIL', reason, checks, sentBack };
    if (last.verdict === 'PASS' || sentBack >= spec.rounds) return undefined;
    sentBack++;
    last = { ...last, sentBack };
    unchecked = true;
    return renderPrompt('agents/verify-findings.md', { findings: reason || '(The verifier gave no reasons.)' });
  };

  const check = async (): Promise<string | undefined> => {
    unchecked = false;
    try {
      return await verify();
    } catch (err) {
      // A broken diff or git: no verdict, and the work is still published (as a draft).
      last = { verdict: 'FAIL', reason: `Not verified: the verifier could not run (${err instanceof Error ? err.message : String(err)}).`, checks, sentBack };
      return undefined;
    }
  };

  /** The final verdict; after findings went back and the agent was stopped before it finished, it says its fixes were not checked. */
  const verdict = (): Verification | undefined =>
    last && unchecked
      ? { ...last, reason: `The agent was stopped before the verifier could check its fixes for these findings:\n\n${last.reason}` }
      : last;
  return { check, verdict };
}
