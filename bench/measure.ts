// Small helpers to time things and to write the figures the same way in every row.

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds that `work` took. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Measures each candidate `runs` times, taking turns, after one warm-up each
 * (cold file caches are not what is being compared); a candidate returns its
 * own measurement in ms. Taking turns spreads any drift of the machine
 * (another job, CPU frequency) over all of them alike. Returns the medians.
 */
export async function interleavedMedians<K extends string>(
  candidates: Record<K, () => Promise<number>>,
  runs: number,
): Promise<Record<K, number>> {
  const names = Object.keys(candidates) as K[];
  for (const name of names) await candidates[name]();
  const samples = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    for (const name of names) samples.get(name)!.push(await candidates[name]());
  }
  return Object.fromEntries(names.map((name) => [name, median(samples.get(name)!)])) as Record<K, number>;
}

export const ms = (value: number): string => `${Math.round(value)} ms`;
export const MiB = 1024 * 1024;
export const mb = (bytes: number): string => `${(bytes / MiB).toFixed(1)} MB`;
export const ratio = (value: number): string => `${value.toFixed(2)}×`;
export const count = (value: number): string => value.toLocaleString('en-US');
