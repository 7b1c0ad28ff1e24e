// The process a stdio MCP server runs in: the sandbox's launch (bubblewrap and
// its arguments) started with exactly the environment given — the SDK's own
// stdio transport adds the action's HOME, PATH and USER — in its own process
// group, killed when the run ends. The messages are the SDK's: its ReadBuffer
// reads newline-delimited JSON-RPC off stdout, serializeMessage writes it.
import type { ChildProcess } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { spawnLaunch, type Launch } from '../safety/sandbox/launch.js';

/** The most of a server's stderr kept, for the warning when it fails. */
const STDERR_TAIL_CHARS = 4_000;
/** How long a server has to exit after SIGTERM before it is killed. */
const KILL_AFTER_MS = 2_000;

export interface StdioLaunch extends Launch {
  cwd: string;
}

export class SandboxedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private readonly buffer = new ReadBuffer();
  private stderr = '';

  constructor(private readonly launch: StdioLaunch) {}

  /** The end of what the server wrote to stderr (a crash's reason). */
  stderrTail(): string {
    return this.stderr;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('The MCP server was started already.');
    return new Promise((resolve, reject) => {
      const child = spawnLaunch(this.launch, { cwd: this.launch.cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
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
      child.stdin!.on('error', (err) => this.onerror?.(err));
      child.stdout!.on('data', (chunk: Buffer) => {
        try {
          this.buffer.append(chunk);
        } catch (err) {
          // More than the SDK's 10 MB in one message: the server is stopped.
          this.onerror?.(err as Error);
          void this.close();
          return;
        }
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = this.buffer.readMessage();
          } catch (err) {
            // A line that is not a JSON-RPC message (a server printing to stdout): reported, not fatal.
            this.onerror?.(err as Error);
            continue;
          }
          if (message === null) break;
          this.onmessage?.(message);
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) return Promise.reject(new Error('The MCP server is not running.'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const signal = (sig: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, sig);
      } catch {
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
