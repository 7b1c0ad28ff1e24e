// The shape of src/ as ../shared/design/style.md draws it: a run goes one way
// (trigger → authorize → gather → mode → agent → publish), so no module of an
// earlier stage imports one of a later stage, the shared rooms (safety, tools,
// prompts, the GitHub client…) import no stage at all, and no two modules
// import each other in a circle. Reading input never depends on writing output.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

/** Every stage, in the order of a run; a file belongs to the first whose paths (prefixes under src/) match it. */
const STAGES: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'shared',
    [
      'safety/', 'prompts/', 'types/', 'tools/', 'format.ts', 'truncate.ts', 'inputs.ts',
      'context/persisted-output.ts',
      'policy/rules.ts', 'policy/shell/', 'policy/wrappers.ts', 'policy/config.ts', 'mcp/config.ts',
      'github/api.ts', 'github/runner.ts', 'github/event.ts', 'github/diff.ts', 'github/branch-name.ts', 'github/markers.ts', 'github/context.ts',
    ],
  ],
  ['trigger', ['github/trigger.ts', 'github/mention.ts']],
  ['authorize', ['github/authorize.ts']],
  ['gather', ['github/gather.ts', 'github/checkout.ts', 'github/ci-logs.ts', 'github/ci-run.ts', 'context/github-context.ts']],
  ['mode', ['modes/']],
  // The loop under policy, with the context it sends.
  ['agent', ['agent/', 'policy/', 'context/', 'mcp/']],
  ['publish', ['github/publish/', 'github/summary.ts']],
  // The pipeline: main.ts, and the stages it runs (prepare, work), which call into every room below.
  ['main', ['main.ts', 'index.ts', 'heap.ts', 'run/']],
];

function stageOf(file: string): number {
  return STAGES.findIndex(([, paths]) => paths.some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|cts|cjs)$/.test(name) && !/\.d\.c?ts$/.test(name) ? [relative(SRC, path)] : [];
  });
}

/** file → the files of src/ it imports (static, re-exported or dynamic; types included). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(join(SRC, file), 'utf8');
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s+['"](\.[^'"]+)['"]/gm),
      ...text.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm),
      ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
      ...text.matchAll(/\brequire\(\s*['"](\.[^'"]+)['"]\s*\)/g),
    ].map((match) => match[1]!);
    const targets = specifiers
      .map((specifier) => relative(SRC, resolve(dirname(join(SRC, file)), specifier)).replace(/\.js$/, '.ts'))
      .filter((target) => !target.startsWith('..'));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of the graph: strongly connected groups of more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the direction of src/', () => {
  const graph = importGraph();

  it('every file of src/ has its place in the run', () => {
    expect([...graph.keys()].filter((file) => stageOf(file) < 0)).toEqual([]);
  });

  it('no module imports one of a later stage of the run, and the shared rooms import no stage', () => {
    const backwards = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => graph.has(target) && stageOf(target) > stageOf(file))
        .map((target) => `${file} (${STAGES[stageOf(file)]![0]}) -> ${target} (${STAGES[stageOf(target)]![0]})`),
    );
    expect(backwards).toEqual([]);
  });

  it('no modules import each other in a circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('sees the imports it checks (the graph is not empty by mistake)', () => {
    expect(graph.get('main.ts')).toEqual(expect.arrayContaining(['run/prepare.ts', 'run/work.ts', 'github/publish/index.ts']));
    expect(graph.get('run/prepare.ts')).toEqual(expect.arrayContaining(['github/trigger.ts', 'github/gather.ts', 'modes/index.ts']));
    expect(graph.get('policy/setup.ts')).toEqual(expect.arrayContaining(['safety/sandbox/choose.ts', 'agent/executor.ts']));
  });
});
