// The one shape every tool has, in two parts: the tool as a mode offers it
// (`ToolKind`: its name, its traits, and a factory) and the tool as one agent
// calls it (`Tool`), made with what it needs — the checkout, that agent's read
// state, its shell — so a call is given nothing but its input and its signal.
// `buildTool` fills in fail-closed defaults: a tool that does not say otherwise
// is unsafe to run beside other calls, so forgetting a flag costs speed, never
// safety.
import { z } from 'zod';
import type { Todo } from '../core/outcome.js';
import type { DraftComment, ThreadReply } from '../core/review.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import type { ReadFileState } from './file-state.js';

/** What a tool is, for the policy, the loop and the modes: declared once, the same for every agent that has it. */
export interface ToolTraits {
  /**
   * What it does to the checkout: reads it (Read, Glob, Grep), writes it
   * (Edit, Write), runs commands in it (Bash). An explorer gets the tools that
   * read it, the verifier those that read it or run commands; a read-only
   * mode offers none that write or run.
   */
  readonly checkout?: 'reads' | 'writes' | 'runs';
  /** Writes nothing and runs nothing, so a mode's defaults allow it wherever the mode offers it (TodoWrite, AddReviewComment…). */
  readonly harmless?: boolean;
  /** Runs commands on the runner: in the OS sandbox, or without one only what an allow rule names (Bash). */
  readonly needsSandbox?: boolean;
  /** A call of it that ran and failed stops its siblings in a parallel batch (Bash: they would build on a broken assumption). */
  readonly failureStopsSiblings?: boolean;
  /** Its results have their own size limit, so they are never saved to a file (Read: a saved file read back would be saved again). */
  readonly ownSizeLimit?: boolean;
  /** Its old results may be cleared when the context grows: the model can always get them again (Read, Bash, Grep, Glob). */
  readonly clearable?: boolean;
  /** Its calls are refused once less than this share of the run's budget is left (0 to 1); never when absent. It stays offered: the tool list never changes within a run, so its cached prefix holds. */
  readonly minBudgetLeft?: number;
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
  /** The agent's checklist, when this call replaced it (TodoWrite): the call's end event carries it to the tracking comment. */
  todos?: readonly Todo[];
}

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  /** Sent after `content` as image blocks; the text is what redaction, limits and hooks see. */
  images?: ImageBlock[];
  is_error?: boolean;
}

/** What a call is given besides its input. */
export interface CallContext {
  /** Aborts with the run (timeout, cancellation) or, inside a parallel batch, when a sibling call fails. */
  signal: AbortSignal;
}

/** A failure the model can act on: its message goes back as an error tool_result. */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** What a call is about, for the permission rules: a path as the model named it, or a command and the folder it runs in; none for tools rules only name. */
export type CallTarget = { path: string } | { command: string; cwd: string } | Record<string, never>;

/**
 * The policy gate between validation and the call (permission rules, hooks).
 * It sees every call; the tool's own check runs after it.
 */
export type PermissionGate = (tool: Tool, input: unknown, call: CallContext) => Promise<PermissionDecision>;

/** What runs after a call that succeeded (PostToolUse hooks): it may add to the result. */
export type AfterCall = (tool: Tool, input: unknown, result: ToolResultBlock) => Promise<ToolResultBlock>;

/** A tool as one agent calls it. */
export interface Tool<Input = any> {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: z.ZodType<Input>;
  /** JSON Schema sent to the model, derived once from `inputSchema`. */
  readonly inputJSONSchema: Record<string, unknown>;
  readonly traits: ToolTraits;
  /** Whether this call may run beside other calls (reads, searches, read-only commands). */
  isConcurrencySafe(input: Input): boolean;
  target(input: Input): CallTarget;
  validateInput(input: Input): Promise<Validation>;
  checkPermissions(input: Input): Promise<PermissionDecision>;
  call(input: Input, call: CallContext): Promise<ToolOutput>;
  mapResult(output: ToolOutput, toolUseId: string): ToolResultBlock;
}

/** What a tool is made with (deps.ts makes them): the run's checkout and the agent's own state. */
/** The review an agent drafts: its inline comments in the order it added them, and its replies to earlier threads (one per thread). */
export interface ReviewDrafts {
  comments: DraftComment[];
  replies: ThreadReply[];
}

/** Runs a read-only explore agent on a task and gives back its final report (the Agent tool). */
export type Explore = (task: { description: string; prompt: string }, signal: AbortSignal) => Promise<ToolOutput>;

export interface ToolDeps {
  /** Real path of the checkout; file tools may not leave it. */
  root: string;
  /** The action's own temp folder (saved tool output lives here; readable, not writable by tools). */
  tempDir: string;
  /** Environment for every process the agent starts: an allow-list, never the action's own. */
  childEnv: NodeJS.ProcessEnv;
  /** The OS sandbox every Bash command runs in; absent when Bash runs unconfined (sandbox off, or unavailable under auto). */
  sandbox?: Sandbox;
  /** Globs of files Read may not open (Read deny rules): Glob, Grep and PullRequestDiff leave them out too. */
  hiddenGlobs: readonly string[];
  /** What this agent has read of each file: Read records it, Write and Edit check it. */
  files: ReadFileState;
  /** Bash's working folder, kept between this agent's calls. */
  shell: { cwd: string };
  /** This agent's checklist (TodoWrite replaces it). */
  checklist: { todos: Todo[] };
  /** The review this agent drafts (AddReviewComment, ReplyToReviewThread). */
  review: ReviewDrafts;
  /** Runs an explore agent (the Agent tool); absent where none may run. */
  explore?: Explore;
}

/** A tool as a mode offers it and the policy judges it, before an agent has it: its name, its traits, and how it is made. */
export interface ToolKind {
  readonly name: string;
  /** What the model is told of it, the same for every agent. */
  readonly description: string;
  readonly inputJSONSchema: Record<string, unknown>;
  readonly traits: ToolTraits;
  make(deps: ToolDeps): Tool;
}

export interface ToolSpec<Input> {
  name: string;
  description: string;
  inputSchema: z.ZodType<Input>;
  traits?: ToolTraits;
  /** The schema sent to the model, when it is not derived from `inputSchema` (an MCP server's own). */
  inputJSONSchema?: Record<string, unknown>;
  call(input: Input, call: CallContext): Promise<ToolOutput>;
  isConcurrencySafe?(input: Input): boolean;
  target?(input: Input): CallTarget;
  validateInput?(input: Input): Promise<Validation>;
  checkPermissions?(input: Input): Promise<PermissionDecision>;
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

/** The JSON Schema of a zod schema, as the model is sent it; derived on first use, not at load: start-up time is a product figure. */
function lazyJSONSchema(inputSchema: z.ZodType): () => Record<string, unknown> {
  let jsonSchema: Record<string, unknown> | undefined;
  return () => {
    if (!jsonSchema) {
      jsonSchema = withoutSafeIntegerBounds(z.toJSONSchema(inputSchema, { io: 'input' })) as Record<string, unknown>;
      delete jsonSchema.$schema;
    }
    return jsonSchema;
  };
}

function built<Input>(spec: ToolSpec<Input>, jsonSchema: () => Record<string, unknown>): Tool<Input> {
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema,
    get inputJSONSchema() {
      return spec.inputJSONSchema ?? jsonSchema();
    },
    traits: spec.traits ?? {},
    isConcurrencySafe: spec.isConcurrencySafe ?? (() => false),
    target: spec.target ?? (() => ({})),
    validateInput: spec.validateInput ?? (async () => ({ ok: true })),
    // The tool's own check allows; policy rules (decided outside the tool) are the gate.
    checkPermissions: spec.checkPermissions ?? (async () => ({ behavior: 'allow' })),
    call: spec.call,
    mapResult: spec.mapResult ?? defaultMapResult,
  };
}

export function buildTool<Input>(spec: ToolSpec<Input>): Tool<Input> {
  return built(spec, lazyJSONSchema(spec.inputSchema));
}

/** The part of a tool that is the same for every agent: what it is and what it takes. */
type Declared<Input> = Pick<ToolSpec<Input>, 'name' | 'description' | 'inputSchema' | 'traits' | 'isConcurrencySafe' | 'target'>;

/**
 * A tool kind: declared once (name, description, schema, traits), made for
 * each agent by `make`, which gets the agent's dependencies and gives the
 * calls (and may put its own `target` or `isConcurrencySafe` over the
 * declared ones). The JSON Schema is derived once for every agent.
 */
export function defineTool<Input>(declared: Declared<Input>, make: (deps: ToolDeps) => Omit<ToolSpec<Input>, keyof Declared<Input>> & Partial<Pick<ToolSpec<Input>, 'target' | 'isConcurrencySafe'>>): ToolKind {
  const jsonSchema = lazyJSONSchema(declared.inputSchema);
  return {
    name: declared.name,
    description: declared.description,
    get inputJSONSchema() {
      return jsonSchema();
    },
    traits: declared.traits ?? {},
    make: (deps) => built({ ...declared, ...make(deps) }, jsonSchema),
  };
}

/** A kind whose every agent shares one tool (it keeps no state of an agent's: an MCP server's tool). */
export function sharedKind(tool: Tool): ToolKind {
  return {
    name: tool.name,
    description: tool.description,
    get inputJSONSchema() {
      return tool.inputJSONSchema;
    },
    traits: tool.traits,
    make: () => tool,
  };
}
