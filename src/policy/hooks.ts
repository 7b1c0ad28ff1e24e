// Hooks from the repository config (product.md §5): commands run around tool
// calls and before the agent stops, in the same sandbox and environment as
// Bash. The call goes in as JSON on stdin. Exit 0 goes on; exit 2 blocks, and
// what the hook wrote to stderr is fed back to the model; any other exit, or a
// timeout, is a warning and goes on.
import { spawn } from 'node:child_process';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import type { ToolContext, ToolResultBlock } from '../tools/tool.js';
import type { HookEvent, HookSpec } from './config.js';
import { parseRule, ruleMatches } from './rules.js';
import { relative, sep } from 'node:path';
import { isInside, toAbsolute } from '../safety/paths.js';

const OUTPUT_LIMIT = 64 * 1024;

export interface HookResult {
  /** Exit 2: the reason the hook gave (its stderr). */
  blocked?: string;
  /** A PreToolUse hook that printed {"decision":"allow"} (or Claude Code's permissionDecision form). */
  allowed?: boolean;
}

interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function runHook(spec: HookSpec, stdin: string, where: { root: string; env: NodeJS.ProcessEnv; sandbox?: Sandbox }): Promise<HookRun> {
  const argv = ['/bin/sh', '-c', spec.command];
  const launch = where.sandbox ? where.sandbox.wrap(argv, { cwd: where.root, env: where.env }) : { file: argv[0]!, args: argv.slice(1), env: where.env };
  return new Promise((resolve) => {
    const child = spawn(launch.file, launch.args, { cwd: where.root, env: launch.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, spec.timeout * 1000);
    child.stdout.on('data', (chunk) => stdout.length < OUTPUT_LIMIT && (stdout += chunk));
    child.stderr.on('data', (chunk) => stderr.length < OUTPUT_LIMIT && (stderr += chunk));
    child.stdin.on('error', () => undefined); // a hook that does not read its input is fine
    child.stdin.end(stdin);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: err.message, timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

function allowsInOutput(stdout: string): boolean {
  try {
    const parsed = JSON.parse(stdout.trim() || 'null') as { decision?: string; hookSpecificOutput?: { permissionDecision?: string } } | null;
    return parsed?.decision === 'allow' || parsed?.decision === 'approve' || parsed?.hookSpecificOutput?.permissionDecision === 'allow';
  } catch {
    return false;
  }
}

export interface Hooks {
  preToolUse(toolName: string, input: unknown, ctx: ToolContext): Promise<HookResult>;
  postToolUse(toolName: string, input: unknown, result: ToolResultBlock, ctx: ToolContext): Promise<HookResult>;
  stop(answer: string, ctx: ToolContext): Promise<HookResult>;
}

function matches(spec: HookSpec, toolName: string, input: unknown, root: string): boolean {
  if (spec.matcher === '*' || spec.matcher === '') return true;
  const rule = parseRule(spec.matcher);
  const record = (input ?? {}) as Record<string, unknown>;
  let path: string | undefined;
  const raw = typeof record.file_path === 'string' ? record.file_path : typeof record.path === 'string' ? record.path : undefined;
  if (raw !== undefined) {
    const abs = toAbsolute(raw, root);
    if (isInside(abs, root)) path = relative(root, abs).split(sep).join('/') || '.';
  }
  const command = typeof record.command === 'string' ? record.command.trim().replace(/\s+/g, ' ') : undefined;
  return ruleMatches(rule, { tool: toolName, ...(path !== undefined ? { path } : {}), ...(command !== undefined ? { command } : {}) });
}

export interface HookPlace {
  /** The OS sandbox hooks run in, as Bash does. */
  sandbox?: Sandbox;
  /**
   * Without a sandbox: may this hook's command run unconfined? (As for Bash:
   * only when an allow rule names it.) Absent: it may not.
   */
  unconfined?: (command: string, ctx: ToolContext) => Promise<boolean>;
  warn: (message: string) => void;
}

export function createHooks(specs: Record<HookEvent, HookSpec[]>, opts: HookPlace): Hooks {
  const warned = new Set<string>();
  /** Whether each hook command may run unconfined: the rules do not change during a run, so asked once. */
  const unconfined = new Map<string, Promise<boolean>>();
  /** Why this hook may not run here, or undefined when it may. */
  async function cannotRun(spec: HookSpec, ctx: ToolContext): Promise<string | undefined> {
    if (opts.sandbox) return undefined;
    if (opts.unconfined && !unconfined.has(spec.command)) unconfined.set(spec.command, opts.unconfined(spec.command, ctx));
    if (await unconfined.get(spec.command)) return undefined;
    return `the hook \`${spec.command}\` cannot run: there is no OS sandbox, and without one a hook runs only when an allow rule names its command, as Bash does`;
  }
  async function fire(event: HookEvent, toolName: string | undefined, payload: Record<string, unknown>, ctx: ToolContext, input?: unknown): Promise<HookResult> {
    const chosen = specs[event].filter((spec) => toolName === undefined || matches(spec, toolName, input, ctx.root));
    let allowed = false;
    for (const spec of chosen) {
      const problem = await cannotRun(spec, ctx);
      if (problem) {
        // A guard that cannot run blocks what it guards; other hooks are skipped, said once.
        if (event === 'PreToolUse') return { blocked: `This call is blocked because ${problem}.` };
        if (!warned.has(spec.command)) opts.warn(`The ${event} hook was skipped: ${problem}.`);
        warned.add(spec.command);
        continue;
      }
      const run = await runHook(spec, JSON.stringify({ hook_event_name: event, cwd: ctx.root, ...payload }), {
        root: ctx.root,
        env: ctx.childEnv,
        ...(opts.sandbox ? { sandbox: opts.sandbox } : {}),
      });
      if (run.timedOut) {
        opts.warn(`The ${event} hook \`${spec.command}\` timed out after ${spec.timeout}s; going on.`);
        continue;
      }
      if (run.code === 2) return { blocked: run.stderr.trim() || `The ${event} hook \`${spec.command}\` blocked this without saying why.` };
      if (run.code !== 0) {
        opts.warn(`The ${event} hook \`${spec.command}\` failed (exit ${run.code}): ${run.stderr.trim().split('\n')[0] ?? ''}; going on.`);
        continue;
      }
      if (event === 'PreToolUse' && allowsInOutput(run.stdout)) allowed = true;
    }
    return allowed ? { allowed } : {};
  }
  return {
    preToolUse: (toolName, input, ctx) => fire('PreToolUse', toolName, { tool_name: toolName, tool_input: input }, ctx, input),
    postToolUse: (toolName, input, result, ctx) =>
      fire('PostToolUse', toolName, { tool_name: toolName, tool_input: input, tool_response: { content: result.content, is_error: result.is_error === true } }, ctx, input),
    stop: (answer, ctx) => fire('Stop', undefined, { last_message: answer }, ctx),
  };
}
