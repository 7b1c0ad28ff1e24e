// Inside a sandbox whose network is an allow-list, the one way out: a TCP
// listener on the sandbox's own loopback whose connections are relayed, byte
// for byte, to the egress proxy's Unix socket bound into the sandbox — then
// the command itself, which finds the proxy through HTTP_PROXY and its kin.
// The sandbox has no route out, so anything that does not use the proxy has
// no way out at all. Run by the runner's own node (bound read-only), so
// nothing is installed: `node relay/index.js <socket> <port> <command> [args…]`.
// Its exit is the command's.
import { spawn } from 'node:child_process';
import { fstatSync } from 'node:fs';
import { connect, createServer } from 'node:net';
const [socketPath, portText, command, ...args] = process.argv.slice(2);
const port = Number(portText);
if (!socketPath || !command || !Number.isInteger(port) || port <= 0 || port >= 65_536) {
    process.stderr.write('usage: relay <proxy socket> <port> <command> [args…]\n');
    process.exit(125);
}
const server = createServer((client) => {
    const upstream = connect(socketPath);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
});
server.on('error', (err) => {
    process.stderr.write(`The network relay could not listen on 127.0.0.1:${port}: ${err.message}\n`);
    process.exit(125);
});
server.listen(port, '127.0.0.1', () => {
    // Descriptor 3 is the caller's too (Bash's working-folder report, a hook's copies): passed on when there is one.
    const child = spawn(command, args, { stdio: ['inherit', 'inherit', 'inherit', isOpen(3) ? 3 : 'ignore'] });
    const forward = (signal) => () => child.kill(signal);
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'])
        process.on(signal, forward(signal));
    child.on('error', (err) => {
        process.stderr.write(`${command}: ${err.message}\n`);
        process.exit(127);
    });
    child.on('exit', (code, signal) => {
        server.close();
        // As the shell reports a command a signal ended.
        process.exit(signal ? 128 + (signalNumbers[signal] ?? 15) : (code ?? 1));
    });
});
function isOpen(fd) {
    try {
        fstatSync(fd);
        return true;
    }
    catch {
        return false;
    }
}
const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGTERM: 15 };
