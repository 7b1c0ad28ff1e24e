// `npm run bench`: performance figures of the bundled action, printed as one
// table. Figures are reported, never judged: targets are there to read beside
// them. scripts/bench.mjs bundles this file and runs it with the checkout's
// root as its first argument; words after it choose figures by title.
import { existsSync } from 'node:fs';
import { arch, availableParallelism, platform } from 'node:os';
import { join } from 'node:path';
import { formatTable, progress, type Bench, type Figure, type Row } from './figure.js';
import { claudeCodeComparison } from './figures/claude-code.js';
import { doubleCheckFigures } from './figures/double-check.js';
import { fleetFigures } from './figures/fleet.js';
import { peakContext, promptCache } from './figures/context.js';
import { githubLatency } from './figures/github-latency.js';
import { grepVsRipgrep } from './figures/grep.js';
import { prefixSize } from './figures/prefix.js';
import { memoryFigures } from './figures/memory.js';
import { networkFigures } from './figures/network.js';
import { sessionPeakRss } from './figures/session-memory.js';
import { startUp } from './figures/start-up.js';
import { subagentFigures } from './figures/subagents.js';

const FIGURES: Figure[] = [
  { title: 'Start-up', measure: startUp },
  { title: 'GitHub latency', measure: githubLatency },
  { title: 'Grep vs raw rg', measure: grepVsRipgrep },
  { title: 'Peak RSS of a session', measure: sessionPeakRss },
  { title: 'Prefix size', measure: prefixSize },
  { title: 'Prompt cache', measure: promptCache },
  { title: 'Peak context', measure: peakContext },
  { title: 'Sub-agents', measure: subagentFigures },
  { title: 'Memory', measure: memoryFigures },
  { title: 'Review double-check', measure: doubleCheckFigures },
  { title: 'Network allow-list', measure: networkFigures },
  { title: 'Fleet plan and report', measure: fleetFigures },
  { title: 'Claude Code comparison', measure: claudeCodeComparison },
];

/** Figures whose title contains one of `words` (all when none are given): `npm run bench -- grep`. */
function chosen(words: string[]): Figure[] {
  if (words.length === 0) return FIGURES;
  return FIGURES.filter((figure) => words.some((word) => figure.title.toLowerCase().includes(word.toLowerCase())));
}

async function main(): Promise<number> {
  const [root = process.cwd(), ...rest] = process.argv.slice(2);
  // `npm run bench -- /tmp/old start-up`: a first word naming another checkout (with a dist/) measures that bundle instead.
  const other = rest[0] !== undefined && existsSync(join(rest[0], 'dist', 'index.js')) ? rest.shift() : undefined;
  // `--before /tmp/old`: that checkout's bundle is measured beside this one by the figures that compare.
  const at = rest.indexOf('--before');
  const before = at >= 0 ? rest.splice(at, 2)[1] : undefined;
  if (at >= 0 && (!before || !existsSync(join(before, 'dist', 'index.js')))) {
    console.error(`--before needs a checkout with a dist/index.js${before ? `: ${before} has none` : ''}.`);
    return 2;
  }
  const words = rest;
  const bench: Bench = { action: join(other ?? root, 'dist', 'index.js'), root, ...(before ? { before: join(before, 'dist', 'index.js') } : {}) };
  const rows: Row[] = [];
  let failures = 0;
  for (const figure of chosen(words)) {
    progress(`${figure.title}…`);
    try {
      rows.push(...[await figure.measure(bench)].flat());
    } catch (err) {
      // One broken figure must not hide the others; the exit code still says so.
      failures++;
      rows.push({ name: figure.title, value: `not measured: ${err instanceof Error ? err.message : String(err)}` });
    }
  }
  const beside = bench.before ? ` (before: ${bench.before})` : '';
  console.log(`\nDeckhand bench — ${bench.action}${beside}, Node ${process.version}, ${platform()}-${arch()}, ${availableParallelism()} CPUs; times are medians after a warm-up\n`);
  console.log(formatTable(rows));
  return failures === 0 ? 0 : 1;
}

void main().then((code) => (process.exitCode = code));
