// The MCP test server (test/fixtures/mcp/server.mjs) as the tests start it
// outside the sandbox: over Streamable HTTP on a free port, as a user would run one.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'mcp', 'server.mjs');

/** The fixture over Streamable HTTP with `args`: its URL once it listens, and how to stop it. */
export function httpFixture(args: string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [FIXTURE, '--http', '0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => child.kill('SIGKILL');
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /^listening (\S+)/m.exec(chunk.toString());
      if (match) resolve({ url: match[1]!, stop });
    });
    child.once('exit', (code) => reject(new Error(`the fixture exited with ${code}`)));
  });
}
