// The provider layer (issue 16): the set-up checks that fail before any request,
// the model ids, and the Bedrock and Vertex clients over real HTTP — a local
// server in each test answers as the provider does (AWS event-stream framing
// for Bedrock, SSE behind a local OAuth token exchange for Vertex, and their
// error bodies), so the official SDKs run unchanged. The full emulators and
// the bundled action's runs through them are the e2e tests.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelError, PromptTooLongError } from '../../src/agent/model.js';
import type { ModelClient, ModelRequest } from '../../src/core/model.js';
import { checkProvider, ProviderSetupError, providerModel, providerModelId } from '../../src/agent/providers.js';

// ─── A local provider ──────────────────────────────────────────────────────────

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: Seen, res: ServerResponse) => void;

const servers: Array<{ close: () => void }> = [];
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'deckhand-providers-'));
});

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A server on 127.0.0.1 that records every request and answers with `handler` (the nth request gets `handlers[n]`, the last one repeats). */
async function provider(...handlers: Handler[]): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      const handler = handlers[Math.min(seen.length, handlers.length - 1)]!;
      seen.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const USAGE = { input_tokens: 12, output_tokens: 1, cache_creation_input_tokens: 300, cache_read_input_tokens: 4000 };

/** The Anthropic stream events of a one-text-block answer. */
function events(text: string): Array<Record<string, unknown>> {
  return [
    { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-5-5', content: [], stop_reason: null, stop_sequence: null, usage: USAGE } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 9 } },
    { type: 'message_stop' },
  ];
}

/** SSE, as the Anthropic API and Vertex AI's streamRawPredict answer. */
const sse = (text: string): Handler => (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of events(text)) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  res.end();
};

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes).toString('utf8'),
  (text) => new Uint8Array(Buffer.from(text, 'utf8')),
);
const stringHeader = (value: string) => ({ type: 'string' as const, value });

/** InvokeModelWithResponseStream's answer: each event a `chunk` frame of base64 JSON; after `throttleAfter` events, an exception frame instead of the rest. */
const eventStream = (text: string, throttleAfter?: number): Handler => (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'req-1' });
  const all = events(text);
  for (const [i, event] of all.entries()) {
    if (i === throttleAfter) {
      const frame = codec.encode({
        headers: { ':message-type': stringHeader('exception'), ':exception-type': stringHeader('throttlingException'), ':content-type': stringHeader('application/json') },
        body: new Uint8Array(Buffer.from(JSON.stringify({ message: 'Too many requests, please wait before trying again.' }))),
      });
      res.end(Buffer.from(frame));
      return;
    }
    const payload = JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString('base64') });
    res.write(Buffer.from(codec.encode({ headers: { ':event-type': stringHeader('chunk'), ':message-type': stringHeader('event'), ':content-type': stringHeader('application/json') }, body: new Uint8Array(Buffer.from(payload)) })));
  }
  res.end();
};

/** An error answer: status, body, and headers (AWS names the exception in x-amzn-errortype). */
const fail = (status: number, body: unknown, headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const aws = (status: number, type: string, message: string) => fail(status, { message }, { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` });

const REQUEST: ModelRequest = {
  model: providerModelId('bedrock', 'claude-sonnet-5-5'),
  system: [{ type: 'text', text: 'You are Deckhand.', cache_control: { type: 'ephemeral' } }],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello', cache_control: { type: 'ephemeral' } }] }],
  tools: [{ name: 'Read', description: 'Reads a file', input_schema: { type: 'object', properties: { file_path: { type: 'string' } } } }],
  maxTokens: 1024,
};

const send = (model: ModelClient, request: Partial<ModelRequest> = {}) => model.send({ ...REQUEST, ...request }, new AbortController().signal);

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the send to fail');
}

// ─── Set-up checks ─────────────────────────────────────────────────────────────

describe('checkProvider', () => {
  const home = () => {
    const path = join(dir, 'home');
    mkdirSync(path, { recursive: true });
    return path;
  };
  const keys = { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-access-key-example' };

  it('asks nothing of the environment for the Anthropic API', () => {
    expect(checkProvider('anthropic', {})).toEqual({});
  });

  it('takes the Bedrock region from AWS_REGION, else AWS_DEFAULT_REGION', () => {
    expect(checkProvider('bedrock', { ...keys, AWS_REGION: 'eu-west-1', AWS_DEFAULT_REGION: 'us-east-1' })).toEqual({ region: 'eu-west-1' });
    expect(checkProvider('bedrock', { ...keys, AWS_DEFAULT_REGION: 'us-east-2' })).toEqual({ region: 'us-east-2' });
  });

  it('fails without a Bedrock region, in one line, rather than use us-east-1', () => {
    expect(() => checkProvider('bedrock', { ...keys, HOME: home() })).toThrow(
      new ProviderSetupError('Missing AWS region: set AWS_REGION (or AWS_DEFAULT_REGION), as aws-actions/configure-aws-credentials does.'),
    );
  });

  it.each([
    ['a Bedrock API key', { AWS_BEARER_TOKEN_BEDROCK: 'ABSKexample' }],
    ['keys, as configure-aws-credentials leaves them', { ...keys, AWS_SESSION_TOKEN: 'session' }],
    ['a web identity token file and a role', { AWS_WEB_IDENTITY_TOKEN_FILE: '/tmp/token', AWS_ROLE_ARN: 'arn:aws:iam::123456789012:role/x' }],
    ['a profile', { AWS_PROFILE: 'ci' }],
    ['the container endpoint', { AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: '/v2/credentials/x' }],
    ['the full container endpoint', { AWS_CONTAINER_CREDENTIALS_FULL_URI: 'http://169.254.170.23/v1/credentials' }],
  ])('accepts AWS credentials from %s', (_what, env) => {
    expect(checkProvider('bedrock', { AWS_REGION: 'us-east-1', HOME: home(), ...env })).toEqual({ region: 'us-east-1' });
  });

  it('accepts the shared AWS files: ~/.aws/credentials, or AWS_CONFIG_FILE', () => {
    const withFile = home();
    mkdirSync(join(withFile, '.aws'));
    writeFileSync(join(withFile, '.aws', 'credentials'), '[default]\n');
    expect(checkProvider('bedrock', { AWS_REGION: 'us-east-1', HOME: withFile })).toEqual({ region: 'us-east-1' });
    const config = join(dir, 'aws-config');
    writeFileSync(config, '[default]\n');
    expect(checkProvider('bedrock', { AWS_REGION: 'us-east-1', HOME: join(dir, 'nowhere'), AWS_CONFIG_FILE: config })).toEqual({ region: 'us-east-1' });
  });

  it.each([
    [{}, 'Missing AWS credentials: run aws-actions/configure-aws-credentials before this step (the job needs id-token: write), or set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key.'],
    [{ AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' }, 'Missing AWS credentials (AWS_ACCESS_KEY_ID is set without AWS_SECRET_ACCESS_KEY): run aws-actions/configure-aws-credentials before this step (the job needs id-token: write), or set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key.'],
    [{ AWS_WEB_IDENTITY_TOKEN_FILE: '/tmp/token' }, 'Missing AWS credentials (AWS_WEB_IDENTITY_TOKEN_FILE is set without AWS_ROLE_ARN): run aws-actions/configure-aws-credentials before this step (the job needs id-token: write), or set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key.'],
  ])('fails without AWS credentials, naming what is missing: %o', (env, message) => {
    expect(() => checkProvider('bedrock', { AWS_REGION: 'us-east-1', HOME: home(), ...env })).toThrow(new ProviderSetupError(message));
  });

  it('takes the Vertex region, and the project from ANTHROPIC_VERTEX_PROJECT_ID, else GOOGLE_CLOUD_PROJECT', () => {
    const file = join(dir, 'gha-creds-1.json');
    writeFileSync(file, '{}');
    const env = { CLOUD_ML_REGION: 'us-east5', GOOGLE_APPLICATION_CREDENTIALS: file };
    expect(checkProvider('vertex', { ...env, ANTHROPIC_VERTEX_PROJECT_ID: 'mine', GOOGLE_CLOUD_PROJECT: 'other' })).toEqual({ region: 'us-east5', projectId: 'mine' });
    expect(checkProvider('vertex', { ...env, GOOGLE_CLOUD_PROJECT: 'other' })).toEqual({ region: 'us-east5', projectId: 'other' });
  });

  it.each([
    [{ ANTHROPIC_VERTEX_PROJECT_ID: 'p', GOOGLE_APPLICATION_CREDENTIALS: 'FILE' }, 'Missing Vertex AI region: set CLOUD_ML_REGION (such as us-east5, europe-west1 or global).'],
    [{ CLOUD_ML_REGION: 'us-east5', GOOGLE_APPLICATION_CREDENTIALS: 'FILE' }, 'Missing Vertex AI project: set ANTHROPIC_VERTEX_PROJECT_ID (or GOOGLE_CLOUD_PROJECT, as google-github-actions/auth does when given a project_id).'],
    [{ CLOUD_ML_REGION: 'us-east5', GOOGLE_CLOUD_PROJECT: 'p' }, 'Missing Google credentials: set GOOGLE_APPLICATION_CREDENTIALS, as google-github-actions/auth does (the job needs id-token: write).'],
  ])('fails without what Vertex AI needs, naming it: %o', (env, message) => {
    const file = join(dir, 'gha-creds-1.json');
    writeFileSync(file, '{}');
    const withFile = Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value === 'FILE' ? file : value]));
    expect(() => checkProvider('vertex', withFile)).toThrow(new ProviderSetupError(message));
  });

  it('fails when GOOGLE_APPLICATION_CREDENTIALS names no file', () => {
    const missing = join(dir, 'gha-creds-gone.json');
    expect(() => checkProvider('vertex', { CLOUD_ML_REGION: 'us-east5', GOOGLE_CLOUD_PROJECT: 'p', GOOGLE_APPLICATION_CREDENTIALS: missing })).toThrow(
      `Missing Google credentials: GOOGLE_APPLICATION_CREDENTIALS names ${missing}, which does not exist.`,
    );
  });

  it('providerModel fails the same way at once, and nothing is sent', async () => {
    const api = await provider(eventStream('never'));
    expect(() => providerModel({ provider: 'bedrock', env: { AWS_BEARER_TOKEN_BEDROCK: 'ABSKexample', ANTHROPIC_BEDROCK_BASE_URL: api.url } })).toThrow(ProviderSetupError);
    expect(() => providerModel({ provider: 'vertex', env: { CLOUD_ML_REGION: 'us-east5', ANTHROPIC_VERTEX_BASE_URL: `${api.url}/v1` } })).toThrow(/^Missing Vertex AI project/);
    expect(api.seen).toEqual([]);
  });
});

describe('providerModelId', () => {
  it.each([
    ['anthropic', 'claude-sonnet-5-5', 'claude-sonnet-5-5'],
    ['bedrock', 'claude-sonnet-5-5', 'global.anthropic.claude-sonnet-5-5'],
    ['vertex', 'claude-sonnet-5-5', 'claude-sonnet-5-5'],
    // The user's id, as given.
    ['bedrock', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['bedrock', 'anthropic.claude-opus-4-1-20250805-v1:0', 'anthropic.claude-opus-4-1-20250805-v1:0'],
    ['bedrock', 'arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc', 'arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc'],
    ['vertex', 'claude-opus-4-1@20250805', 'claude-opus-4-1@20250805'],
    ['anthropic', 'claude-haiku-4-5', 'claude-haiku-4-5'],
  ] as const)('on %s, %s is sent as %s', (name, model, id) => {
    expect(providerModelId(name, model)).toBe(id);
  });
});

// ─── Anthropic ─────────────────────────────────────────────────────────────────

describe('the anthropic provider', () => {
  it('is the Anthropic API client as before: the key, the base URL, /v1/messages', async () => {
    const api = await provider(sse('hi'));
    const model = providerModel({ provider: 'anthropic', env: { AWS_REGION: 'us-east-1' }, apiKey: 'sk-test', baseURL: api.url });
    const response = await send(model, { model: 'claude-sonnet-5-5' });
    expect(response.content).toEqual([{ type: 'text', text: 'hi' }]);
    expect(api.seen[0]).toMatchObject({ method: 'POST', path: '/v1/messages' });
  });

  it('loads the Bedrock and Vertex clients only by dynamic import, inside their branches', () => {
    for (const file of ['providers.ts', 'model.ts']) {
      const source = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'agent', file), 'utf8');
      const staticImports = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]);
      expect(staticImports.filter((path) => /bedrock|vertex|google-auth|anthropic-sdk\.js/.test(path!)), file).toEqual([]);
    }
  });
});

// ─── Bedrock ───────────────────────────────────────────────────────────────────

describe('the bedrock provider', () => {
  const bedrock = (url: string, env: NodeJS.ProcessEnv = { AWS_BEARER_TOKEN_BEDROCK: 'ABSK-test-api-key-0123456789' }, onSecret?: (name: string, value: string) => void) =>
    providerModel({ provider: 'bedrock', env: { AWS_REGION: 'us-west-2', ANTHROPIC_BEDROCK_BASE_URL: url, ...env }, ...(onSecret ? { onSecret } : {}) });

  it('streams a message in AWS event-stream framing, with a Bedrock API key as the bearer token', async () => {
    const api = await provider(eventStream('hello from bedrock'));
    const response = await send(bedrock(api.url));
    expect(response).toEqual({ content: [{ type: 'text', text: 'hello from bedrock' }], stopReason: 'end_turn', usage: { ...USAGE, output_tokens: 9 } });
    const [request] = api.seen;
    expect(request).toMatchObject({ method: 'POST', path: '/model/global.anthropic.claude-sonnet-5-5/invoke-with-response-stream' });
    expect(request!.headers.authorization).toBe('Bearer ABSK-test-api-key-0123456789');
    expect(request!.headers['x-api-key']).toBeUndefined();
    const body = JSON.parse(request!.body);
    // The model is in the path; the version moves from the header into the body; cache breakpoints pass as written.
    expect(body).not.toHaveProperty('model');
    expect(body).not.toHaveProperty('stream');
    expect(request!.headers['anthropic-version']).toBeUndefined();
    // Bedrock takes only its own version of the Messages API.
    expect(body.anthropic_version).toBe('bedrock-2023-05-31');
    expect(body.system).toEqual(REQUEST.system);
    expect(body.messages).toEqual(REQUEST.messages);
    expect(body.tools).toEqual(REQUEST.tools);
    expect(body.max_tokens).toBe(1024);
  });

  it('signs with SigV4 from the keys in the environment, for the region, and reports the session token', async () => {
    const api = await provider(eventStream('signed'));
    const told: Array<[string, string]> = [];
    const env = { AWS_ACCESS_KEY_ID: 'ASIAEXAMPLEKEYID0001', AWS_SECRET_ACCESS_KEY: 'secret-access-key-0123456789abcdef', AWS_SESSION_TOKEN: 'session-token-0123456789abcdef' };
    await send(bedrock(api.url, env, (name, value) => told.push([name, value])));
    const headers = api.seen[0]!.headers;
    expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIAEXAMPLEKEYID0001\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/);
    expect(headers['x-amz-security-token']).toBe('session-token-0123456789abcdef');
    expect(headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(told).toEqual([['the AWS session token', 'session-token-0123456789abcdef']]);
  });

  it('keeps a path prefix of ANTHROPIC_BEDROCK_BASE_URL and passes a user model id as given', async () => {
    const api = await provider(eventStream('ok'));
    await send(bedrock(`${api.url}/gateway`), { model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0' });
    expect(api.seen[0]!.path).toBe('/gateway/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/invoke-with-response-stream');
  });

  it('sends an inference profile ARN as one path segment', async () => {
    const api = await provider(eventStream('ok'));
    await send(bedrock(api.url), { model: 'arn:aws:bedrock:us-west-2:123456789012:application-inference-profile/a1b2c3d4e5f6' });
    expect(api.seen[0]!.path).toBe('/model/arn:aws:bedrock:us-west-2:123456789012:application-inference-profile%2Fa1b2c3d4e5f6/invoke-with-response-stream');
  });

  it.each([
    [400, 'ValidationException', 'Input is too long for requested model.'],
    [400, 'ValidationException', 'The model returned the following errors: prompt is too long: 215000 tokens > 200000 maximum'],
    [400, 'ValidationException', 'The model returned the following errors: input length and `max_tokens` exceed context limit: 190000 + 32000 > 200000'],
  ])('a %s %s "%s" is a prompt too long, for the loop to compact', async (status, type, message) => {
    const api = await provider(aws(status, type, message));
    const err = await failure(send(bedrock(api.url)));
    expect(err).toBeInstanceOf(PromptTooLongError);
    expect(api.seen).toHaveLength(1);
  });

  it.each([
    [503, 'ServiceUnavailableException', 'Bedrock is unable to process your request.'],
    [429, 'ThrottlingException', 'Too many requests, please wait before trying again.'],
  ])('a %s %s is retried', async (status, type, message) => {
    const api = await provider(aws(status, type, message), eventStream('after a retry'));
    expect((await send(bedrock(api.url))).content).toEqual([{ type: 'text', text: 'after a retry' }]);
    expect(api.seen).toHaveLength(2);
  });

  it('a throttling exception in the middle of the stream is retried like a broken stream', async () => {
    const api = await provider(eventStream('cut', 2), eventStream('whole'));
    expect((await send(bedrock(api.url))).content).toEqual([{ type: 'text', text: 'whole' }]);
    expect(api.seen).toHaveLength(2);
  });

  it('overload that lasts is one line naming Bedrock, after the retries', async () => {
    const api = await provider(aws(429, 'ThrottlingException', 'Too many requests, please wait before trying again.'));
    const err = await failure(send(bedrock(api.url)));
    expect(err).toEqual(new ModelError('Bedrock error 429 ThrottlingException: Too many requests, please wait before trying again. (still failing after retries with backoff)', 429));
    expect(api.seen).toHaveLength(3);
  });

  it.each([
    [
      aws(403, 'AccessDeniedException', "You don't have access to the model with the specified model ID."),
      "Bedrock error 403 AccessDeniedException: You don't have access to the model with the specified model ID. Check the AWS credentials step (aws-actions/configure-aws-credentials, or AWS_BEARER_TOKEN_BEDROCK) and that its role may call bedrock:InvokeModelWithResponseStream on this model in us-west-2.",
    ],
    [
      aws(403, 'UnrecognizedClientException', 'The security token included in the request is invalid.'),
      'Bedrock error 403 UnrecognizedClientException: The security token included in the request is invalid. Check the AWS credentials step (aws-actions/configure-aws-credentials, or AWS_BEARER_TOKEN_BEDROCK) and that its role may call bedrock:InvokeModelWithResponseStream on this model in us-west-2.',
    ],
    [
      aws(404, 'ResourceNotFoundException', 'Model not found.'),
      'Bedrock error 404 ResourceNotFoundException: Model not found. Check the model input: Bedrock takes its own model ids and inference profiles (such as global.anthropic.claude-sonnet-5-5), for a model enabled in us-west-2.',
    ],
    [
      aws(400, 'ValidationException', 'The provided model identifier is invalid.'),
      'Bedrock error 400 ValidationException: The provided model identifier is invalid. Check the model input: Bedrock takes its own model ids and inference profiles (such as global.anthropic.claude-sonnet-5-5), for a model enabled in us-west-2.',
    ],
  ])('other errors are one line naming Bedrock, with what to check (%#)', async (handler, message) => {
    const api = await provider(handler);
    const err = await failure(send(bedrock(api.url)));
    expect(err).toBeInstanceOf(ModelError);
    expect(err.message).toBe(message);
    expect(api.seen).toHaveLength(1);
  });
});

// ─── Vertex AI ─────────────────────────────────────────────────────────────────

describe('the vertex provider', () => {
  const TOKEN = 'ya29.local-access-token-0123456789';
  const MODEL_PATH = '/v1/projects/my-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-5-5:streamRawPredict';

  /**
   * What google-github-actions/auth writes: an external_account file whose
   * subject token comes from the runner (here a file) and is exchanged at
   * token_url (here the local server) for an access token.
   */
  function credentialsFile(tokenUrl: string): string {
    const subject = join(dir, 'oidc-token');
    writeFileSync(subject, 'header.payload.signature');
    const file = join(dir, 'gha-creds-3f2a9c1d7e8b4a60.json');
    writeFileSync(
      file,
      JSON.stringify({
        type: 'external_account',
        audience: '//iam.googleapis.com/projects/123456/locations/global/workloadIdentityPools/github/providers/deckhand',
        subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
        token_url: tokenUrl,
        credential_source: { file: subject },
      }),
    );
    return file;
  }

  const tokenExchange: Handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ access_token: TOKEN, issued_token_type: 'urn:ietf:params:oauth:token-type:access_token', token_type: 'Bearer', expires_in: 3600 }));
  };

  /** One server for both: /token exchanges, everything else goes to the model handlers in turn. */
  async function google(...model: Handler[]) {
    let calls = 0;
    const api = await provider((req, res) => (req.path === '/token' ? tokenExchange(req, res) : model[Math.min(calls++, model.length - 1)]!(req, res)));
    const modelCalls = () => api.seen.filter((req) => req.path !== '/token');
    return { ...api, modelCalls };
  }

  const vertex = (url: string, onSecret?: (name: string, value: string) => void, file = credentialsFile(`${url}/token`)) =>
    providerModel({
      provider: 'vertex',
      env: { CLOUD_ML_REGION: 'us-east5', GOOGLE_CLOUD_PROJECT: 'my-project', GOOGLE_APPLICATION_CREDENTIALS: file, ANTHROPIC_VERTEX_BASE_URL: `${url}/v1` },
      ...(onSecret ? { onSecret } : {}),
    });

  it('exchanges the workflow credentials for a token, streams the message, and reports the token once', async () => {
    const api = await google(sse('hello from vertex'));
    const told: Array<[string, string]> = [];
    const model = vertex(api.url, (name, value) => told.push([name, value]));
    const response = await send(model, { model: providerModelId('vertex', 'claude-sonnet-5-5') });
    expect(response).toEqual({ content: [{ type: 'text', text: 'hello from vertex' }], stopReason: 'end_turn', usage: { ...USAGE, output_tokens: 9 } });
    await send(model, { model: 'claude-sonnet-5-5' });

    const exchange = api.seen.find((req) => req.path === '/token')!;
    expect(new URLSearchParams(exchange.body).get('subject_token')).toBe('header.payload.signature');
    const [request] = api.modelCalls();
    expect(request).toMatchObject({ method: 'POST', path: MODEL_PATH });
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const body = JSON.parse(request!.body);
    expect(body).not.toHaveProperty('model');
    expect(request!.headers['anthropic-version']).toBeUndefined();
    // Vertex AI takes only its own version of the Messages API.
    expect(body.anthropic_version).toBe('vertex-2023-10-16');
    expect(body.system).toEqual(REQUEST.system);
    expect(body.messages).toEqual(REQUEST.messages);
    expect(told).toEqual([['the Vertex access token', TOKEN]]);
    // Only the token exchange and the model: the project is never looked up.
    expect(api.seen.map((req) => req.path)).toEqual(['/token', MODEL_PATH, MODEL_PATH]);
  });

  it.each([
    ['an Anthropic-shaped body', { type: 'error', error: { type: 'invalid_request_error', message: 'Prompt is too long' } }],
    ['a Google-shaped body', { error: { code: 413, message: 'Prompt is too long', status: 'FAILED_PRECONDITION' } }],
  ])('a 413 "Prompt is too long" in %s is a prompt too long', async (_shape, body) => {
    const api = await google(fail(413, body));
    expect(await failure(send(vertex(api.url), { model: 'claude-sonnet-5-5' }))).toBeInstanceOf(PromptTooLongError);
    expect(api.modelCalls()).toHaveLength(1);
  });

  it.each([
    [529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
    [429, { error: { code: 429, message: 'Quota exceeded for aiplatform.googleapis.com/online_prediction_requests_per_base_model', status: 'RESOURCE_EXHAUSTED' } }],
  ])('a %s is retried', async (status, body) => {
    const api = await google(fail(status, body), sse('after a retry'));
    expect((await send(vertex(api.url), { model: 'claude-sonnet-5-5' })).content).toEqual([{ type: 'text', text: 'after a retry' }]);
    expect(api.modelCalls()).toHaveLength(2);
  });

  it.each([
    [
      fail(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } }),
      'Vertex AI error 401 UNAUTHENTICATED: Request had invalid authentication credentials. Check the Google credentials step (google-github-actions/auth) and that its service account has the Vertex AI User role in project my-project.',
    ],
    [
      fail(403, [{ error: { code: 403, message: "Permission 'aiplatform.endpoints.predict' denied on resource", status: 'PERMISSION_DENIED' } }]),
      "Vertex AI error 403 PERMISSION_DENIED: Permission 'aiplatform.endpoints.predict' denied on resource. Check the Google credentials step (google-github-actions/auth) and that its service account has the Vertex AI User role in project my-project.",
    ],
    [
      fail(404, [{ error: { code: 404, message: 'Publisher Model `claude-sonnet-5-5` was not found or your project does not have access to it.', status: 'NOT_FOUND' } }]),
      'Vertex AI error 404 NOT_FOUND: Publisher Model `claude-sonnet-5-5` was not found or your project does not have access to it. Check the model input: Vertex AI takes its own model ids (such as claude-sonnet-5-5), for a model enabled in project my-project, region us-east5.',
    ],
  ])('other errors are one line naming Vertex AI, with what to check (%#)', async (handler, message) => {
    const api = await google(handler);
    const err = await failure(send(vertex(api.url), { model: 'claude-sonnet-5-5' }));
    expect(err).toBeInstanceOf(ModelError);
    expect(err.message).toBe(message);
    expect(api.modelCalls()).toHaveLength(1);
  });

  it('a refused token exchange is one line about authenticating, and no model request is made', async () => {
    const api = await provider(fail(400, { error: 'invalid_grant', error_description: 'The audience in ID Token does not match the expected audience.' }));
    const err = await failure(send(vertex(api.url), { model: 'claude-sonnet-5-5' }));
    expect(err).toBeInstanceOf(ModelError);
    expect(err.message).toMatch(/^Could not authenticate to Vertex AI: Failed to acquire Google OAuth credentials: .*\. Check the Google credentials step \(google-github-actions\/auth\)/);
    expect(err.message).not.toContain('\n');
    expect(api.seen.every((req) => req.path === '/token')).toBe(true);
  });

  it('a credentials file that is not JSON is named, none of its content is shown, and nothing is sent', async () => {
    const api = await google(sse('never'));
    const file = join(dir, 'gha-creds-broken.json');
    writeFileSync(file, '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----SECRETSTUFF');
    const err = await failure(send(vertex(api.url, undefined, file), { model: 'claude-sonnet-5-5' }));
    expect(err).toBeInstanceOf(ModelError);
    expect(err.message).toBe(`Could not load the Google credentials in ${file} (GOOGLE_APPLICATION_CREDENTIALS): it is not valid JSON.`);
    expect(api.seen).toEqual([]);
  });

  it('a JSON file that holds no credentials says what google-auth-library found wrong', async () => {
    const api = await google(sse('never'));
    const file = join(dir, 'gha-creds-empty.json');
    writeFileSync(file, '{"type": "service_account"}');
    const err = await failure(send(vertex(api.url, undefined, file), { model: 'claude-sonnet-5-5' }));
    expect(err.message).toMatch(new RegExp(`^Could not load the Google credentials in ${file} \\(GOOGLE_APPLICATION_CREDENTIALS\\): .+\\.$`));
    expect(api.seen).toEqual([]);
  });
});
