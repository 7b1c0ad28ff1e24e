// The shape of src/ as rules between its folders, not a table of paths: the
// ground floor (core/) is below everything; no files and no folders import
// each other in a circle, at any depth, type imports included; the three
// stages of a run (prepare/, work/, publish/) know nothing of each other and
// only main.ts runs them; and the agent's harness does not know where its
// work comes from or where it goes. A new file needs no entry here: its folder
// places it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

/** The stages of a run, each in its own folder. */
const STAGES = ['prepare/', 'work/', 'publish/'];
/** What the agent's harness (the loop, its tools' runtime) may not know of: GitHub's events and writes, the modes, the config, the stages. */
const NOT_FOR_THE_HARNESS = ['github/', 'modes/', 'config/', ...STAGES, 'main.ts'];

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

/** The room a file stands in, seen from `folder` (a path under src/ ending in '/', or '' for src/ itself): the file itself, or the sub-folder of `folder` that holds it. */
function roomOf(file: string, folder: string): string | undefined {
  if (!file.startsWith(folder)) return undefined;
  const rest = file.slice(folder.length);
  const slash = rest.indexOf('/');
  return folder + (slash === -1 ? rest : rest.slice(0, slash + 1));
}

/** The circles of a graph: strongly connected groups of more than one node (Tarjan). */
function circles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
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
    for (const to of next(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
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
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

const inFolder = (file: string, folder: string) => (folder.endsWith('/') ? file.startsWith(folder) : file === folder);

describe('the shape of src/', () => {
  const graph = importGraph();
  const imports = [...graph].flatMap(([file, targets]) => targets.filter((target) => graph.has(target)).map((target) => ({ file, target })));
  const folders = ['', ...new Set([...graph.keys()].flatMap((file) => file.split('/').slice(0, -1).map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`)))];

  it('core/ is the ground floor: it imports nothing else of src/', () => {
    expect(imports.filter(({ file, target }) => file.startsWith('core/') && !target.startsWith('core/')).map(({ file, target }) => `${file} -> ${target}`)).toEqual([]);
  });

  it('no files import each other in a circle', () => {
    expect(circles(graph.keys(), (file) => graph.get(file) ?? [])).toEqual([]);
  });

  it('no folders import each other in a circle, at any depth', () => {
    const found = folders.flatMap((folder) => {
      const edges = new Map<string, Set<string>>();
      for (const { file, target } of imports) {
        const from = roomOf(file, folder);
        const to = roomOf(target, folder);
        if (from && to && from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
      return circles(edges.keys(), (room) => edges.get(room) ?? []).map((circle) => {
        const ties = circle.flatMap((from) =>
          imports.filter(({ file, target }) => roomOf(file, folder) === from && circle.includes(roomOf(target, folder)!) && roomOf(target, folder) !== from).map(({ file, target }) => `${file} -> ${target}`),
        );
        return `${circle.join(' ⇄ ')}: ${ties.join(', ')}`;
      });
    });
    expect(found).toEqual([]);
  });

  it('the stages know nothing of each other, and only main.ts runs them', () => {
    const crossing = imports.filter(({ file, target }) => {
      const stage = STAGES.find((folder) => target.startsWith(folder));
      return stage !== undefined && !file.startsWith(stage) && file !== 'main.ts';
    });
    expect(crossing.map(({ file, target }) => `${file} -> ${target}`)).toEqual([]);
  });

  it('only index.ts starts main.ts, the one module that knows the process', () => {
    expect(imports.filter(({ target }) => target === 'main.ts').map(({ file }) => file)).toEqual(['index.ts']);
  });

  it("the agent's harness knows nothing of where its work comes from or goes", () => {
    const known = imports.filter(({ file, target }) => file.startsWith('agent/') && NOT_FOR_THE_HARNESS.some((folder) => inFolder(target, folder)));
    expect(known.map(({ file, target }) => `${file} -> ${target}`)).toEqual([]);
  });

  it('sees the imports it checks (the graph is not empty by mistake)', () => {
    expect(graph.get('main.ts')).toEqual(expect.arrayContaining(['prepare/index.ts', 'work/index.ts', 'publish/index.ts']));
    expect(graph.get('agent/loop.ts')).toEqual(expect.arrayContaining(['agent/executor.ts']));
    expect(folders).toEqual(expect.arrayContaining(['', 'core/', 'prepare/', 'safety/sandbox/']));
  });
});
