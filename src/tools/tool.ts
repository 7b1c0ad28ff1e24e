// The one shape every tool has. `buildTool` fills in fail-closed defaults: a
// tool that does not say otherwise is treated as writing (not read-only) and as
// unsafe to run beside other calls, so forgetting a flag costs speed, never safety.
import { z } from 'zod';
import type { Todo } from '../core/outcome.js';
import type { DraftComment, ThreadReply } from '../core/review.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import type { ReadFileState } from './file-state.js';

/** What every tool call may use. One per run, shared by all calls. */
export interface ToolContext {
  /** Real path of the checkout; file tools may not leave it. */
  root: string;
  /** The action's own temp folder (saved tool output lives here; readable, not writable by tools). */
  tempDir: string;
  /** Bash's working directory, kept between calls. */
  cwd: string;
  readFileState: ReadFileState;
  /** Environment for every process the agent starts: an allow-list, never the action's own. */
  childEnv: NodeJS.ProcessEnv;
  /** The OS sandbox every Bash command runs in; absent when Bash runs unconfined (sandbox off, or unavailable under auto). */
  sandbox?: Sandbox;
  /** Globs of files Read may not open (Read deny rules): Glob and Grep leave them out too. */
  hiddenGlobs?: readonly string[];
  /** Aborts with the run (timeout, cancellation) or, inside a parallel batch, when a sibling Bash call fails. */
  signal: AbortSignal;
  /** The run's checklist (TodoWrite replaces it; the tracking comment shows it). */
  todos: Todo[];
  /** The review's inline comments so far, in the order the model added them. */
  reviewComments: DraftComment[];
  /** Replies to earlier review threads (one per thread), posted with the review. */
  threadReplies: ThreadReply[];
  /** Runs a read-only explore agent on a task and gives back its final report (the Agent tool); absent where none may run. */
  explore?: (task: { description: string; prompt: string }, signal: AbortSignal) => Promise<ToolOutput>;
}

export type PermissionDecision =
  | { behavior: 'allow'; rule?: string; source?: string }
  | { behavior: 'deny'; message: string; rule?: string; source?: string };

export type Validation = { ok: true } | { ok: false; message: string };

/** An image a tool returns (an MCP server's), as the Messages API takes it. */
export interface ImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'; data: string };
}

export interface ToolOutput {
  /** Text the model sees. */
  content: string;
  /** Images after the text (MCP tools only). */
  images?: ImageBlock[];
  isError?: boolean;
}

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  /** Sent after `content` as image blocks; the text is what redaction, limits and hooks see. */
  images?: ImageBlock[];
  is_error?: boolean;
}

/** A failure the model can act on: its message goes back as an error tool_result. */
export class ToolError extends Error {
  override name = 'ToolError';
}

export interface Tool<Input = any> {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: z.ZodType<Input>;
  /** JSON Schema sent to the model, derived once from `inputSchema`. */
  readonly inputJSONSchema: Record<string, unknown>;
  /** Offered only while at least this share of the run's budget is left (0 to 1); always when absent. */
  readonly minBudgetLeft?: number;
  isReadOnly(input: Input): boolean;
  isConcurrencySafe(input: Input): boolean;
  /** What a call is about, for the permission rules: a path as the model named it, or a command; none for tools rules only name. */
  target(input: Input): CallTarget;
  validateInput(input: Input, ctx: ToolContext): Promise<Validation>;
  checkPermissions(input: Input, ctx: ToolContext): Promise<PermissionDecision>;
  call(input: Input, ctx: ToolContext): Promise<ToolOutput>;
  mapResult(output: ToolOutput, toolUseId: string): ToolResultBlock;
}

export type CallTarget = { path: string } | { command: string } | Record<string, never>;

export interface ToolSpec<Input> {
  name: string;
  description: string;
  inputSchema: z.ZodType<Input>;
  minBudgetLeft?: number;
  call(input: Input, ctx: ToolContext): Promise<ToolOutput>;
  isReadOnly?(input: Input): boolean;
  isConcurrencySafe?(input: Input): boolean;
  target?(input: Input): CallTarget;
  validateInput?(input: Input, ctx: ToolContext): Promise<Validation>;
  checkPermissions?(input: Input, ctx: ToolContext): Promise<PermissionDecision>;
  mapResult?(output: ToolOutput, toolUseId: string): ToolResultBlock;
}

/** Wraps an error text the way models are trained to read tool failures. */
export function errorResult(toolUseId: string, message: string): ToolResultBlock {
  return { type: 'tool_result', tool_use_id: toolUseId, content: `<tool_use_error>${message}</tool_use_error>`, is_error: true };
}

function defaultMapResult(output: ToolOutput, toolUseId: string): ToolResultBlock {
  if (output.isError) return errorResult(toolUseId, output.content);
  return { type: 'tool_result', tool_use_id: toolUseId, content: output.content, ...(output.images?.length ? { images: output.images } : {}) };
}

/**
 * zod gives every `.int()` the bounds of a safe integer (±9007199254740991):
 * no bound at all to a model, and sent on every request, so left out.
 */
function withoutSafeIntegerBounds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutSafeIntegerBounds);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !((key === 'maximum' || key === 'minimum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER))
      .map(([key, value]) => [key, withoutSafeIntegerBounds(value)]),
  );
}

export function buildTool<Input>(spec: ToolSpec<Input>): Tool<Input> {
  let jsonSchema: Record<string, unknown> | undefined;
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema,
    // Derived on first use, not at load: start-up time is a product figure.
    get inputJSONSchema() {
      if (!jsonSchema) {
        jsonSchema = withoutSafeIntegerBounds(z.toJSONSchema(spec.inputSchema, { io: 'input' })) as Record<string, unknown>;
        delete jsonSchema.$schema;
      }
      return jsonSchema;
    },
    ...(spec.minBudgetLeft !== undefined ? { minBudgetLeft: spec.minBudgetLeft } : {}),
    isReadOnly: spec.isReadOnly ?? (() => false),
    isConcurrencySafe: spec.isConcurrencySafe ?? (() => false),
    target: spec.target ?? (() => ({})),
    validateInput: spec.validateInput ?? (async () => ({ ok: true })),
    // The tool's own check allows; policy rules (decided outside the tool) are the gate.
    checkPermissions: spec.checkPermissions ?? (async () => ({ behavior: 'allow' })),
    call: spec.call,
    mapResult: spec.mapResult ?? defaultMapResult,
  };
}
