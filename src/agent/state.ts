// The loop's state and the names of its moves. Every `continue` of the loop
// records why (a Transition); every end says why (a Terminal). Tests, the
// transcript and the job summary all speak in these names.
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';

export type TransitionReason =
  | 'next_turn'
  | 'reactive_compact_retry'
  | 'max_output_tokens_recovery'
  | 'token_budget_continuation'
  | 'stop_hook_blocking'
  /** The verifier said FAIL: its findings went back to the agent. */
  | 'verification_failed';

export interface Transition {
  reason: TransitionReason;
  detail?: string;
}

export interface State {
  messages: MessageParam[];
  /** Model responses received so far. */
  turnCount: number;
  maxOutputTokensRecoveryCount: number;
  hasAttemptedReactiveCompact: boolean;
  /** Auto-compactions that failed in a row; at MAX_AUTO_COMPACT_FAILURES it is not tried again. */
  autoCompactFailures: number;
  /** Why the previous iteration continued (undefined before the first). */
  transition: Transition | undefined;
}

export function initialState(messages: MessageParam[]): State {
  return { messages, turnCount: 0, maxOutputTokensRecoveryCount: 0, hasAttemptedReactiveCompact: false, autoCompactFailures: 0, transition: undefined };
}
