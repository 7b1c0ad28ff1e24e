// How durations and costs read wherever Deckhand writes them: footers, the job
// summary, tool results.

/** "42s", "3m 5s"; under a second "0s", or "350ms" with `underSecond: 'ms'` (a timeout the model chose). */
export function formatDuration(ms: number, opts: { underSecond?: 'ms' } = {}): string {
  if (opts.underSecond === 'ms' && ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** Two decimals above $0.50, four below: small runs still show a difference. */
export function formatCost(usd: number): string {
  return `$${usd > 0.5 ? usd.toFixed(2) : usd.toFixed(4)}`;
}

/**
 * A whole number with commas between thousands ("10,485,760"), as
 * `toLocaleString('en-US')` writes it without loading ICU's number formatting
 * (about 8 MB of resident memory on Node 24, docs/performance.md).
 */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A size as people read it: bytes, kB or MB (decimal, as curl and npm show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
