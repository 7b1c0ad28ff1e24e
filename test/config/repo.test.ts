// The repository config file: the schema of product.md §5, a message naming
// the bad key for an invalid file, warnings for unknown keys, and reading it
// (with AGENTS.md and CLAUDE.md) from the ref it is given.
import { describe, expect, it } from 'vitest';
import { ConfigError, EMPTY_CONFIG, parseConfig } from '../../src/config/repo.js';
import { loadPolicyFiles } from '../../src/config/policy-files.js';

const WHERE = '.github/deckhand.yml (on main)';

describe('the config file', () => {
  it('reads every section of the documented schema', async () => {
    const { config, warnings } = await parseConfig(
      [
        'instructions: |',
        '  Run `npm test` before you commit.',
        'permissions:',
        '  allow: ["Bash(npm test)", "Bash(npm run lint:*)"]',
        '  deny:  ["Read(secrets/**)", "Edit(.github/**)"]',
        '  ask:   []',
        'review:',
        '  instructions: Focus on correctness and security.',
        '  ignore: ["**/*.lock", "dist/**"]',
        '  max_comments: 20',
        '  double_check: auto',
        '  double_check_min: blocking',
        '  check_model: claude-haiku-4-5',
        'hooks:',
        '  PreToolUse:  [{ matcher: "Bash", command: "scripts/agent-guard.sh", timeout: 30 }]',
        '  PostToolUse: []',
        '  Stop: []',
        'model: claude-opus-5-5',
        'max_turns: 25',
      ].join('\n'),
      WHERE,
    );
    expect(warnings).toEqual([]);
    expect(config.instructions).toBe('Run `npm test` before you commit.\n');
    expect(config.permissions.allow.map((r) => r.text)).toEqual(['Bash(npm test)', 'Bash(npm run lint:*)']);
    expect(config.permissions.deny.map((r) => r.text)).toEqual(['Read(secrets/**)', 'Edit(.github/**)']);
    expect(config.review).toEqual({
      instructions: 'Focus on correctness and security.',
      ignore: ['**/*.lock', 'dist/**'],
      maxComments: 20,
      doubleCheck: { when: 'auto', min: 'blocking', model: 'claude-haiku-4-5' },
    });
    expect(config.hooks.PreToolUse).toEqual([{ matcher: 'Bash', command: 'scripts/agent-guard.sh', timeout: 30 }]);
    expect(config).toMatchObject({ model: 'claude-opus-5-5', maxTurns: 25 });
  });

  it('an empty file is an empty config', async () => {
    expect((await parseConfig('', WHERE)).config).toEqual(EMPTY_CONFIG);
  });

  it.each([
    ['permissions:\n  allow: "Bash(npm test)"\n', 'permissions.allow expected array, received string'],
    ['max_turns: lots\n', 'max_turns expected number, received string'],
    ['review:\n  max_comments: 500\n', 'review.max_comments too big'],
    ['review:\n  double_check: sometimes\n', 'review.double_check must be auto or off'],
    ['review:\n  double_check_min: critical\n', 'review.double_check_min invalid option: expected one of "blocking"|"important"|"nit"'],
    ['hooks:\n  PreToolUse: [{ matcher: "Bash" }]\n', 'hooks.PreToolUse[0].command expected string, received undefined'],
  ])('an invalid value is refused, naming its key: %s', async (text, message) => {
    await expect(parseConfig(text, WHERE)).rejects.toThrow(ConfigError);
    await expect(parseConfig(text, WHERE)).rejects.toThrow(`The config file ${WHERE} is invalid: ${message}`);
  });

  it('an invalid rule is refused, naming where it is', async () => {
    await expect(parseConfig('permissions:\n  deny: ["Read(src/**)", "Bash("]\n', WHERE)).rejects.toThrow(/is invalid: permissions\.deny\[1\] /);
  });

  it('invalid YAML is refused in one line', async () => {
    await expect(parseConfig('permissions: [unclosed\n', WHERE)).rejects.toThrow(new RegExp(`^The config file .* is not valid YAML: `));
  });

  it.each([
    ['a negated pattern', '!dist/**', /review\.ignore\[1\] "!dist\/\*\*" is not a glob: a pattern cannot be negated with "!"/],
    ['an extglob', '+(a|b).lock', /review\.ignore\[1\] "\+\(a\|b\)\.lock" is not a glob: parentheses/],
    ['a class read two ways', '[!a]*.json', /review\.ignore\[1\] .* write "\[\^…\]"/],
  ])('review.ignore refuses %s, naming the entry, in one line', async (_, glob, message) => {
    const parsing = parseConfig(`review:\n  ignore: ["*.lock", ${JSON.stringify(glob)}]\n`, WHERE);
    await expect(parsing).rejects.toThrow(ConfigError);
    await expect(parsing).rejects.toThrow(message);
    await expect(parsing).rejects.toThrow(/^[^\n]+$/);
  });

  it('unknown keys are warnings, not errors', async () => {
    const { warnings } = await parseConfig('permisions:\n  allow: []\nreview:\n  ignored: true\n', WHERE);
    expect(warnings).toEqual([`Unknown key permisions in the config file ${WHERE} (ignored).`, `Unknown key review.ignored in the config file ${WHERE} (ignored).`]);
  });

  it('unknown keys inside a hook entry are warnings too', async () => {
    const { warnings } = await parseConfig('hooks:\n  PreToolUse:\n    - { matcher: Bash, command: "true", timout: 5 }\n', WHERE);
    expect(warnings).toEqual([`Unknown key hooks.PreToolUse[0].timout in the config file ${WHERE} (ignored).`]);
  });

  it('reads mcp_servers, filling the defaults of each entry', async () => {
    const { config, warnings } = await parseConfig(
      [
        'mcp_servers:',
        '  tracker:',
        '    command: npx',
        '    args: ["-y", "@acme/tracker-mcp"]',
        '    env: { TRACKER_TOKEN: "${TRACKER_TOKEN}" }',
        '  docs:',
        '    type: http',
        '    url: https://docs.example.com/mcp',
      ].join('\n'),
      WHERE,
    );
    expect(warnings).toEqual([]);
    expect(config.mcpServers).toEqual({
      tracker: { kind: 'stdio', command: 'npx', args: ['-y', '@acme/tracker-mcp'], env: { TRACKER_TOKEN: '${TRACKER_TOKEN}' }, writable: false, network: false },
      docs: { kind: 'http', url: 'https://docs.example.com/mcp', headers: {} },
    });
  });

  it.each([
    ['mcp_servers:\n  tracker:\n    command: 7\n', 'mcp_servers.tracker.command expected string, received number'],
    ['mcp_servers:\n  tracker:\n    command: npx\n    url: https://x.example/mcp\n', 'mcp_servers.tracker has both command and url: give command for a stdio server or url for a Streamable HTTP server.'],
    ['mcp_servers:\n  tracker:\n    args: [x]\n', 'mcp_servers.tracker has neither command nor url'],
    ['mcp_servers:\n  docs:\n    type: sse\n    url: https://x.example/sse\n', 'mcp_servers.docs.type sse is not supported: the server must speak Streamable HTTP (type http).'],
    ['mcp_servers:\n  my__tracker:\n    command: npx\n', 'mcp_servers.my__tracker is not a valid server name: it may not contain "__", which separates server and tool in mcp__<server>__<tool>.'],
    ['mcp_servers: [tracker]\n', 'mcp_servers expected record, received array'],
  ])('an invalid MCP server is refused, naming its key: %j', async (text, message) => {
    await expect(parseConfig(text, WHERE)).rejects.toThrow(ConfigError);
    await expect(parseConfig(text, WHERE)).rejects.toThrow(`The config file ${WHERE} is invalid: ${message}`);
  });

  it('unknown keys inside an MCP server entry are warnings, by its kind; server names are not', async () => {
    const { warnings } = await parseConfig(
      'mcp_servers:\n  tracker: { command: npx, timeout: 30 }\n  docs: { url: "https://x.example/mcp", network: true }\n  memory: { command: npx }\n',
      WHERE,
    );
    expect(warnings).toEqual([
      `Unknown key mcp_servers.tracker.timeout in the config file ${WHERE} (ignored).`,
      `Unknown key mcp_servers.docs.network in the config file ${WHERE} (ignored).`,
    ]);
  });

  it('reads verify and explore; verify: off, false and auto are short for {when: …}', async () => {
    const of = async (text: string) => (await parseConfig(text, 'f')).config;
    expect((await of('')).verify).toEqual({ when: 'auto', rounds: 1 });
    expect((await of('verify: off\n')).verify).toEqual({ when: 'off', rounds: 1 });
    expect((await of('verify: false\n')).verify).toEqual({ when: 'off', rounds: 1 });
    expect((await of('verify: auto\n')).verify).toEqual({ when: 'auto', rounds: 1 });
    expect((await of('verify:\n  rounds: 3\n  model: claude-opus-5-5\n')).verify).toEqual({ when: 'auto', rounds: 3, model: 'claude-opus-5-5' });
    expect((await of('explore:\n  model: claude-haiku-4-5\n')).explore).toEqual({ model: 'claude-haiku-4-5' });
  });

  it('reads memory and skills: off and false turn them off, a mapping or a list chooses', async () => {
    const of = async (text: string) => (await parseConfig(text, 'f')).config;
    expect((await of('')).memory).toEqual({ enabled: true, branch: 'deckhand/memory', consolidate: 'auto' });
    expect((await of('memory: off\n')).memory.enabled).toBe(false);
    expect((await of('memory: false\n')).memory.enabled).toBe(false);
    expect((await of('memory:\n  branch: team/notes\n  recall_model: claude-haiku-4-5\n  consolidate: off\n')).memory).toEqual({
      enabled: true,
      branch: 'team/notes',
      recallModel: 'claude-haiku-4-5',
      consolidate: 'off',
    });
    expect((await of('')).skills).toBe('on');
    expect((await of('skills: off\n')).skills).toBe('off');
    expect((await of('skills: [deploy, release-notes]\n')).skills).toEqual(['deploy', 'release-notes']);
  });

  it('a bad memory or skills is refused in one line naming the key', async () => {
    await expect(parseConfig('memory:\n  branch: ../main\n', 'f')).rejects.toThrow('The config file f is invalid: memory.branch must be a branch name');
    await expect(parseConfig('memory:\n  consolidate: weekly\n', 'f')).rejects.toThrow('The config file f is invalid: memory.consolidate must be auto or off.');
    await expect(parseConfig('memory: 3\n', 'f')).rejects.toThrow('The config file f is invalid: memory must be off, or a mapping of branch, recall_model and consolidate.');
    await expect(parseConfig('skills: some\n', 'f')).rejects.toThrow('The config file f is invalid: skills must be off, or a list of skill names.');
  });

  it('reads network: a list (or one string of hosts) that narrows the workflow\'s, or off', async () => {
    const of = async (text: string) => (await parseConfig(text, 'f')).config.network;
    expect(await of('')).toBeUndefined();
    expect(await of('network: off\n')).toBe('off');
    expect(await of('network: false\n')).toBe('off');
    expect(await of('network: [npm, "*.corp.example", 10.0.0.7]\n')).toEqual([
      { kind: 'host', host: 'registry.npmjs.org' },
      { kind: 'host', host: 'registry.yarnpkg.com' },
      { kind: 'subdomains', domain: 'corp.example' },
      { kind: 'address', address: '10.0.0.7' },
    ]);
    expect(await of('network: "pypi, example.org"\n')).toEqual([
      { kind: 'host', host: 'pypi.org' },
      { kind: 'host', host: 'files.pythonhosted.org' },
      { kind: 'host', host: 'example.org' },
    ]);
    // on is not a narrowing: the workflow decides whether there is network at all.
    await expect(parseConfig('network: on\n', 'f')).rejects.toThrow("The config file f is invalid: network cannot be on: it only narrows the workflow's network input");
    await expect(parseConfig('network: [npm, "example.org:8080"]\n', 'f')).rejects.toThrow(
      'The config file f is invalid: network: "example.org:8080" is not allowed: give the host alone, without a port: every port of an allowed host is allowed.',
    );
    await expect(parseConfig('network: {npm: true}\n', 'f')).rejects.toThrow('The config file f is invalid: network must be off, or a list of hosts, *. patterns and presets.');
  });

  it('a bad verify is refused in one line naming the key', async () => {
    await expect(parseConfig('verify: 7\n', 'f')).rejects.toThrow('The config file f is invalid: verify must be auto, off, or a mapping of when, rounds and model.');
    await expect(parseConfig('verify: sometimes\n', 'f')).rejects.toThrow('The config file f is invalid: verify.when must be auto or off.');
    await expect(parseConfig('verify:\n  rounds: 9\n', 'f')).rejects.toThrow(/verify\.rounds too big: expected number to be <=5/);
    await expect(parseConfig('explore:\n  model: "bad id"\n', 'f')).rejects.toThrow('The config file f is invalid: explore.model must be a model id, such as claude-sonnet-5-5.');
    expect((await parseConfig('verify:\n  when: auto\n  extra: 1\n', 'f')).warnings).toEqual(['Unknown key verify.extra in the config file f (ignored).']);
  });

  it('is read, with AGENTS.md and CLAUDE.md, from the ref it is given', async () => {
    const asked: string[] = [];
    const files: Record<string, string> = { '.github/deckhand.yml@main': 'max_turns: 7\n', 'AGENTS.md@main': 'Use pnpm.' };
    const loaded = await loadPolicyFiles(
      async (path, ref) => {
        asked.push(`${path}@${ref}`);
        return files[`${path}@${ref}`];
      },
      '.github/deckhand.yml',
      'main',
    );
    expect(asked.sort()).toEqual(['.github/deckhand.yml@main', 'AGENTS.md@main', 'CLAUDE.md@main']);
    expect(loaded.config.maxTurns).toBe(7);
    expect(loaded.instructions).toEqual([{ path: 'AGENTS.md', text: 'Use pnpm.' }]);
  });

  it('goes on without an instruction file it cannot read, and bounds a huge one, with warnings', async () => {
    const loaded = await loadPolicyFiles(
      async (path) => {
        if (path === 'CLAUDE.md') throw new Error('GitHub API error 403 on GET …/contents/CLAUDE.md: Forbidden');
        if (path === 'AGENTS.md') return `Use pnpm. ${'z'.repeat(100_000)}`;
        return undefined;
      },
      '.github/deckhand.yml',
      'main',
    );
    expect(loaded.instructions).toHaveLength(1);
    expect(loaded.instructions[0]!.text.length).toBeLessThan(41_000);
    expect(loaded.instructions[0]!.text).toMatch(/^Use pnpm\. z+/);
    expect(loaded.warnings).toEqual([
      'Could not read CLAUDE.md from main (GitHub API error 403 on GET …/contents/CLAUDE.md: Forbidden); going on without it.',
      'AGENTS.md is 100010 characters long; only its first 40000 are given to the model.',
    ]);
  });

  it('a config file it cannot read stops the run: the policy must be known', async () => {
    await expect(
      loadPolicyFiles(
        async (path) => {
          if (path === '.github/deckhand.yml') throw new Error('GitHub API error 502 on GET …/contents/.github/deckhand.yml: Bad Gateway (still failing after retries)');
          return undefined;
        },
        '.github/deckhand.yml',
        'main',
      ),
    ).rejects.toThrow(/502/);
  });
});
