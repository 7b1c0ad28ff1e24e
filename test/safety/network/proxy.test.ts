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
import { clientHello } from '../../helpers/tls.js';

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

/** A TCP server that answers its first bytes with how many it got, and counts what it was sent. */
async function counter(): Promise<{ port: number; received: () => number }> {
  let received = 0;
  const server = createTcpServer((socket) => socket.on('data', (data) => ((received += data.length), socket.end(`got ${data.length}`))));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server as unknown as Server);
  return { port: (server.address() as AddressInfo).port, received: () => received };
}

/** A CONNECT through the proxy: its status, and on 200 what the tunnel carries back for `send`. */
function tunnel(target: string, send: string | Buffer = ''): Promise<{ status: number; body: string }> {
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

  it('tunnels CONNECT to a listed host, carrying a TLS handshake for that host untouched both ways', async () => {
    const hello = await clientHello('api.example.test');
    const echo = createTcpServer((socket) => socket.on('data', (data) => socket.end(`echo:${data.toString('hex')}`)));
    echo.listen(0, '127.0.0.1');
    await once(echo, 'listening');
    const port = (echo.address() as AddressInfo).port;
    await start('api.example.test, 127.0.0.1');
    const answer = await tunnel(`api.example.test:${port}`, hello);
    echo.close();
    expect(answer).toEqual({ status: 200, body: `echo:${hello.toString('hex')}` });
    await new Promise((r) => setTimeout(r, 50));
    expect(proxy!.connections[0]).toMatchObject({ host: 'api.example.test', allowed: true });
    expect(proxy!.connections[0]!.bytes).toBeGreaterThan(0);
  });

  it('refuses a TLS handshake through a listed host for a name off the list (domain fronting), and nothing reaches the host', async () => {
    const { port, received } = await counter();
    await start('api.example.test, also.example.test, 127.0.0.1');
    const fronted = await tunnel(`api.example.test:${port}`, await clientHello('evil.example.test'));
    expect(fronted).toEqual({ status: 200, body: '' });
    expect(received()).toBe(0);
    expect(proxy!.connections.at(-1)).toMatchObject({ host: 'evil.example.test', allowed: false, refused: "network: evil.example.test is not in this workflow's allow-list (the TLS server name asked for through api.example.test)" });
    // Another listed name behind the same front, or no name at all (an address), goes through.
    expect((await tunnel(`api.example.test:${port}`, await clientHello('also.example.test'))).body).toMatch(/^got \d+$/);
    expect((await tunnel(`api.example.test:${port}`, await clientHello())).body).toMatch(/^got \d+$/);
  });

  it("reads plain HTTP through a tunnel as HTTP: each request goes with the tunnel's Host, whatever the client wrote", async () => {
    const port = await origin();
    await start('api.example.test, 127.0.0.1');
    const answer = await tunnel(`api.example.test:${port}`, 'GET /x HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(JSON.stringify({ path: '/x', host: `api.example.test:${port}`, auth: null }));
    expect(proxy!.connections).toEqual([expect.objectContaining({ host: 'api.example.test', allowed: true })]);
  });

  it('gives a raw protocol through a tunnel (neither TLS nor HTTP) a 400, and never reaches the host with it', async () => {
    const { port, received } = await counter();
    await start('api.example.test, 127.0.0.1');
    const answer = await tunnel(`api.example.test:${port}`, 'SSH-2.0-OpenSSH_9.6\r\n');
    expect(answer.body).toContain('HTTP/1.1 400 Bad Request');
    expect(answer.body).toContain('network: only HTTP and TLS go through the allow-list');
    expect(received()).toBe(0);
    expect(proxy!.blocked()).toEqual(new Map([['api.example.test', 1]]));
  });

  it('forwards plain HTTP with the Host of the URL it names, not one the client wrote (a front routes by it)', async () => {
    const port = await origin();
    await start('api.example.test, 127.0.0.1');
    const answer = await viaProxy(`http://api.example.test:${port}/`, { host: 'attacker.example' });
    expect(JSON.parse(answer.body)).toMatchObject({ host: `api.example.test:${port}` });
  });

  it('drops a reason phrase it cannot pass on (Node would throw on it), and keeps serving', async () => {
    const raw = createTcpServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 O\x01K\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi')));
    raw.listen(0, '127.0.0.1');
    await once(raw, 'listening');
    servers.push(raw as unknown as Server);
    const port = (raw.address() as AddressInfo).port;
    await start('api.example.test, 127.0.0.1');
    expect(await viaProxy(`http://api.example.test:${port}/`)).toEqual({ status: 200, body: 'hi' });
    const fine = await origin();
    expect((await viaProxy(`http://api.example.test:${fine}/`)).status).toBe(200);
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
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::a00:1', 'translated (NAT64)'],
    ['2002:a00:1::1', '6to4'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['224.0.0.251', 'multicast'],
    ['198.18.0.1', 'reserved'],
    ['168.63.129.16', 'cloud platform'],
    ['93.184.216.34', undefined],
    ['::ffff:5db8:d822', undefined],
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
      reached: [{ host: 'registry.npmjs.org', connections: 2, bytes: 1024, failed: 0 }],
    });
  });
});
