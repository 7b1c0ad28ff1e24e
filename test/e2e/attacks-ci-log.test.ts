// A failed job's log that prints a secret split by characters a terminal does
// not show (issue 27, item 2), end to end against the bundled action. GitHub's
// log masking sees the bytes, so a value split by a colour code reaches the
// log; Deckhand removes the codes and the invisible characters first and
// redacts what is left, so the value is never rejoined after the redactor ran
// — not in the first message, not in the saved log the model may Read.
//
// Variants tried — what splits the value:
//   - an SGR colour code (ESC [31m … ESC [0m), and several
//   - an 8-bit CSI (0x9B … m)
//   - an OSC 8 hyperlink around part of it (ESC ]8;;url BEL)
//   - a cursor move (ESC [1C) and a two-character escape (ESC (B)
//   - a zero-width space, a word joiner, a soft hyphen, a zero-width joiner inside Latin text
//   - a bidi override, a Unicode tag character
// and where: a failed step's output (the first message) and a step that did
// not fail (only in the saved log); the value of a secret passed to the
// action, and a GitHub token shape nobody declared.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { jobLog } from '../emulators/github.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const OWN_WORKFLOW = { GITHUB_WORKFLOW_REF: 'octo/widgets/.github/workflows/ci-fix.yml@refs/heads/main' };
const DEPLOY_KEY = 'Vx8-Qm3Lr7Tb2Nz6Kc9Hw4Pd';
const TOKEN = `ghp_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2'}`;

/** Ways of printing `a` and `b` so that they show as one word. */
const SPLITS: Array<[string, (a: string, b: string) => string]> = [
  ['an SGR colour code', (a, b) => `${a}\u001b[31m${b}\u001b[0m`],
  ['several colour codes', (a, b) => `\u001b[1;32m${a.slice(0, 3)}\u001b[0m${a.slice(3)}\u001b[38;5;196m${b}\u001b[m`],
  ['an 8-bit CSI', (a, b) => `${a}\u009b0m${b}`],
  ['an OSC 8 hyperlink', (a, b) => `${a}\u001b]8;;https://example.test/\u0007${b}\u001b]8;;\u0007`],
  ['a cursor move and a charset escape', (a, b) => `${a}\u001b[0C\u001b(B${b}`],
  ['a zero-width space', (a, b) => `${a}\u200b${b}`],
  ['a word joiner', (a, b) => `${a}\u2060${b}`],
  ['a soft hyphen', (a, b) => `${a}\u00ad${b}`],
  ['a zero-width joiner inside Latin text', (a, b) => `${a}\u200d${b}`],
  ['a bidi override', (a, b) => `${a}\u202e${b}`],
  ['a Unicode tag character', (a, b) => `${a}\u{E0041}${b}`],
];

const split = (how: (a: string, b: string) => string, value: string) => how(value.slice(0, value.length / 2), value.slice(value.length / 2));

let s: Scenario;
afterEach(async () => s?.cleanup());

async function failedRunPrinting(failedLine: string, passedLine: string) {
  s = await scenario({ 'src/sum.js': 'export const sum = (a, b) => a + b;\n' }, { users: { alice: 'write' } });
  s.gh.commitFiles('feature', { 'src/sum.js': 'export const sum = (a, b) => a - b;\n' }, 'Refactor sum');
  s.gh.addPull({ title: 'Refactor sum', body: 'Tidies sum().', user: 'alice', head: 'feature' });
  s.checkout('feature');
  return s.gh.addWorkflowRun({
    name: 'CI',
    path: '.github/workflows/ci.yml',
    headBranch: 'feature',
    event: 'pull_request',
    conclusion: 'failure',
    actor: 'alice',
    jobs: [
      {
        name: 'test',
        conclusion: 'failure',
        steps: [
          { name: 'Set up job', conclusion: 'success' },
          { name: 'Run ./configure', conclusion: 'success' },
          { name: 'Run npm test', conclusion: 'failure' },
        ],
        log: jobLog([
          { name: 'Run ./configure', lines: ['Configuring', passedLine, 'done'] },
          { name: 'Run npm test', lines: ['> node src/sum.test.js', failedLine, '##[error]Process completed with exit code 1.'] },
        ]),
      },
    ],
  });
}

describe("a secret split by what a terminal does not show is redacted from a failed job's log", () => {
  it.each(SPLITS)('split by %s: never in a request, nor in the saved log', async (_, how) => {
    const run = await failedRunPrinting(`connecting with key=${split(how, DEPLOY_KEY)} token=${split(how, TOKEN)}`, `export DEPLOY_KEY=${split(how, DEPLOY_KEY)}`);
    let logPath = '';
    s.model.enqueue(
      (req) => {
        const first = req.body.messages[0].content[0].text as string;
        expect(first).toContain('connecting with key=[REDACTED] token=[REDACTED]');
        logPath = /The job's full log is the file `([^`]+)`/.exec(first)![1]!;
        return reply(toolUse('Read', { file_path: logPath }));
      },
      (req) => {
        const read = JSON.stringify(req.body.messages.at(-1).content[0].content);
        expect(read).toContain('export DEPLOY_KEY=[REDACTED]');
        return reply(text('Could not find the cause.'));
      },
    );

    const result = await s.run('workflow_run', s.gh.payload.workflowRun(run), {}, { ...OWN_WORKFLOW, DEPLOY_KEY });

    expect(result.code).toBe(0);
    expect(s.model.requests).toHaveLength(2);
    const saved = readFileSync(logPath, 'utf8');
    expect(saved).toContain('key=[REDACTED] token=[REDACTED]');
    const sent = s.model.requests.map((r) => JSON.stringify(r.body)).join('\n');
    for (const value of [DEPLOY_KEY, TOKEN]) {
      // Not whole, and not in two halves a reader (or a model) puts back together.
      for (const where of [saved, sent]) {
        expect(where).not.toContain(value);
        expect(where).not.toContain(value.slice(0, value.length / 2));
        expect(where).not.toContain(value.slice(value.length / 2));
      }
    }
  });
});
