// MCP tools under the permission rules: the names rules may give them
// (`mcp__<server>__<tool>`, `mcp__<server>`, `mcp__<server>__*`), what those
// names match, the mode defaults (every MCP tool outside review mode, none in
// it), deny winning from any source, which tools and servers are worth
// offering, and hook matchers by the same names.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, test } from 'vitest';
import { z } from 'zod';
import type { Mode } from '../../src/core/trigger.js';
import { specOf } from '../../src/modes/index.js';
import { allowedByDefault, buildPolicy, mayOfferServer, offeredTools, policyGate, type Policy } from '../../src/policy/decide.js';
import { createHooks } from '../../src/policy/hooks.js';
import { parseRule, parseRuleList, ruleMatches, RuleSyntaxError, type PermissionRule } from '../../src/policy/rules.js';
import { ALL_TOOLS } from '../../src/tools/index.js';
import { buildTool, sharedKind, type Tool } from '../../src/tools/tool.js';
import { removeToolWorkspaces, toolWorkspace } from '../helpers/tool-calls.js';
import { makeSandbox } from '../helpers/workspace.js';

afterEach(removeToolWorkspaces);

const box = makeSandbox({}, { git: false });

/** An MCP tool as the client makes one: a plain Tool whose target names nothing. */
function mcpTool(name: string): Tool {
  return buildTool({
    name,
    description: `The MCP tool ${name}.`,
    inputSchema: z.object({ title: z.string().optional(), path: z.string().optional() }),
    call: async () => ({ content: 'done' }),
  });
}

const CREATE = mcpTool('mcp__tracker__create_issue');
const DELETE = mcpTool('mcp__tracker__delete_issue');
const SEARCH = mcpTool('mcp__docs__search');
const MCP_TOOLS = [CREATE, DELETE, SEARCH];

function policy(opts: { mode?: Mode; sandboxed?: boolean; allow?: string; deny?: string; configAllow?: string; configDeny?: string; configAsk?: string } = {}): Policy {
  const sandboxed = opts.sandboxed ?? true;
  return buildPolicy({
    // The mode's defaults, for the tools these tests offer.
    defaults: [...specOf(opts.mode ?? 'fix').defaultRules(sandboxed), ...allowedByDefault(ALL_TOOLS)],
    sandboxed,
    workflow: { allow: parseRuleList(opts.allow ?? ''), deny: parseRuleList(opts.deny ?? '') },
    config: { allow: parseRuleList(opts.configAllow ?? ''), deny: parseRuleList(opts.configDeny ?? ''), ask: parseRuleList(opts.configAsk ?? '') },
  });
}

const call = (p: Policy, tool: Tool, hookAllowed = false) => policyGate(p, box.root)(tool, { title: 'x' }, hookAllowed);
const names = (tools: ReadonlyArray<{ name: string }>) => tools.map((t) => t.name).sort();

describe('parseRule with MCP names', () => {
  const valid: Array<[string, Omit<PermissionRule, 'text'>]> = [
    ['mcp__tracker__create_issue', { tool: 'mcp__tracker__create_issue' }],
    ['mcp__tracker__*', { tool: 'mcp__tracker__*' }],
    ['mcp__tracker', { tool: 'mcp__tracker' }],
    ['  mcp__tracker  ', { tool: 'mcp__tracker' }],
    ['mcp__my-server__get-thing', { tool: 'mcp__my-server__get-thing' }],
    ['mcp__Tracker2__Create_Issue', { tool: 'mcp__Tracker2__Create_Issue' }],
    // A tool's name may hold "__": the server's ends at the first one.
    ['mcp__tracker__issues__create', { tool: 'mcp__tracker__issues__create' }],
    ['mcp__tracker___private', { tool: 'mcp__tracker___private' }],
    ['mcp___internal__x', { tool: 'mcp___internal__x' }],
    ['mcp__-__-', { tool: 'mcp__-__-' }],
    [`mcp__${'s'.repeat(64)}__${'t'.repeat(64)}`, { tool: `mcp__${'s'.repeat(64)}__${'t'.repeat(64)}` }],
  ];
  test.each(valid)('parses %j', (text, expected) => {
    expect(parseRule(text)).toEqual({ ...expected, text: text.trim() });
  });

  const FORMS =
    'write "mcp__<server>__<tool>" for one tool, or "mcp__<server>" or "mcp__<server>__*" for every tool of a server (each name 1 to 64 letters, digits, "_" or "-"; a server name has no "__" and does not end with "_").';
  const invalid: Array<[string, string]> = [
    ['mcp__', `Invalid permission rule "mcp__": the server name is empty; ${FORMS}`],
    ['mcp____x', `Invalid permission rule "mcp____x": the server name is empty; ${FORMS}`],
    ['mcp__a b', `Invalid permission rule "mcp__a b": "a b" is not a server name; ${FORMS}`],
    ['mcp__*', `Invalid permission rule "mcp__*": "*" is not a server name; ${FORMS}`],
    ['mcp__track*', `Invalid permission rule "mcp__track*": "track*" is not a server name; ${FORMS}`],
    [`mcp__${'s'.repeat(65)}`, `Invalid permission rule "mcp__${'s'.repeat(65)}": "${'s'.repeat(65)}" is not a server name; ${FORMS}`],
    ['mcp__tracker (x)', `Invalid permission rule "mcp__tracker (x)": "tracker " is not a server name; ${FORMS}`],
    ['mcp__tracker__', `Invalid permission rule "mcp__tracker__": the tool name is empty; ${FORMS}`],
    ['mcp__tracker__*x', `Invalid permission rule "mcp__tracker__*x": "*x" is not a tool name ("*" stands only for every tool of the server); ${FORMS}`],
    ['mcp__tracker__create*', `Invalid permission rule "mcp__tracker__create*": "create*" is not a tool name ("*" stands only for every tool of the server); ${FORMS}`],
    ['mcp__tracker__a.b', `Invalid permission rule "mcp__tracker__a.b": "a.b" is not a tool name; ${FORMS}`],
    [`mcp__s__${'t'.repeat(65)}`, `Invalid permission rule "mcp__s__${'t'.repeat(65)}": "${'t'.repeat(65)}" is not a tool name; ${FORMS}`],
    ['mcp__my__server__*', `Invalid permission rule "mcp__my__server__*": "my__server" is not a server name (a server name has no "__"); ${FORMS}`],
    ['mcp__tracker_', `Invalid permission rule "mcp__tracker_": the server name "tracker_" ends with "_", so its tools' names would read as tools of "tracker"; ${FORMS}`],
    [
      'mcp__tracker__create_issue(title:x)',
      'Invalid permission rule "mcp__tracker__create_issue(title:x)": MCP tools take no specifier; write "mcp__tracker__create_issue" alone to cover every call of that tool.',
    ],
    ['mcp__tracker(create_issue)', 'Invalid permission rule "mcp__tracker(create_issue)": MCP tools take no specifier; write "mcp__tracker" alone to cover every tool of the server.'],
    ['mcp__tracker__*(x)', 'Invalid permission rule "mcp__tracker__*(x)": MCP tools take no specifier; write "mcp__tracker__*" alone to cover every tool of the server.'],
    ['mcp__tracker()', 'Invalid permission rule "mcp__tracker()": MCP tools take no specifier; write "mcp__tracker" alone to cover every tool of the server.'],
  ];
  test.each(invalid)('rejects %j', (text, message) => {
    expect(() => parseRule(text)).toThrow(RuleSyntaxError);
    expect(() => parseRule(text)).toThrow(message);
    expect(() => parseRule(text)).toThrow(/^[^\n]+$/);
  });

  test('names that only look like MCP names are ordinary tool names, as before', () => {
    expect(parseRule('mcp_tracker')).toEqual({ tool: 'mcp_tracker', text: 'mcp_tracker' });
    expect(parseRule('MCP__tracker')).toEqual({ tool: 'MCP__tracker', text: 'MCP__tracker' });
    expect(() => parseRule('mcp-tracker')).toThrow(/not a tool name/);
  });

  test('a list splits MCP rules like any others', () => {
    expect(parseRuleList('mcp__tracker, Read\nmcp__docs__search').map((rule) => rule.text)).toEqual(['mcp__tracker', 'Read', 'mcp__docs__search']);
  });
});

describe('ruleMatches with MCP names', () => {
  const cases: Array<[rule: string, tool: string, expected: boolean]> = [
    ['mcp__s__t', 'mcp__s__t', true],
    ['mcp__s__t', 'mcp__s__t2', false],
    ['mcp__s__t', 'mcp__s__u', false],
    ['mcp__s__t', 'mcp__s2__t', false],
    ['mcp__s__a__b', 'mcp__s__a__b', true],
    ['mcp__s__a__b', 'mcp__s__a', false],
    ['mcp__s', 'mcp__s__t', true],
    ['mcp__s', 'mcp__s__a__b', true],
    ['mcp__s', 'mcp__s___private', true],
    ['mcp__s', 'mcp__s2__x', false],
    ['mcp__s', 'mcp__s-x__y', false],
    ['mcp__s', 'mcp__x__s', false],
    ['mcp__s', 'mcp__s', false],
    ['mcp__s', 's', false],
    ['mcp__s__*', 'mcp__s__t', true],
    ['mcp__s__*', 'mcp__s2__x', false],
    ['mcp__s__*', 'mcp__s-x__y', false],
    ['mcp__s-x', 'mcp__s-x__y', true],
    ['mcp__s-x', 'mcp__s__y', false],
    ['mcp__s', 'Read', false],
    ['Read', 'mcp__s__t', false],
  ];
  test.each(cases)('%s covers %s: %s', (rule, tool, expected) => {
    expect(ruleMatches(parseRule(rule), { tool })).toBe(expected);
  });

  test('a path or command in the call changes nothing: MCP rules match by name alone', () => {
    expect(ruleMatches(parseRule('mcp__s'), { tool: 'mcp__s__t', path: 'src/a.ts', command: 'ls' })).toBe(true);
  });
});

describe('the mode defaults for MCP tools', () => {
  it.each<Mode>(['mention', 'fix', 'task', 'ci-fix'])('%s mode allows every MCP tool', async (mode) => {
    const p = policy({ mode });
    for (const tool of MCP_TOOLS) expect(await call(p, tool)).toEqual({ behavior: 'allow', rule: 'mcp__*', source: 'mode' });
    expect(names(offeredTools(p, MCP_TOOLS))).toEqual(names(MCP_TOOLS));
  });

  it('the default does not depend on the Bash sandbox', async () => {
    expect(await call(policy({ sandboxed: false }), CREATE)).toMatchObject({ behavior: 'allow', source: 'mode' });
  });

  it('review mode allows none, with a denial that says why', async () => {
    const p = policy({ mode: 'review' });
    expect(await call(p, CREATE)).toEqual({
      behavior: 'deny',
      message:
        'Permission denied: no rule allows the MCP tool mcp__tracker__create_issue (tool "create_issue" of the server "tracker"). In this mode an MCP tool runs only when an allow rule names it or its server. Do the task another way, or say in your answer what you could not do.',
    });
    expect(offeredTools(p, MCP_TOOLS)).toEqual([]);
  });

  it.each([
    ['the workflow', { allow: 'mcp__tracker' }, 'workflow'],
    ['the workflow', { allow: 'mcp__tracker__*' }, 'workflow'],
    ['the config file', { configAllow: 'mcp__tracker' }, 'config'],
  ])('in review mode an allow rule from %s names a server: %j', async (_from, rules, source) => {
    const p = policy({ mode: 'review', ...rules });
    expect(await call(p, CREATE)).toMatchObject({ behavior: 'allow', source });
    expect(await call(p, DELETE)).toMatchObject({ behavior: 'allow', source });
    expect(await call(p, SEARCH)).toMatchObject({ behavior: 'deny' });
    expect(names(offeredTools(p, [...ALL_TOOLS, ...MCP_TOOLS.map(sharedKind)]))).toEqual(['Glob', 'Grep', 'Read', 'TodoWrite', 'mcp__tracker__create_issue', 'mcp__tracker__delete_issue']);
  });

  it('in review mode an allow rule naming one tool allows that tool only', async () => {
    const p = policy({ mode: 'review', configAllow: 'mcp__tracker__create_issue' });
    expect(await call(p, CREATE)).toEqual({ behavior: 'allow', rule: 'mcp__tracker__create_issue', source: 'config' });
    expect(await call(p, DELETE)).toMatchObject({ behavior: 'deny' });
    expect(names(offeredTools(p, MCP_TOOLS))).toEqual(['mcp__tracker__create_issue']);
  });
});

describe('deny wins for MCP tools', () => {
  it.each([
    [{ deny: 'mcp__tracker' }, 'mcp__tracker', 'workflow', "the workflow's allowed_tools / disallowed_tools"],
    [{ configDeny: 'mcp__tracker__*' }, 'mcp__tracker__*', 'config', 'the repository config file'],
  ])('a deny of the whole server beats the mode default: %j', async (rules, rule, source, sourceName) => {
    const p = policy(rules);
    expect(await call(p, DELETE)).toEqual({
      behavior: 'deny',
      message: `Permission denied: the MCP tool mcp__tracker__delete_issue (tool "delete_issue" of the server "tracker") is denied by the rule ${rule} (${sourceName}). Do not retry it; do the task another way, or say in your answer what you could not do and why.`,
      rule,
      source,
    });
    expect(await call(p, SEARCH)).toMatchObject({ behavior: 'allow', source: 'mode' });
    expect(names(offeredTools(p, MCP_TOOLS))).toEqual(['mcp__docs__search']);
  });

  it('a deny of one tool beats an allow of its server, and only that tool', async () => {
    const p = policy({ mode: 'review', allow: 'mcp__tracker', configDeny: 'mcp__tracker__delete_issue' });
    expect(await call(p, DELETE)).toMatchObject({ behavior: 'deny', rule: 'mcp__tracker__delete_issue', source: 'config' });
    expect(await call(p, CREATE)).toEqual({ behavior: 'allow', rule: 'mcp__tracker', source: 'workflow' });
    expect(names(offeredTools(p, MCP_TOOLS))).toEqual(['mcp__tracker__create_issue']);
  });

  it('the config cannot allow what the workflow denied', async () => {
    const p = policy({ mode: 'review', deny: 'mcp__tracker', configAllow: 'mcp__tracker__create_issue' });
    expect(await call(p, CREATE)).toMatchObject({ behavior: 'deny', rule: 'mcp__tracker', source: 'workflow' });
  });

  it('a deny of one server leaves servers with similar names alone', async () => {
    const p = policy({ deny: 'mcp__tracker' });
    expect(await call(p, mcpTool('mcp__tracker2__create_issue'))).toMatchObject({ behavior: 'allow', source: 'mode' });
    expect(await call(p, mcpTool('mcp__tracker-x__create_issue'))).toMatchObject({ behavior: 'allow', source: 'mode' });
  });

  it('ask means deny in CI, unless a PreToolUse hook allows it', async () => {
    const p = policy({ configAsk: 'mcp__tracker__delete_issue' });
    const asked = await call(p, DELETE);
    expect(asked).toEqual({
      behavior: 'deny',
      message:
        'Permission denied: the MCP tool mcp__tracker__delete_issue (tool "delete_issue" of the server "tracker") needs approval (the rule mcp__tracker__delete_issue in the repository config file says ask), and in CI nobody can answer, so it is denied. Do the task another way, or say in your answer that it needs this.',
      rule: 'mcp__tracker__delete_issue',
      source: 'config',
    });
    expect(await call(p, DELETE, true)).toEqual({ behavior: 'allow', rule: 'mcp__tracker__delete_issue', source: 'config' });
    expect(await call(p, CREATE)).toMatchObject({ behavior: 'allow', source: 'mode' });
  });
});

describe('offering MCP tools and starting their servers', () => {
  it('a tool asked for outright is offered only when a PreToolUse hook could allow its calls', () => {
    const p = policy({ mode: 'review', configAsk: 'mcp__docs' });
    expect(names(offeredTools(p, MCP_TOOLS))).toEqual([]);
    expect(names(offeredTools(p, MCP_TOOLS, ['mcp__tracker']))).toEqual([]);
    expect(names(offeredTools(p, MCP_TOOLS, ['mcp__docs']))).toEqual(['mcp__docs__search']);
    expect(names(offeredTools(p, MCP_TOOLS, ['mcp__docs__search']))).toEqual(['mcp__docs__search']);
    expect(names(offeredTools(p, MCP_TOOLS, ['*']))).toEqual(['mcp__docs__search']);
  });

  it('a hook matcher for a server does not make its tools offered without an allow or ask rule', () => {
    expect(offeredTools(policy({ mode: 'review' }), MCP_TOOLS, ['mcp__tracker'])).toEqual([]);
  });

  // Each case also checks offeredTools agrees: the server may be offered exactly when one of its tools is.
  const tracker = [CREATE, DELETE, mcpTool('mcp__tracker__list')];
  const servers: Array<[what: string, opts: Parameters<typeof policy>[0], matchers: string[], expected: boolean]> = [
    ['the fix mode default', {}, [], true],
    ['the ci-fix mode default', { mode: 'ci-fix' }, [], true],
    ['review mode with no rule', { mode: 'review' }, [], false],
    ['review mode allowing the server', { mode: 'review', allow: 'mcp__tracker' }, [], true],
    ['review mode allowing the server with *', { mode: 'review', configAllow: 'mcp__tracker__*' }, [], true],
    ['review mode allowing one of its tools', { mode: 'review', allow: 'mcp__tracker__create_issue' }, [], true],
    ['review mode allowing another server', { mode: 'review', allow: 'mcp__docs, mcp__tracker2, mcp__tracker-x__create_issue' }, [], false],
    ['a workflow deny of the server', { deny: 'mcp__tracker' }, [], false],
    ['a config deny of the server with *', { configDeny: 'mcp__tracker__*' }, [], false],
    ['a deny of one tool', { deny: 'mcp__tracker__delete_issue' }, [], true],
    ['a deny of the server beside an allow of one tool', { mode: 'review', allow: 'mcp__tracker__create_issue', configDeny: 'mcp__tracker' }, [], false],
    ['a deny of each tool an allow names', { mode: 'review', allow: 'mcp__tracker__create_issue', deny: 'mcp__tracker__create_issue' }, [], false],
    ['an ask for the server with no hook', { configAsk: 'mcp__tracker' }, [], false],
    ['an ask for the server with a hook for it', { configAsk: 'mcp__tracker' }, ['mcp__tracker'], true],
    ['an ask for the server with a hook for one tool', { configAsk: 'mcp__tracker' }, ['mcp__tracker__create_issue'], true],
    ['an ask for the server with a hook for every tool', { configAsk: 'mcp__tracker' }, ['*'], true],
    ['an ask for the server with a hook for another', { configAsk: 'mcp__tracker' }, ['mcp__docs', 'Bash'], false],
    ['review mode, an ask for one tool with a hook for it', { mode: 'review', configAsk: 'mcp__tracker__list' }, ['mcp__tracker__list'], true],
  ];
  test.each(servers)('mayOfferServer with %s: %s', (_what, opts, matchers, expected) => {
    const p = policy(opts);
    expect(mayOfferServer(p, 'tracker', matchers)).toBe(expected);
    expect(offeredTools(p, tracker, matchers).length > 0).toBe(expected);
  });

  it('mayOfferServer without hook matchers', () => {
    expect(mayOfferServer(policy(), 'tracker')).toBe(true);
    expect(mayOfferServer(policy({ mode: 'review' }), 'tracker')).toBe(false);
  });
});

describe('hook matchers name MCP tools', () => {
  it('a matcher naming a server runs for its tools only, whatever their input holds', async () => {
    const { ctx, path } = toolWorkspace([], {});
    const hooks = createHooks(
      { PreToolUse: [{ matcher: 'mcp__tracker', command: `grep -o '"tool_name":"[^"]*"' >> seen.txt`, timeout: 30 }], PostToolUse: [], Stop: [] },
      { root: ctx.root, tempDir: ctx.tempDir, childEnv: ctx.childEnv, unconfined: async () => true, baseFile: async () => undefined, warn: () => undefined },
    );
    // The input is the server's own: a "path" there is no file path, and must not trip the path check.
    expect(await hooks.preToolUse('mcp__tracker__create_issue', { path: '~/x' })).toEqual({});
    await hooks.preToolUse('mcp__tracker2__create_issue', {});
    await hooks.preToolUse('mcp__tracker-x__y', {});
    await hooks.preToolUse('mcp__docs__search', { path: '\0' });
    await hooks.preToolUse('Read', { file_path: path('a') });
    expect(readFileSync(path('seen.txt'), 'utf8')).toBe('"tool_name":"mcp__tracker__create_issue"\n');
  });

  it('a matcher naming one tool runs for that tool', async () => {
    const { ctx } = toolWorkspace([], {});
    const hooks = createHooks(
      { PreToolUse: [{ matcher: 'mcp__tracker__delete_issue', command: 'echo \'{"decision":"allow"}\'', timeout: 30 }], PostToolUse: [], Stop: [] },
      { root: ctx.root, tempDir: ctx.tempDir, childEnv: ctx.childEnv, unconfined: async () => true, baseFile: async () => undefined, warn: () => undefined },
    );
    expect(await hooks.preToolUse('mcp__tracker__delete_issue', {})).toEqual({ allowed: true });
    expect(await hooks.preToolUse('mcp__tracker__create_issue', {})).toEqual({});
  });
});
