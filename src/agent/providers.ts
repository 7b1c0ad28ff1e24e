// Where the model runs (issue 16): the Anthropic API (or a gateway at
// ANTHROPIC_BASE_URL), Amazon Bedrock or Google Vertex AI, each through its
// official client. The Bedrock and Vertex clients are loaded only on a run that
// uses them, so the Anthropic path starts as it always did. Credentials are the
// ones the workflow left in the environment (aws-actions/configure-aws-credentials,
// google-github-actions/auth); what is missing is said in one line before any
// request. Every provider goes through the same send loop (model.ts): the same
// streaming, cache breakpoints, usage, stream retry and error classes.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { APIError } from '@anthropic-ai/sdk/error';
import type { ModelClient } from '../core/model.js';
import { DEFAULT_EXPLORE_MODEL, DEFAULT_MODEL, type PROVIDERS } from '../inputs.js';
import { anthropicModel, isPromptTooLong, ModelError, streamingModel, type ModelBackend } from './model.js';

export type Provider = (typeof PROVIDERS)[number];

/** The workflow did not leave what the provider needs (a region, a project, credentials): nothing was sent. */
export class ProviderSetupError extends Error {
  override name = 'ProviderSetupError';
}

/** Retries of 408, 409, 429 and 5xx (Bedrock's 503, Vertex's 529) by the SDK, with backoff: as on the Anthropic path. */
const MAX_RETRIES = 2;

const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/**
 * Each provider's id of the default model. Bedrock serves current models
 * through inference profiles, and a `global.` one routes to any region (the
 * Bedrock SDK's README spells the model so); Vertex AI takes the first-party id.
 */
/** A default model (the run's, the explorers') in `provider`'s spelling. */
const inProvider = (provider: Provider, model: string): string => (provider === 'bedrock' ? `global.anthropic.${model}` : model);

/** The id to send: a default model (the run's, the explorers') in the provider's spelling; any other id is the user's, passed as given. */
export function providerModelId(provider: Provider, model: string): string {
  return model === DEFAULT_MODEL || model === DEFAULT_EXPLORE_MODEL ? inProvider(provider, model) : model;
}

const given = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

function bedrockSetup(env: NodeJS.ProcessEnv): { region: string } {
  // The SDK reads only AWS_REGION, and without it silently uses us-east-1.
  const region = given(env.AWS_REGION) ?? given(env.AWS_DEFAULT_REGION);
  if (!region) throw new ProviderSetupError('Missing AWS region: set AWS_REGION (or AWS_DEFAULT_REGION), as aws-actions/configure-aws-credentials does.');
  const missing = missingAwsCredentials(env);
  if (missing) throw new ProviderSetupError(missing);
  return { region };
}

/**
 * Why no AWS credentials could be found, or undefined when some source is
 * there: a Bedrock API key, keys in the environment, a web identity token with
 * a role, a profile, the container endpoint, or the shared files. (An EC2
 * instance role would need a network call to find, so it does not count.)
 */
function missingAwsCredentials(env: NodeJS.ProcessEnv): string | undefined {
  if (given(env.AWS_BEARER_TOKEN_BEDROCK)) return undefined;
  const keyId = given(env.AWS_ACCESS_KEY_ID);
  const secret = given(env.AWS_SECRET_ACCESS_KEY);
  const tokenFile = given(env.AWS_WEB_IDENTITY_TOKEN_FILE);
  if (keyId && secret) return undefined;
  if (tokenFile && given(env.AWS_ROLE_ARN)) return undefined;
  if (given(env.AWS_PROFILE) || given(env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI) || given(env.AWS_CONTAINER_CREDENTIALS_FULL_URI)) return undefined;
  const home = given(env.HOME) ?? homedir();
  const files = [given(env.AWS_SHARED_CREDENTIALS_FILE) ?? join(home, '.aws', 'credentials'), given(env.AWS_CONFIG_FILE) ?? join(home, '.aws', 'config')];
  if (files.some((file) => existsSync(file))) return undefined;
  const half = keyId
    ? ' (AWS_ACCESS_KEY_ID is set without AWS_SECRET_ACCESS_KEY)'
    : secret
      ? ' (AWS_SECRET_ACCESS_KEY is set without AWS_ACCESS_KEY_ID)'
      : tokenFile
        ? ' (AWS_WEB_IDENTITY_TOKEN_FILE is set without AWS_ROLE_ARN)'
        : '';
  return `Missing AWS credentials${half}: run aws-actions/configure-aws-credentials before this step (the job needs id-token: write), or set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key.`;
}

function vertexSetup(env: NodeJS.ProcessEnv): { region: string; projectId: string } {
  const region = given(env.CLOUD_ML_REGION);
  if (!region) throw new ProviderSetupError('Missing Vertex AI region: set CLOUD_ML_REGION (such as us-east5, europe-west1 or global).');
  const projectId = given(env.ANTHROPIC_VERTEX_PROJECT_ID) ?? given(env.GOOGLE_CLOUD_PROJECT);
  if (!projectId) throw new ProviderSetupError('Missing Vertex AI project: set ANTHROPIC_VERTEX_PROJECT_ID (or GOOGLE_CLOUD_PROJECT, as google-github-actions/auth does when given a project_id).');
  const credentials = given(env.GOOGLE_APPLICATION_CREDENTIALS);
  if (!credentials) throw new ProviderSetupError('Missing Google credentials: set GOOGLE_APPLICATION_CREDENTIALS, as google-github-actions/auth does (the job needs id-token: write).');
  if (!existsSync(credentials)) throw new ProviderSetupError(`Missing Google credentials: GOOGLE_APPLICATION_CREDENTIALS names ${credentials}, which does not exist.`);
  return { region, projectId };
}

/** What the provider needs from the environment, checked before any request; throws ProviderSetupError naming what is missing. */
export function checkProvider(provider: Provider, env: NodeJS.ProcessEnv): { region?: string; projectId?: string } {
  if (provider === 'bedrock') return bedrockSetup(env);
  if (provider === 'vertex') return vertexSetup(env);
  return {};
}

// ─── Errors ────────────────────────────────────────────────────────────────────

const firstLine = (text: string) => text.split('\n')[0]!.trim();

/** The error object of a response body: Anthropic's and Google's `{error: {…}}`, Google's `[{error: {…}}]`, AWS's `{message}`. */
function errorBody(err: APIError): { message?: unknown; type?: unknown; status?: unknown } | undefined {
  const body = (Array.isArray(err.error) ? err.error[0] : err.error) as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const inner = body.error;
  return typeof inner === 'object' && inner !== null ? inner : body;
}

/** The provider's own words for the error, one line. */
function detailOf(err: APIError): string {
  const message = errorBody(err)?.message;
  const text = err.apiMessage ?? (typeof message === 'string' ? message : err.message.replace(/^\d{3} /, ''));
  return firstLine(text).replace(/\.$/, '');
}

/** The error's kind: Anthropic's `error.type`, AWS's x-amzn-errortype header, Google's `error.status`. */
function kindOf(err: APIError): string | undefined {
  const amazon = err.headers?.get('x-amzn-errortype')?.split(':')[0];
  const status = errorBody(err)?.status;
  return err.type ?? (amazon || undefined) ?? (typeof status === 'string' ? status : undefined);
}

/** Too long, in any provider's words (model.ts), read from wherever its error body puts the message. */
const promptTooLong = (err: APIError): boolean => isPromptTooLong(err, detailOf(err));

/** Bedrock's answers to an id it does not serve this way: a 400, not a 404. */
const UNKNOWN_MODEL = /model identifier is invalid|on-demand throughput/i;

interface ProviderWords {
  name: string;
  /** What to check after a 401 or 403, or when no credentials could be had. */
  credentials: string;
  /** What to check when the model is not there. */
  model: string;
}

function describeError(errors: ModelBackend['errors'], words: ProviderWords, err: unknown): ModelError {
  if (err instanceof errors.APIError && !(err instanceof errors.APIConnectionError)) {
    const what = [err.status, kindOf(err)].filter((part) => part !== undefined && part !== null).join(' ');
    const hint =
      err.status === 401 || err.status === 403 ? ` ${words.credentials}`
      : err.status === 404 || (err.status === 400 && UNKNOWN_MODEL.test(detailOf(err))) ? ` ${words.model}`
      : err.status === undefined || err.status === 429 || err.status >= 500 ? ' (still failing after retries with backoff)'
      : '';
    return new ModelError(`${words.name} error ${what}: ${detailOf(err)}.${hint}`, err.status);
  }
  const message = err instanceof Error ? err.message : String(err);
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : undefined;
  const text = firstLine([message, cause].filter((part) => part).map((part) => firstLine(part!).replace(/\.$/, '')).join(': '));
  // The SDKs report a failed credential exchange (STS, the Google token endpoint) as a connection error.
  if (/credentials/i.test(message)) return new ModelError(`Could not authenticate to ${words.name}: ${text}. ${words.credentials}`);
  return new ModelError(`Could not reach ${words.name}: ${text}`);
}

// ─── Clients ───────────────────────────────────────────────────────────────────

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A fetch that tells `onSecret` of each credential in `headers` the first time
 * it is sent: credentials the SDK got by an exchange (a Vertex access token,
 * the session token of assumed AWS credentials) live only in memory, and the
 * run must redact them like the ones in its environment.
 */
function reportingFetch(onSecret: ((name: string, value: string) => void) | undefined, headers: ReadonlyArray<[header: string, name: string]>): Fetch | undefined {
  if (!onSecret) return undefined;
  const told = new Set<string>();
  return (input, init) => {
    const sent = new Headers(init?.headers);
    for (const [header, name] of headers) {
      const value = sent.get(header)?.replace(/^Bearer\s+/i, '').trim();
      if (value && !told.has(value)) {
        told.add(value);
        onSecret(name, value);
      }
    }
    return fetch(input, init);
  };
}

async function bedrockBackend(env: NodeJS.ProcessEnv, region: string, onSecret?: (name: string, value: string) => void): Promise<ModelBackend> {
  const sdk = await import('./bedrock-sdk.js');
  const reporting = reportingFetch(onSecret, [['x-amz-security-token', 'the AWS session token']]);
  const common = {
    awsRegion: region,
    baseURL: given(env.ANTHROPIC_BEDROCK_BASE_URL) ?? `https://bedrock-runtime.${region}.amazonaws.com`,
    maxRetries: MAX_RETRIES,
    // The SDK copies this header into the body's anthropic_version, and Bedrock takes only its own version.
    defaultHeaders: { 'anthropic-version': 'bedrock-2023-05-31' },
    ...(reporting ? { fetch: reporting } : {}),
  };
  const bearer = given(env.AWS_BEARER_TOKEN_BEDROCK);
  const keyId = given(env.AWS_ACCESS_KEY_ID);
  const secret = given(env.AWS_SECRET_ACCESS_KEY);
  // A Bedrock API key wins (sent as a bearer token, no signing); else keys from
  // `env`; else the SDK's AWS default chain (web identity, profiles, the
  // container endpoint), which reads process.env.
  const client = bearer
    ? new sdk.AnthropicBedrock({ ...common, apiKey: bearer })
    : keyId && secret
      ? new sdk.AnthropicBedrock({ ...common, apiKey: null, awsAccessKey: keyId, awsSecretKey: secret, awsSessionToken: given(env.AWS_SESSION_TOKEN) ?? null })
      : new sdk.AnthropicBedrock({ ...common, apiKey: null });
  const words: ProviderWords = {
    name: 'Bedrock',
    credentials: `Check the AWS credentials step (aws-actions/configure-aws-credentials, or AWS_BEARER_TOKEN_BEDROCK) and that its role may call bedrock:InvokeModelWithResponseStream on this model in ${region}.`,
    model: `Check the model input: Bedrock takes its own model ids and inference profiles (such as ${inProvider('bedrock', DEFAULT_MODEL)}), for a model enabled in ${region}.`,
  };
  return { messages: client.messages, errors: sdk, isPromptTooLong: promptTooLong, describe: (err) => describeError(sdk, words, err) };
}

/** What went wrong loading the credentials file, without quoting the file (it may hold a private key). */
function credentialsFileProblem(err: unknown): string {
  if (err instanceof SyntaxError) return 'it is not valid JSON';
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? firstLine(err.message) : String(err);
}

async function vertexBackend(env: NodeJS.ProcessEnv, region: string, projectId: string, onSecret?: (name: string, value: string) => void): Promise<ModelBackend> {
  const sdk = await import('./vertex-sdk.js');
  const keyFile = given(env.GOOGLE_APPLICATION_CREDENTIALS)!;
  let authClient: Awaited<ReturnType<InstanceType<typeof sdk.GoogleAuth>['getClient']>>;
  try {
    // Read here, not given as keyFile: google-auth-library takes a file that is
    // not JSON for a PEM key and goes on without credentials.
    const credentials = JSON.parse(await readFile(keyFile, 'utf8'));
    // Given the project, google-auth-library never looks it up, a call the
    // workload identity may lack the permission for.
    authClient = await new sdk.GoogleAuth({ projectId, credentials, scopes: CLOUD_PLATFORM_SCOPE }).getClient();
  } catch (err) {
    throw new ModelError(`Could not load the Google credentials in ${keyFile} (GOOGLE_APPLICATION_CREDENTIALS): ${credentialsFileProblem(err)}.`);
  }
  const reporting = reportingFetch(onSecret, [['authorization', 'the Vertex access token']]);
  const client = new sdk.AnthropicVertex({
    region,
    projectId,
    authClient,
    // null, not undefined: the SDK then takes the region's endpoint rather than reading process.env itself.
    baseURL: given(env.ANTHROPIC_VERTEX_BASE_URL) ?? null,
    maxRetries: MAX_RETRIES,
    // Copied into the body's anthropic_version: Vertex AI takes only its own version.
    defaultHeaders: { 'anthropic-version': 'vertex-2023-10-16' },
    ...(reporting ? { fetch: reporting } : {}),
  });
  const words: ProviderWords = {
    name: 'Vertex AI',
    credentials: `Check the Google credentials step (google-github-actions/auth) and that its service account has the Vertex AI User role in project ${projectId}.`,
    model: `Check the model input: Vertex AI takes its own model ids (such as ${inProvider('vertex', DEFAULT_MODEL)}), for a model enabled in project ${projectId}, region ${region}.`,
  };
  return { messages: client.messages, errors: sdk, isPromptTooLong: promptTooLong, describe: (err) => describeError(sdk, words, err) };
}

/** Starts loading `provider`'s client in the background (while GitHub answers the first call); providerModel uses it. */
export function preloadModelClient(provider: Provider): void {
  const loading = provider === 'bedrock' ? import('./bedrock-sdk.js') : provider === 'vertex' ? import('./vertex-sdk.js') : import('./anthropic-sdk.js');
  loading.catch(() => undefined); // a failure is reported when the client is made
}

/**
 * The model client for `provider`. For `anthropic`, exactly anthropicModel
 * with `apiKey`, `authToken` and `baseURL` (which only it takes). For `bedrock`
 * and `vertex`, everything comes from `env` — region, project, credentials and
 * the base URL (ANTHROPIC_BEDROCK_BASE_URL; ANTHROPIC_VERTEX_BASE_URL, which
 * includes /v1) — checked at once (ProviderSetupError); the client is loaded in
 * the background, and `onSecret` hears of each credential obtained at run time.
 */
export function providerModel(opts: {
  provider: Provider;
  env: NodeJS.ProcessEnv;
  apiKey?: string;
  authToken?: string;
  baseURL?: string;
  onSecret?: (name: string, value: string) => void;
}): ModelClient {
  if (opts.provider === 'anthropic') {
    return anthropicModel({ ...(opts.apiKey ? { apiKey: opts.apiKey } : {}), ...(opts.authToken ? { authToken: opts.authToken } : {}), ...(opts.baseURL ? { baseURL: opts.baseURL } : {}) });
  }
  const name = opts.provider === 'bedrock' ? 'Bedrock' : 'Vertex AI';
  let ready: Promise<ModelBackend>;
  if (opts.provider === 'bedrock') {
    const { region } = bedrockSetup(opts.env);
    ready = bedrockBackend(opts.env, region, opts.onSecret);
  } else {
    const { region, projectId } = vertexSetup(opts.env);
    ready = vertexBackend(opts.env, region, projectId, opts.onSecret);
  }
  return streamingModel(
    ready.catch((err: unknown) => {
      throw err instanceof ModelError ? err : new ModelError(`Could not set up the ${name} client: ${firstLine(err instanceof Error ? err.message : String(err))}`);
    }),
  );
}
