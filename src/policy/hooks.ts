// Hooks from the repository config (product.md §5): commands run around tool
// calls and before the agent stops, in the same sandbox and environment as
// Bash. The call goes in as JSON on stdin. Exit 0 goes on; exit 2 blocks, and
// what the hook wrote to stderr is fed back to the model; any other exit, or a
// timeout, is a warning and goes on.
//
// A pull request cannot change what a hook decides (product.md §6). The config
// comes from the base branch, and so do the files a hook runs (hook-scripts.ts:
// the program, an interpreter's script): before each run every one is compared
// with its base version, and when one differs — the pull request changed it,
// or the agent did since — the hook runs the base version, copied out of the
// checkout. Where there is no base version to run (the file is not on the base
// branch, its content could not be read, or a word names it only at run time)
// the checkout's runs, and the hook may only block: an allow it prints is
// ignored, and the run says so once.
//
// What a pull request can still change: everything a hook reads that is not
// one of those files — the arguments after the script (the files it checks),
// files read with `<`, what the scripts import, source or open themselves,
// and what a program found on the PATH does with the checkout (the
// package.json scripts behind `npm test`, the Makefile behind `make lint`).
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdtempSync, openSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { Writable } from 'node:stream';
import { isInside, toAbsolute } from '../safety/paths.js';
import { spawnLaunch } from '../safety/sandbox/launch.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import type { ToolResultBlock } from '../tools/tool.js';
import { readHookCommand, shellQuote, type HookCommand } from './hook-scripts.js';
import { namesTool, parseRule, ruleMatches } from './rules.js';

const OUTPUT_LIMIT = 64 * 1024;

export type HookEvent = 'PreToolUse' | 'PostToolUse' | 'Stop';

/** One hook of the config file's `hooks:` (validated there). */
export interface HookSpec {
  /** A rule naming the tools it runs for (`*` or empty: every tool). */
  matcher: string;
  command: string;
  /** Seconds. */
  timeout: number;
}

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

/** How a hook runs this time. */
interface Launch {
  /** The command as run: as written, or naming the base branch's copies of its scripts. */
  command: string;
  /** The copies to put in place first (where the hook sees them, and what they hold); empty when the checkout's scripts are the base's. */
  copies: Array<{ at: string; bytes: Buffer }>;
  /** The checkout paths the copies stand for. */
  copied: string[];
  /** Why an allow from this hook does not count (a script that is not the base's runs), one line each. */
  untrusted: string[];
  /** Removes what the launch made on the runner. */
  cleanup: () => void;
}

// Run before the hook's command when it runs copies: the copies come as a
// script on descriptor 3 (the sandbox shows nothing of the runner outside the
// checkout, so they are made inside it, in its private /tmp), written
// owner-only, and descriptor 3 is closed before the command starts. It is a
// socket, not a pipe (as node makes them), so it is read, never opened by name.
const WITH_COPIES = [
  `( umask 077 && eval "$(cat <&3)" && [ "$deckhand_copies" = ready ] ) || { echo "Deckhand could not put the base branch's copies of the hook's scripts in place." >&2; exit 125; }`,
  'exec 3<&-',
  'exec /bin/sh -c "$1"',
].join('\n');

/** The shell script that writes `copies`: printf with every byte that is not plain text as an octal escape. */
function copiesScript(copies: Launch['copies']): string {
  const format = (bytes: Buffer) =>
    [...bytes]
      .map((byte) => {
        if (byte === 0x25) return '%%';
        if (byte === 0x5c) return '\\\\';
        if (byte === 0x0a || (byte >= 0x20 && byte < 0x7f && byte !== 0x27)) return String.fromCharCode(byte);
        return `\\${byte.toString(8).padStart(3, '0')}`;
      })
      .join('');
  const steps = copies.map(({ at, bytes }) => `mkdir -p ${shellQuote(dirname(at))} && printf '${format(bytes)}' > ${shellQuote(at)} && chmod 700 ${shellQuote(at)} &&`);
  return [...steps, 'deckhand_copies=ready', ''].join('\n');
}

function runHook(launch: Launch, spec: HookSpec, stdin: string, where: { root: string; env: NodeJS.ProcessEnv; sandbox?: Sandbox }): Promise<HookRun> {
  const copying = launch.copies.length > 0;
  const argv = copying ? ['/bin/sh', '-c', WITH_COPIES, 'deckhand-hook', launch.command] : ['/bin/sh', '-c', launch.command];
  const launched = where.sandbox ? where.sandbox.wrap(argv, { cwd: where.root, env: where.env }) : { file: argv[0]!, args: argv.slice(1), env: where.env };
  return new Promise((resolve) => {
    const child = spawnLaunch(launched, {
      cwd: where.root,
      stdio: copying ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
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
    child.stdout!.on('data', (chunk) => stdout.length < OUTPUT_LIMIT && (stdout += chunk));
    child.stderr!.on('data', (chunk) => stderr.length < OUTPUT_LIMIT && (stderr += chunk));
    child.stdin!.on('error', () => undefined); // a hook that does not read its input is fine
    child.stdin!.end(stdin);
    if (copying) {
      const copies = child.stdio[3] as Writable;
      copies.on('error', () => undefined); // it failed before reading them: its exit says so
      copies.end(copiesScript(launch.copies));
    }
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
  preToolUse(toolName: string, input: unknown): Promise<HookResult>;
  postToolUse(toolName: string, input: unknown, result: ToolResultBlock): Promise<HookResult>;
  stop(answer: string): Promise<HookResult>;
}

function matches(spec: HookSpec, toolName: string, input: unknown, root: string): boolean {
  if (spec.matcher === '*' || spec.matcher === '') return true;
  const rule = parseRule(spec.matcher);
  // The input is only looked into for a specifier: an MCP tool's input is the server's own shape.
  if (!namesTool(rule, toolName)) return false;
  if (rule.specifier === undefined) return true;
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

/** The base branch's version of a checkout-relative file: its content, or undefined when the base has no such file. */
export type BaseFile = (path: string) => Promise<string | Uint8Array | undefined>;

type BaseVersion = { kind: 'file'; bytes: Buffer } | { kind: 'absent' } | { kind: 'unreadable'; reason: string };

/**
 * Whether the checkout's file is the base version as it would run: a regular
 * file reached without a symlink (a link could be pointed elsewhere), with the
 * same bytes, executable when it is run as a program.
 */
function sameAsBase(abs: string, bytes: Buffer, program: boolean): boolean {
  let fd: number | undefined;
  try {
    if (realpathSync(abs) !== abs) return false;
    fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size !== bytes.length || (program && (stat.mode & 0o100) === 0)) return false;
    return readFileSync(fd).equals(bytes);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function inCheckout(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

export interface HookPlace {
  /** The checkout: hooks run there. */
  root: string;
  /** The action's temp folder: without a sandbox, a hook runs base-branch copies of its scripts from there. */
  tempDir: string;
  /** The environment a hook gets: the allow-list every process the agent starts gets. */
  childEnv: NodeJS.ProcessEnv;
  /** The OS sandbox hooks run in, as Bash does. */
  sandbox?: Sandbox;
  /**
   * Without a sandbox: may this hook's command run unconfined? (As for Bash:
   * only when an allow rule names it.) Absent: it may not.
   */
  unconfined?: (command: string) => Promise<boolean>;
  /** The base branch's versions of the scripts hooks run (a rejection: it could not be read); asked at most once per file. */
  baseFile: BaseFile;
  warn: (message: string) => void;
}

export function createHooks(specs: Record<HookEvent, HookSpec[]>, opts: HookPlace): Hooks {
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (!warned.has(key)) opts.warn(message);
    warned.add(key);
  };
  /** Whether each hook command may run unconfined: the rules do not change during a run, so asked once. */
  const unconfined = new Map<string, Promise<boolean>>();
  /** Why this hook may not run here, or undefined when it may. */
  async function cannotRun(spec: HookSpec): Promise<string | undefined> {
    if (opts.sandbox) return undefined;
    if (opts.unconfined && !unconfined.has(spec.command)) unconfined.set(spec.command, opts.unconfined(spec.command));
    if (await unconfined.get(spec.command)) return undefined;
    return `the hook \`${spec.command}\` cannot run: there is no OS sandbox, and without one a hook runs only when an allow rule names its command, as Bash does`;
  }

  const commands = new Map<string, Promise<HookCommand>>();
  const bases = new Map<string, Promise<BaseVersion>>();
  function baseVersion(path: string): Promise<BaseVersion> {
    let version = bases.get(path);
    if (!version) {
      version = opts.baseFile(path).then(
        (content): BaseVersion => (content === undefined ? { kind: 'absent' } : { kind: 'file', bytes: Buffer.from(content) }),
        (err: unknown): BaseVersion => ({ kind: 'unreadable', reason: err instanceof Error ? err.message : String(err) }),
      );
      bases.set(path, version);
    }
    return version;
  }
  /** Compares the scripts the hook runs with the base now (the agent may have changed one since the last run), and plans the run. */
  async function launchOf(spec: HookSpec): Promise<Launch> {
    if (!commands.has(spec.command)) commands.set(spec.command, readHookCommand(spec.command, { root: opts.root, env: opts.childEnv }));
    const read = await commands.get(spec.command)!;
    const untrusted = read.unknown.map((word) => `runs \`${word}\`, which is only known when the hook runs, so what it names runs as the checkout has it`);
    const fromBase = new Map<string, Buffer>();
    let differs = false;
    for (const script of read.scripts) {
      const base = await baseVersion(script.path);
      const abs = join(opts.root, script.path);
      if (base.kind === 'file') {
        fromBase.set(script.path, base.bytes);
        if (!sameAsBase(abs, base.bytes, script.program)) differs = true;
      } else if (inCheckout(abs)) {
        untrusted.push(
          base.kind === 'absent'
            ? `runs ${script.path}, which is not on the base branch, so the checkout's version runs`
            : `runs ${script.path}, whose base-branch version could not be read (${base.reason}), so the checkout's version runs`,
        );
      }
    }
    if (!differs) return { command: spec.command, copies: [], copied: [], untrusted, cleanup: () => undefined };
    // The sandbox's /tmp is its own, made for each run (bwrap-args.ts); unconfined, a fresh owner-only folder of the action's.
    const folder = opts.sandbox ? `/tmp/deckhand-base-${randomBytes(6).toString('hex')}` : mkdtempSync(join(opts.tempDir, 'hook-base-'));
    const at = new Map([...fromBase.keys()].map((path) => [path, join(folder, path)]));
    return {
      command: read.rewrite(at),
      copies: [...fromBase].map(([path, bytes]) => ({ at: at.get(path)!, bytes })),
      copied: [...fromBase.keys()],
      untrusted,
      cleanup: opts.sandbox ? () => undefined : () => rmSync(folder, { recursive: true, force: true }),
    };
  }

  async function fire(event: HookEvent, toolName: string | undefined, payload: Record<string, unknown>, input?: unknown): Promise<HookResult> {
    const chosen = specs[event].filter((spec) => toolName === undefined || matches(spec, toolName, input, opts.root));
    let allowed = false;
    for (const spec of chosen) {
      const launch =
        (await cannotRun(spec)) ??
        (await launchOf(spec).catch((err: Error) => `the hook \`${spec.command}\` cannot run: its command could not be read (${err.message})`));
      if (typeof launch === 'string') {
        // A guard that cannot run blocks what it guards; other hooks are skipped, said once.
        if (event === 'PreToolUse') return { blocked: `This call is blocked because ${launch}.` };
        warnOnce(spec.command, `The ${event} hook was skipped: ${launch}.`);
        continue;
      }
      for (const line of launch.untrusted) {
        warnOnce(`${event}\0${spec.command}\0${line}`, `The ${event} hook \`${spec.command}\` ${line}${event === 'PreToolUse' ? '; it may only block (an allow it prints is ignored)' : ''}.`);
      }
      let run: HookRun;
      try {
        run = await runHook(launch, spec, JSON.stringify({ hook_event_name: event, cwd: opts.root, ...payload }), {
          root: opts.root,
          env: opts.childEnv,
          ...(opts.sandbox ? { sandbox: opts.sandbox } : {}),
        });
      } finally {
        launch.cleanup();
      }
      if (run.timedOut) {
        opts.warn(`The ${event} hook \`${spec.command}\` timed out after ${spec.timeout}s; going on.`);
        continue;
      }
      if (run.code === 2) return { blocked: run.stderr.trim() || `The ${event} hook \`${spec.command}\` blocked this without saying why.` };
      if (run.code !== 0) {
        const said = run.stderr.trim().split('\n')[0];
        const why = `failed (exit ${run.code})${said ? `: ${said}` : ''}`;
        // Run from copies, a script may miss a file it loads from beside itself: a guard that fails there must not let the call through.
        if (event === 'PreToolUse' && launch.copies.length > 0) {
          const from = `the base branch's version of ${launch.copied.join(', ')} (the checkout's differs)`;
          warnOnce(`${spec.command}\0copies`, `The PreToolUse hook \`${spec.command}\` ${why} when run from ${from}; the calls it guards are blocked.`);
          return { blocked: `This call is blocked because the hook \`${spec.command}\` ${why} when run from ${from}.` };
        }
        opts.warn(`The ${event} hook \`${spec.command}\` ${why}; going on.`);
        continue;
      }
      if (event === 'PreToolUse' && allowsInOutput(run.stdout) && launch.untrusted.length === 0) allowed = true;
    }
    return allowed ? { allowed } : {};
  }
  return {
    preToolUse: (toolName, input) => fire('PreToolUse', toolName, { tool_name: toolName, tool_input: input }, input),
    postToolUse: (toolName, input, result) =>
      fire('PostToolUse', toolName, { tool_name: toolName, tool_input: input, tool_response: { content: result.content, is_error: result.is_error === true } }, input),
    stop: (answer) => fire('Stop', undefined, { last_message: answer }),
  };
}
