// A run's MCP servers: the config file's (from the base branch) and the
// workflow's (`mcp_config`, whose entries win), `${VAR}` resolved for the names
// `mcp_env` lists, then started (client.ts) — or nothing at all, and the SDK
// never loaded, when none is declared.
import { parseMcpConfigInput, parseMcpEnv, resolveMcpServers } from '../config/mcp.js';
import type { RepoConfig } from '../config/repo.js';
import type { ChangedFiles, McpServers } from '../mcp/client.js';
import type { Sandbox } from '../safety/sandbox/wrap.js';

export async function startRunMcp(opts: {
  mcpConfig: string;
  mcpEnv: string;
  config: RepoConfig;
  /** The runner's environment: what `${VAR}` resolves from. */
  env: NodeJS.ProcessEnv;
  /** The allow-listed environment of the agent's processes. */
  childEnv: NodeJS.ProcessEnv;
  root: string;
  sandbox: () => Promise<Sandbox | undefined>;
  changedFiles: () => Promise<ChangedFiles>;
  signal: AbortSignal;
  mayStart: (server: string) => boolean;
  /** Tells the redactor the servers' secrets. */
  addSecrets: (secrets: ReadonlyArray<{ name: string; value: string }>) => void;
  warn: (message: string) => void;
  log: (line: string) => void;
}): Promise<McpServers | undefined> {
  const workflow = await parseMcpConfigInput(opts.mcpConfig);
  for (const warning of workflow.warnings) opts.warn(warning);
  const allowedEnv = parseMcpEnv(opts.mcpEnv);
  const servers = resolveMcpServers({ config: opts.config.mcpServers, workflow: workflow.servers, allowedEnv, env: opts.env });
  // The workflow may put secrets in its entries (`${{ secrets.… }}`) and in the variables mcp_env names:
  // none of them may reach the model or a comment, even when a server echoes them back.
  opts.addSecrets([
    ...allowedEnv.flatMap((name) => (opts.env[name] ? [{ name, value: opts.env[name]! }] : [])),
    ...Object.entries(workflow.servers).flatMap(([server, entry]) =>
      Object.entries(entry.kind === 'stdio' ? entry.env : entry.headers).flatMap(([key, value]) => {
        const name = `mcp_config ${server}.${key}`;
        // `Bearer <token>`: the token alone is a secret too.
        const words = value.trim().split(/\s+/);
        return [{ name, value }, ...(words.length > 1 ? words.slice(1).map((word) => ({ name, value: word })) : [])];
      }),
    ),
  ]);
  if (Object.keys(servers).length === 0) return undefined;
  const { startMcpServers } = await import('../mcp/client.js');
  return startMcpServers({
    servers,
    root: opts.root,
    sandbox: opts.sandbox,
    childEnv: opts.childEnv,
    changedFiles: opts.changedFiles,
    signal: opts.signal,
    mayStart: opts.mayStart,
    warn: opts.warn,
    log: opts.log,
  });
}
