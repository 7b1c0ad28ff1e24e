// A pull request too big for the first message, reviewed end to end against the
// GitHub and Anthropic emulators: every changed file is named in the first
// message, and the model reads a diff that was not shown there with PullRequestDiff.
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

let s: Scenario;
afterEach(async () => s?.cleanup());

const FILES = 400;
const fileName = (i: number) => `file-${String(i).padStart(3, '0')}.ts`;
/** 40 lines a file: about 300 tokens of patch, so the first message shows the patches of some 50 files. */
const lines = (i: number) => Array.from({ length: 40 }, (_, n) => `export const value${n} = ${i * 100 + n};`);

describe('review of a pull request too big for the first message', () => {
  it('names every changed file up front and reads a patch that was not shown with PullRequestDiff', async () => {
    s = await scenario({ 'README.md': '# widgets\n' });
    const files = Object.fromEntries(Array.from({ length: FILES }, (_, i) => [`gen/${fileName(i)}`, `${lines(i).join('\n')}\n`]));
    s.gh.commitFiles('feature', files, 'Generate 400 files');
    const pull = s.gh.addPull({ title: 'Generated code', body: 'Four hundred generated files.', user: 'alice', head: 'feature' });
    s.checkout('feature');
    const last = FILES - 1;
    const target = `gen/${fileName(last)}`;

    s.model.enqueue(
      (req) => {
        const names = (req.body.tools as Array<{ name: string }>).map((t) => t.name);
        expect(names).toContain('PullRequestDiff');
        const first = req.body.messages[0].content[0].text as string;
        expect(first).toContain(`## Changed files (${FILES}, +${FILES * 40} −0)`);
        // Each file is named: with its patch or its size (full path, then " — "), or by name alone on the folder's line.
        const folderLine = first.split('\n').find((line) => line.startsWith('- gen/: ')) ?? '';
        const alone = new Set(folderLine.slice('- gen/: '.length).split(', '));
        expect(alone.has(fileName(last))).toBe(true);
        const unnamed = Array.from({ length: FILES }, (_, i) => i).filter((i) => !first.includes(`gen/${fileName(i)} — `) && !alone.has(fileName(i)));
        expect(unnamed).toEqual([]);
        expect(first).not.toContain('Find them with Glob');
        expect(first).not.toContain('not named here');
        // The last file's patch is not in the first message.
        expect(first).not.toContain(`value0 = ${last * 100};`);
        return reply(toolUse('PullRequestDiff', { path: target }), toolUse('PullRequestDiff', { path: 'README.md' }));
      },
      (req) => {
        const [diff, unchanged] = [...req.toolResults.values()];
        const patch = [`@@ -0,0 +1,40 @@`, ...lines(last).map((line) => `+${line}`)];
        expect(diff).toEqual({
          content: [`${target} — added, +40 −0`, ...patch.map((line, n) => `${String(n + 1).padStart(6)}→${line}`)].join('\n'),
          is_error: false,
        });
        expect(unchanged!.is_error).toBe(true);
        expect(unchanged!.content).toContain('README.md is not changed by this pull request, so it has no diff');
        return reply(text('Four hundred generated constants; nothing to flag.'));
      },
    );

    const run = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    expect(s.gh.createdReviews).toHaveLength(1);
    expect(s.gh.createdReviews[0]!.body).toContain('Four hundred generated constants; nothing to flag.');
  });
});
