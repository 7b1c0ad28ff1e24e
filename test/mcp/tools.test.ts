// One MCP server tool as a Deckhand tool, without a server: its name
// (mcp__<server>__<tool>, or left out), its input checked against the server's
// JSON Schema, and a call's result as the model reads it (text; images as
// image blocks; anything else described in text).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { describe, expect, it, vi } from 'vitest';
import { API_TOOL_NAME_MAX, DESCRIPTION_MAX_CHARS, mcpOutput, mcpTool, mcpToolName, type ListedTool } from '../../src/mcp/tools.js';
import { createRedactor } from '../../src/safety/redact.js';
import type { CallContext, ToolOutput } from '../../src/tools/tool.js';

/** A real 1×1 RGBA PNG (the fixture server's). */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The API's 5 MB, counted in base64 characters. */
const FIVE_MB = 5 * 1024 * 1024;

const png = (data = PNG_1X1) => ({ type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data } });

describe('mcpOutput: a call result as the model reads it', () => {
  it.each<[string, Parameters<typeof mcpOutput>[0], ToolOutput]>([
    ['one text block', { content: [{ type: 'text', text: 'hello' }] }, { content: 'hello' }],
    ['text blocks joined by a blank line', { content: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] }, { content: 'first\n\nsecond' }],
    ['a PNG image as an image block, with no text', { content: [{ type: 'image', data: PNG_1X1, mimeType: 'image/png' }] }, { content: '', images: [png()] }],
    [
      'an image and its caption',
      { content: [{ type: 'image', data: PNG_1X1, mimeType: 'image/png' }, { type: 'text', text: 'an image' }] },
      { content: 'an image', images: [png()] },
    ],
    [
      'JPEG, GIF and WebP images as image blocks',
      {
        content: ['image/jpeg', 'image/gif', 'image/webp'].map((mimeType) => ({ type: 'image', data: 'AAAA', mimeType })),
      },
      {
        content: '',
        images: (['image/jpeg', 'image/gif', 'image/webp'] as const).map((media_type) => ({ type: 'image' as const, source: { type: 'base64' as const, media_type, data: 'AAAA' } })),
      },
    ],
    [
      'an image of exactly 5 MB of base64 is passed on',
      { content: [{ type: 'image', data: 'A'.repeat(FIVE_MB), mimeType: 'image/png' }] },
      { content: '', images: [png('A'.repeat(FIVE_MB))] },
    ],
    [
      'an SVG image described in text',
      { content: [{ type: 'image', data: 'PHN2Zz48L3N2Zz4=', mimeType: 'image/svg+xml' }] },
      { content: '[An image (image/svg+xml, 16 base64 characters) is left out: only PNG, JPEG, GIF and WebP images up to 5 MB are shown.]' },
    ],
    [
      'an image with no type described in text',
      { content: [{ type: 'image', data: PNG_1X1 }] },
      { content: `[An image (of no type, ${PNG_1X1.length} base64 characters) is left out: only PNG, JPEG, GIF and WebP images up to 5 MB are shown.]` },
    ],
    [
      'a PNG of 5,242,881 base64 characters (the API counts the base64 text against its 5 MB) described in text',
      { content: [{ type: 'image', data: 'A'.repeat(5 * 1024 * 1024 + 1), mimeType: 'image/png' }] },
      { content: '[An image (image/png, 5242881 base64 characters) is left out: only PNG, JPEG, GIF and WebP images up to 5 MB are shown.]' },
    ],
    [
      'a PNG of 7,000,000 base64 characters (over 5 MB however counted) described in text',
      { content: [{ type: 'image', data: 'A'.repeat(7_000_000), mimeType: 'image/png' }] },
      { content: '[An image (image/png, 7000000 base64 characters) is left out: only PNG, JPEG, GIF and WebP images up to 5 MB are shown.]' },
    ],
    [
      'a resource with text, under its URI',
      { content: [{ type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes\n' } }] },
      { content: 'Resource file:///notes.md:\n# Notes\n' },
    ],
    [
      'a binary resource described in text',
      { content: [{ type: 'resource', resource: { uri: 'file:///logo.bin', mimeType: 'application/octet-stream', blob: 'AAEC' } }] },
      { content: '[A binary resource file:///logo.bin (application/octet-stream) is left out.]' },
    ],
    [
      'a binary resource with no type',
      { content: [{ type: 'resource', resource: { uri: 'file:///x', blob: 'AAEC' } }] },
      { content: '[A binary resource file:///x (no type) is left out.]' },
    ],
    [
      'a resource link by name and URI',
      { content: [{ type: 'resource_link', name: 'schema', uri: 'file:///schema.sql', mimeType: 'text/plain' }] },
      { content: 'Resource link: schema file:///schema.sql' },
    ],
    ['an audio block described in text', { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }, { content: '[A audio block is left out: it cannot be shown.]' }],
    [
      'the blocks in order, the text of each joined',
      {
        content: [
          { type: 'text', text: 'before' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          { type: 'resource_link', name: 'r', uri: 'file:///r' },
        ],
      },
      { content: 'before\n\n[A audio block is left out: it cannot be shown.]\n\nResource link: r file:///r' },
    ],
    ['structuredContent when there is no content', { content: [], structuredContent: { count: 2, items: ['a'] } }, { content: '{\n  "count": 2,\n  "items": [\n    "a"\n  ]\n}' }],
    ['structuredContent without a content key', { structuredContent: { ok: true } }, { content: '{\n  "ok": true\n}' }],
    ['content wins over structuredContent', { content: [{ type: 'text', text: 'shown' }], structuredContent: { hidden: true } }, { content: 'shown' }],
    ['empty content', { content: [] }, { content: '(no output)' }],
    ['no content at all', {}, { content: '(no output)' }],
    ['content that is not a list', { content: 'just a string' }, { content: '(no output)' }],
    ['isError kept', { content: [{ type: 'text', text: 'it broke' }], isError: true }, { content: 'it broke', isError: true }],
    ['isError on an empty result', { content: [], isError: true }, { content: '(no output)', isError: true }],
    ['isError only when it is true', { content: [{ type: 'text', text: 'x' }], isError: 'yes' }, { content: 'x' }],
  ])('%s', (_, result, expected) => {
    expect(mcpOutput(result)).toEqual(expected);
  });
});

const validator = new AjvJsonSchemaValidator();
/** A redactor that knows no secret. */
const asIs = (text: string) => text;
const listed = (name: string, inputSchema: ListedTool['inputSchema'] = { type: 'object' }, description?: string): ListedTool => ({
  name,
  inputSchema,
  ...(description === undefined ? {} : { description }),
});

/** A client whose callTool answers `answer`, and records its calls. */
function fakeClient(answer: unknown = { content: [{ type: 'text', text: 'done' }] }) {
  const callTool = vi.fn(async () => answer);
  return { client: { callTool } as unknown as Client, callTool };
}

/** The tool made of `tool`, failing the test when it is left out. */
function made(server: string, tool: ListedTool, client = fakeClient().client) {
  const result = mcpTool(server, tool, { client, validator, redact: asIs });
  if ('skip' in result) throw new Error(`left out: ${result.skip}`);
  return result.tool;
}

describe('mcpTool: the names it offers', () => {
  it('names a tool mcp__<server>__<tool>', () => {
    expect(mcpToolName('tracker', 'create_issue')).toBe('mcp__tracker__create_issue');
    expect(made('tracker', listed('create_issue')).name).toBe('mcp__tracker__create_issue');
  });

  it.each([
    ['a space', 'bad name'],
    ['a "!"', 'bad!'],
    ['a dot', 'tools.list'],
    ['a slash', 'a/b'],
    ['nothing', ''],
    ['65 characters', 't'.repeat(65)],
    ['a non-ASCII letter', 'café'],
  ])('leaves out a tool name with %s', (_, name) => {
    expect(mcpTool('s', listed(name), { client: fakeClient().client, validator, redact: asIs })).toEqual({ skip: 'its name is not 1 to 64 letters, digits, "_" or "-".' });
  });

  it('takes a name of 64 letters, digits, "_" and "-"', () => {
    const name = `a-B_9${'x'.repeat(59)}`;
    expect(made('s', listed(name)).name).toBe(`mcp__s__${name}`);
  });

  it(`leaves out a tool whose full name is over ${API_TOOL_NAME_MAX} characters, and keeps one of exactly ${API_TOOL_NAME_MAX}`, () => {
    const server = 's'.repeat(60);
    // mcp__ (5) + 60 + __ (2) + 61 = 128.
    expect(made(server, listed('t'.repeat(61))).name).toHaveLength(128);
    const tooLong = mcpTool(server, listed('t'.repeat(62)), { client: fakeClient().client, validator, redact: asIs });
    expect(tooLong).toEqual({ skip: `mcp__${server}__${'t'.repeat(62)} is longer than the 128 characters a tool name may have.` });
    expect(mcpTool('s'.repeat(64), listed('t'.repeat(64)), { client: fakeClient().client, validator, redact: asIs })).toHaveProperty('skip');
  });

  it('leaves out a tool whose input schema does not compile', () => {
    const result = mcpTool('s', listed('t', { type: 'object', properties: { a: { type: 'nonsense' } } }), { client: fakeClient().client, validator, redact: asIs });
    expect(result).toEqual({ skip: 'its input schema is not valid JSON Schema (type must be JSONType or JSONType[]: nonsense).' });
  });
});

describe('mcpTool: the schema and description it sends', () => {
  it('sends the server’s schema without $schema, as type object', () => {
    const tool = made(
      's',
      listed('t', {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
        additionalProperties: false,
      }),
    );
    expect(tool.inputJSONSchema).toEqual({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false });
    expect(tool.inputJSONSchema).not.toHaveProperty('$schema');
  });

  it('keeps the description, without hidden characters, or says whose tool it is', () => {
    expect(made('s', listed('t', { type: 'object' }, '  Creates\u200B an issue. ')).description).toBe('Creates an issue.');
    expect(made('tracker', listed('t')).description).toBe('The t tool of the MCP server tracker.');
    expect(made('tracker', listed('t', { type: 'object' }, '   ')).description).toBe('The t tool of the MCP server tracker.');
  });

  it('counts as writing and runs alone', () => {
    const tool = made('s', listed('t'));
    expect(tool.traits).toEqual({});
    expect(tool.isConcurrencySafe({})).toBe(false);
  });
});

describe('mcpTool: what a server lists passes the run’s redactor before it is offered', () => {
  // A secret the workflow gave the server (mcp_env, mcp_config), which the server echoes into its listing.
  const SECRET = 'mcpListingSecret7f3a9c21';
  const redactor = createRedactor([{ name: 'mcp_config s.TOKEN', value: SECRET }]);
  const deps = () => ({ client: fakeClient().client, validator, redact: redactor.redact });
  const offered = (tool: ListedTool) => {
    const result = mcpTool('s', tool, deps());
    if ('skip' in result) throw new Error(`left out: ${result.skip}`);
    return result.tool;
  };
  const base64 = Buffer.from(SECRET).toString('base64');

  it.each([
    ['as written', `Calls the API with ${SECRET}.`],
    ['base64-encoded', `Calls the API with Basic ${base64}.`],
    ['with zero-width characters inside', `Calls the API with ${SECRET.slice(0, 6)}\u200B${SECRET.slice(6)}.`],
  ])('the description, with the secret %s', (_, description) => {
    const tool = offered(listed('t', { type: 'object' }, description));
    expect(tool.description).toMatch(/^Calls the API with (Basic )?\[REDACTED\]\.$/);
  });

  it('a description over the limit is redacted before it is cut: no part of a secret at the cut', () => {
    const description = `${'x'.repeat(DESCRIPTION_MAX_CHARS - 10)}${SECRET}`;
    const tool = offered(listed('t', { type: 'object' }, description));
    expect(tool.description).not.toContain(SECRET.slice(0, 6));
  });

  it('every string of the schema, at any depth: descriptions, titles, defaults, enums, examples, const, patterns, $defs', () => {
    const schema: ListedTool['inputSchema'] = {
      type: 'object',
      title: `Input for ${SECRET}`,
      properties: {
        q: { type: 'string', description: `Query, e.g. ${SECRET}`, default: SECRET, examples: [SECRET, `b64:${base64}`], title: SECRET },
        mode: { type: 'string', enum: ['plain', SECRET] },
        fixed: { const: SECRET },
        shape: { type: 'string', pattern: `^${SECRET}$` },
        nested: { type: 'object', properties: { inner: { type: 'string', description: `inner ${SECRET}` } }, default: { inner: SECRET } },
        list: { type: 'array', items: { $ref: '#/$defs/item' } },
      },
      $defs: { item: { type: 'string', description: `an item of ${SECRET}` } },
    };
    const tool = offered(listed('t', schema));
    const sent = JSON.stringify(tool.inputJSONSchema);
    expect(sent).not.toContain(SECRET);
    expect(sent).not.toContain(base64);
    expect(tool.inputJSONSchema).toMatchObject({
      properties: { q: { default: '[REDACTED]', examples: ['[REDACTED]', 'b64:[REDACTED]'] }, mode: { enum: ['plain', '[REDACTED]'] }, fixed: { const: '[REDACTED]' }, nested: { properties: { inner: { description: 'inner [REDACTED]' } } } },
    });
    // The rest of the schema is as the server gave it.
    expect(tool.inputJSONSchema).toMatchObject({ type: 'object', properties: { list: { type: 'array', items: { $ref: '#/$defs/item' } } } });
  });

  it('input is still checked against the schema as the server gave it', async () => {
    const tool = offered(listed('t', { type: 'object', properties: { mode: { type: 'string', enum: ['plain', SECRET] } } }));
    expect(await tool.validateInput({ mode: SECRET })).toEqual({ ok: true });
    expect(await tool.validateInput({ mode: '[REDACTED]' })).toMatchObject({ ok: false });
  });

  it.each<[string, ListedTool, string]>([
    ['a tool named by the secret', listed(SECRET), 'its name holds a secret.'],
    ['a property named by the secret', listed('t', { type: 'object', properties: { [SECRET]: { type: 'string' } } }), 'a property name in its input schema holds a secret.'],
    ['a nested property named by it, hidden by a zero-width character', listed('t', { type: 'object', properties: { o: { type: 'object', properties: { [`${SECRET.slice(0, 4)}\u200B${SECRET.slice(4)}`]: {} } } } }), 'a property name in its input schema holds a secret.'],
  ])('leaves out %s: a name cannot be redacted without changing what the tool takes', (_, tool, skip) => {
    expect(mcpTool('s', tool, deps())).toEqual({ skip });
  });

  it('a listing without secrets is offered as it came', () => {
    const schema: ListedTool['inputSchema'] = { type: 'object', properties: { q: { type: 'string', description: 'A query.', default: 'all', enum: ['all', 'some'] } } };
    const tool = offered(listed('t', schema, 'Looks things up.'));
    expect(tool.description).toBe('Looks things up.');
    expect(tool.inputJSONSchema).toEqual(schema);
  });
});

describe('mcpTool: input validated against the JSON Schema before the call', () => {
  const ctx = (): CallContext => ({ signal: new AbortController().signal });
  const schema: ListedTool['inputSchema'] = { type: 'object', properties: { text: { type: 'string' }, count: { type: 'integer', minimum: 1 } }, required: ['text'] };

  it('accepts input that matches', async () => {
    const tool = made('s', listed('t', schema));
    expect(await tool.validateInput({ text: 'hi', count: 2 })).toEqual({ ok: true });
  });

  it.each([
    ['a wrong type', { text: 5 }, 'data/text must be string'],
    ['a missing required property', {}, "data must have required property 'text'"],
    ['a value under its minimum', { text: 'x', count: 0 }, 'data/count must be >= 1'],
  ])('refuses %s with an InputValidationError naming the tool', async (_, input, issue) => {
    const tool = made('s', listed('t', schema));
    expect(await tool.validateInput(input)).toEqual({ ok: false, message: `InputValidationError: mcp__s__t failed due to the following issue:\n${issue}` });
  });

  it('calls the server’s own tool name with the input, and maps the result', async () => {
    const { client, callTool } = fakeClient({ content: [{ type: 'text', text: 'echo: hi' }] });
    const tool = made('s', listed('echo', schema), client);
    const context = ctx();
    const output = await tool.call({ text: 'hi' }, context);
    expect(output).toEqual({ content: 'echo: hi' });
    expect(callTool).toHaveBeenCalledTimes(1);
    expect(callTool.mock.calls[0]).toMatchObject([{ name: 'echo', arguments: { text: 'hi' } }, undefined, { signal: context.signal, resetTimeoutOnProgress: true }]);
    expect(tool.mapResult(output, 'toolu_1')).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: 'echo: hi' });
  });

  it('shows an old server’s toolResult as structured content', async () => {
    const tool = made('s', listed('t'), fakeClient({ toolResult: { answer: 42 } }).client);
    expect(await tool.call({}, ctx())).toEqual({ content: '{\n  "answer": 42\n}' });
  });

  it('maps an error result to an error tool_result, and images after the text', () => {
    const tool = made('s', listed('t'));
    expect(tool.mapResult({ content: 'it broke', isError: true }, 'toolu_2')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_2',
      content: '<tool_use_error>it broke</tool_use_error>',
      is_error: true,
    });
    expect(tool.mapResult({ content: 'an image', images: [png()] }, 'toolu_3')).toEqual({ type: 'tool_result', tool_use_id: 'toolu_3', content: 'an image', images: [png()] });
  });
});
