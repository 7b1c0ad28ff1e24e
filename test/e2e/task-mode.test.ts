// The bundled action, run as the runner runs it, against the local emulators:
// a scripted session that reads, greps, edits and runs a command, then
// publishes the change as a pull request and reports in the summary.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

let s: Scenario;
afterEach(async () => s?.cleanup());

function transcriptLines(path: string): any[] {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('task mode end to end', () => {
  it.skipIf(!bwrapWorks)('reads, greps, edits and runs a command, then opens a pull request and reports in the summary and outputs', async () => {
    s = await scenario({
      'src/greet.js': "export function greet(name) {\n  return 'Helo, ' + name;\n}\n",
      'test/greet.test.sh': "grep -q \"'Hello, '\" src/greet.js && echo PASS || { echo FAIL; exit 1; }\n",
    });
    s.checkout();
    const file = join(s.workspace, 'src/greet.js');
    s.model.enqueue(
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
        return reply(text('Fix the typo in the greeting\n\nFixed the typo in `src/greet.js`; the greeting test passes.'));
      },
    );

    const run = await s.run('workflow_dispatch', { inputs: {} }, { prompt: 'Fix the typo in the greeting.', max_turns: '10' });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe("export function greet(name) {\n  return 'Hello, ' + name;\n}\n");
    expect(run.outputs.conclusion).toBe('success');
    expect(run.outputs.turns).toBe('5');
    expect(Number(run.outputs.cost_usd)).toBeGreaterThan(0);
    expect(s.gh.createdPulls[0]!.title).toBe('Fix the typo in the greeting');
    expect(s.gh.git.text(['show', `${run.outputs.commit_sha}:src/greet.js`])).toContain("'Hello, '");
    expect(run.summary).toContain('Fixed the typo in `src/greet.js`');
    expect(run.summary).toMatch(/\| Edit \| 1 \| [\d.]+s \| 0 \|/);
    expect(run.summary).toContain(`- Pull request: [#${s.gh.createdPulls[0]!.number}]`);
    expect(s.model.requests[0]!.headers.authorization).toBe('Bearer sk-test');

    const transcript = transcriptLines(run.outputs.transcript!);
    expect(transcript.filter((e) => e.type === 'request')).toHaveLength(5);
    expect(transcript.filter((e) => e.type === 'tool_call').map((e) => e.name)).toEqual(['Grep', 'Read', 'Edit', 'Bash']);
    expect(transcript.at(-1)).toMatchObject({ type: 'terminal', reason: 'completed' });
  });
});
