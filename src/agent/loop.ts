// The agent loop: one `while (true)` over an explicit State, exposed as an
// AsyncGenerator that yields what happens and returns why it ended. No
// recursion; every `continue` records its reason (state.transition).
//
// Two model errors are withheld rather than surfaced: "prompt is too long"
// (compact once and retry) and a max_tokens stop (ask the model to resume, at
// most three times in a row). Only when recovery fails does the error come out.
//
// Before each request the context is kept in bounds (src/context/compact.ts):
// past half the window, old Read/Bash/Grep/Glob results are cleared; near the
// window, the history is summarised. Requests carry prompt-cache breakpoints
// (src/context/cache.ts) so each one reads the previous one's prefix.
import type { ContentBlock, ContentBlockParam, MessageParam, TextBlockParam, Tool as ApiTool, Usage } from '@anthropic-ai/sdk/resources/messages';
import { markMessages, markSystem } from '../context/cache.js';
import { clearOldToolResults, EmptySummaryError, estimateTokens, microCompact, summarize } from '../context/compact.js';
import { persistLargeResult } from '../context/persisted-output.js';
import type { ModelClient } from '../core/model.js';
import type { AgentKind, Terminal, Todo } from '../core/outcome.js';
import { StopReason } from '../core/run.js';
import { formatCost } from '../format.js';
import { forgetShownReads, type ReadFileState } from '../tools/file-state.js';
import type { AfterCall, PermissionDecision, PermissionGate, Tool, ToolResultBlock } from '../tools/tool.js';
import { RunAccount } from './account.js';
import { Channel } from './channel.js';
import { costOf, priceOf } from './cost.js';
import { runToolCalls, type CallEvent, type ToolCallRecord, type ToolUse } from './executor.js';
import { ModelAbortedError, ModelError, PromptTooLongError } from './model.js';
import { initialState, type State, type Transition } from './state.js';

export const MAX_OUTPUT_TOKENS_RECOVERIES = 3;
export const OUTPUT_LIMIT_NUDGE =
  'Output token limit hit. Resume directly — no apology, no recap of what you were doing. Pick up mid-thought if that is where the cut happened.';
/** Stop-hook refusals in a row before the agent stops anyway: a hook must not keep a run going forever. */
export const MAX_STOP_BLOCKS = 3;
/** Tool results kept intact when a too-long prompt forces the others to be cleared. */
const KEEP_RECENT_RESULTS = 3;
/** Auto-compactions that may fail in a row before it is no longer tried (each one is a paid request). */
export const MAX_AUTO_COMPACT_FAILURES = 3;
/** Past this share of the window, old tool results are cleared. */
const MICRO_COMPACT_AT = 0.5;
/** Room kept free below the window for the answer and the next tool results. */
const AUTO_COMPACT_MARGIN = 33_000;

export interface QueryParams {
  model: ModelClient;
  modelId: string;
  system: TextBlockParam[];
  messages: MessageParam[];
  tools: readonly Tool[];
  /** What the agent has read of each file: once old results leave the conversation, a re-read must show the file again. */
  seen?: ReadFileState;
  /** The action's temp folder: a very large result is saved there. */
  tempDir: string;
  gate?: PermissionGate;
  /** A call of a tool this agent is offered but may not use is refused with this decision (a fork's, src/agent/subagents.ts). */
  refuse?: (tool: Tool) => PermissionDecision | undefined;
  after?: AfterCall;
  /** Applied to every tool result before the model sees it (secret redaction, hidden characters shown). */
  redact?: (text: string) => string;
  /**
   * Applied to every text Deckhand itself writes into the conversation — the
   * system prompt, the first message, a hook's feedback, a verifier's
   * findings, a summary — so no secret reaches the model through them either.
   */
  redactText?: (text: string) => string;
  /** Stop hooks: a reason returned here keeps the agent working (at most MAX_STOP_BLOCKS times in a row). */
  onStop?: (answer: string) => Promise<string | undefined>;
  /**
   * Asked once the agent would finish and the stop hooks let it: a message
   * returned here (a verifier's findings) is sent as the next user message and
   * the agent goes on. The caller decides how many times.
   */
  verify?: (answer: string) => Promise<string | undefined>;
  /** The run's limits and spending, shared with its other agents; by default this loop's own, from maxTurns and maxBudgetUsd. */
  account?: RunAccount;
  /** Whose requests these are, in the account (default main). */
  agent?: AgentKind;
  maxTurns: number;
  maxBudgetUsd: number;
  /** A sub-agent held to a share of the run: it stops once the run's turns or spend reach these (the run's limits still hold). */
  share?: { turns: number; usd: number; what: string };
  /** Defaults to the model's entry in the price table. */
  maxOutputTokens?: number;
  /** Defaults to the model's entry in the price table (tests use a small one). */
  contextWindow?: number;
  /** Aborted with a StopReason (timeout or cancellation). */
  signal: AbortSignal;
}

export type LoopEvent =
  | { type: 'assistant'; turn: number; content: ContentBlockParam[]; stopReason: string | null; usage: Usage; costUsd: number; durationMs: number }
  | { type: 'tool_results'; turn: number; content: ContentBlockParam[] }
  | { type: 'transition'; transition: Transition }
  /** The history was made smaller; a summarising request has its usage and cost here. */
  | { type: 'compaction'; kind: 'micro' | 'auto' | 'reactive'; tokensBefore: number; tokensAfter: number; usage?: Usage; costUsd?: number; failed?: string }
  /** A tool call starting, as the model asked for it (before any check). */
  /** `call`: the call as a person reads it, `Bash(npm test)`, whole (not yet redacted), when its input was well formed and it is not refused. */
  | { type: 'tool_start'; turn: number; id: string; name: string; input: unknown; call?: string }
  /** A tool call ended, with its record; `todos` when it replaced the agent's checklist (TodoWrite), so a listener needs no tool's name. */
  | { type: 'tool_end'; turn: number; record: ToolCallRecord; todos?: readonly Todo[] };

/** A call's start or end as the loop tells it. */
function callEvent(event: CallEvent, turn: number): LoopEvent {
  return event.kind === 'start'
    ? { type: 'tool_start', turn, id: event.id, name: event.name, input: event.input, ...(event.call ? { call: event.call } : {}) }
    : { type: 'tool_end', turn, record: event.record, ...(event.todos ? { todos: event.todos } : {}) };
}

/** The text blocks of messages Deckhand writes, with `redact` applied. */
function redactedMessages(messages: readonly MessageParam[], redact: (text: string) => string): MessageParam[] {
  return messages.map((message): MessageParam => {
    if (typeof message.content === 'string') return { ...message, content: redact(message.content) } as MessageParam;
    return { ...message, content: message.content.map((block) => (block.type === 'text' ? { ...block, text: redact(block.text) } : block)) } as MessageParam;
  });
}

/** The response's blocks in the form they are sent back: only what the API needs, always the same bytes. */
function toParams(content: readonly ContentBlock[]): ContentBlockParam[] {
  const out: ContentBlockParam[] = [];
  for (const block of content) {
    if (block.type === 'text') out.push({ type: 'text', text: block.text });
    else if (block.type === 'tool_use') out.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
    else if (block.type === 'thinking') out.push({ type: 'thinking', thinking: block.thinking, signature: block.signature });
    else if (block.type === 'redacted_thinking') out.push({ type: 'redacted_thinking', data: block.data });
  }
  return out;
}

/** A result as the Messages API takes it: images (an MCP tool's) as image blocks after the text. */
function asApiBlock(result: ToolResultBlock): ContentBlockParam {
  const { images, ...block } = result;
  if (!images || images.length === 0) return block;
  return { ...block, content: [...(block.content ? [{ type: 'text' as const, text: block.content }] : []), ...images] };
}

function textOf(content: readonly ContentBlockParam[]): string {
  return content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n');
}

function stopped(signal: AbortSignal): Terminal {
  const reason: unknown = signal.reason;
  if (reason instanceof StopReason && reason.kind === 'timeout') {
    return { reason: 'timeout', message: 'Stopped at the time limit (timeout_minutes).' };
  }
  return { reason: 'aborted', message: 'The run was cancelled.' };
}

export async function* query(params: QueryParams): AsyncGenerator<LoopEvent, Terminal> {
  const price = priceOf(params.modelId);
  const account = params.account ?? new RunAccount(params.maxTurns, params.maxBudgetUsd);
  const agent = params.agent ?? 'main';
  const apiTools: ApiTool[] = params.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputJSONSchema as ApiTool['input_schema'],
  }));
  // The same tools on every request, so the prefix they open stays cached (the agent's and its forks'):
  // what may not run now is refused when it is called — a fork's tools that are not its to use, a tool
  // that needs a share of the budget (Agent) once less is left.
  const tools = { api: apiTools, byName: new Map(params.tools.map((tool) => [tool.name, tool] as const)) };
  const refuse = (tool: Tool): PermissionDecision | undefined => {
    const refused = params.refuse?.(tool);
    if (refused) return refused;
    const needs = tool.traits.minBudgetLeft;
    if (needs === undefined || account.budgetLeft >= needs) return undefined;
    const message = `${tool.name} needs ${Math.round(needs * 100)}% of the run's budget (max_budget_usd) left, and ${Math.round(account.budgetLeft * 100)}% is: do the task with the other tools.`;
    return { behavior: 'deny', message, rule: 'budget' };
  };
  /** Old results of these may be cleared: the model can get them again. */
  const clearable = new Set(params.tools.filter((tool) => tool.traits.clearable).map((tool) => tool.name));
  const forgetReads = () => {
    if (params.seen) forgetShownReads(params.seen);
  };
  const redactText = params.redactText ?? ((text: string) => text);
  const system = params.system.map((block) => ({ ...block, text: redactText(block.text) }));
  /** A user message of Deckhand's own words. */
  const said = (text: string): MessageParam => ({ role: 'user', content: [{ type: 'text', text: redactText(text) }] });
  let state: State = initialState(redactedMessages(params.messages, redactText));
  let stopBlocks = 0;
  const maxTokens = params.maxOutputTokens ?? price.maxOutputTokens;
  const fixedTokens = estimateTokens(system) + estimateTokens(apiTools);
  const contextTokens = (messages: readonly MessageParam[]) => fixedTokens + estimateTokens(messages);
  const contextWindow = params.contextWindow ?? price.contextWindow;
  // Room for the answer and for the next round of tool results.
  const autoCompactAt = contextWindow - Math.min(maxTokens, 20_000, contextWindow / 10) - Math.min(AUTO_COMPACT_MARGIN, contextWindow / 6);

  /** One summarising request; the history it returns, or the reason it failed. */
  async function compactBySummary(messages: readonly MessageParam[]): Promise<{ messages: MessageParam[]; usage: Usage; costUsd: number } | { failed: string }> {
    try {
      const summary = await summarize(params.model, { model: params.modelId, system, tools: apiTools, maxTokens }, messages, params.signal);
      const costUsd = costOf(summary.response.usage, price);
      account.charge(agent, summary.response.usage, costUsd, false);
      forgetReads();
      return { messages: redactedMessages(summary.messages, redactText), usage: summary.response.usage, costUsd };
    } catch (err) {
      // An empty answer was still paid for.
      if (err instanceof EmptySummaryError) account.charge(agent, err.response.usage, costOf(err.response.usage, price), false);
      return { failed: err instanceof Error ? err.message : String(err) };
    }
  }

  while (true) {
    if (params.signal.aborted) return stopped(params.signal);
    if (account.turns >= account.maxTurns) {
      return {
        reason: 'max_turns',
        message: `Stopped after ${account.turns} turn${account.turns === 1 ? '' : 's'} (max_turns is ${account.maxTurns}).`,
      };
    }
    if (account.spentUsd >= account.maxBudgetUsd) {
      return {
        reason: 'budget',
        message: `Stopped at the budget: spent about ${formatCost(account.spentUsd)} of ${formatCost(account.maxBudgetUsd)} (max_budget_usd).`,
      };
    }
    if (params.share && (account.turns >= params.share.turns || account.spentUsd >= params.share.usd)) {
      return { reason: 'budget', message: `Stopped at its share of the run: ${params.share.what}.` };
    }

    // Lightest first: clear old bulky results past half the window ...
    let tokens = contextTokens(state.messages);
    if (tokens > contextWindow * MICRO_COMPACT_AT) {
      const micro = microCompact(state.messages, clearable);
      if (micro.cleared > 0) {
        const after = contextTokens(micro.messages);
        forgetReads();
        state = { ...state, messages: micro.messages };
        yield { type: 'compaction', kind: 'micro', tokensBefore: tokens, tokensAfter: after };
        tokens = after;
      }
    }
    // ... and summarise near the window, unless that keeps failing.
    if (tokens > autoCompactAt && state.autoCompactFailures < MAX_AUTO_COMPACT_FAILURES) {
      const auto = await compactBySummary(state.messages);
      if (params.signal.aborted) return stopped(params.signal);
      if ('failed' in auto) {
        state = { ...state, autoCompactFailures: state.autoCompactFailures + 1 };
        yield { type: 'compaction', kind: 'auto', tokensBefore: tokens, tokensAfter: tokens, failed: auto.failed };
      } else {
        // A summary that leaves the history still too big counts as a failure: else it would run every turn.
        const after = contextTokens(auto.messages);
        state = { ...state, messages: auto.messages, autoCompactFailures: after > autoCompactAt ? state.autoCompactFailures + 1 : 0 };
        yield { type: 'compaction', kind: 'auto', tokensBefore: tokens, tokensAfter: after, usage: auto.usage, costUsd: auto.costUsd };
      }
    }

    const started = performance.now();
    let response;
    try {
      response = await params.model.send(
        { model: params.modelId, system: markSystem(system), messages: markMessages(state.messages), tools: tools.api, maxTokens },
        params.signal,
      );
    } catch (err) {
      if (err instanceof ModelAbortedError || params.signal.aborted) return stopped(params.signal);
      if (err instanceof PromptTooLongError) {
        if (!state.hasAttemptedReactiveCompact) {
          // Withheld: clear old results (so the summarising request itself fits), summarise once —
          // or, if that fails, go on with the cleared history — and retry.
          const before = contextTokens(state.messages);
          const compacted = clearOldToolResults(state.messages, KEEP_RECENT_RESULTS);
          const summary = await compactBySummary(compacted.messages);
          if (params.signal.aborted) return stopped(params.signal);
          if (!('failed' in summary) || compacted.cleared > 0) {
            const messages = 'failed' in summary ? compacted.messages : summary.messages;
            forgetReads();
            yield {
              type: 'compaction',
              kind: 'reactive',
              tokensBefore: before,
              tokensAfter: contextTokens(messages),
              ...('failed' in summary ? { failed: summary.failed } : { usage: summary.usage, costUsd: summary.costUsd }),
            };
            state = {
              ...state,
              messages,
              hasAttemptedReactiveCompact: true,
              transition: {
                reason: 'reactive_compact_retry',
                detail: 'failed' in summary ? `cleared ${compacted.cleared} old tool results` : 'summarised the conversation',
              },
            };
            yield { type: 'transition', transition: state.transition! };
            continue;
          }
        }
        return { reason: 'error', message: `The conversation no longer fits in the model's context window, even after compaction (${err.message}).` };
      }
      if (err instanceof ModelError) return { reason: 'error', message: err.message };
      throw err;
    }

    const turn = state.turnCount + 1;
    const costUsd = costOf(response.usage, price);
    account.charge(agent, response.usage, costUsd, true);
    const content = toParams(response.content);
    yield { type: 'assistant', turn, content, stopReason: response.stopReason, usage: response.usage, costUsd, durationMs: Math.round(performance.now() - started) };

    if (response.stopReason === 'max_tokens') {
      if (state.maxOutputTokensRecoveryCount >= MAX_OUTPUT_TOKENS_RECOVERIES) {
        return {
          reason: 'error',
          message: `The model's answer was cut off at the output token limit ${state.maxOutputTokensRecoveryCount + 1} times in a row.`,
        };
      }
      // Half-written tool calls cannot be run; keep the text and ask for the rest.
      const kept = content.filter((block) => block.type === 'text' && block.text.length > 0);
      state = {
        ...state,
        turnCount: turn,
        messages: [
          ...state.messages,
          ...(kept.length > 0 ? [{ role: 'assistant' as const, content: kept }] : []),
          { role: 'user', content: [{ type: 'text', text: OUTPUT_LIMIT_NUDGE }] },
        ],
        maxOutputTokensRecoveryCount: state.maxOutputTokensRecoveryCount + 1,
        transition: { reason: 'max_output_tokens_recovery', detail: `attempt ${state.maxOutputTokensRecoveryCount + 1}` },
      };
      yield { type: 'transition', transition: state.transition! };
      continue;
    }

    const uses: ToolUse[] = content.flatMap((block) => (block.type === 'tool_use' ? [{ id: block.id, name: block.name, input: block.input }] : []));
    const assistant: MessageParam = { role: 'assistant', content: content.length > 0 ? content : [{ type: 'text', text: '(no answer)' }] };
    if (uses.length === 0) {
      const blocked = params.onStop && stopBlocks < MAX_STOP_BLOCKS ? await params.onStop(textOf(content)) : undefined;
      if (blocked) {
        stopBlocks++;
        state = {
          ...state,
          turnCount: turn,
          messages: [...state.messages, assistant, said(`A Stop hook did not let you finish yet:\n\n${blocked}`)],
          transition: { reason: 'stop_hook_blocking', detail: blocked.split('\n')[0] },
        };
        yield { type: 'transition', transition: state.transition! };
        continue;
      }
      const findings = params.verify ? await params.verify(textOf(content)) : undefined;
      if (params.signal.aborted) return stopped(params.signal);
      if (findings) {
        state = {
          ...state,
          turnCount: turn,
          messages: [...state.messages, assistant, said(findings)],
          transition: { reason: 'verification_failed', detail: findings.split('\n')[0] },
        };
        yield { type: 'transition', transition: state.transition! };
        continue;
      }
      state = { ...state, turnCount: turn, messages: [...state.messages, assistant] };
      return { reason: 'completed', message: `Finished after ${turn} turn${turn === 1 ? '' : 's'}.` };
    }
    stopBlocks = 0;

    // Each call is told as it starts and as it ends, while the batch runs: a run killed mid-batch keeps what finished.
    const calls = new Channel<LoopEvent>();
    const running = runToolCalls(uses, {
      tools: tools.byName,
      signal: params.signal,
      ...(params.gate ? { gate: params.gate } : {}),
      refuse,
      ...(params.after ? { after: params.after } : {}),
      ...(params.redact ? { redact: params.redact } : {}),
      onCall: (event: CallEvent) => calls.push(callEvent(event, turn)),
    });
    yield* calls.until(running);
    const { results, records } = await running;
    // A very large result goes to a file; the model gets a preview and the path (once, for good) —
    // but not a result of a tool with its own size limit (Read), which would only be saved again.
    const keepsItsSize = (i: number) => tools.byName.get(records[i]?.name ?? '')?.traits.ownSizeLimit === true;
    const kept = results.map((result, i) => asApiBlock(keepsItsSize(i) ? result : persistLargeResult(result, params.tempDir)));
    yield { type: 'tool_results', turn, content: kept };
    state = {
      ...state,
      turnCount: turn,
      messages: [...state.messages, assistant, { role: 'user', content: kept }],
      maxOutputTokensRecoveryCount: 0,
      transition: { reason: 'next_turn', detail: `${uses.length} tool call${uses.length === 1 ? '' : 's'}` },
    };
    yield { type: 'transition', transition: state.transition! };
  }
}
