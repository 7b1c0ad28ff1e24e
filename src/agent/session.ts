// One agent run from prompt to Outcome: sets up the tool context, drives the
// loop, writes the transcript, and adds up usage, cost and tool statistics.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { childEnvironment } from '../safety/env.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import { showHidden } from '../safety/invisible.js';
import { newReadFileState } from '../tools/file-state.js';
import type { DraftComment, ThreadReply, Todo, Tool, ToolContext } from '../tools/tool.js';
import { addUsage, emptyTotals, priceOf, type TokenTotals } from './cost.js';
import type { AfterCall, PermissionGate } from './executor.js';
import { query, type ToolCallEvent } from './loop.js';
import type { ModelClient } from './model.js';
import type { Terminal, TransitionReason } from './state.js';
import { Transcript } from './transcript.js';

export interface ToolStats {
  count: number;
  totalMs: number;
  errors: number;
}

export interface Outcome {
  terminal: Terminal;
  /** The final answer, or the last text the model wrote when it was stopped early. */
  answer: string;
  turns: number;
  tokens: TokenTotals;
  costUsd: number;
  /** False when the model was not in the price table and the cost is an estimate. */
  priceKnown: boolean;
  durationMs: number;
  tools: Map<string, ToolStats>;
  transitions: TransitionReason[];
  /** The compactions the run went through, in order. */
  compactions: Array<'micro' | 'auto' | 'reactive'>;
  todos: Todo[];
  /** The inline comments the model added for a review (AddReviewComment), to be posted as one. */
  reviewComments: DraftComment[];
  /** Its replies to earlier review threads (ReplyToReviewThread). */
  threadReplies: ThreadReply[];
  transcriptPath: string;
}

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

function textOf(content: ReadonlyArray<{ type: string; text?: string }>): string {
  return content
    .filter((block) => block.type === 'text' && block.text)
    .map((block) => block.text!)
    .join('\n\n')
    .trim();
}

export async function runAgent(run: AgentRun): Promise<Outcome> {
  const started = performance.now();
  const transcript = new Transcript(run.transcriptPath, run.redact);
  const ctx = createToolContext({
    root: run.root,
    tempDir: run.tempDir,
    parentEnv: run.parentEnv,
    signal: run.signal,
    ...(run.sandbox ? { sandbox: run.sandbox } : {}),
    ...(run.hiddenGlobs ? { hiddenGlobs: run.hiddenGlobs } : {}),
  });
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

  const tools = new Map<string, ToolStats>();
  const transitions: TransitionReason[] = [];
  const compactions: Array<'micro' | 'auto' | 'reactive'> = [];
  let tokens = emptyTotals();
  let costUsd = 0;
  let turns = 0;
  let answer = '';

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
    // Tool results: secrets out, then what would hide text from the model shown as visible marks.
    redact: (text: string) => showHidden(run.redact ? run.redact(text) : text),
    maxTurns: run.maxTurns,
    maxBudgetUsd: run.maxBudgetUsd,
    ...(run.maxOutputTokens ? { maxOutputTokens: run.maxOutputTokens } : {}),
    signal: run.signal,
    // Each call is counted and written down when it ends, not with the batch: a run killed mid-batch keeps what finished.
    onToolCall: (event) => {
      if (event.kind === 'start') {
        transcript.write({ type: 'tool_start', turn: event.turn, id: event.id, name: event.name, input: event.input });
      } else {
        const { record } = event;
        const stats = tools.get(record.name) ?? { count: 0, totalMs: 0, errors: 0 };
        stats.count++;
        stats.totalMs += record.durationMs;
        if (record.isError) stats.errors++;
        tools.set(record.name, stats);
        transcript.write({ type: 'tool_call', turn: event.turn, ...record });
      }
      run.onToolCall?.(event);
    },
  });
  let terminal: Terminal;
  for (;;) {
    const next = await loop.next();
    if (next.done) {
      terminal = next.value;
      break;
    }
    const event = next.value;
    if (event.type === 'assistant') {
      turns = event.turn;
      tokens = addUsage(tokens, event.usage);
      costUsd += event.costUsd;
      const text = textOf(event.content);
      if (text) answer = text;
      transcript.write({
        type: 'request',
        turn: event.turn,
        stopReason: event.stopReason,
        usage: event.usage,
        costUsd: event.costUsd,
        durationMs: event.durationMs,
      });
      transcript.write({ type: 'message', role: 'assistant', content: event.content });
    } else if (event.type === 'tool_results') {
      transcript.write({ type: 'message', role: 'user', content: event.content });
    } else if (event.type === 'compaction') {
      // A summarising request is paid for like any other.
      if (event.usage) tokens = addUsage(tokens, event.usage);
      costUsd += event.costUsd ?? 0;
      compactions.push(event.kind);
      transcript.write({ ...event, type: 'compaction' });
    } else {
      transitions.push(event.transition.reason);
      transcript.write({ type: 'transition', ...event.transition });
    }
  }
  transcript.write({ type: 'terminal', ...terminal });
  return {
    terminal,
    answer,
    turns,
    tokens,
    costUsd,
    priceKnown: priceOf(run.modelId).known,
    durationMs: Math.round(performance.now() - started),
    tools,
    transitions,
    compactions,
    todos: ctx.todos,
    reviewComments: ctx.reviewComments,
    threadReplies: ctx.threadReplies,
    transcriptPath: run.transcriptPath,
  };
}
