// The files a hook's command runs (product.md §6), read with the shell
// grammar: the program when it is named by a path (`./scripts/guard.sh`), the
// script an interpreter is given (`sh x.sh`, `python3 tools/check.py`,
// `node -r ./setup.js x.js`, `npx tsx x.ts`), a file sourced with `.`, through
// wrappers (`timeout 5 …`, `env A=1 …`) and inside `sh -c '…'`. hooks.ts runs
// the base branch's versions of them, so the command can be rewritten to name
// copies instead.
//
// Everything else a hook names stays the checkout's, on purpose: the
// arguments after the script and files read with `<` are what the hook
// checks (`grep -q Hello src/app.js` must see the agent's edit).
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { isInside } from '../safety/paths.js';
import { loadParser } from './shell/parser.js';
import { realOrSelf } from './shell/paths.js';
import { CD_COMMANDS, children, descendants, expandsAsName, fieldChildren, redirectExtras } from './shell/syntax.js';
import { toWords, type Word } from './shell/words.js';
import { innerCommands } from './wrappers.js';

export interface HookScript {
  /** Relative to the checkout, `/`-separated. */
  path: string;
  /** Run as a program, so its executable bit counts; otherwise handed to an interpreter. */
  program: boolean;
}

export interface HookCommand {
  scripts: HookScript[];
  /**
   * Words in a script's place whose value is only known when the command runs
   * (`"$f"`, `$(…)/x.sh`, a glob, a relative path after a `cd`), as written.
   */
  unknown: string[];
  /** The command with each script in `copies` (path → absolute path of its copy) named by the copy. */
  rewrite(copies: ReadonlyMap<string, string>): string;
}

/** How an interpreter finds its script among its arguments. */
interface Interpreter {
  /** Options whose value, in the next word or after `=`, is a file it runs too (`node -r ./setup.js`). */
  loads: readonly string[];
  /** Other options that take the next word as their value (`python3 -W ignore`). */
  valued: readonly string[];
  /** Options after which there is no script file: code given inline, or a module by name. */
  inline: (option: string) => boolean;
  /** A subcommand before the script (`bun run x.ts`), skipped when present. */
  subcommand?: string;
  /** The script's place holds the name of a program, not a file (`npx tsx x.ts`). */
  launcher?: boolean;
}

const among = (options: readonly string[]) => (option: string) => options.includes(option);
const SHELL: Interpreter = { loads: [], valued: ['-o', '+o', '-O', '+O'], inline: (option) => /^-[a-zA-Z]*$/.test(option) && option.includes('c') };
const NODE: Interpreter = {
  loads: ['-r', '--require', '--import', '--loader', '--experimental-loader', '--env-file', '--env-file-if-exists'],
  valued: ['-C', '--conditions', '--input-type'],
  inline: among(['-e', '--eval', '-p', '--print']),
};
const INTERPRETERS: Record<string, Interpreter> = {
  sh: SHELL,
  bash: SHELL,
  dash: SHELL,
  zsh: SHELL,
  ksh: SHELL,
  ash: SHELL,
  node: NODE,
  nodejs: NODE,
  tsx: NODE,
  'ts-node': NODE,
  bun: { ...NODE, subcommand: 'run' },
  python: { loads: [], valued: ['-W', '-X'], inline: among(['-c', '-m']) },
  ruby: { loads: ['-r'], valued: ['-I', '-E', '-C'], inline: among(['-e']) },
  perl: { loads: [], valued: [], inline: among(['-e', '-E']) },
  php: { loads: ['-c'], valued: ['-d'], inline: among(['-r']) },
  npx: { loads: [], valued: ['-p', '--package'], inline: among(['-c', '--call']), launcher: true },
  bunx: { loads: [], valued: ['-p', '--package'], inline: () => false, launcher: true },
};

function interpreterOf(name: string): Interpreter | undefined {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return INTERPRETERS[/^python[0-9.]*$/.test(base) ? 'python' : base];
}

/** Where an argv runs a file: the index of the word, and what comes before the path in it (`--require=`). */
interface Place {
  at: number;
  prefix: string;
  program: boolean;
}

/** The places of `argv` (values, unknown ones as UNKNOWN) that hold a file it runs. */
function scriptPlaces(argv: readonly string[], depth = 0): Place[] {
  const name = argv[0];
  if (name === undefined || depth > 4) return [];
  if (isUnknown(name) || name.includes('/')) return [{ at: 0, prefix: '', program: true }];
  if (name === '.' || name === 'source') return argv.length > 1 ? [{ at: 1, prefix: '', program: false }] : [];
  const interpreter = interpreterOf(name);
  if (!interpreter) return [];
  const places: Place[] = [];
  let i = 1;
  if (interpreter.subcommand !== undefined && argv[1] === interpreter.subcommand) i = 2;
  for (; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      i++;
      break;
    }
    if (!/^[-+]./.test(word)) break;
    if (interpreter.inline(word)) return places;
    const eq = word.indexOf('=');
    if (eq > 0 && interpreter.loads.includes(word.slice(0, eq))) places.push({ at: i, prefix: word.slice(0, eq + 1), program: false });
    else if (interpreter.loads.includes(word) && i + 1 < argv.length) places.push({ at: ++i, prefix: '', program: false });
    else if (interpreter.valued.includes(word)) i++;
  }
  if (i >= argv.length) return places;
  if (!interpreter.launcher) return [...places, { at: i, prefix: '', program: false }];
  // A launcher runs a program by name: what that program runs is the script.
  return [...places, ...scriptPlaces(argv.slice(i), depth + 1).map((place) => ({ ...place, at: place.at + i }))];
}

/** Stands for a word whose value is only known when the command runs. */
const UNKNOWN = '\u0000';
const isUnknown = (value: string) => value.startsWith(UNKNOWN);

/** Where `inner` (an argv innerCommands found, its name maybe without its folder) starts in `argv`; -1 if nowhere. */
function offsetOf(argv: readonly string[], inner: readonly string[]): number {
  const fits = (at: number) =>
    inner.every((value, i) => argv[at + i] === value || (i === 0 && argv[at]!.slice(argv[at]!.lastIndexOf('/') + 1) === value));
  const suffix = argv.length - inner.length;
  if (suffix >= 0 && fits(suffix)) return suffix;
  for (let at = 0; at <= suffix; at++) if (fits(at)) return at;
  return -1;
}

function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
}

/** `$NAME` or `${NAME}` set in the hook's environment; undefined for anything else. */
function variableValue(node: Node, env: NodeJS.ProcessEnv): string | undefined {
  const parts = children(node).map((child) => child.type);
  const plain = node.type === 'simple_expansion' ? parts.join() === '$,variable_name' : parts.join() === '${,variable_name,}';
  const name = children(node).find((child) => child.type === 'variable_name')?.text;
  return plain && name !== undefined ? env[name] : undefined;
}

/** The value of one node of a word, expanding the hook's environment variables; undefined when only the run can tell. */
function valueOfNode(node: Node, env: NodeJS.ProcessEnv, quoted: boolean): string | undefined {
  switch (node.type) {
    case 'simple_expansion':
    case 'expansion': {
      const value = variableValue(node, env);
      // Unquoted, an empty value, spaces or glob characters change the words themselves.
      return value !== undefined && (quoted || /^[^\s*?[]+$/.test(value)) ? value : undefined;
    }
    case 'string': {
      let value = '';
      for (const child of children(node)) {
        if (child.type === '"') continue;
        const part = child.type === 'string_content' ? unescapeDoubleQuoted(child.text) : valueOfNode(child, env, true);
        if (part === undefined) return undefined;
        value += part;
      }
      return value;
    }
    case 'command_name':
    case 'concatenation': {
      let value = '';
      for (const child of children(node)) {
        const part = valueOfNode(child, env, quoted);
        if (part === undefined) return undefined;
        value += part;
      }
      return value;
    }
    default:
      return toWords([node])[0]?.literal;
  }
}

/** A word's value as the shell will see it, or UNKNOWN. */
function valueOf(word: Word, env: NodeJS.ProcessEnv): string {
  if (expandsAsName(word)) return UNKNOWN;
  if (word.literal !== undefined) return word.literal;
  let value = '';
  for (const node of word.nodes) {
    const part = valueOfNode(node, env, false);
    if (part === undefined) return UNKNOWN;
    value += part;
  }
  return value;
}

/** A path as a hook names it, relative to the checkout; undefined when it is not in it. */
function checkoutPath(value: string, root: string): string | undefined {
  if (value.startsWith('~')) return undefined;
  const named = resolve(root, value);
  let abs = named;
  if (!isInside(named, root) && isAbsolute(value)) {
    // The checkout by another spelling (a symlinked $GITHUB_WORKSPACE): the outermost folder that is it.
    for (let folder = dirname(named); folder !== dirname(folder); folder = dirname(folder)) {
      if (realOrSelf(folder) === root) abs = resolve(root, relative(folder, named));
    }
  }
  if (abs === root || !isInside(abs, root)) return undefined;
  return relative(root, abs).split(sep).join('/');
}

/** `text` as one shell word, in single quotes. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

type Edit = { start: number; end: number } & ({ path: string; prefix: string } | { inner: HookCommand; script: string });

/** Reads a hook's command: which files it runs, and how to make it run copies of them. */
export function readHookCommand(command: string, where: { root: string; env: NodeJS.ProcessEnv }): Promise<HookCommand> {
  return readCommand(command, where, { depth: 0, changedFolder: false });
}

/** `inside`: how deep in `sh -c` scripts this one is, and whether a `cd` ran before it. */
async function readCommand(command: string, where: { root: string; env: NodeJS.ProcessEnv }, inside: { depth: number; changedFolder: boolean }): Promise<HookCommand> {
  const parser = await loadParser();
  const tree = parser.parse(command);
  const unreadable: HookCommand = { scripts: [], unknown: [command], rewrite: () => command };
  if (!tree) return unreadable;
  try {
    if (tree.rootNode.hasError || inside.depth > 4) return unreadable;
    const scripts = new Map<string, HookScript>();
    const unknown: string[] = [];
    const edits: Edit[] = [];
    let changedFolder = inside.changedFolder;
    // Source order: a `cd` makes the relative paths after it unknown.
    for (const node of descendants(tree.rootNode)) {
      if (node.type !== 'command') continue;
      const name = node.childForFieldName('name');
      const redirected = children(node).filter((child) => child.type === 'file_redirect' || child.type === 'heredoc_redirect');
      const words = toWords([...(name ? [name] : []), ...fieldChildren(node, 'argument'), ...redirected.flatMap(redirectExtras)]);
      const values = words.map((word, i) => {
        const value = valueOf(word, where.env);
        return isUnknown(value) ? `${UNKNOWN}${i}` : value;
      });
      const inner = innerCommands(values);
      const places = [{ at: 0, argv: values }, ...inner.argvs.map((argv) => ({ at: offsetOf(values, argv), argv }))]
        .filter(({ at }) => at >= 0)
        .flatMap(({ at, argv }) => scriptPlaces(argv).map((place) => ({ ...place, at: place.at + at })));
      const seen = new Set<number>();
      for (const place of places) {
        if (seen.has(place.at)) continue;
        seen.add(place.at);
        const word = words[place.at]!;
        const value = values[place.at]!.slice(place.prefix.length);
        if (isUnknown(values[place.at]!) || (changedFolder && !isAbsolute(value))) {
          unknown.push(word.source);
          continue;
        }
        const path = checkoutPath(value, where.root);
        if (path === undefined) continue;
        const known = scripts.get(path);
        scripts.set(path, { path, program: place.program || known?.program === true });
        edits.push({ start: word.nodes[0]!.startIndex, end: word.nodes.at(-1)!.endIndex, path, prefix: place.prefix });
      }
      for (const script of inner.scripts) {
        const at = values.indexOf(script, 1);
        if (isUnknown(script) || at < 0) {
          unknown.push(at < 0 ? script : words[at]!.source);
          continue;
        }
        const read = await readCommand(script, where, { depth: inside.depth + 1, changedFolder });
        for (const found of read.scripts) scripts.set(found.path, { ...found, program: found.program || scripts.get(found.path)?.program === true });
        unknown.push(...read.unknown);
        const word = words[at]!;
        edits.push({ start: word.nodes[0]!.startIndex, end: word.nodes.at(-1)!.endIndex, inner: read, script });
      }
      if (values.some((value, i) => CD_COMMANDS.has(value) && (i === 0 || inner.argvs.some((argv) => argv[0] === value)))) changedFolder = true;
    }
    return {
      scripts: [...scripts.values()],
      unknown,
      rewrite(copies) {
        let out = command;
        for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
          let replacement: string | undefined;
          if ('path' in edit) {
            const copy = copies.get(edit.path);
            if (copy !== undefined) replacement = shellQuote(edit.prefix + copy);
          } else {
            const script = edit.inner.rewrite(copies);
            if (script !== edit.script) replacement = shellQuote(script);
          }
          if (replacement !== undefined) out = out.slice(0, edit.start) + replacement + out.slice(edit.end);
        }
        return out;
      },
    };
  } finally {
    tree.delete();
  }
}
