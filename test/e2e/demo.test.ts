// `npm run demo` works offline on a fresh clone: it replays the recorded
// sessions, says so first, and prints what each run would have posted.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

describe('npm run demo', () => {
  it('replays the recorded sessions and prints the comment, the commit, the pull request and the review', () => {
    const env = { ...process.env };
    delete env.ANTHROPIC_API_KEY;
    delete env.ANTHROPIC_BASE_URL;
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'demo.mjs')], { cwd: ROOT, env, encoding: 'utf8', timeout: 240_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Deckhand demo — a REPLAY of a recorded model session, not a live model/);
    for (const part of [
      '#### Comment on #1',
      '#### Commit on deckhand/issue-1-',
      '+  return (celsius * 9) / 5 + 32;',
      '#### Pull request deckhand/issue-1-',
      'Fixes #1',
      '#### Review on #2 (COMMENT',
      '#### src/kelvin.js:3 (RIGHT)',
      '```suggestion\n  return celsius + 273.15;\n```',
      '- src/temperature.js:3 — **[important]** Not part of this change', // the severity tag (issue 13)
      // The finding the checker refuted is not posted; the review counts it and the summary gives the evidence (issue 30).
      '1 finding dropped after a second look',
      '- Dropped: src/kelvin.js:8 returns NaN for kelvin < 0 before line 9 runs.',
      '<sub>Deckhand · claude-sonnet-5-5 · ',
      'Both runs finished. Nothing was posted',
      // A dry run opens no pull request and makes no commit, and says so.
      '**Pull request:** [not opened (dry run)](',
      '**Commit:** not made (dry run)',
    ]) {
      expect(run.stdout).toContain(part);
    }
    expect(run.stdout).not.toContain('[#0]');
    expect(run.stdout).not.toContain('/commit/0000000'); // no link to a commit that does not exist
  }, 300_000);
});
