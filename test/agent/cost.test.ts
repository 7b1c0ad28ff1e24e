import { describe, expect, it } from 'vitest';
import { addUsage, canonicalModelId, costOf, emptyTotals, priceOf } from '../../src/agent/cost.js';
import { cacheHitRatio } from '../../src/core/outcome.js';
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

  it.each([
    // Bedrock: model ids, inference profiles of every geography, ARNs.
    ['anthropic.claude-sonnet-5-5', 'claude-sonnet-5-5', 3, 15],
    ['global.anthropic.claude-sonnet-5-5', 'claude-sonnet-5-5', 3, 15],
    ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude-sonnet-4-5-20250929', 3, 15],
    ['eu.anthropic.claude-haiku-4-5-20251001-v1:0', 'claude-haiku-4-5-20251001', 1, 5],
    ['apac.anthropic.claude-3-5-sonnet-20241022-v2:0', 'claude-3-5-sonnet-20241022', 3, 15],
    ['us-gov.anthropic.claude-3-haiku-20240307-v1:0', 'claude-3-haiku-20240307', 0.25, 1.25],
    ['anthropic.claude-opus-4-1-20250805-v1:0', 'claude-opus-4-1-20250805', 15, 75],
    ['anthropic.claude-opus-4-6-v1', 'claude-opus-4-6', 5, 25],
    ['arn:aws:bedrock:us-east-1::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0', 'claude-3-5-haiku-20241022', 0.8, 4],
    ['arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-opus-4-5-20251101-v1:0', 'claude-opus-4-5-20251101', 5, 25],
    // Vertex AI: with and without @date.
    ['claude-sonnet-5-5', 'claude-sonnet-5-5', 3, 15],
    ['claude-opus-4@20250514', 'claude-opus-4-20250514', 15, 75],
    ['claude-opus-4-1@20250805', 'claude-opus-4-1-20250805', 15, 75],
    ['claude-haiku-4-5@20251001', 'claude-haiku-4-5-20251001', 1, 5],
    ['claude-3-5-sonnet-v2@20241022', 'claude-3-5-sonnet-20241022', 3, 15],
    ['claude-3-haiku@20240307', 'claude-3-haiku-20240307', 0.25, 1.25],
    // A gateway's provider prefix.
    ['bedrock/us.anthropic.claude-opus-4-5-20251101-v1:0', 'claude-opus-4-5-20251101', 5, 25],
    ['anthropic/claude-haiku-4-5', 'claude-haiku-4-5', 1, 5],
  ])('prices the provider id %s as %s: $%s in / $%s out', (model, canonical, input, output) => {
    expect(canonicalModelId(model)).toBe(canonical);
    expect(priceOf(model)).toMatchObject({ input, output, known: true });
  });

  it('an application inference profile ARN names no model: estimated at Sonnet prices, marked unknown', () => {
    expect(priceOf('arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/a1b2c3d4e5f6')).toMatchObject({ input: 3, output: 15, known: false });
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
