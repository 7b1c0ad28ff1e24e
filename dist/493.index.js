export const id = 493;
export const ids = [493];
export const modules = {

/***/ 47493:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SandboxedStdioTransport: () => (/* binding */ SandboxedStdioTransport)
});

// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/types.js + 1 modules
var types = __webpack_require__(330);
;// CONCATENATED MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/shared/stdio.js

const STDIO_DEFAULT_MAX_BUFFER_SIZE = 10 * 1024 * 1024;
/**
 * Buffers a continuous stdio stream into discrete JSON-RPC messages.
 */
class ReadBuffer {
    constructor(options) {
        this._maxBufferSize = options?.maxBufferSize ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
    }
    append(chunk) {
        const newSize = (this._buffer?.length ?? 0) + chunk.length;
        if (newSize > this._maxBufferSize) {
            this.clear();
            throw new Error(`ReadBuffer exceeded maximum size of ${this._maxBufferSize} bytes`);
        }
        this._buffer = this._buffer ? Buffer.concat([this._buffer, chunk]) : chunk;
    }
    readMessage() {
        if (!this._buffer) {
            return null;
        }
        const index = this._buffer.indexOf('\n');
        if (index === -1) {
            return null;
        }
        const line = this._buffer.toString('utf8', 0, index).replace(/\r$/, '');
        this._buffer = this._buffer.subarray(index + 1);
        return deserializeMessage(line);
    }
    clear() {
        this._buffer = undefined;
    }
}
function deserializeMessage(line) {
    return types/* JSONRPCMessageSchema */.OR.parse(JSON.parse(line));
}
function serializeMessage(message) {
    return JSON.stringify(message) + '\n';
}
//# sourceMappingURL=stdio.js.map
// EXTERNAL MODULE: ./src/safety/sandbox/launch.ts
var launch = __webpack_require__(53411);
;// CONCATENATED MODULE: ./src/mcp/stdio-transport.ts


/** The most of a server's stderr kept, for the warning when it fails. */
const STDERR_TAIL_CHARS = 4_000;
/** How long a server has to exit after SIGTERM before it is killed. */
const KILL_AFTER_MS = 2_000;
class SandboxedStdioTransport {
    launch;
    onclose;
    onerror;
    onmessage;
    child;
    exited;
    buffer = new ReadBuffer();
    stderr = '';
    constructor(launch) {
        this.launch = launch;
    }
    /** The end of what the server wrote to stderr (a crash's reason). */
    stderrTail() {
        return this.stderr;
    }
    start() {
        if (this.child)
            throw new Error('The MCP server was started already.');
        return new Promise((resolve, reject) => {
            const child = (0,launch/* spawnLaunch */.z)(this.launch, { cwd: this.launch.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
            this.child = child;
            this.exited = new Promise((done) => child.once('close', () => done()));
            child.once('error', (err) => {
                reject(err);
                this.onerror?.(err);
            });
            child.once('spawn', () => resolve());
            child.once('close', () => {
                this.child = undefined;
                this.onclose?.();
            });
            child.stdin.on('error', (err) => this.onerror?.(err));
            child.stdout.on('data', (chunk) => {
                try {
                    this.buffer.append(chunk);
                }
                catch (err) {
                    // More than the SDK's 10 MB in one message: the server is stopped.
                    this.onerror?.(err);
                    void this.close();
                    return;
                }
                for (;;) {
                    let message;
                    try {
                        message = this.buffer.readMessage();
                    }
                    catch (err) {
                        // A line that is not a JSON-RPC message (a server printing to stdout): reported, not fatal.
                        this.onerror?.(err);
                        continue;
                    }
                    if (message === null)
                        break;
                    this.onmessage?.(message);
                }
            });
            child.stderr.on('data', (chunk) => {
                this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
            });
        });
    }
    send(message) {
        const stdin = this.child?.stdin;
        if (!stdin || stdin.destroyed)
            return Promise.reject(new Error('The MCP server is not running.'));
        return new Promise((resolve) => {
            if (stdin.write(serializeMessage(message)))
                resolve();
            else
                stdin.once('drain', resolve);
        });
    }
    async close() {
        const child = this.child;
        if (!child || child.pid === undefined)
            return;
        const signal = (sig) => {
            try {
                process.kill(-child.pid, sig);
            }
            catch {
                // gone already
            }
        };
        child.stdin?.end();
        signal('SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), KILL_AFTER_MS);
        timer.unref();
        await this.exited;
        clearTimeout(timer);
        this.buffer.clear();
    }
}


/***/ })

};
