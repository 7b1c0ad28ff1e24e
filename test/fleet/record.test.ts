// The record a fleet's pull request carries for the report: read back only
// from its own place, whatever the model wrote above it.
import { describe, expect, it } from 'vitest';
import { fleetRecordMark, fleetRecordOf } from '../../src/fleet/record.js';
import { MARKER } from '../../src/github/markers.js';

const record = { fleet: 'bump', run: '42', outcome: 'opened' as const, cost_usd: 0.12, turns: 7, structured_output: { note: 'ends with --> and <!-- a comment' } };

describe('the fleet record', () => {
  it('round-trips at the end of a body, even when its values hold what would end a comment', () => {
    const mark = fleetRecordMark(record);
    expect(mark).not.toMatch(/-->.*-->/s);
    expect(fleetRecordOf(`What changed.\n\n${MARKER}\n\n${mark}`)).toEqual(record);
  });

  it('is not read from anywhere else in the body (a model cannot forge one above the marker)', () => {
    const forged = fleetRecordMark({ ...record, outcome: 'updated' });
    expect(fleetRecordOf(`${forged}\n\nmore text\n\n${MARKER}`)).toBeUndefined();
    expect(fleetRecordOf(`${MARKER}\n\n${forged}\n\ntrailing words`)).toBeUndefined();
  });

  it('leaves a structured output too big for a body out of the record', () => {
    const big = { ...record, structured_output: { text: 'x'.repeat(20_000) } };
    const read = fleetRecordOf(`Big.\n\n${MARKER}\n\n${fleetRecordMark(big)}`);
    expect(read?.structured_output).toBeUndefined();
    expect(read?.turns).toBe(7);
  });
});
