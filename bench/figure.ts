// What a figure is and how the bench prints them: one row per figure in an
// aligned plain-text table. Later figures (prompt-cache share, peak context,
// tokens per turn) only add an entry to the list in index.ts.

/** What every figure may use. */
export interface Bench {
  /** The bundled action being measured (dist/index.js). */
  action: string;
  /** The checkout running the bench: its .cache/ keeps what the bench installs (bench/installed.ts). */
  root: string;
  /**
   * Another bundle to measure beside `action` in the same run (`--before
   * CHECKOUT`: the commit before a change), for the figures that compare
   * one: each prints it in its baseline column.
   */
  before?: string;
}

export interface Row {
  name: string;
  /** What was measured, with its unit. */
  value: string;
  /** What the value is compared with (node -e 0, raw rg), with its unit. */
  baseline?: string;
  /** The goal from the issue, for the reader; the bench reports, it does not enforce. */
  target?: string;
}

export interface Figure {
  /** Names the figure in progress lines and in its row when it cannot be measured. */
  title: string;
  /** One row, or a few when the figure is seen more than one way. */
  measure: (bench: Bench) => Promise<Row | Row[]>;
}

/** A line on stderr while figures run; stdout carries only the table. */
export function progress(line: string): void {
  process.stderr.write(`  ${line}\n`);
}

const COLUMNS = [
  ['Figure', 'name'],
  ['Measured', 'value'],
  ['Baseline', 'baseline'],
  ['Target', 'target'],
] as const;

export function formatTable(rows: readonly Row[]): string {
  const cells = [COLUMNS.map(([title]) => title), ...rows.map((row) => COLUMNS.map(([, key]) => row[key] ?? '—'))];
  const widths = COLUMNS.map((_, c) => Math.max(...cells.map((line) => line[c]!.length)));
  const render = (line: readonly string[]) => line.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [render(cells[0]!), rule, ...cells.slice(1).map(render)].join('\n');
}
