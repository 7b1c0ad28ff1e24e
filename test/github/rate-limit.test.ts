// When a fleet's GitHub call was refused for a rate limit, how long it waits
// before asking again — GitHub's own word (retry-after, else the reset time)
// — and when it gives up at once and says so.
import { describe, expect, it } from 'vitest';
import { rateLimitWait } from '../../src/github/api.js';

const now = Date.parse('2026-12-05T12:00:00Z');
const inSeconds = (s: number) => String(Math.floor(now / 1000) + s);

describe('rateLimitWait', () => {
  it("waits what a secondary limit's retry-after says, up to a minute", () => {
    expect(rateLimitWait(403, { 'retry-after': '20' }, now)).toBe(20_000);
    expect(rateLimitWait(429, { 'retry-after': '0' }, now)).toBe(0);
    expect(rateLimitWait(403, { 'retry-after': '3600' }, now)).toBeUndefined();
  });

  it('waits for the reset when none are left and it is near; not when it is an hour away', () => {
    expect(rateLimitWait(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inSeconds(30) }, now)).toBe(31_000);
    expect(rateLimitWait(403, { 'x-ratelimit-remaining': 0, 'x-ratelimit-reset': inSeconds(-5) }, now)).toBe(1_000);
    expect(rateLimitWait(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inSeconds(3000) }, now)).toBeUndefined();
  });

  it('does not wait on any other refusal', () => {
    expect(rateLimitWait(403, { 'x-ratelimit-remaining': '4000' }, now)).toBeUndefined();
    expect(rateLimitWait(404, { 'retry-after': '1' }, now)).toBeUndefined();
    expect(rateLimitWait(undefined, {}, now)).toBeUndefined();
  });
});
