// Bash analysis for permission checks, with the real shell grammar
// (tree-sitter-bash), never regular expressions: every simple command of a
// compound command is found and checked on its own (agent-core.md, Bash), and
// the constructs a rule cannot see through are reported as hazards.
//
// Choices a reader needs to know:
// - A command's `text` is its words joined by single spaces, quotes removed.
//   A literal word that contains whitespace (or is empty) is written back in
//   single quotes, so word boundaries survive: `git commit -m "a b"` has the
//   text `git commit -m 'a b'` and argv ['git', 'commit', '-m', 'a b'].
//   A dynamic word (`$f`, `"$f"`, `$'…'`) appears as written; `argv` is then undefined.
// - Globs, braces and `~` stay literal text (no expansion): argv is what the
//   shell sees before expansion.
// - `time` (the keyword) is not part of the command: `time npm test` is `npm test`.
// - A call of a function defined in the same command is a command too (`f`),
//   next to the commands of its body.
// - `[[ … ]]` and `[ … ]` are commands named `[[` and `[`.
// - `export`, `declare`, `local`, `readonly`, `typeset` and `unset` are commands
//   (they change what later commands see).
// - Hazards beyond the obvious ones (all fail closed in the decision layer):
//   a bare assignment to an upper-case name (`PATH=…`, `HOME=…`, `IFS=…`, a
//   `for PATH in …` loop) in a command that also runs something is env_prefix,
//   because it changes how the later commands run; arithmetic evaluation of a
//   variable (`$((x))`, `${a[$i]}`, `${s:$n}`, `[[ $x -eq 1 ]]`, `((…))`), an
//   indirect expansion `${!x}` and prompt expansion `${x@P}` are eval: bash runs
//   `$(…)` hidden in a variable's value there (`x='a[$(id)]'; echo $((x))`).
// - Redirect targets are resolved like the kernel would (symlinks followed)
//   against every folder an earlier `cd`/`pushd` may have moved to; a `cd` in
//   a loop or function body, or to a target that is not literal, makes relative
//   targets uncheckable.
// - Guards against the grammar reading differently from bash, each making the
//   command `unparsed`: every `$(`, backtick, `<(` and `>(` in the text must be
//   inside a substitution node, quoted or escaped; `$'…'`, '…' and "…" tokens
//   must end where bash ends them; a here-document must end at the line bash
//   ends it at.
import { isAbsolute, relative, resolve } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { isInside, touchesGit } from '../../safety/paths.js';
import { innerCommands } from '../wrappers.js';
import { HAZARDS, type ShellHazard } from './hazards.js';
import { loadParser } from './parser.js';
import { physicalPath, realOrSelf } from './paths.js';
import {
  ansiCStringEndsWhereBashDoes,
  ARITHMETIC_TEST,
  CD_COMMANDS,
  children,
  COVERING,
  descendants,
  effectiveName,
  EVAL_COMMANDS,
  expandsAsName,
  fieldChildren,
  HARMLESS_TARGETS,
  hasUnescapedQuote,
  heredocEndsWhereBashDoes,
  isNumberOrAll,
  MAX_FOLDERS,
  OUTPUT_OPERATORS,
  quotedHeredoc,
  readsVariables,
  redirectExtras,
  trailingCommand,
} from './syntax.js';
import { ASSIGNMENT_WORD, commandOf, quoteForText, toWords, type SimpleCommand } from './words.js';

export interface ShellAnalysis {
  /** Every simple command, those of `sh -c` scripts included. */
  commands: SimpleCommand[];
  hazards: ShellHazard[];
}

// ---------------------------------------------------------------------------
// The walk.

class Analysis {
  readonly commands: SimpleCommand[] = [];
  readonly hazards: ShellHazard[] = [];
  /** Shell source that commands run (`sh -c …`), checked after this one. */
  readonly scripts: string[] = [];
  private readonly source: string;
  private readonly roots: string[];
  /** Folders the shell may be in at this point; undefined once it cannot be known. */
  private cwds: string[] | undefined;
  private substitutionDepth = 0;
  private unparsed = false;
  /** Bare upper-case assignments; hazards only when the command also runs something. */
  private readonly environmentChanges: Node[] = [];
  /** Trailing words a redirect took from a command (see redirectExtras), by command node id. */
  private readonly extras = new Map<number, Node[]>();

  constructor(source: string, where: { root: string; cwd: string }) {
    this.source = source;
    this.roots = [...new Set([resolve(where.root), realOrSelf(where.root)])];
    this.cwds = [resolve(where.cwd)];
  }

  run(root: Node): ShellAnalysis & { scripts: string[] } {
    if (this.cdInRepeatedCode(root)) this.cwds = undefined;
    this.walk(root);
    this.checkSubstitutionsSeen(root);
    if (this.commands.length > 0) {
      for (const node of this.environmentChanges) {
        this.hazards.push(HAZARDS.environmentChange(node.text, node.text.split('=')[0]!));
      }
    }
    return { commands: this.commands, hazards: this.hazards, scripts: this.scripts };
  }

  private markUnparsed(node: Node): void {
    if (this.unparsed) return;
    this.unparsed = true;
    const near = node.text.trim() || this.source.slice(Math.max(0, node.startIndex - 20), node.startIndex + 20).trim();
    this.hazards.push(HAZARDS.unparsedNear(near || this.source, near));
  }

  private walk(node: Node): void {
    if (node.isMissing || node.type === 'ERROR') this.markUnparsed(node);
    switch (node.type) {
      case 'comment':
        return;
      case 'command':
        this.simpleCommand(node);
        break;
      case 'declaration_command':
      case 'unset_command':
        this.builtinCommand(node);
        break;
      case 'test_command':
        this.testCommand(node);
        break;
      case 'redirected_statement':
        this.redirectedStatement(node);
        break;
      case 'command_substitution':
      case 'process_substitution':
        this.substitution(node);
        return;
      case 'file_redirect':
        this.fileRedirect(node);
        break;
      case 'variable_assignment':
        this.bareAssignment(node);
        break;
      case 'for_statement': {
        const variable = node.childForFieldName('variable');
        if (variable && !/[a-z]/.test(variable.text)) this.environmentChanges.push(variable);
        break;
      }
      case 'arithmetic_expansion':
        if (readsVariables(node)) this.arithmetic(node);
        break;
      case 'compound_statement':
        if (node.child(0)?.type === '((' && readsVariables(node)) this.arithmetic(node);
        break;
      case 'c_style_for_statement': {
        const parts = ['initializer', 'condition', 'update'].flatMap((field) => fieldChildren(node, field));
        const body = node.childForFieldName('body');
        const header = body ? node.text.slice(0, body.startIndex - node.startIndex).trim() : node.text;
        if (parts.some(readsVariables)) this.arithmetic(node, header);
        break;
      }
      case 'expansion':
        this.expansion(node);
        break;
      case 'subscript':
        if (!isNumberOrAll(node.childForFieldName('index'))) this.arithmetic(node);
        break;
      case 'ansi_c_string':
        if (!ansiCStringEndsWhereBashDoes(node.text)) this.markUnparsed(node);
        break;
      case 'raw_string':
        if (!/^'[^']*'$/.test(node.text)) this.markUnparsed(node);
        break;
      case 'string_content':
        if (hasUnescapedQuote(node.text)) this.markUnparsed(node);
        break;
      case 'heredoc_redirect':
        if (!heredocEndsWhereBashDoes(node, this.source)) this.markUnparsed(node);
        break;
    }
    for (const child of children(node)) this.walk(child);
  }

  private substitution(node: Node): void {
    if (this.substitutionDepth === 0) {
      if (node.type === 'command_substitution') {
        this.hazards.push(HAZARDS.commandSubstitution(node.text));
      } else {
        this.hazards.push(HAZARDS.processSubstitution(node.text));
      }
    }
    this.substitutionDepth++;
    for (const child of children(node)) this.walk(child);
    this.substitutionDepth--;
  }

  private arithmetic(node: Node, text = node.text): void {
    this.hazards.push(HAZARDS.arithmetic(text));
  }

  private expansion(node: Node): void {
    const operators = fieldChildren(node, 'operator').map((op) => op.type);
    // ${!x} reads the variable named by x's value; ${!prefix*} and ${!a[@]} only list names.
    const indirect = node.child(1)?.type === '!' && !/^\$\{!\w+(\*|@|\[[@*]\])\}$/.test(node.text);
    const prompt = operators.some((op, i) => op === '@' && operators[i + 1] === 'P');
    // ${s:offset:length}: the offsets are arithmetic.
    const colon = children(node).findIndex((child) => child.type === ':');
    const substringReadsVariable = colon >= 0 && children(node).slice(colon + 1).some((child) => child.type !== ':' && readsVariables(child));
    if (indirect || prompt) {
      this.hazards.push(HAZARDS.indirectExpansion(node.text));
    } else if (substringReadsVariable) {
      this.arithmetic(node);
    }
  }

  private bareAssignment(node: Node, inCommandWithoutName = false): void {
    const parent = node.parent?.type;
    if (!inCommandWithoutName && (parent === 'command' || parent === 'declaration_command')) return;
    const name = node.childForFieldName('name');
    const base = name?.type === 'subscript' ? name.childForFieldName('name') : name;
    if (base && !/[a-z]/.test(base.text)) this.environmentChanges.push(node);
  }

  private redirectedStatement(node: Node): void {
    const taken = fieldChildren(node, 'redirect').flatMap(redirectExtras);
    if (taken.length === 0) return;
    const body = node.childForFieldName('body');
    const target = body && trailingCommand(body);
    if (!target) {
      this.markUnparsed(taken[0]!);
      return;
    }
    this.extras.set(target.id, [...(this.extras.get(target.id) ?? []), ...taken]);
  }

  private simpleCommand(node: Node): void {
    const assignments = children(node).filter((child) => child.type === 'variable_assignment');
    const inner = children(node).filter((child) => child.type === 'file_redirect' || child.type === 'heredoc_redirect').flatMap(redirectExtras);
    const nameNode = node.childForFieldName('name');
    let words = toWords([
      ...(nameNode ? [nameNode] : []),
      ...fieldChildren(node, 'argument'),
      ...inner,
      ...(this.extras.get(node.id) ?? []),
    ]);
    // `time` is a keyword that times what follows; `time -p` prints in POSIX format.
    if (words[0]?.source === 'time') {
      words = words.slice(1);
      if (words[0]?.literal === '-p') words = words.slice(1);
      if (words[0]?.literal === '--') words = words.slice(1);
    }
    let prefixed = assignments.length > 0;
    while (words[0] && ASSIGNMENT_WORD.test(words[0].source)) {
      prefixed = true;
      words = words.slice(1);
    }
    const name = words[0];
    if (!name) {
      for (const assignment of assignments) this.bareAssignment(assignment, true);
      return;
    }
    const command = commandOf(words);
    const runs = innerCommands(words.map((w) => w.literal ?? w.source));
    if (runs.argvs.length > 0) command.alsoRuns = runs.argvs.map((argv) => argv.map(quoteForText).join(' '));
    this.scripts.push(...runs.scripts);
    this.commands.push(command);
    if (prefixed) {
      this.hazards.push(HAZARDS.envPrefix(node.text, command.text));
    }
    if (name.literal === undefined || expandsAsName(name)) {
      this.hazards.push(HAZARDS.dynamicCommand(node.text, name.source));
      return;
    }
    const argv = words.map((w) => w.literal);
    const effective = effectiveName(argv);
    if (effective !== undefined && EVAL_COMMANDS.has(effective)) {
      this.hazards.push(HAZARDS.evalCommand(node.text, effective));
    }
    if (effective !== undefined && CD_COMMANDS.has(effective)) this.changeFolder(argv.slice(argv.indexOf(effective) + 1));
  }

  private builtinCommand(node: Node): void {
    const words = toWords([...children(node).filter((child) => child.type !== 'comment'), ...(this.extras.get(node.id) ?? [])]);
    if (words.length > 0) this.commands.push(commandOf(words));
  }

  private testCommand(node: Node): void {
    const flat = (n: Node): Node[] =>
      ['binary_expression', 'unary_expression', 'parenthesized_expression'].includes(n.type) ? children(n).flatMap(flat) : [n];
    const parts = children(node).flatMap(flat);
    this.commands.push(commandOf(toWords(parts)));
    if (node.child(0)?.type !== '[[') return;
    // Inside [[ ]], -eq and friends evaluate their operands as arithmetic, and -v a subscript.
    for (const d of descendants(node)) {
      const op = d.childForFieldName('operator')?.text;
      if (op === undefined) continue;
      const operands = [d.childForFieldName('left'), d.childForFieldName('right'), ...(d.type === 'unary_expression' ? children(d).slice(1) : [])];
      const arithmetic = ARITHMETIC_TEST.has(op) && operands.some((o) => o && !/^-?\d+$/.test(o.text));
      if (arithmetic || op === '-v') {
        this.hazards.push(HAZARDS.testArithmetic(d.text));
      }
    }
  }

  /** Tracks `cd`: the shell may now be in the old folder (cd failed) or the new one. */
  private changeFolder(args: readonly (string | undefined)[]): void {
    if (!this.cwds) return;
    let i = 0;
    while (i < args.length && /^-[LPe@]+$/.test(args[i] ?? '')) i++;
    if (args[i] === '--') i++;
    const target = args[i];
    if (target === undefined || args.length !== i + 1 || target === '' || target === '-' || /^[~+-]/.test(target)) {
      this.cwds = undefined;
      return;
    }
    const next = new Set(this.cwds);
    // Each cd can double the candidates; past a few dozen, give up knowing.
    if (next.size > MAX_FOLDERS) {
      this.cwds = undefined;
      return;
    }
    for (const cwd of this.cwds) {
      next.add(resolve(cwd, target)); // cd -L (the default) handles '..' by name
      const physical = physicalPath(cwd, target);
      if (physical === undefined) {
        this.cwds = undefined;
        return;
      }
      next.add(physical);
    }
    this.cwds = [...next];
  }

  /** A cd inside a loop or a function may run any number of times, in any order. */
  private cdInRepeatedCode(root: Node): boolean {
    for (const command of root.descendantsOfType('command')) {
      if (!command) continue;
      const name = command.childForFieldName('name');
      const words = name ? toWords([name, ...fieldChildren(command, 'argument')]).map((w) => w.literal) : [];
      const effective = effectiveName(words);
      if (effective === undefined || !CD_COMMANDS.has(effective)) continue;
      for (let p = command.parent; p; p = p.parent) {
        if (['for_statement', 'c_style_for_statement', 'while_statement', 'function_definition'].includes(p.type)) return true;
      }
    }
    return false;
  }

  private fileRedirect(node: Node): void {
    const operator = children(node).find((child) => !child.isNamed && child.type !== 'file_descriptor')?.type ?? '';
    if (!OUTPUT_OPERATORS.has(operator)) return;
    const target = toWords(fieldChildren(node, 'destination'))[0];
    if (!target) return; // >&- closes a descriptor
    if (operator === '>&' && target.literal !== undefined && /^(\d+-?|-)$/.test(target.literal)) return; // 2>&1: a descriptor, not a file
    const unchecked = (why: string) => void this.hazards.push(HAZARDS.redirectUnchecked(node.text, target.source, why));
    if (target.literal === undefined) return unchecked('is only known when the command runs');
    // Unquoted glob characters or a leading ~ are expanded by bash.
    const expands = target.nodes.some((n) => n.type === 'word' && /[*?[]/.test(n.text)) || (target.nodes[0]?.type === 'word' && target.literal.startsWith('~'));
    if (expands) return unchecked('is expanded by the shell');
    const path = target.literal;
    if (HARMLESS_TARGETS.has(path)) return;
    const cwds = isAbsolute(path) ? ['/'] : this.cwds;
    if (!cwds) return unchecked('is relative to a folder that an earlier cd changed');
    for (const cwd of cwds) {
      const physical = physicalPath(cwd, path);
      if (physical === undefined) return unchecked('goes through a symbolic link that cannot be followed');
      const problem = this.placeOf(resolve(cwd, path)) ?? this.placeOf(physical);
      if (problem === 'git') {
        return void this.hazards.push(HAZARDS.redirectGit(node.text, path));
      }
      if (problem === 'outside') {
        return void this.hazards.push(HAZARDS.redirectOutside(node.text, path));
      }
    }
  }

  /** 'outside' or 'git' when writing `path` is not allowed; undefined when it is fine. */
  private placeOf(path: string): 'outside' | 'git' | undefined {
    const root = this.roots.find((r) => isInside(path, r));
    if (root === undefined) return 'outside';
    return touchesGit(relative(root, path)) ? 'git' : undefined;
  }

  /**
   * Every `$(`, backtick, `<(` and `>(` in the text must be a substitution the
   * walk saw, or quoted, or escaped. Anything else means the parser read the
   * command differently from bash.
   */
  private checkSubstitutionsSeen(root: Node): void {
    if (this.unparsed) return;
    const pattern = /\$\(|`|[<>]\(/g;
    for (const match of this.source.matchAll(pattern)) {
      const at = match.index;
      const leaf = root.descendantForIndex(at, at + 1);
      if (!leaf) continue;
      let covered = false;
      for (let n: Node | null = leaf; n && !covered; n = n.parent) {
        covered = COVERING.has(n.type) || (n.type === 'heredoc_body' && quotedHeredoc(n));
      }
      if (covered) continue;
      // The backslashes right before it, counted back from it (not by copying and scanning all the text before).
      let first = at;
      while (first > 0 && this.source[first - 1] === '\\') first--;
      const backslashes = at - first;
      if (backslashes % 2 === 1) continue;
      // Plain characters in words and strings: `a>(b` is not a process substitution in bash either when quoted.
      if (match[0] !== '$(' && match[0] !== '`' && ['string_content', 'string', 'heredoc_content'].includes(leaf.type)) continue;
      this.markUnparsed(leaf);
      return;
    }
  }
}

/**
 * Parses a Bash command and reports its simple commands and the constructs a
 * permission rule cannot see through. `where.cwd` (inside `where.root`) is
 * the folder the command starts in; redirect targets are resolved against it.
 */
export async function analyzeShell(command: string, where: { root: string; cwd: string }, depth = 0): Promise<ShellAnalysis> {
  const parser = await loadParser();
  const tree = parser.parse(command);
  if (!tree) {
    return { commands: [], hazards: [HAZARDS.unparsed(command)] };
  }
  let found: ShellAnalysis & { scripts: string[] };
  try {
    found = new Analysis(command, where).run(tree.rootNode);
  } catch (err) {
    // A stack overflow on absurd nesting must not let the command through.
    if (!(err instanceof RangeError)) throw err;
    return { commands: [], hazards: [HAZARDS.tooDeep(command)] };
  } finally {
    tree.delete();
  }
  const { scripts, ...analysis } = found;
  // `sh -c "…"` runs shell source: its commands and hazards count as this command's own.
  for (const script of scripts) {
    if (depth >= 4) {
      analysis.hazards.push(HAZARDS.shellsTooDeep(script));
      break;
    }
    const inner = await analyzeShell(script, where, depth + 1);
    analysis.commands.push(...inner.commands);
    analysis.hazards.push(...inner.hazards);
  }
  return analysis;
}
