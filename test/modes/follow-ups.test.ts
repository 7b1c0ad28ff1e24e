// Which earlier threads a follow-up review looks at again: only Deckhand's own,
// and only where the new commits touched the line (or GitHub marks it outdated);
// and the threads whose line itself changed, which alone a check run may let go.
import { describe, expect, it } from 'vitest';
import type { ChangedFile, ReviewThread } from '../../src/core/context.js';
import { changedThreads, touchedThreads } from '../../src/modes/follow-ups.js';

function thread(rootId: number, path: string, line: number | null, own: boolean, outdated = false): ReviewThread {
  return {
    rootId,
    path,
    line,
    ...(outdated ? { outdated: true as const } : {}),
    diffHunk: '@@ -1 +1 @@',
    comments: [{ id: rootId, author: { login: own ? 'github-actions[bot]' : 'alice', permission: own ? 'deckhand' : 'write' }, body: 'x', createdAt: '2026-01-01T00:00:00Z', kind: 'comment' }],
  };
}

/** The thread with one more comment, by Deckhand ('deckhand') or by a person. */
function answered(t: ReviewThread, permission: 'deckhand' | 'write'): ReviewThread {
  const id = t.rootId * 100 + t.comments.length;
  const author = { login: permission === 'deckhand' ? 'github-actions[bot]' : 'alice', permission };
  return { ...t, comments: [...t.comments, { id, author, body: 'reply', createdAt: '2026-01-02T00:00:00Z', kind: 'comment' }] };
}

const changed: ChangedFile[] = [
  { path: 'src/a.js', status: 'modified', additions: 2, deletions: 2, patch: '@@ -10,3 +10,3 @@\n ctx\n-old\n+new\n ctx\n@@ -40,2 +40,2 @@\n-x\n+y\n z' },
  { path: 'bin/blob', status: 'modified', additions: 0, deletions: 0 },
];

describe('the threads a follow-up review looks at again', () => {
  it.each([
    ['its own comment on a line inside a changed hunk', thread(1, 'src/a.js', 11, true), true],
    ['its own comment on the first line of a hunk', thread(2, 'src/a.js', 40, true), true],
    ['its own comment on a line between hunks', thread(3, 'src/a.js', 20, true), false],
    ['its own comment on a file the commits did not change', thread(4, 'src/b.js', 11, true), false],
    ['its own comment GitHub marks outdated, in a file not changed since', thread(5, 'src/b.js', 11, true, true), true],
    ['its own comment on a changed file GitHub sends no patch for', thread(6, 'bin/blob', 1, true), true],
    ["someone else's comment on a changed line", thread(7, 'src/a.js', 11, false), false],
    ["someone else's outdated comment", thread(8, 'src/a.js', 11, false, true), false],
    ['its own outdated comment it already replied to last', answered(thread(9, 'src/b.js', 11, true, true), 'deckhand'), false],
    ['its own outdated comment someone answered after its reply', answered(answered(thread(10, 'src/b.js', 11, true, true), 'deckhand'), 'write'), true],
    ['its own comment on a changed line it already replied to (touched again)', answered(thread(11, 'src/a.js', 11, true), 'deckhand'), true],
  ])('%s', (_, t, expected) => {
    expect(touchedThreads([t], changed).length === 1).toBe(expected);
  });
});

describe('the threads whose line the new commits changed', () => {
  it.each([
    ['its own comment on a line the commits rewrote', thread(1, 'src/a.js', 11, true), true],
    ['its own comment on a context line of a changed hunk', thread(2, 'src/a.js', 10, true), false],
    ['its own comment on the line after a rewrite (context)', thread(3, 'src/a.js', 12, true), false],
    ['its own comment between hunks', thread(4, 'src/a.js', 20, true), false],
    ['its own comment on a file the commits did not change', thread(5, 'src/b.js', 11, true), false],
    ['its own comment GitHub marks outdated', thread(6, 'src/b.js', 11, true, true), true],
    ['its own comment on a changed file GitHub sends no patch for', thread(7, 'bin/blob', 1, true), true],
    ["someone else's comment on a rewritten line", thread(8, 'src/a.js', 11, false), false],
  ])('%s', (_, t, expected) => {
    expect(changedThreads([t], changed).length === 1).toBe(expected);
  });
});
