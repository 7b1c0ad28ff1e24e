// Hooks from the repository config, run for real (/bin/sh in a temp checkout):
// what they get on stdin, what their exit codes and output mean, and what
// happens when there is no sandbox for them to run in.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createHooks, type HookEvent, type HookPlace, type HookSpec } from '../../src/policy/hooks.js';
import { removeToolWorkspaces, toolWorkspace } from '../helpers/tool-calls.js';

afterEach(removeToolWorkspaces);

function hooksFor(specs: Partial<Record<HookEvent, Array<Partial<HookSpec> & { command: string }>>>, place: Partial<HookPlace> = {}) {
  const { ctx, path } = toolWorkspace([], { 'src/a.ts': 'x\n' });
  const warnings: string[] = [];
  const full = (list: Array<Partial<HookSpec> & { command: string }> = []) => list.map((spec) => ({ matcher: '*', timeout: 30, ...spec }));
  const hooks = createHooks(
    { PreToolUse: full(specs.PreToolUse), PostToolUse: full(specs.PostToolUse), Stop: full(specs.Stop) },
    { root: ctx.root, tempDir: ctx.tempDir, childEnv: ctx.childEnv, unconfined: async () => true, baseFile: async () => undefined, warn: (m) => warnings.push(m), ...place },
  );
  return { hooks, ctx, path, warnings };
}

describe('hooks', () => {
  it('a PreToolUse hook gets the call as JSON on stdin, in the checkout', async () => {
    const { hooks, ctx, path } = hooksFor({ PreToolUse: [{ command: 'cat > seen.json; pwd > where.txt' }] });
    expect(await hooks.preToolUse('Read', { file_path: path('src/a.ts') })).toEqual({});
    expect(JSON.parse(readFileSync(path('seen.json'), 'utf8'))).toEqual({
      hook_event_name: 'PreToolUse',
      cwd: ctx.root,
      tool_name: 'Read',
      tool_input: { file_path: path('src/a.ts') },
    });
    expect(readFileSync(path('where.txt'), 'utf8').trim()).toBe(ctx.root);
  });

  it('exit 2 blocks with what the hook wrote to stderr', async () => {
    const { hooks } = hooksFor({ PreToolUse: [{ command: 'echo "not on Fridays" >&2; exit 2' }] });
    expect(await hooks.preToolUse('Edit', {})).toEqual({ blocked: 'not on Fridays' });
  });

  it('a hook that prints {"decision":"allow"} allows the call (it lifts an ask rule)', async () => {
    const { hooks } = hooksFor({ PreToolUse: [{ command: 'echo \'{"decision":"allow"}\'' }] });
    expect(await hooks.preToolUse('Bash', { command: 'npm publish' })).toEqual({ allowed: true });
  });

  it('the matcher uses the rule syntax: only matching calls run the hook', async () => {
    const { hooks, path } = hooksFor({ PreToolUse: [{ matcher: 'Bash(npm test)', command: 'echo ran >> ran.txt' }] });
    await hooks.preToolUse('Bash', { command: 'npm test' });
    await hooks.preToolUse('Bash', { command: 'npm run build' });
    await hooks.preToolUse('Read', { file_path: path('src/a.ts') });
    expect(readFileSync(path('ran.txt'), 'utf8')).toBe('ran\n');
  });

  it('any other exit, or a timeout, is a warning and the call goes on', async () => {
    const { hooks, warnings } = hooksFor({ PreToolUse: [{ command: 'echo broken >&2; exit 7' }, { command: 'sleep 5', timeout: 1 }] });
    expect(await hooks.preToolUse('Read', {})).toEqual({});
    expect(warnings).toEqual([
      'The PreToolUse hook `echo broken >&2; exit 7` failed (exit 7): broken; going on.',
      'The PreToolUse hook `sleep 5` timed out after 1s; going on.',
    ]);
  });

  it('a PostToolUse hook sees the result, and a Stop hook the last answer', async () => {
    const { hooks, path } = hooksFor({ PostToolUse: [{ command: 'cat > post.json' }], Stop: [{ command: 'cat > stop.json' }] });
    await hooks.postToolUse('Read', { file_path: 'x' }, { type: 'tool_result', tool_use_id: 't', content: 'hello' });
    await hooks.stop('All done.');
    expect(JSON.parse(readFileSync(path('post.json'), 'utf8'))).toMatchObject({ hook_event_name: 'PostToolUse', tool_response: { content: 'hello', is_error: false } });
    expect(JSON.parse(readFileSync(path('stop.json'), 'utf8'))).toMatchObject({ hook_event_name: 'Stop', last_message: 'All done.' });
  });

  it('without a sandbox, a hook no allow rule names never runs: a PreToolUse guard blocks, others are skipped with one warning', async () => {
    const { hooks, path, warnings } = hooksFor(
      { PreToolUse: [{ command: 'touch pre.txt' }], PostToolUse: [{ command: 'touch post.txt' }] },
      { unconfined: async () => false },
    );
    const pre = await hooks.preToolUse('Read', {});
    expect(pre.blocked).toBe(
      'This call is blocked because the hook `touch pre.txt` cannot run: there is no OS sandbox, and without one a hook runs only when an allow rule names its command, as Bash does.',
    );
    const result = { type: 'tool_result' as const, tool_use_id: 't', content: 'x' };
    await hooks.postToolUse('Read', {}, result);
    await hooks.postToolUse('Read', {}, result);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The PostToolUse hook was skipped: the hook `touch post.txt` cannot run/);
    expect(() => readFileSync(path('pre.txt'))).toThrow();
    expect(() => readFileSync(path('post.txt'))).toThrow();
  });

  it('with neither a sandbox nor a way to run unconfined (review mode), no hook runs', async () => {
    const { ctx } = toolWorkspace([], {});
    const hooks = createHooks({ PreToolUse: [{ matcher: '*', command: 'true', timeout: 5 }], PostToolUse: [], Stop: [] }, { root: ctx.root, tempDir: ctx.tempDir, childEnv: ctx.childEnv, baseFile: async () => undefined, warn: () => undefined });
    expect((await hooks.preToolUse('Read', {})).blocked).toContain('cannot run');
  });
});
