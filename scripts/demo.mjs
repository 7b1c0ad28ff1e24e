// npm run demo: the bundled action on the example repository and events in
// examples/demo/, with GitHub emulated locally in dry-run mode. See demo/index.ts.
import { ensureDist, runTypeScript } from './ts-entry.mjs';

// The first thing said: whether a live model answers, or a recording.
console.log(
  process.env.ANTHROPIC_API_KEY
    ? 'Deckhand demo, with the real model (ANTHROPIC_API_KEY is set). GitHub is a local emulator and the action runs with dry_run: nothing is posted anywhere.'
    : 'Deckhand demo — a REPLAY of a recorded model session, not a live model (set ANTHROPIC_API_KEY to use the real one). GitHub is a local emulator and the action runs with dry_run: nothing is posted anywhere.',
);
ensureDist();
process.exitCode = runTypeScript('demo', 'demo/index.ts', ['demo', 'examples/demo', 'scripts/demo.mjs'], process.argv.slice(2));
