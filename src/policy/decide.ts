// The permission decision for each tool call (product.md §5). Rules come from
// sources in order of trust — built-in hard limits, the workflow's
// allowed_tools / disallowed_tools, the repository config, the mode's
// defaults — and a deny from any source wins over any allow. In CI nobody can
// answer a prompt, so `ask` means deny unless a PreToolUse hook allows. Every
// decision names the rule and source that made it; the model gets a denial it
// can act on.
import { lstatSync, readlinkSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { isInside, toAbsolute } from '../safety/paths.js';
import type { PermissionDecision, Tool, ToolKind } from '../tools/tool.js';
import { COMMAND_TOOL, namesTool, parseRule, READ_TOOL, ruleMatches, splitMcpName, type PermissionRule, type RuleSource } from './rules.js';

export interface RuleSet {
  source: RuleSource;
  allow: readonly PermissionRule[];
  deny: readonly PermissionRule[];
  ask: readonly PermissionRule[];
}

export interface Policy {
  /** In order of trust. */
  sets: readonly RuleSet[];
  sandboxed: boolean;
}

const SOURCE_NAMES: Record<RuleSource, string> = {
  'hard-limit': "Deckhand's built-in limits",
  workflow: "the workflow's allowed_tools / disallowed_tools",
  config: 'the repository config file',
  mode: 'the defaults of this mode',
};

/**
 * What Deckhand never lets the model do, whatever the rules say: it publishes
 * the work itself; and the credentials file google-github-actions/auth writes
 * into the checkout (`gha-creds-<random>.json`, the key to the runner's token
 * exchange) is never opened by a file tool, nor shown by a search.
 */
const CREDENTIALS_FILE = 'gha-creds-*.json';
// An Edit rule also covers Write.
const HARD_DENY = ['Bash(git push:*)', ...['Read', 'Edit', 'Glob', 'Grep'].map((tool) => `${tool}(${CREDENTIALS_FILE})`)];

/** Tools that write nothing and run nothing are allowed, by the mode's defaults, wherever a mode offers them (an explorer's own calls go through the rules). */
export function allowedByDefault(tools: ReadonlyArray<Pick<ToolKind, 'name' | 'traits'>>): PermissionRule[] {
  return tools.filter((tool) => tool.traits.harmless).map((tool) => parseRule(tool.name));
}

export function buildPolicy(opts: {
  /** The mode's defaults (modes/shared.ts), the least trusted rules. */
  defaults: readonly PermissionRule[];
  sandboxed: boolean;
  workflow: { allow: PermissionRule[]; deny: PermissionRule[] };
  config: { allow: PermissionRule[]; deny: PermissionRule[]; ask: PermissionRule[] };
}): Policy {
  return {
    sandboxed: opts.sandboxed,
    sets: [
      { source: 'hard-limit', allow: [], deny: HARD_DENY.map(parseRule), ask: [] },
      { source: 'workflow', allow: opts.workflow.allow, deny: opts.workflow.deny, ask: [] },
      { source: 'config', ...opts.config },
      { source: 'mode', allow: opts.defaults, deny: [], ask: [] },
    ],
  };
}

interface CallFacts {
  tool: string;
  path?: string;
  command?: string;
}

/** The path a call is about (as its tool names it), relative to the checkout with '/' separators. */
function relativePath(raw: string, root: string): string | undefined {
  let abs: string;
  try {
    abs = toAbsolute(raw, root);
  } catch {
    return undefined;
  }
  // Outside the checkout the tools refuse on their own; rules speak of paths inside it.
  if (!isInside(abs, root)) return undefined;
  return relative(root, abs).split(sep).join('/') || '.';
}

/**
 * Where that path really leads, relative to the checkout: a symlinked folder
 * (`wf -> .github/workflows`) or a dangling link (`x -> ../.github/workflows/new.yml`,
 * which a write would create) must not take an Edit past `Edit(.github/**)`.
 * Links are followed one component at a time, dangling ones too; names that do
 * not exist yet are kept as named.
 */
function realRelativePath(rel: string, root: string): string {
  const parts = resolve(root, rel).split(sep).filter(Boolean);
  let current: string = sep;
  for (let hops = 0; parts.length > 0; ) {
    const name = parts.shift()!;
    const next = join(current, name);
    const link = lstatSync(next, { throwIfNoEntry: false })?.isSymbolicLink() ? readlinkSync(next) : undefined;
    if (link === undefined) {
      current = next;
      continue;
    }
    if (++hops > 40) return rel; // a loop: opening it fails on its own
    parts.unshift(...resolve(current, link).split(sep).filter(Boolean));
    current = sep;
  }
  return isInside(current, root) ? relative(root, current).split(sep).join('/') || '.' : rel;
}

function first(sets: readonly RuleSet[], kind: 'allow' | 'deny' | 'ask', call: CallFacts): { rule: PermissionRule; source: RuleSource } | undefined {
  for (const set of sets) {
    const rule = set[kind].find((r) => ruleMatches(r, call));
    if (rule) return { rule, source: set.source };
  }
  return undefined;
}

function describeCall(call: CallFacts): string {
  if (call.command !== undefined) return `${call.tool} command \`${call.command}\``;
  if (call.path !== undefined) return `${call.tool} of ${call.path}`;
  const mcp = splitMcpName(call.tool);
  if (mcp) return `MCP tool ${call.tool} (tool "${mcp.tool}" of the server "${mcp.server}")`;
  return call.tool;
}

function denied(call: CallFacts, hit: { rule: PermissionRule; source: RuleSource }): PermissionDecision {
  const because = `the ${describeCall(call)} is denied by the rule ${hit.rule.text} (${SOURCE_NAMES[hit.source]}). Do not retry it; do the task another way, or say in your answer what you could not do and why.`;
  return {
    behavior: 'deny',
    // A file tool's denial opens with the seed's sentence, the one models know.
    message: call.path !== undefined ? `File is in a directory that is denied by your permission settings: ${because}` : `Permission denied: ${because}`,
    rule: hit.rule.text,
    source: hit.source,
  };
}

/** The decision for one call's facts (one simple command, for Bash). `hookAllowed`: a PreToolUse hook said yes. */
function decideFacts(policy: Policy, call: CallFacts, hookAllowed: boolean): PermissionDecision {
  const deny = first(policy.sets, 'deny', call);
  if (deny) return denied(call, deny);
  const ask = first(policy.sets, 'ask', call);
  if (ask && !hookAllowed) {
    return {
      behavior: 'deny',
      message: `Permission denied: the ${describeCall(call)} needs approval (the rule ${ask.rule.text} in ${SOURCE_NAMES[ask.source]} says ask), and in CI nobody can answer, so it is denied. Do the task another way, or say in your answer that it needs this.`,
      rule: ask.rule.text,
      source: ask.source,
    };
  }
  if (ask) return { behavior: 'allow', rule: ask.rule.text, source: ask.source };
  const allow = first(policy.sets, 'allow', call);
  if (allow) return { behavior: 'allow', rule: allow.rule.text, source: allow.source };
  const hint =
    call.command !== undefined && !policy.sandboxed
      ? ' Bash runs without the OS sandbox here, so only commands that an allow rule names can run.'
      : splitMcpName(call.tool)
        ? ' In this mode an MCP tool runs only when an allow rule names it or its server.'
        : '';
  return {
    behavior: 'deny',
    message: `Permission denied: no rule allows the ${describeCall(call)}.${hint} Do the task another way, or say in your answer what you could not do.`,
  };
}

/** Where a command runs: the checkout, and the folder the shell is in. */
export interface CommandPlace {
  root: string;
  cwd: string;
}

async function decideBash(policy: Policy, command: string, place: CommandPlace, hookAllowed: boolean): Promise<PermissionDecision> {
  const whole: CallFacts = { tool: COMMAND_TOOL, command: command.trim().replace(/\s+/g, ' ') };
  // The shell parser (and its wasm) is loaded on the first Bash call, never at start-up.
  const { analyzeShell } = await import('./shell/analyze.js');
  const analysis = await analyzeShell(command, place);
  // Every part of a compound command is checked: `npm test; curl x` is only as allowed as `curl x`.
  const parts = analysis.commands.length > 0 ? analysis.commands.map((c) => ({ tool: COMMAND_TOOL, command: c.text })) : [whole];
  // A deny rule also sees what a wrapper runs: `timeout 5 curl x` is as denied as `curl x`.
  const ran = analysis.commands.flatMap((c) => (c.alsoRuns ?? []).map((command) => ({ tool: COMMAND_TOOL, command })));
  for (const part of [...parts, ...ran]) {
    const deny = first(policy.sets, 'deny', part);
    if (deny) return denied(part, deny);
  }
  const wholeDeny = first(policy.sets, 'deny', whole);
  if (wholeDeny) return denied(whole, wholeDeny);
  if (analysis.hazards.length > 0) {
    // What the parser cannot see through fails closed, unless a rule names the exact command.
    const named = policy.sets.flatMap((set) => set.allow.filter((r) => r.specifier !== undefined && !r.specifier.endsWith(':*') && ruleMatches(r, whole)).map((rule) => ({ rule, source: set.source })));
    if (named[0]) return { behavior: 'allow', rule: named[0].rule.text, source: named[0].source };
    const hazard = analysis.hazards[0]!;
    return {
      behavior: 'deny',
      message: `Permission denied: ${hazard.detail} Commands like this run only when an allow rule names them exactly. Rewrite the command without it (for example, run the inner command on its own first).`,
      rule: `(${hazard.kind})`,
      source: 'hard-limit',
    };
  }
  let last: PermissionDecision = { behavior: 'allow' };
  for (const part of parts) {
    const decision = decideFacts(policy, part, hookAllowed);
    if (decision.behavior === 'deny') return decision;
    last = decision;
  }
  return last;
}

/**
 * May this command run outside an OS sandbox? Only when the rules allow it as
 * a Bash command of a run without a sandbox: an allow rule names it. Hooks use
 * this when there is no sandbox, as Bash does.
 */
export async function runsUnconfined(policy: Policy, command: string, place: CommandPlace): Promise<boolean> {
  return !policy.sandboxed && (await decideBash(policy, command, place, false)).behavior === 'allow';
}

/** The rules as a gate over calls in the checkout `root`; `hookAllowed` is true when a PreToolUse hook allowed the call (it lifts an ask rule). */
export function policyGate(policy: Policy, root: string): (tool: Tool, input: unknown, hookAllowed?: boolean) => Promise<PermissionDecision> {
  return async (tool, input, hookAllowed = false) => {
    const target = tool.target(input);
    if ('command' in target) return decideBash(policy, target.command, { root, cwd: target.cwd }, hookAllowed);
    const path = 'path' in target ? relativePath(target.path, root) : undefined;
    if (path === undefined) return decideFacts(policy, { tool: tool.name }, hookAllowed);
    // Both the path as named and where it really leads are checked: either may be denied.
    const real = realRelativePath(path, root);
    const asNamed = decideFacts(policy, { tool: tool.name, path }, hookAllowed);
    if (real === path || asNamed.behavior === 'deny') return asNamed;
    return decideFacts(policy, { tool: tool.name, path: real }, hookAllowed);
  };
}

/** Which tools the PreToolUse hooks with these matchers run for. */
function hookedBy(preToolUseMatchers: readonly string[]): (name: string) => boolean {
  if (preToolUseMatchers.some((matcher) => matcher === '' || matcher === '*')) return () => true;
  const rules = preToolUseMatchers.map(parseRule);
  return (name) => rules.some((rule) => namesTool(rule, name));
}

/**
 * Could any call of the tool called `name` be allowed? Not when a rule without
 * specifier denies it, nor when no allow rule of any source could ever match
 * it (an `ask` rule counts only when a PreToolUse hook could lift it).
 */
function offerable(policy: Policy, name: string, hooked: (name: string) => boolean): boolean {
  const all = { tool: name };
  const outright = (kind: 'deny' | 'ask') => policy.sets.some((set) => set[kind].some((rule) => rule.specifier === undefined && ruleMatches(rule, all)));
  if (outright('deny')) return false;
  // `ask` for every call, with no hook that could allow one: as good as denied.
  if (outright('ask') && !hooked(name)) return false;
  const anyAllow = policy.sets.some((set) => set.allow.some((rule) => namesTool(rule, name)));
  const anyAsk = hooked(name) && policy.sets.some((set) => set.ask.some((rule) => namesTool(rule, name)));
  return anyAllow || anyAsk;
}

/**
 * The tools worth offering: a tool every call of which would be denied is
 * left out, so the model never spends a turn on it (`preToolUseMatchers` are
 * the PreToolUse hooks' matchers: such a hook may lift an ask rule).
 */
export function offeredTools<T extends Pick<ToolKind, 'name'>>(policy: Policy, tools: readonly T[], preToolUseMatchers: readonly string[] = []): T[] {
  const hooked = hookedBy(preToolUseMatchers);
  return tools.filter((tool) => offerable(policy, tool.name, hooked));
}

/**
 * Could any tool of this MCP server be offered? When not (a review without an
 * allow rule naming the server or one of its tools; a deny of the whole
 * server), the server is not started at all.
 */
export function mayOfferServer(policy: Policy, server: string, preToolUseMatchers: readonly string[] = []): boolean {
  const hooked = hookedBy(preToolUseMatchers);
  const rules = [...policy.sets.flatMap((set) => [...set.allow, ...set.ask]), ...preToolUseMatchers.filter((m) => m !== '' && m !== '*').map(parseRule)];
  const named = rules.map((rule) => rule.tool).filter((name) => splitMcpName(name)?.server === server);
  // No tool is called "*", so `mcp__<server>__*` stands for every tool that no rule names on its own.
  return [`mcp__${server}__*`, ...named].some((name) => offerable(policy, name, hooked));
}

/** Read deny rules as ripgrep exclusions, so searches do not show what Read may not. */
export function hiddenFromSearch(policy: Policy): string[] {
  return policy.sets.flatMap((set) => set.deny.filter((rule) => rule.tool === READ_TOOL && rule.specifier !== undefined).map((rule) => rule.specifier!));
}
