// Work on many items with a bound on how many are in flight: the review's
// checkers, a fleet's GitHub reads.

/** Runs `work` on each item, at most `limit` at once; the results in the items' order. A failure rejects once the workers stop. */
export async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
