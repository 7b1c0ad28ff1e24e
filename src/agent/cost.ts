// Spend per model family, in USD per million tokens. Cache writes (5-minute)
// cost 1.25× input and cache reads 0.1× input, as the API bills them.
import type { Usage } from '@anthropic-ai/sdk/resources/messages';
import type { TokenTotals } from '../core/outcome.js';

export interface Price {
  input: number;
  output: number;
  /** False when the model is not in the table and a stand-in price was used. */
  known: boolean;
  /** The max_tokens asked for on each request. */
  maxOutputTokens: number;
  /** Tokens the model can take in one request (prompt and output). */
  contextWindow: number;
  /** A prompt of more than `over` tokens (input, cache reads and writes) is billed at `factor` times every rate. */
  longPrompt?: { over: number; factor: number };
}

/** The standard window of current models; larger windows are opt-in betas Deckhand does not ask for. */
const CONTEXT_WINDOW = 200_000;

/** Haiku 5.5 bills a prompt over 100,000 tokens at five times its rates. */
const HAIKU_5_LONG_PROMPT = { over: 100_000, factor: 5 };

const PRICES: ReadonlyArray<[RegExp, number, number, number, Price['longPrompt']?]> = [
  [/claude-(3-)?opus-(3|4-0|4-1|4-2025)|claude-3-opus/, 15, 75, 32_000],
  [/opus/, 5, 25, 32_000],
  [/sonnet/, 3, 15, 32_000],
  [/claude-3-haiku/, 0.25, 1.25, 4096],
  [/claude-3-5-haiku/, 0.8, 4, 8192],
  [/haiku-5/, 0.1, 0.5, 32_000, HAIKU_5_LONG_PROMPT],
  [/haiku/, 1, 5, 32_000],
];

/**
 * The model's own name, however a provider or a gateway spells it: the part
 * after the last `/` (a Bedrock ARN, `bedrock/…` at a gateway), without a
 * Bedrock inference profile's region (`global.`, `us.`, `eu.`, `apac.`…), the
 * `anthropic.` prefix and the `-v1:0` version, and with a Vertex `@date` as
 * the dated first-party id writes it (`claude-opus-4@20250514` →
 * `claude-opus-4-20250514`, `claude-3-5-sonnet-v2@20241022` →
 * `claude-3-5-sonnet-20241022`).
 */
export function canonicalModelId(model: string): string {
  const trimmed = model.trim();
  return trimmed
    .slice(trimmed.lastIndexOf('/') + 1)
    .replace(/^(?:[a-z]{2,6}(?:-[a-z]+)?\.)?anthropic\./, '')
    .replace(/-v\d+(?::\d+)?$/, '')
    .replace(/(?:-v\d+)?@(\w+)$/, '-$1');
}

export function priceOf(model: string): Price {
  const id = canonicalModelId(model);
  for (const [pattern, input, output, maxOutputTokens, longPrompt] of PRICES) {
    if (pattern.test(id)) return { input, output, known: true, maxOutputTokens, contextWindow: CONTEXT_WINDOW, ...(longPrompt ? { longPrompt } : {}) };
  }
  // Unknown model: estimate at Sonnet rates rather than report nothing.
  return { input: 3, output: 15, known: false, maxOutputTokens: 16_000, contextWindow: CONTEXT_WINDOW };
}

export function emptyTotals(): TokenTotals {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}

export function addUsage(totals: TokenTotals, usage: Usage): TokenTotals {
  return {
    input: totals.input + (usage.input_tokens ?? 0),
    output: totals.output + (usage.output_tokens ?? 0),
    cacheRead: totals.cacheRead + (usage.cache_read_input_tokens ?? 0),
    cacheWrite: totals.cacheWrite + (usage.cache_creation_input_tokens ?? 0),
  };
}

export function costOf(usage: Usage, price: Price): number {
  const prompt = (usage.input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);
  const factor = price.longPrompt && prompt > price.longPrompt.over ? price.longPrompt.factor : 1;
  return (
    factor *
    ((usage.input_tokens ?? 0) * price.input +
      (usage.output_tokens ?? 0) * price.output +
      (usage.cache_creation_input_tokens ?? 0) * price.input * 1.25 +
      (usage.cache_read_input_tokens ?? 0) * price.input * 0.1) /
    1_000_000
  );
}
