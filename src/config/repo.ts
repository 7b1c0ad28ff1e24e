// The repository config file (product.md §5), read through the API from the
// base branch — never from the PR head or the checkout, so a pull request
// cannot loosen the policy that governs it. An invalid file fails the run with
// a message naming the bad key; unknown keys are warnings.
import { z } from 'zod';
import { SEVERITIES, type Severity } from '../core/review.js';
import { MODEL_ID } from '../inputs.js';
import type { HookEvent, HookSpec } from '../policy/hooks.js';
import { parseRule, RuleSyntaxError, type PermissionRule } from '../policy/rules.js';
import { globProblem } from '../safety/globs.js';
import { NetworkListError, parseHostList, splitList, type HostPattern } from '../safety/network/allow-list.js';
import { MCP_ENTRY_KEYS, McpServersSchema, mcpEntryKind, type RawMcpServers } from './mcp.js';

const HookSchema = z.object({
  matcher: z.string().default('*'),
  command: z.string().min(1),
  timeout: z.number().positive().max(600).default(60),
});

const rules = z.array(z.string()).default([]);

/** How many ci-fix commits in a row a branch may get while its CI stays red (`ci_fix.max_attempts`). */
export const DEFAULT_CI_FIX_ATTEMPTS = 2;
/** The most `ci_fix.max_attempts` may be (and so the most commits the loop guard reads). */
export const MAX_CI_FIX_ATTEMPTS = 10;

/** How many times a verifier's FAIL may go back to the agent by default (`verify.rounds`), and at most. */
export const DEFAULT_VERIFY_ROUNDS = 1;
export const MAX_VERIFY_ROUNDS = 5;

const VerifyWhen = z.enum(['auto', 'off'], { error: 'must be auto or off' });
const modelId = z.string().regex(MODEL_ID.pattern, { error: MODEL_ID.error });
/** `verify: off` (or YAML's false) and `verify: auto` are short for `{when: …}`. */
const VerifySchema = z.preprocess(
  (value) => (value === false ? { when: 'off' } : typeof value === 'string' ? { when: value } : value),
  z.object(
    { when: VerifyWhen.default('auto'), rounds: z.number().int().min(0).max(MAX_VERIFY_ROUNDS).default(DEFAULT_VERIFY_ROUNDS), model: modelId.optional() },
    { error: 'must be auto, off, or a mapping of when, rounds and model' },
  ),
);

/** The least severity a review finding is double-checked at by default (`review.double_check_min`). */
export const DEFAULT_DOUBLE_CHECK_MIN: Severity = 'important';

/** The branch memories live on when the config names none. */
export const DEFAULT_MEMORY_BRANCH = 'deckhand/memory';
/** A branch name as git takes it (no "..", no leading "/" or "-", none of git's special characters). */
const branchName = z
  .string()
  .regex(/^(?![-/])(?!.*\.\.)(?!.*\/\/)(?!.*\.lock$)[A-Za-z0-9._\/-]+(?<![/.])$/, { error: 'must be a branch name (letters, digits, ".", "_", "-" and "/")' });
/** `memory: off` (or YAML's false) turns memory off; a mapping sets where it lives and how it is recalled and consolidated. */
const MemorySchema = z.preprocess(
  (value) => (value === false || value === 'off' ? { enabled: false } : value === true || value === 'on' ? {} : value),
  z.object(
    {
      enabled: z.boolean().default(true),
      branch: branchName.default(DEFAULT_MEMORY_BRANCH),
      recall_model: modelId.optional(),
      consolidate: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
    },
    { error: 'must be off, or a mapping of branch, recall_model and consolidate' },
  ),
);
/** `skills: off` (or YAML's false) offers none; a list offers only the skills it names. */
const SkillsSchema = z.preprocess(
  (value) => (value === false ? 'off' : value === true ? 'on' : value),
  z.union([z.enum(['on', 'off']), z.array(z.string().min(1))], { error: 'must be off, or a list of skill names' }),
);

/** `network: off` (or YAML's false), or the hosts a run may reach (a list, or one string of them), which narrow the workflow's `network`. */
const NetworkSchema = z.preprocess(
  (value) => (value === false ? 'off' : value),
  z.union([z.literal('off'), z.array(z.string()), z.string()], { error: 'must be off, or a list of hosts, *. patterns and presets' }),
);

/** `fleet: off` (or YAML's false): the repository opts out of every fleet (a plan leaves it out, a target's run skips). */
const FleetSchema = z.preprocess((value) => (value === false ? 'off' : value === true ? 'on' : value), z.enum(['on', 'off'], { error: 'must be on or off' }));

export const ConfigSchema = z.object({
  instructions: z.string().optional(),
  permissions: z.object({ allow: rules, deny: rules, ask: rules }).default({ allow: [], deny: [], ask: [] }),
  review: z
    .object({
      instructions: z.string().optional(),
      ignore: z.array(z.string()).default([]),
      max_comments: z.number().int().min(0).max(100).optional(),
      min_severity: z.enum(SEVERITIES).optional(),
      fail_on: z.enum(SEVERITIES).optional(),
      double_check: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
      double_check_min: z.enum(SEVERITIES).default(DEFAULT_DOUBLE_CHECK_MIN),
      check_model: modelId.optional(),
    })
    .default({ ignore: [], double_check: 'auto', double_check_min: DEFAULT_DOUBLE_CHECK_MIN }),
  hooks: z
    .object({ PreToolUse: z.array(HookSchema).default([]), PostToolUse: z.array(HookSchema).default([]), Stop: z.array(HookSchema).default([]) })
    .default({ PreToolUse: [], PostToolUse: [], Stop: [] }),
  ci_fix: z.object({ max_attempts: z.number().int().min(1).max(MAX_CI_FIX_ATTEMPTS).default(DEFAULT_CI_FIX_ATTEMPTS) }).default({ max_attempts: DEFAULT_CI_FIX_ATTEMPTS }),
  model: z.string().min(1).optional(),
  max_turns: z.number().int().min(1).max(10_000).optional(),
  mcp_servers: McpServersSchema.default({}),
  verify: VerifySchema.default({ when: 'auto', rounds: DEFAULT_VERIFY_ROUNDS }),
  explore: z.object({ model: modelId.optional() }).default({}),
  memory: MemorySchema.default({ enabled: true, branch: DEFAULT_MEMORY_BRANCH, consolidate: 'auto' }),
  skills: SkillsSchema.default('on'),
  network: NetworkSchema.optional(),
  publish_workflow_changes: z.boolean({ error: 'must be true or false' }).default(false),
  fleet: FleetSchema.default('on'),
});


/** The review's settings; `doubleCheck`: whether each finding of `doubleCheckMin` or worse gets a second look before it is posted, and by which model (default the run's). */
export interface ReviewConfig {
  instructions?: string;
  ignore: string[];
  maxComments?: number;
  minSeverity?: Severity;
  failOn?: Severity;
  doubleCheck: { when: 'auto' | 'off'; min: Severity; model?: string };
}

export interface RepoConfig {
  instructions?: string;
  permissions: { allow: PermissionRule[]; deny: PermissionRule[]; ask: PermissionRule[] };
  review: ReviewConfig;
  hooks: Record<HookEvent, HookSpec[]>;
  ciFix: { maxAttempts: number };
  model?: string;
  maxTurns?: number;
  /** As declared, `${NAME}` unresolved: the workflow's mcp_config and mcp_env complete them. */
  mcpServers: RawMcpServers;
  /** The verifier: whether it runs when files changed, how many FAILs go back, its model (default the run's). */
  verify: { when: 'auto' | 'off'; rounds: number; model?: string };
  /** The explore agents' model (default the cheapest current Haiku). */
  explore: { model?: string };
  /** Memory across runs: whether it is on, its branch, the model that picks what to recall (default the explore model), whether it is consolidated. */
  memory: { enabled: boolean; branch: string; recallModel?: string; consolidate: 'auto' | 'off' };
  /** The repository's skills the run may use: all, none, or those named. */
  skills: 'on' | 'off' | readonly string[];
  /** What narrows the workflow's network: none at all, or only hosts this list allows too. */
  network?: 'off' | readonly HostPattern[];
  /** A two-phase run's publish job may commit changes under .github/workflows/ (default: it refuses them). */
  publishWorkflowChanges: boolean;
  /** Whether fleets may run here (`fleet: off` opts out). */
  fleet: 'on' | 'off';
}

export const EMPTY_CONFIG: RepoConfig = {
  permissions: { allow: [], deny: [], ask: [] },
  review: { ignore: [], doubleCheck: { when: 'auto', min: DEFAULT_DOUBLE_CHECK_MIN } },
  hooks: { PreToolUse: [], PostToolUse: [], Stop: [] },
  ciFix: { maxAttempts: DEFAULT_CI_FIX_ATTEMPTS },
  mcpServers: {},
  verify: { when: 'auto', rounds: DEFAULT_VERIFY_ROUNDS },
  explore: {},
  memory: { enabled: true, branch: DEFAULT_MEMORY_BRANCH, consolidate: 'auto' },
  skills: 'on',
  publishWorkflowChanges: false,
  fleet: 'on',
};

/** The file is there but wrong: the run stops, saying which key. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A map keyed by names the user chooses: every key is known, and schemaOf says what its entries hold. */
const ANY_NAME = '*';

const KNOWN_KEYS: Record<string, readonly string[] | typeof ANY_NAME> = {
  '': ['instructions', 'permissions', 'review', 'hooks', 'ci_fix', 'model', 'max_turns', 'mcp_servers', 'verify', 'explore', 'memory', 'skills', 'network', 'publish_workflow_changes', 'fleet'],
  memory: ['branch', 'recall_model', 'consolidate'],
  ci_fix: ['max_attempts'],
  verify: ['when', 'rounds', 'model'],
  explore: ['model'],
  permissions: ['allow', 'deny', 'ask'],
  review: ['instructions', 'ignore', 'max_comments', 'min_severity', 'fail_on', 'double_check', 'double_check_min', 'check_model'],
  hooks: ['PreToolUse', 'PostToolUse', 'Stop'],
  hook: ['matcher', 'command', 'timeout'],
  mcp_servers: ANY_NAME,
  mcp_stdio: MCP_ENTRY_KEYS.stdio,
  mcp_http: MCP_ENTRY_KEYS.http,
};

/** Where a path's keys are looked up: every entry of a hooks list is a `hook`, every MCP server a stdio or an HTTP one. */
function schemaOf(where: string, value: object): string {
  if (/^hooks\.(PreToolUse|PostToolUse|Stop)\[\d+\]$/.test(where)) return 'hook';
  if (/^mcp_servers\.[^.]+$/.test(where)) return `mcp_${mcpEntryKind(value)}`;
  return where;
}

function unknownKeys(value: unknown, where: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => unknownKeys(item, `${where}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const known = KNOWN_KEYS[schemaOf(where, value)];
  if (!known) return [];
  const out: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = where ? `${where}.${key}` : key;
    if (known !== ANY_NAME && !known.includes(key)) out.push(path);
    else out.push(...unknownKeys(child, path));
  }
  return out;
}

function keyPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part)}`)).join('');
}

/** Parses and checks the file's text; `where` names it in messages ("…/deckhand.yml on main"). */
export async function parseConfig(text: string, where: string): Promise<{ config: RepoConfig; warnings: string[] }> {
  // The YAML parser is loaded only when there is a file to parse.
  const { parse: parseYaml } = await import('yaml');
  let raw: unknown;
  try {
    raw = parseYaml(text) ?? {};
  } catch (err) {
    throw new ConfigError(`The config file ${where} is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ConfigError(`The config file ${where} must be a mapping of keys to values.`);
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // Only the first letter is lowered: a message may name a key or a value in its own case ("mcp__<server>__<tool>").
    const problem = issue.message.replace(/^Invalid input: /, '');
    throw new ConfigError(`The config file ${where} is invalid: ${keyPath(issue.path) || '(top level)'} ${problem.charAt(0).toLowerCase()}${problem.slice(1)}.`);
  }
  const data = parsed.data;
  const parseList = (list: string[], key: string) =>
    list.map((text, i) => {
      try {
        return parseRule(text);
      } catch (err) {
        if (err instanceof RuleSyntaxError) throw new ConfigError(`The config file ${where} is invalid: permissions.${key}[${i}] ${err.message}`);
        throw err;
      }
    });
  data.review.ignore.forEach((glob, i) => {
    const problem = glob.replace(/^\//, '').startsWith('!') ? 'a pattern cannot be negated with "!": list only the files the review leaves alone.' : globProblem(glob);
    if (problem !== undefined) throw new ConfigError(`The config file ${where} is invalid: review.ignore[${i}] "${glob}" is not a glob: ${problem}`);
  });
  for (const [event, hooks] of Object.entries(data.hooks)) {
    hooks.forEach((hook, i) => {
      if (hook.matcher === '*' || hook.matcher === '') return;
      try {
        parseRule(hook.matcher);
      } catch (err) {
        if (err instanceof RuleSyntaxError) throw new ConfigError(`The config file ${where} is invalid: hooks.${event}[${i}].matcher ${err.message}`);
        throw err;
      }
    });
  }
  const network = (): RepoConfig['network'] => {
    if (data.network === undefined || data.network === 'off') return data.network;
    if (typeof data.network === 'string' && data.network.trim().toLowerCase() === 'on') {
      throw new ConfigError(`The config file ${where} is invalid: network cannot be on: it only narrows the workflow's network input (a list of hosts, *. patterns and presets, or off).`);
    }
    try {
      return parseHostList(typeof data.network === 'string' ? splitList(data.network) : data.network, `The config file ${where} is invalid: network`);
    } catch (err) {
      if (err instanceof NetworkListError) throw new ConfigError(err.message);
      throw err;
    }
  };
  const config: RepoConfig = {
    ...(data.instructions ? { instructions: data.instructions } : {}),
    permissions: { allow: parseList(data.permissions.allow, 'allow'), deny: parseList(data.permissions.deny, 'deny'), ask: parseList(data.permissions.ask, 'ask') },
    review: {
      ...(data.review.instructions ? { instructions: data.review.instructions } : {}),
      ignore: data.review.ignore,
      ...(data.review.max_comments !== undefined ? { maxComments: data.review.max_comments } : {}),
      ...(data.review.min_severity ? { minSeverity: data.review.min_severity } : {}),
      ...(data.review.fail_on ? { failOn: data.review.fail_on } : {}),
      doubleCheck: { when: data.review.double_check, min: data.review.double_check_min, ...(data.review.check_model ? { model: data.review.check_model } : {}) },
    },
    hooks: data.hooks,
    ciFix: { maxAttempts: data.ci_fix.max_attempts },
    ...(data.model ? { model: data.model } : {}),
    ...(data.max_turns ? { maxTurns: data.max_turns } : {}),
    mcpServers: data.mcp_servers,
    verify: data.verify,
    explore: data.explore,
    memory: {
      enabled: data.memory.enabled,
      branch: data.memory.branch,
      ...(data.memory.recall_model ? { recallModel: data.memory.recall_model } : {}),
      consolidate: data.memory.consolidate,
    },
    skills: data.skills,
    ...(data.network !== undefined ? { network: network() } : {}),
    publishWorkflowChanges: data.publish_workflow_changes,
    fleet: data.fleet,
  };
  const warnings = unknownKeys(raw, '').map((key) => `Unknown key ${key} in the config file ${where} (ignored).`);
  return { config, warnings };
}
