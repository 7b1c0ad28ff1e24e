// The message for a path that does not exist: where the agent is, and the
// nearest existing name, so the next call can be right without a search.
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Edit distance counting a swap of two neighbouring letters as one edit (`scr` → `src`). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).toLowerCase();
}

/** The closest existing sibling of `path`, if one is close enough to be a likely typo. */
export function similarPath(path: string): string | undefined {
  const dir = dirname(path);
  const name = basename(path);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return undefined;
  }
  let best: { name: string; score: number } | undefined;
  for (const entry of entries) {
    const score =
      entry.toLowerCase() === name.toLowerCase() ? 0
      : stem(entry) === stem(name) ? 1
      : distance(entry.toLowerCase(), name.toLowerCase()) + 1;
    if (score <= Math.max(2, Math.floor(name.length / 4)) && (!best || score < best.score)) best = { name: entry, score };
  }
  return best ? join(dir, best.name) : undefined;
}

export function missingFileMessage(path: string, cwd: string, what = 'File'): string {
  const similar = similarPath(path);
  return `${what} does not exist. Current working directory: ${cwd}.` + (similar ? ` Did you mean ${similar}?` : '');
}
