import { closeSync, fstatSync, openSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { formatDuration } from '../format.js';
import { loadPrompt } from '../prompts/load.js';
import { isInside } from '../safety/paths.js';
import { spawnLaunch } from '../safety/sandbox/launch.js';
import { headOf } from '../truncate.js';
import { isReadOnlyCommand } from './bash-readonly.js';
import { defineTool, type ToolDeps, type ToolOutput } from './tool.js';

export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
export const BASH_MAX_TIMEOUT_MS = 600_000;
/** What the model sees of a command's output; the rest stays in the saved file. */
export const BASH_MAX_OUTPUT_CHARS = 30_000;
/** A command that writes more than this is stopped: it is runaway, not useful. */
export const BASH_MAX_OUTPUT_FILE_BYTES = 64 * 1024 * 1024;
/** The egress proxy's refusals a result shows; the rest are counted. */
const REFUSALS_SHOWN = 5;
/** Time between SIGTERM and SIGKILL for the process group. */
const KILL_GRACE_MS = 2_000;

const inputSchema = z.object({
  command: z.string(),
  timeout: z.number().positive().optional(),
  description: z.string().optional().describe('What the command does, in 5-10 words'),
});

type BashInput = z.infer<typeof inputSchema>;

// Runs the command through eval so a syntax error is the command's own error,
// and records the final working directory on exit (even after `exit N`). The
// folder goes to an inherited descriptor (fd 3, moved out of the command's way
// to a free one above 9): a file in our temp folder would not be visible
// inside the sandbox.
const WRAPPER = '__deckhand_cmd=$1; shift; exec {__deckhand_cwd}>&3 3>&-; trap \'pwd -P >&$__deckhand_cwd 2>/dev/null\' EXIT; eval "$__deckhand_cmd"';

let sequence = 0;

/** The head of the output file and how many lines were left out after it. */
async function summarise(path: string): Promise<{ text: string; truncatedLines: number; bytes: number }> {
  const handle = await open(path, 'r');
  try {
    const bytes = (await handle.stat()).size;
    // Enough bytes for the shown characters even when every character is 4 bytes.
    const headBytes = Math.min(bytes, BASH_MAX_OUTPUT_CHARS * 4);
    const head = Buffer.alloc(headBytes);
    await handle.read(head, 0, headBytes, 0);
    const headText = head.toString('utf8');
    if (bytes <= headBytes && headText.length <= BASH_MAX_OUTPUT_CHARS) {
      return { text: headText, truncatedLines: 0, bytes };
    }
    const shown = headOf(headText, BASH_MAX_OUTPUT_CHARS);
    // Count the lines after what is shown: the rest of the head, then the rest of the file.
    // The newline that ends the last shown line is not a line left out.
    let lines = 0;
    const restOfHead = headText.slice(shown.length).replace(/^\n/, '');
    for (let i = restOfHead.indexOf('\n'); i >= 0; i = restOfHead.indexOf('\n', i + 1)) lines++;
    const chunk = Buffer.alloc(1024 * 1024);
    let lastByte = head[headBytes - 1];
    for (let position = headBytes; position < bytes; ) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      for (let i = 0; i < bytesRead; i++) if (chunk[i] === 0x0a) lines++;
      lastByte = chunk[bytesRead - 1];
      position += bytesRead;
    }
    if (lastByte !== 0x0a) lines++;
    return { text: shown, truncatedLines: lines, bytes };
  } finally {
    await handle.close();
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

/** The folder the next command starts in: the kept one, or the root when it left the checkout. */
function startFolder(deps: ToolDeps): { cwd: string; reset: boolean } {
  try {
    const real = realpathSync(deps.shell.cwd);
    if (isInside(real, deps.root) && statSync(real).isDirectory()) return { cwd: real, reset: false };
  } catch {
    // it was removed
  }
  return { cwd: deps.root, reset: deps.shell.cwd !== deps.root };
}

async function runCommand(input: BashInput, deps: ToolDeps, abort: AbortSignal): Promise<ToolOutput> {
  const timeoutMs = Math.min(input.timeout ?? BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS);
  const start = startFolder(deps);
  const id = `${process.pid}-${++sequence}`;
  const outPath = join(deps.tempDir, 'bash', `${id}.out`);
  const cwdPath = join(deps.tempDir, 'bash', `${id}.cwd`);
  const outFd = openSync(outPath, 'w', 0o600);
  const cwdFd = openSync(cwdPath, 'w', 0o600);

  // What the egress proxy refuses from here on was refused to this command (or a hook beside it).
  const egress = deps.sandbox?.egress;
  const connectionsBefore = egress?.connections.length ?? 0;
  let timedOut = false;
  let aborted = false;
  let runaway = false;
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    const argv = ['/bin/bash', '--noprofile', '--norc', '-c', WRAPPER, 'bash', input.command];
    const launch = deps.sandbox
      ? deps.sandbox.wrap(argv, { cwd: start.cwd, env: deps.childEnv })
      : { file: argv[0]!, args: argv.slice(1), env: deps.childEnv };
    // One descriptor for stdout and stderr keeps them in the order they were written.
    const child = spawnLaunch(launch, {
      cwd: start.cwd,
      stdio: ['ignore', outFd, outFd, cwdFd],
      // Its own process group, so a timeout kills everything it started. In the
      // sandbox the group is bubblewrap, and killing it kills the whole PID
      // namespace (--die-with-parent), escapees from the group included.
      detached: true,
    });
    const pid = child.pid;
    const stop = () => {
      if (pid === undefined) return;
      killGroup(pid, 'SIGTERM');
      setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    const watchdog = setInterval(() => {
      if (fstatSync(outFd).size > BASH_MAX_OUTPUT_FILE_BYTES) {
        runaway = true;
        stop();
      }
    }, 250);
    const onAbort = () => {
      aborted = true;
      stop();
    };
    abort.addEventListener('abort', onAbort, { once: true });
    if (abort.aborted) onAbort();
    child.on('error', (err) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      abort.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.on('exit', (exitCode, exitSignal) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      abort.removeEventListener('abort', onAbort);
      // Nothing the command left running in the background outlives the call.
      if (pid !== undefined) killGroup(pid, 'SIGKILL');
      resolve({ code: exitCode, signal: exitSignal });
    });
  }).finally(() => {
    closeSync(outFd);
    closeSync(cwdFd);
  });

  const notes: string[] = [];
  if (start.reset) notes.push(`Shell cwd was reset to ${deps.root}`);
  // Empty when the shell never got to its exit trap (killed); the trap's line is the last.
  const next = readFileSync(cwdPath, 'utf8').trim().split('\n').at(-1) ?? '';
  rmSync(cwdPath, { force: true });
  if (next) {
    deps.shell.cwd = next;
    const after = startFolder(deps);
    if (after.reset) notes.push(`Shell cwd was reset to ${deps.root}`);
    deps.shell.cwd = after.cwd;
  }

  const { text, truncatedLines, bytes } = await summarise(outPath);
  let body = text.replace(/\n$/, '');
  if (truncatedLines > 0) {
    body += `\n\n... [${truncatedLines} lines truncated] ...\n\nThe full output (${bytes} bytes) is saved in ${outPath}; Read it with offset and limit to see the rest.`;
  } else {
    rmSync(outPath, { force: true });
  }
  let isError = false;
  if (timedOut) {
    notes.push(`Command timed out after ${formatDuration(timeoutMs, { underSecond: 'ms' })}; it and every process it started were killed.`);
    isError = true;
  } else if (aborted) {
    notes.push('Command was cancelled.');
    isError = true;
  } else if (runaway) {
    notes.push(`Command was stopped: it wrote more than ${BASH_MAX_OUTPUT_FILE_BYTES / 1024 / 1024} MB of output.`);
    isError = true;
  } else if (signal) {
    notes.push(`Command was killed by ${signal}.`);
    isError = true;
  } else if (code !== 0) {
    notes.push(`Exit code ${code}`);
    isError = true;
  }
  // A client seldom shows a refused CONNECT's body ("CONNECT tunnel failed, response 403"): the proxy's line says which host and why.
  const refused = [...new Set(egress?.connections.slice(connectionsBefore).flatMap((c) => (c.via === 'commands' && c.refused ? [c.refused] : [])))].filter((line) => !body.includes(line));
  notes.push(...refused.slice(0, REFUSALS_SHOWN));
  if (refused.length > REFUSALS_SHOWN) notes.push(`network: ${refused.length - REFUSALS_SHOWN} more refused (the job summary lists them)`);
  if (body === '' && notes.length === 0) body = '(Command completed with no output)';
  const content = [body, ...notes].filter((part) => part !== '').join('\n');
  return { content, isError };
}

export const bashTool = defineTool(
  {
    name: 'Bash',
    description: loadPrompt('tools/Bash.md'),
    inputSchema,
    traits: { checkout: 'runs', needsSandbox: true, failureStopsSiblings: true, clearable: true },
    // Read-only commands may run beside other read-only calls; anything else runs alone.
    isConcurrencySafe: (input) => isReadOnlyCommand(input.command),
  },
  (deps) => ({
    // The rules read a command where it runs: in the folder this agent's shell is in.
    target: (input) => ({ command: input.command, cwd: deps.shell.cwd }),
    async validateInput(input) {
      if (input.command.trim() === '') return { ok: false, message: 'The command is empty.' };
      return { ok: true };
    },
    call: (input, { signal }) => runCommand(input, deps, signal),
    // A failed command's output is the useful part: it goes back as is, flagged as an error.
    mapResult: (output, toolUseId) => ({
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: output.content,
      ...(output.isError ? { is_error: true } : {}),
    }),
  }),
);
