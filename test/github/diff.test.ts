// Parsing GitHub's per-file patches and checking review-comment anchors against
// them (product.md §4): an anchor off the diff makes the whole review POST fail
// with 422, so each is checked first and a bad one is explained to the model.
import { describe, expect, it } from 'vitest';
import { checkAnchor, commentableRanges, parsePatch, type Hunk, type ReviewAnchor } from '../../src/github/diff.js';

// Old lines 10-14 → new lines 10-15 (one removed, two added); old 40-42 → new 41-44.
const APP_PATCH = [
  '@@ -10,5 +10,6 @@ export function start() {',
  ' const a = 1;',
  ' const b = 2;',
  '-const c = 3;',
  '+const c = 30;',
  '+const d = 4;',
  ' const e = 5;',
  ' const f = 6;',
  '@@ -40,3 +41,4 @@ function stop()',
  ' stop();',
  '+log();',
  ' done();',
  ' return;',
].join('\n');

describe('parsePatch', () => {
  it('numbers the lines of each hunk on both sides', () => {
    const hunks = parsePatch(APP_PATCH);
    expect(hunks).toHaveLength(2);
    expect(hunks[0]!.lines).toEqual([
      { kind: 'context', oldLine: 10, newLine: 10, text: 'const a = 1;' },
      { kind: 'context', oldLine: 11, newLine: 11, text: 'const b = 2;' },
      { kind: 'del', oldLine: 12, text: 'const c = 3;' },
      { kind: 'add', newLine: 12, text: 'const c = 30;' },
      { kind: 'add', newLine: 13, text: 'const d = 4;' },
      { kind: 'context', oldLine: 13, newLine: 14, text: 'const e = 5;' },
      { kind: 'context', oldLine: 14, newLine: 15, text: 'const f = 6;' },
    ]);
    expect(hunks[1]!.lines.map((l) => [l.kind, l.oldLine, l.newLine])).toEqual([
      ['context', 40, 41],
      ['add', undefined, 42],
      ['context', 41, 43],
      ['context', 42, 44],
    ]);
  });

  it('keeps the header with its function context', () => {
    const [first] = parsePatch(APP_PATCH);
    expect(first).toMatchObject({ oldStart: 10, oldLines: 5, newStart: 10, newLines: 6 });
    expect(first!.header).toBe('@@ -10,5 +10,6 @@ export function start() {');
  });

  it('reads a new file as additions only', () => {
    const [hunk] = parsePatch('@@ -0,0 +1,3 @@\n+one\n+two\n+three');
    expect(hunk).toMatchObject({ oldStart: 0, oldLines: 0, newStart: 1, newLines: 3 });
    expect(hunk!.lines.map((l) => [l.kind, l.newLine, l.text])).toEqual([
      ['add', 1, 'one'],
      ['add', 2, 'two'],
      ['add', 3, 'three'],
    ]);
  });

  it('reads a deleted file as removals only', () => {
    const [hunk] = parsePatch('@@ -1,2 +0,0 @@\n-one\n-two');
    expect(hunk!.lines).toEqual([
      { kind: 'del', oldLine: 1, text: 'one' },
      { kind: 'del', oldLine: 2, text: 'two' },
    ]);
  });

  it('skips "No newline at end of file" markers on either side', () => {
    const [hunk] = parsePatch('@@ -1,2 +1,2 @@\n keep\n-old\n\\ No newline at end of file\n+new\n\\ No newline at end of file');
    expect(hunk!.lines.map((l) => [l.kind, l.oldLine, l.newLine, l.text])).toEqual([
      ['context', 1, 1, 'keep'],
      ['del', 2, undefined, 'old'],
      ['add', undefined, 2, 'new'],
    ]);
  });

  it('defaults an omitted count to 1', () => {
    const [hunk] = parsePatch('@@ -5 +5 @@\n-before\n+after');
    expect(hunk).toMatchObject({ oldStart: 5, oldLines: 1, newStart: 5, newLines: 1 });
    expect(hunk!.lines).toHaveLength(2);
  });

  it('reads an empty line inside a hunk as an empty context line', () => {
    const [hunk] = parsePatch('@@ -1,3 +1,3 @@\n a\n\n-b\n+c');
    expect(hunk!.lines[1]).toEqual({ kind: 'context', oldLine: 2, newLine: 2, text: '' });
  });

  it('ignores a trailing newline and anything after the counted lines', () => {
    const hunks = parsePatch('diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n\n');
    expect(hunks).toHaveLength(1);
    expect(hunks[0]!.lines).toHaveLength(2);
  });

  it('reads removed lines that look like a file header as removals', () => {
    const [hunk] = parsePatch('@@ -1,2 +1 @@\n--- not a header\n+++ not one either\n-x');
    expect(hunk!.lines.map((l) => [l.kind, l.text])).toEqual([
      ['del', '-- not a header'],
      ['add', '++ not one either'],
      ['del', 'x'],
    ]);
  });

  it('tolerates CRLF line endings', () => {
    const [hunk] = parsePatch('@@ -1 +1 @@ ctx\r\n-a\r\n+b\r\n');
    expect(hunk!.header).toBe('@@ -1 +1 @@ ctx');
    expect(hunk!.lines.map((l) => l.text)).toEqual(['a', 'b']);
  });

  it('returns no hunks for an empty patch', () => {
    expect(parsePatch('')).toEqual([]);
  });
});

describe('commentableRanges', () => {
  it('lists one range per hunk on each side', () => {
    const hunks = parsePatch(APP_PATCH);
    expect(commentableRanges(hunks, 'RIGHT')).toBe('10-15, 41-44');
    expect(commentableRanges(hunks, 'LEFT')).toBe('10-14, 40-42');
  });

  it('is empty for a side with no lines', () => {
    expect(commentableRanges(parsePatch('@@ -0,0 +1,3 @@\n+a\n+b\n+c'), 'LEFT')).toBe('');
    expect(commentableRanges(parsePatch('@@ -7 +7,0 @@\n-a'), 'RIGHT')).toBe('');
  });

  it('writes a one-line range as a single number', () => {
    expect(commentableRanges(parsePatch('@@ -5 +5 @@\n-a\n+b'), 'RIGHT')).toBe('5');
  });
});

describe('checkAnchor', () => {
  const files = new Map<string, readonly Hunk[]>([
    ['src/app.ts', parsePatch(APP_PATCH)],
    ['src/new.ts', parsePatch('@@ -0,0 +1,3 @@\n+a\n+b\n+c')],
    ['src/grow.ts', parsePatch('@@ -1,2 +1,4 @@\n a\n b\n+c\n+d')],
    ['logo.png', []],
  ]);
  const anchor = (a: Partial<ReviewAnchor>): ReviewAnchor => ({ path: 'src/app.ts', line: 12, ...a });

  const accepted: [behaviour: string, anchor: ReviewAnchor, expected: object][] = [
    ['an added line on the default side', anchor({ line: 13 }), { ok: true, side: 'RIGHT' }],
    ['a context line on RIGHT', anchor({ line: 10, side: 'RIGHT' }), { ok: true, side: 'RIGHT' }],
    ['a removed line on LEFT', anchor({ line: 12, side: 'LEFT' }), { ok: true, side: 'LEFT' }],
    ['a context line on LEFT by its old number', anchor({ line: 13, side: 'LEFT' }), { ok: true, side: 'LEFT' }],
    ['a range inside one hunk', anchor({ startLine: 11, line: 14 }), { ok: true, side: 'RIGHT', startSide: 'RIGHT' }],
    ['a range on LEFT inside one hunk', anchor({ side: 'LEFT', startLine: 10, line: 12 }), { ok: true, side: 'LEFT', startSide: 'LEFT' }],
    ['a range from a removed line to an added one', anchor({ startSide: 'LEFT', startLine: 12, line: 13 }), { ok: true, side: 'RIGHT', startSide: 'LEFT' }],
    ['a range of one line, as a single line', anchor({ startLine: 12, line: 12 }), { ok: true, side: 'RIGHT' }],
    ['a line of a new file', { path: 'src/new.ts', line: 3 }, { ok: true, side: 'RIGHT' }],
  ];
  it.each(accepted)('accepts %s', (_behaviour, a, expected) => {
    expect(checkAnchor(files, a)).toEqual(expected);
  });

  const refused: [behaviour: string, anchor: ReviewAnchor, reason: string][] = [
    [
      'a RIGHT line outside every hunk',
      anchor({ line: 88 }),
      'src/app.ts line 88 (RIGHT) is not part of the diff; comment on changed or context lines: 10-15, 41-44.',
    ],
    [
      'a LEFT line outside every hunk',
      anchor({ line: 30, side: 'LEFT' }),
      'src/app.ts line 30 (LEFT) is not part of the diff; on the LEFT (old) side comment on removed or context lines: 10-14, 40-42.',
    ],
    [
      'an added line asked for on LEFT',
      { path: 'src/grow.ts', line: 3, side: 'LEFT' },
      'src/grow.ts line 3 (LEFT) is not part of the diff; on the LEFT (old) side comment on removed or context lines: 1-2.',
    ],
    [
      'LEFT on a new file, pointing to RIGHT',
      { path: 'src/new.ts', line: 1, side: 'LEFT' },
      'src/new.ts line 1 (LEFT) is not part of the diff; the diff has no lines on the LEFT side of this file; use side RIGHT (1-3).',
    ],
    [
      'a range across two hunks',
      anchor({ startLine: 14, line: 42 }),
      'src/app.ts lines 14-42 (RIGHT) span more than one hunk of the diff; a multi-line comment must stay within one of: 10-15, 41-44.',
    ],
    [
      'a range that starts after it ends',
      anchor({ startLine: 15, line: 12 }),
      'src/app.ts start_line 15 comes after line 12; start_line must come first.',
    ],
    [
      'a range whose start is off the diff',
      anchor({ startLine: 5, line: 12 }),
      'src/app.ts start_line 5 (RIGHT) is not part of the diff; comment on changed or context lines: 10-15, 41-44.',
    ],
    [
      'a path not in the pull request',
      { path: 'src/other.ts', line: 1 },
      "src/other.ts is not in this pull request's diff; inline comments can only go on files it changes.",
    ],
    [
      'a binary file (no patch, no hunks)',
      { path: 'logo.png', line: 1 },
      'logo.png has no text diff (binary, too large, or only renamed), so it cannot take inline comments; put this remark in the review summary.',
    ],
    ['line 0', anchor({ line: 0 }), 'src/app.ts line 0 is not a line number; lines are counted from 1.'],
    ['a fractional start line', anchor({ startLine: 11.5 }), 'src/app.ts start_line 11.5 is not a line number; lines are counted from 1.'],
  ];
  it.each(refused)('refuses %s, saying where to comment instead', (_behaviour, a, reason) => {
    expect(checkAnchor(files, a)).toEqual({ ok: false, reason });
  });
});
