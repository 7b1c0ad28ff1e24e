// The MCP test server (test/fixtures/mcp/server.mjs) does what the MCP tests rely on,
// checked with the SDK's own client: every tool over stdio, Streamable HTTP with and
// without a required header, a crash at start, a slow start and a badly named tool.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..', 'fixtures', 'mcp', 'server.mjs');
const TOOLS = ['big', 'connect', 'cwd', 'echo', 'env', 'fail', 'http_get', 'image', 'parent_env', 'read_file', 'write_file'];

type Content = { type: string; text?: string; data?: string; mimeType?: string };

let clients: Client[] = [];
let pids: number[] = [];
let children: ChildProcess[] = [];
let dir: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-fixture-')));
});

afterEach(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  clients = [];
  pids = [];
  children = [];
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the fixture over stdio as a user's config would; resolves once initialized. */
async function stdio(args: string[] = [], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER, ...args],
    cwd: dir,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'fixture-test', version: '1.0.0' });
  clients.push(client);
  try {
    await client.connect(transport);
  } finally {
    if (transport.pid !== null) pids.push(transport.pid);
  }
  return { client, stderr: () => stderr };
}

/** Starts the fixture with `--http 0` and resolves with the URL of its `listening` line. */
function http(args: string[] = []): Promise<URL> {
  const child = spawn(process.execPath, [SERVER, '--http', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const match = /^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)$/.exec(line);
      if (match) resolve(new URL(match[1]!));
      else reject(new Error(`unexpected first line ${JSON.stringify(line)}`));
    });
  });
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, content: result.content as Content[] };
}

const textOf = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
  const { content } = await call(client, name, args);
  expect(content).toHaveLength(1);
  expect(content[0]!.type).toBe('text');
  return content[0]!.text!;
};

describe('the MCP fixture server over stdio', () => {
  it('lists its tools with descriptions and object input schemas', async () => {
    const { client } = await stdio();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.inputSchema.type, tool.name).toBe('object');
    }
    expect(tools.find((tool) => tool.name === 'echo')!.inputSchema.required).toEqual(['text']);
  });

  it('echoes, throws, draws and sizes as described', async () => {
    const { client } = await stdio();
    expect(await textOf(client, 'echo', { text: 'hi there' })).toBe('echo: hi there');

    const failed = await call(client, 'fail');
    expect(failed.isError).toBe(true);
    expect(failed.content[0]!.text).toContain('the fail tool always fails');

    const image = await call(client, 'image');
    expect(image.content.map((block) => block.type)).toEqual(['image', 'text']);
    expect(image.content[0]!.mimeType).toBe('image/png');
    const png = Buffer.from(image.content[0]!.data!, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1, 1]);
    expect(image.content[1]!.text).toBe('an image');

    const big = await textOf(client, 'big');
    expect(big.length).toBe(1024 * 1024);
    expect(big.startsWith(`line 000001 ${'x'.repeat(51)}\nline 000002 `)).toBe(true);
    expect(big).toMatch(/^[\x20-\x7e\n]+$/);
    expect(await textOf(client, 'big', { kib: 2 })).toBe(big.slice(0, 2048));

    // The SDK validates arguments against the schema before the tool runs.
    expect((await call(client, 'echo', { text: 42 })).isError).toBe(true);
  });

  it('reads, writes and reports its environment and working directory', async () => {
    const { client } = await stdio([], { FIXTURE_VALUE: 'forty-two' });
    expect(await textOf(client, 'cwd')).toBe(dir);
    expect(await textOf(client, 'env', { name: 'FIXTURE_VALUE' })).toBe('forty-two');
    expect(await textOf(client, 'env', { name: 'FIXTURE_NOT_SET' })).toBe('(unset)');

    const path = join(dir, 'note.txt');
    expect(await textOf(client, 'write_file', { path, text: 'written by the fixture' })).toBe(`wrote ${path}`);
    expect(readFileSync(path, 'utf8')).toBe('written by the fixture');
    writeFileSync(join(dir, 'canary'), 'canary text');
    expect(await textOf(client, 'read_file', { path: join(dir, 'canary') })).toBe('canary text');
    expect(await textOf(client, 'read_file', { path: join(dir, 'missing') })).toMatch(/ENOENT/);
    expect(await textOf(client, 'write_file', { path: join(dir, 'no', 'such', 'dir'), text: '' })).toMatch(/ENOENT/);

    // Outside any sandbox the parent (this test's worker) is readable: the sandbox tests expect it not to be.
    expect(await textOf(client, 'parent_env')).toMatch(/^PATH=/m);
  });

  it('connects over TCP, or says why not', async () => {
    const listener = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    const { client } = await stdio();
    try {
      expect(await textOf(client, 'connect', { host: '127.0.0.1', port })).toBe('connected');
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
    expect(await textOf(client, 'connect', { host: '127.0.0.1', port })).toBe('failed: ECONNREFUSED');
  });

  it('--crash fails the connect with exit code 3 and a message on stderr', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER, '--crash'], stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'fixture-test', version: '1.0.0' });
    clients.push(client);
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    await expect(client.connect(transport)).rejects.toThrow();
    await closed;
    expect(stderr).toBe('crashing on purpose\n');

    const run = spawnSync(process.execPath, [SERVER, '--crash'], { encoding: 'utf8', input: '' });
    expect([run.status, run.stdout, run.stderr]).toEqual([3, '', 'crashing on purpose\n']);
  });

  it('--slow delays the start, then works', async () => {
    const started = Date.now();
    const { client } = await stdio(['--slow', '400']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await textOf(client, 'echo', { text: 'late' })).toBe('echo: late');
  });

  it('--bad-tool-name lists a tool named outside [A-Za-z0-9_-]{1,64}', async () => {
    const { client, stderr } = await stdio(['--bad-tool-name']);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('bad name!');
    expect(names.filter((name) => !/^[A-Za-z0-9_-]{1,64}$/.test(name))).toEqual(['bad name!']);
    expect(stderr()).toContain('bad name!'); // the SDK's warning, on stderr rather than the protocol
  });
});

describe('the MCP fixture server over Streamable HTTP', () => {
  it('announces its URL and answers tool calls', async () => {
    const url = await http();
    const client = new Client({ name: 'fixture-test', version: '1.0.0' });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(url));
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    expect(await textOf(client, 'echo', { text: 'over http' })).toBe('echo: over http');
  });

  it('--require-header answers 401 without the header and works with it', async () => {
    const url = await http(['--require-header', 'X-Fixture-Token=sekrit']);
    expect((await fetch(url, { method: 'POST', body: '{}' })).status).toBe(401);

    const refused = new Client({ name: 'fixture-test', version: '1.0.0' });
    clients.push(refused);
    await expect(
      refused.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'X-Fixture-Token': 'wrong' } } })),
    ).rejects.toMatchObject({ code: 401 });

    const client = new Client({ name: 'fixture-test', version: '1.0.0' });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'X-Fixture-Token': 'sekrit' } } }));
    expect(await textOf(client, 'echo', { text: 'authorized' })).toBe('echo: authorized');
  });
});
