// A run's MCP servers, started as soon as the policy files are known: the
// config file's (from the base branch) and the workflow's (`mcp_config`,
// whose entries win), `${VAR}` resolved for the names `mcp_env` lists, then
// started (mcp/client.ts) — or nothing at all, and the SDK never loaded, when
// none is declared. Their tools join the plan's before the policy is made;
// however the run ends, they are stopped.
import { parseMcpConfigInput, parseMcpEnv, resolveMcpServers } from '../../config/mcp.js';
import type { RepoConfig } from '../../config/repo.js';
import type { McpServers } from '../../mcp/client.js';
import type { ChangedFiles } from '../../mcp/command-changes.js';
import { mcpServersWorthStarting } from '../../policy/run-policy.js';
import type { Sandbox } from '../../safety/sandbox/wrap.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';
import { childEnvIn } from './temp.js';

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
  /** The redactor, once it knows them: what a server lists passes it. */
  redact: (text: string) => string;
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
  const { startMcpServers } = await import('../../mcp/client.js');
  return startMcpServers({
    servers,
    root: opts.root,
    sandbox: opts.sandbox,
    childEnv: opts.childEnv,
    changedFiles: opts.changedFiles,
    signal: opts.signal,
    mayStart: opts.mayStart,
    redact: opts.redact,
    warn: opts.warn,
    log: opts.log,
  });
}

export const mcp = step<Values>()({
  makes: 'mcp',
  needs: ['policyFiles', 'request', 'spec', 'repo', 'sandbox', 'tempDir'],
  later: ['checkout', 'gathered'],
  run({ policyFiles: { config }, request, spec, repo, sandbox, tempDir, checkout, gathered }, io) {
    const { inputs, redactor } = request;
    const stop = new AbortController();
    let worthStarting: ((server: string) => boolean) | undefined;
    const starting = startRunMcp({
      mcpConfig: inputs.mcp_config,
      mcpEnv: inputs.mcp_env,
      config,
      env: request.env,
      childEnv: childEnvIn(request.env, tempDir),
      root: repo.root,
      sandbox: async () => {
        const decision = await sandbox();
        return decision.kind === 'sandboxed' ? decision.sandbox : undefined;
      },
      // Asked just before a stdio server starts: once the checkout is what the agent will see (the pull request's head).
      // (A checkout that failed ends the run, which stops the servers starting: until then, they wait.)
      changedFiles: async () => {
        await checkout.catch(() => new Promise<never>(() => undefined));
        const { pull } = await gathered;
        return { paths: new Set(pull?.files.map((file) => file.path) ?? []), complete: !pull?.unlistedFiles };
      },
      signal: stop.signal,
      addSecrets: (secrets) => redactor.addSecrets(secrets),
      redact: redactor.redact,
      // The rules are put together only when there is a server to ask about.
      mayStart: (server) =>
        (worthStarting ??= mcpServersWorthStarting({ defaults: spec.defaultRules(false), allowedTools: inputs.allowed_tools, disallowedTools: inputs.disallowed_tools, config }))(server),
      warn: io.warn,
      log: io.log,
    });
    starting.catch(() => undefined); // awaited by the policy step, or by the ending
    io.atEnd(async () => {
      stop.abort();
      await (await starting.catch(() => undefined))?.close();
    });
    return starting;
  },
});
