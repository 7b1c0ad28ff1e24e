// The egress proxy (issue 31), over a real Unix socket against real local
// servers: a host on the list is reached through CONNECT and as plain HTTP;
// one off the list gets a 403 whose body names it; a name that resolves to
// a loopback, private or link-local address is refused unless the list
// names that address literally; nothing it forwards carries a proxy's
// credentials; every connection is recorded.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseNetworkInput } from '../../../src/safety/network/allow-list.js';
import { decide, restrictedKind, startProxy, type EgressProxy } from '../../../src/safety/network/proxy.js';
import { networkReport, type ProxyConnection } from '../../../src/safety/network/report.js';

let dir: string;
let proxy: EgressProxy | undefined;
let servers: Server[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'deckhand-proxy-'));
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  for (const server of servers) server.close();
  servers = [];
  rmSync(dir, { recursive: true, force: true });
});

/** An HTTP server on 127.0.0.1 that answers with what it was sent. */
async function origin(): Promise<number> {
  const server = createServer((req, res) => res.end(JSON.stringify({ path: req.url, host: req.headers.host, auth: req.headers['proxy-authorization'] ?? null })));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** Names as the tests' resolver knows them. */
const names: Record<string, string[]> = { 'api.example.test': ['127.0.0.1'], 'metadata.example.test': ['169.254.169.254'], 'lan.example.test': ['10.1.2.3'], 'public.example.test': ['93.184.216.34'] };
const resolve = async (host: string) => {
  const found = names[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

async function start(list: string): Promise<EgressProxy> {
  proxy = await startProxy({ commands: join(dir, 'proxy.sock') }, { setting: parseNetworkInput(list), resolve });
  return proxy;
}

/** A plain HTTP request through the proxy: status and body. */
function viaProxy(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolveRequest, reject) => {
    const req = request({ socketPath: proxy!.sockets.commands, path: url, headers: { host: new URL(url).host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolveRequest({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A CONNECT through the proxy: its status, and on 200 what the tunnel carries back for `send`. */
function tunnel(target: string, send = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolveTunnel, reject) => {
    const req = request({ socketPath: proxy!.sockets.commands, method: 'CONNECT', path: target });
    req.on('connect', (res, socket, head) => {
      // A refusal's body may come with the status line.
      let body = head.toString();
      socket.on('data', (chunk) => (body += chunk));
      socket.on('close', () => resolveTunnel({ status: res.statusCode ?? 0, body }));
      // A refused tunnel is closed by the proxy: nothing to send through it.
      socket.on('error', () => undefined);
      if (res.statusCode === 200) socket.write(send);
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolveTunnel({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the egress proxy', () => {
  it('forwards plain HTTP to a listed host at the address it checked, without the proxy credentials the client sent', async () => {
    const port = await origin();
    await start('api.example.test, 127.0.0.1');
    const answer = await viaProxy(`http://api.example.test:${port}/v1/x?y=1`, { 'proxy-authorization': 'Basic c2VjcmV0' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ path: '/v1/x?y=1', host: `api.example.test:${port}`, auth: null });
    expect(proxy!.connections).toEqual([expect.objectContaining({ host: 'api.example.test', port, allowed: true })]);
  });

  it('tunnels CONNECT to a listed host, carrying the bytes untouched both ways', async () => {
    const echo = createTcpServer((socket) => socket.on('data', (data) => socket.end(`echo:${data}`)));
    echo.listen(0, '127.0.0.1');
    await once(echo, 'listening');
    const port = (echo.address() as AddressInfo).port;
    await start('api.example.test, 127.0.0.1');
    const answer = await tunnel(`api.example.test:${port}`, '\x16\x03\x01 hello');
    echo.close();
    expect(answer).toEqual({ status: 200, body: 'echo:\x16\x03\x01 hello' });
    await new Promise((r) => setTimeout(r, 50));
    expect(proxy!.connections[0]).toMatchObject({ host: 'api.example.test', allowed: true });
    expect(proxy!.connections[0]!.bytes).toBeGreaterThan(0);
  });

  it('refuses a host off the list with a 403 naming it, for CONNECT and for plain HTTP, and counts it', async () => {
    await start('api.example.test');
    const connect = await tunnel('evil.example.test:443');
    expect(connect.status).toBe(403);
    expect(connect.body).toBe("network: evil.example.test is not in this workflow's allow-list\n");
    const plain = await viaProxy('http://evil.example.test/');
    expect(plain.status).toBe(403);
    expect(plain.body).toBe("network: evil.example.test is not in this workflow's allow-list\n");
    expect(proxy!.blocked()).toEqual(new Map([['evil.example.test', 2]]));
  });

  it('a listed host that does not accept the connection is a 502 saying so, not a hang', async () => {
    const closed = createTcpServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await start('127.0.0.1');
    const answer = await tunnel(`127.0.0.1:${port}`);
    expect(answer).toEqual({ status: 502, body: 'network: 127.0.0.1 did not accept the connection\n' });
  });

  it('the apex of a *. pattern is off the list', async () => {
    await start('*.example.test');
    expect((await tunnel('example.test:443')).status).toBe(403);
  });

  it.each([
    ['a listed name resolving to loopback', 'api.example.test', 'api.example.test', 'a loopback address'],
    ['a listed name resolving to the cloud metadata address', 'metadata.example.test', 'metadata.example.test', 'a link-local address'],
    ['a listed name resolving to a private address', 'lan.example.test', 'lan.example.test', 'a private address'],
    ['a listed IPv4 literal that is not the address asked for', '169.254.169.254:80', 'metadata.example.test, 169.254.169.253', 'not in this workflow'],
  ])('refuses %s unless the list names the address literally', async (_, target, list, why) => {
    await start(list);
    const host = target.includes(':') ? target : `${target}:443`;
    const answer = await tunnel(host);
    expect(answer.status).toBe(403);
    expect(answer.body).toContain(why);
  });

  it('decides by name, then by every address the name resolves to', async () => {
    const setting = parseNetworkInput('public.example.test, lan.example.test, localhost');
    expect(await decide(setting, 'public.example.test', resolve)).toEqual({ address: '93.184.216.34' });
    expect(await decide(setting, 'lan.example.test', resolve)).toEqual({ refused: expect.stringContaining('resolves to 10.1.2.3, a private address') });
    expect(await decide(setting, 'localhost', async () => ['127.0.0.1'])).toEqual({ address: '127.0.0.1' });
    expect(await decide(setting, 'nowhere.example.test', resolve)).toEqual({ refused: "network: nowhere.example.test is not in this workflow's allow-list" });
    expect(await decide(parseNetworkInput('gone.example.test'), 'gone.example.test', resolve)).toEqual({ refused: 'network: gone.example.test could not be resolved' });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['93.184.216.34', undefined],
    ['2606:2800:220:1::1', undefined],
  ])('%s is %s', (address, kind) => {
    expect(restrictedKind(address)).toBe(kind);
  });

  it("records who asked by the socket they came through, and tells each listener until it stops listening", async () => {
    proxy = await startProxy({ commands: join(dir, 'commands.sock'), servers: join(dir, 'servers.sock') }, { setting: parseNetworkInput('api.example.test'), resolve });
    const heard: ProxyConnection[] = [];
    const stop = proxy.subscribe((connection) => heard.push(connection));
    const ask = (socketPath: string, host: string) =>
      new Promise<number>((resolveAsk, reject) => {
        const req = request({ socketPath, path: `http://${host}/`, headers: { host } }, (res) => {
          res.resume();
          res.on('end', () => resolveAsk(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await ask(proxy.sockets.commands, 'evil.example.test')).toBe(403);
    expect(await ask(proxy.sockets.servers!, 'other.example.test')).toBe(403);
    stop();
    expect(await ask(proxy.sockets.commands, 'late.example.test')).toBe(403);
    expect(heard.map((c) => [c.via, c.host])).toEqual([
      ['commands', 'evil.example.test'],
      ['servers', 'other.example.test'],
    ]);
    expect(proxy.connections).toHaveLength(3);
  });
});

describe('the run\'s account of its connections', () => {
  it('groups them by host in the order first asked: refusals counted with the line given, the rest with connections and bytes', () => {
    const refused = (host: string): ProxyConnection => ({ via: 'commands', host, port: 443, allowed: false, bytes: 0, refused: `network: ${host} is not in this workflow's allow-list` });
    const reached = (host: string, bytes: number): ProxyConnection => ({ via: 'servers', host, port: 443, allowed: true, bytes });
    expect(networkReport([refused('b.test'), reached('registry.npmjs.org', 1000), refused('a.test'), refused('b.test'), reached('registry.npmjs.org', 24)])).toEqual({
      refused: [
        { host: 'b.test', count: 2, why: "network: b.test is not in this workflow's allow-list" },
        { host: 'a.test', count: 1, why: "network: a.test is not in this workflow's allow-list" },
      ],
      reached: [{ host: 'registry.npmjs.org', connections: 2, bytes: 1024 }],
    });
  });
});
