import Anthropic from '@anthropic-ai/sdk';
import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicEmulator, reply, text, toolUse, type ScriptedStep } from './anthropic.js';
import { BEDROCK_ANTHROPIC_VERSION, BedrockEmulator, INPUT_TOO_LONG, decodeEventStream, type BedrockOptions } from './bedrock.js';

const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const emulators: AnthropicEmulator[] = [];

afterEach(async () => {
  await Promise.all(emulators.splice(0).map((e) => e.stop()));
});

async function bedrock(options: BedrockOptions = {}): Promise<BedrockEmulator> {
  const emulator = await new BedrockEmulator(options).start();
  emulators.push(emulator);
  return emulator;
}

/** A client as a user builds it from the environment configure-aws-credentials leaves. */
function client(emulator: BedrockEmulator, overrides: Record<string, unknown> = {}) {
  const { accessKeyId, secretAccessKey, sessionToken } = emulator.credential;
  const options: Record<string, unknown> = {
    awsRegion: emulator.region,
    awsAccessKey: accessKeyId,
    awsSecretKey: secretAccessKey,
    awsSessionToken: sessionToken ?? null,
    baseURL: emulator.url,
    // The SDK puts its own API version (the anthropic-version header) in the body; Bedrock takes only its own.
    defaultHeaders: { 'anthropic-version': BEDROCK_ANTHROPIC_VERSION },
    maxRetries: 2,
    ...overrides,
  };
  return new AnthropicBedrock(options as { awsAccessKey: string; awsSecretKey: string });
}

const ask = (content = 'Hello') => ({ model: MODEL, max_tokens: 256, messages: [{ role: 'user' as const, content }] });

describe('BedrockEmulator', () => {
  it('streams a scripted reply to AnthropicBedrock signed with temporary credentials', async () => {
    const emulator = await bedrock({ region: 'eu-west-1' });
    emulator.enqueue(reply(text('Hi from Bedrock')));
    const stream = await client(emulator).messages.create({ ...ask(), stream: true });
    const types: string[] = [];
    let said = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') said += event.delta.text;
    }
    expect(said).toBe('Hi from Bedrock');
    expect(types[0]).toBe('message_start');
    expect(types.at(-1)).toBe('message_stop');

    const [request] = emulator.requests;
    expect(request!.path).toBe(`/model/${MODEL}/invoke-with-response-stream`);
    expect(request!.modelId).toBe(MODEL);
    expect(request!.stream).toBe(true);
    expect(request!.status).toBe(200);
    expect(request!.auth).toBe('sigv4');
    expect(request!.accessKeyId).toBe(emulator.credential.accessKeyId);
    expect(request!.headers['x-amz-security-token']).toBe(emulator.credential.sessionToken);
    expect(request!.headers.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${emulator.credential.accessKeyId}/\\d{8}/eu-west-1/bedrock/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`),
    );
    // The body Bedrock takes: no model, no stream, its own API version.
    expect(request!.body).toEqual({ max_tokens: 256, messages: [{ role: 'user', content: 'Hello' }], anthropic_version: BEDROCK_ANTHROPIC_VERSION });
    expect(request!.usage!.output_tokens).toBeGreaterThan(0);
  });

  it('answers the same script with the same message as the Anthropic API (tool use, usage, cache)', async () => {
    const script = (): ScriptedStep[] => [reply(text('Looking.'), toolUse('read_file', { path: 'a.txt' }, 'toolu_1'))];
    const system = [{ type: 'text' as const, text: 'You are careful. '.repeat(400), cache_control: { type: 'ephemeral' as const } }];
    const tools = [{ name: 'read_file', description: 'Reads a file', input_schema: { type: 'object' as const, properties: { path: { type: 'string' } } } }];
    const params = { ...ask('Read a.txt'), system, tools };

    const anthropic = await new AnthropicEmulator().start();
    emulators.push(anthropic);
    anthropic.enqueue(...script(), ...script());
    const direct = new Anthropic({ apiKey: 'sk-test', baseURL: anthropic.url, maxRetries: 0 });
    const emulator = await bedrock();
    emulator.enqueue(...script(), ...script());
    const viaBedrock = client(emulator, { maxRetries: 0 });

    for (let round = 0; round < 2; round++) {
      const a = await direct.messages.stream(params).finalMessage();
      const b = await viaBedrock.messages.stream({ ...params }).finalMessage();
      expect(b.content).toEqual(a.content);
      expect(b.stop_reason).toBe('tool_use');
      expect(b.usage).toEqual(a.usage);
      expect(b.id).toMatch(/^msg_bdrk_/);
    }
    // The second round read the cache the first one wrote, on both.
    expect(emulator.cacheStats.cache_read_input_tokens).toBe(anthropic.cacheStats.cache_read_input_tokens);
    expect(emulator.cacheStats.cache_read_input_tokens).toBeGreaterThan(0);
  });

  it('answers InvokeModel (not streaming) with the message as JSON and the token-count headers', async () => {
    const emulator = await bedrock();
    emulator.enqueue(reply(text('Plain answer')));
    const { data, response } = await client(emulator).messages.create(ask()).withResponse();
    expect(data.content).toEqual([{ type: 'text', text: 'Plain answer' }]);
    expect(emulator.requests[0]!.path).toBe(`/model/${MODEL}/invoke`);
    expect(response.headers.get('x-amzn-bedrock-output-token-count')).toBe(String(data.usage.output_tokens));
  });

  it('frames each event as a chunk of the AWS event stream, base64 JSON under "bytes"', async () => {
    const emulator = await bedrock();
    emulator.enqueue(reply(text('abc')));
    const response = await fetch(`${emulator.url}/model/${encodeURIComponent(MODEL)}/invoke-with-response-stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ anthropic_version: BEDROCK_ANTHROPIC_VERSION, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    const frames = decodeEventStream(new Uint8Array(await response.arrayBuffer()));
    expect(frames.length).toBeGreaterThan(4);
    for (const frame of frames) {
      expect(frame.headers).toEqual({ ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' });
      expect(Object.keys(frame.payload).sort()).toEqual(['bytes', 'p']);
    }
    const events = frames.map((f) => JSON.parse(Buffer.from(f.payload.bytes, 'base64').toString('utf8')));
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events.at(-1)['amazon-bedrock-invocationMetrics']).toMatchObject({ outputTokenCount: expect.any(Number), inputTokenCount: expect.any(Number) });
    expect(emulator.requests[0]!.auth).toBe('bearer');
  });

  it('refuses a signature scoped to another region with 403 InvalidSignatureException', async () => {
    const emulator = await bedrock({ region: 'us-west-2' });
    emulator.enqueue(reply(text('never')));
    const error = await client(emulator, { awsRegion: 'us-east-1' })
      .messages.create(ask())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnthropicBedrock.APIError);
    const apiError = error as InstanceType<typeof AnthropicBedrock.APIError>;
    expect(apiError.status).toBe(403);
    expect(apiError.message).toContain('Credential should be scoped to a valid region.');
    expect(apiError.headers?.get('x-amzn-errortype')).toMatch(/^InvalidSignatureException:/);
    expect(emulator.requests[0]!.authError).toBe('InvalidSignatureException');
    expect(emulator.remaining).toBe(1);
  });

  it('refuses a wrong secret, a temporary key without its session token, and an unknown API key', async () => {
    const emulator = await bedrock();
    const statusOf = (c: AnthropicBedrock) =>
      c.messages.create(ask()).then(
        () => 200,
        (e: InstanceType<typeof AnthropicBedrock.APIError>) => `${e.status} ${e.headers?.get('x-amzn-errortype')?.split(':')[0]}`,
      );
    expect(await statusOf(client(emulator, { awsSecretKey: 'not-the-secret' }))).toBe('403 InvalidSignatureException');
    expect(await statusOf(client(emulator, { awsSessionToken: null }))).toBe('403 UnrecognizedClientException');
    expect(await statusOf(client(emulator, { awsAccessKey: 'AKIAIOSFODNN7EXAMPLE', awsSessionToken: null }))).toBe('403 UnrecognizedClientException');
    expect(await statusOf(client(emulator, { apiKey: 'ABSKnot-a-key' }))).toBe('403 UnrecognizedClientException');
    expect(emulator.requests.map((r) => r.status)).toEqual([403, 403, 403, 403]);
  });

  it('accepts a Bedrock API key as a bearer token', async () => {
    const emulator = await bedrock();
    emulator.enqueue(reply(text('keyed')));
    const message = await new AnthropicBedrock({ apiKey: emulator.apiKey, awsRegion: emulator.region, baseURL: emulator.url, defaultHeaders: { 'anthropic-version': BEDROCK_ANTHROPIC_VERSION } })
      .messages.stream(ask())
      .finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'keyed' }]);
    expect(emulator.requests[0]!.headers.authorization).toBe(`Bearer ${emulator.apiKey}`);
    expect(emulator.requests[0]!.headers['x-amz-date']).toBeUndefined();
  });

  it('refuses the body the SDK sends without the Bedrock API version (its own version instead)', async () => {
    const emulator = await bedrock();
    const error = (await client(emulator, { defaultHeaders: {} })
      .messages.create(ask())
      .catch((e: unknown) => e)) as InstanceType<typeof AnthropicBedrock.APIError>;
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/anthropic_version.*is not a valid enum value/);
    expect(emulator.requests[0]!.body.anthropic_version).not.toBe(BEDROCK_ANTHROPIC_VERSION);
  });

  it('answers a too-long prompt with 400 ValidationException "Input is too long for requested model."', async () => {
    const emulator = await bedrock({ contextWindow: 50 });
    emulator.enqueue(reply(text('never')));
    const error = (await client(emulator)
      .messages.stream(ask('word '.repeat(200)))
      .finalMessage()
      .catch((e: unknown) => e)) as InstanceType<typeof AnthropicBedrock.APIError>;
    expect(error).toBeInstanceOf(AnthropicBedrock.BadRequestError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(`400 ${INPUT_TOO_LONG}`);
    expect(error.error).toEqual({ message: INPUT_TOO_LONG });
    expect(error.headers?.get('x-amzn-errortype')).toBe('ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/');
    expect(emulator.requests).toHaveLength(1); // a 400 is not retried
  });

  it('gives the model\'s own words for a too-long prompt when asked ("The model returned the following errors: …")', async () => {
    const emulator = await bedrock({ contextWindow: 50, promptTooLong: 'model' });
    const error = (await client(emulator)
      .messages.create(ask('word '.repeat(200)))
      .catch((e: unknown) => e)) as InstanceType<typeof AnthropicBedrock.APIError>;
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^400 The model returned the following errors: prompt is too long: \d+ tokens > 50 maximum$/);
  });

  it('can fail a too-long prompt inside the stream (HTTP 200, then a validationException frame)', async () => {
    const emulator = await bedrock({ contextWindow: 50, promptTooLong: 'stream' });
    const error = (await client(emulator)
      .messages.stream(ask('word '.repeat(200)))
      .finalMessage()
      .catch((e: unknown) => e)) as InstanceType<typeof AnthropicBedrock.APIError>;
    expect(error).toBeInstanceOf(AnthropicBedrock.APIError);
    expect(error.status).toBeUndefined();
    expect(error.error).toEqual({ type: 'error', error: { type: 'validationException', message: INPUT_TOO_LONG } });
    expect(emulator.requests[0]!.status).toBe(200);
  });

  it('throttles with 429 ThrottlingException, which the client retries (signed afresh) to success', async () => {
    const emulator = await bedrock();
    emulator.enqueue({ error: { status: 429, type: 'rate_limit_error', message: 'Too many requests, please wait before trying again.' } }, reply(text('after the wait')));
    const { data, response } = await client(emulator).messages.stream(ask()).withResponse();
    expect(response.status).toBe(200);
    expect((await data.finalMessage()).content).toEqual([{ type: 'text', text: 'after the wait' }]);
    const [first, second] = emulator.requests;
    expect([first!.status, second!.status]).toEqual([429, 200]);
    expect(second!.headers['x-stainless-retry-count']).toBe('1');
    expect(second!.headers.authorization).not.toBe(first!.headers.authorization);
  }, 15_000);

  it('turns an overload into 503 ServiceUnavailableException (Bedrock has no 529), retried', async () => {
    const emulator = await bedrock();
    emulator.enqueue({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } }, reply(text('ok')));
    const message = await client(emulator).messages.stream(ask()).finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(emulator.requests.map((r) => r.status)).toEqual([503, 200]);
  }, 15_000);

  it('passes a scripted Bedrock exception as it is', async () => {
    const emulator = await bedrock();
    emulator.enqueue({ error: { status: 429, type: 'ThrottlingException', message: 'Too many tokens, please wait before trying again.' } });
    const error = (await client(emulator, { maxRetries: 0 })
      .messages.create(ask())
      .catch((e: unknown) => e)) as InstanceType<typeof AnthropicBedrock.APIError>;
    expect(error).toBeInstanceOf(AnthropicBedrock.RateLimitError);
    expect(error.message).toBe('429 Too many tokens, please wait before trying again.');
    expect(error.headers?.get('x-amzn-errortype')).toBe('ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/');
  });

  it('sends an error inside a stream as an exception frame, which the SDK turns into an error event', async () => {
    const emulator = await bedrock();
    emulator.enqueue({ reply: { content: [text('partial answer that stops')] }, errorEventAfter: { events: 3, type: 'overloaded_error', message: 'Overloaded' } });
    const error = (await client(emulator, { maxRetries: 0 })
      .messages.stream(ask())
      .finalMessage()
      .catch((e: unknown) => e)) as InstanceType<typeof AnthropicBedrock.APIError>;
    expect(error).toBeInstanceOf(AnthropicBedrock.APIError);
    expect((error.error as any).error).toEqual({ type: 'modelStreamErrorException', message: 'Overloaded' });
  });

  it('refuses a model id Bedrock does not know (an Anthropic API id)', async () => {
    const emulator = await bedrock();
    const error = (await client(emulator)
      .messages.create({ ...ask(), model: 'claude-opus-4-6' })
      .catch((e: unknown) => e)) as InstanceType<typeof AnthropicBedrock.APIError>;
    expect(error.status).toBe(400);
    expect(error.message).toBe('400 The provided model identifier is invalid.');
  });

  it('gives the environment the action reads', async () => {
    const emulator = await bedrock({ region: 'eu-central-1' });
    expect(emulator.env()).toEqual({
      ANTHROPIC_BEDROCK_BASE_URL: emulator.url,
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: emulator.credential.accessKeyId,
      AWS_SECRET_ACCESS_KEY: emulator.credential.secretAccessKey,
      AWS_SESSION_TOKEN: emulator.credential.sessionToken,
    });
    expect(emulator.env('bearer')).toEqual({ ANTHROPIC_BEDROCK_BASE_URL: emulator.url, AWS_REGION: 'eu-central-1', AWS_BEARER_TOKEN_BEDROCK: emulator.apiKey });
    expect(emulator.credential.accessKeyId).toMatch(/^ASIA[A-Z2-7]{16}$/);
  });
});
