// The OS sandbox, attacked for real: each test runs commands through the real
// Bash tool (via the executor, so the result is what the model would see) in
// a real bubblewrap sandbox around a real temp checkout, and checks that the
// safe outcome held — on the host, where it counts, not only in the output.
import type { SpawnOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, chmodSync, closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runToolCalls } from '../../src/agent/executor.js';
import { BASH_MAX_OUTPUT_FILE_BYTES, bashTool } from '../../src/tools/bash.js';
import { readTool } from '../../src/tools/read.js';
import { makeTools, toolDeps } from '../../src/tools/deps.js';
import type { ToolDeps, ToolResultBlock } from '../../src/tools/tool.js';
import { SANDBOX_MAX_TASKS } from '../../src/safety/sandbox/bwrap-args.js';
import { vendoredBubblewrap, type VendoredBubblewrap } from '../../src/safety/sandbox/bubblewrap.js';
import { prepareSandbox } from '../../src/safety/sandbox/choose.js';
import { spawnLaunch, type Launch } from '../../src/safety/sandbox/launch.js';
import type { Sandbox } from '../../src/safety/sandbox/wrap.js';
import pins from '../../vendor/bubblewrap/pins.json' with { type: 'json' };
import { bwrapWorks } from '../helpers/bwrap.js';
import { makeSandbox, type Sandbox as Workspace } from '../helpers/workspace.js';

/** One agent's tools in a runner, and the run's signal. */
type ToolContext = ToolDeps & { signal: AbortSignal };
const toolsOf = (deps: ToolDeps) => new Map(makeTools([bashTool, readTool], deps).map((tool) => [tool.name, tool]));
const TOKEN = 'ghs_FakeActionToken0123456789abcdefghijklmn';
const API_KEY = 'sk-ant-fake-api-key-0123456789abcdefghij';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function bash(ctx: ToolContext, command: string, timeout?: number): Promise<ToolResultBlock> {
  const input = timeout === undefined ? { command } : { command, timeout };
  return (await runToolCalls([{ id: 'toolu_1', name: 'Bash', input }], { tools: toolsOf(ctx), signal: ctx.signal })).results[0]!;
}

async function sandboxFor(root: string, network = false, env: NodeJS.ProcessEnv = process.env): Promise<Sandbox> {
  const decision = await prepareSandbox('required', { root, network, env });
  if (decision.kind !== 'sandboxed') throw new Error(`no sandbox: ${JSON.stringify(decision)}`);
  return decision.sandbox;
}

/** A checkout beside the runner's other folders, as on a runner: a sibling checkout, RUNNER_TEMP, _actions. */
interface Runner {
  box: Workspace;
  sibling: string;
  runnerTemp: string;
  actions: string;
  parentEnv: NodeJS.ProcessEnv;
}

function makeRunner(): Runner {
  const box = makeSandbox({ 'README.md': '# project\n', 'src/app.ts': 'export const app = 1;\n' });
  const sibling = join(box.base, 'other-repo');
  const runnerTemp = join(box.base, '_temp');
  const actions = join(box.base, '_actions');
  for (const dir of [sibling, runnerTemp, actions]) mkdirSync(dir);
  writeFileSync(join(sibling, 'private.txt'), 'sibling checkout contents\n');
  writeFileSync(join(runnerTemp, 'set_output_1'), 'runner file\n');
  writeFileSync(join(actions, 'action.yml'), 'name: other\n');
  const parentEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: homedir(),
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_TOKEN: TOKEN,
    INPUT_GITHUB_TOKEN: TOKEN,
    ANTHROPIC_API_KEY: API_KEY,
    ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
    RUNNER_TEMP: runnerTemp,
  };
  return { box, sibling, runnerTemp, actions, parentEnv };
}

function contextIn(runner: Runner, sandbox: Sandbox, signal = new AbortController().signal): ToolContext {
  return { ...toolDeps({ root: runner.box.root, tempDir: runner.box.tempDir, parentEnv: runner.parentEnv, sandbox }), signal };
}

/** A runner with a sandboxed Bash context, fresh for each test or one for the whole block; removed after. */
function useSandboxedRunner(scope: 'each' | 'all'): { runner: Runner; ctx: ToolContext } {
  const state = {} as { runner: Runner; ctx: ToolContext };
  (scope === 'each' ? beforeEach : beforeAll)(async () => {
    state.runner = makeRunner();
    state.ctx = contextIn(state.runner, await sandboxFor(state.runner.box.root));
  });
  (scope === 'each' ? afterEach : afterAll)(() => state.runner.box.cleanup());
  return state;
}

/** Runs a wrapped command directly (as hooks do), and gives back what it wrote to stdout and stderr. */
function runDirect(launch: Launch, options: SpawnOptions & { stdio: Array<'ignore' | 'pipe' | number> }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnLaunch({ ...launch, env: options.env ?? launch.env }, options);
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
}

/** The action's own secrets are in this process's environment too, as they are in a real run. */
function withSecretsInOwnEnvironment() {
  const saved = { GITHUB_TOKEN: process.env.GITHUB_TOKEN, ANTHROPIC_API_KEY: process.env.ANTHROPIC_API_KEY };
  beforeAll(() => {
    process.env.GITHUB_TOKEN = TOKEN;
    process.env.ANTHROPIC_API_KEY = API_KEY;
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}

describe.skipIf(!bwrapWorks)('the sandbox keeps secrets out', () => {
  withSecretsInOwnEnvironment();
  const the = useSandboxedRunner('all');

  const noSecret = (text: string) => {
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('runtime-token-value');
  };

  it('/proc/$PPID/environ of the shell holds no secret', async () => {
    const result = await bash(the.ctx, 'echo "ppid=$PPID"; cat /proc/$PPID/environ | tr "\\0" "\\n"');
    expect(result.content).toMatch(/^ppid=1(\n|$)/); // the parent is the sandbox's own PID 1, not the action
    noSecret(result.content);
  });

  it('/proc/1/environ is the sandbox init, not the host’s, and holds no secret', async () => {
    const result = await bash(the.ctx, 'tr "\\0" " " < /proc/1/cmdline; echo; cat /proc/1/environ | tr "\\0" "\\n"');
    expect(result.content).toMatch(/^\S*bwrap(-linux-\w+)? /);
    noSecret(result.content);
  });

  it('env shows only the allow-list, and printenv GITHUB_TOKEN finds nothing', async () => {
    const env = await bash(the.ctx, 'env');
    noSecret(env.content);
    const names = env.content.split('\n').map((line) => line.slice(0, line.indexOf('=')));
    const allowed = new Set([...Object.keys(the.ctx.childEnv), 'PWD', 'SHLVL', '_']);
    expect(names.filter((name) => !allowed.has(name))).toEqual([]);
    expect(env.content).toContain('GITHUB_REPOSITORY=octo/repo');
    const printenv = await bash(the.ctx, 'printenv GITHUB_TOKEN');
    expect(printenv).toMatchObject({ is_error: true, content: 'Exit code 1' });
  });

  it('even bubblewrap started with the action’s environment passes only the allow-list in', async () => {
    const launch = the.ctx.sandbox!.wrap(['/usr/bin/env'], { cwd: the.runner.box.root, env: the.ctx.childEnv });
    const output = await runDirect(launch, { env: { ...process.env, ...launch.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    expect(output).toContain('GITHUB_REPOSITORY=octo/repo');
    noSecret(output);
  });

  it('bubblewrap’s command line, which every process can read, holds none of the values it sets; the command gets them all', async () => {
    const env = { ...the.ctx.childEnv, GIVEN: 'a value = with spaces\nand a line ✓', ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`MANY_${i}`, `many-${i}-value`])) };
    const launch = the.ctx.sandbox!.wrap(['/bin/sh', '-c', 'printenv GIVEN; printenv MANY_99; sleep 5'], { cwd: the.runner.box.root, env });
    const child = spawnLaunch(launch, { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    try {
      let output = '';
      await new Promise<void>((resolve) =>
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('many-99-value\n')) resolve();
        }),
      );
      expect(output).toBe('a value = with spaces\nand a line ✓\nmany-99-value\n');
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8');
      expect(cmdline).toContain('--clearenv');
      for (const value of ['a value = with spaces', 'and a line ✓', 'many-99-value', 'many-0-value']) expect(cmdline).not.toContain(value);
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
    }
  });

  it('the descriptor bubblewrap reads its arguments from is the launch’s own: a caller may not pass one there', () => {
    const launch = the.ctx.sandbox!.wrap(['true'], { cwd: the.runner.box.root, env: the.ctx.childEnv });
    expect(() => spawnLaunch(launch, { stdio: ['ignore', 'ignore', 'ignore', 'ignore', 'pipe'] })).toThrow("Descriptor 4 carries the sandbox's arguments: the caller may not use it.");
  });

  it('descriptors leaked in from the runner are closed before the command runs', async () => {
    const secretFile = join(the.runner.runnerTemp, 'leaked.txt');
    writeFileSync(secretFile, `${TOKEN}\n`);
    const leaked = openSync(secretFile, 'r');
    try {
      const launch = the.ctx.sandbox!.wrap(['/bin/bash', '-c', 'cat <&5 || echo closed; ls /proc/self/fd | sort -n | tr "\\n" " "'], { cwd: the.runner.box.root, env: the.ctx.childEnv });
      const output = await runDirect(launch, { env: launch.env, stdio: ['ignore', 'pipe', 'pipe', 'ignore', 'ignore', leaked] });
      noSecret(output);
      expect(output).toMatch(/5: Bad file descriptor\nclosed\n0 1 2 3 $/); // 3: the `ls` reading the folder
    } finally {
      closeSync(leaked);
    }
  });

  it('ps auxeww shows only the sandbox’s own processes', async () => {
    const result = await bash(the.ctx, 'ps auxeww');
    noSecret(result.content);
    const commands = result.content
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s+/).slice(10).join(' '));
    expect(commands.length).toBeLessThanOrEqual(3);
    for (const command of commands) expect(command).toMatch(/^(\S*bwrap(-linux-\w+)?|\/bin\/bash|ps) /);
    expect(result.content).not.toMatch(/vitest|node /);
  });

  it('cat /proc/*/environ finds no secret anywhere', async () => {
    const result = await bash(the.ctx, 'cat /proc/*/environ 2>/dev/null | tr "\\0" "\\n"; ls -d /proc/[0-9]* | wc -l');
    noSecret(result.content);
    expect(Number(result.content.split('\n').at(-1))).toBeLessThanOrEqual(5);
  });

  it('sibling checkouts, RUNNER_TEMP, _actions and the action’s temp folder are not there', async () => {
    const { box, sibling, runnerTemp, actions } = the.runner;
    const result = await bash(the.ctx, `ls -A ${box.base}; for p in ${sibling} ${runnerTemp} ${actions} ${box.tempDir}; do ls "$p" 2>&1; done`);
    expect(result.content.split('\n')[0]).toBe('repo');
    for (const path of [sibling, runnerTemp, actions, box.tempDir]) {
      expect(result.content).toContain(`ls: cannot access '${path}': No such file or directory`);
    }
    expect(result.content).not.toContain('private.txt');
  });

  it('HOME is an empty folder of the sandbox; writes there never reach the real HOME', async () => {
    const marker = `.deckhand-sandbox-${process.pid}-${Date.now()}`;
    const result = await bash(the.ctx, `echo "$HOME"; ls -A "$HOME" | wc -l; echo planted > "$HOME/${marker}" && cat "$HOME/${marker}"`);
    const [home, entries, planted] = result.content.split('\n');
    expect(home).not.toBe(homedir());
    expect(entries).toBe('0');
    expect(planted).toBe('planted');
    expect(existsSync(join(homedir(), marker))).toBe(false);
    expect(readdirSync(join(the.runner.box.tempDir, 'home'))).toEqual([]);
    // Nor does it outlive the call.
    expect((await bash(the.ctx, 'ls -A "$HOME" | wc -l')).content).toBe('0');
  });
});

describe.skipIf(!bwrapWorks)('the sandbox keeps the system and .git read-only', () => {
  const the = useSandboxedRunner('each');

  it('writes to .git/config and .git/hooks fail, while a file in the checkout can be written', async () => {
    const { root } = the.runner.box;
    const config = readFileSync(join(root, '.git/config'), 'utf8');
    const result = await bash(the.ctx, 'echo "[core] hooksPath=/tmp" >> .git/config; echo evil > .git/hooks/x; mv .git moved; echo ok > notes.txt; cat notes.txt');
    expect(result.content).toContain('.git/config: Read-only file system');
    expect(result.content).toContain('.git/hooks/x: Read-only file system');
    expect(result.content).toMatch(/cannot move '.git' to 'moved': (Device or resource busy|Read-only file system)/);
    expect(result.content).toMatch(/ok$/);
    expect(readFileSync(join(root, '.git/config'), 'utf8')).toBe(config);
    expect(existsSync(join(root, '.git/hooks/x'))).toBe(false);
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('ok\n');
  });

  it('a .git in another spelling at the root, folder, file or symlink, is read-only too', async () => {
    const { root, write } = the.runner.box;
    write('.GIT/config', '[core]\n');
    write('.Git', 'gitdir: ../elsewhere\n');
    write('vendor/gitdir/config', '[core]\n');
    symlinkSync('vendor/gitdir', join(root, '.gIt'));
    // Made after the sandbox was prepared: looked up again for each command.
    const result = await bash(the.ctx, 'echo x >> .GIT/config; echo x >> .Git; echo x >> .gIt/config; echo fine >> README.md');
    expect(result.content).toContain('.GIT/config: Read-only file system');
    expect(result.content).toContain('.Git: Read-only file system');
    expect(result.content).toContain('.gIt/config: Read-only file system');
    expect(readFileSync(join(root, '.Git'), 'utf8')).toBe('gitdir: ../elsewhere\n');
    expect(readFileSync(join(root, 'vendor/gitdir/config'), 'utf8')).toBe('[core]\n');
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toBe('# project\nfine\n');
  });

  it('the system folders are read-only and no capability is left', async () => {
    const result = await bash(the.ctx, 'touch /usr/x /etc/x /opt/x 2>&1 | sed "s/.*: //" | sort -u; grep CapEff /proc/self/status; unshare -U true 2>/dev/null || echo "no user namespace"');
    expect(result.content).toMatch(/^Read-only file system\nCapEff:\s+0+\nno user namespace$/);
  });

  it('git reads the read-only .git: status, log and diff work', async () => {
    const result = await bash(the.ctx, 'echo more >> README.md && git status --short && git log --format=%s && git diff --stat');
    expect(result.is_error).toBeUndefined();
    expect(result.content).toBe(' M README.md\ninitial\n README.md | 1 +\n 1 file changed, 1 insertion(+)');
  });

  it('node, npm and python work inside', async () => {
    const result = await bash(the.ctx, 'node -e "console.log(6 * 7)" && npm --version && python3 -c "print(2 ** 10)"');
    expect(result.is_error).toBeUndefined();
    expect(result.content).toMatch(/^42\n\d+\.\d+\.\d+\n1024$/);
  });
});

// Self-hosted runners may keep their work folder under a system folder that is mounted read-only.
const optWritable = (() => {
  try {
    accessSync('/opt', constants.W_OK);
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!bwrapWorks || !optWritable)('a runner work folder under /opt', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync('/opt/deckhand-runner-');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('shows only the checkout (writable) and the tool cache (read-only), not RUNNER_TEMP or other checkouts', async () => {
    const root = join(work, '_work/repo/repo');
    const runnerTemp = join(work, '_work/_temp');
    const toolCache = join(work, '_work/_tool');
    for (const dir of [root, runnerTemp, toolCache, join(work, '_work/other/other'), join(work, 'tempdir')]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(runnerTemp, 'set_output_1'), 'runner file\n');
    writeFileSync(join(toolCache, 'node'), 'a tool\n');
    writeFileSync(join(work, '.credentials'), 'runner credentials\n');
    const env = { ...process.env, RUNNER_TEMP: runnerTemp, RUNNER_TOOL_CACHE: toolCache };
    const sandbox = await sandboxFor(root, false, env);
    const ctx = { ...toolDeps({ root, tempDir: join(work, 'tempdir'), parentEnv: { PATH: process.env.PATH }, sandbox }), signal: new AbortController().signal };
    const result = await bash(ctx, `ls -A ${work} ${work}/_work; cat ${toolCache}/node; echo x >> ${toolCache}/node; echo made > made.txt && cat made.txt`);
    expect(result.content).toBe(
      [`${work}:`, '_work', '', `${work}/_work:`, '_tool', 'repo', 'a tool', `bash: line 1: ${toolCache}/node: Read-only file system`, 'made'].join('\n'),
    );
    expect(readFileSync(join(root, 'made.txt'), 'utf8')).toBe('made\n');
  });
});

describe.skipIf(!bwrapWorks)('the sandbox network', () => {
  let runner: Runner;
  let server: Server;
  let port: number;
  let requests = 0;
  beforeAll(async () => {
    runner = makeRunner();
    server = createServer((_req, res) => {
      requests++;
      res.end('hello from the host');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    runner.box.cleanup();
  });

  const clients = {
    curl: () => `curl -sS -m 5 http://127.0.0.1:${port}/`,
    'node fetch': () => `node -e "fetch('http://127.0.0.1:${port}/').then((r) => r.text()).then(console.log, (e) => { console.log(String(e.cause ?? e)); process.exit(1); })"`,
    'bash /dev/tcp': () => `bash -c 'exec 3<>/dev/tcp/127.0.0.1/${port}; printf "GET / HTTP/1.0\\r\\n\\r\\n" >&3; cat <&3'`,
  };

  it.each(Object.keys(clients))('with network off, %s cannot reach a server on the host', async (name) => {
    const ctx = contextIn(runner, await sandboxFor(runner.box.root, false));
    const before = requests;
    const result = await bash(ctx, clients[name as keyof typeof clients](), 20_000);
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(/Connection refused|ECONNREFUSED|Couldn't connect/);
    expect(requests).toBe(before);
  });

  it.each(Object.keys(clients))('with network on, %s reaches it', async (name) => {
    const ctx = contextIn(runner, await sandboxFor(runner.box.root, true));
    const before = requests;
    const result = await bash(ctx, clients[name as keyof typeof clients](), 20_000);
    expect(result.content).toContain('hello from the host');
    expect(requests).toBe(before + 1);
  });
});

describe.skipIf(!bwrapWorks)('the sandbox limits and kills', () => {
  const the = useSandboxedRunner('each');

  it('a fork bomb is held by the process limit and killed at the timeout; the next command works', async () => {
    const started = Date.now();
    const result = await bash(the.ctx, ':(){ :|:& };:; sleep 30', 1_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(/Command timed out after 1s; it and every process it started were killed\.$/);
    expect(await bash(the.ctx, 'echo alive')).toMatchObject({ content: 'alive' });
  });

  // Forks until the kernel says no, so the count is exactly what the limit allows.
  it('no more than the process limit can run at once, and it cannot be raised', async () => {
    const forks = `python3 -c '
import os, time
n = 0
while n < ${SANDBOX_MAX_TASKS + 500}:
    try:
        pid = os.fork()
    except OSError as e:
        print("refused", e.strerror)
        break
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    n += 1
print(n)
'`;
    const result = await bash(the.ctx, `${forks}; ulimit -u unlimited; ulimit -f unlimited`, 20_000);
    const [refused, count] = result.content.split('\n');
    expect(refused).toBe('refused Resource temporarily unavailable');
    expect(Number(count)).toBeLessThan(SANDBOX_MAX_TASKS);
    expect(Number(count)).toBeGreaterThan(SANDBOX_MAX_TASKS - 20);
    expect(result.content).toMatch(/ulimit: max user processes: cannot modify limit: Operation not permitted/);
    expect(result.content).toMatch(/ulimit: file size: cannot modify limit: Operation not permitted/);
    expect(await bash(the.ctx, 'echo alive')).toMatchObject({ content: 'alive' });
  });

  it('endless output is stopped, and the run goes on', async () => {
    const started = Date.now();
    const result = await bash(the.ctx, 'yes', 20_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(new RegExp(`Command was stopped: it wrote more than ${BASH_MAX_OUTPUT_FILE_BYTES / 1024 / 1024} MB of output\\.$`));
    const saved = /saved in (\S+);/.exec(result.content)![1]!;
    rmSync(saved);
    expect(await bash(the.ctx, 'echo alive')).toMatchObject({ content: 'alive' });
  });

});

// Mostly waiting, so these run side by side, each in a checkout of its own.
describe.skipIf(!bwrapWorks).concurrent('nothing the command started outlives it', () => {
  async function freshContext(onTestFinished: (fn: () => void) => void, signal?: AbortSignal) {
    const runner = makeRunner();
    onTestFinished(() => runner.box.cleanup());
    return { root: runner.box.root, ctx: contextIn(runner, await sandboxFor(runner.box.root), signal) };
  }

  it('a setsid or double-forked escapee does not outlive the call', async ({ onTestFinished }) => {
    const { root, ctx } = await freshContext(onTestFinished);
    const result = await bash(ctx, "setsid sh -c 'sleep 1; touch escaped-setsid' >/dev/null 2>&1 & (sh -c 'sleep 1; touch escaped-twice' &) ; echo started");
    expect(result.content).toBe('started');
    await pause(2_000);
    expect(existsSync(join(root, 'escaped-setsid'))).toBe(false);
    expect(existsSync(join(root, 'escaped-twice'))).toBe(false);
  });

  it('a timeout kills the whole namespace, escapees and TERM-ignorers included', async ({ onTestFinished }) => {
    const { root, ctx } = await freshContext(onTestFinished);
    const started = Date.now();
    const result = await bash(ctx, "setsid sh -c 'sleep 1; touch late' >/dev/null 2>&1 & trap '' TERM; sleep 30", 300);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.content).toBe('Command timed out after 300ms; it and every process it started were killed.');
    await pause(2_000);
    expect(existsSync(join(root, 'late'))).toBe(false);
  });

  it('aborting the run kills the sandboxed command and its escapees', async ({ onTestFinished }) => {
    const controller = new AbortController();
    const { root, ctx } = await freshContext(onTestFinished, controller.signal);
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const result = await bash(ctx, "setsid sh -c 'sleep 1; touch late' >/dev/null 2>&1 & sleep 30");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.is_error).toBe(true);
    expect(result.content).toContain('Cancelled');
    await pause(2_000);
    expect(existsSync(join(root, 'late'))).toBe(false);
  });
});

// The key behaviours of test/tools/bash.test.ts, again inside the sandbox.
describe.skipIf(!bwrapWorks)('Bash behaves the same in the sandbox', () => {
  const the = useSandboxedRunner('all');

  it('returns the output in order, and a non-zero exit keeps it with the exit code', async () => {
    expect(await bash(the.ctx, 'echo a; echo b >&2; echo c')).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a\nb\nc' });
    expect(await bash(the.ctx, 'echo partial; exit 3')).toMatchObject({ is_error: true, content: 'partial\nExit code 3' });
  });

  it('stdin is /dev/null', async () => {
    expect((await bash(the.ctx, 'cat; readlink /proc/self/fd/0')).content).toBe('/dev/null');
  });

  it('the working folder persists between calls, and leaving the checkout resets it', async () => {
    expect((await bash(the.ctx, 'pwd')).content).toBe(the.runner.box.root);
    await bash(the.ctx, 'cd src');
    expect((await bash(the.ctx, 'pwd; ls')).content).toBe(`${join(the.runner.box.root, 'src')}\napp.ts`);
    await bash(the.ctx, 'cd src-missing || exit 4');
    expect(the.ctx.shell.cwd).toBe(join(the.runner.box.root, 'src'));
    expect((await bash(the.ctx, 'cd / && pwd')).content).toBe(`/\nShell cwd was reset to ${the.runner.box.root}`);
    expect((await bash(the.ctx, 'pwd')).content).toBe(the.runner.box.root);
  });

  it('the descriptor that reports the working folder is not the command’s fd 3', async () => {
    const result = await bash(the.ctx, 'exec 3>fd3.txt; echo mine >&3; cd src');
    expect(result.content).toBe('(Command completed with no output)');
    expect(readFileSync(join(the.runner.box.root, 'fd3.txt'), 'utf8')).toBe('mine\n');
    expect(the.ctx.shell.cwd).toBe(join(the.runner.box.root, 'src'));
    await bash(the.ctx, 'cd ..');
  });

  it('long output is cut, and the whole of it saved where Read can read it', async () => {
    const result = await bash(the.ctx, 'seq 1 20000');
    expect(result.content).toContain('lines truncated');
    const saved = /saved in (\S+);/.exec(result.content)![1]!;
    expect(readFileSync(saved, 'utf8')).toBe(Array.from({ length: 20_000 }, (_, i) => `${i + 1}\n`).join(''));
  });
});

describe('which bubblewrap a run uses, or why none', () => {
  let dir: string;
  let bin: string;
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'deckhand-decide-')));
    bin = join(dir, 'bin');
    mkdirSync(join(dir, 'repo'));
    mkdirSync(bin);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const shipped = vendoredBubblewrap()!;
  /** PATH without the system's bwrap (if it has one): only the test's own bin folder. */
  const noSystemBwrap = (extra: NodeJS.ProcessEnv = {}) => ({ PATH: bin, ...extra });
  const decide = (setting: 'auto' | 'required', env: NodeJS.ProcessEnv, more: { vendored?: VendoredBubblewrap | null; log?: string[] } = {}) =>
    prepareSandbox(setting, {
      root: join(dir, 'repo'),
      network: false,
      env,
      ...(more.vendored !== undefined ? { vendored: more.vendored } : {}),
      log: (line) => more.log?.push(line),
    });
  const script = (name: string, body: string) => {
    const path = join(bin, name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
  /** Runs a command in the sandbox the decision made, and gives back its output. */
  const runIn = async (sandbox: Sandbox, command: string) => {
    const launch = sandbox.wrap(['/bin/sh', '-c', command], { cwd: join(dir, 'repo'), env: { PATH: '/usr/bin:/bin' } });
    return (await runDirect(launch, { env: launch.env, stdio: ['ignore', 'pipe', 'pipe'] })).trim();
  };

  it('off runs nothing and warns that allowed commands run unconfined', async () => {
    const decision = await prepareSandbox('off', { root: join(dir, 'repo'), network: false, env: process.env });
    expect(decision.kind).toBe('unsandboxed');
    expect(decision.kind === 'unsandboxed' && decision.warning).toMatch(/allow rule.*unconfined/);
  });

  it('the vendored binary ships for both Linux architectures, pinned', () => {
    for (const arch of ['x64', 'arm64']) {
      const binary = join(import.meta.dirname, '../../dist/bin', `bwrap-linux-${arch}`);
      accessSync(binary, constants.X_OK);
      expect(sha256(binary)).toBe(pins.binaries[arch as 'x64' | 'arm64'].bwrapSha256);
    }
  });

  it.skipIf(!bwrapWorks)('without a system bubblewrap, the vendored one sandboxes, and the log names it', async () => {
    const log: string[] = [];
    const decision = await decide('required', noSystemBwrap(), { log });
    expect(decision.kind).toBe('sandboxed');
    expect(log.at(-1)).toBe(`Sandbox: the vendored bubblewrap 0.8.0 at ${shipped.path}, network off, process limit ${log.at(-1)!.split('process limit ')[1]}`);
    // Its own PID namespace: the command's shell is not the test's process tree.
    expect(await runIn((decision as { sandbox: Sandbox }).sandbox, 'echo $$; ls /proc | grep -c "^[0-9]"')).toMatch(/^\d\n[1-4]$/);
  });

  it.skipIf(!bwrapWorks)('a working system bubblewrap comes first', async () => {
    // A system bwrap that works: it hands over to the real binary.
    const system = script('bwrap', `exec ${shipped.path} "$@"`);
    const log: string[] = [];
    const decision = await decide('required', noSystemBwrap(), { log });
    expect(decision.kind).toBe('sandboxed');
    expect(log.at(-1)).toContain(`Sandbox: the system's bubblewrap 0.8.0 at ${system}, network off`);
  });

  it.skipIf(!bwrapWorks)('a system bubblewrap that fails gives way to the vendored one, and the log says why', async () => {
    const system = script('bwrap', 'echo "bwrap: No permissions to create a new namespace" >&2; exit 1');
    const log: string[] = [];
    const decision = await decide('required', noSystemBwrap(), { log });
    expect(decision.kind).toBe('sandboxed');
    expect(log).toContain(
      `Sandbox: the system's bubblewrap of unknown version at ${system} does not work here (bwrap: No permissions to create a new namespace); trying the vendored one.`,
    );
    expect(log.at(-1)).toContain(`the vendored bubblewrap 0.8.0 at ${shipped.path}`);
  });

  describe('a vendored binary with one byte changed is never run', () => {
    /** The shipped binary with one byte of its ELF header's padding changed: it would still run, so only the check stops it. */
    const tampered = (): VendoredBubblewrap => {
      const copy = join(dir, 'bwrap-linux-x64');
      const bytes = readFileSync(shipped.path);
      bytes[12] = bytes[12]! ^ 0xff;
      writeFileSync(copy, bytes);
      chmodSync(copy, 0o755);
      return { ...shipped, path: copy };
    };

    it('auto falls back, with the reason in one line', async () => {
      const vendored = tampered();
      const decision = await decide('auto', noSystemBwrap(), { vendored });
      expect(decision).toEqual({
        kind: 'unsandboxed',
        why: `the vendored bubblewrap ${vendored.path} does not match its pinned SHA-256, so it is not run (the action's files are damaged or were changed)`,
        warning: `No OS sandbox: the vendored bubblewrap ${vendored.path} does not match its pinned SHA-256, so it is not run (the action's files are damaged or were changed). Bash runs only the commands an allow rule names, and they run unconfined.`,
      });
    });

    it('required fails, with the reason in one line', async () => {
      const decision = await decide('required', noSystemBwrap(), { vendored: tampered() });
      expect(decision.kind).toBe('unavailable');
      const error = decision.kind === 'unavailable' ? decision.error : '';
      expect(error).toMatch(/^sandbox: required, but the vendored bubblewrap \S+ does not match its pinned SHA-256, so it is not run/);
      expect(error).not.toContain('\n');
    });

    it('a missing one is reported the same way', async () => {
      const decision = await decide('auto', noSystemBwrap(), { vendored: { ...shipped, path: join(dir, 'gone') } });
      expect(decision.kind === 'unsandboxed' && decision.warning).toContain(`the vendored bubblewrap ${join(dir, 'gone')} cannot be read (ENOENT)`);
    });
  });

  it('with neither, auto falls back with a warning that says why', async () => {
    const decision = await decide('auto', noSystemBwrap(), { vendored: null });
    expect(decision).toEqual({
      kind: 'unsandboxed',
      why: `bubblewrap (bwrap) is not installed, and the action ships none for ${process.platform}-${process.arch}`,
      warning: `No OS sandbox: bubblewrap (bwrap) is not installed, and the action ships none for ${process.platform}-${process.arch}. Bash runs only the commands an allow rule names, and they run unconfined.`,
    });
  });

  it('with neither, required is a one-line error', async () => {
    const decision = await decide('required', noSystemBwrap(), { vendored: null });
    expect(decision.kind).toBe('unavailable');
    const error = decision.kind === 'unavailable' ? decision.error : '';
    expect(error).toBe(`sandbox: required, but bubblewrap (bwrap) is not installed, and the action ships none for ${process.platform}-${process.arch}. Install bubblewrap, or set sandbox: auto.`);
    expect(error).not.toContain('\n');
  });

  /** A vendored bwrap (pinned to itself) that fails like AppArmor's block until a fake `sudo sysctl` lifts it, then runs the command. */
  function fakeRunner(sudoWorks: boolean) {
    const lifted = join(dir, 'lifted');
    const sudoLog = join(dir, 'sudo.log');
    const bwrap = script(
      'vendored-bwrap',
      `if [ ! -e ${lifted} ]; then echo "bwrap: setting up uid map: Permission denied" >&2; exit 1; fi
while [ "$1" != -- ]; do shift; done
shift
exec "$@"`,
    );
    script('sudo', `printf "%s\\n" "$*" >> ${sudoLog}\n${sudoWorks ? `: > ${lifted}` : 'echo "sudo: a password is required" >&2; exit 1'}`);
    const vendored: VendoredBubblewrap = { path: bwrap, sha256: sha256(bwrap), version: '0.8.0', flags: ['--size', '--disable-userns'] };
    return { sudoLog, vendored };
  }

  it('on a GitHub-hosted runner, a blocked user namespace is lifted with sudo sysctl and probed again', async () => {
    const fake = fakeRunner(true);
    const log: string[] = [];
    const decision = await decide('required', noSystemBwrap({ RUNNER_ENVIRONMENT: 'github-hosted' }), { vendored: fake.vendored, log });
    expect(decision.kind).toBe('sandboxed');
    expect(readFileSync(fake.sudoLog, 'utf8')).toBe('-n sysctl -w kernel.apparmor_restrict_unprivileged_userns=0\n');
    expect(log).toContain("Sandbox: bubblewrap failed (bwrap: setting up uid map: Permission denied); lifting AppArmor's user-namespace restriction.");
    expect(log.at(-1)).toContain(`the vendored bubblewrap 0.8.0 at ${fake.vendored.path}`);
  });

  it('when sudo cannot lift it, required fails and says both what failed and what was tried', async () => {
    const fake = fakeRunner(false);
    const decision = await decide('required', noSystemBwrap({ RUNNER_ENVIRONMENT: 'github-hosted' }), { vendored: fake.vendored });
    expect(decision.kind).toBe('unavailable');
    const error = decision.kind === 'unavailable' ? decision.error : '';
    expect(error).toBe(
      `sandbox: required, but the vendored bubblewrap 0.8.0 at ${fake.vendored.path} does not work here (bwrap: setting up uid map: Permission denied); ` +
        '`sudo -n sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` failed: sudo: a password is required. Allow user namespaces on the runner (or install bubblewrap), or set sandbox: auto.',
    );
  });

  it('off GitHub-hosted runners, nothing is run with sudo; auto falls back with the reason', async () => {
    const fake = fakeRunner(true);
    const decision = await decide('auto', noSystemBwrap({ RUNNER_ENVIRONMENT: 'self-hosted' }), { vendored: fake.vendored });
    expect(decision.kind).toBe('unsandboxed');
    expect(decision.kind === 'unsandboxed' && decision.warning).toContain('setting up uid map: Permission denied');
    expect(existsSync(fake.sudoLog)).toBe(false);
  });

  it('a checkout that holds system folders is refused', async () => {
    const decision = await prepareSandbox('required', { root: '/', network: false, env: process.env });
    expect(decision).toEqual({
      kind: 'unavailable',
      error: 'sandbox: required, but the checkout / holds system folders, so it cannot be mounted writable on its own. Check out the repository into its own folder (GITHUB_WORKSPACE), or set sandbox: auto.',
    });
  });
});
