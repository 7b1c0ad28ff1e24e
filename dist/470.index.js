export const id = 470;
export const ids = [470];
export const modules = {

/***/ 45470:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  startEgress: () => (/* binding */ startEgress)
});

// UNUSED EXPORTS: relayScript

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: external "node:dns/promises"
var promises_ = __webpack_require__(71553);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: ./src/safety/network/allow-list.ts
var allow_list = __webpack_require__(39695);
;// CONCATENATED MODULE: ./src/safety/network/client-hello.ts
// The first bytes a client sends through a CONNECT tunnel, read without
// decrypting anything: a TLS ClientHello's server name (SNI), which a shared
// front end (a CDN) routes by — so a tunnel to a listed host cannot carry a
// handshake for another name behind the same front. Or no TLS at all: then
// the tunnel carries plain HTTP, which the proxy reads itself.
/** A ClientHello longer than this (the largest ones, with post-quantum key shares, are a few KB) is refused. */
const MAX_HELLO_BYTES = 64 * 1024;
const HANDSHAKE = 0x16;
const CLIENT_HELLO = 0x01;
const SERVER_NAME = 0x0000;
const HOST_NAME = 0x00;
/** The handshake bytes of the TLS records in `bytes` (a ClientHello may span records), or what they lack. */
function handshakeOf(bytes) {
    const parts = [];
    let at = 0;
    let length = 0;
    while (at + 5 <= bytes.length) {
        if (bytes[at] !== HANDSHAKE || bytes[at + 1] !== 0x03)
            return 'malformed';
        const size = bytes.readUInt16BE(at + 3);
        if (at + 5 + size > bytes.length)
            break;
        parts.push(bytes.subarray(at + 5, at + 5 + size));
        length += size;
        at += 5 + size;
        // Enough once the handshake message's own length is there.
        const joined = Buffer.concat(parts, length);
        if (joined.length >= 4 && joined.length >= 4 + joined.readUIntBE(1, 3))
            return joined;
    }
    return bytes.length > MAX_HELLO_BYTES ? 'malformed' : 'more';
}
/** Reads the server name from a ClientHello body; undefined when it names none. */
function serverNameOf(hello) {
    if (hello[0] !== CLIENT_HELLO)
        return 'malformed';
    const end = 4 + hello.readUIntBE(1, 3);
    let at = 4 + 2 + 32; // version, random
    const skip = (lengthBytes) => {
        if (at + lengthBytes > end)
            return false;
        at += lengthBytes + hello.readUIntBE(at, lengthBytes);
        return at <= end;
    };
    if (!skip(1) || !skip(2) || !skip(1))
        return 'malformed'; // session id, cipher suites, compression methods
    if (at === end)
        return undefined; // no extensions
    if (at + 2 > end)
        return 'malformed';
    const extensionsEnd = at + 2 + hello.readUInt16BE(at);
    if (extensionsEnd > end)
        return 'malformed';
    at += 2;
    while (at + 4 <= extensionsEnd) {
        const type = hello.readUInt16BE(at);
        const size = hello.readUInt16BE(at + 2);
        const data = at + 4;
        if (data + size > extensionsEnd)
            return 'malformed';
        if (type === SERVER_NAME) {
            // server_name_list: length, then entries of (type, length, name); a host name is the only type defined.
            let entry = data + 2;
            while (entry + 3 <= data + size) {
                const nameLength = hello.readUInt16BE(entry + 1);
                if (entry + 3 + nameLength > data + size)
                    return 'malformed';
                if (hello[entry] === HOST_NAME)
                    return hello.toString('latin1', entry + 3, entry + 3 + nameLength);
                entry += 3 + nameLength;
            }
            return 'malformed';
        }
        at = data + size;
    }
    return undefined;
}
/** What the first bytes through a tunnel are. */
function readFirstBytes(bytes) {
    if (bytes.length === 0)
        return { kind: 'more' };
    if (bytes[0] !== HANDSHAKE)
        return { kind: 'not-tls' };
    const handshake = handshakeOf(bytes);
    if (handshake === 'more')
        return { kind: 'more' };
    if (handshake === 'malformed')
        return { kind: 'malformed' };
    const name = serverNameOf(handshake);
    if (name === 'malformed')
        return { kind: 'malformed' };
    return name === undefined ? { kind: 'tls' } : { kind: 'tls', serverName: name };
}

;// CONCATENATED MODULE: ./src/safety/network/proxy.ts
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






/** The address ranges a name may not lead to unless listed literally, by what they are. */
const RANGES = [
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
    const list = new external_node_net_.BlockList();
    list.addSubnet(network, prefix, family);
    return { kind, list, family };
});
/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d, ::ffff:7f00:1) stands for, in dotted form. */
function mappedIpv4(address) {
    const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (dotted)
        return dotted;
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (!hex)
        return undefined;
    const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
/** What kind of non-public address this is ("loopback", "link-local"…), or undefined for a public one. */
function restrictedKind(address) {
    // An IPv4 address written as IPv6 is the IPv4 one (the form Node prints, or the dotted one).
    const plain = (0,external_node_net_.isIP)(address) === 6 ? (mappedIpv4((0,allow_list/* normalHost */.CS)(address)) ?? address) : address;
    const family = (0,external_node_net_.isIP)(plain) === 4 ? 'ipv4' : 'ipv6';
    return BLOCKS.find((block) => block.family === family && block.list.check(plain, family))?.kind;
}
const systemResolve = async (host) => (await (0,promises_.lookup)(host, { all: true, verbatim: true })).map((entry) => entry.address);
/** The line a refused client is given (and the tool result shows). */
const notListed = (host) => `network: ${host} is not in this workflow's allow-list`;
/** Whether the setting lets a connection to `host` through, and to which address. */
async function decide(setting, host, resolve = systemResolve) {
    const name = (0,allow_list/* normalHost */.CS)(host);
    if (!(0,allow_list/* allowsName */.IH)(setting, name))
        return { refused: notListed(name) };
    let addresses;
    try {
        addresses = (0,external_node_net_.isIP)(name) ? [name] : await resolve(name);
    }
    catch {
        return { refused: `network: ${name} could not be resolved` };
    }
    if (addresses.length === 0)
        return { refused: `network: ${name} could not be resolved` };
    for (const address of addresses) {
        const kind = restrictedKind(address);
        if (kind && !(0,allow_list/* namesLiterally */.jP)(setting, address, name))
            return { refused: `${notListed(name)}: it resolves to ${address}, a ${kind} address, which the list must name itself` };
    }
    return { address: addresses[0] };
}
/** A refusal (403) or a failure (502) as an HTTP response on a raw socket (a CONNECT's), then the socket closed. */
function refuseRaw(socket, line, status = '403 Forbidden') {
    const body = `${line}\n`;
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
/** The bytes already read, then the rest of the stream. */
async function* chain(first, rest) {
    if (first.length > 0)
        yield first;
    for await (const chunk of rest)
        yield chunk;
}
/** Host and port of a CONNECT target (`example.org:443`, `[::1]:443`). */
function connectTarget(target) {
    const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(target);
    if (!match)
        return undefined;
    const port = Number(match[2]);
    return port > 0 && port < 65_536 ? { host: match[1].replace(/^\[(.*)\]$/, '$1'), port } : undefined;
}
/** Headers a proxy must not pass on: its own, and hop-by-hop ones (each side's connection is its own). */
const HOP_HEADERS = new Set(['proxy-authorization', 'proxy-authenticate', 'proxy-connection', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);
function withoutHops(headers) {
    const kept = {};
    for (const [key, value] of Object.entries(headers))
        if (value !== undefined && !HOP_HEADERS.has(key))
            kept[key] = value;
    return kept;
}
/** How long a listed host has to accept a connection, and a client to send its first bytes through a tunnel. */
const CONNECT_TIMEOUT_MS = 30_000;
const FIRST_BYTES_TIMEOUT_MS = 30_000;
/** A Host header for `host:port` (an IPv6 address in brackets; port 80 left out, as clients do). */
function hostHeader(host, port) {
    const name = (0,external_node_net_.isIP)(host) === 6 ? `[${host}]` : host;
    return port === 80 ? name : `${name}:${port}`;
}
async function startProxy(sockets, options) {
    const connections = [];
    const listeners = new Set();
    const resolve = options.resolve ?? systemResolve;
    const record = (connection) => {
        connections.push(connection);
        for (const listener of listeners)
            listener(connection);
    };
    const open = new Set();
    const track = (socket) => {
        open.add(socket);
        socket.on('close', () => open.delete(socket));
        return socket;
    };
    /** A server on one socket: every connection it records is `via` that socket's clients. */
    const serve = (via) => {
        const server = (0,external_node_http_.createServer)((req, res) => void forward(via, req, res));
        server.on('connect', (req, client, head) => tunnel(via, req, client, head));
        return server;
    };
    // Plain HTTP inside a tunnel (Node's fetch tunnels http:// too): read as HTTP by a server of its own, so each
    // request goes to the tunnel's host with that host's Host header — a front that routes by Host cannot be asked for another.
    const inTunnels = new WeakMap();
    const tunnelled = (0,external_node_http_.createServer)((req, res) => {
        const of = inTunnels.get(req.socket);
        if (of)
            void forward(of.via, req, res, of.target);
        else
            res.destroy();
    });
    tunnelled.on('clientError', (err, socket) => {
        // The tunnel closed under the reader: nothing to answer.
        if (!err.code?.startsWith('HPE_'))
            return void socket.destroy();
        // Neither TLS nor HTTP (an SSH client, a raw protocol): there is no way out for it.
        const refused = 'network: only HTTP and TLS go through the allow-list';
        const of = inTunnels.get(socket);
        if (of)
            record({ via: of.via, host: of.target.host, port: of.target.port, allowed: false, bytes: 0, refused });
        if (socket.writable)
            socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${refused}\n`);
        else
            socket.destroy();
    });
    // HTTPS: a tunnel to the checked address; what passes through is the client's TLS, untouched — once its
    // ClientHello's server name, if it gives one, is on the list too.
    function tunnel(via, req, client, head) {
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
        const host = (0,allow_list/* normalHost */.CS)(target.host);
        void decide(options.setting, target.host, resolve).then((decision) => {
            // The client gave up while the name was looked up: nothing to connect for.
            if (client.destroyed)
                return;
            if ('refused' in decision) {
                record({ via, host, port: target.port, allowed: false, bytes: 0, refused: decision.refused });
                refuseRaw(client, decision.refused);
                return;
            }
            let bytes = 0;
            let established = false;
            // Once connected: what became of the tunnel (piped both ways, handed to the HTTP reader, or refused).
            let fate = 'waiting';
            const upstream = track((0,external_node_net_.connect)({ host: decision.address, port: target.port }));
            upstream.setTimeout(CONNECT_TIMEOUT_MS, () => upstream.destroy(new Error('timeout')));
            const failed = (why) => {
                record({ via, host, port: target.port, allowed: true, bytes: 0, failed: why });
                if (!client.writableEnded)
                    refuseRaw(client, why, '502 Bad Gateway');
            };
            upstream.on('error', (err) => {
                if (!established)
                    return failed(`network: ${host} did not accept the connection${err.message === 'timeout' ? ' (timed out)' : ''}`);
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
                        const stream = external_node_stream_.Duplex.from({ readable: external_node_stream_.Readable.from(chain(first, client)), writable: client });
                        inTunnels.set(stream, { via, target: { host, port: target.port, address: decision.address } });
                        client.on('close', () => stream.destroy());
                        // The reader ends the connection (Connection: close): the tunnel closes with it, not half-open.
                        client.once('finish', () => client.destroy());
                        tunnelled.emit('connection', stream);
                        return;
                    }
                    const name = read.kind === 'tls' && read.serverName !== undefined ? (0,allow_list/* normalHost */.CS)(read.serverName) : undefined;
                    if (read.kind === 'malformed' || (name !== undefined && name !== host && !(0,allow_list/* allowsName */.IH)(options.setting, name))) {
                        const refused = read.kind === 'malformed'
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
                    client.on('data', (chunk) => (bytes += chunk.length));
                    upstream.on('data', (chunk) => (bytes += chunk.length));
                    upstream.pipe(client);
                    client.pipe(upstream);
                    client.resume();
                });
            });
            upstream.on('close', () => {
                if (fate === 'handed over')
                    return;
                if (fate !== 'piped')
                    return void client.destroy();
                record({ via, host, port: target.port, allowed: true, bytes });
                client.destroy();
            });
            client.on('close', () => {
                if (fate !== 'handed over')
                    upstream.destroy();
            });
        });
    }
    /**
     * Waits for the client's first bytes through a tunnel (after `head`, what came with the CONNECT): until a
     * TLS ClientHello is whole, or they are not TLS; `silent` when nothing comes in time (a protocol whose
     * server speaks first has no way out).
     */
    function firstBytes(client, head, then) {
        let first = head;
        let done = false;
        const finish = (kind) => {
            if (done)
                return;
            done = true;
            clearTimeout(timer);
            client.off('data', onData);
            client.pause();
            then(first, kind);
        };
        const onData = (chunk) => {
            first = Buffer.concat([first, chunk]);
            if (readFirstBytes(first).kind !== 'more')
                finish('sent');
        };
        const timer = setTimeout(() => finish('silent'), FIRST_BYTES_TIMEOUT_MS);
        timer.unref();
        if (readFirstBytes(first).kind !== 'more')
            return finish('sent');
        client.on('data', onData);
        client.on('end', () => finish(first.length > 0 ? 'sent' : 'silent'));
    }
    // Plain HTTP: the request forwarded to the checked address, with the Host header of the URL it names (or of the
    // tunnel it came through) whatever the client wrote there.
    async function forward(via, req, res, tunnelTarget) {
        let url;
        try {
            url = tunnelTarget ? new URL(`http://${hostHeader(tunnelTarget.host, tunnelTarget.port)}${req.url?.startsWith('/') ? req.url : '/invalid'}`) : new URL(req.url ?? '');
            if (url.protocol !== 'http:' || (tunnelTarget && !req.url?.startsWith('/')))
                throw new Error('not http');
        }
        catch {
            const refused = tunnelTarget ? 'network: a request through a tunnel names a path (/…)' : 'network: a proxy request names an absolute http:// URL';
            record({ via, host: tunnelTarget?.host ?? String(req.url ?? '').slice(0, 253), port: tunnelTarget?.port ?? 0, allowed: false, bytes: 0, refused });
            res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`${refused}\n`);
            return;
        }
        const host = tunnelTarget?.host ?? (0,allow_list/* normalHost */.CS)(url.hostname.replace(/^\[(.*)\]$/, '$1'));
        const port = tunnelTarget?.port ?? (url.port ? Number(url.port) : 80);
        const decision = tunnelTarget ? { address: tunnelTarget.address } : await decide(options.setting, host, resolve);
        // The client gave up while the name was looked up.
        if (res.destroyed || req.socket.destroyed)
            return;
        if ('refused' in decision) {
            record({ via, host, port, allowed: false, bytes: 0, refused: decision.refused });
            res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`${decision.refused}\n`);
            return;
        }
        const headers = { ...withoutHops(req.headers), host: hostHeader(host, port) };
        let bytes = 0;
        let answered = false;
        const upstream = (0,external_node_http_.request)({ host: decision.address, port, method: req.method, path: `${url.pathname}${url.search}`, headers, setHost: false, timeout: CONNECT_TIMEOUT_MS }, (answer) => {
            answered = true;
            upstream.setTimeout(0);
            try {
                // A reason phrase with a control character is dropped (Node would refuse it only when the body is written).
                const reason = answer.statusMessage && /^[\t\x20-\x7e\x80-\xff]*$/.test(answer.statusMessage) ? answer.statusMessage : undefined;
                res.writeHead(answer.statusCode ?? 502, reason, withoutHops(answer.headers));
            }
            catch {
                // A status line or header Node will not repeat (a control character in it): the client gets a 502, the run goes on.
                record({ via, host, port, allowed: true, bytes: 0, failed: `network: ${host} answered with a status line or header that cannot be passed on` });
                answer.destroy();
                if (!res.headersSent)
                    res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`network: ${host} answered with a header that cannot be passed on\n`);
                return;
            }
            answer.on('data', (chunk) => (bytes += chunk.length));
            answer.on('error', () => res.destroy());
            answer.pipe(res);
            answer.on('end', () => record({ via, host, port, allowed: true, bytes }));
        });
        upstream.on('timeout', () => upstream.destroy(new Error('timeout')));
        upstream.on('error', (err) => {
            if (answered)
                return void res.destroy();
            const why = `network: ${host} did not answer${err.message === 'timeout' ? ' (timed out)' : ''}`;
            record({ via, host, port, allowed: true, bytes: 0, failed: why });
            if (!res.headersSent)
                res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`${why}\n`);
            else
                res.destroy();
        });
        req.on('data', (chunk) => (bytes += chunk.length));
        // A client that goes away takes its request with it.
        req.on('error', () => upstream.destroy());
        res.on('close', () => upstream.destroy());
        req.pipe(upstream);
    }
    const servers = Object.entries(sockets).flatMap(([via, path]) => (path ? [{ server: serve(via), path }] : []));
    const closeAll = async () => {
        for (const socket of open)
            socket.destroy();
        tunnelled.closeAllConnections();
        await Promise.all(servers.map(({ server }) => {
            server.closeAllConnections();
            return new Promise((resolveClose) => server.close(() => resolveClose()));
        }));
    };
    try {
        await Promise.all(servers.map(({ server, path }) => new Promise((resolveListen, reject) => {
            server.once('error', reject);
            server.listen(path, () => resolveListen());
        })));
    }
    catch (err) {
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
            const counts = new Map();
            for (const c of connections)
                if (!c.allowed)
                    counts.set(c.host, (counts.get(c.host) ?? 0) + 1);
            return counts;
        },
        close: closeAll,
    };
}

;// CONCATENATED MODULE: ./src/safety/network/egress.ts
// A run's way out when its network is an allow-list: the egress proxy on two
// Unix sockets (one for commands, one for MCP servers) in an owner-only
// folder of its own, and the sandbox network that binds them in with the
// runner's node and the relay. Started only for such a run, once its
// sandbox is wanted; closed, and its folder removed, when the run ends.





/** The relay the sandbox runs (src/safety/network/relay.ts, transpiled beside the bundle by scripts/build.mjs). */
const RELAY_FILE = 'relay.js';
/** The refused hosts the log names, each once; a command that asks for thousands does not flood it. */
const LOGGED_HOSTS = 20;
/** The relay beside the bundle; from the sources (tests), the built one in dist/. */
function relayScript() {
    const here = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    const bundled = (0,external_node_path_.join)(here, RELAY_FILE);
    return (0,external_node_fs_.existsSync)(bundled) ? bundled : (0,external_node_path_.join)(here, '..', '..', '..', 'dist', RELAY_FILE);
}
/**
 * Starts the proxy for `setting` and says, in the log, each host it refuses
 * the first time it does. The sockets live in the system's temp folder: a
 * socket's path must fit in 108 bytes, which RUNNER_TEMP may not leave.
 */
async function startEgress(setting, opts) {
    const folder = (0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'deckhand-net-'));
    const sockets = { commands: (0,external_node_path_.join)(folder, 'commands.sock'), servers: (0,external_node_path_.join)(folder, 'servers.sock') };
    let proxy;
    try {
        proxy = await startProxy(sockets, { setting });
    }
    catch (err) {
        (0,external_node_fs_.rmSync)(folder, { recursive: true, force: true });
        throw err;
    }
    const told = new Set();
    proxy.subscribe((connection) => {
        if (connection.refused === undefined || told.has(connection.host) || told.size > LOGGED_HOSTS)
            return;
        told.add(connection.host);
        if (told.size > LOGGED_HOSTS)
            opts.log(`Network: more hosts refused than the log names (${LOGGED_HOSTS}); the job summary counts them.`);
        else
            opts.log(`${connection.refused} (said once a host; the job summary counts every refusal)`);
    });
    return {
        network: { kind: 'proxied', sockets, node: process.execPath, relay: opts.relay ?? relayScript() },
        proxy,
        async close() {
            await proxy.close();
            (0,external_node_fs_.rmSync)(folder, { recursive: true, force: true });
        },
    };
}


/***/ })

};
