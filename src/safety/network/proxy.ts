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
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { BlockList, connect, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { allowsName, namesLiterally, normalHost, type NetworkSetting } from './allow-list.js';
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
  ['loopback', '::1', 128, 'ipv6'],
  ['unspecified', '::', 128, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['unique-local', 'fc00::', 7, 'ipv6'],
];
const BLOCKS = RANGES.map(([kind, network, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { kind, list, family };
});

/** What kind of non-public address this is ("loopback", "link-local"…), or undefined for a public one. */
export function restrictedKind(address: string): string | undefined {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
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

/** Host and port of a CONNECT target (`example.org:443`, `[::1]:443`). */
function connectTarget(target: string): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(target);
  if (!match) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65_536 ? { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port } : undefined;
}

/** Headers a proxy must not pass on: its own, and hop-by-hop ones. */
const HOP_HEADERS = new Set(['proxy-authorization', 'proxy-connection', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);

export async function startProxy(sockets: { commands: string; servers?: string }, options: ProxyOptions): Promise<EgressProxy> {
  const connections: ProxyConnection[] = [];
  const listeners = new Set<(connection: ProxyConnection) => void>();
  const resolve = options.resolve ?? systemResolve;
  const record = (connection: ProxyConnection) => {
    connections.push(connection);
    for (const listener of listeners) listener(connection);
  };
  const open = new Set<Socket | Duplex>();

  /** A server on one socket: every connection it records is `via` that socket's clients. */
  const serve = (via: Via): Server => {
    const server = createServer((req: IncomingMessage, res: ServerResponse) => void forward(via, req, res));
    server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => tunnel(via, req, client, head));
    return server;
  };

  // HTTPS: a tunnel to the checked address; what passes through is the client's TLS, untouched.
  function tunnel(via: Via, req: IncomingMessage, client: Duplex, head: Buffer): void {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const target = connectTarget(req.url ?? '');
    if (!target) {
      refuseRaw(client, `network: "${req.url ?? ''}" is not a host and port`);
      return;
    }
    void decide(options.setting, target.host, resolve).then((decision) => {
      // The client gave up while the name was looked up: nothing to connect for.
      if (client.destroyed) return;
      if ('refused' in decision) {
        record({ via, host: normalHost(target.host), port: target.port, allowed: false, bytes: 0, refused: decision.refused });
        refuseRaw(client, decision.refused);
        return;
      }
      let bytes = head.length;
      let established = false;
      const upstream = connect({ host: decision.address, port: target.port });
      open.add(upstream);
      upstream.on('connect', () => {
        established = true;
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        client.on('data', (chunk: Buffer) => (bytes += chunk.length));
        upstream.on('data', (chunk: Buffer) => (bytes += chunk.length));
        upstream.pipe(client);
        client.pipe(upstream);
      });
      const done = () => {
        if (!open.delete(upstream)) return;
        record({ via, host: normalHost(target.host), port: target.port, allowed: true, bytes });
        client.destroy();
      };
      upstream.on('close', done);
      upstream.on('error', () => {
        if (!established && !client.writableEnded) refuseRaw(client, `network: ${normalHost(target.host)} did not accept the connection`, '502 Bad Gateway');
        done();
      });
      client.on('close', () => upstream.destroy());
    });
  }

  // Plain HTTP: the request forwarded to the checked address, with the client's Host header.
  async function forward(via: Via, req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
      if (url.protocol !== 'http:') throw new Error('not http');
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('network: a proxy request names an absolute http:// URL\n');
      return;
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = url.port ? Number(url.port) : 80;
    const decision = await decide(options.setting, host, resolve);
    if ('refused' in decision) {
      record({ via, host: normalHost(host), port, allowed: false, bytes: 0, refused: decision.refused });
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`${decision.refused}\n`);
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_HEADERS.has(key)) headers[key] = value;
    let bytes = 0;
    const upstream = httpRequest({ host: decision.address, port, method: req.method, path: `${url.pathname}${url.search}`, headers, setHost: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
      answer.on('error', () => res.destroy());
      answer.pipe(res);
      answer.on('end', () => record({ via, host: normalHost(host), port, allowed: true, bytes }));
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`network: ${normalHost(host)} did not answer\n`);
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
