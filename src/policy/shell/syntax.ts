// The syntax tree, read the way bash reads it: tree helpers, which words a
// redirect takes from its command, what a name or an arithmetic context
// expands, and the tokens tree-sitter-bash is known to end elsewhere than bash.
import type { Node } from 'web-tree-sitter';
import { toWords, type Word } from './words.js';

export function children(node: Node): Node[] {
  return node.children.filter((child): child is Node => child !== null);
}

export function fieldChildren(node: Node, field: string): Node[] {
  return node.childrenForFieldName(field).filter((child): child is Node => child !== null);
}

export function* descendants(node: Node): Generator<Node> {
  yield node;
  for (const child of children(node)) yield* descendants(child);
}

/** The simple command that trailing words after a redirect belong to (`a | b > c d` → b). */
export function trailingCommand(node: Node): Node | undefined {
  switch (node.type) {
    case 'command':
    case 'declaration_command':
    case 'unset_command':
      return node;
    case 'redirected_statement': {
      const body = node.childForFieldName('body');
      return body ? trailingCommand(body) : undefined;
    }
    case 'pipeline':
    case 'list':
    case 'negated_command': {
      const statements = children(node).filter((child) => child.isNamed && child.type !== 'comment');
      const last = statements[statements.length - 1];
      return last && trailingCommand(last);
    }
    default:
      return undefined;
  }
}

/**
 * Words the parser attached to a redirect that bash gives to the command:
 * in `echo > a b` the target is `a` and `b` is an argument of echo.
 */
export function redirectExtras(redirect: Node): Node[] {
  if (redirect.type === 'file_redirect') {
    const [, ...rest] = toWords(fieldChildren(redirect, 'destination'));
    return rest.flatMap((word) => word.nodes);
  }
  if (redirect.type === 'heredoc_redirect') return fieldChildren(redirect, 'argument');
  return [];
}

export const CD_COMMANDS = new Set(['cd', 'pushd', 'popd']);
export const MAX_FOLDERS = 32;
export const EVAL_COMMANDS = new Set(['eval', 'source', '.']);
const BUILTIN_WRAPPERS = new Set(['builtin', 'command']);
export const ARITHMETIC_TEST = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
export const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/fd/1', '/dev/fd/2']);
export const OUTPUT_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '>&', '<>']);
const VARIABLE_NODES = new Set(['variable_name', 'simple_expansion', 'expansion', 'subscript', 'command_substitution', 'word']);

/** The command a `builtin`/`command` wrapper runs, or the name itself. */
export function effectiveName(argv: readonly (string | undefined)[]): string | undefined {
  let i = 0;
  while (i < argv.length && argv[i] !== undefined && BUILTIN_WRAPPERS.has(argv[i]!)) {
    i++;
    while (i < argv.length && argv[i]?.startsWith('-')) i++;
  }
  return argv[i];
}

/**
 * Whether `text` has a `{`, then a `,` or `..`, then a `}`, on one line: a
 * brace list bash may expand. Read in one pass: as a pattern
 * (`\{.*(,|\.\.).*\}`) it backtracks in cubic time on a word of many `{`
 * and `,`.
 */
export function hasBraceList(text: string): boolean {
  let open = false;
  let separated = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029') open = separated = false;
    else if (!open) open = char === '{';
    else if (!separated) {
      separated = char === ',' || (char === '.' && text[i + 1] === '.');
      if (separated && char === '.') i++;
    } else if (char === '}') return true;
  }
  return false;
}

/** A name bash would still expand: an unquoted glob (`r[m]`) or brace list (`{rm,-rf,x}`). */
export function expandsAsName(word: Word): boolean {
  return word.nodes.some((node) =>
    [...descendants(node)].some((n) => n.type === 'word' && (/[*?[]/.test(n.text) || hasBraceList(n.text))) ||
    (node.type === 'concatenation' && hasBraceList(node.text)),
  );
}

/** True when an arithmetic context reads a variable (or anything but literal numbers). */
export function readsVariables(node: Node): boolean {
  for (const d of descendants(node)) {
    if (d.type === 'word' && /^\d+$/.test(d.text)) continue;
    if (VARIABLE_NODES.has(d.type)) return true;
  }
  return false;
}

export function isNumberOrAll(node: Node | null): boolean {
  return node === null || /^(\d+|@|\*)$/.test(node.text);
}

/** Nodes whose text bash does not scan for substitutions again (or that are substitutions). */
export const COVERING = new Set(['command_substitution', 'process_substitution', 'arithmetic_expansion', 'raw_string', 'ansi_c_string', 'comment']);

/** `<<'EOF'`, `<<"EOF"` or `<<\EOF`: the body is taken literally. */
export function quotedHeredoc(body: Node): boolean {
  const start = body.parent ? children(body.parent).find((child) => child.type === 'heredoc_start') : undefined;
  return body.namedChildCount === 0 && start !== undefined && /['"\\]/.test(start.text);
}

// Where tree-sitter-bash's tokens are known to end elsewhere than bash's,
// the command is reported unparsed rather than read wrongly: in
// `echo $'\\' $(id) # '` the grammar sees one string, bash runs `id`.

/** `$'…'` ends at the first quote that is not escaped, `\\` being an escaped backslash. */
export function ansiCStringEndsWhereBashDoes(text: string): boolean {
  let i = 2;
  while (i < text.length && text[i] !== "'") i += text[i] === '\\' ? 2 : 1;
  return i === text.length - 1;
}

/** Inside double quotes, an unescaped `"` would have ended the string. */
export function hasUnescapedQuote(content: string): boolean {
  return /(^|[^\\])(\\\\)*"/.test(content);
}

/** The here-document delimiter after quote removal: `'EOF'`, `"EOF"`, `E\OF` → EOF. */
function unquoteDelimiter(text: string): string {
  let out = '';
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else out += ch;
    } else if (ch === '\\' && i + 1 < text.length && (quote === undefined || '$`"\\'.includes(text[i + 1]!))) {
      out += text[++i];
    } else if (quote === undefined && (ch === "'" || ch === '"')) {
      quote = ch;
    } else if (quote === '"' && ch === '"') {
      quote = undefined;
    } else {
      out += ch;
    }
  }
  return out;
}

/** The body ends at the first line that is the delimiter (after leading tabs, for `<<-`), as in bash. */
export function heredocEndsWhereBashDoes(redirect: Node, source: string): boolean {
  const parts = children(redirect);
  const start = parts.find((child) => child.type === 'heredoc_start');
  if (!start) return false;
  const delimiter = unquoteDelimiter(start.text);
  const stripTabs = parts.some((child) => child.type === '<<-');
  const isDelimiter = (line: string) => (stripTabs ? line.replace(/^\t+/, '') : line) === delimiter;
  const end = parts.find((child) => child.type === 'heredoc_end');
  // The whole line of the end marker: the node leaves out spaces around it, bash does not.
  const endLine = end && source.slice(source.lastIndexOf('\n', end.startIndex - 1) + 1).split('\n')[0]!;
  if (endLine !== undefined && !isDelimiter(endLine)) return false;
  const body = parts.find((child) => child.type === 'heredoc_body');
  return !body || !body.text.split('\n').some(isDelimiter);
}
