// The permission rule grammar (product.md §5): `Tool` or `Tool(specifier)`.
//
// MCP tools are offered as `mcp__<server>__<tool>`. A rule names one of them
// (`mcp__tracker__create_issue`) or every tool of a server (`mcp__tracker`,
// `mcp__tracker__*`), never with a specifier. A server's name has no `__`, so
// a tool's name splits at the first `__` after the prefix.
//
// Bash specifiers name one simple command exactly, or a prefix with a trailing
// `:*`. File-tool specifiers are gitignore-style globs relative to the
// repository root. Anything a rule author could reasonably misread is a syntax
// error rather than a rule that silently never matches: a deny rule that never
// matches fails open.
import { globProblem, pathRuleMatches } from '../safety/globs.js';

export type RuleSource = 'hard-limit' | 'workflow' | 'config' | 'mode';

export interface PermissionRule {
  tool: string;
  specifier?: string;
  /** the rule as written, for messages: "Bash(npm test)" */
  text: string;
}

export class RuleSyntaxError extends Error {
  override name = 'RuleSyntaxError';
}

/** The tools Deckhand offers. A rule may name another tool; it then never matches. */
export const TOOL_NAMES = ['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash', 'TodoWrite', 'AddReviewComment', 'PullRequestDiff', 'ReplyToReviewThread', 'Agent', 'Skill', 'Remember', 'Forget'] as const;

/** The tool whose specifier is a command (a Bash call's each simple command is matched as one of its calls). */
export const COMMAND_TOOL = 'Bash';

/** The tool whose path rules say what may be read: its deny rules hide files from searches too. */
export const READ_TOOL = 'Read';

/** Tools whose specifier is a path glob. */
export const FILE_TOOLS: ReadonlySet<string> = new Set(['Read', 'Write', 'Edit', 'Glob', 'Grep', 'PullRequestDiff']);

/** Known tools that take no specifier at all. */
const PLAIN_TOOLS: ReadonlySet<string> = new Set(['TodoWrite', 'AddReviewComment', 'ReplyToReviewThread', 'Agent', 'Skill', 'Remember', 'Forget']);

export function isKnownTool(name: string): boolean {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

const MCP_PREFIX = 'mcp__';
/** A server's or an MCP tool's own name, as the config and the client allow them. */
const MCP_PART = /^[A-Za-z0-9_-]{1,64}$/;

const MCP_FORMS =
  'write "mcp__<server>__<tool>" for one tool, or "mcp__<server>" or "mcp__<server>__*" for every tool of a server (each name 1 to 64 letters, digits, "_" or "-"; a server name has no "__" and does not end with "_").';

/**
 * Every MCP tool, whatever its server: what the mode defaults allow. Nobody
 * can write it (parseRule refuses "mcp__*"): a rule author names a server.
 */
export const EVERY_MCP_TOOL: PermissionRule = { tool: 'mcp__*', text: 'mcp__*' };

/** The server and tool an MCP tool's name is made of (split at the first `__` after the prefix), or undefined when it is not an MCP tool's name. */
export function splitMcpName(name: string): { server: string; tool: string } | undefined {
  if (!name.startsWith(MCP_PREFIX)) return undefined;
  const rest = name.slice(MCP_PREFIX.length);
  const at = rest.indexOf('__');
  if (at <= 0 || at + 2 >= rest.length) return undefined;
  return { server: rest.slice(0, at), tool: rest.slice(at + 2) };
}

/** What an MCP rule's name covers: one tool, or (tool undefined) every tool of the server; a string says why it is no MCP rule. */
function readMcpRule(name: string): { server: string; tool?: string } | string {
  const rest = name.slice(MCP_PREFIX.length);
  const at = rest.indexOf('__');
  const server = at === -1 ? rest : rest.slice(0, at);
  const tool = at === -1 ? undefined : rest.slice(at + 2);
  if (server === '') return 'the server name is empty';
  if (!MCP_PART.test(server)) return `"${server}" is not a server name`;
  // `mcp__s___t` reads as server "s", tool "_t": a server "s_" could never be named.
  if (server.endsWith('_')) return `the server name "${server}" ends with "_", so its tools' names would read as tools of "${server.replace(/_+$/, '')}"`;
  if (tool === undefined || tool === '*') return { server };
  if (tool === '') return 'the tool name is empty';
  if (tool.endsWith('__*')) return `"${server}__${tool.slice(0, -3)}" is not a server name (a server name has no "__")`;
  if (!MCP_PART.test(tool)) return `"${tool}" is not a tool name${tool.includes('*') ? ' ("*" stands only for every tool of the server)' : ''}`;
  return { server, tool };
}

/**
 * Does `rule` name the tool called `name`, whatever its specifier? An Edit
 * rule also names Write; an MCP rule names its tool, or every tool of its server.
 */
export function namesTool(rule: PermissionRule, name: string): boolean {
  if (rule.tool === EVERY_MCP_TOOL.tool) return splitMcpName(name) !== undefined;
  if (rule.tool.startsWith(MCP_PREFIX)) {
    const named = readMcpRule(rule.tool);
    if (typeof named === 'string') return false;
    return named.tool !== undefined ? rule.tool === name : splitMcpName(name)?.server === named.server;
  }
  return rule.tool === name || (rule.tool === 'Edit' && name === 'Write');
}

function fail(text: string, why: string): never {
  throw new RuleSyntaxError(`Invalid permission rule "${text}": ${why}`);
}

/** Index of the parenthesis that closes the one at `open`, or -1. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

export function collapseWhitespace(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

function checkBashSpecifier(text: string, specifier: string): void {
  const body = specifier.endsWith(':*') ? specifier.slice(0, -2) : specifier;
  if (body.includes('*')) {
    fail(text, 'Bash rules name a whole command, or a prefix with a trailing ":*" (e.g. "Bash(npm run test:*)"); "*" elsewhere is not a wildcard. Write "Bash" alone to cover every command.');
  }
  if (body.trim() === '') fail(text, 'the prefix before ":*" is empty. Write "Bash" alone to cover every command.');
}

function checkPathSpecifier(text: string, specifier: string): void {
  if (specifier.startsWith('!')) fail(text, 'a rule cannot be negated with "!"; use a deny rule instead.');
  if (specifier.split('/').includes('..')) fail(text, 'paths are relative to the repository root; ".." cannot appear in a rule.');
  if (/^\/+$/.test(specifier)) fail(text, 'the glob is empty.');
  const problem = globProblem(specifier);
  if (problem !== undefined) fail(text, problem);
}

export function parseRule(text: string): PermissionRule {
  const written = text.trim();
  if (written === '') fail(text, 'the rule is empty.');
  const open = written.indexOf('(');
  if (open === -1 && written.includes(')')) fail(written, 'unbalanced parentheses: ")" without "(".');
  const tool = open === -1 ? written : written.slice(0, open);
  if (tool.startsWith(MCP_PREFIX)) {
    const named = readMcpRule(tool);
    if (typeof named === 'string') fail(written, `${named}; ${MCP_FORMS}`);
    if (open !== -1) fail(written, `MCP tools take no specifier; write "${tool}" alone to cover ${named.tool !== undefined ? 'every call of that tool' : 'every tool of the server'}.`);
    return { tool, text: written };
  }
  if (!TOOL_NAME.test(tool)) {
    fail(written, `"${tool}" is not a tool name (letters, digits and "_", starting with a letter; write "Tool" or "Tool(specifier)").`);
  }
  if (open === -1) return { tool, text: written };
  const close = closingParen(written, open);
  if (close === -1) fail(written, 'unbalanced parentheses: "(" is never closed.');
  if (close !== written.length - 1) fail(written, `unexpected text after the closing parenthesis: "${written.slice(close + 1)}".`);
  const specifier = written.slice(open + 1, close).trim();
  if (specifier === '') fail(written, `the specifier is empty; write "${tool}" alone to cover every call.`);
  if (PLAIN_TOOLS.has(tool)) fail(written, `${tool} takes no specifier; write "${tool}".`);
  if (tool === COMMAND_TOOL) checkBashSpecifier(written, specifier);
  if (FILE_TOOLS.has(tool)) checkPathSpecifier(written, specifier);
  return { tool, specifier, text: written };
}

/**
 * Splits an input like `allowed_tools` at commas and newlines that are not
 * inside parentheses, and parses each rule. Blank entries are ignored.
 */
export function parseRuleList(input: string): PermissionRule[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of input) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || ch === '\n' || ch === '\r')) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts.filter((part) => part.trim() !== '').map(parseRule);
}

function bashRuleMatches(specifier: string, command: string): boolean {
  const text = collapseWhitespace(command);
  if (specifier.endsWith(':*')) {
    const prefix = collapseWhitespace(specifier.slice(0, -2));
    return text === prefix || text.startsWith(prefix + ' ');
  }
  return text === collapseWhitespace(specifier);
}

/**
 * Does `rule` cover this call? For file tools `path` is relative to the
 * repository root with '/' separators ('.' = the root); for Bash `command` is
 * ONE simple command's text (see shell.ts). MCP rules have no specifier:
 * they match by name alone.
 */
export function ruleMatches(rule: PermissionRule, call: { tool: string; path?: string; command?: string }): boolean {
  if (!namesTool(rule, call.tool)) return false;
  if (rule.specifier === undefined) return true;
  if (rule.tool === COMMAND_TOOL) return call.command !== undefined && bashRuleMatches(rule.specifier, call.command);
  if (FILE_TOOLS.has(rule.tool)) return call.path !== undefined && pathRuleMatches(rule.specifier, call.path);
  // A specifier on a tool we do not know: no meaning we could check, so no match.
  return false;
}
