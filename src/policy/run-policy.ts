// A run's policy, put together once from the workflow's rules and the
// config's: the sandbox Bash will run in (or not), the rules from every
// source, the tools worth offering, and the hooks — as the three functions the
// agent loop calls around each tool call and before it stops.
import type { SandboxDecision } from '../safety/sandbox/choose.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import type { AfterCall, PermissionGate, ToolKind } from '../tools/tool.js';
import { allowedByDefault, buildPolicy, hiddenFromSearch, mayOfferServer, offeredTools, policyGate, runsUnconfined } from './decide.js';
import { createHooks, type BaseFile, type HookEvent, type HookSpec } from './hooks.js';
import { parseRuleList, RuleSyntaxError, type PermissionRule } from './rules.js';

/** What of the repository config the policy is made of: its rules and its hooks. */
export interface PolicyConfig {
  permissions: { allow: PermissionRule[]; deny: PermissionRule[]; ask: PermissionRule[] };
  hooks: Record<HookEvent, HookSpec[]>;
}

/** A setting of the workflow that cannot work: the run stops with this line. */
export class PolicyError extends Error {
  override name = 'PolicyError';
}

export interface RunPolicy {
  tools: ToolKind[];
  gate: PermissionGate;
  after: AfterCall;
  onStop: (answer: string) => Promise<string | undefined>;
  sandbox?: Sandbox;
  /** Read deny rules, as ripgrep exclusions for Glob and Grep. */
  hiddenGlobs: string[];
}

function workflowRules(input: string, name: string) {
  try {
    return parseRuleList(input);
  } catch (err) {
    if (err instanceof RuleSyntaxError) throw new PolicyError(`Input ${name}: ${err.message}`);
    throw err;
  }
}

/**
 * Which MCP servers are worth starting: those some tool of which the run's
 * rules could allow (review mode: only servers an allow rule names). Asked
 * before the servers start, with the same rules preparePolicy applies.
 */
export function mcpServersWorthStarting(opts: { defaults: readonly PermissionRule[]; allowedTools: string; disallowedTools: string; config: PolicyConfig }): (server: string) => boolean {
  const workflow = { allow: workflowRules(opts.allowedTools, 'allowed_tools'), deny: workflowRules(opts.disallowedTools, 'disallowed_tools') };
  const policy = buildPolicy({ defaults: opts.defaults, sandboxed: false, workflow, config: opts.config.permissions });
  const matchers = opts.config.hooks.PreToolUse.map((hook) => hook.matcher);
  return (server) => mayOfferServer(policy, server, matchers);
}

/**
 * What Read may not open, as path globs: the Read deny rules of Deckhand's
 * limits, the workflow and the config. No search shows such a file, and no
 * first message shows its patch — asked before the policy is prepared, with
 * the same rules preparePolicy applies.
 */
export function readDeniedGlobs(opts: { allowedTools: string; disallowedTools: string; config: PolicyConfig }): string[] {
  const workflow = { allow: workflowRules(opts.allowedTools, 'allowed_tools'), deny: workflowRules(opts.disallowedTools, 'disallowed_tools') };
  return hiddenFromSearch(buildPolicy({ defaults: [], sandboxed: false, workflow, config: opts.config.permissions }));
}

export async function preparePolicy(opts: {
  /** The mode's default rules, once it is known whether Bash runs in the sandbox. */
  defaults: (sandboxed: boolean) => PermissionRule[];
  tools: readonly ToolKind[];
  allowedTools: string;
  disallowedTools: string;
  /** The sandbox, prepared on first call (see startSandbox). */
  sandbox: () => Promise<SandboxDecision>;
  config: PolicyConfig;
  /**
   * The base branch's content of a checkout-relative file (the branch the
   * config was read from), undefined when it has no such file; a rejection
   * says why it could not be read. Hooks run these versions of the scripts
   * they name (hooks.ts). Asked lazily, once per file, and only for hooks.
   */
  baseFile: BaseFile;
  /** The checkout, the action's temp folder and the environment the agent's processes get: where hooks run. */
  root: string;
  tempDir: string;
  childEnv: NodeJS.ProcessEnv;
  warn: (message: string) => void;
}): Promise<RunPolicy> {
  const workflow = { allow: workflowRules(opts.allowedTools, 'allowed_tools'), deny: workflowRules(opts.disallowedTools, 'disallowed_tools') };
  const runsBash = opts.tools.some((tool) => tool.traits.needsSandbox);
  const hasHooks = Object.values(opts.config.hooks).some((specs) => specs.length > 0);
  // Hooks run in the same sandbox as Bash, in every mode (review too: its hooks may run scripts of the PR).
  const decision = runsBash || hasHooks ? await opts.sandbox() : undefined;
  if (decision?.kind === 'unavailable') throw new PolicyError(decision.error);
  if (decision?.kind === 'unsandboxed' && decision.warning) opts.warn(decision.warning);
  const sandbox = decision?.kind === 'sandboxed' ? decision.sandbox : undefined;

  // The mode's defaults, and every tool it offers that writes nothing and runs nothing.
  const defaults = [...opts.defaults(sandbox !== undefined), ...allowedByDefault(opts.tools)];
  const policy = buildPolicy({ defaults, sandboxed: sandbox !== undefined, workflow, config: opts.config.permissions });
  const { root } = opts;
  const hooks = createHooks(opts.config.hooks, {
    root,
    tempDir: opts.tempDir,
    childEnv: opts.childEnv,
    ...(sandbox ? { sandbox } : {}),
    // Unconfined, like Bash without a sandbox: only what an allow rule names (read where a hook runs, the root), and never in review mode.
    ...(runsBash ? { unconfined: (command: string) => runsUnconfined(policy, command, { root, cwd: root }) } : {}),
    baseFile: opts.baseFile,
    warn: opts.warn,
  });
  const rules = policyGate(policy, root);
  return {
    tools: offeredTools(policy, opts.tools, opts.config.hooks.PreToolUse.map((hook) => hook.matcher)),
    ...(sandbox ? { sandbox } : {}),
    hiddenGlobs: hiddenFromSearch(policy),
    // Hooks first (one may block, or allow what an ask rule holds back), then the rules.
    gate: async (tool, input) => {
      const pre = await hooks.preToolUse(tool.name, input);
      if (pre.blocked) {
        return { behavior: 'deny', message: `Blocked by a PreToolUse hook: ${pre.blocked}`, rule: 'PreToolUse hook', source: 'config' };
      }
      return rules(tool, input, pre.allowed === true);
    },
    after: async (tool, input, result) => {
      const post = await hooks.postToolUse(tool.name, input, result);
      return post.blocked ? { ...result, content: `${result.content}\n\nFeedback from a PostToolUse hook:\n${post.blocked}` } : result;
    },
    onStop: async (answer) => (await hooks.stop(answer)).blocked,
  };
}
