// MCP servers for one run: each declared server started (stdio servers inside
// the OS sandbox, Streamable HTTP servers reached from the action), its tools
// listed and offered as `mcp__<server>__<tool>`, and every server closed when
// the run ends. The SDK's client speaks the protocol; only the process a stdio
// server runs in is ours (stdio-transport.ts), so that it starts in the sandbox
// with exactly the environment it is given. A server that cannot start, or
// does not list its tools in time, is a warning: its tools are absent.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServerSpec } from '../config/mcp.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';
import { sharedKind, type ToolKind } from '../tools/tool.js';
import { changesNamed, type ChangedFiles } from './command-changes.js';
import { mcpTool, type ListedTool } from './tools.js';

/** How long a server may take to start and list its tools. */
export const MCP_START_TIMEOUT_MS = 30_000;

export interface McpServers {
  /** Each a tool every agent shares: a server's tool keeps no state of an agent's. */
  tools: ToolKind[];
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
  /**
   * Files the pull request changes (checkout-relative, `/`): a stdio server that could run one is not started.
   * Asked when a stdio server is about to start, which is once the checkout is in its final state.
   */
  changedFiles: () => Promise<ChangedFiles>;
  /** Stops the starting: servers not up yet are given up (the run is ending). */
  signal?: AbortSignal;
  /** False for a server none of whose tools the policy could allow (it is not started). */
  mayStart: (server: string) => boolean;
  /** The run's redactor, which knows the servers' secrets: a tool's description and schema pass it before they are offered. */
  redact: (text: string) => string;
  warn: (message: string) => void;
  log: (line: string) => void;
  timeoutMs?: number;
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
const listed = (items: string[]) => (items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', '));

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

  const stopped = new Promise<never>((_, reject) => {
    const stop = () => reject(new Error('the run ended before it started'));
    if (opts.signal?.aborted) stop();
    else opts.signal?.addEventListener('abort', stop, { once: true });
  });
  stopped.catch(() => undefined);

  const transportFor = async (name: string, spec: McpServerSpec) => {
    if (spec.kind === 'http') return new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers } });
    const { files, linksOut } = changesNamed(spec, opts.root, await opts.changedFiles());
    if (files.length > 0) return `is not started: its command could run ${listed(files)}, which the pull request changes, and a pull request may not change what a server runs.`;
    if (linksOut.length > 0) {
      const links = linksOut.length === 1 ? 'a symbolic link out of the checkout, whose target' : 'symbolic links out of the checkout, whose targets';
      return `is not started: its command goes through ${listed(linksOut)}, ${links} cannot be checked against the pull request.`;
    }
    const sandbox = await opts.sandbox();
    if (!sandbox) return 'is not started: a stdio server runs only inside the OS sandbox, and this run has none.';
    const env = { ...opts.childEnv, ...spec.env };
    // The checkout read-only unless the entry says writable; network only when both the entry and the workflow allow it.
    const launch = sandbox.wrap([spec.command, ...spec.args], { cwd: opts.root, env, server: { writable: spec.writable, network: spec.network } });
    return new SandboxedStdioTransport({ ...launch, cwd: opts.root });
  };

  const startOne = async (name: string): Promise<ToolKind[]> => {
    const spec = opts.servers[name]!;
    const limit = deadline(timeoutMs, `it did not start and list its tools within ${Number((timeoutMs / 1000).toFixed(1))} s`);
    let transport: Awaited<ReturnType<typeof transportFor>> | undefined;
    let client: Client | undefined;
    try {
      const listed = await Promise.race([
        (async () => {
          transport = await transportFor(name, spec);
          if (typeof transport === 'string') return transport;
          client = new Client({ name: 'deckhand', version: '1' }, { capabilities: {} });
          clients.push(client);
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
        stopped,
      ]);
      if (typeof listed === 'string') {
        opts.warn(`MCP server ${name} ${listed}`);
        return [];
      }
      const tools = listed.flatMap((tool) => {
        const made = mcpTool(name, tool, { client: client!, validator, redact: opts.redact });
        if ('skip' in made) {
          opts.warn(`MCP server ${name}: the tool ${JSON.stringify(tool.name).slice(0, 80)} is left out: ${made.skip}`);
          return [];
        }
        return [sharedKind(made.tool)];
      });
      opts.log(`MCP server ${name}: ${tools.length} tool${tools.length === 1 ? '' : 's'} (${spec.kind === 'stdio' ? 'stdio, in the sandbox' : 'Streamable HTTP'}).`);
      return tools;
    } catch (err) {
      const stderr = transport && typeof transport !== 'string' && 'stderrTail' in transport ? transport.stderrTail() : '';
      await client?.close().catch(() => undefined);
      // A transport made but never connected is stopped too.
      if (!client && transport && typeof transport !== 'string') await transport.close().catch(() => undefined);
      opts.warn(`MCP server ${name} could not be started: ${oneLine((err as Error).message).replace(/\.$/, '')}${stderr ? ` (its stderr: ${oneLine(stderr).slice(-300)})` : ''}. Its tools are not offered.`);
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
