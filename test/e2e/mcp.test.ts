// MCP servers end to end: the bundled action starts the servers a repository
// (or the workflow) declares, offers their tools to the scripted model as
// mcp__<server>__<tool>, and keeps them under the same policy and sandbox as
// Bash. The servers are real: @modelcontextprotocol/server-memory from the npm
// registry, and a small server built with the SDK (test/fixtures/mcp/server.mjs),
// installed where a runner keeps its tools (RUNNER_TOOL_CACHE is shown read-only
// inside the sandbox, as /opt/hostedtoolcache is on GitHub's runners).
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { FIXTURE, httpFixture as startHttpFixture } from '../helpers/mcp-fixture.js';

const ROOT = join(import.meta.dirname, '..', '..');
const MEMORY = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const TOOLS_ENV = { RUNNER_TOOL_CACHE: ROOT };

let s: Scenario;
const stopAfter: Array<() => void> = [];
afterEach(async () => {
  for (const stop of stopAfter.splice(0)) stop();
  await s?.cleanup();
});

const toolNames = (req: { body: any }) => (req.body.tools as Array<{ name: string }>).map((t) => t.name);
const toolDef = (req: { body: any }, name: string) => (req.body.tools as Array<{ name: string; input_schema: any }>).find((t) => t.name === name);
/** The tool_result blocks of the newest message. */
const results = (req: { body: any }) => req.body.messages.at(-1).content as Array<{ type: string; content: any; is_error?: boolean }>;
const resultText = (req: { body: any }, i = 0) => {
  const content = results(req)[i]!.content;
  return typeof content === 'string' ? content : (content as Array<{ type: string; text?: string }>).filter((b) => b.type === 'text').map((b) => b.text).join('\n');
};

const yaml = (servers: Record<string, unknown>, extra = '') => `${extra}mcp_servers: ${JSON.stringify(servers)}\n`;
const task = (prompt = 'Use the MCP tools.') => ({ prompt });

/** The fixture over Streamable HTTP, on a free port, stopped after the test; its URL. */
async function httpFixture(args: string[] = []): Promise<string> {
  const { url, stop } = await startHttpFixture(args);
  stopAfter.push(stop);
  return url;
}

describe.skipIf(!bwrapWorks)('MCP servers (stdio, in the sandbox)', () => {
  it('drives server-memory from the npm registry: its tools offered with their schemas, results back to the model', async () => {
    s = await scenario({
      'README.md': '# widgets\n',
      '.github/deckhand.yml': yaml({ memory: { command: 'node', args: [MEMORY], env: { MEMORY_FILE_PATH: '/tmp/memory.jsonl' } } }),
    });
    s.checkout();
    s.model.enqueue(
      (req) => {
        expect(toolNames(req)).toEqual(expect.arrayContaining(['mcp__memory__create_entities', 'mcp__memory__read_graph', 'mcp__memory__search_nodes']));
        expect(toolDef(req, 'mcp__memory__create_entities')!.input_schema.properties.entities.type).toBe('array');
        return reply(toolUse('mcp__memory__create_entities', { entities: [{ name: 'widgets', entityType: 'project', observations: ['tests run with vitest'] }] }));
      },
      (req) => {
        expect(results(req)[0]!.is_error).toBeFalsy();
        expect(resultText(req)).toContain('widgets');
        return reply(toolUse('mcp__memory__read_graph', {}));
      },
      (req) => {
        expect(resultText(req)).toContain('tests run with vitest');
        return reply(text('Remembered that the project tests with vitest.'));
      },
    );

    const run = await s.run('workflow_dispatch', {}, task(), TOOLS_ENV);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/MCP server memory: \d+ tools \(stdio, in the sandbox\)\./);
    expect(s.model.requests).toHaveLength(3);
  });

  it('keeps a stdio server in the sandbox: no action token in its parent\'s environment, no file beside the checkout, no network, the checkout read-only unless writable', async () => {
    const canary = 'canary-beside-the-checkout';
    s = await scenario({
      'README.md': '# widgets\n',
      '.github/deckhand.yml': yaml({
        fixture: { command: 'node', args: [FIXTURE], env: { GIVEN: 'given to this server' }, network: true },
        writer: { command: 'node', args: [FIXTURE], writable: true },
      }),
    });
    s.checkout();
    writeFileSync(join(s.base, 'canary.txt'), canary);
    // A listener on the host's loopback: reachable from outside the sandbox, not from inside.
    const listener: Server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    stopAfter.push(() => listener.close());
    const port = (listener.address() as { port: number }).port;
    s.model.enqueue(
      reply(
        toolUse('mcp__fixture__parent_env', {}, 'toolu_env'),
        toolUse('mcp__fixture__read_file', { path: join(s.base, 'canary.txt') }, 'toolu_canary'),
        toolUse('mcp__fixture__connect', { host: '127.0.0.1', port }, 'toolu_net'),
        toolUse('mcp__fixture__write_file', { path: join(s.workspace, 'from-server.txt'), text: 'x' }, 'toolu_ro'),
        toolUse('mcp__fixture__env', { name: 'GIVEN' }, 'toolu_given'),
        toolUse('mcp__fixture__env', { name: 'GITHUB_TOKEN' }, 'toolu_token'),
        toolUse('mcp__writer__write_file', { path: join(s.workspace, 'written.txt'), text: 'written by a writable server\n' }, 'toolu_rw'),
      ),
      (req) => {
        const byId = Object.fromEntries(results(req).map((r: any) => [r.tool_use_id, typeof r.content === 'string' ? r.content : JSON.stringify(r.content)]));
        expect(byId.toolu_env).not.toContain(s.gh.token);
        expect(byId.toolu_env).not.toContain('sk-test');
        expect(byId.toolu_env).not.toMatch(/GITHUB_TOKEN|ANTHROPIC_API_KEY|INPUT_/);
        expect(byId.toolu_canary).not.toContain(canary);
        expect(byId.toolu_canary).toMatch(/ENOENT/);
        // The entry asks for network, but the workflow's network input is off.
        expect(byId.toolu_net).toMatch(/^failed: /);
        expect(byId.toolu_ro).toMatch(/EROFS/);
        expect(byId.toolu_given).toBe('given to this server');
        expect(byId.toolu_token).toBe('(unset)');
        expect(byId.toolu_rw).toContain('wrote');
        return reply(text('Checked the sandbox.'));
      },
    );

    const run = await s.run('workflow_dispatch', {}, task(), TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(readFileSync(join(s.workspace, 'written.txt'), 'utf8')).toBe('written by a writable server\n');
  });

  it('gives a server the network only when its entry and the network input both allow it', async () => {
    s = await scenario({
      'README.md': '# widgets\n',
      '.github/deckhand.yml': yaml({ online: { command: 'node', args: [FIXTURE], network: true }, offline: { command: 'node', args: [FIXTURE] } }),
    });
    s.checkout();
    const listener: Server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    stopAfter.push(() => listener.close());
    const port = (listener.address() as { port: number }).port;
    s.model.enqueue(
      reply(toolUse('mcp__online__connect', { host: '127.0.0.1', port }, 'toolu_on'), toolUse('mcp__offline__connect', { host: '127.0.0.1', port }, 'toolu_off')),
      (req) => {
        const [online, offline] = results(req);
        expect(online!.content).toBe('connected');
        expect(offline!.content).toMatch(/^failed: /);
        return reply(text('Done.'));
      },
    );

    const run = await s.run('workflow_dispatch', {}, { ...task(), network: 'on' }, TOOLS_ENV);

    expect(run.code).toBe(0);
  });

  it('warns about a server that crashes at start, and one with a tool name the API refuses, and goes on without their tools', async () => {
    s = await scenario({
      'README.md': '# widgets\n',
      '.github/deckhand.yml': yaml({ broken: { command: 'node', args: [FIXTURE, '--crash'] }, odd: { command: 'node', args: [FIXTURE, '--bad-tool-name'] } }),
    });
    s.checkout();
    s.model.enqueue((req) => {
      const names = toolNames(req);
      expect(names.some((name) => name.startsWith('mcp__broken__'))).toBe(false);
      expect(names).toContain('mcp__odd__echo');
      expect(names.some((name) => name.includes(' '))).toBe(false);
      return reply(text('Done.'));
    });

    const run = await s.run('workflow_dispatch', {}, task(), TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/::warning::MCP server broken could not be started: .*crashing on purpose.*Its tools are not offered\./);
    expect(run.stdout).toContain('::warning::MCP server odd: the tool "bad name!" is left out: its name is not 1 to 64 letters, digits, "_" or "-".');
  });

  it('does not start a server in review mode unless an allow rule names it, nor one whose command names a file the pull request changes', async () => {
    s = await scenario({
      'src/app.js': 'export const a = 1;\n',
      'tools/mcp.mjs': `import '${FIXTURE}';\n`,
      '.github/deckhand.yml': yaml({ fixture: { command: 'node', args: [FIXTURE] }, local: { command: 'node', args: ['tools/mcp.mjs'] } }, 'permissions:\n  allow: ["mcp__local"]\n'),
    });
    s.gh.commitFiles('feature', { 'src/app.js': 'export const a = 2;\n', 'tools/mcp.mjs': 'console.log("the pull request\'s own server");\n' }, 'Change');
    const pull = s.gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.model.enqueue((req) => {
      expect(toolNames(req).filter((name) => name.startsWith('mcp__'))).toEqual([]);
      return reply(text('Looks fine.'));
    });

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'), {}, TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('MCP server fixture: not started, since the policy allows none of its tools in this run.');
    expect(run.stdout).toContain('::warning::MCP server local is not started: its command could run tools/mcp.mjs, which the pull request changes');
  });

  it('ignores servers a pull request adds to its own copy of the config', async () => {
    s = await scenario({ 'src/app.js': 'export const a = 1;\n' });
    s.gh.commitFiles('feature', { '.github/deckhand.yml': yaml({ sneaky: { command: 'node', args: [FIXTURE] } }) }, 'Add a server');
    const pull = s.gh.addPull({ title: 'Add a server', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    const comment = s.gh.addComment(pull.number, { body: '@deckhand what tools do you have?', user: 'alice' });
    s.model.enqueue((req) => {
      expect(toolNames(req).filter((name) => name.startsWith('mcp__'))).toEqual([]);
      return reply(text('The usual ones.'));
    });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), {}, TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('sneaky');
  });

  it('lets deny rules and PreToolUse hooks name MCP tools, and records each decision in the transcript', async () => {
    s = await scenario({
      'README.md': '# widgets\n',
      'hooks/no-write.sh': '#!/bin/sh\necho "writes go through review" >&2\nexit 2\n',
      '.github/deckhand.yml': yaml(
        { fixture: { command: 'node', args: [FIXTURE] } },
        'permissions:\n  deny: ["mcp__fixture__connect"]\nhooks:\n  PreToolUse: [{ matcher: "mcp__fixture__write_file", command: "sh hooks/no-write.sh" }]\n',
      ),
    });
    s.checkout();
    s.model.enqueue(
      (req) => {
        expect(toolNames(req)).toContain('mcp__fixture__echo');
        expect(toolNames(req)).not.toContain('mcp__fixture__connect');
        return reply(toolUse('mcp__fixture__echo', { text: 'hi' }, 'toolu_echo'), toolUse('mcp__fixture__write_file', { path: 'x', text: 'y' }, 'toolu_write'));
      },
      (req) => {
        const [echo, write] = results(req);
        expect(echo!.content).toBe('echo: hi');
        expect(write!.is_error).toBe(true);
        expect(write!.content).toContain('Blocked by a PreToolUse hook: writes go through review');
        return reply(text('Done.'));
      },
    );

    const run = await s.run('workflow_dispatch', {}, task(), { ...TOOLS_ENV, INPUT_DISALLOWED_TOOLS: '' });

    expect(run.code).toBe(0);
    const entries = readFileSync(run.outputs.transcript!, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const echoCall = entries.find((e) => e.type === 'tool_call' && e.name === 'mcp__fixture__echo');
    expect(echoCall.decision).toMatchObject({ behavior: 'allow', rule: 'mcp__*', source: 'mode' });
  });
});

describe('MCP servers (Streamable HTTP, from the action)', () => {
  it('reaches a server with a secret header from mcp_config and mcp_env; validates input first; maps errors, big results and images', async () => {
    const secret = 'mcp-header-secret-7f3a9c2e';
    const url = await httpFixture(['--require-header', `authorization=Bearer ${secret}`]);
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    s.model.enqueue(
      (req) => {
        expect(toolNames(req)).toContain('mcp__remote__echo');
        return reply(
          toolUse('mcp__remote__echo', { text: 'over http' }, 'toolu_1'),
          toolUse('mcp__remote__echo', { text: 5 }, 'toolu_2'),
          toolUse('mcp__remote__fail', {}, 'toolu_3'),
          toolUse('mcp__remote__big', {}, 'toolu_4'),
          toolUse('mcp__remote__image', {}, 'toolu_5'),
          toolUse('mcp__remote__echo', { text: `say ${secret}` }, 'toolu_6'),
        );
      },
      (req) => {
        const [echo, invalid, failed, big, image, leak] = results(req);
        expect(echo!.content).toBe('echo: over http');
        expect(invalid!.is_error).toBe(true);
        expect(invalid!.content).toMatch(/InputValidationError: mcp__remote__echo failed/);
        expect(failed!.is_error).toBe(true);
        expect(failed!.content).toContain('the fail tool always fails');
        expect(big!.content).toMatch(/^<persisted-output>\nOutput too large \(1 ?MB\)\. Full output saved to: \S+/);
        expect((big!.content as string).length).toBeLessThan(3_000);
        expect(image!.content).toEqual([{ type: 'text', text: 'an image' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: expect.stringMatching(/^iVBOR/) } }]);
        expect(JSON.stringify(leak)).not.toContain(secret);
        return reply(text('Done.'));
      },
    );
    const mcpConfig = JSON.stringify({ mcpServers: { remote: { type: 'http', url: '${REMOTE_URL}', headers: { Authorization: `Bearer ${secret}` } } } });

    const run = await s.run('workflow_dispatch', {}, { ...task(), mcp_config: mcpConfig, mcp_env: 'REMOTE_URL' }, { REMOTE_URL: url });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('MCP server remote: 11 tools (Streamable HTTP).');
    expect(run.stdout + run.summary).not.toContain(secret);
  });

  it('fails the run with one line naming the key for a bad entry, and for ${VAR} that mcp_env does not list', async () => {
    s = await scenario({ 'README.md': '# widgets\n', '.github/deckhand.yml': yaml({ remote: { url: '${REMOTE_URL}' } }) });
    s.checkout();
    const unlisted = await s.run('workflow_dispatch', {}, task(), { REMOTE_URL: 'http://127.0.0.1:1/mcp' });
    expect(unlisted.code).toBe(1);
    expect(unlisted.stdout).toContain('::error::mcp_servers.remote.url uses ${REMOTE_URL}, which the mcp_env input does not list.');

    const bad = await s.run('workflow_dispatch', {}, { ...task(), mcp_config: '{"x": {"command": "a", "url": "http://h"}}' });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/::error::Input mcp_config is invalid: mcp_servers\.x has both command and url/);
    expect(s.model.requests).toHaveLength(0);
  });
});
