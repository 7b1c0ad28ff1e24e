// The "Deckhand review" check run's output: the findings it lists, linked to
// their threads, the earlier ones still standing and what the second look
// dropped — within the 65,535 characters GitHub takes of a summary.
import { describe, expect, it } from 'vitest';
import type { ReviewOutcome } from '../../src/publish/request.js';
import { reviewCheck } from '../../src/publish/review.js';

const review = (over: Partial<ReviewOutcome> = {}): ReviewOutcome => ({
  url: 'https://github.com/o/r/pull/1#pullrequestreview-9',
  inline: 1,
  inBody: 0,
  repeated: 0,
  counts: { blocking: 1, important: 0, nit: 0 },
  leftOut: 0,
  findings: [{ severity: 'blocking', path: 'src/a.js', line: 4, text: 'Divides by zero.', url: 'https://github.com/o/r/pull/1#discussion_r5' }],
  dropped: 0,
  unchecked: 0,
  ...over,
});

describe('the review check run', () => {
  it('lists the posted findings, the earlier ones still standing (an outdated one without a line), and the counts dropped and unchecked', () => {
    const check = reviewCheck(review({ dropped: 2, unchecked: 1 }), 'abc', 'blocking', [
      { severity: 'important', path: 'src/b.js', line: null, text: 'Old point.', url: 'https://github.com/o/r/pull/1#discussion_r3' },
    ]);
    expect(check.conclusion).toBe('failure');
    expect(check.output.summary).toContain('### Findings\n\n- **blocking** [src/a.js:4](https://github.com/o/r/pull/1#discussion_r5) — Divides by zero.');
    expect(check.output.summary).toContain('### Still standing from earlier reviews\n\n- **important** [src/b.js](https://github.com/o/r/pull/1#discussion_r3) — Old point.');
    expect(check.output.summary).toContain('2 findings dropped after a second look.');
    expect(check.output.summary).toContain('1 finding not double-checked (the review says why).');
  });

  it('stays within what GitHub takes of a summary however many findings stand', () => {
    const standing = Array.from({ length: 2_000 }, (_, i) => ({ severity: 'nit' as const, path: `src/file-${i}.js`, line: i + 1, text: 'x'.repeat(119), url: `https://github.com/o/r/pull/1#discussion_r${i}` }));
    const { output } = reviewCheck(review(), 'abc', undefined, standing);
    expect(output.summary.length).toBeLessThanOrEqual(65_535);
    expect(output.summary).toContain('more characters of this text are not shown here');
  });
});
