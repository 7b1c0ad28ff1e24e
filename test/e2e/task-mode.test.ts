// The bundled action, run as the runner runs it, against the local Anthropic
// emulator: a scripted session that reads, greps, edits and runs a command.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnthropicEmulator, reply, text, toolUse } from '../emulators/anthropic.js';
import { makeSandbox, type Sandbox } from '../helpers/workspace.js';
import { runAction } from '../helpers/run-action.js';

let api: AnthropicEmulator;
let box: Sandbox;

beforeEach(async () => {
  api = await new AnthropicEmulator({ requireAuth: true }).start();
  box = makeSandbox({
    'src/greet.js': "export function greet(name) {\n  return 'Helo, ' + name;\n}\n",
    'test/greet.test.sh': "grep -q \"'Hello, '\" src/greet.js && echo PASS || { echo FAIL; exit 1; }\n",
  });
});

afterEach(async () => {
  await api.stop();
  box.cleanup();
});

function transcriptLines(path: string): any[] {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('task mode end to end', () => {
  it('reads, greps, edits and runs a command, then reports in the summary and outputs', async () => {
    const file = join(box.root, 'src/greet.js');
    api.enqueue(
      reply(text('Looking for the typo.'), toolUse('Grep', { pattern: 'Helo', output_mode: 'content' })),
      (req) => {
        const [grep] = [...req.toolResults.values()];
        expect(grep?.content).toContain("src/greet.js:2:  return 'Helo, ' + name;");
        return reply(toolUse('Read', { file_path: file }));
      },
      (req) => {
        expect([...req.toolResults.values()][0]?.content).toContain("     2→  return 'Helo, ' + name;");
        return reply(toolUse('Edit', { file_path: file, old_string: "'Helo, '", new_string: "'Hello, '" }));
      },
      (req) => {
        expect([...req.toolResults.values()][0]?.is_error).toBe(false);
        return reply(toolUse('Bash', { command: 'sh test/greet.test.sh', description: 'Run the greeting test' }));
      },
      (req) => {
        expect([...req.toolResults.values()][0]?.content).toBe('PASS');
        return reply(text('Fixed the typo in `src/greet.js`; the greeting test passes.'));
      },
    );

    const run = await runAction({
      runnerTemp: box.tempDir,
      workspace: box.root,
      inputs: { prompt: 'Fix the typo in the greeting.', max_turns: '10' },
      env: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'sk-test-key' },
    });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(api.remaining).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe("export function greet(name) {\n  return 'Hello, ' + name;\n}\n");
    expect(run.outputs.conclusion).toBe('success');
    expect(run.outputs.turns).toBe('5');
    expect(Number(run.outputs.cost_usd)).toBeGreaterThan(0);
    expect(run.summary).toContain('Fixed the typo in `src/greet.js`');
    expect(run.summary).toMatch(/\| Edit \| 1 \| [\d.]+s \| 0 \|/);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer sk-test-key');

    const transcript = transcriptLines(run.outputs.transcript!);
    expect(transcript.filter((e) => e.type === 'request')).toHaveLength(5);
    expect(transcript.filter((e) => e.type === 'tool_call').map((e) => e.name)).toEqual(['Grep', 'Read', 'Edit', 'Bash']);
    expect(transcript.at(-1)).toMatchObject({ type: 'terminal', reason: 'completed' });
  });

  it('runs with only ANTHROPIC_BASE_URL set (a gateway that authenticates by other means)', async () => {
    await api.stop();
    api = await new AnthropicEmulator().start();
    api.enqueue(reply(text('Nothing to do.')));
    const run = await runAction({
      runnerTemp: box.tempDir,
      workspace: box.root,
      inputs: { prompt: 'Say hello.' },
      env: { ANTHROPIC_BASE_URL: api.url },
    });
    expect(run.code).toBe(0);
    expect(run.outputs.conclusion).toBe('success');
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
  });
});
