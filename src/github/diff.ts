// A pull request's diff as GitHub gives it per file (the `patch` field of
// GET /pulls/{n}/files: hunks only, no `diff --git`/`---`/`+++` header), and the
// check that a review comment's anchor lies on it. GitHub rejects a whole review
// with 422 if a single inline comment points off the diff, so every anchor is
// checked here first (product.md §4) and a bad one is told to the model at once.
import type { Side } from '../core/review.js';

export interface DiffLine {
  kind: 'context' | 'add' | 'del';
  /** Line number in the old file (context and removed lines). */
  oldLine?: number;
  /** Line number in the new file (context and added lines). */
  newLine?: number;
  /** The line without its leading ' ', '+' or '-'. */
  text: string;
}

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** The whole `@@ -a,b +c,d @@ context` line, as shown to a reader. */
  header: string;
  lines: DiffLine[];
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * Parses a file's patch into hunks. Line counts in the header decide where a
 * hunk ends, so text after the last hunk (another file's header, a trailing
 * newline) is ignored, and `\ No newline at end of file` is skipped wherever
 * it appears. An empty line inside a hunk is an empty context line whose
 * leading space was trimmed by whatever copied the patch.
 */
export function parsePatch(patch: string): Hunk[] {
  const hunks: Hunk[] = [];
  let hunk: Hunk | undefined;
  let oldLine = 0;
  let newLine = 0;
  let oldLeft = 0;
  let newLeft = 0;
  for (const raw of patch.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const header = HUNK_HEADER.exec(line);
    if (header) {
      const [, oldStart, oldLines, newStart, newLines] = header;
      // A count left out means 1 (`@@ -5 +5 @@`).
      hunk = {
        oldStart: Number(oldStart),
        oldLines: oldLines === undefined ? 1 : Number(oldLines),
        newStart: Number(newStart),
        newLines: newLines === undefined ? 1 : Number(newLines),
        header: line,
        lines: [],
      };
      hunks.push(hunk);
      oldLine = hunk.oldStart;
      newLine = hunk.newStart;
      oldLeft = hunk.oldLines;
      newLeft = hunk.newLines;
      continue;
    }
    if (!hunk || line.startsWith('\\')) continue;
    const marker = line[0];
    const text = line.slice(1);
    if (marker === '+' && newLeft > 0) {
      hunk.lines.push({ kind: 'add', newLine: newLine++, text });
      newLeft--;
    } else if (marker === '-' && oldLeft > 0) {
      hunk.lines.push({ kind: 'del', oldLine: oldLine++, text });
      oldLeft--;
    } else if ((marker === ' ' || marker === undefined) && oldLeft > 0 && newLeft > 0) {
      hunk.lines.push({ kind: 'context', oldLine: oldLine++, newLine: newLine++, text });
      oldLeft--;
      newLeft--;
    }
  }
  return hunks;
}

export interface ReviewAnchor {
  path: string;
  line: number;
  side?: Side;
  startLine?: number;
  startSide?: Side;
}

/** `startSide` is set exactly when the anchor is a range: post `start_line` only then. */
export type AnchorCheck = { ok: true; side: Side; startSide?: Side } | { ok: false; reason: string };

/** The number a diff line has on one side, if it is visible there. */
function lineOn(line: DiffLine, side: Side): number | undefined {
  return side === 'RIGHT' ? line.newLine : line.oldLine;
}

/** Where a line of one side sits in the diff: which hunk, and its position in it. */
function locate(hunks: readonly Hunk[], side: Side, line: number): { hunk: number; index: number } | undefined {
  for (let hunk = 0; hunk < hunks.length; hunk++) {
    const index = hunks[hunk]!.lines.findIndex((l) => lineOn(l, side) === line);
    if (index !== -1) return { hunk, index };
  }
  return undefined;
}

/** Lines that can carry a comment, as ranges, for messages: e.g. "12-20, 40-44". */
export function commentableRanges(hunks: readonly Hunk[], side: Side): string {
  const ranges: string[] = [];
  for (const hunk of hunks) {
    // Within one hunk the lines of a side are consecutive, so a hunk is one range.
    const numbers = hunk.lines.map((l) => lineOn(l, side)).filter((n): n is number => n !== undefined);
    const first = numbers[0];
    const last = numbers.at(-1);
    if (first === undefined || last === undefined) continue;
    ranges.push(first === last ? `${first}` : `${first}-${last}`);
  }
  return ranges.join(', ');
}

/** The end of a refusal: where on this side the model can comment instead. */
function whereInstead(hunks: readonly Hunk[], side: Side): string {
  const ranges = commentableRanges(hunks, side);
  if (ranges === '') {
    const other: Side = side === 'RIGHT' ? 'LEFT' : 'RIGHT';
    return `the diff has no lines on the ${side} side of this file; use side ${other} (${commentableRanges(hunks, other)}).`;
  }
  return side === 'RIGHT'
    ? `comment on changed or context lines: ${ranges}.`
    : `on the LEFT (old) side comment on removed or context lines: ${ranges}.`;
}

const isLineNumber = (n: number) => Number.isInteger(n) && n >= 1;

/** Is this anchor postable as an inline PR review comment? files: path → hunks of that file's patch. */
export function checkAnchor(files: ReadonlyMap<string, readonly Hunk[]>, anchor: ReviewAnchor): AnchorCheck {
  const { path, line } = anchor;
  const side = anchor.side ?? 'RIGHT';
  const hunks = files.get(path);
  if (hunks === undefined) {
    return { ok: false, reason: `${path} is not in this pull request's diff; inline comments can only go on files it changes.` };
  }
  if (hunks.length === 0) {
    return {
      ok: false,
      reason: `${path} has no text diff (binary, too large, or only renamed), so it cannot take inline comments; put this remark in the review summary.`,
    };
  }
  if (!isLineNumber(line)) {
    return { ok: false, reason: `${path} line ${line} is not a line number; lines are counted from 1.` };
  }
  const end = locate(hunks, side, line);
  if (!end) return { ok: false, reason: `${path} line ${line} (${side}) is not part of the diff; ${whereInstead(hunks, side)}` };

  const startSide = anchor.startSide ?? side;
  const { startLine } = anchor;
  // A "range" of one line on one side is a single-line comment; GitHub wants no start_line then.
  if (startLine === undefined || (startLine === line && startSide === side)) return { ok: true, side };
  if (!isLineNumber(startLine)) {
    return { ok: false, reason: `${path} start_line ${startLine} is not a line number; lines are counted from 1.` };
  }
  const start = locate(hunks, startSide, startLine);
  if (!start) {
    return {
      ok: false,
      reason: `${path} start_line ${startLine} (${startSide}) is not part of the diff; ${whereInstead(hunks, startSide)}`,
    };
  }
  if (start.hunk !== end.hunk) {
    return {
      ok: false,
      reason: `${path} lines ${startLine}-${line} (${side}) span more than one hunk of the diff; a multi-line comment must stay within one of: ${commentableRanges(hunks, side)}.`,
    };
  }
  // Order in the diff, which for one side is numeric order and also covers a
  // range that starts on a removed line and ends on an added one.
  if (start.index > end.index) {
    return { ok: false, reason: `${path} start_line ${startLine} comes after line ${line}; start_line must come first.` };
  }
  return { ok: true, side, startSide };
}
