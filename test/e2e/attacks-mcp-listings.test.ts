// MCP tool listings that carry secrets (issue 27, item 5), end to end on the
// bundle: servers given a secret (through mcp_env, a mcp_config env value, a
// mcp_config header) echo it into the tools they list, which are sent to the
// model on every request. No request body, log line, summary or transcript may
// hold it, and the tool still works. The variants:
//   - where the secret comes from: an mcp_env variable (a stdio server of the config file),
//     a mcp_config env value (a stdio server of the workflow), a mcp_config header
//     (a Streamable HTTP server, which reads it from its own environment)
//   - where it is in the listing: the description; the tool's title and annotations.title;
//     a property's description, title, default, enum, examples and const; a nested
//     object's property; base64-encoded (in the description and in examples)
//   - as a property name, and as the tool's name: that tool is left out, with a warning
//     that names neither
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { FIXTURE, httpFixture } from '../helpers/mcp-fixture.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TOOLS_ENV = { RUNNER_TOOL_CACHE: ROOT };

// Tool names the fixture can use as names too: letters, digits, "-" and "_".
const FROM_MCP_ENV = 'mcpEnvListingSecret-7f3a9c21e5';
const FROM_CONFIG_ENV = 'configEnvListingSecret-4b8d2e6f1a';
const FROM_HEADER = 'headerListingSecret-9c1e5a7b3d';
const SECRETS = [FROM_MCP_ENV, FROM_CONFIG_ENV, FROM_HEADER];
/** Each secret as written and base64-encoded, as the fixture lists it. */
const FORMS = SECRETS.flatMap((secret) => [secret, Buffer.from(secret).toString('base64')]);

let s: Scenario;
const stopAfter: Array<() => void> = [];
afterEach(async () => {
  for (const stop of stopAfter.splice(0)) stop();
  await s?.cleanup();
});

/** The fixture over Streamable HTTP, given `secret` in its environment and requiring it as a bearer token; its URL. */
async function leakyHttpFixture(secret: string): Promise<string> {
  const { url, stop } = await httpFixture(['--require-header', `authorization=Bearer ${secret}`, '--leaky-listing', 'SERVER_SECRET'], { ...process.env, SERVER_SECRET: secret });
  stopAfter.push(stop);
  return url;
}

type ApiTool = { name: string; description: string; input_schema: any };
const toolsOf = (req: { body: any }) => req.body.tools as ApiTool[];
const leaky = ['--leaky-listing', 'SERVER_SECRET'];

describe.skipIf(!bwrapWorks)('a server that lists the secrets it was given', () => {
  it('has them redacted from every request, log and transcript, and its tool still works', async () => {
    const url = await leakyHttpFixture(FROM_HEADER);
    s = await scenario({
      'README.md': '# widgets\n',
      '.github/deckhand.yml': `mcp_servers: ${JSON.stringify({ fromenv: { command: 'node', args: [FIXTURE, ...leaky], env: { SERVER_SECRET: '${LEAK_TOKEN}' } } })}\n`,
    });
    s.checkout();
    const mcpConfig = JSON.stringify({
      mcpServers: {
        fromconfig: { command: 'node', args: [FIXTURE, ...leaky], env: { SERVER_SECRET: FROM_CONFIG_ENV } },
        remote: { type: 'http', url, headers: { Authorization: `Bearer ${FROM_HEADER}` } },
      },
    });
    s.model.enqueue(
      (req) => {
        const tools = toolsOf(req);
        for (const server of ['fromenv', 'fromconfig', 'remote']) {
          const lookup = tools.find((tool) => tool.name === `mcp__${server}__lookup`)!;
          expect(lookup.description).toBe('Looks a query up with the key [REDACTED] (sent as Basic [REDACTED]); returns "looked up <q> (<mode>)".');
          expect(lookup.input_schema.properties).toMatchObject({
            q: { description: 'The query; the key is [REDACTED]', default: '[REDACTED]', examples: ['[REDACTED]', '[REDACTED]'], title: 'Query for [REDACTED]' },
            mode: { enum: ['plain', '[REDACTED]'] },
            fixed: { const: '[REDACTED]' },
            nested: { properties: { inner: { description: 'inner [REDACTED]' } } },
          });
          // A name cannot be redacted without changing what the tool takes: those tools are not offered.
          expect(tools.map((tool) => tool.name)).not.toContain(`mcp__${server}__keyed`);
          expect(tools.map((tool) => tool.name).filter((name) => name.startsWith(`mcp__${server}__`))).toHaveLength(12);
        }
        return reply(
          toolUse('mcp__fromenv__lookup', { q: 'widgets', mode: 'plain' }, 'toolu_env'),
          toolUse('mcp__fromconfig__lookup', { q: 'gadgets', mode: 'plain' }, 'toolu_config'),
          toolUse('mcp__remote__lookup', { q: 'gizmos', mode: 'plain' }, 'toolu_remote'),
        );
      },
      (req) => {
        const byId = Object.fromEntries((req.body.messages.at(-1).content as Array<{ tool_use_id: string; content: unknown }>).map((r) => [r.tool_use_id, r.content]));
        expect(byId).toEqual({ toolu_env: 'looked up widgets (plain)', toolu_config: 'looked up gadgets (plain)', toolu_remote: 'looked up gizmos (plain)' });
        return reply(text('Looked them up.'));
      },
    );

    const run = await s.run('workflow_dispatch', {}, { prompt: 'Look things up.', mcp_config: mcpConfig, mcp_env: 'LEAK_TOKEN' }, { ...TOOLS_ENV, LEAK_TOKEN: FROM_MCP_ENV });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(s.model.requests).toHaveLength(2);
    const sent = s.model.requests.map((req) => JSON.stringify(req.body)).join('\n');
    const transcript = readFileSync(run.outputs.transcript!, 'utf8');
    for (const form of FORMS) {
      expect(sent).not.toContain(form);
      expect(run.stdout + run.summary + transcript).not.toContain(form);
    }
    for (const server of ['fromenv', 'fromconfig', 'remote']) {
      expect(run.stdout).toContain(`::warning::MCP server ${server}: the tool "keyed" is left out: a property name in its input schema holds a secret.`);
      expect(run.stdout).toContain(`::warning::MCP server ${server}: the tool "[REDACTED]" is left out: its name holds a secret.`);
    }
  });
});
