import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import { GoogleAuth } from 'google-auth-library';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text } from './anthropic.js';
import { ACCESS_TOKEN_TYPE, CLOUD_PLATFORM_SCOPE, JWT_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT, VERTEX_ANTHROPIC_VERSION, VertexEmulator, type VertexOptions } from './vertex.js';

const MODEL = 'claude-opus-4-6@20260101';
const emulators: VertexEmulator[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(emulators.splice(0).map((e) => e.stop()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function vertex(options: VertexOptions = {}): Promise<VertexEmulator> {
  const emulator = await new VertexEmulator(options).start();
  emulators.push(emulator);
  return emulator;
}

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vertex-emulator-'));
  dirs.push(dir);
  return dir;
}

type APIError = InstanceType<typeof AnthropicVertex.APIError>;

/** A client as a user builds it from what google-github-actions/auth leaves: the credentials file, the project, the region. */
function client(emulator: VertexEmulator, keyFile: string, overrides: Record<string, unknown> = {}) {
  return new AnthropicVertex({
    region: emulator.region,
    projectId: emulator.projectId,
    googleAuth: new GoogleAuth({ keyFile, projectId: emulator.projectId, scopes: CLOUD_PLATFORM_SCOPE }),
    baseURL: emulator.baseURL,
    // The SDK puts its own API version (the anthropic-version header) in the body; Vertex takes only its own.
    defaultHeaders: { 'anthropic-version': VERTEX_ANTHROPIC_VERSION },
    maxRetries: 2,
    ...overrides,
  });
}

const ask = (content = 'Hello') => ({ model: MODEL, max_tokens: 256, messages: [{ role: 'user' as const, content }] });

describe('VertexEmulator', () => {
  it('streams a scripted reply through the whole keyless login: runner OIDC, then STS, then the model', async () => {
    const emulator = await vertex();
    emulator.enqueue(reply(text('Hi from Vertex')));
    const keyFile = emulator.writeCredentialsFile(workspace());
    const stream = await client(emulator, keyFile).messages.create({ ...ask(), stream: true });
    let said = '';
    for await (const event of stream) if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') said += event.delta.text;
    expect(said).toBe('Hi from Vertex');
    expect(emulator.sequence).toEqual(['oidc', 'sts', 'model']);

    const [oidc, sts, model] = emulator.calls;
    expect(oidc!.headers.authorization).toBe(`Bearer ${emulator.oidcRequestToken}`);
    expect(new URL(oidc!.path, emulator.url).searchParams.get('audience')).toBe(emulator.oidcAudience);
    expect(sts!.body).toMatchObject({
      grant_type: TOKEN_EXCHANGE_GRANT,
      audience: emulator.audience,
      requested_token_type: ACCESS_TOKEN_TYPE,
      subject_token_type: JWT_TOKEN_TYPE,
      subject_token: emulator.idTokens[0],
      scope: CLOUD_PLATFORM_SCOPE,
    });
    expect(emulator.verifyIdToken(emulator.idTokens[0]!)).toMatchObject({ iss: 'https://token.actions.githubusercontent.com', aud: emulator.oidcAudience });
    expect(model!.status).toBe(200);

    const [request] = emulator.requests;
    expect(request!.path).toBe(`/v1/projects/${emulator.projectId}/locations/${emulator.region}/publishers/anthropic/models/${MODEL}:streamRawPredict`);
    expect(request!.model).toBe(MODEL);
    expect(request!.specifier).toBe('streamRawPredict');
    expect(emulator.tokens.get(request!.token!)?.kind).toBe('federated');
    // The body Vertex takes: no model, stream kept, its own API version.
    expect(request!.body).toEqual({ max_tokens: 256, messages: [{ role: 'user', content: 'Hello' }], stream: true, anthropic_version: VERTEX_ANTHROPIC_VERSION });
  });

  it('writes the credentials file as google-github-actions/auth does', async () => {
    const emulator = await vertex();
    const dir = workspace();
    const path = emulator.writeCredentialsFile(dir);
    expect(basename(path)).toMatch(/^gha-creds-[a-f0-9]{16}\.json$/);
    // Written 0640 (what the action asks; the umask may take more away): never readable by others.
    expect(statSync(path).mode & 0o777 & ~0o640).toBe(0);
    const raw = readFileSync(path, 'utf8');
    expect(raw).not.toContain('\n');
    const url = new URL(emulator.oidcRequestUrl);
    url.searchParams.set('audience', emulator.oidcAudience);
    expect(JSON.parse(raw)).toEqual({
      type: 'external_account',
      audience: `//iam.googleapis.com/projects/123456789012/locations/global/workloadIdentityPools/github/providers/deckhand`,
      subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
      token_url: `${emulator.url}/v1/token`,
      credential_source: {
        url: url.toString(),
        headers: { Authorization: `Bearer ${emulator.oidcRequestToken}` },
        format: { type: 'json', subject_token_field_name: 'value' },
      },
    });
    expect(Object.keys(JSON.parse(raw))).toEqual(['type', 'audience', 'subject_token_type', 'token_url', 'credential_source']);
    const impersonating = JSON.parse(readFileSync(emulator.writeCredentialsFile(dir, { serviceAccount: 'deckhand@deckhand-ci.iam.gserviceaccount.com' }), 'utf8'));
    expect(impersonating.service_account_impersonation_url).toBe(
      `${emulator.url}/v1/projects/-/serviceAccounts/deckhand@deckhand-ci.iam.gserviceaccount.com:generateAccessToken`,
    );
  });

  it('impersonates a service account through IAM generateAccessToken when the file asks for it', async () => {
    const serviceAccount = 'deckhand@deckhand-ci.iam.gserviceaccount.com';
    const emulator = await vertex({ serviceAccount });
    emulator.enqueue(reply(text('as the service account')), reply(text('again')));
    const vertexClient = client(emulator, emulator.writeCredentialsFile(workspace()));
    expect((await vertexClient.messages.stream(ask()).finalMessage()).content).toEqual([{ type: 'text', text: 'as the service account' }]);
    // The token is cached: the second request goes straight to the model.
    await vertexClient.messages.stream(ask()).finalMessage();
    expect(emulator.sequence).toEqual(['oidc', 'sts', 'iam', 'model', 'model']);
    const iam = emulator.calls[2]!;
    expect(iam.headers.authorization).toMatch(/^Bearer ya29\.d\./);
    expect(iam.body).toEqual({ scope: [CLOUD_PLATFORM_SCOPE], lifetime: '3600s' });
    expect(emulator.tokens.get(emulator.requests[0]!.token!)).toMatchObject({ kind: 'service_account', serviceAccount });
  });

  it('refuses a federated token (403) when only the impersonated account may predict', async () => {
    const emulator = await vertex({ serviceAccount: 'deckhand@deckhand-ci.iam.gserviceaccount.com' });
    emulator.enqueue(reply(text('never')));
    const keyFile = emulator.writeCredentialsFile(workspace(), { serviceAccount: undefined });
    const error = (await client(emulator, keyFile, { maxRetries: 0 })
      .messages.create(ask())
      .catch((e: unknown) => e)) as APIError;
    expect(emulator.sequence).toEqual(['oidc', 'sts', 'model']);
    expect(error).toBeInstanceOf(AnthropicVertex.PermissionDeniedError);
    expect((error.error as any).error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(emulator.remaining).toBe(1);
  });

  it('answers 401 in Google\'s shape without a token, or with one it did not issue', async () => {
    const emulator = await vertex();
    const path = `/v1/projects/${emulator.projectId}/locations/${emulator.region}/publishers/anthropic/models/${MODEL}`;
    const bare = await fetch(`${emulator.url}${path}:streamRawPredict`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(bare.status).toBe(401);
    const [body] = (await bare.json()) as any[];
    expect(body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED', details: [{ reason: 'CREDENTIALS_MISSING' }] });

    const authClient = { getRequestHeaders: async () => new Headers({ authorization: 'Bearer ya29.made-up' }) };
    const error = (await new AnthropicVertex({ region: emulator.region, projectId: emulator.projectId, authClient: authClient as never, baseURL: emulator.baseURL, maxRetries: 0 })
      .messages.create(ask())
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(AnthropicVertex.AuthenticationError);
    expect(error.status).toBe(401);
    expect((error.error as any).error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED', message: expect.stringContaining('invalid authentication credentials') });
    expect(emulator.requests.map((r) => r.status)).toEqual([401, 401]);
  });

  it('answers a too-long prompt with 413 "Prompt is too long", in the Anthropic error shape', async () => {
    const emulator = await vertex({ contextWindow: 50 });
    emulator.enqueue(reply(text('never')));
    const error = (await client(emulator, emulator.writeCredentialsFile(workspace()))
      .messages.stream(ask('word '.repeat(200)))
      .finalMessage()
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(AnthropicVertex.APIError);
    expect(error.status).toBe(413);
    expect(error.error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: 'Prompt is too long' }, request_id: expect.stringMatching(/^req_vrtx_/) });
    expect(error.message).toContain('Prompt is too long');
    expect(emulator.sequence).toEqual(['oidc', 'sts', 'model']); // a 413 is not retried
  });

  it('answers 529 overloaded, which the client retries to success without a new token exchange', async () => {
    const emulator = await vertex();
    emulator.enqueue({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } }, reply(text('after the overload')));
    const message = await client(emulator, emulator.writeCredentialsFile(workspace())).messages.stream(ask()).finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'after the overload' }]);
    expect(message.id).toMatch(/^msg_vrtx_/);
    expect(emulator.sequence).toEqual(['oidc', 'sts', 'model', 'model']);
    expect(emulator.requests.map((r) => r.status)).toEqual([529, 200]);
    expect(emulator.requests[1]!.headers['x-stainless-retry-count']).toBe('1');
  }, 15_000);

  it('answers a rate limit as Vertex\'s quota error (429 RESOURCE_EXHAUSTED), retried', async () => {
    const emulator = await vertex();
    emulator.enqueue({ error: { status: 429, type: 'rate_limit_error', message: 'Rate limited' } }, reply(text('ok')));
    const vertexClient = client(emulator, emulator.writeCredentialsFile(workspace()), { maxRetries: 0 });
    const error = (await vertexClient.messages.create({ ...ask(), stream: true }).catch((e: unknown) => e)) as APIError;
    expect(error.status).toBe(429);
    expect(error.error).toEqual([
      { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: expect.stringMatching(/^Quota exceeded for aiplatform\.googleapis\.com\/.* base model: anthropic-claude-opus-4-6\./) } },
    ]);
    expect((await vertexClient.withOptions({ maxRetries: 2 }).messages.stream(ask()).finalMessage()).content).toEqual([{ type: 'text', text: 'ok' }]);
  });

  it('answers rawPredict (not streaming) with the message as JSON', async () => {
    const emulator = await vertex();
    emulator.enqueue(reply(text('plain')));
    const message = await client(emulator, emulator.writeCredentialsFile(workspace())).messages.create(ask());
    expect(message.content).toEqual([{ type: 'text', text: 'plain' }]);
    expect(emulator.requests[0]!.specifier).toBe('rawPredict');
    expect(emulator.requests[0]!.body.stream).toBeUndefined();
  });

  it('refuses the body the SDK sends without the Vertex API version (its own version instead)', async () => {
    const emulator = await vertex();
    const error = (await client(emulator, emulator.writeCredentialsFile(workspace()), { defaultHeaders: {} })
      .messages.create(ask())
      .catch((e: unknown) => e)) as APIError;
    expect(error.status).toBe(400);
    expect(error.message).toContain(`anthropic_version: Input should be '${VERTEX_ANTHROPIC_VERSION}'`);
  });

  it('does not find an Anthropic API model id (with "-date" rather than "@date")', async () => {
    const emulator = await vertex();
    const error = (await client(emulator, emulator.writeCredentialsFile(workspace()))
      .messages.create({ ...ask(), model: 'claude-opus-4-6-20260101' })
      .catch((e: unknown) => e)) as APIError;
    expect(error.status).toBe(404);
    expect(error.message).toContain('Publisher Model `projects/deckhand-ci/locations/us-east5/publishers/anthropic/models/claude-opus-4-6-20260101` not found.');
  });

  it('fails the login, with no model request, when STS refuses the exchange', async () => {
    const emulator = await vertex();
    emulator.enqueue(reply(text('never')));
    // A file made for another workload identity provider: STS refuses its audience.
    const config = emulator.credentialsConfig();
    const keyFile = join(workspace(), 'gha-creds-0123456789abcdef.json');
    writeFileSync(keyFile, JSON.stringify({ ...config, audience: String(config.audience).replace('/providers/deckhand', '/providers/other') }));
    const failure = (await client(emulator, keyFile, { maxRetries: 0 })
      .messages.create(ask())
      .catch((e: unknown) => e)) as Error;
    expect(failure).toBeInstanceOf(AnthropicVertex.APIConnectionError);
    expect(failure.message).toBe('Failed to acquire Google OAuth credentials.');
    expect(String((failure as any).cause)).toContain('invalid_target');
    expect(emulator.sequence).toEqual(['oidc', 'sts']);
    expect(emulator.calls[1]!.status).toBe(400);
    expect(emulator.remaining).toBe(1);
  });

  it('fails the login when the runner\'s OIDC endpoint refuses (failNext); google-auth-library retries a 5xx itself', async () => {
    const emulator = await vertex();
    emulator.enqueue(reply(text('after one OIDC failure')));
    emulator.failNext('oidc', 401);
    const failure = (await client(emulator, emulator.writeCredentialsFile(workspace()), { maxRetries: 0 })
      .messages.create(ask())
      .catch((e: unknown) => e)) as Error;
    expect(failure).toBeInstanceOf(AnthropicVertex.APIConnectionError);
    expect(emulator.sequence).toEqual(['oidc']);

    emulator.failNext('oidc', 503);
    const message = await client(emulator, emulator.writeCredentialsFile(workspace()), { maxRetries: 0 }).messages.create(ask());
    expect(message.content).toEqual([{ type: 'text', text: 'after one OIDC failure' }]);
    expect(emulator.sequence).toEqual(['oidc', 'oidc', 'oidc', 'sts', 'model']);
    expect(emulator.calls.map((c) => c.status)).toEqual([401, 503, 200, 200, 200]);
  }, 15_000);

  it('gives the environment google-github-actions/auth and the runner leave', async () => {
    const emulator = await vertex({ region: 'europe-west1', projectId: 'acme-ml' });
    const file = emulator.writeCredentialsFile(workspace());
    expect(emulator.env(file)).toMatchObject({
      ANTHROPIC_VERTEX_BASE_URL: `${emulator.url}/v1`,
      CLOUD_ML_REGION: 'europe-west1',
      ANTHROPIC_VERTEX_PROJECT_ID: 'acme-ml',
      GOOGLE_CLOUD_PROJECT: 'acme-ml',
      GOOGLE_APPLICATION_CREDENTIALS: file,
      ACTIONS_ID_TOKEN_REQUEST_URL: emulator.oidcRequestUrl,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: emulator.oidcRequestToken,
    });
  });
});
