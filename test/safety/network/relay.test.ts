// The network relay as the bundle ships it (dist/relay.js), run by node as the
// sandbox will run it: a command given HTTP_PROXY reaches a listed host
// through it and the egress proxy, gets the proxy's 403 line for one off the
// list, and the relay exits with the command's status.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseNetworkInput } from '../../../src/safety/network/allow-list.js';
import { startProxy, type EgressProxy } from '../../../src/safety/network/proxy.js';

const RELAY = join(import.meta.dirname, '..', '..', '..', 'dist', 'relay.js');
const hasCurl = spawnSync('curl', ['--version']).status === 0;

let dir: string;
let proxy: EgressProxy;
let origin: Server;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'deckhand-relay-'));
  origin = createServer((req, res) => res.end(`hello from ${req.headers.host}\n`));
  origin.listen(0, '127.0.0.1');
  await once(origin, 'listening');
  proxy = await startProxy({ commands: join(dir, 'proxy.sock') }, { setting: parseNetworkInput('mirror.example.test, 127.0.0.1'), resolve: async (host) => (host === 'mirror.example.test' ? ['127.0.0.1'] : []) });
});
afterEach(async () => {
  await proxy.close();
  origin.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A free port on 127.0.0.1 for the relay (in the sandbox it has the loopback to itself). */
async function freePort(): Promise<number> {
  const probe = createTcpServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

/** Runs the relay with `command`, the proxy variables pointing at it. */
async function relay(...command: string[]) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Not spawnSync: the proxy answers in this process.
  const child = spawn(process.execPath, [RELAY, proxy.sockets.commands, String(port), ...command], { env: { ...process.env, HTTP_PROXY: url, HTTPS_PROXY: url, http_proxy: url, https_proxy: url, NO_PROXY: '', no_proxy: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}

describe.skipIf(!hasCurl)('the network relay', () => {
  it('carries a command through the proxy to a listed host, and gives back its status', async () => {
    const { port } = origin.address() as AddressInfo;
    const run = await relay('curl', '-sS', `http://mirror.example.test:${port}/`);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`hello from mirror.example.test:${port}\n`);
    expect(run.code).toBe(0);
  });

  it('a host off the list gets the proxy\'s 403 line, and the command\'s failure is the relay\'s', async () => {
    const run = await relay('curl', '-sS', '--fail-with-body', 'http://evil.example.test/');
    expect(run.stdout).toBe("network: evil.example.test is not in this workflow's allow-list\n");
    expect(run.code).toBe(22);
    expect(proxy.blocked()).toEqual(new Map([['evil.example.test', 1]]));
  });

  it('a command that cannot be started is status 127, said on stderr', async () => {
    const run = await relay('no-such-command-here');
    expect(run.code).toBe(127);
    expect(run.stderr).toContain('no-such-command-here');
  });
});
