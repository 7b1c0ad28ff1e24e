// The run's sub-agents: the verifier, which checks the work before anything is
// pushed (only its PASS counts, seed 003 §6.2), and the explorers the Agent
// tool starts to search the codebase without filling the main context. Each
// is the one loop (query) with its own messages, tools, system prompt and
// model, under the main agent's policy and sandbox, on the run's account.
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ModelClient } from '../core/model.js';
import type { AgentKind, Verdict, Verification } from '../core/outcome.js';
import { renderPrompt } from '../prompts/load.js';
import { makeTools } from '../tools/deps.js';
import type { AfterCall, Explore, PermissionGate, ToolDeps, ToolKind, ToolOutput } from '../tools/tool.js';
import type { RunAccount } from './account.js';
import { drive, type Driven, type RunEvents } from './events.js';
import { query } from './loop.js';

/** Of a long diff, the verifier's first message shows this much; it reads the rest with git. */
const VERIFY_DIFF_CHARS = 100_000;

/** What a sub-agent shares with the main agent. */
export interface Shared {
  model: ModelClient;
  /** The main agent's tools, as the policy offered them: a sub-agent gets some of these. */
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

interface Subagent {
  kind: AgentKind;
  /** Its name in the transcript: verifier-1, explore-2… */
  name: string;
  modelId: string;
  system: TextBlockParam[];
  prompt: string;
  tools: readonly ToolKind[];
  signal: AbortSignal;
  /** Written into the transcript's start entry (an explorer's description). */
  about?: string;
}

async function runSubagent(shared: Shared, agent: Subagent): Promise<Driven> {
  const { account, events } = shared;
  account.started(agent.kind);
  const content: TextBlockParam[] = [{ type: 'text', text: agent.prompt }];
  const details = agent.about ? { description: agent.about } : {};
  events.emit({ type: 'start', model: agent.modelId, tools: agent.tools.map((tool) => tool.name), system: agent.system, prompt: content, details }, agent.name);
  const deps = shared.deps();
  const loop = query({
    model: shared.model,
    modelId: agent.modelId,
    system: agent.system,
    messages: [{ role: 'user', content }],
    tools: makeTools(agent.tools, deps),
    seen: deps.files,
    tempDir: shared.tempDir,
    ...(shared.gate ? { gate: shared.gate } : {}),
    ...(shared.after ? { after: shared.after } : {}),
    redact: shared.redact,
    ...(shared.redactText ? { redactText: shared.redactText } : {}),
    account,
    agent: agent.kind,
    maxTurns: account.maxTurns,
    maxBudgetUsd: account.maxBudgetUsd,
    signal: agent.signal,
  });
  return drive(loop, events, agent.name);
}

export interface ExploreSpec {
  modelId: string;
  system: TextBlockParam[];
}

/** What the Agent tool calls: one explorer per call, its final report as the result. */
export function exploreWith(spec: ExploreSpec, shared: Shared): Explore {
  const tools = shared.tools.filter(forExplorer);
  let count = 0;
  return async (task, signal): Promise<ToolOutput> => {
    const driven = await runSubagent(shared, {
      kind: 'explore',
      name: `explore-${++count}`,
      modelId: spec.modelId,
      system: spec.system,
      prompt: task.prompt,
      tools,
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
  system: TextBlockParam[];
  /** The request the main agent was given (its first message). */
  request: string;
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
  const tools = shared.tools.filter(forVerifier);
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
        system: spec.system,
        prompt: renderPrompt('agents/verify-task.md', { request: spec.request, diff: shown }),
        tools,
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
