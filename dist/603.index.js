export const id = 603;
export const ids = [603];
export const modules = {

/***/ 84603:
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
// EXTERNAL MODULE: ./src/safety/network/allow-list.ts
var allow_list = __webpack_require__(39695);
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
    ['loopback', '::1', 128, 'ipv6'],
    ['unspecified', '::', 128, 'ipv6'],
    ['link-local', 'fe80::', 10, 'ipv6'],
    ['unique-local', 'fc00::', 7, 'ipv6'],
];
const BLOCKS = RANGES.map(([kind, network, prefix, family]) => {
    const list = new external_node_net_.BlockList();
    list.addSubnet(network, prefix, family);
    return { kind, list, family };
});
/** What kind of non-public address this is ("loopback", "link-local"…), or undefined for a public one. */
function restrictedKind(address) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 one.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
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
/** Host and port of a CONNECT target (`example.org:443`, `[::1]:443`). */
function connectTarget(target) {
    const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(target);
    if (!match)
        return undefined;
    const port = Number(match[2]);
    return port > 0 && port < 65_536 ? { host: match[1].replace(/^\[(.*)\]$/, '$1'), port } : undefined;
}
/** Headers a proxy must not pass on: its own, and hop-by-hop ones. */
const HOP_HEADERS = new Set(['proxy-authorization', 'proxy-connection', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);
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
    /** A server on one socket: every connection it records is `via` that socket's clients. */
    const serve = (via) => {
        const server = (0,external_node_http_.createServer)((req, res) => void forward(via, req, res));
        server.on('connect', (req, client, head) => tunnel(via, req, client, head));
        return server;
    };
    // HTTPS: a tunnel to the checked address; what passes through is the client's TLS, untouched.
    function tunnel(via, req, client, head) {
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
            if (client.destroyed)
                return;
            if ('refused' in decision) {
                record({ via, host: (0,allow_list/* normalHost */.CS)(target.host), port: target.port, allowed: false, bytes: 0, refused: decision.refused });
                refuseRaw(client, decision.refused);
                return;
            }
            let bytes = head.length;
            let established = false;
            const upstream = (0,external_node_net_.connect)({ host: decision.address, port: target.port });
            open.add(upstream);
            upstream.on('connect', () => {
                established = true;
                client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
                if (head.length > 0)
                    upstream.write(head);
                client.on('data', (chunk) => (bytes += chunk.length));
                upstream.on('data', (chunk) => (bytes += chunk.length));
                upstream.pipe(client);
                client.pipe(upstream);
            });
            const done = () => {
                if (!open.delete(upstream))
                    return;
                record({ via, host: (0,allow_list/* normalHost */.CS)(target.host), port: target.port, allowed: true, bytes });
                client.destroy();
            };
            upstream.on('close', done);
            upstream.on('error', () => {
                if (!established && !client.writableEnded)
                    refuseRaw(client, `network: ${(0,allow_list/* normalHost */.CS)(target.host)} did not accept the connection`, '502 Bad Gateway');
                done();
            });
            client.on('close', () => upstream.destroy());
        });
    }
    // Plain HTTP: the request forwarded to the checked address, with the client's Host header.
    async function forward(via, req, res) {
        let url;
        try {
            url = new URL(req.url ?? '');
            if (url.protocol !== 'http:')
                throw new Error('not http');
        }
        catch {
            res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('network: a proxy request names an absolute http:// URL\n');
            return;
        }
        const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
        const port = url.port ? Number(url.port) : 80;
        const decision = await decide(options.setting, host, resolve);
        if ('refused' in decision) {
            record({ via, host: (0,allow_list/* normalHost */.CS)(host), port, allowed: false, bytes: 0, refused: decision.refused });
            res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(`${decision.refused}\n`);
            return;
        }
        const headers = {};
        for (const [key, value] of Object.entries(req.headers))
            if (value !== undefined && !HOP_HEADERS.has(key))
                headers[key] = value;
        let bytes = 0;
        const upstream = (0,external_node_http_.request)({ host: decision.address, port, method: req.method, path: `${url.pathname}${url.search}`, headers, setHost: false }, (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
            answer.on('data', (chunk) => (bytes += chunk.length));
            answer.on('error', () => res.destroy());
            answer.pipe(res);
            answer.on('end', () => record({ via, host: (0,allow_list/* normalHost */.CS)(host), port, allowed: true, bytes }));
        });
        upstream.on('error', () => {
            if (!res.headersSent)
                res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`network: ${(0,allow_list/* normalHost */.CS)(host)} did not answer\n`);
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
        if (connection.allowed || told.has(connection.host))
            return;
        told.add(connection.host);
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
