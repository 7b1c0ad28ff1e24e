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
  const samples = await interleavedSamples(candidates, runs);
  return Object.fromEntries(Object.entries<number[]>(samples).map(([name, values]) => [name, median(values)])) as Record<K, number>;
}

/** What interleavedMedians measures, every run of it: sample i of each candidate was taken in the same turn. */
export async function interleavedSamples<K extends string>(candidates: Record<K, () => Promise<number>>, runs: number): Promise<Record<K, number[]>> {
  const names = Object.keys(candidates) as K[];
  for (const name of names) await candidates[name]();
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < runs; i++) {
    for (const name of names) samples[name].push(await candidates[name]());
  }
  return samples;
}

/** The median of the ratios a[i] / b[i] of samples taken in the same turn: what moves the whole machine moves both. */
export const pairedRatio = (a: readonly number[], b: readonly number[]): number => median(a.map((value, i) => value / b[i]!));

export const ms = (value: number): string => `${Math.round(value)} ms`;
export const MiB = 1024 * 1024;
export const mb = (bytes: number): string => `${(bytes / MiB).toFixed(1)} MB`;
export const ratio = (value: number): string => `${value.toFixed(2)}×`;
export const count = (value: number): string => value.toLocaleString('en-US');
