// The shell grammar (tree-sitter-bash, run by web-tree-sitter), loaded once:
// only the first analysis pays (toolchain.md, gotchas 2 and 3).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { Parser } from 'web-tree-sitter';

/**
 * The grammar the analysis was written against and tested with. The guards
 * against tree-sitter-bash reading a command differently from bash (analyze.ts)
 * depend on its exact tokens: moving to another version means reading them
 * again, and test/policy/shell.test.ts fails until this says which.
 */
export const GRAMMAR_VERSION = '0.25.1';

const WASM_FILES = { runtime: 'web-tree-sitter.wasm', bash: 'tree-sitter-bash.wasm' } as const;

/** The wasm files: next to the bundle (dist/wasm/), or in node_modules when running from source. */
function wasmPaths(): { runtime: string; bash: string } {
  const bundled = join(dirname(fileURLToPath(import.meta.url)), 'wasm');
  if (existsSync(join(bundled, WASM_FILES.bash))) {
    return { runtime: join(bundled, WASM_FILES.runtime), bash: join(bundled, WASM_FILES.bash) };
  }
  const require = createRequire(import.meta.url);
  // Names in variables, so the bundler leaves these development-only lookups alone.
  const find = (pkg: string, file: string) => require.resolve(`${pkg}/${file}`);
  return { runtime: find('web-tree-sitter', WASM_FILES.runtime), bash: find('tree-sitter-bash', WASM_FILES.bash) };
}

async function createParser(): Promise<Parser> {
  const paths = wasmPaths();
  // Baseline compilation only: compiling the 1.3 MB grammar with V8's optimising
  // tier was measured at ~1.6 s on Node 20 (toolchain.md), and on Node 24 its
  // background tier-up took the process to ~580 MB; parsing one command needs
  // neither. Node 24 ignores --liftoff-only set at run time (the implications
  // it carries on the command line are not applied), so the two it implies are
  // set too. Process-wide flags; nothing else here uses wasm.
  for (const flag of ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering']) v8.setFlagsFromString(flag);
  const { Parser, Language } = (await import('./tree-sitter.cjs')).default;
  // The CommonJS build reads __dirname while it starts, and an ESM bundle does
  // not define it: lend it for that moment only.
  const globals = globalThis as { __dirname?: string };
  const lent = globals.__dirname === undefined;
  if (lent) globals.__dirname = dirname(paths.runtime);
  try {
    await Parser.init({ locateFile: () => paths.runtime });
  } finally {
    if (lent) delete globals.__dirname;
  }
  const language = await Language.load(readFileSync(paths.bash));
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

let parserPromise: Promise<Parser> | undefined;

export function loadParser(): Promise<Parser> {
  parserPromise ??= createParser().catch((err: unknown) => {
    parserPromise = undefined; // let a later call try again
    throw err;
  });
  return parserPromise;
}
