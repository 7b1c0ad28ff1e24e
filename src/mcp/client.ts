// MCP servers for one run: each declared server started (stdio servers inside
// the OS sandbox, Streamable HTTP servers reached from the action), its tools
// listed and offered as `mcp__<server>__<tool>`, and every server closed when
// the run ends. The SDK's client speaks the protocol; only the process a stdio
// server runs in is ours (stdio-transport.ts), so that it starts in the sandbox
// with exactly the environment it is given. A server that cannot start, or
// does not list its tools in time, is a warning: its tools are absent.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { isInside } from '../safety/paths.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import type { Tool } from '../tools/tool.js';
import type { McpServerSpec } from './config.js';
import { mcpTool, type ListedTool } from './tools.js';

/** How long a server may take to start and list its tools. */
export const MCP_START_TIMEOUT_MS = 30_000;

export interface McpServers {
  tools: Tool[];
  /** Closes every server (stdio ones are killed); never throws. */
  close(): Promise<void>;
}

export interface McpStart {
  servers: Readonly<Record<string, McpServerSpec>>;
  /** The checkout: a stdio server starts there. */
  root: string;
  /** The run's sandbox, undefined when there is none (then no stdio server starts). */
  sandbox: () => Promise<Sandbox | undefined>;
  /** The environment every process the agent starts gets (the allow-list); a server's own variables are added to it. */
  childEnv: NodeJS.ProcessEnv;
  /** Files the pull request changes (checkout-relative, `/`): a stdio server that names one is not started. Asked when a stdio server starts. */
  changedFiles: () => Promise<ReadonlySet<string>>;
  /** False for a server none of whose tools the policy could allow (it is not started). */
  mayStart: (server: string) => boolean;
  warn: (message: string) => void;
  log: (line: string) => void;
  timeoutMs?: number;
}

/** What a stdio server's command line names of the checkout that the pull request changed. */
export function changedFilesNamed(spec: { command: string; args: readonly string[] }, root: string, changed: ReadonlySet<string>): string[] {
  if (changed.size === 0) return [];
  const words = [spec.command, ...spec.args].flatMap((word) => (word.startsWith('-') && word.includes('=') ? [word.slice(word.indexOf('=') + 1)] : [word]));
  const named = new Set<string>();
  for (const word of words) {
    if (word === '' || (!word.includes('/') && !changed.has(word))) continue;
    const absolute = isAbsolute(word) ? word : resolve(root, word);
    if (!isInside(absolute, root)) continue;
    const path = relative(root, absolute).split(sep).join('/');
    if (changed.has(path)) named.add(path);
  }
  return [...named];
}

/** A promise that rejects after `ms` with `message`, and its timer. */
function deadline(ms: number, message: string): { promise: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return { promise, clear: () => clearTimeout(timer) };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export async function startMcpServers(opts: McpStart): Promise<McpServers> {
  const names = Object.keys(opts.servers).filter((name) => {
    if (opts.mayStart(name)) return true;
    opts.log(`MCP server ${name}: not started, since the policy allows none of its tools in this run.`);
    return false;
  });
  if (names.length === 0) return { tools: [], close: async () => undefined };
  // Loaded only when there is a server to start: the SDK is not on the start-up path.
  const [{ Client }, { StreamableHTTPClientTransport }, { AjvJsonSchemaValidator }, { SandboxedStdioTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
    import('./stdio-transport.js'),
  ]);
  const validator = new AjvJsonSchemaValidator();
  const timeoutMs = opts.timeoutMs ?? MCP_START_TIMEOUT_MS;
  const clients: Client[] = [];

  const startOne = async (name: string): Promise<Tool[]> => {
    const spec = opts.servers[name]!;
    let transport: InstanceType<typeof SandboxedStdioTransport> | InstanceType<typeof StreamableHTTPClientTransport>;
    if (spec.kind === 'stdio') {
      const named = changedFilesNamed(spec, opts.root, await opts.changedFiles());
      if (named.length > 0) {
        opts.warn(`MCP server ${name} is not started: its command names ${named.join(', ')}, which the pull request changes, and a pull request may not change what a server runs.`);
        return [];
      }
      const sandbox = await opts.sandbox();
      if (!sandbox) {
        opts.warn(`MCP server ${name} is not started: a stdio server runs only inside the OS sandbox, and this run has none.`);
        return [];
      }
      const env = { ...opts.childEnv, ...spec.env };
      // The checkout read-only unless the entry says writable; network only when both the entry and the workflow allow it.
      const launch = sandbox.wrap([spec.command, ...spec.args], { cwd: opts.root, env, readOnlyRoot: !spec.writable, noNetwork: !spec.network });
      transport = new SandboxedStdioTransport({ file: launch.file, args: launch.args, env: launch.env, cwd: opts.root });
    } else {
      transport = new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers } });
    }
    const client = new Client({ name: 'deckhand', version: '1' }, { capabilities: {} });
    clients.push(client);
    const limit = deadline(timeoutMs, `it did not start and list its tools within ${Number((timeoutMs / 1000).toFixed(1))} s`);
    try {
      const listed = await Promise.race([
        (async () => {
          await client.connect(transport);
          const tools: ListedTool[] = [];
          let cursor: string | undefined;
          do {
            const page = await client.listTools(cursor ? { cursor } : {});
            tools.push(...page.tools);
            cursor = page.nextCursor;
          } while (cursor);
          return tools;
        })(),
        limit.promise,
      ]);
      const tools = listed.flatMap((tool) => {
        const made = mcpTool(name, tool, { client, validator });
        if ('skip' in made) {
          opts.warn(`MCP server ${name}: the tool ${JSON.stringify(tool.name).slice(0, 80)} is left out: ${made.skip}`);
          return [];
        }
        return [made.tool];
      });
      opts.log(`MCP server ${name}: ${tools.length} tool${tools.length === 1 ? '' : 's'} (${spec.kind === 'stdio' ? 'stdio, in the sandbox' : 'Streamable HTTP'}).`);
      return tools;
    } catch (err) {
      const stderr = 'stderrTail' in transport ? transport.stderrTail() : '';
      await client.close().catch(() => undefined);
      opts.warn(`MCP server ${name} could not be started: ${oneLine((err as Error).message)}${stderr ? ` (its stderr: ${oneLine(stderr).slice(-300)})` : ''}. Its tools are not offered.`);
      return [];
    } finally {
      limit.clear();
    }
  };

  const tools = (await Promise.all(names.map(startOne))).flat();
  return {
    tools,
    close: async () => {
      await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    },
  };
}
