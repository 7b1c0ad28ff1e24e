// How the bundled action ends when something goes wrong: one clear line in the
// log, an ::error:: annotation, the reason in the job summary, the failure (or
// cancelled) conclusion, exit code 1 — and never a stack trace.
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnthropicEmulator, reply, text, toolUse } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { ACTION, runAction } from '../helpers/run-action.js';
import { makeSandbox, type Sandbox } from '../helpers/workspace.js';

let api: AnthropicEmulator;
let box: Sandbox;

beforeEach(async () => {
  api = await new AnthropicEmulator({ requireAuth: true }).start();
  box = makeSandbox({ 'README.md': '# widgets\n', 'src/a.ts': 'export const a = 1;\n' });
});

afterEach(async () => {
  await api.stop();
  box.cleanup();
  if (api.stepErrors[0]) throw api.stepErrors[0];
});

function run(inputs: Record<string, string>, env: Record<string, string> = {}, extra: { killWith?: NodeJS.Signals; killAfter?: Promise<unknown>; action?: string } = {}) {
  return runAction({
    runnerTemp: box.tempDir,
    workspace: box.root,
    inputs,
    env: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'sk-test', ...env },
    ...extra,
  });
}

function expectCleanFailure(result: Awaited<ReturnType<typeof run>>, message: string) {
  expect(result.code).toBe(1);
  expect(result.outputs.conclusion).toBe('failure');
  expect(result.stdout).toContain(`::error::${message}`);
  expect(result.summary).toContain(message);
  expect(result.stderr).toBe('');
  expect(result.stdout).not.toMatch(/\n\s+at /); // no stack trace
}

describe('failures of the bundled action', () => {
  it('stops with one line when no API key is given', async () => {
    const result = await runAction({ runnerTemp: box.tempDir, workspace: box.root, inputs: { prompt: 'Hi' } });
    expectCleanFailure(result, 'Missing API key: set the anthropic_api_key input (or the ANTHROPIC_API_KEY environment variable).');
  });

  it('stops with one line naming a bad input', async () => {
    const result = await run({ prompt: 'Hi', max_turns: 'lots' });
    expectCleanFailure(result, "Input max_turns must be a number (got 'lots').");
    expect(api.requests).toHaveLength(0);
  });

  it('skips a dispatch without a prompt, with no model call', async () => {
    const result = await run({ prompt: '  ' });
    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('skipped');
    expect(result.stdout).toContain('Deckhand skipped this event: the workflow_dispatch event runs task mode, which needs the prompt input.');
    expect(api.requests).toHaveLength(0);
  });

  it('stops with one line when the workspace is missing', async () => {
    const result = await runAction({
      runnerTemp: box.tempDir,
      workspace: join(box.base, 'nowhere'),
      inputs: { prompt: 'Hi' },
      env: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'sk-test' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::The workspace ${join(box.base, 'nowhere')} does not exist. Check GITHUB_WORKSPACE and the checkout step.`);
  });

  it('reports a rejected API key as a model error', async () => {
    const result = await run({ prompt: 'Hi' }, { ANTHROPIC_API_KEY: 'invalid' });
    expectCleanFailure(
      result,
      'Anthropic API error 401 authentication_error: invalid x-api-key. Check the anthropic_api_key input (or ANTHROPIC_API_KEY).',
    );
    expect(result.outputs.turns).toBe('0');
    expect(result.outputs.transcript).toMatch(/transcript\.jsonl$/);
  });

  it('takes the key from the anthropic_api_key input', async () => {
    api.enqueue(reply(text('Hello.')));
    const result = await run({ prompt: 'Hi', anthropic_api_key: 'sk-from-input' }, { ANTHROPIC_API_KEY: '' });
    expect(result.code).toBe(0);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer sk-from-input');
  });

  it('runs with only ANTHROPIC_BASE_URL set (a gateway that authenticates by other means)', async () => {
    // An emulator that does not ask for a key, as such a gateway would not.
    await api.stop();
    api = await new AnthropicEmulator().start();
    api.enqueue(reply(text('Nothing to do.')));
    const result = await run({ prompt: 'Say hello.' }, { ANTHROPIC_API_KEY: '' });
    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
    expect(api.requests[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('sends ANTHROPIC_AUTH_TOKEN as a bearer token when no key is set', async () => {
    api.enqueue(reply(text('Hello.')));
    const result = await run({ prompt: 'Hi' }, { ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: 'oauth-token' });
    expect(result.code).toBe(0);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer oauth-token');
  });

  it('publishes the partial answer with a note when max_turns stops it', async () => {
    api.enqueue(
      reply(text('Found the entry point in src/a.ts.'), toolUse('Read', { file_path: join(box.root, 'src/a.ts') })),
      reply(toolUse('Read', { file_path: join(box.root, 'README.md') })),
    );
    const result = await run({ prompt: 'Study the code.', max_turns: '2' });
    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(result.summary).toContain('Stopped after 2 turns (max_turns is 2).');
    expect(result.summary).toContain('Found the entry point in src/a.ts.');
  });

  it('fails when a limit stops it before it wrote anything', async () => {
    api.enqueue(reply(toolUse('Read', { file_path: join(box.root, 'README.md') })), reply(text('unused')));
    const result = await run({ prompt: 'Study the code.', max_turns: '1' });
    expect(result.code).toBe(1);
    expect(result.outputs.conclusion).toBe('failure');
    expect(result.stdout).toContain('::error::Stopped after 1 turn (max_turns is 1).');
  });

  it.skipIf(!bwrapWorks)('stops at timeout_minutes and still reports', async () => {
    api.enqueue(reply(text('Starting the long build.'), toolUse('Bash', { command: 'sleep 60' })), reply(text('unused')));
    const result = await run({ prompt: 'Build it.', timeout_minutes: '0.02' });
    expect(result.outputs.conclusion).toBe('success');
    expect(result.summary).toContain('Stopped at the time limit (timeout_minutes).');
    expect(result.summary).toContain('Starting the long build.');
  });

  it.skipIf(!bwrapWorks)('says cancelled and exits 1 on SIGTERM while the agent works', async () => {
    let working!: () => void;
    const started = new Promise<void>((resolve) => (working = resolve));
    api.enqueue(
      () => {
        setTimeout(working, 300); // while the Bash call sleeps
        return reply(toolUse('Bash', { command: 'sleep 60' }));
      },
      reply(text('unused')),
    );
    const result = await run({ prompt: 'Build it.' }, {}, { killWith: 'SIGTERM', killAfter: started });
    expect(result.code).toBe(1);
    expect(result.outputs.conclusion).toBe('cancelled');
    expect(result.summary).toContain('The run was cancelled.');
    expect(result.stdout).toContain('::error::The run was cancelled.');
  });

  it.skipIf(!bwrapWorks)('a run killed in the middle of a batch of tool calls keeps the finished ones in its transcript, and the one still running', async () => {
    let working!: () => void;
    const busy = new Promise<void>((resolve) => (working = resolve));
    api.enqueue(
      () => {
        // Long enough for the Read to end and the Bash call to be sleeping.
        setTimeout(working, 1_500);
        return reply(toolUse('Read', { file_path: join(box.root, 'README.md') }), toolUse('Bash', { command: 'sleep 60' }));
      },
      reply(text('unused')),
    );
    const result = await run({ prompt: 'Read, then build.' }, {}, { killWith: 'SIGKILL', killAfter: busy });
    expect(result.code).toBe(null); // killed: no ending was reported
    const folder = readdirSync(box.tempDir).find((name) => name.startsWith('deckhand-'))!;
    const entries = readFileSync(join(box.tempDir, folder, 'transcript.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; name?: string; stage?: string; input?: { command?: string } });
    expect(entries.filter((e) => e.type === 'tool_call').map((e) => [e.name, e.stage])).toEqual([['Read', 'done']]);
    // What it was doing when it was killed: the Bash call started and never ended.
    const started = entries.filter((e) => e.type === 'tool_start');
    expect(started.map((e) => e.name)).toEqual(['Read', 'Bash']);
    expect(started[1]!.input?.command).toBe('sleep 60');
  });

  it('a SIGTERM before the agent starts stops the run there: no model call', async () => {
    api.enqueue(reply(text('unused')));
    const result = await run({ prompt: 'Build it.' }, {}, { killWith: 'SIGTERM' });
    expect(result.code).toBe(1);
    expect(result.outputs.conclusion).toBe('cancelled');
    expect(result.stdout).toContain('::error::The run was cancelled before the agent started.');
    expect(api.requests).toHaveLength(0);
  });

  it('runs with node_modules out of reach (only the committed dist/)', async () => {
    // A copy of dist/ far from this repository's node_modules, as on a runner.
    const dist = join(box.base, 'action', 'dist');
    cpSync(join(ACTION, '..'), dist, { recursive: true });
    api.enqueue(
      reply(toolUse('Grep', { pattern: 'const a' }), toolUse('Glob', { pattern: '**/*.md' })),
      (req) => {
        const [grep, glob] = [...req.toolResults.values()];
        expect(grep).toEqual({ content: 'Found 1 file\nsrc/a.ts', is_error: false });
        expect(glob).toEqual({ content: 'README.md', is_error: false });
        return reply(text('All found.'));
      },
    );
    const result = await run({ prompt: 'Find things.' }, {}, { action: join(dist, 'index.js') });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(api.remaining).toBe(0);
  });
});
