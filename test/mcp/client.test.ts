// Starting a run's MCP servers for real: the test server (test/fixtures/mcp/server.mjs)
// over stdio inside a real bubblewrap sandbox around a temp checkout, and over
// Streamable HTTP; and every way a server is not started or fails to start,
// which is a warning naming it and no tools. Every server is closed after each test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMcpServers, type McpServers, type McpStart } from '../../src/mcp/client.js';
import type { McpServerSpec } from '../../src/config/mcp.js';
import { prepareSandbox } from '../../src/safety/sandbox/choose.js';
import type { Sandbox } from '../../src/safety/sandbox/wrap.js';
import type { ToolDeps, ToolKind } from '../../src/tools/tool.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { makeSandbox, type Sandbox as Workspace } from '../helpers/workspace.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'mcp', 'server.mjs');
const FIXTURE_TOOLS = ['big', 'connect', 'cwd', 'echo', 'env', 'fail', 'http_get', 'image', 'parent_env', 'read_file', 'write_file'];

/** The fixture as a stdio server; `marker` (a node option, --title) makes its processes findable by pgrep -f. */
const stdio = (args: string[] = [], marker?: string, more: Partial<Extract<McpServerSpec, { kind: 'stdio' }>> = {}): McpServerSpec => ({
  kind: 'stdio',
  command: 'node',
  args: [...(marker ? [`--title=${marker}`] : []), FIXTURE, ...args],
  env: {},
  writable: false,
  network: false,
  ...more,
});
const http = (url: string): McpServerSpec => ({ kind: 'http', url, headers: {} });

/** A marker no other process on the machine has in its command line. */
const newMarker = () => `deckhand-mcp-test-${randomUUID()}`;

/** Pids of the processes whose command line holds `marker`. */
function running(marker: string): string[] {
  const found = spawnSync('pgrep', ['-f', marker], { encoding: 'utf8' });
  if (found.error) throw found.error;
  return found.stdout.split('\n').filter((line) => line.trim() !== '');
}

let box: Workspace;
let sandbox: Sandbox | undefined;
beforeAll(async () => {
  box = makeSandbox({ 'README.md': '# project\n', 'tools/mcp.mjs': '// the repository\'s own server\n' });
  if (bwrapWorks) {
    // The fixture imports the SDK from this repository's node_modules: shown read-only inside, as a tool cache.
    const decision = await prepareSandbox('required', { root: box.root, network: false, env: { ...process.env, RUNNER_TOOL_CACHE: ROOT } });
    if (decision.kind !== 'sandboxed') throw new Error(`no sandbox: ${JSON.stringify(decision)}`);
    sandbox = decision.sandbox;
  }
});
afterAll(() => box?.cleanup());

const opened: McpServers[] = [];
const children: ChildProcess[] = [];
const listeners: Server[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((servers) => servers.close()));
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(listeners.splice(0).map((server) => new Promise((done) => server.close(done))));
});

interface Started extends McpServers {
  warnings: string[];
  logs: string[];
  ms: number;
}

/** startMcpServers with the test's checkout and sandbox; what it warned and logged, and how long it took. */
async function start(servers: Record<string, McpServerSpec>, over: Partial<McpStart> = {}): Promise<Started> {
  const warnings: string[] = [];
  const logs: string[] = [];
  const began = performance.now();
  const started = await startMcpServers({
    servers,
    root: box.root,
    sandbox: async () => sandbox,
    childEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    changedFiles: async () => ({ paths: new Set<string>(), complete: true }),
    mayStart: () => true,
    redact: (text) => text,
    warn: (message) => warnings.push(message),
    log: (line) => logs.push(line),
    ...over,
  });
  opened.push(started);
  return { ...started, warnings, logs, ms: performance.now() - began };
}

const names = (tools: ToolKind[]) => tools.map((tool) => tool.name).sort();
/** A server's tool, made as an agent's would be (it keeps no state of an agent's, so it needs none). */
const toolNamed = (tools: ToolKind[], name: string) => {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name} among ${names(tools).join(', ')}`);
  return tool.make({} as ToolDeps);
};
/** What a call is given: a signal that is never aborted here. */
const callContext = () => ({ signal: new AbortController().signal });

/** The fixture over Streamable HTTP on a free port, from the action's process as a user would run it; its URL. */
async function httpFixture(args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [FIXTURE, '--http', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /^listening (\S+)/m.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the fixture exited with ${code}`)));
  });
}

describe.skipIf(!bwrapWorks)('a stdio server in the sandbox', () => {
  it('lists its tools as mcp__<name>__<tool>, and a call goes to the server', async () => {
    const started = await start({ x: stdio() });
    expect(started.warnings).toEqual([]);
    expect(names(started.tools)).toEqual(FIXTURE_TOOLS.map((tool) => `mcp__x__${tool}`));
    expect(started.logs).toEqual([`MCP server x: ${FIXTURE_TOOLS.length} tools (stdio, in the sandbox).`]);

    const echo = toolNamed(started.tools, 'mcp__x__echo');
    expect(echo.inputJSONSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
    expect(echo.inputJSONSchema).not.toHaveProperty('$schema');
    const ctx = callContext();
    expect(await echo.validateInput({ text: 5 })).toMatchObject({ ok: false, message: expect.stringMatching(/^InputValidationError: mcp__x__echo failed/) });
    expect(await echo.call({ text: 'hello from the test' }, ctx)).toEqual({ content: 'echo: hello from the test' });
    // It runs in the checkout, and an error the tool throws comes back as an error result.
    expect(await toolNamed(started.tools, 'mcp__x__cwd').call({}, ctx)).toEqual({ content: box.root });
    expect(await toolNamed(started.tools, 'mcp__x__fail').call({}, ctx)).toMatchObject({ isError: true, content: expect.stringContaining('the fail tool always fails') });
  });

  it('gets the allow-listed environment plus its own variables, and the checkout read-only unless writable', async () => {
    // Both at once, as a run starts them (as root each gets a pids cgroup, made before its process enters it).
    const both = await start({ ro: stdio([], undefined, { env: { GIVEN: 'given to ro' } }), rw: stdio([], undefined, { writable: true }) });
    expect(both.warnings).toEqual([]);
    const ctx = callContext();
    const call = (name: string, input: Record<string, unknown>) => toolNamed(both.tools, name).call(input, ctx);
    expect(await call('mcp__ro__env', { name: 'GIVEN' })).toEqual({ content: 'given to ro' });
    expect(await call('mcp__rw__env', { name: 'GIVEN' })).toEqual({ content: '(unset)' });
    // The allow-listed environment (here only PATH) reaches it; the action's own does not.
    expect(await call('mcp__ro__env', { name: 'PATH' })).toEqual({ content: process.env.PATH ?? '/usr/bin:/bin' });
    expect(await call('mcp__ro__env', { name: 'VITEST' })).toEqual({ content: '(unset)' });
    expect((await call('mcp__ro__write_file', { path: join(box.root, 'ro.txt'), text: 'x' })).content).toMatch(/EROFS|read-only/);
    expect(await call('mcp__rw__write_file', { path: join(box.root, 'rw.txt'), text: 'x' })).toEqual({ content: `wrote ${join(box.root, 'rw.txt')}` });
  });

  it('close() kills its sandbox: the process is gone once close resolves', async () => {
    const marker = newMarker();
    const started = await start({ x: stdio([], marker) });
    expect(names(started.tools)).toContain('mcp__x__echo');
    // The marker finds the server (and the bubblewrap around it) while it runs.
    expect(running(marker).length).toBeGreaterThan(0);
    await started.close();
    expect(running(marker)).toEqual([]);
    // A second close does nothing, and does not throw.
    await started.close();
  });

  it('a server slower than the deadline is a warning, with no tools, and does not hold up the run; nothing is left running', async () => {
    const marker = newMarker();
    const starting = start({ slow: stdio(['--slow', '3000'], marker) }, { timeoutMs: 500 });
    // It did start: the marker finds it while the client waits for it.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(running(marker).length).toBeGreaterThan(0);
    const started = await starting;
    expect(started.ms).toBeLessThan(2_000);
    expect(started.tools).toEqual([]);
    expect(started.warnings).toHaveLength(1);
    expect(started.warnings[0]).toMatch(/^MCP server slow could not be started: it did not start and list its tools within 0\.5 s\. Its tools are not offered\.$/);
    await started.close();
    expect(running(marker)).toEqual([]);
  });

  it('a server that crashes at start is a warning quoting its stderr', async () => {
    const started = await start({ crashy: stdio(['--crash']) });
    expect(started.tools).toEqual([]);
    expect(started.warnings).toHaveLength(1);
    expect(started.warnings[0]).toMatch(/^MCP server crashy could not be started: /);
    expect(started.warnings[0]).toContain('(its stderr: crashing on purpose)');
    expect(started.warnings[0]).toMatch(/Its tools are not offered\.$/);
  });

  it('one server failing leaves the others’ tools', async () => {
    const url = await httpFixture();
    const started = await start({ good: http(url), crashy: stdio(['--crash']) });
    expect(names(started.tools)).toEqual(FIXTURE_TOOLS.map((tool) => `mcp__good__${tool}`));
    expect(started.warnings).toEqual([expect.stringMatching(/^MCP server crashy could not be started/)]);
  });
});

describe('servers that are not started', () => {
  it('a stdio server without a sandbox, with a warning that it runs only inside the OS sandbox', async () => {
    const started = await start({ x: stdio() }, { sandbox: async () => undefined });
    expect(started.tools).toEqual([]);
    expect(started.warnings).toEqual(['MCP server x is not started: a stdio server runs only inside the OS sandbox, and this run has none.']);
  });

  it('a server the policy allows no tool of: logged, and nothing is spawned or contacted', async () => {
    let requests = 0;
    const listener = createServer((_, res) => {
      requests++;
      res.writeHead(500).end();
    });
    listeners.push(listener);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`;
    const wrap = vi.fn<Sandbox['wrap']>(() => {
      throw new Error('wrap must not be called');
    });
    const sandboxAsked = vi.fn(async (): Promise<Sandbox> => (stubSandbox(wrap)));
    const changedFiles = vi.fn(async () => ({ paths: new Set<string>(), complete: true }));
    const marker = newMarker();

    const started = await start({ x: stdio([], marker), docs: http(url) }, { mayStart: (name) => name === 'neither', sandbox: sandboxAsked, changedFiles });

    expect(started.tools).toEqual([]);
    expect(started.warnings).toEqual([]);
    expect(started.logs).toEqual([
      'MCP server x: not started, since the policy allows none of its tools in this run.',
      'MCP server docs: not started, since the policy allows none of its tools in this run.',
    ]);
    expect(sandboxAsked).not.toHaveBeenCalled();
    expect(wrap).not.toHaveBeenCalled();
    expect(changedFiles).not.toHaveBeenCalled();
    expect(requests).toBe(0);
    expect(running(marker)).toEqual([]);
  });

  it('only the servers mayStart allows start', async () => {
    const url = await httpFixture();
    const started = await start({ one: http(url), two: http(url) }, { mayStart: (name) => name === 'two' });
    expect(names(started.tools)).toEqual(FIXTURE_TOOLS.map((tool) => `mcp__two__${tool}`));
    expect(started.logs[0]).toBe('MCP server one: not started, since the policy allows none of its tools in this run.');
  });

  it('a stdio server whose command line names a file the pull request changes, with a warning naming the file', async () => {
    const wrap = vi.fn<Sandbox['wrap']>(() => {
      throw new Error('wrap must not be called');
    });
    const started = await start(
      { own: { kind: 'stdio', command: 'node', args: ['tools/mcp.mjs', '--verbose'], env: {}, writable: false, network: false } },
      { changedFiles: async () => ({ paths: new Set(['tools/mcp.mjs', 'README.md']), complete: true }), sandbox: async () => (stubSandbox(wrap)) },
    );
    expect(started.tools).toEqual([]);
    expect(started.warnings).toEqual([
      'MCP server own is not started: its command could run tools/mcp.mjs, which the pull request changes, and a pull request may not change what a server runs.',
    ]);
    expect(wrap).not.toHaveBeenCalled();
  });

  it('a stdio server whose command line goes through a link into a changed file, or out of the checkout, with a warning naming the link', async () => {
    const wrap = vi.fn<Sandbox['wrap']>(() => {
      throw new Error('wrap must not be called');
    });
    symlinkSync('mcp.mjs', join(box.root, 'tools/into.mjs'));
    symlinkSync(join(box.outside, 'server.mjs'), join(box.root, 'tools/out.mjs'));
    const spec = (path: string): McpServerSpec => ({ kind: 'stdio', command: 'node', args: [path], env: {}, writable: false, network: false });
    const started = await start(
      { into: spec('tools/into.mjs'), out: spec('./tools/out.mjs') },
      { changedFiles: async () => ({ paths: new Set(['tools/mcp.mjs']), complete: true }), sandbox: async () => (stubSandbox(wrap)) },
    );
    expect(started.tools).toEqual([]);
    expect(started.warnings).toEqual([
      'MCP server into is not started: its command could run tools/mcp.mjs (through the link tools/into.mjs), which the pull request changes, and a pull request may not change what a server runs.',
      'MCP server out is not started: its command goes through tools/out.mjs, a symbolic link out of the checkout, whose target cannot be checked against the pull request.',
    ]);
    expect(wrap).not.toHaveBeenCalled();
  });

  it.skipIf(!bwrapWorks)('a stdio server naming no changed file starts', async () => {
    const started = await start({ x: stdio() }, { changedFiles: async () => ({ paths: new Set(['tools/mcp.mjs', 'README.md']), complete: true }) });
    expect(started.warnings).toEqual([]);
    expect(names(started.tools)).toContain('mcp__x__echo');
  });

  it('no servers at all: nothing to close', async () => {
    const started = await start({});
    expect(started.tools).toEqual([]);
    expect(started.warnings).toEqual([]);
    await started.close();
  });
});

describe('a Streamable HTTP server', () => {
  it('lists its tools, and a call goes to it', async () => {
    const url = await httpFixture();
    const started = await start({ web: http(url) });
    expect(started.warnings).toEqual([]);
    expect(names(started.tools)).toEqual(FIXTURE_TOOLS.map((tool) => `mcp__web__${tool}`));
    expect(started.logs).toEqual([`MCP server web: ${FIXTURE_TOOLS.length} tools (Streamable HTTP).`]);
    expect(await toolNamed(started.tools, 'mcp__web__echo').call({ text: 'over http' }, callContext())).toEqual({ content: 'echo: over http' });
    const image = await toolNamed(started.tools, 'mcp__web__image').call({}, callContext());
    expect(image).toMatchObject({ content: 'an image', images: [{ type: 'image', source: { type: 'base64', media_type: 'image/png' } }] });
  });

  it('is reached with its headers', async () => {
    const url = await httpFixture(['--require-header', 'X-Fixture-Token=sekrit-value']);
    const refused = await start({ web: { kind: 'http', url, headers: { 'X-Fixture-Token': 'wrong' } } });
    expect(refused.tools).toEqual([]);
    expect(refused.warnings).toEqual([expect.stringMatching(/^MCP server web could not be started: .*Its tools are not offered\.$/)]);
    const allowed = await start({ web: { kind: 'http', url, headers: { 'X-Fixture-Token': 'sekrit-value' } } });
    expect(allowed.warnings).toEqual([]);
    expect(names(allowed.tools)).toContain('mcp__web__echo');
  });

  it('a tool name outside the rules is left out with a warning, the others kept', async () => {
    const url = await httpFixture(['--bad-tool-name']);
    const started = await start({ web: http(url) });
    expect(names(started.tools)).toEqual(FIXTURE_TOOLS.map((tool) => `mcp__web__${tool}`));
    expect(started.warnings).toEqual(['MCP server web: the tool "bad name!" is left out: its name is not 1 to 64 letters, digits, "_" or "-".']);
  });

  it('an unreachable URL is a warning and no tools', async () => {
    const started = await start({ gone: http('http://127.0.0.1:1/mcp') });
    expect(started.tools).toEqual([]);
    expect(started.warnings).toHaveLength(1);
    expect(started.warnings[0]).toMatch(/^MCP server gone could not be started: .+\. Its tools are not offered\.$/);
    expect(started.ms).toBeLessThan(5_000);
  });
});

/** A sandbox whose every launch is `wrap`'s: for what never starts a server. */
function stubSandbox(wrap: Sandbox['wrap']): Sandbox {
  const sandbox: Sandbox = { network: 'none', wrap, withNetwork: () => sandbox };
  return sandbox;
}
