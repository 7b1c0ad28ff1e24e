// A local Amazon Bedrock runtime for Anthropic models: a real HTTP server on
// 127.0.0.1 serving InvokeModel (POST /model/{modelId}/invoke) and
// InvokeModelWithResponseStream (POST /model/{modelId}/invoke-with-response-stream)
// as bedrock-runtime does. It plays the same script as the Anthropic emulator
// (it is one: the scripting, the request checks, the prompt cache and the events
// are the Anthropic emulator's); only the transport differs:
//   - auth: a SigV4 Authorization header, checked for shape (algorithm, credential
//     scope date/region/service, signed headers, a 64-hex signature), x-amz-date
//     (and the clock skew), x-amz-security-token for a temporary (ASIA…) key, and
//     the signature itself recomputed with the secret key; or a Bedrock API key as
//     `Authorization: Bearer …`. Failures are 403 with AWS's JSON and x-amzn-errortype.
//   - body: the Anthropic request without `model` and `stream` (the model is in the
//     path, streaming is the operation) and with anthropic_version "bedrock-2023-05-31".
//   - streaming: application/vnd.amazon.eventstream, one `chunk` event frame per
//     Anthropic event, payload {"bytes": base64(event JSON), "p": padding}; errors
//     inside a stream are `exception` frames (throttlingException, …).
//   - errors: JSON {"message": …} with x-amzn-errortype
//     "<Type>:http://internal.amazon.com/coral/com.amazon.bedrock/"; a too-long prompt
//     is a 400 ValidationException; overload is 429 ThrottlingException or 503
//     ServiceUnavailableException (Bedrock never answers 529).
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AnthropicEmulator, playEvents, type EmulatorOptions, type ErrorStep, type RecordedRequest, type StreamEvent } from './anthropic.js';

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Required with a temporary (ASIA…) access key, as STS issues them. */
  sessionToken?: string;
}

export interface BedrockOptions extends EmulatorOptions {
  /** The region this endpoint serves; a signature scoped to another is refused (default us-east-1). */
  region?: string;
  /**
   * The AWS credentials it knows (default: one temporary set it makes up, as
   * configure-aws-credentials leaves after assuming a role). A request signed with
   * another key, or with the wrong session token, is refused.
   */
  credentials?: AwsCredentials[];
  /** Recompute and compare the signature (default true). False: check its shape and scope only, any key. */
  verifySignature?: boolean;
  /** Bedrock API keys accepted as `Authorization: Bearer …` (default: one it makes up, `apiKey`). */
  apiKeys?: string[];
  /**
   * How a prompt over `contextWindow` (or a scripted "prompt is too long" error) is answered:
   * "input" (default): 400 ValidationException "Input is too long for requested model.";
   * "model": 400 ValidationException "The model returned the following errors: prompt is too long: …";
   * "stream": on a streaming request, HTTP 200 and then a validationException frame
   * "Input is too long for requested model." (as Bedrock sometimes does); otherwise as "input".
   */
  promptTooLong?: 'input' | 'model' | 'stream';
  /**
   * How a step's `errorEventAfter` arrives: "exception" (default) as an exception frame
   * (rate_limit_error → throttlingException, overloaded_error → modelStreamErrorException,
   * api_error → internalServerException, invalid_request_error → validationException),
   * "chunk" as a chunk carrying the Anthropic error event itself.
   */
  streamErrors?: 'exception' | 'chunk';
  /** How far x-amz-date may be from the emulator's clock (default 5 minutes, as AWS allows). */
  maxClockSkewMs?: number;
}

export interface BedrockRequest extends RecordedRequest {
  method: string;
  /** The path as it arrived (percent-encoding kept). */
  path: string;
  /** The model id from the path (decoded), e.g. "us.anthropic.claude-sonnet-4-5-20250929-v1:0". */
  modelId: string;
  /** True for invoke-with-response-stream. */
  stream: boolean;
  /** How the request authenticated (or tried to). */
  auth: 'sigv4' | 'bearer' | 'none';
  /** The access key of a SigV4 request. */
  accessKeyId?: string;
  /** The HTTP status answered. */
  status?: number;
  /** Why auth failed (the AWS error type), when it did. */
  authError?: string;
  /** The raw body (what was signed). */
  rawBody: string;
}

interface BedrockError {
  status: number;
  type: string;
  message: string;
  headers?: Record<string, string>;
  /** The JSON key of the message: AWS's coral services say "message", API-key auth says "Message". */
  key?: 'message' | 'Message';
  /** The namespace in x-amzn-errortype (coral.service for auth, bedrock for the rest). */
  namespace?: string;
}

const BEDROCK_NS = 'http://internal.amazon.com/coral/com.amazon.bedrock/';
const CORAL_NS = 'http://internal.amazon.com/coral/com.amazon.coral.service/';

/** The paths bedrock-runtime answers for Anthropic models. */
const ROUTE = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;

/**
 * Model ids Bedrock knows for Anthropic: a base model id (anthropic.claude-…-v1:0, or without the
 * version suffix as the newer models and the bedrock-sdk README spell them: global.anthropic.claude-sonnet-5-5),
 * a cross-region inference profile (us./eu./apac./global./… prefix), or an ARN.
 */
export const BEDROCK_MODEL_ID = /^(?:(?:us|eu|apac|global|us-gov|jp|au|ca)\.)?anthropic\.claude-[a-z0-9.-]+?(?:-v\d+(?::\d+)?)?$/;
const BEDROCK_MODEL_ARN = /^arn:aws(?:-[a-z]+)?:bedrock:[a-z0-9-]+:\d{12}:(?:inference-profile|application-inference-profile|foundation-model|provisioned-model)\/.+$/;

const PROMPT_TOO_LONG = /^prompt is too long/i;
export const INPUT_TOO_LONG = 'Input is too long for requested model.';

const upper = (n: number) => Array.from(randomBytes(n), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[b % 32]).join('');
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const toUtf8 = (input: Uint8Array) => Buffer.from(input).toString('utf8');
const fromUtf8 = (input: string) => new Uint8Array(Buffer.from(input, 'utf8'));
const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** Percent-encodes as SigV4 does (RFC 3986: also !'()*). */
function escapeUri(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonical URI of a non-S3 service: the path normalised and encoded once more (what @smithy/signature-v4 does). */
function canonicalUri(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const normalized = `${path.startsWith('/') ? '/' : ''}${segments.join('/')}${segments.length > 0 && path.endsWith('/') ? '/' : ''}`;
  return escapeUri(normalized).replace(/%2F/g, '/');
}

function canonicalQuery(search: string): string {
  const params = new URLSearchParams(search);
  const keys = [...new Set(params.keys())].filter((k) => k.toLowerCase() !== 'x-amz-signature').sort();
  return keys
    .flatMap((key) => params.getAll(key).map((value) => `${escapeUri(key)}=${escapeUri(value)}`).sort())
    .join('&');
}

/** The SigV4 signature of a request, computed from what arrived. */
export function sigv4Signature(input: {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  signedHeaders: string[];
  body: Buffer | string;
  amzDate: string;
  scope: { date: string; region: string; service: string };
  secretAccessKey: string;
}): string {
  const [path, search = ''] = input.url.split('?') as [string, string?];
  const headerLines = input.signedHeaders.map((name) => {
    const value = input.headers[name];
    const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${joined.trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalUri(path),
    canonicalQuery(search),
    headerLines.join(''),
    input.signedHeaders.join(';'),
    // The hash of the body that arrived, so a body changed after signing fails.
    sha256Hex(input.body),
  ].join('\n');
  const { date, region, service } = input.scope;
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

const AUTH_HEADER =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;_.-]+),\s*Signature=([0-9a-f]{64})$/;

/** Parses x-amz-date (yyyymmddThhmmssZ) to epoch milliseconds. */
function amzDateMs(value: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

const amzDateOf = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** A Bedrock error for an Anthropic-typed one (a script step, or the emulator's own checks). */
function bedrockErrorFor(error: ErrorStep['error'], promptTooLong: BedrockOptions['promptTooLong']): BedrockError {
  const headers = error.headers;
  const carry = (e: BedrockError): BedrockError => (headers ? { ...e, headers } : e);
  // Already in Bedrock's terms (a script may say ThrottlingException outright).
  if (/Exception$/.test(error.type)) return carry({ status: error.status, type: error.type, message: error.message });
  if (PROMPT_TOO_LONG.test(error.message)) {
    const message = promptTooLong === 'model' ? `The model returned the following errors: ${error.message}` : INPUT_TOO_LONG;
    return carry({ status: 400, type: 'ValidationException', message });
  }
  switch (error.type) {
    case 'invalid_request_error':
      return carry({ status: 400, type: 'ValidationException', message: error.message });
    case 'authentication_error':
      return carry({ status: 403, type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.', namespace: CORAL_NS });
    case 'permission_error':
      return carry({ status: 403, type: 'AccessDeniedException', message: error.message });
    case 'not_found_error':
      return carry({ status: 404, type: 'ResourceNotFoundException', message: error.message });
    case 'request_too_large':
      return carry({ status: 400, type: 'ValidationException', message: error.message });
    case 'rate_limit_error':
      return carry({ status: 429, type: 'ThrottlingException', message: error.message || 'Too many requests, please wait before trying again.' });
    case 'overloaded_error':
      // Bedrock has no 529: an overloaded model is a 503.
      return carry({ status: 503, type: 'ServiceUnavailableException', message: error.message || 'Bedrock is unable to process your request.' });
    case 'timeout_error':
      return carry({ status: 408, type: 'ModelTimeoutException', message: error.message });
    default:
      if (error.status === 529) return carry({ status: 503, type: 'ServiceUnavailableException', message: error.message });
      if (error.status === 429) return carry({ status: 429, type: 'ThrottlingException', message: error.message });
      if (error.status === 503) return carry({ status: 503, type: 'ServiceUnavailableException', message: error.message });
      if (error.status >= 500) return carry({ status: error.status, type: 'InternalServerException', message: error.message });
      return carry({ status: error.status, type: 'ValidationException', message: error.message });
  }
}

/** The exception frame type (camel-cased, as in the event stream) for an Anthropic error event type. */
function exceptionTypeFor(type: string): string {
  if (/Exception$/.test(type)) return type.charAt(0).toLowerCase() + type.slice(1);
  switch (type) {
    case 'rate_limit_error':
      return 'throttlingException';
    case 'api_error':
      return 'internalServerException';
    case 'invalid_request_error':
      return 'validationException';
    case 'timeout_error':
      return 'modelTimeoutException';
    default:
      return 'modelStreamErrorException';
  }
}

const ORIGINAL_STATUS: Record<string, number> = { overloaded_error: 529, api_error: 500, rate_limit_error: 429 };

export class BedrockEmulator extends AnthropicEmulator {
  declare readonly options: BedrockOptions;
  declare readonly requests: BedrockRequest[];
  readonly region: string;
  /** The credentials it accepts; the first is the one `env()` hands out. */
  readonly credentials: AwsCredentials[];
  readonly apiKeys: string[];
  protected override idTag = '_bdrk';

  constructor(options: BedrockOptions = {}) {
    super(options);
    this.region = options.region ?? 'us-east-1';
    this.credentials = options.credentials ?? [
      { accessKeyId: `ASIA${upper(16)}`, secretAccessKey: randomBytes(30).toString('base64'), sessionToken: `IQoJb3JpZ2luX2VjE${randomBytes(96).toString('base64')}` },
    ];
    this.apiKeys = options.apiKeys ?? [BedrockEmulator.makeApiKey()];
  }

  /** A long-term Bedrock API key as the console makes them: "ABSK" and base64 of "BedrockAPIKey-…". */
  static makeApiKey(): string {
    return `ABSK${Buffer.from(`BedrockAPIKey-${randomBytes(2).toString('hex')}-at-${Math.floor(1e11 + Math.random() * 9e11)}:${randomBytes(30).toString('base64')}`).toString('base64')}`;
  }

  /** The first credential set (what `env()` gives the action). */
  get credential(): AwsCredentials {
    return this.credentials[0]!;
  }

  /** The first API key. */
  get apiKey(): string {
    return this.apiKeys[0]!;
  }

  /**
   * The environment a workflow leaves for the action: the base URL and the region,
   * and AWS credentials as configure-aws-credentials exports them ("sigv4", default)
   * or a Bedrock API key ("bearer").
   */
  env(auth: 'sigv4' | 'bearer' = 'sigv4'): Record<string, string> {
    const base = { ANTHROPIC_BEDROCK_BASE_URL: this.url, AWS_REGION: this.region };
    if (auth === 'bearer') return { ...base, AWS_BEARER_TOKEN_BEDROCK: this.apiKey };
    const { accessKeyId, secretAccessKey, sessionToken } = this.credential;
    return { ...base, AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, ...(sessionToken ? { AWS_SESSION_TOKEN: sessionToken } : {}) };
  }

  private send(res: ServerResponse, recorded: BedrockRequest | undefined, error: BedrockError): void {
    if (recorded) recorded.status = error.status;
    res.writeHead(error.status, {
      'content-type': 'application/json',
      'x-amzn-requestid': randomUUID(),
      'x-amzn-errortype': `${error.type}:${error.namespace ?? BEDROCK_NS}`,
      ...error.headers,
    });
    res.end(JSON.stringify({ [error.key ?? 'message']: error.message }));
  }

  /** The auth failure of a request, or undefined when it may pass. */
  private checkAuth(req: IncomingMessage, raw: Buffer, recorded: BedrockRequest): BedrockError | undefined {
    const denied = (type: string, message: string, extra: Partial<BedrockError> = {}): BedrockError => {
      recorded.authError = type;
      return { status: 403, type, message, namespace: CORAL_NS, ...extra };
    };
    const authorization = req.headers.authorization;
    if (!authorization) return denied('MissingAuthenticationTokenException', 'Missing Authentication Token');
    if (/^Bearer\s+/i.test(authorization)) {
      recorded.auth = 'bearer';
      const key = authorization.replace(/^Bearer\s+/i, '').trim();
      if (!this.apiKeys.includes(key)) {
        return denied('UnrecognizedClientException', 'Authentication failed: Please make sure your API Key is valid.', { key: 'Message' });
      }
      return undefined;
    }
    recorded.auth = 'sigv4';
    const m = AUTH_HEADER.exec(authorization);
    if (!m) {
      return denied(
        'IncompleteSignatureException',
        `Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. Authorization=${authorization.split(' ')[0]}`,
      );
    }
    const [, accessKeyId, scopeDate, scopeRegion, scopeService, signedHeaderList, signature] = m as unknown as string[];
    recorded.accessKeyId = accessKeyId;
    const amzDate = req.headers['x-amz-date'];
    if (typeof amzDate !== 'string') {
      return denied('IncompleteSignatureException', "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.");
    }
    const signedAt = amzDateMs(amzDate);
    if (signedAt === undefined) return denied('IncompleteSignatureException', `Date must be in ISO-8601 'basic format'. Got '${amzDate}'.`);
    if (scopeDate !== amzDate.slice(0, 8)) {
      return denied(
        'InvalidSignatureException',
        `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${scopeDate}' != '${amzDate.slice(0, 8)}', from '${amzDate}'.`,
      );
    }
    if (scopeService !== 'bedrock') return denied('InvalidSignatureException', "Credential should be scoped to correct service: 'bedrock'. ");
    if (scopeRegion !== this.region) return denied('InvalidSignatureException', 'Credential should be scoped to a valid region. ');
    const skew = this.options.maxClockSkewMs ?? 5 * 60_000;
    const now = Date.now();
    if (signedAt < now - skew) {
      return denied('InvalidSignatureException', `Signature expired: ${amzDate} is now earlier than ${amzDateOf(now - skew)} (${amzDateOf(now)} - 5 min.)`);
    }
    if (signedAt > now + skew) {
      return denied('InvalidSignatureException', `Signature not yet current: ${amzDate} is still later than ${amzDateOf(now + skew)} (${amzDateOf(now)} + 5 min.)`);
    }
    const signedHeaders = signedHeaderList!.split(';');
    if (!signedHeaders.includes('host')) {
      return denied('InvalidSignatureException', "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.");
    }
    const sessionToken = req.headers['x-amz-security-token'];
    // A temporary key (from STS: an assumed role, OIDC) is only valid with its session token.
    if (accessKeyId!.startsWith('ASIA') && typeof sessionToken !== 'string') {
      return denied('UnrecognizedClientException', 'The security token included in the request is invalid.');
    }
    if (this.options.verifySignature === false) return undefined;
    const known = this.credentials.find((c) => c.accessKeyId === accessKeyId);
    if (!known) return denied('UnrecognizedClientException', 'The security token included in the request is invalid.');
    if ((known.sessionToken ?? undefined) !== (typeof sessionToken === 'string' ? sessionToken : undefined)) {
      return denied('UnrecognizedClientException', 'The security token included in the request is invalid.');
    }
    const expected = sigv4Signature({
      method: req.method ?? 'POST',
      url: req.url ?? '/',
      headers: req.headers,
      signedHeaders,
      body: raw,
      amzDate,
      scope: { date: scopeDate!, region: scopeRegion!, service: scopeService! },
      secretAccessKey: known.secretAccessKey,
    });
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature!))) {
      return denied(
        'InvalidSignatureException',
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      );
    }
    return undefined;
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const path = (req.url ?? '/').split('?')[0]!;
    const route = ROUTE.exec(path);
    if (req.method !== 'POST' || !route) {
      return this.send(res, undefined, { status: 404, type: 'UnknownOperationException', message: `No operation for ${req.method} ${path}`, namespace: CORAL_NS });
    }
    const modelId = decodeURIComponent(route[1]!);
    const stream = route[2] === 'invoke-with-response-stream';
    const text = raw.toString('utf8');
    let body: any;
    let parsed = true;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
      parsed = false;
    }
    const recorded = this.record(req.headers, body, { method: req.method, path: req.url ?? path, modelId, stream, auth: 'none' as BedrockRequest['auth'], rawBody: text }) as BedrockRequest;

    const authError = this.checkAuth(req, raw, recorded);
    if (authError) return this.send(res, recorded, authError);

    const validation = (message: string) => this.send(res, recorded, { status: 400, type: 'ValidationException', message });
    if (!BEDROCK_MODEL_ID.test(modelId) && !BEDROCK_MODEL_ARN.test(modelId)) return validation('The provided model identifier is invalid.');
    if (!parsed || typeof body !== 'object' || body === null || Array.isArray(body)) {
      return validation('Malformed input request, please reformat your input and try again.');
    }
    if (body.anthropic_version === undefined) {
      return validation('Malformed input request: #: required key [anthropic_version] not found, please reformat your input and try again.');
    }
    if (body.anthropic_version !== BEDROCK_ANTHROPIC_VERSION) {
      return validation(`Malformed input request: #/anthropic_version: ${JSON.stringify(body.anthropic_version)} is not a valid enum value, please reformat your input and try again.`);
    }
    for (const key of ['model', 'stream']) {
      if (key in body) return validation(`Malformed input request: #: extraneous key [${key}] is not permitted, please reformat your input and try again.`);
    }
    if (body.anthropic_beta !== undefined && (!Array.isArray(body.anthropic_beta) || body.anthropic_beta.some((b: unknown) => typeof b !== 'string'))) {
      return validation('Malformed input request: #/anthropic_beta: expected type: JSONArray, please reformat your input and try again.');
    }

    // The request as the Messages API would take it: the same rules, script and cache apply.
    const { anthropic_version: _version, anthropic_beta: _beta, ...rest } = body;
    const started = Date.now();
    const answer = await this.answer(recorded, res, { ...rest, model: modelId, stream });
    if (!answer) return;
    if ('error' in answer) {
      const error = bedrockErrorFor(answer.error, this.options.promptTooLong);
      if (stream && this.options.promptTooLong === 'stream' && PROMPT_TOO_LONG.test(answer.error.message)) {
        this.startStream(res, recorded);
        res.write(this.exceptionFrame('validationException', { message: INPUT_TOO_LONG }));
        return void res.end();
      }
      return this.send(res, recorded, error);
    }
    const usage = recorded.usage!;
    if (!stream) {
      recorded.status = 200;
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-amzn-requestid': randomUUID(),
        'x-amzn-bedrock-invocation-latency': String(Date.now() - started),
        'x-amzn-bedrock-input-token-count': String(usage.input_tokens),
        'x-amzn-bedrock-output-token-count': String(usage.output_tokens),
        'x-amzn-bedrock-cache-read-input-token-count': String(usage.cache_read_input_tokens),
        'x-amzn-bedrock-cache-write-input-token-count': String(usage.cache_creation_input_tokens),
      });
      return void res.end(JSON.stringify(answer.message));
    }
    this.startStream(res, recorded);
    let firstByte: number | undefined;
    await playEvents(res, answer.step, answer.events, (event) => {
      firstByte ??= Date.now() - started;
      res.write(this.eventFrame(event, usage, started, firstByte));
    });
  }

  private startStream(res: ServerResponse, recorded: BedrockRequest): void {
    recorded.status = 200;
    res.writeHead(200, {
      'content-type': 'application/vnd.amazon.eventstream',
      'x-amzn-requestid': randomUUID(),
      'x-amzn-bedrock-content-type': 'application/json',
    });
  }

  /** One Anthropic event as Bedrock frames it: a chunk event, or an exception frame for an error event. */
  private eventFrame(event: StreamEvent, usage: NonNullable<RecordedRequest['usage']>, started: number, firstByte: number): Uint8Array {
    let data = event.data as Record<string, unknown>;
    if (event.event === 'error' && this.options.streamErrors !== 'chunk') {
      const error = (data.error ?? {}) as { type?: string; message?: string };
      const type = exceptionTypeFor(error.type ?? 'api_error');
      const payload: Record<string, unknown> = { message: error.message ?? '' };
      if (type === 'modelStreamErrorException') {
        payload.originalStatusCode = ORIGINAL_STATUS[error.type ?? ''] ?? 500;
        payload.originalMessage = JSON.stringify(data);
      }
      return this.exceptionFrame(type, payload);
    }
    if (event.event === 'message_stop') {
      // Bedrock adds its invocation metrics to the last event.
      data = {
        ...data,
        'amazon-bedrock-invocationMetrics': {
          inputTokenCount: usage.input_tokens,
          outputTokenCount: usage.output_tokens,
          invocationLatency: Date.now() - started,
          firstByteLatency: firstByte,
          cacheReadInputTokenCount: usage.cache_read_input_tokens,
          cacheWriteInputTokenCount: usage.cache_creation_input_tokens,
        },
      };
    }
    return BedrockEmulator.chunkFrame(data);
  }

  /** A `chunk` event frame around one Anthropic event, as InvokeModelWithResponseStream sends it. */
  static chunkFrame(data: unknown): Uint8Array {
    const bytes = Buffer.from(JSON.stringify(data), 'utf8').toString('base64');
    // Bedrock pads each payload with a run of letters ("p") so sizes do not give the tokens away.
    const p = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.slice(0, 1 + (bytes.length % 60));
    return codec.encode({
      headers: {
        ':event-type': { type: 'string', value: 'chunk' },
        ':content-type': { type: 'string', value: 'application/json' },
        ':message-type': { type: 'string', value: 'event' },
      },
      body: fromUtf8(JSON.stringify({ bytes, p })),
    });
  }

  /** An exception frame (e.g. throttlingException), as a stream that fails after it started carries it. */
  exceptionFrame(type: string, payload: Record<string, unknown>): Uint8Array {
    return codec.encode({
      headers: {
        ':exception-type': { type: 'string', value: type },
        ':content-type': { type: 'string', value: 'application/json' },
        ':message-type': { type: 'string', value: 'exception' },
      },
      body: fromUtf8(JSON.stringify(payload)),
    });
  }
}

/** Decodes an event-stream body into its frames (headers and JSON payloads), to look at what went over the wire. */
export function decodeEventStream(body: Uint8Array): Array<{ headers: Record<string, unknown>; payload: any }> {
  const frames: Array<{ headers: Record<string, unknown>; payload: any }> = [];
  const buffer = Buffer.from(body);
  for (let at = 0; at + 4 <= buffer.length; ) {
    const length = buffer.readUInt32BE(at);
    const message = codec.decode(buffer.subarray(at, at + length));
    const headers = Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, v.value]));
    frames.push({ headers, payload: JSON.parse(toUtf8(message.body)) });
    at += length;
  }
  return frames;
}
