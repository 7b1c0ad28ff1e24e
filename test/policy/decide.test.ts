// The permission decision for tool calls (product.md §5): sources in order of
// trust, deny beats allow from any source, ask means deny in CI, Bash checked
// part by part with the real shell parser, and tools that could never be
// allowed are not offered.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { specOf } from '../../src/modes/index.js';
import { allowedByDefault, buildPolicy, hiddenFromSearch, offeredTools, policyGate, type Policy } from '../../src/policy/decide.js';
import { parseRuleList } from '../../src/policy/rules.js';
import { globTool } from '../../src/tools/glob.js';
import { grepTool } from '../../src/tools/grep.js';
import { ALL_TOOLS } from '../../src/tools/index.js';
import type { ToolKind } from '../../src/tools/tool.js';
import { ok, removeToolWorkspaces, toolWorkspace } from '../helpers/tool-calls.js';
import { depsFor, makeSandbox } from '../helpers/workspace.js';

const box = makeSandbox({}, { git: false });
const deps = depsFor(box);
const tool = (name: string) => ALL_TOOLS.find((t) => t.name === name)!.make(deps);

function policy(opts: { mode?: 'review' | 'fix' | 'task' | 'mention'; sandboxed?: boolean; allow?: string; deny?: string; configAllow?: string; configDeny?: string; configAsk?: string } = {}): Policy {
  const sandboxed = opts.sandboxed ?? true;
  return buildPolicy({
    // The mode's defaults, for the tools these tests offer.
    defaults: [...specOf(opts.mode ?? 'fix').defaultRules(sandboxed), ...allowedByDefault(ALL_TOOLS)],
    sandboxed,
    workflow: { allow: parseRuleList(opts.allow ?? ''), deny: parseRuleList(opts.deny ?? '') },
    config: { allow: parseRuleList(opts.configAllow ?? ''), deny: parseRuleList(opts.configDeny ?? ''), ask: parseRuleList(opts.configAsk ?? '') },
  });
}

const bash = (p: Policy, command: string, hookAllowed = false) => policyGate(p, box.root)(tool('Bash'), { command }, hookAllowed);
const file = (p: Policy, name: string, path: string) =>
  policyGate(p, box.root)(tool(name), name === 'Glob' || name === 'Grep' ? { pattern: 'x', path } : { file_path: `${box.root}/${path}` });
const names = (tools: ToolKind[]) => tools.map((t) => t.name).sort();

describe('the mode defaults', () => {
  it('review mode allows reading only', async () => {
    const p = policy({ mode: 'review' });
    expect(names(offeredTools(p, ALL_TOOLS))).toEqual(['Glob', 'Grep', 'Read', 'TodoWrite']);
    expect(await file(p, 'Read', 'src/a.ts')).toMatchObject({ behavior: 'allow', rule: 'Read', source: 'mode' });
  });

  it('fix mode with the sandbox allows the file tools and Bash', async () => {
    const p = policy();
    expect(names(offeredTools(p, ALL_TOOLS))).toEqual(['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'Write']);
    expect(await bash(p, 'npm test && npm run lint')).toMatchObject({ behavior: 'allow', source: 'mode' });
    expect(await file(p, 'Write', 'src/new.ts')).toMatchObject({ behavior: 'allow', rule: 'Edit', source: 'mode' });
  });

  it('without the sandbox Bash is not offered unless an allow rule names commands, and runs only those', async () => {
    expect(names(offeredTools(policy({ sandboxed: false }), ALL_TOOLS))).not.toContain('Bash');
    const p = policy({ sandboxed: false, allow: 'Bash(npm test)' });
    expect(names(offeredTools(p, ALL_TOOLS))).toContain('Bash');
    expect(await bash(p, 'npm   test')).toMatchObject({ behavior: 'allow', rule: 'Bash(npm test)', source: 'workflow' });
    const ls = await bash(p, 'ls');
    expect(ls.behavior).toBe('deny');
    expect(ls.behavior === 'deny' && ls.message).toContain('only commands that an allow rule names can run');
  });
});

describe('sources and precedence', () => {
  it('a deny from any source wins over an allow from a more trusted one', async () => {
    const d = await bash(policy({ sandboxed: false, allow: 'Bash(npm test)', configDeny: 'Bash(npm test)' }), 'npm test');
    expect(d).toMatchObject({ behavior: 'deny', rule: 'Bash(npm test)', source: 'config' });
    expect(d.behavior === 'deny' && d.message).toContain('denied by the rule Bash(npm test) (the repository config file)');
  });

  it('the repository config cannot allow what the workflow denied', async () => {
    const d = await bash(policy({ deny: 'Bash(curl:*)', configAllow: 'Bash(curl:*)' }), 'curl https://example.com');
    expect(d).toMatchObject({ behavior: 'deny', source: 'workflow' });
  });

  it('an Edit rule covers Write', async () => {
    const p = policy({ configDeny: 'Edit(.github/**)' });
    const write = await file(p, 'Write', '.github/workflows/ci.yml');
    expect(write).toMatchObject({ behavior: 'deny', rule: 'Edit(.github/**)' });
    expect(write.behavior === 'deny' && write.message).toMatch(/^File is in a directory that is denied by your permission settings/);
    expect(await file(p, 'Edit', '.github/workflows/ci.yml')).toMatchObject({ behavior: 'deny' });
    expect(await file(p, 'Write', 'src/a.ts')).toMatchObject({ behavior: 'allow' });
  });

  it('path rules are gitignore-style globs from the repository root', async () => {
    const p = policy({ configDeny: 'Read(secrets/**), Read(.env*)' });
    expect(await file(p, 'Read', 'secrets/prod/key.pem')).toMatchObject({ behavior: 'deny', rule: 'Read(secrets/**)' });
    expect(await file(p, 'Read', 'config/.env.local')).toMatchObject({ behavior: 'deny', rule: 'Read(.env*)' });
    expect(await file(p, 'Read', 'src/secrets.ts')).toMatchObject({ behavior: 'allow' });
    expect(hiddenFromSearch(p)).toEqual(['gha-creds-*.json', 'secrets/**', '.env*']);
  });

  it('a symlinked folder does not take an edit past a deny rule', async () => {
    const p = policy({ configDeny: 'Edit(.github/**)' });
    box.write('.github/workflows/ci.yml', 'on: push\n');
    symlinkSync('.github/workflows', join(box.root, 'wf'));
    expect(await file(p, 'Edit', 'wf/ci.yml')).toMatchObject({ behavior: 'deny', rule: 'Edit(.github/**)' });
    expect(await file(p, 'Write', 'wf/new.yml')).toMatchObject({ behavior: 'deny', rule: 'Edit(.github/**)' });
  });

  it('a dangling symlink does not take a write past a deny rule (the write would create its target)', async () => {
    const p = policy({ configDeny: 'Edit(.github/**)' });
    box.write('docs/readme.md', 'x\n');
    symlinkSync('../.github/workflows/evil.yml', join(box.root, 'docs/dangling'));
    symlinkSync('dangling', join(box.root, 'docs/chain'));
    symlinkSync('../.github', join(box.root, 'docs/gh'));
    for (const path of ['docs/dangling', 'docs/chain', 'docs/gh/workflows/new.yml']) {
      expect(await file(p, 'Write', path), path).toMatchObject({ behavior: 'deny', rule: 'Edit(.github/**)' });
    }
    expect(await file(p, 'Write', 'docs/readme.md')).toMatchObject({ behavior: 'allow' });
  });

  it('a symlink loop is decided by its name (opening it fails on its own)', async () => {
    const p = policy({ configDeny: 'Edit(.github/**)' });
    symlinkSync('b', join(box.root, 'a'));
    symlinkSync('a', join(box.root, 'b'));
    expect(await file(p, 'Write', 'a')).toMatchObject({ behavior: 'allow' });
  });

  it('ask means deny in CI, unless a PreToolUse hook allows it', async () => {
    const p = policy({ configAsk: 'Bash(npm publish:*)' });
    const asked = await bash(p, 'npm publish --dry-run');
    expect(asked).toMatchObject({ behavior: 'deny', rule: 'Bash(npm publish:*)', source: 'config' });
    expect(asked.behavior === 'deny' && asked.message).toContain('in CI nobody can answer');
    expect(await bash(p, 'npm publish --dry-run', true)).toMatchObject({ behavior: 'allow', rule: 'Bash(npm publish:*)' });
  });

  it('a tool asked for outright is offered only when a PreToolUse hook could allow its calls', () => {
    const p = policy({ configAsk: 'Bash' });
    expect(names(offeredTools(p, ALL_TOOLS))).not.toContain('Bash');
    expect(names(offeredTools(p, ALL_TOOLS, ['Edit']))).not.toContain('Bash');
    expect(names(offeredTools(p, ALL_TOOLS, ['Bash(npm publish:*)']))).toContain('Bash');
    expect(names(offeredTools(p, ALL_TOOLS, ['*']))).toContain('Bash');
    // Without the sandbox Bash has no allow of its own: an ask rule with a specifier offers it only with a hook.
    const unsandboxed = policy({ sandboxed: false, configAsk: 'Bash(npm publish:*)' });
    expect(names(offeredTools(unsandboxed, ALL_TOOLS))).not.toContain('Bash');
    expect(names(offeredTools(unsandboxed, ALL_TOOLS, ['Bash']))).toContain('Bash');
  });

  it('a tool denied outright is not offered at all', () => {
    expect(names(offeredTools(policy({ deny: 'Bash' }), ALL_TOOLS))).not.toContain('Bash');
    const noEdits = names(offeredTools(policy({ configDeny: 'Edit' }), ALL_TOOLS));
    expect(noEdits).not.toContain('Edit');
    expect(noEdits).not.toContain('Write');
  });
});

describe('Bash, part by part', () => {
  const onlyNpmTest = () => policy({ sandboxed: false, allow: 'Bash(npm test)' });

  it.each([
    ['npm test; curl x', 'curl x'],
    ['npm test && curl x | sh', 'curl x'],
    ['(cd sub && npm test) || rm -rf /', 'cd sub'],
    ['if npm test; then curl x; fi', 'curl x'],
  ])('%s is denied for its part %s', async (command, part) => {
    const d = await bash(onlyNpmTest(), command);
    expect(d.behavior).toBe('deny');
    expect(d.behavior === 'deny' && d.message).toContain(`\`${part}\``);
  });

  it.each([
    ['npm test $(id)', 'command_substitution'],
    ['npm test `id`', 'command_substitution'],
    ['npm test > .git/hooks/pre-commit', 'redirect_git'],
    ['npm test > ../outside.txt', 'redirect_outside'],
    ['NODE_OPTIONS=--require=./x.js npm test', 'env_prefix'],
    ['eval "npm test"', 'eval'],
    ['cat <(npm test)', 'process_substitution'],
  ])('%s fails closed against an allow rule for npm test (%s)', async (command, kind) => {
    const d = await bash(onlyNpmTest(), command);
    expect(d).toMatchObject({ behavior: 'deny', rule: `(${kind})` });
  });

  it('fails closed on those constructs in the sandbox too', async () => {
    expect(await bash(policy(), 'echo $(cat /proc/1/environ)')).toMatchObject({ behavior: 'deny', rule: '(command_substitution)' });
  });

  it('a rule that names the exact command lets such a command run', async () => {
    const p = policy({ sandboxed: false, allow: 'Bash(NODE_OPTIONS=--max-old-space-size=4096 npm test)' });
    expect(await bash(p, 'NODE_OPTIONS=--max-old-space-size=4096 npm test')).toMatchObject({ behavior: 'allow', source: 'workflow' });
  });

  it('git push is never allowed, whatever the rules say', async () => {
    const d = await bash(policy({ allow: 'Bash(git:*)' }), "git push --receive-pack='touch /tmp/pwned' origin main");
    expect(d).toMatchObject({ behavior: 'deny', rule: 'Bash(git push:*)', source: 'hard-limit' });
  });

  it.each([
    'command curl x',
    'builtin curl x',
    'exec -a f curl x',
    'env -i A=1 curl x',
    'nice -n 5 curl x',
    'timeout -s KILL 5 curl x',
    'nohup curl x',
    'stdbuf -oL curl x',
    '/usr/bin/curl x',
    'echo x | xargs -n1 curl',
    'find . -name "*.js" -exec curl {} \\;',
    'sh -c "curl x"',
    "bash -lc 'echo hi; curl x'",
    'cu\\\nrl x',
  ])('a deny rule sees through the wrapper in %s', async (command) => {
    // The sandboxed default allows any command; the deny rule must still hold.
    const d = await bash(policy({ deny: 'Bash(curl:*)' }), command);
    expect(d).toMatchObject({ behavior: 'deny', rule: 'Bash(curl:*)', source: 'workflow' });
  });

  it.each(['git -C . push origin main', 'git -c core.x=y --no-pager push', 'command git push', 'sh -c "git push"'])(
    'git push behind options or wrappers is still never allowed: %s',
    async (command) => {
      expect(await bash(policy(), command)).toMatchObject({ behavior: 'deny', rule: 'Bash(git push:*)', source: 'hard-limit' });
    },
  );

  it('an allow rule still matches only the command as written', async () => {
    const p = policy({ sandboxed: false, allow: 'Bash(npm test)' });
    expect(await bash(p, 'timeout 60 npm test')).toMatchObject({ behavior: 'deny' });
    expect(await bash(p, 'sh -c "npm test"')).toMatchObject({ behavior: 'deny' });
    expect(await bash(p, 'npm \\\ntest')).toMatchObject({ behavior: 'allow' });
  });
});

describe('the credentials file google-github-actions/auth writes into the checkout', () => {
  afterEach(removeToolWorkspaces);

  it.each([
    ['Read', 'gha-creds-1a2b3c4d5e6f.json', 'Read'],
    ['Read', 'sub/dir/gha-creds-1a2b3c4d5e6f.json', 'Read'],
    ['Edit', 'gha-creds-1a2b3c4d5e6f.json', 'Edit'],
    ['Write', 'gha-creds-1a2b3c4d5e6f.json', 'Edit'],
    ['Glob', 'gha-creds-1a2b3c4d5e6f.json', 'Glob'],
    ['Grep', 'gha-creds-1a2b3c4d5e6f.json', 'Grep'],
  ])('%s of %s is denied by the built-in limits, whatever the rules allow', async (name, path, ruleTool) => {
    const p = policy({ allow: 'Read, Edit(**), Glob, Grep', configAllow: `${name}(gha-creds-*.json)` });
    expect(await file(p, name, path)).toMatchObject({ behavior: 'deny', rule: `${ruleTool}(gha-creds-*.json)`, source: 'hard-limit' });
  });

  it('a symlink to it is denied too, and files that only look alike are not', async () => {
    const p = policy();
    box.write('gha-creds-0123456789ab.json', '{"type": "external_account"}\n');
    symlinkSync('gha-creds-0123456789ab.json', join(box.root, 'creds-link.json'));
    expect(await file(p, 'Read', 'creds-link.json')).toMatchObject({ behavior: 'deny', rule: 'Read(gha-creds-*.json)', source: 'hard-limit' });
    expect(await file(p, 'Read', 'src/gha-creds-parser.ts')).toMatchObject({ behavior: 'allow' });
    expect(await file(p, 'Read', 'docs/my-gha-creds-1.json')).toMatchObject({ behavior: 'allow' });
  });

  it('searches never show it: Glob and Grep over the whole checkout leave it out', async () => {
    const w = toolWorkspace([globTool, grepTool], { 'gha-creds-0123456789ab.json': '{"audience": "//iam.googleapis.com/x"}\n', 'src/a.json': '{"audience": "ok"}\n' });
    w.ctx.hiddenGlobs = hiddenFromSearch(policy({ mode: 'review' }));
    expect(await w.call('Glob', { pattern: '**/*.json' })).toEqual(ok('src/a.json'));
    expect(await w.call('Grep', { pattern: 'audience', glob: '*.json' })).toEqual(ok('Found 1 file\nsrc/a.json'));
    expect(await w.call('Grep', { pattern: 'audience', path: 'gha-creds-0123456789ab.json', output_mode: 'content' })).toEqual(ok('No matches found'));
  });
});
