// The Bash tool, run for real (bash, real processes, a real temp checkout) and
// called through the executor, so each result is exactly what the model sees.
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runToolCalls, type ToolUse } from '../../src/agent/executor.js';
import { BASH_MAX_TIMEOUT_MS, bashTool } from '../../src/tools/bash.js';
import { isReadOnlyCommand } from '../../src/tools/bash-readonly.js';
import { readTool } from '../../src/tools/read.js';
import { makeTools, toolDeps } from '../../src/tools/deps.js';
import type { ToolDeps, ToolResultBlock } from '../../src/tools/tool.js';
import { depsFor, makeSandbox, type Sandbox } from '../helpers/workspace.js';

/** The tools of an agent with these dependencies, by name. */
const toolsOf = (deps: ToolDeps) => new Map(makeTools([bashTool, readTool], deps).map((tool) => [tool.name, tool]));

let box: Sandbox;
let ctx: ToolDeps;

/** A fresh checkout for each test of the enclosing describe (the pure unit tests need none). */
function useSandbox() {
  beforeEach(() => {
    box = makeSandbox({ 'README.md': '# project\n', 'src/app.ts': 'export const app = 1;\n' });
    ctx = depsFor(box);
  });

  afterEach(() => box.cleanup());
}

async function run(uses: ToolUse[], context = ctx, signal = new AbortController().signal) {
  return runToolCalls(uses, { tools: toolsOf(context), signal });
}

async function bash(input: { command: string; timeout?: number }, context = ctx, signal?: AbortSignal): Promise<ToolResultBlock> {
  return (await run([{ id: 'toolu_1', name: 'Bash', input }], context, signal)).results[0]!;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many lines of `text` are not shown whole when only its first `shown` characters are. */
function linesNotWhollyShown(text: string, shown: number): number {
  let start = 0;
  let count = 0;
  for (const line of text.replace(/\n$/, '').split('\n')) {
    if (start + line.length > shown) count++;
    start += line.length + 1;
  }
  return count;
}

/** Whether a process is still running (a zombie waiting to be reaped is not). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Passes as soon as `pid` has stopped; fails if it is still running after 5 s. */
async function waitUntilGone(pid: number): Promise<void> {
  for (let waited = 0; isRunning(pid) && waited < 5_000; waited += 50) await pause(50);
  expect(isRunning(pid)).toBe(false);
}

describe('running a command', () => {
  useSandbox();

  it('returns the output of a simple command', async () => {
    const result = await bash({ command: 'echo hello' });
    expect(result).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: 'hello' });
  });

  it('merges stdout and stderr in the order they were written', async () => {
    const result = await bash({ command: 'echo a; echo b >&2; echo c; echo d >&2' });
    expect(result.content).toBe('a\nb\nc\nd');
  });

  it('a non-zero exit is an error that keeps the output and gives the exit code', async () => {
    const result = await bash({ command: 'echo partial; echo oops >&2; exit 3' });
    expect(result.is_error).toBe(true);
    expect(result.content).toBe('partial\noops\nExit code 3');
  });

  it('a command with no output says it completed', async () => {
    expect((await bash({ command: 'true' })).content).toBe('(Command completed with no output)');
  });

  it('an empty command is refused without running anything', async () => {
    const result = await bash({ command: '  \n ' });
    expect(result.is_error).toBe(true);
    expect(result.content).toContain('The command is empty.');
  });

  it('a shell syntax error is the command failing, not the tool', async () => {
    const result = await bash({ command: 'if then fi (' });
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(/syntax error/);
    expect(result.content).toMatch(/Exit code 2$/);
  });

  it('stdin is /dev/null, so a command waiting for input returns at once', async () => {
    expect((await bash({ command: 'cat' })).content).toBe('(Command completed with no output)');
    expect((await bash({ command: 'readlink /proc/self/fd/0' })).content).toBe('/dev/null');
  });
});

describe('shell and working folder', () => {
  useSandbox();

  it('each call gets a fresh shell: a variable set in one call is gone in the next', async () => {
    expect((await bash({ command: 'export FOO=bar; echo "$FOO"' })).content).toBe('bar');
    expect((await bash({ command: 'echo "[${FOO-unset}]"' })).content).toBe('[unset]');
  });

  it('the first command runs in the checkout root', async () => {
    expect((await bash({ command: 'pwd' })).content).toBe(box.root);
  });

  it('the working folder persists between calls', async () => {
    await bash({ command: 'cd src' });
    expect((await bash({ command: 'pwd' })).content).toBe(join(box.root, 'src'));
    expect((await bash({ command: 'ls' })).content).toBe('app.ts');
  });

  it('the working folder is kept even when the command fails after cd', async () => {
    const result = await bash({ command: 'cd src && false' });
    expect(result.is_error).toBe(true);
    expect((await bash({ command: 'pwd' })).content).toBe(join(box.root, 'src'));
  });

  it('cd out of the checkout is reset to the root, and the same call says so', async () => {
    const result = await bash({ command: 'cd / && pwd' });
    expect(result.content).toBe(`/\nShell cwd was reset to ${box.root}`);
    expect(result.is_error).toBeUndefined();
    expect(ctx.shell.cwd).toBe(box.root);
    // The next call starts in the root, with nothing more to say.
    expect((await bash({ command: 'pwd' })).content).toBe(box.root);
  });

  it('cd into a symlinked folder that leads outside is reset to the root', async () => {
    symlinkSync(box.outside, join(box.root, 'elsewhere'));
    const result = await bash({ command: 'cd elsewhere' });
    expect(result.content).toBe(`Shell cwd was reset to ${box.root}`);
    expect((await bash({ command: 'pwd' })).content).toBe(box.root);
  });

  // `pwd` is read-only, so it runs in a parallel batch: the reset must still stick.
  it('a working folder removed since the last call is reset to the root once, with a note', async () => {
    await bash({ command: 'mkdir gone && cd gone' });
    rmSync(join(box.root, 'gone'), { recursive: true });
    expect((await bash({ command: 'pwd' })).content).toBe(`${box.root}\nShell cwd was reset to ${box.root}`);
    expect((await bash({ command: 'pwd' })).content).toBe(box.root);
  });
});

describe('stopping commands', () => {
  useSandbox();

  it('a timeout kills the command and every process it started', async () => {
    const marker = join(box.root, 'marker');
    const started = Date.now();
    const result = await bash({ command: '(sleep 1; touch marker) & sleep 30', timeout: 300 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.is_error).toBe(true);
    expect(result.content).toBe('Command timed out after 300ms; it and every process it started were killed.');
    await pause(1500);
    expect(existsSync(marker)).toBe(false);
  });

  it('a timeout also kills, after a short grace, a command that ignores SIGTERM', async () => {
    const started = Date.now();
    const result = await bash({ command: "trap '' TERM; sleep 60 & echo $!; sleep 60", timeout: 300 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.content).toMatch(/timed out/);
    const pid = Number(result.content.split('\n')[0]);
    expect(Number.isInteger(pid) && pid > 1).toBe(true);
    await waitUntilGone(pid);
  });

  it('processes left in the background do not outlive a finished call', async () => {
    const started = Date.now();
    const result = await bash({ command: '(sleep 1; touch marker) & echo started' });
    expect(result.content).toBe('started');
    expect(Date.now() - started).toBeLessThan(10_000);
    await pause(1500);
    expect(existsSync(join(box.root, 'marker'))).toBe(false);
  });

  it('aborting the run kills the running command and answers with a cancellation', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 300);
    const result = await bash({ command: '(sleep 1; touch marker) & sleep 30' }, ctx, controller.signal);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.is_error).toBe(true);
    expect(result.content).toContain('Cancelled: the run was stopped before this call finished.');
    await pause(1500);
    expect(existsSync(join(box.root, 'marker'))).toBe(false);
  });

  // The 10-minute clock runs on fake timers; the command itself is real.
  it('a timeout above the 10-minute maximum is clamped to it', async () => {
    const realSetTimeout = globalThis.setTimeout;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      let settled = false;
      const pending = bash({ command: 'sleep 30', timeout: 60 * 60_000 }).finally(() => (settled = true));
      // Wait (in real time) until the command has started and set its timers.
      const deadline = Date.now() + 5_000;
      while (vi.getTimerCount() < 2 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(BASH_MAX_TIMEOUT_MS - 1_000);
      await new Promise((resolve) => realSetTimeout(resolve, 200));
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      const result = await Promise.race([pending, new Promise<undefined>((resolve) => realSetTimeout(() => resolve(undefined), 10_000))]);
      expect(result?.content).toContain('Command timed out after 10m 0s');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('long output', () => {
  useSandbox();

  it('keeps the head, says how many lines were cut, and saves the whole output where Read can read it', async () => {
    const full = Array.from({ length: 20_000 }, (_, i) => `${i + 1}\n`).join('');
    const shown = full.slice(0, 30_000);
    const cutLines = linesNotWhollyShown(full, 30_000);
    expect(cutLines).toBe(13_779); // the line cut in the middle, and every line after it
    const result = await bash({ command: 'seq 1 20000' });
    expect(result.is_error).toBeUndefined();
    expect(result.content.startsWith(shown.replace(/\n$/, '') + '\n\n')).toBe(true);
    expect(result.content).toContain(`... [${cutLines} lines truncated] ...`);

    const saved = /saved in (\S+);/.exec(result.content)?.[1];
    expect(saved).toBeDefined();
    expect(saved!.startsWith(box.tempDir + '/')).toBe(true);
    expect(readFileSync(saved!, 'utf8')).toBe(full);
    const tail = (await run([{ id: 'toolu_2', name: 'Read', input: { file_path: saved, offset: 19_999, limit: 5 } }])).results[0]!;
    expect(tail.is_error).toBeUndefined();
    expect(tail.content).toContain(' 19999→19999\n 20000→20000');
    expect(tail.content).not.toContain('19998');
  });

  it('a cut right at the end of a line counts only the lines after it, including a last one without a newline', async () => {
    const result = await bash({ command: "head -c 30000 /dev/zero | tr '\\0' x; printf '\\nb\\nc'" });
    expect(result.content.startsWith('x'.repeat(30_000) + '\n\n')).toBe(true);
    // The line of x's is shown whole; "b" and "c" are cut.
    expect(result.content).toContain('... [2 lines truncated] ...');
  });

  it('output of exactly the limit plus its final newline is shown whole, with nothing said to be cut', async () => {
    const result = await bash({ command: "head -c 30000 /dev/zero | tr '\\0' z; echo" });
    expect(result.content).toBe('z'.repeat(30_000));
    expect(readdirSync(join(box.tempDir, 'bash'))).toEqual([]);
  });

  it('output up to the limit is shown whole and not saved', async () => {
    const result = await bash({ command: "head -c 30000 /dev/zero | tr '\\0' y" });
    expect(result.content).toBe('y'.repeat(30_000));
    expect(readdirSync(join(box.tempDir, 'bash'))).toEqual([]);
  });
});

describe('environment', () => {
  useSandbox();

  const SECRETS: Record<string, string> = {
    GITHUB_TOKEN: 'ghs_tokenvalue1234567890abcdefghijkl',
    INPUT_GITHUB_TOKEN: 'input-token-value-xyz',
    ANTHROPIC_API_KEY: 'sk-ant-apikeyvalue-abcdefghijklmnop',
    ANTHROPIC_BASE_URL: 'https://proxy.internal.example',
    ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token',
    ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example/token',
    ACTIONS_CACHE_URL: 'https://cache.example/',
    INPUT_FOO: 'input-foo-value',
    GITHUB_ENV: '/runner/_temp/_runner_file_commands/set_env_1',
    GITHUB_OUTPUT: '/runner/_temp/_runner_file_commands/set_output_1',
    GITHUB_PATH: '/runner/_temp/_runner_file_commands/add_path_1',
    GITHUB_STATE: '/runner/_temp/_runner_file_commands/save_state_1',
    GITHUB_STEP_SUMMARY: '/runner/_temp/_runner_file_commands/step_summary_1',
    RUNNER_TEMP: '/runner/_temp',
    MY_SECRET: 'my-secret-value',
    NPM_TOKEN: 'npm-token-value',
    AWS_SECRET_ACCESS_KEY: 'aws-secret-value',
    BASH_ENV: '/runner/_temp/evil.sh',
    NODE_OPTIONS: '--require /runner/_temp/evil.js',
    LD_PRELOAD: '/runner/_temp/evil.so',
  };

  function contextWithSecrets(): ToolDeps {
    return toolDeps({ root: box.root, tempDir: box.tempDir, parentEnv: { PATH: process.env.PATH, HOME: homedir(), GITHUB_REPOSITORY: 'octo/repo', ...SECRETS } });
  }

  it('a command sees only the allow-listed environment, none of the action’s secrets or runner files', async () => {
    const result = await bash({ command: 'env' }, contextWithSecrets());
    const names = result.content.split('\n').map((line) => line.slice(0, line.indexOf('=')));
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(names).not.toContain(name);
      expect(result.content).not.toContain(value);
    }
    expect(result.content).toContain('GITHUB_REPOSITORY=octo/repo');
    expect(result.content).toContain('CI=true');
  });

  it('HOME is an empty folder of its own, not the real home', async () => {
    const result = await bash({ command: 'echo "$HOME"; ls -A "$HOME" | wc -l' }, contextWithSecrets());
    const [home, entries] = result.content.split('\n');
    expect(home).toBe(join(box.tempDir, 'home'));
    expect(home).not.toBe(homedir());
    expect(entries?.trim()).toBe('0');
  });
});

describe('Bash in the executor', () => {
  useSandbox();

  it('read-only commands may run beside other calls; anything else runs alone', () => {
    const tool = bashTool.make(ctx);
    expect(tool.isConcurrencySafe({ command: 'ls -la' })).toBe(true);
    expect(tool.isConcurrencySafe({ command: 'cat README.md' })).toBe(true);
    expect(tool.isConcurrencySafe({ command: 'rm README.md' })).toBe(false);
    expect(tool.isConcurrencySafe({ command: 'cd src' })).toBe(false);
  });

  // If the calls ran one after the other, `tail -f` would run until its own
  // 20-second timeout and end as a timeout; cancelled means it ran beside the failing call.
  it('a failing read-only Bash call stops its running sibling, while a Read beside it still succeeds', async () => {
    const started = Date.now();
    const { results, records } = await run([
      { id: 'a', name: 'Bash', input: { command: 'tail -f README.md', timeout: 20_000 } },
      { id: 'b', name: 'Bash', input: { command: 'ls no-such-file' } },
      { id: 'c', name: 'Read', input: { file_path: join(box.root, 'README.md') } },
    ]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(results.map((result) => result.tool_use_id)).toEqual(['a', 'b', 'c']);
    expect(results[0]!.is_error).toBe(true);
    expect(results[0]!.content).toContain(
      'Cancelled: the parallel call Bash(ls no-such-file) failed, so this call was stopped. Run it again if it is still needed.',
    );
    expect(records[0]!.stage).toBe('cancelled');
    expect(results[1]!.is_error).toBe(true);
    expect(results[1]!.content).toMatch(/No such file or directory\nExit code 2$/);
    expect(results[2]!.is_error).toBeUndefined();
    expect(results[2]!.content).toContain('     1→# project');
  });

  it('results come back in the order the model asked, across parallel and lone calls', async () => {
    const { results } = await run([
      { id: 'one', name: 'Bash', input: { command: 'cat README.md' } },
      { id: 'two', name: 'Read', input: { file_path: join(box.root, 'src/app.ts') } },
      { id: 'three', name: 'Bash', input: { command: 'echo made > made.txt && cat made.txt' } },
      { id: 'four', name: 'Bash', input: { command: 'cat made.txt' } },
      { id: 'five', name: 'Bash', input: { command: 'ls src' } },
    ]);
    expect(results.map((result) => result.tool_use_id)).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(results.some((result) => result.is_error)).toBe(false);
    expect(results[0]!.content).toBe('# project');
    expect(results[1]!.content).toContain('     1→export const app = 1;');
    expect(results.slice(2).map((result) => result.content)).toEqual(['made', 'made', 'app.ts']);
  });

  it('a Bash call refused before it ran does not stop its siblings', async () => {
    const { results, records } = await runToolCalls(
      [
        { id: 'a', name: 'Bash', input: { command: 'ls src' } },
        { id: 'b', name: 'Bash', input: { command: 'cat README.md' } },
      ],
      {
        tools: toolsOf(ctx),
        signal: new AbortController().signal,
        gate: async (_tool, input) =>
          (input as { command: string }).command === 'ls src'
            ? { behavior: 'deny', message: 'ls is not allowed here.' }
            : { behavior: 'allow' },
      },
    );
    expect(records.map((record) => record.stage)).toEqual(['permission', 'done']);
    expect(results[1]).toEqual({ type: 'tool_result', tool_use_id: 'b', content: '# project' });
  });

  it('a failing Bash call that runs alone does not cancel the calls after it', async () => {
    const { results } = await run([
      { id: 'a', name: 'Bash', input: { command: 'echo x > x.txt; exit 1' } },
      { id: 'b', name: 'Bash', input: { command: 'cat x.txt' } },
    ]);
    expect(results[0]!.content).toBe('Exit code 1');
    expect(results[1]).toEqual({ type: 'tool_result', tool_use_id: 'b', content: 'x' });
  });
});

describe('isReadOnlyCommand', () => {
  it.each([
    'ls -la',
    'ls',
    'cat README.md',
    'git status',
    'git log --oneline',
    'git diff main',
    'git --no-pager show HEAD',
    "grep -rn 'a b' src",
    'find . -name foo',
    'sort -u -k2 names.txt',
    'rg -n pattern src',
    'uniq names.txt',
    'tree -L 2',
    'date -u',
    'head -n 5 README.md',
  ])('%j only reads', (command) => {
    expect(isReadOnlyCommand(command)).toBe(true);
  });

  it.each([
    'rm x',
    'ls; rm x',
    'ls && rm x',
    'ls | xargs rm',
    'echo $(id)',
    'echo `id`',
    'cat x > y',
    'cat < x',
    'git push',
    'git commit -m x',
    'git -c core.pager=rm log',
    'git log --output=x',
    'git grep -Orm x',
    'git grep --open-files-in-pager=rm x',
    'find . -delete',
    'find . -exec rm {} +',
    'find . -fprint out',
    'sort -o out x',
    'sort -uo out x',
    'sort -oout x',
    'sort --output=out x',
    'sort --compress-program=sh x',
    'uniq in.txt out.txt',
    'tree -o out.txt',
    'tree -R -H . -o x',
    'rg --pre rm x',
    'rg --pre=rm x',
    'date -s 2020-01-01',
    'date --set=2020-01-01',
    'file -C -m magic',
    "'true'ncate -s 0 README.md",
    '"ls"x',
    'cd src',
    'FOO=1 ls',
    'ls\nrm x',
    'ls *',
    '',
    '   ',
  ])('%j may write', (command) => {
    expect(isReadOnlyCommand(command)).toBe(false);
  });
});
