// Runs the tool calls of one assistant message. Consecutive calls that are safe
// to run together go in parallel (at most 10 at once); any other call runs
// alone; results come back in the order the model asked for them. Every call
// ends in exactly one tool_result — success, error, denial or cancellation.
import type { z } from 'zod';
import type { Todo } from '../core/outcome.js';
import { errorResult, ToolError, type AfterCall, type PermissionDecision, type PermissionGate, type Tool, type ToolResultBlock } from '../tools/tool.js';
import { headOf } from '../truncate.js';

export const MAX_PARALLEL_TOOLS = 10;

export interface ToolUse {
  id: string;
  name: string;
  input: unknown;
}

/** Where a call stopped, for the transcript. */
export type CallStage = 'unknown_tool' | 'schema' | 'validate' | 'permission' | 'call' | 'cancelled' | 'done';

export interface ToolCallRecord {
  id: string;
  name: string;
  input: unknown;
  stage: CallStage;
  decision?: PermissionDecision;
  durationMs: number;
  resultChars: number;
  isError: boolean;
  /** The error the model was given (first 500 characters), when the call failed. */
  error?: string;
}

/**
 * A call starting (as the model asked for it, before any check) or ending
 * (with its record). An ending carries the run's checklist when the call
 * replaced it (TodoWrite), so a listener needs no tool's name.
 */
export type CallEvent =
  | { kind: 'start'; id: string; name: string; input: unknown; call?: string }
  | { kind: 'end'; record: ToolCallRecord; todos?: readonly Todo[] };

const allowAll: PermissionGate = async () => ({ behavior: 'allow' });

export interface ExecutorOptions {
  tools: ReadonlyMap<string, Tool>;
  /** Aborts with the run (timeout, cancellation). */
  signal: AbortSignal;
  gate?: PermissionGate;
  /** Tools this agent is offered but may not use (a fork's, src/agent/subagents.ts): a call of one is refused before anything of the tool runs. */
  refuse?: (tool: Tool) => PermissionDecision | undefined;
  after?: AfterCall;
  /** Applied to every result before the model sees it (secret redaction). */
  redact?: (text: string) => string;
  /** Told of each call when it starts and as soon as it has ended (in a parallel batch, in the order they end). */
  onCall?: (event: CallEvent) => void;
}

/** The steps around each call, shared by the calls of one batch. */
interface Pipeline {
  gate: PermissionGate;
  refuse: ((tool: Tool) => PermissionDecision | undefined) | undefined;
  after: AfterCall | undefined;
  redact: (text: string) => string;
  onCall: ((event: CallEvent) => void) | undefined;
}

/** Formats zod issues the way models are used to reading input errors. */
export function describeInputError(toolName: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const path = issue.path.join('.');
    if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `The required parameter \`${path}\` is missing`;
    if (issue.code === 'unrecognized_keys') return `An unexpected parameter \`${issue.keys.join('`, `')}\` was provided`;
    return path ? `The parameter \`${path}\` is invalid: ${issue.message}` : issue.message;
  });
  return `InputValidationError: ${toolName} failed due to the following issue${lines.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}

interface Prepared {
  use: ToolUse;
  tool?: Tool;
  input?: unknown;
  problem?: { stage: CallStage; message: string };
}

function prepare(use: ToolUse, tools: ReadonlyMap<string, Tool>): Prepared {
  const tool = tools.get(use.name);
  if (!tool) return { use, problem: { stage: 'unknown_tool', message: `Error: No such tool available: ${use.name}` } };
  const parsed = tool.inputSchema.safeParse(use.input);
  if (!parsed.success) return { use, tool, problem: { stage: 'schema', message: describeInputError(tool.name, parsed.error) } };
  return { use, tool, input: parsed.data };
}

function isSafe(prepared: Prepared): boolean {
  if (!prepared.tool || prepared.problem) return true; // answered with an error, touches nothing
  try {
    return prepared.tool.isConcurrencySafe(prepared.input);
  } catch {
    return false;
  }
}

async function runOne(
  prepared: Prepared,
  signal: AbortSignal,
  pipeline: Pipeline,
): Promise<{ result: ToolResultBlock; record: ToolCallRecord }> {
  const started = performance.now();
  const { use } = prepared;
  let todos: readonly Todo[] | undefined;
  const refused = prepared.tool && !prepared.problem ? pipeline.refuse?.(prepared.tool) : undefined;
  // What a person is told the call does (the tracking comment): only for a call that will get past its refusal.
  const call = prepared.tool && !prepared.problem && !refused ? described(prepared.tool, prepared.input) : undefined;
  pipeline.onCall?.({ kind: 'start', id: use.id, name: use.name, input: use.input, ...(call ? { call } : {}) });
  const finish = (raw: ToolResultBlock, stage: CallStage, decision?: PermissionDecision) => {
    const result = { ...raw, content: pipeline.redact(raw.content) };
    const isError = result.is_error === true;
    const record: ToolCallRecord = {
      id: use.id,
      name: use.name,
      input: use.input,
      stage,
      ...(decision ? { decision } : {}),
      durationMs: Math.round(performance.now() - started),
      resultChars: result.content.length,
      isError,
      ...(isError ? { error: result.content.replace(/^<tool_use_error>|<\/tool_use_error>$/g, '').slice(0, 500) } : {}),
    };
    pipeline.onCall?.({ kind: 'end', record, ...(todos ? { todos } : {}) });
    return { result, record };
  };
  if (prepared.problem) return finish(errorResult(use.id, prepared.problem.message), prepared.problem.stage);
  const tool = prepared.tool!;
  const input = prepared.input;
  if (signal.aborted) return finish(errorResult(use.id, cancelledMessage(signal)), 'cancelled');
  if (refused?.behavior === 'deny') return finish(errorResult(use.id, refused.message), 'permission', refused);
  let decision: PermissionDecision | undefined;
  try {
    const validation = await tool.validateInput(input);
    if (!validation.ok) return finish(errorResult(use.id, validation.message), 'validate');
    decision = await pipeline.gate(tool, input, { signal });
    if (decision.behavior === 'allow') {
      const own = await tool.checkPermissions(input);
      if (own.behavior === 'deny') decision = own;
    }
    if (decision.behavior === 'deny') return finish(errorResult(use.id, decision.message), 'permission', decision);
    const output = await tool.call(input, { signal });
    if (signal.aborted && output.isError) return finish(errorResult(use.id, cancelledMessage(signal)), 'cancelled', decision);
    todos = output.todos;
    const result = tool.mapResult(output, use.id);
    return finish(pipeline.after ? await pipeline.after(tool, input, result) : result, 'done', decision);
  } catch (err) {
    if (signal.aborted) return finish(errorResult(use.id, cancelledMessage(signal)), 'cancelled', decision);
    const message = err instanceof ToolError ? err.message : `${tool.name} failed: ${err instanceof Error ? err.message : String(err)}`;
    return finish(errorResult(use.id, message), 'call', decision);
  }
}

function cancelledMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof SiblingFailure) {
    return `Cancelled: the parallel call ${reason.call} failed, so this call was stopped. Run it again if it is still needed.`;
  }
  return 'Cancelled: the run was stopped before this call finished.';
}

class SiblingFailure {
  /** The call that failed, as the model wrote it: `Bash(npm test)`. */
  constructor(readonly call: string) {}
}

/** A call as a person reads it: the tool and its command or path, whole (a reader redacts it, then cuts it). */
function described(tool: Tool, input: unknown): string {
  let target;
  try {
    target = tool.target(input);
  } catch {
    return tool.name;
  }
  return `${tool.name}(${'command' in target ? target.command : 'path' in target ? target.path : ''})`;
}

/** A call as the model reads it in a message: the tool and its command, cut to 60 characters. */
function written(tool: Tool, input: unknown): string {
  const target = tool.target(input);
  const command = 'command' in target ? target.command : '';
  return `${tool.name}(${command.length > 60 ? `${headOf(command, 57)}...` : command})`;
}

/** Runs a batch of concurrency-safe calls, at most MAX_PARALLEL_TOOLS at a time. */
async function runParallel(batch: Prepared[], runSignal: AbortSignal, pipeline: Pipeline) {
  // A failing call of a tool that says so (Bash) stops its siblings (their output
  // would be built on a broken assumption), but not the turn: the model gets every result.
  const siblings = new AbortController();
  const signal = AbortSignal.any([runSignal, siblings.signal]);
  const out: Array<{ result: ToolResultBlock; record: ToolCallRecord }> = new Array(batch.length);
  let next = 0;
  async function worker() {
    while (next < batch.length) {
      const index = next++;
      const prepared = batch[index]!;
      const done = await runOne(prepared, signal, pipeline);
      out[index] = done;
      // Only a call that ran and failed counts, not one refused before it ran.
      if (prepared.tool?.traits.failureStopsSiblings && done.record.isError && done.record.stage === 'done' && !siblings.signal.aborted) {
        siblings.abort(new SiblingFailure(written(prepared.tool, prepared.input)));
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(MAX_PARALLEL_TOOLS, batch.length) }, worker));
  return out;
}

export async function runToolCalls(
  uses: readonly ToolUse[],
  options: ExecutorOptions,
): Promise<{ results: ToolResultBlock[]; records: ToolCallRecord[] }> {
  const pipeline: Pipeline = { gate: options.gate ?? allowAll, refuse: options.refuse, after: options.after, redact: options.redact ?? ((text) => text), onCall: options.onCall };
  const prepared = uses.map((use) => prepare(use, options.tools));
  const results: ToolResultBlock[] = [];
  const records: ToolCallRecord[] = [];
  let i = 0;
  while (i < prepared.length) {
    if (isSafe(prepared[i]!)) {
      const batch: Prepared[] = [];
      while (i < prepared.length && isSafe(prepared[i]!)) batch.push(prepared[i++]!);
      for (const done of await runParallel(batch, options.signal, pipeline)) {
        results.push(done.result);
        records.push(done.record);
      }
    } else {
      const done = await runOne(prepared[i++]!, options.signal, pipeline);
      results.push(done.result);
      records.push(done.record);
    }
  }
  return { results, records };
}
