// Memory consolidation in a scheduled or dispatched run, end to end on the
// bundle: due only when the memory branch's last commit counts five
// memory-changing runs and a day since the last one (read from its trailers:
// no request and no model call otherwise); under a lock branch a second run
// finds and skips; a fork of the task's agent merges duplicates, settles a
// contradiction and drops a memory whose subject is gone, each change through
// the guard, in one commit that says why and resets the count.
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse, type RecordedRequest } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { daysAgo, memoryFiles, type MemorySpec } from '../helpers/memory.js';
import { forkInstructions } from '../helpers/subagents.js';

let s: Scenario;
afterEach(async () => s?.cleanup());

const BRANCH = 'deckhand/memory';
const LOCK = 'deckhand/memory-lock';
const isConsolidation = (body: any) => forkInstructions(body).startsWith("You are Deckhand's memory consolidation now.");

const MEMORIES: MemorySpec[] = [
  { name: 'any-in-test-helpers', description: 'any is fine in test helpers', updated: daysAgo(30) },
  { name: 'any-allowed-in-helpers', description: 'any is allowed in test helpers', updated: daysAgo(3), author: 'bob' },
  { name: 'indent-with-tabs', description: 'Indent with tabs', type: 'user', updated: daysAgo(40) },
  { name: 'indent-with-spaces', description: 'Indent with two spaces', type: 'user', updated: daysAgo(2) },
  { name: 'legacy-api-frozen', description: 'Never change src/legacy/', type: 'project', updated: daysAgo(90) },
];

/** A repository whose memory branch's last commit says `runs` runs since a consolidation `since` (ISO) ago. */
async function withMemories(runs: number, since: string, config = '') {
  s = await scenario({ 'src/app.js': 'export const x = 1;\n', ...(config ? { '.github/deckhand.yml': config } : {}) });
  s.gh.commitFiles(BRANCH, { 'MEMORY.md': '# Memory\n', ...memoryFiles(MEMORIES) }, `Deckhand memory: save indent-with-spaces\n\nDeckhand-Memory-Runs: ${runs}\nDeckhand-Consolidated: ${since}`, { orphan: true });
  s.checkout();
}

const task = () => s.run('workflow_dispatch', { inputs: {} }, { prompt: 'Tidy the README.', max_turns: '20' });
const filesOn = () => s.gh.git.text(['ls-tree', '--name-only', s.gh.refSha(BRANCH)!]).split('\n').filter(Boolean).sort();

describe('memory consolidation', () => {
  it('merges duplicates, settles a contradiction and drops what is gone, in one commit that says why, under a lock it removes', async () => {
    await withMemories(5, daysAgo(2));
    let consolidation: RecordedRequest | undefined;
    s.model.route(
      isConsolidation,
      (req) => {
        consolidation = req;
        // The lock is held while it works.
        expect(s.gh.refSha(LOCK)).toBeDefined();
        return reply(toolUse('Glob', { pattern: 'src/legacy/**' }));
      },
      (req) => {
        expect([...req.toolResults.values()][0]!.content).toContain('No files found');
        return reply(
          text(
            JSON.stringify({
              remove: [
                { name: 'any-allowed-in-helpers', why: 'merged into any-in-test-helpers' },
                { name: 'indent-with-tabs', why: 'contradicted by the newer indent-with-spaces' },
                { name: 'legacy-api-frozen', why: 'src/legacy/ is gone' },
              ],
              update: [
                {
                  name: 'any-in-test-helpers',
                  type: 'feedback',
                  description: 'any is fine and allowed in test helpers',
                  body: 'any is fine and allowed in test helpers.\n\n**Why:** the team said so.\n**How to apply:** whenever it comes up.',
                },
              ],
            }),
          ),
        );
      },
    );
    s.model.enqueue(reply(text('The README is tidy.')));

    const run = await task();

    expect(run.code).toBe(0);
    expect(consolidation).toBeDefined();
    const shown = forkInstructions(consolidation!.body);
    for (const memory of MEMORIES) expect(shown).toContain(`<memory name="${memory.name}"`);
    expect(filesOn()).toEqual(['MEMORY.md', 'any-in-test-helpers.md', 'indent-with-spaces.md']);
    const tip = s.gh.git.readCommits([s.gh.refSha(BRANCH)!])[0]!;
    expect(tip.message).toContain('Deckhand memory: consolidate (save any-in-test-helpers; remove any-allowed-in-helpers, indent-with-tabs, legacy-api-frozen)');
    expect(tip.message).toContain('- legacy-api-frozen: removed (src/legacy/ is gone)');
    expect(tip.message).toContain('- indent-with-tabs: removed (contradicted by the newer indent-with-spaces)');
    expect(tip.message).toMatch(/Deckhand-Memory-Runs: 0\nDeckhand-Consolidated: \d{4}-/);
    // Whoever taught the merged memory still is its author.
    expect(s.gh.git.text(['show', `${tip.sha}:any-in-test-helpers.md`])).toContain('author: alice');
    expect(s.gh.refSha(LOCK)).toBeUndefined();
    expect(run.summary).toContain('| memory |');
  });

  it('not due (too few runs, or too soon): no model call for it and nothing written to the branch', async () => {
    await withMemories(2, daysAgo(2));
    const before = s.gh.refSha(BRANCH);
    s.model.enqueue(reply(text('Done.')));
    const run = await task();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Memory consolidation not due: 2 of 5 memory-changing runs since the last consolidation.');
    expect(s.model.requests.filter((r) => isConsolidation(r.body))).toHaveLength(0);
    expect(s.gh.refSha(BRANCH)).toBe(before);
    await s.cleanup();

    await withMemories(9, daysAgo(0));
    s.model.enqueue(reply(text('Done.')));
    const soon = await task();
    expect(soon.stdout).toContain('Memory consolidation not due: the last consolidation is less than a day old.');
    expect(s.model.requests.filter((r) => isConsolidation(r.body))).toHaveLength(0);
  });

  it('a lock it may not take (a token that cannot write contents) skips the consolidation, and the task still runs', async () => {
    await withMemories(6, daysAgo(3));
    s.gh.fail({ method: 'POST', path: /\/git\/commits$/, status: 403, body: { message: 'Resource not accessible by integration' } });
    s.model.enqueue(reply(text('Done.')));
    const run = await task();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`::warning::Memory consolidation skipped: could not take the lock ${LOCK} (GitHub API error 403`);
    expect(s.model.requests.filter((r) => isConsolidation(r.body))).toHaveLength(0);
  });

  it('a second run while the lock is held skips, and `consolidate: off` never consolidates', async () => {
    await withMemories(6, daysAgo(3));
    s.gh.commitFiles(LOCK, {}, 'Deckhand memory consolidation lock', { parent: BRANCH });
    const lock = s.gh.refSha(LOCK);
    s.model.enqueue(reply(text('Done.')));
    const run = await task();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Memory consolidation skipped: another run holds the lock ${LOCK}.`);
    expect(s.model.requests.filter((r) => isConsolidation(r.body))).toHaveLength(0);
    // Not ours to remove.
    expect(s.gh.refSha(LOCK)).toBe(lock);
    await s.cleanup();

    await withMemories(6, daysAgo(3), 'memory:\n  consolidate: off\n');
    s.model.enqueue(reply(text('Done.')));
    expect((await task()).code).toBe(0);
    expect(s.model.requests.filter((r) => isConsolidation(r.body))).toHaveLength(0);
  });
});
