// The credentials a Bedrock or Vertex run brings (issue 16) are secrets like the
// API key: the redactor knows them from the environment, and none of them
// reaches a process the agent starts. Values are assembled at run time so that
// no literal credential sits in the source for a secret scanner to trip over.
import { describe, expect, it } from 'vitest';
import { childEnvironment } from '../../src/safety/env.js';
import { createRedactor, REDACTED, secretsOf } from '../../src/safety/redact.js';

const alnum = (length: number, seed: number) => Array.from({ length }, (_, i) => 'aZ3kQ9xW2mP5vB8nR1tY4uL6jH0gF7dS'[(i * seed + 3) % 32]).join('');

/** What aws-actions/configure-aws-credentials (OIDC) and google-github-actions/auth leave in the environment. */
const CREDENTIALS = {
  AWS_ACCESS_KEY_ID: `${'AS'}IA${alnum(16, 5).toUpperCase()}`,
  AWS_SECRET_ACCESS_KEY: `${alnum(18, 7)}+${alnum(21, 11)}`,
  AWS_SESSION_TOKEN: `IQoJb3JpZ2luX2VjE${alnum(300, 13)}/${alnum(40, 3)}==`,
  AWS_BEARER_TOKEN_BEDROCK: `${'AB'}SK${alnum(120, 9)}=`,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: alnum(64, 17),
};

const ENV = {
  ...CREDENTIALS,
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_ROLE_ARN: 'arn:aws:iam::123456789012:role/deckhand',
  AWS_WEB_IDENTITY_TOKEN_FILE: '/home/runner/work/_temp/aws-token',
  GOOGLE_APPLICATION_CREDENTIALS: '/home/runner/work/repo/repo/gha-creds-3f2a9c1d7e8b4a60.json',
  CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE: '/home/runner/work/repo/repo/gha-creds-3f2a9c1d7e8b4a60.json',
  GOOGLE_CLOUD_PROJECT: 'my-project',
  CLOUD_ML_REGION: 'us-east5',
  ANTHROPIC_VERTEX_PROJECT_ID: 'my-project',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://pipelines.actions.githubusercontent.example/idtoken',
  PATH: '/usr/bin:/bin',
  GITHUB_REPOSITORY: 'octo/repo',
};

describe('provider credentials', () => {
  it.each(Object.keys(CREDENTIALS))('secretsOf picks up %s from the environment', (name) => {
    const secrets = secretsOf(ENV);
    expect(secrets).toContainEqual({ name, value: CREDENTIALS[name as keyof typeof CREDENTIALS] });
  });

  it('the redactor removes each of them from a tool result', () => {
    const redactor = createRedactor(secretsOf(ENV));
    const text = Object.entries(CREDENTIALS)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n');
    expect(redactor.redact(text)).toBe(Object.keys(CREDENTIALS).map((name) => `${name}=${REDACTED}`).join('\n'));
  });

  it('a Vertex access token learned at run time is redacted from then on', () => {
    const redactor = createRedactor(secretsOf(ENV));
    const token = `ya29.${alnum(150, 19)}`;
    redactor.addSecrets([{ name: 'the Vertex access token', value: token }]);
    expect(redactor.redact(`Authorization: Bearer ${token}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactor.find(`token=${token}`)).toBe('the value of the Vertex access token');
  });

  it('none of them, nor where the Google credentials file is, reaches the sandbox environment', () => {
    const child = childEnvironment(ENV, { home: '/tmp/home', tmp: '/tmp/tmp' });
    for (const name of Object.keys(ENV)) if (!['PATH', 'GITHUB_REPOSITORY'].includes(name)) expect(child, name).not.toHaveProperty(name);
    const values = Object.values(child).join('\n');
    for (const value of Object.values(CREDENTIALS)) expect(values).not.toContain(value);
    expect(values).not.toContain('gha-creds');
  });
});
