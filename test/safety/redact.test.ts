// Secrets never leave (product.md §6): every text the action sends out and
// every tool result the model sees passes the redactor. A secret must go in
// each encoding a tool or the model could produce; token-shaped strings go
// even when nobody told us their value; ordinary text stays byte for byte.
//
// Token-shaped strings are assembled at run time so that no literal token
// sits in the source for a secret scanner to trip over.
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, secretsOf, type Secret } from '../../src/safety/redact.js';

const GITHUB_TOKEN: Secret = { name: 'GITHUB_TOKEN', value: `${'gh'}s_16C7e42F292c6912E7710c838347Ae178B4a` };
const API_KEY: Secret = { name: 'ANTHROPIC_API_KEY', value: `${'sk'}-ant-api03-Zx8_Q2-wA9kLm3Np7Rt5Uv1Yb4Cd6Ef0GhIjKlMnOpQrStUvWx` };
/** Bytes that base64 to `+` and `/`, and characters that URL- and JSON-encoding change. */
const AWKWARD: Secret = { name: 'DB_PASSWORD', value: 'p@ss/wo+rd=?&"\\\u00FF~end' };

const redactor = createRedactor([GITHUB_TOKEN, API_KEY, AWKWARD]);
const redact = (text: string) => redactor.redact(text);

const base64 = (bytes: string | Buffer) => Buffer.from(bytes).toString('base64');
const base64url = (bytes: string | Buffer) => Buffer.from(bytes).toString('base64url');
const alnum = (length: number, seed = 7) =>
  Array.from({ length }, (_, i) => 'aZ3kQ9xW2mP5vB8nR1tY4uL6jH0gF7dS'[(i * seed + 3) % 32]).join('');

/** No stretch of `value` this long survives in `text`. */
function expectNoPartOf(value: string, text: string, window = 6) {
  for (let i = 0; i + window <= value.length; i++) expect(text).not.toContain(value.slice(i, i + window));
}

describe('secretsOf picks the secrets of a run from its environment', () => {
  const env = {
    INPUT_ANTHROPIC_API_KEY: API_KEY.value,
    INPUT_GITHUB_TOKEN: GITHUB_TOKEN.value,
    ACTIONS_RUNTIME_TOKEN: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.runtime',
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.idtoken',
    NPM_AUTH: 'npm_abcdefghijklmnop',
    my_password: 'correct horse battery',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    SIGNING_CERT: '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUZ',
    SESSION_COOKIE: 'sessid-0123456789',
    PRIVATE_REGISTRY_PASS: 'registry-pass-42',
    SECRET_STARTING_WITH_SLASH: '/kP9+xQ2==wZ',
    // Not secrets:
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: '/home/runner',
    GITHUB_REPOSITORY: 'acme/widgets',
    TOKEN_COUNT: '12',
    MAX_TOKENS: '100000000',
    AUTH_ENABLED: 'true',
    KEYBOARD_LAYOUT: 'disabled',
    SSL_CERT_FILE: '/etc/ssl/certs/ca-certificates.crt',
    NODE_EXTRA_CA_CERTS: '/etc/ssl/a.pem:/etc/ssl/b.pem',
    SSH_AUTH_SOCK: '/tmp/ssh-XXXXabc/agent.1234',
    GIT_AUTHOR_NAME: 'github-actions[bot]',
    GIT_AUTHOR_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com',
    GIT_ASKPASS: '/usr/lib/git-core/git-gui--askpass',
    PWD: '/home/runner/work/widgets/widgets',
    SHORT_SECRET: 'abc1234',
    EMPTY_TOKEN: '',
  };
  const names = secretsOf(env).map((secret) => secret.name);

  it('takes the action inputs that hold the API key and the GitHub token', () => {
    expect(names).toContain('INPUT_ANTHROPIC_API_KEY');
    expect(names).toContain('INPUT_GITHUB_TOKEN');
  });

  it('takes every variable whose name looks secret, in any case', () => {
    for (const name of ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'NPM_AUTH', 'my_password', 'AWS_SECRET_ACCESS_KEY', 'SIGNING_CERT', 'SESSION_COOKIE', 'PRIVATE_REGISTRY_PASS']) {
      expect(names).toContain(name);
    }
  });

  it('keeps a base64 secret that happens to start like a path', () => {
    expect(names).toContain('SECRET_STARTING_WITH_SLASH');
  });

  it('leaves out ordinary variables, numbers, switches, paths and the commit author', () => {
    for (const name of ['PATH', 'HOME', 'GITHUB_REPOSITORY', 'TOKEN_COUNT', 'MAX_TOKENS', 'AUTH_ENABLED', 'KEYBOARD_LAYOUT', 'SSL_CERT_FILE', 'NODE_EXTRA_CA_CERTS', 'SSH_AUTH_SOCK', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_ASKPASS', 'PWD']) {
      expect(names).not.toContain(name);
    }
  });

  it('drops values shorter than 8 characters, and empty ones', () => {
    expect(names).not.toContain('SHORT_SECRET');
    expect(names).not.toContain('EMPTY_TOKEN');
  });

  it('puts explicit secrets first and drops repeated values (the first name wins)', () => {
    const secrets = secretsOf({ GITHUB_TOKEN: GITHUB_TOKEN.value, INPUT_GITHUB_TOKEN: GITHUB_TOKEN.value }, [
      { name: 'the GitHub token', value: GITHUB_TOKEN.value },
      { name: 'a deploy key', value: 'deploy-key-value-1' },
      { name: 'too short', value: 'short' },
    ]);
    expect(secrets).toEqual([
      { name: 'the GitHub token', value: GITHUB_TOKEN.value },
      { name: 'a deploy key', value: 'deploy-key-value-1' },
    ]);
  });

  it('trims values, as a secret read from a file often ends in a newline', () => {
    expect(secretsOf({ API_TOKEN: '  tok-0123456789\n' })).toEqual([{ name: 'API_TOKEN', value: 'tok-0123456789' }]);
  });

  it('takes the password of a URL in any variable', () => {
    expect(secretsOf({ DATABASE_URL: 'postgres://app:hunter2hunter2@db.internal:5432/app', HOMEPAGE: 'https://example.com/a:b@c' })).toEqual([
      { name: 'DATABASE_URL (password in URL)', value: 'hunter2hunter2' },
    ]);
  });
});

describe('cloud credentials are secrets whatever they look like', () => {
  it('takes an AWS secret key that starts with "/", which would otherwise pass for a path', () => {
    const key = '/x9WqLm2TzR8vK3pN7bY1cE5hJ0gF4dS6aU2iO8w';
    const redactor = createRedactor(secretsOf({ AWS_SECRET_ACCESS_KEY: key, SOME_PATH_SECRET: '/usr/local/share/app' }));
    expect(redactor.redact(`key=${key}`)).toBe(`key=${REDACTED}`);
    // A path under an ordinary secret-sounding name is still left alone.
    expect(redactor.redact('/usr/local/share/app')).toBe('/usr/local/share/app');
  });
});

describe('redact removes a secret in every encoding', () => {
  const cases: [encoding: string, secret: Secret, encoded: string][] = [
    ['plain', GITHUB_TOKEN, GITHUB_TOKEN.value],
    ['plain, with awkward characters', AWKWARD, AWKWARD.value],
    ['base64, standard with padding', AWKWARD, base64(AWKWARD.value)],
    ['base64, standard without padding', AWKWARD, base64(AWKWARD.value).replace(/=+$/, '')],
    ['base64, URL-safe', AWKWARD, base64url(AWKWARD.value)],
    ['base64, URL-safe with padding', AWKWARD, base64(AWKWARD.value).replace(/\+/g, '-').replace(/\//g, '_')],
    ['base64 of the token', GITHUB_TOKEN, base64(GITHUB_TOKEN.value)],
    ['hex, lower case', GITHUB_TOKEN, Buffer.from(GITHUB_TOKEN.value).toString('hex')],
    ['hex, upper case', GITHUB_TOKEN, Buffer.from(GITHUB_TOKEN.value).toString('hex').toUpperCase()],
    ['hex of awkward characters', AWKWARD, Buffer.from(AWKWARD.value).toString('hex')],
    ['URL-encoded (encodeURIComponent)', AWKWARD, encodeURIComponent(AWKWARD.value)],
    ['URL-encoded with lower-case escapes', AWKWARD, encodeURIComponent(AWKWARD.value).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())],
    ['URL-encoded leaving `/` alone', AWKWARD, encodeURIComponent(AWKWARD.value).replace(/%2F/g, '/')],
    ['form-encoded', { name: 'P', value: 'pass word+more' }, new URLSearchParams({ p: 'pass word+more' }).toString().slice(2)],
    ['JSON-escaped', AWKWARD, JSON.stringify(AWKWARD.value).slice(1, -1)],
  ];
  for (const [encoding, secret, encoded] of cases) {
    it(encoding, () => {
      const result = createRedactor([secret]).redact(`before ${encoded} after`);
      expect(result).toBe(`before ${REDACTED} after`);
    });
  }

  it('every occurrence, also back to back', () => {
    expect(redact(`${GITHUB_TOKEN.value}${GITHUB_TOKEN.value} x ${GITHUB_TOKEN.value}`)).toBe(`${REDACTED} x ${REDACTED}`);
  });

  it('with Unicode text around it', () => {
    expect(redact(`日本語${GITHUB_TOKEN.value}😀\u200Bé${API_KEY.value}ü`)).toBe(`日本語${REDACTED}😀\u200Bé${REDACTED}ü`);
  });

  it('a secret that is itself Unicode, in plain, base64, hex and URL form', () => {
    const secret = { name: 'PASSPHRASE', value: 'pässwörd-日本-😀-x' };
    const unicode = createRedactor([secret]);
    for (const encoded of [secret.value, base64(secret.value), Buffer.from(secret.value).toString('hex'), encodeURIComponent(secret.value)]) {
      expect(unicode.redact(`[${encoded}]`)).toBe(`[${REDACTED}]`);
    }
  });

  it('a multi-line secret whole, with other line endings, and line by line', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----';
    const keyed = createRedactor([{ name: 'DEPLOY_KEY', value: pem }]);
    expect(keyed.redact(`key:\n${pem}\n`)).toBe(`key:\n${REDACTED}\n`);
    expect(keyed.redact(pem.replace(/\n/g, '\r\n'))).toBe(REDACTED);
    expect(keyed.redact('line: BKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj')).toBe(`line: ${REDACTED}`);
  });
});

describe('redact finds a secret inside a longer base64 string, at every byte alignment', () => {
  // Zero bytes around the secret encode as "A": whatever is not "A" beside the
  // marker depends on the secret. At most one such character may stay per side.
  for (const before of [0, 1, 2, 3, 4, 5]) {
    for (const after of [0, 1, 2]) {
      it(`${before} bytes before and ${after} after`, () => {
        const blob = base64(Buffer.concat([Buffer.alloc(before), Buffer.from(AWKWARD.value), Buffer.alloc(after)]));
        const result = redact(`x ${blob} y`);
        expect(result).toMatch(/^x A*[A-Za-z0-9+/]?\[REDACTED\][A-Za-z0-9+/]?A*=*? y$/);
      });
    }
  }

  it('the token as git sends it: base64 of x-access-token:<token>', () => {
    expect(redact(base64(`x-access-token:${GITHUB_TOKEN.value}`))).toMatch(/^[A-Za-z0-9+/]{0,21}\[REDACTED\]$/);
  });
});

describe('redact removes token-shaped strings it was never told about', () => {
  const redactNothing = createRedactor([]);
  const positives: [shape: string, token: string][] = [
    ['a classic personal access token (ghp_)', `${'gh'}p_${alnum(36)}`],
    ['an OAuth token (gho_)', `${'gh'}o_${alnum(36)}`],
    ['a user-to-server token (ghu_)', `${'gh'}u_${alnum(36)}`],
    ['an installation token (ghs_)', `${'gh'}s_${alnum(36)}`],
    ['a refresh token (ghr_)', `${'gh'}r_${alnum(76)}`],
    ['a GitHub token of exactly 30 characters', `${'gh'}p_${alnum(30)}`],
    ['a fine-grained personal access token', `${'github'}_pat_${alnum(22)}_${alnum(59, 11)}`],
    ['a fine-grained token of exactly 40 characters', `${'github'}_pat_${alnum(40)}`],
    ['an Anthropic API key', `${'sk'}-ant-api03-${alnum(40)}-${alnum(20, 5)}_AA`],
    ['an Anthropic key of exactly 20 characters', `${'sk'}-ant-${alnum(20)}`],
  ];
  for (const [shape, token] of positives) {
    it(shape, () => {
      expect(redactNothing.redact(`token=${token};`)).toBe(`token=${REDACTED};`);
      expect(redactNothing.find(`x ${token}`)).not.toContain(token.slice(4, 10));
    });
  }

  const nearMisses: [shape: string, text: string][] = [
    ['ghp_ with 29 characters', `${'gh'}p_${alnum(29)}`],
    ['another letter after gh', `${'gh'}x_${alnum(36)}`],
    ['upper-case GHP_', `${'GH'}P_${alnum(36)}`],
    ['github_pat_ with 39 characters', `${'github'}_pat_${alnum(39)}`],
    ['sk-ant- with 19 characters', `${'sk'}-ant-${alnum(19)}`],
    ['an OpenAI-style key', `${'sk'}-proj-${alnum(40)}`],
  ];
  for (const [shape, text] of nearMisses) {
    it(`leaves a near miss: ${shape}`, () => {
      expect(redactNothing.redact(`x ${text} y`)).toBe(`x ${text} y`);
      expect(redactNothing.find(text)).toBeUndefined();
    });
  }

  it('ends a GitHub token where its characters end', () => {
    expect(redactNothing.redact(`"${'gh'}p_${alnum(36)}-suffix"`)).toBe(`"${REDACTED}-suffix"`);
  });
});

describe('redact removes the credentials of an Authorization header', () => {
  const credentials = base64(`x-access-token:${GITHUB_TOKEN.value}`);
  const redactNothing = createRedactor([]);
  const cases: [form: string, input: string, expected: string][] = [
    ['as git config -l prints it', `http.https://github.com/.extraheader=AUTHORIZATION: basic ${credentials}`, `http.https://github.com/.extraheader=AUTHORIZATION: basic ${REDACTED}`],
    ['as .git/config holds it', `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${credentials}\n`, `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${REDACTED}\n`],
    ['in other cases', `authorization: Basic ${base64('user:pass')}`, `authorization: Basic ${REDACTED}`],
    ['as JSON', `{"Authorization": "Basic ${base64('user:hunter2')}"}`, `{"Authorization": "Basic ${REDACTED}"}`],
    ['with a bearer token', 'Authorization: Bearer abc.def-ghi_jkl', `Authorization: Bearer ${REDACTED}`],
    ['with the token scheme', 'Authorization: token 0123456789abcdef', `Authorization: token ${REDACTED}`],
  ];
  for (const [form, input, expected] of cases) {
    it(form, () => expect(redactNothing.redact(input)).toBe(expected));
  }

  it('leaves a header without credentials, or with a placeholder', () => {
    for (const text of ['Authorization: basic', 'Authorization: Bearer $TOKEN', 'Authorization: Bearer <token>', 'the authorization: basic idea']) {
      expect(redactNothing.redact(text)).toBe(text);
    }
  });

  it('does not read the next line as credentials', () => {
    expect(redactNothing.redact('Authorization: Basic\nnext line')).toBe('Authorization: Basic\nnext line');
  });
});

describe('overlapping secrets', () => {
  it('a secret inside a longer one leaves nothing of the longer', () => {
    const nested = createRedactor([
      { name: 'SHORT', value: 'abcdefgh12' },
      { name: 'LONG', value: 'xxabcdefgh12yyzz' },
    ]);
    expect(nested.redact('1 xxabcdefgh12yyzz 2 abcdefgh12 3')).toBe(`1 ${REDACTED} 2 ${REDACTED} 3`);
  });

  it('two secrets that overlap become one marker', () => {
    const overlapping = createRedactor([
      { name: 'A', value: '11112222aaaa' },
      { name: 'B', value: 'aaaa33334444' },
    ]);
    expect(overlapping.redact('<11112222aaaa33334444>')).toBe(`<${REDACTED}>`);
  });

  it('a secret overlapping a token shape becomes one marker', () => {
    const token = `${'gh'}p_${alnum(36)}`;
    const overlapping = createRedactor([{ name: 'TAIL', value: `${token.slice(-10)}-and-more` }]);
    expect(overlapping.redact(`${token}-and-more!`)).toBe(`${REDACTED}!`);
  });
});

describe('find names the first secret without any part of it', () => {
  it('the value of a named secret', () => {
    expect(redactor.find(`config: ${GITHUB_TOKEN.value}`)).toBe('the value of GITHUB_TOKEN');
  });

  it('names the encoding', () => {
    expect(redactor.find(base64(API_KEY.value))).toBe('the value of ANTHROPIC_API_KEY, base64-encoded');
    expect(redactor.find(Buffer.from(API_KEY.value).toString('hex'))).toBe('the value of ANTHROPIC_API_KEY, hex-encoded');
    expect(redactor.find(encodeURIComponent(AWKWARD.value))).toBe('the value of DB_PASSWORD, URL-encoded');
  });

  it('the first by position', () => {
    expect(redactor.find(`${API_KEY.value} then ${GITHUB_TOKEN.value}`)).toBe('the value of ANTHROPIC_API_KEY');
    expect(redactor.find(`${'gh'}p_${alnum(36)} then ${API_KEY.value}`)).toBe('a GitHub token');
  });

  it('describes token shapes by kind', () => {
    const redactNothing = createRedactor([]);
    expect(redactNothing.find(`${'github'}_pat_${alnum(60)}`)).toBe('a GitHub fine-grained token');
    expect(redactNothing.find(`${'sk'}-ant-${alnum(30)}`)).toBe('an Anthropic API key');
    expect(redactNothing.find(`AUTHORIZATION: basic ${base64('user:pass')}`)).toBe('a basic-auth Authorization header');
  });

  it('undefined for clean text', () => {
    expect(redactor.find('nothing to see here: ghp_ is a prefix, sk-ant- too')).toBeUndefined();
  });

  it('never returns any part of a value', () => {
    const texts = [GITHUB_TOKEN.value, API_KEY.value, AWKWARD.value, base64(AWKWARD.value), `${'gh'}p_${alnum(36)}`];
    for (const text of texts) {
      const description = redactor.find(text)!;
      expect(description).toBeDefined();
      for (const secret of [GITHUB_TOKEN, API_KEY, AWKWARD]) expectNoPartOf(secret.value, description, 4);
      expectNoPartOf(text, description, 6);
    }
  });
});

describe('what redact leaves alone', () => {
  it('ordinary text, byte for byte', () => {
    const text = 'const token = process.env.GITHUB_TOKEN; // see https://github.com/acme/widgets\nghp_ and sk-ant- prefixes, a hex 0123456789abcdef, base64 aGVsbG8=\n日本語 😀';
    expect(redact(text)).toBe(text);
  });

  it('its own output: redacting twice changes nothing more', () => {
    const once = redact(`${GITHUB_TOKEN.value} ${base64(API_KEY.value)} Authorization: basic ${base64('user:pass')}`);
    expect(redact(once)).toBe(once);
  });

  it('ignores secrets shorter than 8 characters given to it directly', () => {
    expect(createRedactor([{ name: 'X', value: 'a' }, { name: 'Y', value: 'abc1234' }]).redact('a abc1234 b')).toBe('a abc1234 b');
  });
});

describe('redact at scale', () => {
  const secrets = Array.from({ length: 20 }, (_, i) => ({ name: `SECRET_${i}`, value: `${alnum(24, 2 * i + 1)}${i}` }));
  const many = createRedactor(secrets);

  it('a 10 MB text with secrets at the start, middle and end', () => {
    const filler = 'lorem ipsum dolor sit amet, ünïcödé 😀 0123456789abcdef\n'.repeat(190_000);
    const text = `${secrets[0]!.value}${filler}${base64(secrets[5]!.value)}${filler}${secrets[19]!.value}`;
    expect(text.length).toBeGreaterThan(10_000_000);
    const result = many.redact(text);
    expect(result.startsWith(REDACTED)).toBe(true);
    expect(result.endsWith(REDACTED)).toBe(true);
    expect(result.length).toBe(2 * filler.length + 3 * REDACTED.length);
    expect(many.find(text)).toBe('the value of SECRET_0');
  });

  it('many large secrets (more states than a full transition table allows)', () => {
    const keys = Array.from({ length: 12 }, (_, i) => ({ name: `KEY_${i}`, value: base64(Buffer.alloc(1800, i + 1)).replace(/(.{64})/g, '$1\n') + alnum(8, i + 1) }));
    const large = createRedactor(keys);
    const text = `a ${keys[4]!.value} b ${base64(keys[7]!.value)} c ${keys[2]!.value.split('\n')[3]} d`;
    expect(large.redact(text)).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED} d`);
    expect(large.find(text)).toBe('the value of KEY_4');
  });

  // About a megabyte each: linear work takes well under a second, quadratic
  // work hours, so the generous bound holds on a loaded machine.
  const hostile: [name: string, text: string][] = [
    ['repeated token prefixes', `${'github'}_pat_`.repeat(100_000)],
    ['GitHub prefixes with runs just too short', `${'gh'}p_${alnum(29)} `.repeat(30_000)],
    ['a header name followed by a megabyte of spaces', `authorization:${' '.repeat(1_000_000)}x`],
    ['many header names with short credentials', 'Authorization: basic AB '.repeat(40_000)],
    ['a long run of one character', 'a'.repeat(1_000_000)],
    ['near-copies of a secret', `${secrets[3]!.value.slice(0, -1)}-`.repeat(40_000)],
  ];
  for (const [name, text] of hostile) {
    it(`costs linear time on ${name}`, () => {
      const started = performance.now();
      many.redact(text);
      expect(performance.now() - started).toBeLessThan(15_000);
    });
  }
});

describe('addSecrets: secrets learned after start-up (an MCP server’s headers and environment)', () => {
  const LATE: Secret = { name: 'mcp_config tracker.TOKEN', value: 'trk-late-secret-0123456789' };
  const LATE_AWKWARD: Secret = { name: 'mcp_config docs.Authorization', value: 'p@ss/late+w0rd=?&~' };

  it('redacts nothing of a secret before it is added, then every form of it', () => {
    const late = createRedactor([GITHUB_TOKEN]);
    const text = (value: string) => `plain ${value} base64 ${base64(value)} url-safe ${base64url(value)} hex ${Buffer.from(value).toString('hex')} url ${encodeURIComponent(value)} end`;
    expect(late.redact(text(LATE.value))).toBe(text(LATE.value));
    expect(late.find(text(LATE.value))).toBeUndefined();

    late.addSecrets([LATE, LATE_AWKWARD]);
    for (const secret of [LATE, LATE_AWKWARD]) {
      expect(late.redact(text(secret.value))).toBe(`plain ${REDACTED} base64 ${REDACTED} url-safe ${REDACTED} hex ${REDACTED} url ${REDACTED} end`);
    }
    expect(late.find(`x ${base64(LATE.value)}`)).toBe('the value of mcp_config tracker.TOKEN, base64-encoded');
    // Inside a longer base64 blob, and wrapped over lines as `base64` prints it.
    expect(late.redact(base64(`Bearer ${LATE.value}`))).toMatch(/^[A-Za-z0-9+/]{0,10}\[REDACTED\][A-Za-z0-9+/=]{0,3}$/);
    // 50 bytes before it: its base64 runs across the end of the first 76-column line.
    const wrapped = base64(`${'x'.repeat(50)}${LATE.value}${'y'.repeat(50)}`).replace(/(.{76})/g, '$1\n');
    expect(wrapped.indexOf('\n')).toBeGreaterThan(66);
    expect(wrapped.indexOf('\n')).toBeLessThan(100);
    const redacted = late.redact(wrapped);
    expect(redacted).toContain(REDACTED);
    for (const shift of [0, 1, 2]) {
      expectNoPartOf(base64(Buffer.concat([Buffer.alloc(shift), Buffer.from(LATE.value)])).slice(4, -4), redacted.replace(/\n/g, ''), 8);
    }
  });

  it('keeps the secrets it had', () => {
    const late = createRedactor([GITHUB_TOKEN]);
    late.addSecrets([LATE]);
    expect(late.redact(`${GITHUB_TOKEN.value} ${LATE.value} ${base64(GITHUB_TOKEN.value)}`)).toBe(`${REDACTED} ${REDACTED} ${REDACTED}`);
  });

  it('adds again and again: each call adds to what is known', () => {
    const late = createRedactor([]);
    late.addSecrets([LATE]);
    late.addSecrets([LATE_AWKWARD]);
    expect(late.redact(`${LATE.value} ${LATE_AWKWARD.value}`)).toBe(`${REDACTED} ${REDACTED}`);
  });

  it('ignores values shorter than 8 characters (trimmed), and empty ones', () => {
    const late = createRedactor([]);
    late.addSecrets([
      { name: 'SHORT', value: 'abc1234' },
      { name: 'PADDED', value: '   abc12  \n' },
      { name: 'EMPTY', value: '' },
      { name: 'BEARER_WORD', value: 'Bearer' },
    ]);
    const text = 'abc1234 abc12 Bearer YWJjMTIzNA==';
    expect(late.redact(text)).toBe(text);
    expect(late.find(text)).toBeUndefined();
  });

  it('trims a value, as secretsOf does', () => {
    const late = createRedactor([]);
    late.addSecrets([{ name: 'T', value: `  ${LATE.value}\n` }]);
    expect(late.redact(`[${LATE.value}]`)).toBe(`[${REDACTED}]`);
  });

  it('ignores a value it knows already: the first name stays the one reported', () => {
    const late = createRedactor([GITHUB_TOKEN]);
    late.addSecrets([
      { name: 'mcp_config s.TOKEN', value: GITHUB_TOKEN.value },
      { name: 'first', value: LATE.value },
      { name: 'second', value: LATE.value },
    ]);
    expect(late.find(GITHUB_TOKEN.value)).toBe('the value of GITHUB_TOKEN');
    expect(late.find(LATE.value)).toBe('the value of first');
    expect(late.redact(`${GITHUB_TOKEN.value} ${LATE.value}`)).toBe(`${REDACTED} ${REDACTED}`);
  });

  it('adding nothing, or only ignored values, changes nothing', () => {
    const late = createRedactor([GITHUB_TOKEN]);
    late.addSecrets([]);
    late.addSecrets([{ name: 'SHORT', value: 'short' }]);
    expect(late.redact(`${GITHUB_TOKEN.value} short ordinary`)).toBe(`${REDACTED} short ordinary`);
  });
});
