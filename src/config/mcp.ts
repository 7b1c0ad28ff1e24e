// MCP servers as the repository and the workflow declare them: the config
// file's `mcp_servers` (base branch only) and the `mcp_config` input, which
// adds or replaces entries. Entries stay raw until resolveMcpServers: `${NAME}`
// in env, headers and url then comes from the action's environment, but only
// for the names the workflow lists in `mcp_env`. Values may be secrets (the
// workflow may pass `${{ secrets.… }}`), so no message here ever shows one.
import { z } from 'zod';

/** A server, ready to start (stdio) or to reach (Streamable HTTP). */
export type McpServerSpec =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; writable: boolean; network: boolean }
  | { kind: 'http'; url: string; headers: Record<string, string> };

/** The config or input has a bad entry, or `${NAME}` cannot be resolved: the run stops with this one line. */
export class McpConfigError extends Error {
  override name = 'McpConfigError';
}

const SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// RFC 9110's token: what fetch accepts as a header name.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The keys each kind of entry knows; any other is a warning. `type` is there for Claude's `.mcp.json`. */
export const MCP_ENTRY_KEYS = {
  stdio: ['type', 'command', 'args', 'env', 'writable', 'network'],
  http: ['type', 'url', 'headers'],
} as const;

/** Which kind an entry is meant to be, for the unknown-key check (a validated entry has exactly one of command and url). */
export function mcpEntryKind(entry: object): McpServerSpec['kind'] {
  return 'url' in entry && !('command' in entry) ? 'http' : 'stdio';
}

const ServerName = z
  .string()
  .regex(SERVER_NAME, { error: 'is not a valid server name: use 1 to 64 letters, digits, "_" or "-"' })
  .refine((name) => !name.includes('__'), {
    error: 'is not a valid server name: it may not contain "__", which separates server and tool in mcp__<server>__<tool>',
  })
  .refine((name) => !name.endsWith('_'), {
    error: 'is not a valid server name: it may not end with "_", or its tools\' names mcp__<server>__<tool> would read as another server\'s',
  });

/** A map whose keys are checked; a bad key is reported with its own message, not zod's "Invalid key in record". */
function keyedBy<V extends z.ZodType>(key: z.ZodType<string>, value: V) {
  return z.record(key, value, { error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined) });
}

const StdioEntry = z.object({
  command: z.string().min(1, { error: 'must not be empty' }),
  args: z.array(z.string()).default([]),
  env: keyedBy(z.string().regex(VARIABLE_NAME, { error: 'is not a variable name' }), z.string()).default({}),
  writable: z.boolean().default(false),
  network: z.boolean().default(false),
});

const HttpEntry = z.object({
  url: z.string(),
  headers: keyedBy(z.string().regex(HEADER_NAME, { error: 'is not a header name' }), z.string()).default({}),
});

const EITHER = 'give command for a stdio server or url for a Streamable HTTP server';

/** What is wrong with an entry's `type` (kept for Claude's `.mcp.json`), if anything. */
function typeProblem(type: unknown, hasCommand: boolean): string | undefined {
  if (type === undefined) return undefined;
  if (type === 'sse') return 'sse is not supported: the server must speak Streamable HTTP (type http)';
  if (type !== 'stdio' && type !== 'http' && type !== 'streamable-http') return 'must be stdio, http or streamable-http';
  if (type === 'stdio' && !hasCommand) return 'is stdio, which needs command, not url';
  if (type !== 'stdio' && hasCommand) return `is ${type}, which needs url, not command`;
  return undefined;
}

/** One entry: exactly one of `command` and `url`, an optional `type` that agrees, then that kind's keys with defaults. */
const McpEntrySchema = z.looseObject({}).transform((entry, ctx): McpServerSpec => {
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand === hasUrl) {
    ctx.addIssue({ code: 'custom', path: [], message: hasCommand ? `has both command and url: ${EITHER}` : `has neither command nor url: ${EITHER}` });
    return z.NEVER;
  }
  const problem = typeProblem(entry.type, hasCommand);
  if (problem) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: problem });
    return z.NEVER;
  }
  const parsed = hasCommand ? StdioEntry.safeParse(entry) : HttpEntry.safeParse(entry);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  }
  return 'command' in parsed.data ? { kind: 'stdio', ...parsed.data } : { kind: 'http', ...parsed.data };
});

/** The `mcp_servers` map of the config file, and of the `mcp_config` input: server name → entry. */
export const McpServersSchema = keyedBy(ServerName, McpEntrySchema);

/** An entry as declared: `${NAME}` still unresolved in its strings. */
export type RawMcpEntry = z.output<typeof McpEntrySchema>;
export type RawMcpServers = Record<string, RawMcpEntry>;

/** `mcp_servers.<name>.<key>` paths of the keys an entry does not know. */
export function unknownMcpKeys(servers: object): string[] {
  return Object.entries(servers).flatMap(([name, entry]) =>
    typeof entry === 'object' && entry !== null
      ? Object.keys(entry)
          .filter((key) => !(MCP_ENTRY_KEYS[mcpEntryKind(entry)] as readonly string[]).includes(key))
          .map((key) => `mcp_servers.${name}.${key}`)
      : [],
  );
}

function keyPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part)}`)).join('');
}

/** The first line of the YAML parser's message, without the piece of the text a few messages quote after a colon. */
function parserProblem(err: unknown): string {
  const first = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.replace(/:$/, '');
  const [, what = first, at = ''] = /^(.*?)( at line \d+, column \d+)?$/.exec(first) ?? [];
  return what.replace(/: .*$/, '') + at;
}

const WRAPPERS = ['mcpServers', 'mcp_servers'];

/**
 * The `mcp_config` input: JSON or YAML, the map of servers itself or wrapped as
 * `{"mcpServers": …}` (claude-code-action's and `.mcp.json`'s form) or `{"mcp_servers": …}`.
 */
export async function parseMcpConfigInput(text: string): Promise<{ servers: RawMcpServers; warnings: string[] }> {
  if (text.trim() === '') return { servers: {}, warnings: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // Not JSON: YAML, loaded only now. Its warnings would print the text (a secret, maybe) to the log.
    const { parse: parseYaml } = await import('yaml');
    try {
      raw = parseYaml(text, { logLevel: 'error' });
    } catch (err) {
      throw new McpConfigError(`Input mcp_config is not valid JSON or YAML: ${parserProblem(err)}`);
    }
  }
  raw ??= {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new McpConfigError('Input mcp_config is invalid: it must be a map of server names to servers, or {"mcpServers": {…}}.');
  }
  const keys = Object.keys(raw);
  const wrapper = keys.find((key) => WRAPPERS.includes(key));
  if (wrapper !== undefined && keys.length > 1) {
    throw new McpConfigError(`Input mcp_config is invalid: ${wrapper} must be its only top-level key (the others would be taken for server names).`);
  }
  const servers: unknown = wrapper === undefined ? raw : (raw as Record<string, unknown>)[wrapper];
  const parsed = McpServersSchema.safeParse(servers);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const problem = issue.message.replace(/^Invalid input: /, '');
    throw new McpConfigError(`Input mcp_config is invalid: ${keyPath(['mcp_servers', ...issue.path])} ${problem.charAt(0).toLowerCase()}${problem.slice(1)}.`);
  }
  const warnings = unknownMcpKeys(servers as object).map((key) => `Unknown key ${key} in the mcp_config input (ignored).`);
  return { servers: parsed.data, warnings };
}

/** The `mcp_env` input: the variable names `${NAME}` may use, comma or newline separated. */
export function parseMcpEnv(input: string): string[] {
  const names = input
    .split(/[,\n]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const bad = names.find((name) => !VARIABLE_NAME.test(name));
  if (bad !== undefined) throw new McpConfigError(`Input mcp_env: "${bad}" is not a variable name.`);
  return names;
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The servers of a run: the workflow's entries add to the config file's, and
 * replace a whole entry of the same name. `${NAME}` in env values, header values
 * and url is resolved from `env`; command and args are never expanded.
 */
export function resolveMcpServers(opts: {
  config: RawMcpServers;
  workflow: RawMcpServers;
  allowedEnv: readonly string[];
  env: NodeJS.ProcessEnv;
}): Record<string, McpServerSpec> {
  const allowed = new Set(opts.allowedEnv);
  const expand = (text: string, where: string) =>
    text.replace(REFERENCE, (_, name: string) => {
      if (!allowed.has(name)) throw new McpConfigError(`${where} uses \${${name}}, which the mcp_env input does not list.`);
      const value = opts.env[name];
      // An unset secret reaches the environment as '': treat it as not set rather than send an empty token.
      if (value === undefined || value === '') throw new McpConfigError(`${where} uses \${${name}}, which is not set.`);
      return value;
    });
  const expandAll = (map: Record<string, string>, where: string) =>
    Object.fromEntries(Object.entries(map).map(([key, value]) => [key, expand(value, `${where}.${key}`)]));

  const resolved: Record<string, McpServerSpec> = {};
  for (const [name, entry] of Object.entries({ ...opts.config, ...opts.workflow })) {
    const where = `mcp_servers.${name}`;
    if (entry.kind === 'stdio') {
      resolved[name] = { ...entry, args: [...entry.args], env: expandAll(entry.env, `${where}.env`) };
      continue;
    }
    const url = expand(entry.url, `${where}.url`);
    if (!isHttpUrl(url)) throw new McpConfigError(`${where}.url is not an absolute http: or https: URL.`);
    resolved[name] = { kind: 'http', url, headers: expandAll(entry.headers, `${where}.headers`) };
  }
  return resolved;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
