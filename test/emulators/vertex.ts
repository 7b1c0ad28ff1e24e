// A local Google Vertex AI for Anthropic models, with the keyless login a
// workflow does in front of it. One HTTP server on 127.0.0.1 serves:
//   - the model: POST /v1/projects/{project}/locations/{region}/publishers/anthropic/models/{model}:streamRawPredict
//     (and :rawPredict, and count-tokens:rawPredict). The body is the Anthropic request
//     without `model` (it is in the path) and with anthropic_version "vertex-2023-10-16";
//     the answer is the Anthropic emulator's own (it is one: the same script, checks,
//     prompt cache and SSE events). It takes only `Authorization: Bearer <token>` with a
//     token this emulator's STS (or IAM) issued: 401 otherwise, in Google's JSON error shape.
//   - the runner's OIDC endpoint (what ACTIONS_ID_TOKEN_REQUEST_URL points to): GET with
//     `Authorization: Bearer <ACTIONS_ID_TOKEN_REQUEST_TOKEN>` → {"value": "<jwt>"}, an RS256
//     JWT with GitHub's claims and the `audience` asked for.
//   - Security Token Service: POST /v1/token, the RFC 8693 token exchange of that JWT for
//     a federated access token (audience: the workload identity provider).
//   - IAM Credentials: POST /v1/projects/-/serviceAccounts/{email}:generateAccessToken,
//     for service-account impersonation with the federated token.
// `writeCredentialsFile` writes the external-account file exactly as
// google-github-actions/auth does (gha-creds-<16 hex>.json in the workspace), so
// google-auth-library runs the whole exchange against this server.
// Errors: the model's are Anthropic-shaped ({"type":"error",…,"request_id":"req_vrtx_…"}):
// a too-long prompt is 413 "Prompt is too long", overload 529; Google's own layer
// (auth, quota 429 RESOURCE_EXHAUSTED, not found) answers {"error":{code,message,status}},
// wrapped in a JSON array on :streamRawPredict.
import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { AnthropicEmulator, playEvents, promptTokens, type EmulatorOptions, type ErrorStep, type RecordedRequest } from './anthropic.js';

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
export const JWT_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:jwt';
export const GITHUB_ISSUER = 'https://token.actions.githubusercontent.com';
export const PROMPT_TOO_LONG_413 = 'Prompt is too long';

export interface VertexOptions extends EmulatorOptions {
  /** The project the model is enabled in (default "deckhand-ci"). */
  projectId?: string;
  /** The project number (the workload identity pool's project; default "123456789012"). */
  projectNumber?: string;
  /** The region the endpoint serves (default "us-east5"). */
  region?: string;
  /** The workload identity pool and provider ids (default "github" and "deckhand"). */
  pool?: string;
  provider?: string;
  /**
   * A service account to impersonate. When set, the model takes only tokens that
   * generateAccessToken issued for it (the federated identity itself has no role
   * on Vertex), and generateAccessToken refuses any other account.
   */
  serviceAccount?: string;
  /** The repository in the runner's OIDC token claims (default "octo-org/octo-repo"). */
  repository?: string;
  /** "413" (default): 413 "Prompt is too long", as Vertex answers; "400": the API's 400 with the token counts. */
  promptTooLong?: '413' | '400';
  /** expires_in of the tokens STS issues, in seconds (default 3599). */
  tokenLifetimeSeconds?: number;
}

export type VertexEndpoint = 'oidc' | 'sts' | 'iam' | 'model' | 'count_tokens' | 'unknown';

/** Every HTTP request the emulator got, in order. */
export interface VertexCall {
  endpoint: VertexEndpoint;
  method: string;
  /** The path and query as they arrived. */
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON, the form fields of an STS request, or the raw text. */
  body: unknown;
  status?: number;
}

export interface VertexRequest extends RecordedRequest {
  method: string;
  path: string;
  project: string;
  region: string;
  /** The model id from the path, e.g. "claude-sonnet-4-5@20250929". */
  model: string;
  specifier: 'streamRawPredict' | 'rawPredict';
  /** The bearer token it carried. */
  token?: string;
  status?: number;
}

export interface IssuedToken {
  kind: 'federated' | 'service_account';
  scopes: string[];
  expiresAt: number;
  /** The service account, for an impersonated token. */
  serviceAccount?: string;
}

export interface CredentialsFileOptions {
  /**
   * Impersonate this service account (adds service_account_impersonation_url), as the
   * action's `service_account` input does. Default: the emulator's `serviceAccount`;
   * given as undefined: no impersonation.
   */
  serviceAccount?: string;
}

type GoogleStatus =
  | 'INVALID_ARGUMENT'
  | 'FAILED_PRECONDITION'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'RESOURCE_EXHAUSTED'
  | 'INTERNAL'
  | 'UNAVAILABLE'
  | (string & {});

const GOOGLE_CODE: Record<string, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNKNOWN: 500,
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

const MODEL_ROUTE = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+):(streamRawPredict|rawPredict)$/;
const IAM_ROUTE = /^\/v1\/projects\/-\/serviceAccounts\/([^/:]+):generateAccessToken$/;
const OIDC_ROUTE = /^\/_apis\/distributedtask\/hubs\/Actions\/plans\/[^/]+\/jobs\/[^/]+\/idtoken$/;
const PROMPT_TOO_LONG = /^prompt is too long/i;

/** The runner's signing key (one per process: making an RSA key takes a while). */
let runnerKeys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const token = (prefix: string) => `${prefix}${randomBytes(48).toString('base64url')}`;
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Google's JSON error, as its API front end sends it. */
export function googleError(code: number, status: GoogleStatus, message: string, details?: unknown[]) {
  return { error: { code, message, status, ...(details ? { details } : {}) } };
}

function errorInfo(reason: string, domain: string, metadata: Record<string, string>) {
  return { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain, metadata };
}

export class VertexEmulator extends AnthropicEmulator {
  declare readonly options: VertexOptions;
  declare readonly requests: VertexRequest[];
  /** Every request to any endpoint (OIDC, STS, IAM, model), in arrival order. */
  readonly calls: VertexCall[] = [];
  /** The access tokens issued, by token. */
  readonly tokens = new Map<string, IssuedToken>();
  /** The JWTs the OIDC endpoint issued. */
  readonly idTokens: string[] = [];
  readonly projectId: string;
  readonly projectNumber: string;
  readonly region: string;
  /** projects/<number>/locations/global/workloadIdentityPools/<pool>/providers/<provider>, the action's `workload_identity_provider`. */
  readonly workloadIdentityProvider: string;
  /** The runner's ACTIONS_ID_TOKEN_REQUEST_TOKEN. */
  readonly oidcRequestToken = randomBytes(32).toString('hex');
  protected override idTag = '_vrtx';
  private readonly signingKey: KeyObject;
  private readonly verifyKey: KeyObject;
  private readonly keyId = randomBytes(8).toString('hex');
  private readonly plan = randomUUID();
  private readonly job = randomUUID();
  private readonly failures: Array<{ endpoint: 'oidc' | 'sts' | 'iam'; status: number; message?: string }> = [];

  constructor(options: VertexOptions = {}) {
    super(options);
    this.projectId = options.projectId ?? 'deckhand-ci';
    this.projectNumber = options.projectNumber ?? '123456789012';
    this.region = options.region ?? 'us-east5';
    this.workloadIdentityProvider = `projects/${this.projectNumber}/locations/global/workloadIdentityPools/${options.pool ?? 'github'}/providers/${options.provider ?? 'deckhand'}`;
    const { privateKey, publicKey } = (runnerKeys ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));
    this.signingKey = privateKey;
    this.verifyKey = publicKey;
  }

  /** The STS audience: "//iam.googleapis.com/" + the provider, as the action computes it. */
  get audience(): string {
    return `//iam.googleapis.com/${this.workloadIdentityProvider}`;
  }

  /** The audience the action asks the runner's OIDC token for (its default). */
  get oidcAudience(): string {
    return `https://iam.googleapis.com/${this.workloadIdentityProvider}`;
  }

  /** The runner's ACTIONS_ID_TOKEN_REQUEST_URL (with api-version, as the runner gives it). */
  get oidcRequestUrl(): string {
    return `${this.url}/_apis/distributedtask/hubs/Actions/plans/${this.plan}/jobs/${this.job}/idtoken?api-version=2.0`;
  }

  /** What ANTHROPIC_VERTEX_BASE_URL should be (it includes /v1). */
  get baseURL(): string {
    return `${this.url}/v1`;
  }

  get tokenUrl(): string {
    return `${this.url}/v1/token`;
  }

  /** The IAM Credentials URL that impersonates `serviceAccount`. */
  impersonationUrl(serviceAccount: string): string {
    return `${this.url}/v1/projects/-/serviceAccounts/${serviceAccount}:generateAccessToken`;
  }

  /**
   * The external-account credentials google-github-actions/auth writes for Workload
   * Identity Federation, its endpoints pointed here: the same keys in the same order.
   */
  credentialsConfig(opts: CredentialsFileOptions = {}): Record<string, unknown> {
    const requestURL = new URL(this.oidcRequestUrl);
    requestURL.searchParams.set('audience', this.oidcAudience);
    const data: Record<string, unknown> = {
      type: 'external_account',
      audience: this.audience,
      subject_token_type: JWT_TOKEN_TYPE,
      token_url: this.tokenUrl,
      credential_source: {
        url: requestURL.toString(),
        headers: { Authorization: `Bearer ${this.oidcRequestToken}` },
        format: { type: 'json', subject_token_field_name: 'value' },
      },
    };
    // The emulator's own service account unless the caller says (undefined: none).
    const serviceAccount = 'serviceAccount' in opts ? opts.serviceAccount : this.options.serviceAccount;
    if (serviceAccount) data.service_account_impersonation_url = this.impersonationUrl(serviceAccount);
    return data;
  }

  /** Writes the credentials file into `dir` (the workspace) as gha-creds-<16 hex>.json, mode 0640, and returns its path. */
  writeCredentialsFile(dir: string, opts: CredentialsFileOptions = {}): string {
    const path = join(dir, `gha-creds-${randomBytes(8).toString('hex')}.json`);
    writeFileSync(path, JSON.stringify(this.credentialsConfig(opts)), { mode: 0o640, flag: 'wx' });
    return path;
  }

  /**
   * The environment the action sees after google-github-actions/auth (with the
   * credentials file) in a job with `id-token: write`: the variables auth exports,
   * the runner's OIDC pair, and the Vertex ones the Anthropic client reads.
   */
  env(credentialsFile?: string): Record<string, string> {
    return {
      ANTHROPIC_VERTEX_BASE_URL: this.baseURL,
      CLOUD_ML_REGION: this.region,
      ANTHROPIC_VERTEX_PROJECT_ID: this.projectId,
      ACTIONS_ID_TOKEN_REQUEST_URL: this.oidcRequestUrl,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: this.oidcRequestToken,
      ...(credentialsFile
        ? {
            GOOGLE_APPLICATION_CREDENTIALS: credentialsFile,
            CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE: credentialsFile,
            GOOGLE_GHA_CREDS_PATH: credentialsFile,
          }
        : {}),
      CLOUDSDK_CORE_PROJECT: this.projectId,
      CLOUDSDK_PROJECT: this.projectId,
      GCLOUD_PROJECT: this.projectId,
      GCP_PROJECT: this.projectId,
      GOOGLE_CLOUD_PROJECT: this.projectId,
    };
  }

  /** A token the model endpoint accepts, without the exchange (for a client given `accessToken`-style auth). */
  issueAccessToken(scopes: string[] = [CLOUD_PLATFORM_SCOPE]): string {
    const serviceAccount = this.options.serviceAccount;
    const value = token(serviceAccount ? 'ya29.c.' : 'ya29.d.');
    this.tokens.set(value, {
      kind: serviceAccount ? 'service_account' : 'federated',
      scopes,
      expiresAt: Date.now() + (this.options.tokenLifetimeSeconds ?? 3599) * 1000,
      ...(serviceAccount ? { serviceAccount } : {}),
    });
    return value;
  }

  /** Expires every access token issued so far (the model then answers 401 ACCESS_TOKEN_EXPIRED). */
  expireAccessTokens(): void {
    for (const issued of this.tokens.values()) issued.expiresAt = Date.now() - 1;
  }

  /** Fails the next request to a token endpoint with `status` (in that endpoint's error shape). */
  failNext(endpoint: 'oidc' | 'sts' | 'iam', status = 500, message?: string): this {
    this.failures.push({ endpoint, status, ...(message ? { message } : {}) });
    return this;
  }

  /** The endpoints called, in order (e.g. ["oidc", "sts", "model"]). */
  get sequence(): VertexEndpoint[] {
    return this.calls.map((c) => c.endpoint);
  }

  private takeFailure(endpoint: 'oidc' | 'sts' | 'iam') {
    const i = this.failures.findIndex((f) => f.endpoint === endpoint);
    return i < 0 ? undefined : this.failures.splice(i, 1)[0];
  }

  private json(res: ServerResponse, call: VertexCall, status: number, body: unknown, contentType = 'application/json; charset=UTF-8'): void {
    call.status = status;
    res.writeHead(status, { 'content-type': contentType, 'x-request-id': randomUUID() });
    res.end(JSON.stringify(body));
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const [path, search = ''] = (req.url ?? '/').split('?') as [string, string?];
    const method = req.method ?? 'GET';
    const contentType = String(req.headers['content-type'] ?? '');
    let body: unknown = raw;
    if (contentType.includes('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw));
    else if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const model = MODEL_ROUTE.exec(path);
    const endpoint: VertexEndpoint =
      method === 'GET' && OIDC_ROUTE.test(path)
        ? 'oidc'
        : method === 'POST' && path === '/v1/token'
          ? 'sts'
          : method === 'POST' && IAM_ROUTE.test(path)
            ? 'iam'
            : method === 'POST' && model
              ? decodeURIComponent(model[3]!) === 'count-tokens'
                ? 'count_tokens'
                : 'model'
              : 'unknown';
    const call: VertexCall = { endpoint, method, path: req.url ?? path, headers: req.headers, body };
    this.calls.push(call);
    switch (endpoint) {
      case 'oidc':
        return this.oidc(req, res, call, new URLSearchParams(search));
      case 'sts':
        return this.sts(res, call, body as Record<string, string>);
      case 'iam':
        return this.iam(req, res, call, decodeURIComponent(IAM_ROUTE.exec(path)![1]!), body);
      case 'model':
      case 'count_tokens':
        return this.model(req, res, call, model!, body, raw);
      default:
        return this.json(res, call, 404, googleError(404, 'NOT_FOUND', `The requested URL ${path} was not found on this server.`));
    }
  }

  // --- The runner's OIDC endpoint --------------------------------------------

  private oidc(req: IncomingMessage, res: ServerResponse, call: VertexCall, query: URLSearchParams): void {
    const failure = this.takeFailure('oidc');
    if (failure) return this.json(res, call, failure.status, { message: failure.message ?? 'Internal server error' });
    const authorization = req.headers.authorization ?? '';
    // The runner takes the scheme in any case (@actions/core sends "Bearer").
    const m = /^bearer\s+(.+)$/i.exec(authorization);
    if (!m || m[1]!.trim() !== this.oidcRequestToken) return this.json(res, call, 401, { message: 'Unauthorized' });
    if (query.get('api-version') !== '2.0') return this.json(res, call, 400, { message: 'api-version is required' });
    const repository = this.options.repository ?? 'octo-org/octo-repo';
    const owner = repository.split('/')[0]!;
    const audience = query.get('audience') ?? `https://github.com/${owner}`;
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      jti: randomUUID(),
      sub: `repo:${repository}:ref:refs/heads/main`,
      aud: audience,
      ref: 'refs/heads/main',
      sha: randomBytes(20).toString('hex'),
      repository,
      repository_owner: owner,
      repository_visibility: 'private',
      run_id: '1234567890',
      run_number: '42',
      run_attempt: '1',
      actor: 'octocat',
      workflow: 'Deckhand',
      event_name: 'issue_comment',
      ref_type: 'branch',
      workflow_ref: `${repository}/.github/workflows/deckhand.yml@refs/heads/main`,
      job_workflow_ref: `${repository}/.github/workflows/deckhand.yml@refs/heads/main`,
      runner_environment: 'github-hosted',
      iss: GITHUB_ISSUER,
      nbf: now - 5,
      iat: now,
      exp: now + 300,
    };
    const jwt = this.signJwt(claims);
    this.idTokens.push(jwt);
    this.json(res, call, 200, { value: jwt }, 'application/json; charset=utf-8');
  }

  private signJwt(claims: Record<string, unknown>): string {
    const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'RS256', x5t: this.keyId, kid: this.keyId }));
    const payload = base64url(JSON.stringify(claims));
    const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(this.signingKey);
    return `${header}.${payload}.${base64url(signature)}`;
  }

  /** The claims of a JWT the OIDC endpoint issued, or undefined if it is not one (bad signature, malformed). */
  verifyIdToken(jwt: string): Record<string, any> | undefined {
    const parts = jwt.split('.');
    if (parts.length !== 3) return undefined;
    const ok = createVerify('RSA-SHA256').update(`${parts[0]}.${parts[1]}`).verify(this.verifyKey, Buffer.from(parts[2]!, 'base64url'));
    if (!ok) return undefined;
    try {
      return JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
  }

  // --- Security Token Service ------------------------------------------------

  private sts(res: ServerResponse, call: VertexCall, form: Record<string, string>): void {
    const oauthError = (status: number, error: string, description: string) => this.json(res, call, status, { error, error_description: description });
    const failure = this.takeFailure('sts');
    if (failure) return oauthError(failure.status, failure.status >= 500 ? 'server_error' : 'invalid_request', failure.message ?? 'The token exchange failed.');
    if (typeof form !== 'object' || form === null) return oauthError(400, 'invalid_request', 'The request body must be application/x-www-form-urlencoded.');
    if (form.grant_type !== TOKEN_EXCHANGE_GRANT) return oauthError(400, 'unsupported_grant_type', `Unsupported grant_type: ${form.grant_type ?? ''}`);
    if (form.requested_token_type !== ACCESS_TOKEN_TYPE) return oauthError(400, 'invalid_request', `Invalid value for "requested_token_type": ${form.requested_token_type ?? ''}`);
    if (form.subject_token_type !== JWT_TOKEN_TYPE) return oauthError(400, 'invalid_request', `Invalid value for "subject_token_type": ${form.subject_token_type ?? ''}`);
    if (form.audience !== this.audience) {
      return oauthError(
        400,
        'invalid_target',
        'The target service indicated by the "audience" parameters is invalid. This might either be because the pool or provider is disabled or deleted or because it doesn\'t exist.',
      );
    }
    const scopes = (form.scope ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0) return oauthError(400, 'invalid_scope', 'The "scope" parameter is required.');
    const claims = typeof form.subject_token === 'string' ? this.verifyIdToken(form.subject_token) : undefined;
    if (!claims || claims.iss !== GITHUB_ISSUER) return oauthError(400, 'invalid_grant', 'Unable to verify the ID Token signature.');
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return oauthError(400, 'invalid_grant', 'The ID Token has expired.');
    // The provider's default allowed audience: https://iam.googleapis.com/ + the provider name.
    if (claims.aud !== this.oidcAudience) {
      return oauthError(400, 'invalid_grant', `The audience in ID Token [${claims.aud}] does not match the expected audience ${this.oidcAudience}.`);
    }
    const lifetime = this.options.tokenLifetimeSeconds ?? 3599;
    const value = token('ya29.d.');
    this.tokens.set(value, { kind: 'federated', scopes, expiresAt: Date.now() + lifetime * 1000 });
    this.json(res, call, 200, { access_token: value, issued_token_type: ACCESS_TOKEN_TYPE, token_type: 'Bearer', expires_in: lifetime });
  }

  // --- IAM Credentials -------------------------------------------------------

  private iam(req: IncomingMessage, res: ServerResponse, call: VertexCall, serviceAccount: string, body: any): void {
    const failure = this.takeFailure('iam');
    if (failure) {
      const status = Object.keys(GOOGLE_CODE).find((s) => GOOGLE_CODE[s] === failure.status) ?? 'INTERNAL';
      return this.json(res, call, failure.status, googleError(failure.status, status, failure.message ?? 'Internal error encountered.'));
    }
    const method = 'google.iam.credentials.v1.IAMCredentials.GenerateAccessToken';
    const unauthenticated = this.checkToken(req, 'federated', 'iamcredentials.googleapis.com', method);
    if (unauthenticated) return this.json(res, call, unauthenticated.error.code, unauthenticated);
    if (!this.options.serviceAccount || serviceAccount !== this.options.serviceAccount) {
      return this.json(
        res,
        call,
        403,
        googleError(403, 'PERMISSION_DENIED', "Permission 'iam.serviceAccounts.getAccessToken' denied on resource (or it may not exist).", [
          errorInfo('IAM_PERMISSION_DENIED', 'iam.googleapis.com', { permission: 'iam.serviceAccounts.getAccessToken' }),
        ]),
      );
    }
    const scopes = Array.isArray(body?.scope) ? body.scope.filter((s: unknown) => typeof s === 'string') : [];
    if (scopes.length === 0) return this.json(res, call, 400, googleError(400, 'INVALID_ARGUMENT', 'Scope required.'));
    const lifetime = typeof body?.lifetime === 'string' && /^\d+s$/.test(body.lifetime) ? Number(body.lifetime.slice(0, -1)) : 3600;
    const value = token('ya29.c.');
    const expiresAt = Date.now() + lifetime * 1000;
    this.tokens.set(value, { kind: 'service_account', scopes, expiresAt, serviceAccount });
    this.json(res, call, 200, { accessToken: value, expireTime: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z') });
  }

  /** Google's 401/403 for a request's bearer token, or undefined when the token may be used. */
  private checkToken(req: IncomingMessage, kind: IssuedToken['kind'] | 'model', service: string, method: string): ReturnType<typeof googleError> | undefined {
    const meta = { method, service };
    const authorization = req.headers.authorization;
    const m = authorization ? /^Bearer\s+(.+)$/i.exec(authorization) : null;
    if (!m) {
      return googleError(
        401,
        'UNAUTHENTICATED',
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        [errorInfo('CREDENTIALS_MISSING', 'googleapis.com', meta)],
      );
    }
    const issued = this.tokens.get(m[1]!.trim());
    const invalid = (reason: string) =>
      googleError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        [errorInfo(reason, 'googleapis.com', meta)],
      );
    if (!issued) return invalid('ACCESS_TOKEN_TYPE_UNSUPPORTED');
    if (issued.expiresAt <= Date.now()) return invalid('ACCESS_TOKEN_EXPIRED');
    if (!issued.scopes.includes(CLOUD_PLATFORM_SCOPE)) {
      return googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', [errorInfo('ACCESS_TOKEN_SCOPE_INSUFFICIENT', 'googleapis.com', meta)]);
    }
    if (kind === 'federated' && issued.kind !== 'federated') return invalid('ACCESS_TOKEN_TYPE_UNSUPPORTED');
    return undefined;
  }

  // --- The model -------------------------------------------------------------

  private async model(req: IncomingMessage, res: ServerResponse, call: VertexCall, route: RegExpExecArray, body: any, raw: string): Promise<void> {
    const project = decodeURIComponent(route[1]!);
    const region = decodeURIComponent(route[2]!);
    const modelId = decodeURIComponent(route[3]!);
    const specifier = route[4] as VertexRequest['specifier'];
    const stream = specifier === 'streamRawPredict';
    const rpc = `google.cloud.aiplatform.v1.PredictionService.${stream ? 'StreamRawPredict' : 'RawPredict'}`;
    const resource = `projects/${project}/locations/${region}/publishers/anthropic/models/${modelId}`;
    // Google's own layer answers in its shape, as a JSON array on a streaming method.
    const google = (error: ReturnType<typeof googleError>, recorded?: VertexRequest) => {
      if (recorded) recorded.status = error.error.code;
      this.json(res, call, error.error.code, stream ? [error] : error);
    };
    // The model's answers are the Anthropic API's own.
    const anthropic = (status: number, type: string, message: string, recorded?: VertexRequest, headers: Record<string, string> = {}) => {
      if (recorded) recorded.status = status;
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req_vrtx'), ...headers });
      res.end(JSON.stringify({ type: 'error', error: { type, message }, request_id: newId('req_vrtx') }));
    };

    const authorization = req.headers.authorization;
    const bearer = authorization ? /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() : undefined;
    const recorded =
      call.endpoint === 'model'
        ? (this.record(req.headers, body, { method: req.method ?? 'POST', path: call.path, project, region, model: modelId, specifier, ...(bearer ? { token: bearer } : {}) }) as VertexRequest)
        : undefined;

    const unauthenticated = this.checkToken(req, 'model', 'aiplatform.googleapis.com', rpc);
    if (unauthenticated) return google(unauthenticated, recorded);
    const issued = this.tokens.get(bearer!)!;
    if (this.options.serviceAccount && issued.kind !== 'service_account') {
      // The federated identity itself was given no role: only the impersonated account may predict.
      return google(
        googleError(403, 'PERMISSION_DENIED', `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/${resource}' (or it may not exist).`, [
          errorInfo('IAM_PERMISSION_DENIED', 'aiplatform.googleapis.com', { permission: 'aiplatform.endpoints.predict', resource }),
        ]),
        recorded,
      );
    }
    if (project !== this.projectId && project !== this.projectNumber) {
      return google(
        googleError(403, 'PERMISSION_DENIED', `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/${resource}' (or it may not exist).`),
        recorded,
      );
    }
    // An Anthropic API id with its date ("-20250929") is not a Vertex id ("@20250929").
    const knownModel = modelId === 'count-tokens' || (/^claude-[a-z0-9.-]+(@\d{8})?$/.test(modelId) && !/-\d{8}$/.test(modelId));
    if (region !== this.region || !knownModel) {
      return google(googleError(404, 'NOT_FOUND', `Publisher Model \`${resource}\` not found.`), recorded);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return google(googleError(400, 'INVALID_ARGUMENT', `Invalid JSON payload received. ${raw ? 'Unexpected token.' : 'Empty body.'}`), recorded);
    }
    if (body.anthropic_version === undefined) return anthropic(400, 'invalid_request_error', 'anthropic_version: Field required', recorded);
    if (body.anthropic_version !== VERTEX_ANTHROPIC_VERSION) {
      return anthropic(400, 'invalid_request_error', `anthropic_version: Input should be '${VERTEX_ANTHROPIC_VERSION}'`, recorded);
    }

    if (call.endpoint === 'count_tokens') {
      // count-tokens:rawPredict takes the model in the body.
      if (typeof body.model !== 'string') return anthropic(400, 'invalid_request_error', 'model: Field required');
      call.status = 200;
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ input_tokens: promptTokens(body) }));
    }

    const { anthropic_version: _version, ...rest } = body;
    const answer = await this.answer(recorded!, res, { ...rest, model: modelId });
    if (!answer) return;
    if ('error' in answer) return this.sendModelError(answer.error, modelId, recorded!, google, anthropic);
    recorded!.status = 200;
    call.status = 200;
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(answer.message));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    await playEvents(res, answer.step, answer.events, ({ event, data }) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  }

  private sendModelError(
    error: ErrorStep['error'],
    modelId: string,
    recorded: VertexRequest,
    google: (error: ReturnType<typeof googleError>, recorded?: VertexRequest) => void,
    anthropic: (status: number, type: string, message: string, recorded?: VertexRequest, headers?: Record<string, string>) => void,
  ): void {
    // A script may speak Google's terms outright (RESOURCE_EXHAUSTED, UNAVAILABLE, …).
    if (/^[A-Z_]+$/.test(error.type)) return google(googleError(error.status, error.type, error.message), recorded);
    if (PROMPT_TOO_LONG.test(error.message)) {
      if (this.options.promptTooLong === '400') return anthropic(400, 'invalid_request_error', error.message, recorded, error.headers);
      return anthropic(413, 'invalid_request_error', PROMPT_TOO_LONG_413, recorded, error.headers);
    }
    if (error.status === 429 || error.type === 'rate_limit_error') {
      // Vertex's rate limits are its quotas (a script wanting other words says RESOURCE_EXHAUSTED).
      const base = modelId.split('@')[0]!;
      return google(
        googleError(
          429,
          'RESOURCE_EXHAUSTED',
          `Quota exceeded for aiplatform.googleapis.com/online_prediction_requests_per_base_model with base model: anthropic-${base}. Please submit a quota increase request. https://cloud.google.com/vertex-ai/docs/generative-ai/quotas-genai.`,
        ),
        recorded,
      );
    }
    return anthropic(error.status, error.type, error.message, recorded, error.headers);
  }
}
