// Declaring MCP servers: the mcp_config input (JSON or YAML, bare or wrapped
// as {"mcpServers": …}), the mcp_env list, and resolving ${NAME} into the
// servers a run starts. Messages name the key and never show a value.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { McpConfigError, parseMcpConfigInput, parseMcpEnv, resolveMcpServers, type RawMcpServers } from '../../src/config/mcp.js';
import { parseConfig } from '../../src/config/repo.js';

const SECRET = 'sk-live-0123456789abcdef';

/** The message parseMcpConfigInput rejects `text` with (failing the test if it accepts it). */
async function refusal(text: string): Promise<string> {
  const err = await parseMcpConfigInput(text).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(err).toBeInstanceOf(McpConfigError);
  return (err as Error).message;
}

const servers = async (text: string) => (await parseMcpConfigInput(text)).servers;

describe('the mcp_config input', () => {
  it('fills the defaults of a stdio and an HTTP entry', async () => {
    expect(await servers('{"tracker": {"command": "npx"}, "docs": {"url": "https://docs.example.com/mcp"}}')).toEqual({
      tracker: { kind: 'stdio', command: 'npx', args: [], env: {}, writable: false, network: false },
      docs: { kind: 'http', url: 'https://docs.example.com/mcp', headers: {} },
    });
  });

  it('reads YAML as it reads JSON', async () => {
    const json = await servers(
      JSON.stringify({
        tracker: { command: 'npx', args: ['-y', 'tracker-mcp'], env: { TOKEN: '${TRACKER_TOKEN}' }, writable: true, network: true },
        docs: { url: 'https://docs.example.com/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' } },
      }),
    );
    const yaml = await servers(
      [
        'tracker:',
        '  command: npx',
        '  args: [-y, tracker-mcp]',
        '  env:',
        '    TOKEN: ${TRACKER_TOKEN}',
        '  writable: true',
        '  network: true',
        'docs:',
        '  url: https://docs.example.com/mcp',
        '  headers: { Authorization: "Bearer ${DOCS_TOKEN}" }',
      ].join('\n'),
    );
    expect(yaml).toEqual(json);
    expect(yaml.tracker).toEqual({ kind: 'stdio', command: 'npx', args: ['-y', 'tracker-mcp'], env: { TOKEN: '${TRACKER_TOKEN}' }, writable: true, network: true });
  });

  it("takes claude-code-action's {\"mcpServers\": …} form, with .mcp.json's type keys", async () => {
    const text = JSON.stringify({
      mcpServers: {
        memory: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: {} },
        docs: { type: 'http', url: 'https://docs.example.com/mcp', headers: { 'X-Api-Key': SECRET } },
      },
    });
    expect(await parseMcpConfigInput(text)).toEqual({
      servers: {
        memory: { kind: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: {}, writable: false, network: false },
        docs: { kind: 'http', url: 'https://docs.example.com/mcp', headers: { 'X-Api-Key': SECRET } },
      },
      warnings: [],
    });
  });

  it('takes the mcp_servers wrapper too, in YAML', async () => {
    expect(await servers('mcp_servers:\n  memory:\n    command: npx\n')).toEqual({
      memory: { kind: 'stdio', command: 'npx', args: [], env: {}, writable: false, network: false },
    });
  });

  it.each(['', '   \n', '{}', '{"mcpServers": {}}', '~'])('an empty input %j declares no server', async (text) => {
    expect(await parseMcpConfigInput(text)).toEqual({ servers: {}, warnings: [] });
  });

  it.each([
    ['stdio', { command: 'npx' }, 'stdio'],
    ['http', { url: 'https://x.example/mcp' }, 'http'],
    ['streamable-http', { url: 'https://x.example/mcp' }, 'http'],
  ])('type %s is accepted for compatibility with .mcp.json', async (type, entry, kind) => {
    expect((await servers(JSON.stringify({ s: { type, ...entry } }))).s!.kind).toBe(kind);
  });

  it.each([
    [{ s: { type: 'sse', url: 'https://x.example/sse' } }, 'mcp_servers.s.type sse is not supported: the server must speak Streamable HTTP (type http).'],
    [{ s: { type: 'stdio', url: 'https://x.example/mcp' } }, 'mcp_servers.s.type is stdio, which needs command, not url.'],
    [{ s: { type: 'http', command: 'npx' } }, 'mcp_servers.s.type is http, which needs url, not command.'],
    [{ s: { type: 'streamable-http', command: 'npx' } }, 'mcp_servers.s.type is streamable-http, which needs url, not command.'],
    [{ s: { type: 'websocket', url: 'wss://x.example' } }, 'mcp_servers.s.type must be stdio, http or streamable-http.'],
    [{ s: { command: 'npx', url: 'https://x.example/mcp' } }, 'mcp_servers.s has both command and url: give command for a stdio server or url for a Streamable HTTP server.'],
    [{ s: { args: ['x'] } }, 'mcp_servers.s has neither command nor url: give command for a stdio server or url for a Streamable HTTP server.'],
    [{ 'my__server': { command: 'npx' } }, 'mcp_servers.my__server is not a valid server name: it may not contain "__", which separates server and tool in mcp__<server>__<tool>.'],
    [{ 'my server': { command: 'npx' } }, 'mcp_servers.my server is not a valid server name: use 1 to 64 letters, digits, "_" or "-".'],
    [{ tracker_: { command: 'npx' } }, 'mcp_servers.tracker_ is not a valid server name: it may not end with "_", or its tools\' names mcp__<server>__<tool> would read as another server\'s.'],
    [{ docs_: { url: 'https://x.example/mcp' } }, 'mcp_servers.docs_ is not a valid server name: it may not end with "_", or its tools\' names mcp__<server>__<tool> would read as another server\'s.'],
    [{ ['s'.repeat(65)]: { command: 'npx' } }, `mcp_servers.${'s'.repeat(65)} is not a valid server name: use 1 to 64 letters, digits, "_" or "-".`],
    [{ s: { command: '' } }, 'mcp_servers.s.command must not be empty.'],
    [{ s: { command: 7 } }, 'mcp_servers.s.command expected string, received number.'],
    [{ s: { command: 'npx', args: '-y tracker' } }, 'mcp_servers.s.args expected array, received string.'],
    [{ s: { command: 'npx', args: ['-y', 3] } }, 'mcp_servers.s.args[1] expected string, received number.'],
    [{ s: { command: 'npx', env: { PORT: 8080 } } }, 'mcp_servers.s.env.PORT expected string, received number.'],
    [{ s: { command: 'npx', env: { 'NOT A NAME': 'x' } } }, 'mcp_servers.s.env.NOT A NAME is not a variable name.'],
    [{ s: { command: 'npx', writable: 'yes' } }, 'mcp_servers.s.writable expected boolean, received string.'],
    [{ s: { url: 'https://x.example/mcp', headers: { 'Bad Header': 'x' } } }, 'mcp_servers.s.headers.Bad Header is not a header name.'],
    [{ s: 'npx tracker' }, 'mcp_servers.s expected object, received string.'],
    [{ mcpServers: {}, other: { command: 'npx' } }, 'mcpServers must be its only top-level key (the others would be taken for server names).'],
    [['npx'], 'it must be a map of server names to servers, or {"mcpServers": {…}}.'],
  ])('refuses %j in one line naming the key', async (input, message) => {
    expect(await refusal(JSON.stringify(input))).toBe(`Input mcp_config is invalid: ${message}`);
  });

  it('refuses a server named tracker_, whose tools mcp__tracker___x would read as server tracker_ or tracker', async () => {
    const message = await refusal('{"tracker_": {"command": "npx"}}');
    expect(message).toContain('mcp_servers.tracker_');
    expect(message).toContain('may not end with "_"');
    // One "_" inside or at the start is fine.
    expect(Object.keys(await servers('{"my_tracker": {"command": "npx"}, "_tracker": {"command": "npx"}}'))).toEqual(['my_tracker', '_tracker']);
  });

  it('refuses a name ending in "_" in the config file too', async () => {
    await expect(parseConfig('mcp_servers:\n  tracker_:\n    command: npx\n', '.github/deckhand.yml (on main)')).rejects.toThrow('may not end with "_"');
  });

  it('a path where the text should be is refused as not a map', async () => {
    expect(await refusal('.mcp.json')).toBe('Input mcp_config is invalid: it must be a map of server names to servers, or {"mcpServers": {…}}.');
  });

  it('names the entry the same way in the wrapped form', async () => {
    expect(await refusal('{"mcpServers": {"docs": {"url": 1}}}')).toBe('Input mcp_config is invalid: mcp_servers.docs.url expected string, received number.');
  });

  it('refuses text that is neither JSON nor YAML with the first line of the parser message', async () => {
    expect(await refusal('tracker: [unclosed')).toBe(
      'Input mcp_config is not valid JSON or YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 1, column 19',
    );
  });

  it.each([
    // Values that are secrets, in every place the input can be wrong.
    `docs:\n  url: https://x.example/mcp\n  headers:\n    Authorization: |${SECRET}\n      more`,
    `docs: { url: "https://x.example/mcp", headers: { Authorization: "${SECRET}\\q" } }`,
    `{"docs": {"url": "https://x.example/mcp", "headers": {"Authorization": "${SECRET}"}`,
    `docs:\n  url: https://x.example/mcp\n  headers: ["${SECRET}"]`,
    `docs:\n  url: https://x.example/mcp\n  headers: "${SECRET}"`,
    `docs:\n  url: https://x.example/mcp\n  command: "${SECRET}"`,
    `tracker:\n  command: npx\n  env:\n    TOKEN: [${SECRET}]`,
    `tracker:\n  type: "${SECRET}"\n  command: npx`,
    `"${SECRET}"`,
  ])('never shows a value in its message: %j', async (text) => {
    expect(await refusal(text)).not.toContain(SECRET);
  });

  it('warns about keys an entry does not know, by kind', async () => {
    const { servers, warnings } = await parseMcpConfigInput(
      JSON.stringify({ tracker: { command: 'npx', timeout: 30 }, docs: { url: 'https://x.example/mcp', env: { A: 'b' } } }),
    );
    expect(warnings).toEqual([
      'Unknown key mcp_servers.tracker.timeout in the mcp_config input (ignored).',
      'Unknown key mcp_servers.docs.env in the mcp_config input (ignored).',
    ]);
    expect(servers.docs).toEqual({ kind: 'http', url: 'https://x.example/mcp', headers: {} });
  });
});

describe('the mcp_env input', () => {
  it.each([
    ['', []],
    ['TRACKER_TOKEN', ['TRACKER_TOKEN']],
    ['TRACKER_TOKEN, DOCS_TOKEN', ['TRACKER_TOKEN', 'DOCS_TOKEN']],
    [' A ,, _B1 ,\n C\n\n', ['A', '_B1', 'C']],
  ])('reads %j as %j', (input, names) => {
    expect(parseMcpEnv(input)).toEqual(names);
  });

  it.each([
    ['TRACKER-TOKEN', 'TRACKER-TOKEN'],
    ['A, 1B', '1B'],
    ['$TOKEN', '$TOKEN'],
    ['A B', 'A B'],
  ])('refuses %j, naming %j', (input, bad) => {
    expect(() => parseMcpEnv(input)).toThrow(McpConfigError);
    expect(() => parseMcpEnv(input)).toThrow(`Input mcp_env: "${bad}" is not a variable name.`);
  });
});

const stdio = (command: string, more: Partial<{ args: string[]; env: Record<string, string>; writable: boolean; network: boolean }> = {}) => ({
  kind: 'stdio' as const,
  command,
  args: [],
  env: {},
  writable: false,
  network: false,
  ...more,
});
const http = (url: string, headers: Record<string, string> = {}) => ({ kind: 'http' as const, url, headers });

const resolve = (config: RawMcpServers, more: Partial<Parameters<typeof resolveMcpServers>[0]> = {}) =>
  resolveMcpServers({ config, workflow: {}, allowedEnv: [], env: {}, ...more });

describe('resolving the servers of a run', () => {
  it("adds the workflow's entries to the config file's, and a clash takes the workflow's whole entry", () => {
    const config = { tracker: stdio('npx', { args: ['tracker-mcp'], env: { LEVEL: 'debug' }, network: true }), docs: http('https://docs.example.com/mcp') };
    const workflow = { tracker: stdio('node', { args: ['tools/tracker.js'] }), search: http('https://search.example.com/mcp') };
    expect(resolve(config, { workflow })).toEqual({
      tracker: stdio('node', { args: ['tools/tracker.js'] }),
      docs: http('https://docs.example.com/mcp'),
      search: http('https://search.example.com/mcp'),
    });
  });

  it('a workflow entry may change a server from stdio to HTTP', () => {
    expect(resolve({ s: stdio('npx') }, { workflow: { s: http('https://x.example/mcp') } })).toEqual({ s: http('https://x.example/mcp') });
  });

  it('resolves ${NAME} in env, header values and url from the listed variables only, never in command or args', () => {
    const resolved = resolve(
      {
        tracker: stdio('${TOOL}', { args: ['--token', '${TOKEN}'], env: { TOKEN: '${TOKEN}', URL: 'https://${HOST}/api' } }),
        docs: http('https://${HOST}/mcp', { Authorization: 'Bearer ${TOKEN}' }),
      },
      { allowedEnv: ['TOKEN', 'HOST'], env: { TOKEN: SECRET, HOST: 'tracker.example.com', TOOL: 'evil' } },
    );
    expect(resolved).toEqual({
      tracker: stdio('${TOOL}', { args: ['--token', '${TOKEN}'], env: { TOKEN: SECRET, URL: 'https://tracker.example.com/api' } }),
      docs: http('https://tracker.example.com/mcp', { Authorization: `Bearer ${SECRET}` }),
    });
  });

  it('leaves other $ text as it is', () => {
    const env = { A: '$HOME', B: '${}', C: '${1X}', D: '$${', E: '${A-B}', F: 'price: $5' };
    expect(resolve({ s: stdio('npx', { env }) }, { env: { HOME: '/home/runner' } }).s).toEqual(stdio('npx', { env }));
  });

  it('resolves the entries of the workflow too', () => {
    expect(() => resolve({}, { workflow: { s: stdio('npx', { env: { T: '${TOKEN}' } }) } })).toThrow(
      'mcp_servers.s.env.T uses ${TOKEN}, which the mcp_env input does not list.',
    );
  });

  it.each([
    [{ s: stdio('npx', { env: { API_KEY: '${TOKEN}' } }) }, 'mcp_servers.s.env.API_KEY uses ${TOKEN}, which the mcp_env input does not list.'],
    [{ s: http('https://x.example/mcp?key=${TOKEN}') }, 'mcp_servers.s.url uses ${TOKEN}, which the mcp_env input does not list.'],
    [{ s: http('https://x.example/mcp', { Authorization: 'Bearer ${TOKEN}' }) }, 'mcp_servers.s.headers.Authorization uses ${TOKEN}, which the mcp_env input does not list.'],
  ])('refuses a variable mcp_env does not list: %j', (config, message) => {
    expect(() => resolve(config, { allowedEnv: ['OTHER'], env: { TOKEN: SECRET } })).toThrow(McpConfigError);
    expect(() => resolve(config, { allowedEnv: ['OTHER'], env: { TOKEN: SECRET } })).toThrow(message);
  });

  it.each([
    ['unset', {}],
    ['empty, as an unset secret reaches it', { TOKEN: '' }],
  ])('refuses a listed variable that is %s', (_, env) => {
    expect(() => resolve({ s: http('https://x.example/mcp', { 'X-Token': '${TOKEN}' }) }, { allowedEnv: ['TOKEN'], env })).toThrow(
      'mcp_servers.s.headers.X-Token uses ${TOKEN}, which is not set.',
    );
  });

  it.each(['ftp://x.example/mcp', '/mcp', 'localhost:8080/mcp', '', 'not a url', 'file:///etc/passwd'])(
    'refuses a url that is not absolute http(s) once resolved: %j',
    (url) => {
      expect(() => resolve({ s: http(url) })).toThrow('mcp_servers.s.url is not an absolute http: or https: URL.');
    },
  );

  it('never shows a resolved value in its messages', () => {
    const messages = [
      () => resolve({ s: http('${URL}') }, { allowedEnv: ['URL'], env: { URL: SECRET } }),
      () => resolve({ s: http('${URL}', { A: '${MISSING}' }) }, { allowedEnv: ['URL', 'MISSING'], env: { URL: 'https://x.example' } }),
      () => resolve({ s: stdio('npx', { env: { A: SECRET, B: '${NOPE}' } }) }),
    ].map((run) => {
      try {
        run();
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('expected a refusal');
    });
    expect(messages).toEqual([
      'mcp_servers.s.url is not an absolute http: or https: URL.',
      'mcp_servers.s.headers.A uses ${MISSING}, which is not set.',
      'mcp_servers.s.env.B uses ${NOPE}, which the mcp_env input does not list.',
    ]);
    for (const message of messages) expect(message).not.toContain(SECRET);
  });

  it('resolves what the config file and the input declare, end to end', async () => {
    const { config } = await parseConfig('mcp_servers:\n  docs:\n    url: ${DOCS_URL}\n  tracker:\n    command: npx\n', '.github/deckhand.yml (on main)');
    const { servers: workflow } = await parseMcpConfigInput('{"mcpServers": {"tracker": {"command": "node", "env": {"T": "literal"}}}}');
    expect(
      resolveMcpServers({ config: config.mcpServers, workflow, allowedEnv: parseMcpEnv('DOCS_URL'), env: { DOCS_URL: 'http://127.0.0.1:9/mcp' } }),
    ).toEqual({ docs: http('http://127.0.0.1:9/mcp'), tracker: stdio('node', { env: { T: 'literal' } }) });
  });
});

describe("docs/configuration.md's config example", () => {
  it('is a valid config file whose MCP servers have no unknown keys', async () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'configuration.md'), 'utf8');
    const example = page.split('## Policy: permission rules and the config file\n')[1]!.split('```yaml\n')[1]!.split('```')[0]!;
    const { config, warnings } = await parseConfig(example, 'docs/configuration.md');
    expect(warnings).toEqual([]);
    expect(Object.keys(config.mcpServers)).toEqual(['tracker', 'docs']);
    expect(config.mcpServers.docs).toEqual(http('https://docs.example.com/mcp', { Authorization: 'Bearer ${DOCS_TOKEN}' }));
  });
});
