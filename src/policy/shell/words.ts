// Words as bash sees them: adjacent nodes joined, quotes removed where every
// part is literal, and a command's rule text built from them.
import type { Node } from 'web-tree-sitter';

export interface SimpleCommand {
  /** The command as a rule sees it: its words (name and arguments) joined by single spaces, without variable assignments in front and without redirections. */
  text: string;
  /** The words, when every one is a literal (quotes removed); undefined when a word is dynamic ($VAR, $(…), globs are fine as literal text). */
  argv?: string[];
  /** What it runs besides itself, as rule text (`timeout 5 curl x` → `curl x`): deny rules are checked on these too. */
  alsoRuns?: string[];
}

/** A word as bash sees it: one or more adjacent nodes. */
export interface Word {
  nodes: Node[];
  /** The value after quote removal, when every part is literal. */
  literal?: string;
  /** The word as written. */
  source: string;
}

function unescapeUnquoted(text: string): string {
  return text.replace(/\\(\n|[^])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
}

function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
}

/** True when the children of `node` cover its text without gaps. */
function contiguous(node: Node): boolean {
  let at = node.startIndex;
  for (const child of node.children) {
    if (!child || child.startIndex !== at) return false;
    at = child.endIndex;
  }
  return at === node.endIndex;
}

/** The literal value of one node, or undefined when it depends on the run. */
function literalOf(node: Node): string | undefined {
  switch (node.type) {
    case 'word':
      return unescapeUnquoted(node.text);
    case 'number':
      return node.childCount === 0 ? node.text : undefined;
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string': {
      const plain = node.children.every((child) => child && (child.type === '"' || child.type === 'string_content'));
      return plain ? unescapeDoubleQuoted(node.text.slice(1, -1)) : undefined;
    }
    case 'command_name':
    case 'concatenation':
    case 'variable_assignment': {
      if (!contiguous(node)) return undefined;
      let value = '';
      for (const child of node.children) {
        const part = child && literalOf(child);
        if (part === undefined) return undefined;
        value += part;
      }
      return value;
    }
    case 'variable_name':
    case 'extglob_pattern':
    case 'regex':
    case 'test_operator':
    case 'brace_expression':
      return node.text;
    default:
      // Operators and keywords (`==`, `!`, `export`…) are literal; `$` alone
      // is the start of something the parser split off (`$"…"`).
      return !node.isNamed && node.type !== '$' ? node.text : undefined;
  }
}

/**
 * Nothing between two nodes, or only line continuations: bash reads `cu\⏎rl`
 * as `curl`, where the parser sees two words.
 */
function continuesWord(last: Node, node: Node): boolean {
  const gap = node.startIndex - last.endIndex;
  if (gap === 0) return true;
  if (gap < 0 || gap % 2 !== 0 || gap > 16) return false;
  const root = node.tree.rootNode;
  return /^(\\\n)+$/.test(root.text.slice(last.endIndex - root.startIndex, node.startIndex - root.startIndex));
}

/** Groups nodes into words: nodes with no space between them are one word to bash. */
export function toWords(nodes: Node[]): Word[] {
  const words: Word[] = [];
  let last: Node | undefined;
  // A MISSING node (inserted by the parser's error recovery) has no text.
  const present = nodes.filter((node) => node.endIndex > node.startIndex);
  for (const node of present.sort((a, b) => a.startIndex - b.startIndex)) {
    const current = words[words.length - 1];
    if (current && last && continuesWord(last, node)) current.nodes.push(node);
    else words.push({ nodes: [node], source: '' });
    last = node;
  }
  for (const word of words) {
    word.source = word.nodes.map((node) => node.text).join(''); // adjacent, so this is the text as written
    let value: string | undefined = '';
    for (const node of word.nodes) {
      const part = literalOf(node);
      value = part === undefined ? undefined : value + part;
      if (value === undefined) break;
    }
    if (value !== undefined) word.literal = value;
  }
  return words;
}

export function quoteForText(value: string): string {
  return value === '' || /\s/.test(value) ? `'${value.replace(/'/g, `'\\''`)}'` : value;
}

export function commandOf(words: Word[]): SimpleCommand {
  const text = words.map((w) => (w.literal !== undefined ? quoteForText(w.literal) : w.source.replace(/\s+/g, ' '))).join(' ');
  const literal = words.every((w) => w.literal !== undefined);
  return literal ? { text, argv: words.map((w) => w.literal!) } : { text };
}

export const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/** Shell text quoted for a message: one line, short, in backticks that survive a backtick inside. */
export function code(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const short = line.length > 80 ? `${line.slice(0, 77)}...` : line;
  return short.includes('`') ? `\`\` ${short} \`\`` : `\`${short}\``;
}
