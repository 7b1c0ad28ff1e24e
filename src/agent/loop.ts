// The agent loop: one `while (true)` over an explicit State, exposed as an
// AsyncGenerator that yields what happens and returns why it ended. No
// recursion; every `continue` records its reason (state.transition).
//
// Two model errors are withheld rather than surfaced: "prompt is too long"
// (compact once and retry) and a max_tokens stop (ask the model to resume, at
// most three times in a row). Only when recovery fails does the error come out.
import type { ContentBlock, ContentBlockParam, MessageParam, TextBlockParam, Tool as ApiTool, Usage } from '@anthropic-ai/sdk/resources/messages';
import { clearOldToolResults } from '../context/compact.js';
import type { Tool, ToolContext } from '../tools/tool.js';
import { costOf, formatCost, priceOf } from './cost.js';
import { runToolCalls, type AfterCall, type PermissionGate, type ToolCallRecord, type ToolUse } from './executor.js';
import { ModelAbortedError, ModelError, PromptTooLongError, type ModelClient } from './model.js';
import { initialState, StopReason, type State, type Terminal, type Transition } from './state.js';

export const MAX_OUTPUT_TOKENS_RECOVERIES = 3;
export const OUTPUT_LIMIT_NUDGE =
  'Output token limit hit. Resume directly — no apology, no recap of what you were doing. Pick up mid-thought if that is where the cut happened.';
/** Stop-hook refusals in a row before the agent stops anyway: a hook must not keep a run going forever. */
export const MAX_STOP_BLOCKS = 3;
/** Tool results kept intact when a too-long prompt forces the others to be cleared. */
const KEEP_RECENT_RESULTS = 3;

export interface QueryParams {
  model: ModelClient;
  modelId: string;
  system: TextBlockParam[];
  messages: MessageParam[];
  tools: readonly Tool[];
  ctx: ToolContext;
  gate?: PermissionGate;
  after?: AfterCall;
  redact?: (text: string) => string;
  /** Stop hooks: a reason returned here keeps the agent working (at most MAX_STOP_BLOCKS times in a row). */
  onStop?: (answer: string, ctx: ToolContext) => Promise<string | undefined>;
  maxTurns: number;
  maxBudgetUsd: number;
  /** Defaults to the model's entry in the price table. */
  maxOutputTokens?: number;
  /** Aborted with a StopReason (timeout or cancellation). */
  signal: AbortSignal;
}

export type LoopEvent =
  | { type: 'assistant'; turn: number; content: ContentBlockParam[]; stopReason: string | null; usage: Usage; costUsd: number; durationMs: number }
  | { type: 'tool_results'; turn: number; content: ContentBlockParam[]; records: ToolCallRecord[] }
  | { type: 'transition'; transition: Transition };

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
  const apiTools: ApiTool[] = params.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputJSONSchema as ApiTool['input_schema'],
  }));
  const toolsByName = new Map(params.tools.map((tool) => [tool.name, tool] as const));
  let state: State = initialState(params.messages);
  let spentUsd = 0;
  let stopBlocks = 0;

  while (true) {
    if (params.signal.aborted) return stopped(params.signal);
    if (state.turnCount >= params.maxTurns) {
      return {
        reason: 'max_turns',
        message: `Stopped after ${state.turnCount} turn${state.turnCount === 1 ? '' : 's'} (max_turns is ${params.maxTurns}).`,
      };
    }
    if (spentUsd >= params.maxBudgetUsd) {
      return {
        reason: 'budget',
        message: `Stopped at the budget: spent about ${formatCost(spentUsd)} of ${formatCost(params.maxBudgetUsd)} (max_budget_usd).`,
      };
    }

    const started = performance.now();
    let response;
    try {
      response = await params.model.send(
        { model: params.modelId, system: params.system, messages: state.messages, tools: apiTools, maxTokens: params.maxOutputTokens ?? price.maxOutputTokens },
        params.signal,
      );
    } catch (err) {
      if (err instanceof ModelAbortedError || params.signal.aborted) return stopped(params.signal);
      if (err instanceof PromptTooLongError) {
        if (!state.hasAttemptedReactiveCompact) {
          const compacted = clearOldToolResults(state.messages, KEEP_RECENT_RESULTS);
          if (compacted.cleared > 0) {
            state = {
              ...state,
              messages: compacted.messages,
              hasAttemptedReactiveCompact: true,
              transition: { reason: 'reactive_compact_retry', detail: `cleared ${compacted.cleared} old tool results` },
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
    spentUsd += costUsd;
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
      const blocked = params.onStop && stopBlocks < MAX_STOP_BLOCKS ? await params.onStop(textOf(content), params.ctx) : undefined;
      if (blocked) {
        stopBlocks++;
        state = {
          ...state,
          turnCount: turn,
          messages: [...state.messages, assistant, { role: 'user', content: [{ type: 'text', text: `A Stop hook did not let you finish yet:\n\n${blocked}` }] }],
          transition: { reason: 'stop_hook_blocking', detail: blocked.split('\n')[0] },
        };
        yield { type: 'transition', transition: state.transition! };
        continue;
      }
      state = { ...state, turnCount: turn, messages: [...state.messages, assistant] };
      return { reason: 'completed', message: `Finished after ${turn} turn${turn === 1 ? '' : 's'}.` };
    }
    stopBlocks = 0;

    const { results, records } = await runToolCalls(uses, {
      tools: toolsByName,
      ctx: params.ctx,
      ...(params.gate ? { gate: params.gate } : {}),
      ...(params.after ? { after: params.after } : {}),
      ...(params.redact ? { redact: params.redact } : {}),
    });
    yield { type: 'tool_results', turn, content: results, records };
    state = {
      ...state,
      turnCount: turn,
      messages: [...state.messages, assistant, { role: 'user', content: results }],
      maxOutputTokensRecoveryCount: 0,
      transition: { reason: 'next_turn', detail: `${uses.length} tool call${uses.length === 1 ? '' : 's'}` },
    };
    yield { type: 'transition', transition: state.transition! };
  }
}
