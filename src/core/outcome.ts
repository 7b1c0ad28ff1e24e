// What an agent run comes to, as the rest of the run reads it: why it ended,
// its answer, what it cost and the review it drafted. The agent's internals
// (its messages, transitions and compactions) stay in the agent.
import type { DoubleCheck, DraftComment, ThreadReply } from './review.js';

export type TerminalReason = 'completed' | 'max_turns' | 'budget' | 'timeout' | 'aborted' | 'error';

export interface Terminal {
  reason: TerminalReason;
  /** One line saying what happened, for the log, the summary and the comment. */
  message: string;
}

export type TodoStatus = 'pending' | 'in_progress' | 'completed';
/** An item of the agent's checklist (TodoWrite), as the tracking comment shows it. */
export interface Todo {
  content: string;
  status: TodoStatus;
  activeForm?: string;
}

export interface TokenTotals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Share of all input tokens that were read from the prompt cache. */
export function cacheHitRatio(totals: TokenTotals): number {
  const all = totals.input + totals.cacheRead + totals.cacheWrite;
  return all === 0 ? 0 : totals.cacheRead / all;
}

/** The kinds of agent a run has, in the order their costs are shown. */
export const AGENT_KINDS = ['main', 'verifier', 'checker', 'explore', 'recall', 'memory'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

export interface AgentUsage {
  kind: AgentKind;
  /** How many agents of this kind ran (explorers: one per Agent call). */
  agents: number;
  turns: number;
  tokens: TokenTotals;
  costUsd: number;
}

export interface ToolStats {
  count: number;
  totalMs: number;
  errors: number;
}

export type Verdict = 'PASS' | 'FAIL';

export interface Verification {
  verdict: Verdict;
  /** The verifier's reasons (its final message without the verdict line), or why it gave none. */
  reason: string;
  /** Verifiers that ran. */
  checks: number;
  /** FAILs sent back to the agent. */
  sentBack: number;
  /** The verifier was stopped by a limit of the run (budget, turns, time): the run ends so. */
  stopped?: Terminal;
}

/** What went through the egress proxy, by host: refusals (with the line the client was given) and connections let through (with their bytes). */
export interface NetworkReport {
  refused: Array<{ host: string; count: number; why: string }>;
  reached: Array<{ host: string; connections: number; bytes: number; failed: number }>;
}

export interface Outcome {
  terminal: Terminal;
  /** The final answer, or the last text the model wrote when it was stopped early. */
  answer: string;
  /** Model responses of every agent of the run (what max_turns counts). */
  turns: number;
  tokens: TokenTotals;
  costUsd: number;
  /** Turns, tokens and cost split by agent: main, verifier, explore (the kinds that ran). */
  agents: AgentUsage[];
  /** The verifier's final verdict, when one checked the work. */
  verification?: Verification;
  /** The answers of the forks that ran after the work (the memory extraction's, the consolidation's), by name. */
  afterwards?: Record<string, string>;
  /** False when the model was not in the price table and the cost is an estimate. */
  priceKnown: boolean;
  durationMs: number;
  tools: Map<string, ToolStats>;
  /** The inline comments the model added for a review (AddReviewComment), to be posted as one: those the double-check refuted are out. */
  reviewComments: DraftComment[];
  /** The second look at the review's findings, when there was one to take. */
  doubleCheck?: DoubleCheck;
  /** Its replies to earlier review threads (ReplyToReviewThread). */
  threadReplies: ThreadReply[];
  /** When the sandbox's network was an allow-list: the hosts the egress proxy refused and the ones it let through. */
  network?: NetworkReport;
  /** The last value StructuredOutput took (it matched the output_schema), when the run has one. */
  structuredOutput?: unknown;
  transcriptPath: string;
}
