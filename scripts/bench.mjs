// npm run bench: bundles bench/ (TypeScript that imports the emulator and the
// tools from test/ and src/) and runs it against dist/index.js. dist/ is built
// only when missing: the bench measures the committed bundle as it is.
import { ensureDist, runTypeScript } from './ts-entry.mjs';

ensureDist();
process.exitCode = runTypeScript('bench', 'bench/index.ts', ['bench', 'demo/sessions.ts', 'examples/demo', 'scripts/bench.mjs'], process.argv.slice(2));
