import { describe, expect, it } from 'vitest';
import { addUsage, cacheHitRatio, costOf, emptyTotals, priceOf } from '../../src/agent/cost.js';
import { formatCost } from '../../src/format.js';

const usage = (input: number, output: number, cacheWrite = 0, cacheRead = 0) =>
  ({ input_tokens: input, output_tokens: output, cache_creation_input_tokens: cacheWrite, cache_read_input_tokens: cacheRead }) as any;

describe('cost', () => {
  it.each([
    ['claude-sonnet-5-5', 3, 15],
    ['claude-sonnet-4-5-20250929', 3, 15],
    ['claude-opus-4-5', 5, 25],
    ['claude-opus-4-1', 15, 75],
    ['claude-haiku-4-5', 1, 5],
    ['claude-3-5-haiku-latest', 0.8, 4],
  ])('prices %s at $%s in / $%s out per million tokens', (model, input, output) => {
    expect(priceOf(model)).toMatchObject({ input, output, known: true });
  });

  it('estimates an unknown model at Sonnet prices and says it is unknown', () => {
    expect(priceOf('my-gateway-model')).toMatchObject({ input: 3, output: 15, known: false });
  });

  it('bills cache writes at 1.25x and cache reads at 0.1x the input price', () => {
    const sonnet = priceOf('claude-sonnet-5-5');
    expect(costOf(usage(1_000_000, 0), sonnet)).toBeCloseTo(3);
    expect(costOf(usage(0, 1_000_000), sonnet)).toBeCloseTo(15);
    expect(costOf(usage(0, 0, 1_000_000), sonnet)).toBeCloseTo(3.75);
    expect(costOf(usage(0, 0, 0, 1_000_000), sonnet)).toBeCloseTo(0.3);
  });

  it('formats cost with 2 decimals above $0.50 and 4 below', () => {
    expect(formatCost(1.23456)).toBe('$1.23');
    expect(formatCost(0.51)).toBe('$0.51');
    expect(formatCost(0.5)).toBe('$0.5000');
    expect(formatCost(0.01234)).toBe('$0.0123');
  });

  it('adds usage over requests and computes the share read from cache', () => {
    const totals = addUsage(addUsage(emptyTotals(), usage(100, 10, 900, 0)), usage(50, 5, 0, 950));
    expect(totals).toEqual({ input: 150, output: 15, cacheRead: 950, cacheWrite: 900 });
    expect(cacheHitRatio(totals)).toBeCloseTo(950 / 2000);
  });
});
