// One MCP server tool as a Deckhand tool: named `mcp__<server>__<tool>`, its
// input checked against the server's JSON Schema before the call, its result
// mapped to a tool_result (text; images as image blocks). What comes back is
// untrusted like file contents: the loop redacts it, shows hidden characters,
// and saves a result over 50,000 characters to a file. What the server lists
// is sent on every request, so its description and every string of its schema
// are redacted here, once: a server may echo the secrets it was given.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import { stripInvisible } from '../safety/invisible.js';
import { errorResult, type ImageBlock, type Tool, type ToolOutput } from '../tools/tool.js';
import { clip } from '../truncate.js';

/** A tool as the server lists it (tools/list). */
export interface ListedTool {
  name: string;
  description?: string | undefined;
  inputSchema: { type: 'object'; [key: string]: unknown };
}

/** What a server's tool name may be. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** The longest tool name the Messages API takes. */
export const API_TOOL_NAME_MAX = 128;
/** The most of a server's description of a tool kept: it is sent on every turn. */
export const DESCRIPTION_MAX_CHARS = 2_000;
/** How long one call may take with no progress reported. */
export const CALL_TIMEOUT_MS = 5 * 60_000;
/** The largest image passed on: the API's 5 MB limit counts the base64 text. */
const IMAGE_MAX_CHARS = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const mcpToolName = (server: string, tool: string): string => `mcp__${server}__${tool}`;

type Content = { type: string; [key: string]: unknown };

/** A call's result as the model reads it. */
export function mcpOutput(result: { content?: unknown; structuredContent?: unknown; isError?: unknown }): ToolOutput {
  const texts: string[] = [];
  const images: ImageBlock[] = [];
  for (const block of (Array.isArray(result.content) ? result.content : []) as Content[]) {
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else if (block.type === 'image' && typeof block.data === 'string') {
      const type = String(block.mimeType ?? '');
      if (IMAGE_TYPES.has(type) && block.data.length <= IMAGE_MAX_CHARS) {
        images.push({ type: 'image', source: { type: 'base64', media_type: type as ImageBlock['source']['media_type'], data: block.data } });
      } else {
        texts.push(`[An image (${type || 'of no type'}, ${block.data.length} base64 characters) is left out: only PNG, JPEG, GIF and WebP images up to 5 MB are shown.]`);
      }
    } else if (block.type === 'resource' && typeof block.resource === 'object' && block.resource !== null) {
      const resource = block.resource as { uri?: unknown; text?: unknown; mimeType?: unknown };
      texts.push(typeof resource.text === 'string' ? `Resource ${String(resource.uri)}:\n${resource.text}` : `[A binary resource ${String(resource.uri)} (${String(resource.mimeType ?? 'no type')}) is left out.]`);
    } else if (block.type === 'resource_link') {
      texts.push(`Resource link: ${String(block.name ?? '')} ${String(block.uri ?? '')}`.trim());
    } else {
      texts.push(`[A ${block.type} block is left out: it cannot be shown.]`);
    }
  }
  if (texts.length === 0 && images.length === 0 && result.structuredContent !== undefined) texts.push(JSON.stringify(result.structuredContent, null, 2));
  const content = texts.join('\n\n') || (images.length > 0 ? '' : '(no output)');
  return { content, ...(images.length > 0 ? { images } : {}), ...(result.isError === true ? { isError: true } : {}) };
}

/** A key of the schema (a property's name) holds a secret: redacting it would change what the schema takes. */
class SecretKey extends Error {}

/** `value` with hidden characters removed from every string and every secret redacted; throws SecretKey for a key holding one. */
function shownSchema(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(stripInvisible(value));
  if (Array.isArray(value)) return value.map((item) => shownSchema(item, redact));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const visible = stripInvisible(key);
      if (redact(visible) !== visible) throw new SecretKey();
      return [key, shownSchema(item, redact)];
    }),
  );
}

export interface McpToolDeps {
  client: Client;
  validator: AjvJsonSchemaValidator;
  /** The run's redactor (it knows the servers' own secrets): what the model is offered passes it. */
  redact: (text: string) => string;
}

/** The tool, or why it is left out (a name the API would refuse or holding a secret, a schema that does not compile). */
export function mcpTool(server: string, listed: ListedTool, deps: McpToolDeps): { tool: Tool<Record<string, unknown>> } | { skip: string } {
  if (!TOOL_NAME.test(listed.name)) return { skip: 'its name is not 1 to 64 letters, digits, "_" or "-".' };
  if (deps.redact(listed.name) !== listed.name) return { skip: 'its name holds a secret.' };
  const name = mcpToolName(server, listed.name);
  if (name.length > API_TOOL_NAME_MAX) return { skip: `${name} is longer than the ${API_TOOL_NAME_MAX} characters a tool name may have.` };
  const { $schema: _schema, ...schema } = listed.inputSchema as Record<string, unknown>;
  let validate: (input: unknown) => { valid: boolean; errorMessage?: string | undefined };
  try {
    // Input is checked against the schema as the server gave it; the model reads it redacted.
    validate = deps.validator.getValidator({ ...schema, type: 'object' } as never);
  } catch (err) {
    return { skip: `its input schema is not valid JSON Schema (${(err as Error).message.split('\n')[0]}).` };
  }
  let inputJSONSchema: Record<string, unknown>;
  try {
    inputJSONSchema = { ...(shownSchema(schema, deps.redact) as Record<string, unknown>), type: 'object' };
  } catch (err) {
    if (err instanceof SecretKey) return { skip: 'a property name in its input schema holds a secret.' };
    throw err;
  }
  // Redacted before it is cut, so that no part of a secret is left at the cut.
  const description = clip(deps.redact(stripInvisible(listed.description ?? '')).trim(), DESCRIPTION_MAX_CHARS) || `The ${listed.name} tool of the MCP server ${server}.`;
  return {
    tool: {
      name,
      description,
      inputSchema: z.record(z.string(), z.unknown()),
      inputJSONSchema,
      // Nothing is known of what a server's tool does: it has no trait, so it runs alone and no sub-agent gets it.
      traits: {},
      isConcurrencySafe: () => false,
      target: () => ({}),
      validateInput: async (input) => {
        const checked = validate(input);
        return checked.valid ? { ok: true } : { ok: false, message: `InputValidationError: ${name} failed due to the following issue:\n${checked.errorMessage ?? 'the input does not match its schema'}` };
      },
      checkPermissions: async () => ({ behavior: 'allow' }),
      call: async (input, { signal }) => {
        const result = await deps.client.callTool({ name: listed.name, arguments: input }, undefined, { signal, timeout: CALL_TIMEOUT_MS, resetTimeoutOnProgress: true });
        // (A server of the protocol's 2024-10-07 version answers `toolResult` instead: shown as structured content.)
        const answer = result as { content?: unknown; structuredContent?: unknown; isError?: unknown; toolResult?: unknown };
        return mcpOutput('content' in answer ? answer : { structuredContent: answer.toolResult });
      },
      mapResult: (output, toolUseId) =>
        output.isError
          ? errorResult(toolUseId, output.content)
          : { type: 'tool_result', tool_use_id: toolUseId, content: output.content, ...(output.images ? { images: output.images } : {}) },
    },
  };
}
