// The egress proxy of a sandbox whose network is an allow-list (issue 31): an
// HTTP proxy the action runs outside the sandbox, on a Unix socket bound into
// it. HTTPS goes through CONNECT and is never intercepted; plain HTTP is
// forwarded. It decides by name and then by address: the host must be on
// every list, and each address it resolves to must not be loopback, private,
// link-local (the cloud metadata address) or unique-local unless the list names
// that address, or `localhost`, literally. It connects to the address it
// checked — the name is not looked up twice, so it cannot be rebound between
// the check and the connection. It adds nothing: no token, no key, no
// Authorization; a client's Proxy-Authorization is dropped.
import { lookup } from 'node:dns/promises';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { BlockList, connect, isIP, type Socket } from 'node:net';
import { Duplex, Readable } from 'node:stream';
import { allowsName, namesLiterally, normalHost, type NetworkSetting } from './allow-list.js';
import { readFirstBytes } from './client-hello.js';
import type { ProxyConnection, Via } from './report.js';

/** The address ranges a name may not lead to unless listed literally, by what they are. */
const RANGES: ReadonlyArray<[kind: string, network: string, prefix: number, family: 'ipv4' | 'ipv6']> = [
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['shared (carrier-grade NAT)', '100.64.0.0', 10, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  // Azure's platform address (its DNS, its host agent): GitHub-hosted runners run on Azure.
  ['cloud platform', '168.63.129.16', 32, 'ipv4'],
  ['loopback', '::1', 128, 'ipv6'],
  ['unspecified', '::', 128, 'ipv6'],
  // IPv4-compatible (::a.b.c.d), NAT64 and 6to4 addresses lead to an IPv4 address of their choosing.
  ['IPv4-compatible', '::', 96, 'ipv6'],
  ['translated (NAT64)', '64:ff9b::', 96, 'ipv6'],
  ['translated (NAT64)', '64:ff9b:1::', 48, 'ipv6'],
  ['6to4', '2002::', 16, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['site-local', 'fec0::', 10, 'ipv6'],
  ['unique-local', 'fc00::', 7, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
];
const BLOCKS = RANGES.map(([kind, network, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { kind, list, family };
});

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d, ::ffff:7f00:1) stands for, in dotted form. */
function mappedIpv4(address: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** What kind of non-public address this is ("loopback", "link-local"…), or undefined for a public one. */
export function restrictedKind(address: string): string | undefined {
  // An IPv4 address written as IPv6 is the IPv4 one (the form Node prints, or the dotted one).
  const plain = isIP(address) === 6 ? (mappedIpv4(normalHost(address)) ?? address) : address;
  const family = isIP(plain) === 4 ? 'ipv4' : 'ipv6';
  return BLOCKS.find((block) => block.family === family && block.list.check(plain, family))?.kind;
}

export interface ProxyOptions {
  setting: NetworkSetting;
  /** Every address of a name (the system's resolver by default). */
  resolve?: (host: string) => Promise<string[]>;
}

const systemResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** The line a refused client is given (and the tool result shows). */
const notListed = (host: string) => `network: ${host} is not in this workflow's allow-list`;

type Decision = { address: string } | { refused: string };

/** Whether the setting lets a connection to `host` through, and to which address. */
export async function decide(setting: NetworkSetting, host: string, resolve: (host: string) => Promise<string[]> = systemResolve): Promise<Decision> {
  const name = normalHost(host);
  if (!allowsName(setting, name)) return { refused: notListed(name) };
  let addresses: string[];
  try {
    addresses = isIP(name) ? [name] : await resolve(name);
  } catch {
    return { refused: `network: ${name} could not be resolved` };
  }
  if (addresses.length === 0) return { refused: `network: ${name} could not be resolved` };
  for (const address of addresses) {
    const kind = restrictedKind(address);
    if (kind && !namesLiterally(setting, address, name)) return { refused: `${notListed(name)}: it resolves to ${address}, a ${kind} address, which the list must name itself` };
  }
  return { address: addresses[0]! };
}

/** The proxy, listening on a Unix socket for each kind of client: what it was asked, and its end. */
export interface EgressProxy {
  readonly sockets: Readonly<{ commands: string; servers?: string }>;
  /** Every connection so far, refused or ended, in that order. */
  readonly connections: readonly ProxyConnection[];
  /** Tells `listener` of each connection from now on, once it ends or is refused; the result stops that. */
  subscribe(listener: (connection: ProxyConnection) => void): () => void;
  /** The refused hosts, each with how many times, in the order first refused. */
  blocked(): Map<string, number>;
  close(): Promise<void>;
}

/** A refusal (403) or a failure (502) as an HTTP response on a raw socket (a CONNECT's), then the socket closed. */
function refuseRaw(socket: Duplex, line: string, status: '403 Forbidden' | '502 Bad Gateway' = '403 Forbidden'): void {
  const body = `${line}\n`;
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** The bytes already read, then the rest of the stream. */
async function* chain(first: Buffer, rest: Duplex): AsyncGenerator<Buffer> {
  if (first.length > 0) yield first;
  for await (const chunk of rest) yield chunk as Buffer;
}

/** Host and port of a CONNECT target (`example.org:443`, `[::1]:443`). */
function connectTarget(target: string): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(target);
  if (!match) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65_536 ? { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port } : undefined;
}

/** Headers a proxy must not pass on: its own, and hop-by-hop ones (each side's connection is its own). */
const HOP_HEADERS = new Set(['proxy-authorization', 'proxy-authenticate', 'proxy-connection', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);

function withoutHops(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(headers)) if (value !== undefined && !HOP_HEADERS.has(key)) kept[key] = value;
  return kept;
}

/** How long a listed host has to accept a connection, and a client to send its first bytes through a tunnel. */
const CONNECT_TIMEOUT_MS = 30_000;
const FIRST_BYTES_TIMEOUT_MS = 30_000;

/** Where a tunnel leads: the host asked for (on the list), its port, and the address it was checked at. */
interface TunnelTarget {
  host: string;
  port: number;
  address: string;
}

/** A Host header for `host:port` (an IPv6 address in brackets; port 80 left out, as clients do). */
function hostHeader(host: string, port: number): string {
  const name = isIP(host) === 6 ? `[${host}]` : host;
  return port === 80 ? name : `${name}:${port}`;
}

export async function startProxy(sockets: { commands: string; servers?: string }, options: ProxyOptions): Promise<EgressProxy> {
  const connections: ProxyConnection[] = [];
  const listeners = new Set<(connection: ProxyConnection) => void>();
  const resolve = options.resolve ?? systemResolve;
  const record = (connection: ProxyConnection) => {
    connections.push(connection);
    for (const listener of listeners) listener(connection);
  };
  const open = new Set<Socket | Duplex>();
  const track = <T extends Socket | Duplex>(socket: T): T => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    return socket;
  };

  /** A server on one socket: every connection it records is `via` that socket's clients. */
  const serve = (via: Via): Server => {
    const server = createServer((req: IncomingMessage, res: ServerResponse) => void forward(via, req, res));
    server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => tunnel(via, req, client, head));
    return server;
  };

  // Plain HTTP inside a tunnel (Node's fetch tunnels http:// too): read as HTTP by a server of its own, so each
  // request goes to the tunnel's host with that host's Host header — a front that routes by Host cannot be asked for another.
  const inTunnels = new WeakMap<object, { via: Via; target: TunnelTarget }>();
  const tunnelled = createServer((req: IncomingMessage, res: ServerResponse) => {
    const of = inTunnels.get(req.socket);
    if (of) void forward(of.via, req, res, of.target);
    else res.destroy();
  });
  tunnelled.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // The tunnel closed under the reader: nothing to answer.
    if (!err.code?.startsWith('HPE_')) return void socket.destroy();
    // Neither TLS nor HTTP (an SSH client, a raw protocol): there is no way out for it.
    const refused = 'network: only HTTP and TLS go through the allow-list';
    const of = inTunnels.get(socket);
    if (of) record({ via: of.via, host: of.target.host, port: of.target.port, allowed: false, bytes: 0, refused });
    if (socket.writable) socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${refused}\n`);
    else socket.destroy();
  });

  // HTTPS: a tunnel to the checked address; what passes through is the client's TLS, untouched — once its
  // ClientHello's server name, if it gives one, is on the list too.
  function tunnel(via: Via, req: IncomingMessage, client: Duplex, head: Buffer): void {
    track(client);
    client.on('error', () => client.destroy());
    const asked = req.url ?? '';
    const target = connectTarget(asked);
    if (!target) {
      const refused = `network: "${asked}" is not a host and port`;
      record({ via, host: asked.slice(0, 253), port: 0, allowed: false, bytes: 0, refused });
      refuseRaw(client, refused);
      return;
    }
    const host = normalHost(target.host);
    void decide(options.setting, target.host, resolve).then((decision) => {
      // The client gave up while the name was looked up: nothing to connect for.
      if (client.destroyed) return;
      if ('refused' in decision) {
        record({ via, host, port: target.port, allowed: false, bytes: 0, refused: decision.refused });
        refuseRaw(client, decision.refused);
        return;
      }
      let bytes = 0;
      let established = false;
      // Once connected: what became of the tunnel (piped both ways, handed to the HTTP reader, or refused).
      let fate: 'waiting' | 'piped' | 'handed over' | 'refused' = 'waiting';
      const upstream = track(connect({ host: decision.address, port: target.port }));
      upstream.setTimeout(CONNECT_TIMEOUT_MS, () => upstream.destroy(new Error('timeout')));
      const failed = (why: string) => {
        record({ via, host, port: target.port, allowed: true, bytes: 0, failed: why });
        if (!client.writableEnded) refuseRaw(client, why, '502 Bad Gateway');
      };
      upstream.on('error', (err) => {
        if (!established) return failed(`network: ${host} did not accept the connection${(err as Error).message === 'timeout' ? ' (timed out)' : ''}`);
        client.destroy();
      });
      upstream.on('connect', () => {
        established = true;
        upstream.setTimeout(0);
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        firstBytes(client, head, (first, kind) => {
          if (kind === 'silent') {
            fate = 'refused';
            record({ via, host, port: target.port, allowed: true, bytes: 0, failed: `network: nothing was sent through the tunnel to ${host}` });
            client.destroy();
            upstream.destroy();
            return;
          }
          const read = readFirstBytes(first);
          if (read.kind === 'not-tls') {
            fate = 'handed over';
            upstream.destroy();
            const stream = Duplex.from({ readable: Readable.from(chain(first, client)), writable: client });
            inTunnels.set(stream, { via, target: { host, port: target.port, address: decision.address } });
            client.on('close', () => stream.destroy());
            // The reader ends the connection (Connection: close): the tunnel closes with it, not half-open.
            client.once('finish', () => client.destroy());
            tunnelled.emit('connection', stream);
            return;
          }
          const name = read.kind === 'tls' && read.serverName !== undefined ? normalHost(read.serverName) : undefined;
          if (read.kind === 'malformed' || (name !== undefined && name !== host && !allowsName(options.setting, name))) {
            const refused =
              read.kind === 'malformed'
                ? `network: what was sent through the tunnel to ${host} is neither TLS nor HTTP`
                : `network: ${name} is not in this workflow's allow-list (the TLS server name asked for through ${host})`;
            fate = 'refused';
            record({ via, host: name ?? host, port: target.port, allowed: false, bytes: 0, refused });
            client.destroy();
            upstream.destroy();
            return;
          }
          fate = 'piped';
          bytes = first.length;
          upstream.write(first);
          client.on('data', (chunk: Buffer) => (bytes += chunk.length));
          upstream.on('data', (chunk: Buffer) => (bytes += chunk.length));
          upstream.pipe(client);
          client.pipe(upstream);
          client.resume();
        });
      });
      upstream.on('close', () => {
        if (fate === 'handed over') return;
        if (fate !== 'piped') return void client.destroy();
        record({ via, host, port: target.port, allowed: true, bytes });
        client.destroy();
      });
      client.on('close', () => {
        if (fate !== 'handed over') upstream.destroy();
      });
    });
  }

  /**
   * Waits for the client's first bytes through a tunnel (after `head`, what came with the CONNECT): until a
   * TLS ClientHello is whole, or they are not TLS; `silent` when nothing comes in time (a protocol whose
   * server speaks first has no way out).
   */
  function firstBytes(client: Duplex, head: Buffer, then: (first: Buffer, kind: 'sent' | 'silent') => void): void {
    let first = head;
    let done = false;
    const finish = (kind: 'sent' | 'silent') => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      client.off('data', onData);
      client.pause();
      then(first, kind);
    };
    const onData = (chunk: Buffer) => {
      first = Buffer.concat([first, chunk]);
      if (readFirstBytes(first).kind !== 'more') finish('sent');
    };
    const timer = setTimeout(() => finish('silent'), FIRST_BYTES_TIMEOUT_MS);
    timer.unref();
    if (readFirstBytes(first).kind !== 'more') return finish('sent');
    client.on('data', onData);
    client.on('end', () => finish(first.length > 0 ? 'sent' : 'silent'));
  }

  // Plain HTTP: the request forwarded to the checked address, with the Host header of the URL it names (or of the
  // tunnel it came through) whatever the client wrote there.
  async function forward(via: Via, req: IncomingMessage, res: ServerResponse, tunnelTarget?: TunnelTarget): Promise<void> {
    let url: URL;
    try {
      url = tunnelTarget ? new URL(`http://${hostHeader(tunnelTarget.host, tunnelTarget.port)}${req.url?.startsWith('/') ? req.url : '/invalid'}`) : new URL(req.url ?? '');
      if (url.protocol !== 'http:' || (tunnelTarget && !req.url?.startsWith('/'))) throw new Error('not http');
    } catch {
      const refused = tunnelTarget ? 'network: a request through a tunnel names a path (/…)' : 'network: a proxy request names an absolute http:// URL';
      record({ via, host: tunnelTarget?.host ?? String(req.url ?? '').slice(0, 253), port: tunnelTarget?.port ?? 0, allowed: false, bytes: 0, refused });
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`${refused}\n`);
      return;
    }
    const host = tunnelTarget?.host ?? normalHost(url.hostname.replace(/^\[(.*)\]$/, '$1'));
    const port = tunnelTarget?.port ?? (url.port ? Number(url.port) : 80);
    const decision = tunnelTarget ? { address: tunnelTarget.address } : await decide(options.setting, host, resolve);
    // The client gave up while the name was looked up.
    if (res.destroyed || req.socket.destroyed) return;
    if ('refused' in decision) {
      record({ via, host, port, allowed: false, bytes: 0, refused: decision.refused });
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`${decision.refused}\n`);
      return;
    }
    const headers = { ...withoutHops(req.headers), host: hostHeader(host, port) };
    let bytes = 0;
    let answered = false;
    const upstream = httpRequest({ host: decision.address, port, method: req.method, path: `${url.pathname}${url.search}`, headers, setHost: false, timeout: CONNECT_TIMEOUT_MS }, (answer) => {
      answered = true;
      upstream.setTimeout(0);
      try {
        // A reason phrase with a control character is dropped (Node would refuse it only when the body is written).
        const reason = answer.statusMessage && /^[\t\x20-\x7e\x80-\xff]*$/.test(answer.statusMessage) ? answer.statusMessage : undefined;
        res.writeHead(answer.statusCode ?? 502, reason, withoutHops(answer.headers));
      } catch {
        // A status line or header Node will not repeat (a control character in it): the client gets a 502, the run goes on.
        record({ via, host, port, allowed: true, bytes: 0, failed: `network: ${host} answered with a status line or header that cannot be passed on` });
        answer.destroy();
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`network: ${host} answered with a header that cannot be passed on\n`);
        return;
      }
      answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
      answer.on('error', () => res.destroy());
      answer.pipe(res);
      answer.on('end', () => record({ via, host, port, allowed: true, bytes }));
    });
    upstream.on('timeout', () => upstream.destroy(new Error('timeout')));
    upstream.on('error', (err) => {
      if (answered) return void res.destroy();
      const why = `network: ${host} did not answer${err.message === 'timeout' ? ' (timed out)' : ''}`;
      record({ via, host, port, allowed: true, bytes: 0, failed: why });
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`${why}\n`);
      else res.destroy();
    });
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    // A client that goes away takes its request with it.
    req.on('error', () => upstream.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  }

  const servers = (Object.entries(sockets) as Array<[Via, string | undefined]>).flatMap(([via, path]) => (path ? [{ server: serve(via), path }] : []));
  const closeAll = async () => {
    for (const socket of open) socket.destroy();
    tunnelled.closeAllConnections();
    await Promise.all(
      servers.map(({ server }) => {
        server.closeAllConnections();
        return new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      }),
    );
  };
  try {
    await Promise.all(
      servers.map(
        ({ server, path }) =>
          new Promise<void>((resolveListen, reject) => {
            server.once('error', reject);
            server.listen(path, () => resolveListen());
          }),
      ),
    );
  } catch (err) {
    await closeAll().catch(() => undefined);
    throw err;
  }
  return {
    sockets,
    connections,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    blocked() {
      const counts = new Map<string, number>();
      for (const c of connections) if (!c.allowed) counts.set(c.host, (counts.get(c.host) ?? 0) + 1);
      return counts;
    },
    close: closeAll,
  };
}
