// The routing table of product.md §3, case by case: event and payload in,
// mode and target (or a skip and its reason) out.
import { describe, expect, it } from 'vitest';
import { authorize, isBot, parseAllowedBots } from '../../src/prepare/steps/authorize.js';
import { EventError } from '../../src/github/event.js';
import { MARKER } from '../../src/github/markers.js';
import { decideTrigger, type TriggerSettings } from '../../src/modes/trigger.js';

const settings: TriggerSettings = {
  mode: 'auto',
  triggerPhrase: '@deckhand',
  labelTrigger: 'deckhand',
  assigneeTrigger: 'deckhand-bot',
  prompt: '',
  now: new Date('2026-11-29T12:00:00Z'),
};

const alice = { login: 'alice', id: 7, type: 'User' };
const issue = { number: 12, title: 'Typo in greeting', body: 'It says Helo.', user: alice, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-02T10:00:00Z' };
const pullIssue = { ...issue, number: 13, pull_request: { url: 'x' } };
const pull = {
  number: 13,
  title: 'Add greeting',
  body: 'Adds it.',
  user: alice,
  draft: false,
  head: { ref: 'feature', sha: 'a'.repeat(40), repo: { full_name: 'octo/widgets' } },
  base: { ref: 'main', sha: 'b'.repeat(40), repo: { full_name: 'octo/widgets' } },
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-03T10:00:00Z',
};
const comment = (body: string) => ({ id: 99, body, user: alice, created_at: '2026-11-02T11:00:00Z', updated_at: '2026-11-02T11:00:00Z' });

const decide = (event: string, payload: unknown, overrides: Partial<TriggerSettings> = {}) => decideTrigger(event, payload, { ...settings, ...overrides });

describe('trigger routing (mode auto)', () => {
  it('a mention in an issue comment is mention mode on the issue, pinned to the comment', () => {
    const d = decide('issue_comment', { action: 'created', issue, comment: comment('@deckhand why?'), sender: alice });
    expect(d).toMatchObject({ kind: 'run', trigger: { mode: 'mention', number: 12, isPullRequest: false, pinnedAt: '2026-11-02T11:00:00Z', comment: { id: 99, kind: 'issue_comment' } } });
  });

  it('a mention in a comment on a PR is mention mode on the PR', () => {
    const d = decide('issue_comment', { action: 'created', issue: pullIssue, comment: comment('hey @Deckhand, fix it'), sender: alice });
    expect(d).toMatchObject({ kind: 'run', trigger: { mode: 'mention', number: 13, isPullRequest: true } });
  });

  it('a mention in a review comment is mention mode focused on its thread and hunk', () => {
    const reviewComment = { ...comment('@deckhand rename this'), path: 'src/a.ts', line: 4, diff_hunk: '@@ -1,3 +1,4 @@\n a\n+b', in_reply_to_id: 50 };
    const d = decide('pull_request_review_comment', { action: 'created', comment: reviewComment, pull_request: pull, sender: alice });
    expect(d).toMatchObject({
      kind: 'run',
      trigger: { mode: 'mention', number: 13, pull: { headRef: 'feature' }, comment: { kind: 'review_comment', thread: { path: 'src/a.ts', line: 4, rootId: 50 } } },
    });
  });

  it('a mention in a submitted review is mention mode on the PR', () => {
    const review = { id: 5, body: '@deckhand please look', user: alice, submitted_at: '2026-11-03T09:00:00Z', state: 'commented' };
    const d = decide('pull_request_review', { action: 'submitted', review, pull_request: pull, sender: alice });
    expect(d).toMatchObject({ kind: 'run', trigger: { mode: 'mention', pinnedAt: '2026-11-03T09:00:00Z', comment: { kind: 'review', id: 5 } } });
  });

  it.each([
    ['opened', { issue: { ...issue, body: 'Please @deckhand fix this' } }],
    ['edited', { issue: { ...issue, title: '@deckhand: typo' } }],
    ['edited', { issue: { ...issue, title: '@deckhand: typo' }, changes: { title: { from: 'typo' } } }],
    ['labeled', { issue, label: { name: 'deckhand' } }],
    ['assigned', { issue, assignee: { login: 'Deckhand-Bot', type: 'User' } }],
  ])('issues %s with its condition met is fix mode', (action, extra) => {
    expect(decide('issues', { action, sender: alice, ...extra })).toMatchObject({ kind: 'run', trigger: { mode: 'fix', number: 12 } });
  });

  it('an issue opened with both the mention and the trigger label is fixed once, by its labeled event', () => {
    const both = { ...issue, body: '@deckhand fix this', labels: [{ name: 'bug' }, { name: 'deckhand' }] };
    expect(decide('issues', { action: 'opened', sender: alice, issue: both })).toEqual({
      kind: 'skip',
      reason: 'the issue was opened with the deckhand label too: its labeled event starts the fix.',
    });
    expect(decide('issues', { action: 'labeled', sender: alice, issue: both, label: { name: 'deckhand' } })).toMatchObject({ kind: 'run', trigger: { mode: 'fix' } });
  });

  it('an edit that keeps a mention the issue already had is skipped (no second fix for a typo fix)', () => {
    const edited = { ...issue, title: 'Typo in README', body: '@deckhand please fix the typo in the README.' };
    const bodyEdit = decide('issues', { action: 'edited', sender: alice, issue: edited, changes: { body: { from: '@deckhand please fix the tpyo in the README.' } } });
    expect(bodyEdit).toEqual({ kind: 'skip', reason: 'the issue mentioned @deckhand before this edit too.' });
    const titleEdit = decide('issues', { action: 'edited', sender: alice, issue: edited, changes: { title: { from: 'Typo in readme' } } });
    expect(titleEdit).toMatchObject({ kind: 'skip' });
    const added = decide('issues', { action: 'edited', sender: alice, issue: edited, changes: { body: { from: 'please fix the typo' } } });
    expect(added).toMatchObject({ kind: 'run', trigger: { mode: 'fix' } });
  });

  it.each(['opened', 'synchronize', 'reopened', 'ready_for_review'])('pull_request %s is review mode', (action) => {
    expect(decide('pull_request', { action, pull_request: pull, sender: alice })).toMatchObject({ kind: 'run', trigger: { mode: 'review', number: 13 } });
    expect(decide('pull_request_target', { action, pull_request: pull, sender: alice })).toMatchObject({ kind: 'run', trigger: { mode: 'review' } });
  });

  it('synchronize carries the heads before and after the push', () => {
    const d = decide('pull_request', { action: 'synchronize', before: 'c'.repeat(40), after: 'a'.repeat(40), pull_request: pull, sender: alice });
    expect(d).toMatchObject({ kind: 'run', trigger: { synchronize: { before: 'c'.repeat(40), after: 'a'.repeat(40) } } });
  });

  it.each(['schedule', 'workflow_dispatch', 'repository_dispatch'])('%s with a prompt is task mode, answerable to the workflow', (event) => {
    const d = decide(event, {}, { prompt: 'Bump the dependencies.' });
    expect(d).toMatchObject({ kind: 'run', trigger: { mode: 'task', checkActor: false, pinnedAt: '2026-11-29T12:00:00.000Z' } });
  });

  it.each([
    ['issue_comment', { action: 'created', issue, comment: comment('no mention here'), sender: alice }, 'the comment does not mention @deckhand.'],
    ['issue_comment', { action: 'edited', issue, comment: comment('@deckhand now'), sender: alice }, 'only new comments wake Deckhand (this one was edited).'],
    ['issue_comment', { action: 'created', issue, comment: comment(`Done.\n\n${MARKER}`), sender: alice }, 'the comment was written by Deckhand.'],
    ['issue_comment', { action: 'created', issue, comment: comment('> @deckhand quoted\nplain'), sender: alice }, 'the comment does not mention @deckhand.'],
    ['issue_comment', { action: 'created', issue, comment: comment('`@deckhand` in code'), sender: alice }, 'the comment does not mention @deckhand.'],
    ['issues', { action: 'labeled', issue, label: { name: 'bug' }, sender: alice }, 'the label is not deckhand.'],
    ['issues', { action: 'closed', issue, sender: alice }, 'issues closed events are not handled.'],
    ['pull_request', { action: 'opened', pull_request: { ...pull, draft: true }, sender: alice }, 'the pull request is a draft.'],
    ['pull_request', { action: 'closed', pull_request: pull, sender: alice }, 'pull_request closed events are not reviewed.'],
    ['schedule', {}, 'the schedule event runs task mode, which needs the prompt input.'],
    ['push', { ref: 'refs/heads/main' }, 'the push event is not one Deckhand handles.'],
  ])('%s skips: %s', (event, payload, reason) => {
    expect(decide(event, payload)).toEqual({ kind: 'skip', reason });
  });
});

describe('trigger routing (mode set by the workflow)', () => {
  it('mode review reviews a PR from a comment without a mention', () => {
    expect(decide('issue_comment', { action: 'created', issue: pullIssue, comment: comment('please review'), sender: alice }, { mode: 'review' })).toMatchObject({
      kind: 'run',
      trigger: { mode: 'review' },
    });
  });

  it('mode fix works an issue labeled with any label', () => {
    expect(decide('issues', { action: 'labeled', issue, label: { name: 'bug' }, sender: alice }, { mode: 'fix' })).toMatchObject({ kind: 'run', trigger: { mode: 'fix' } });
  });

  it('mode task runs the prompt on any event', () => {
    expect(decide('issue_comment', { action: 'created', issue, comment: comment('x'), sender: alice }, { mode: 'task', prompt: 'Do it.' })).toMatchObject({
      kind: 'run',
      trigger: { mode: 'task', checkActor: true },
    });
  });

  it('a mode that does not fit the event skips', () => {
    expect(decide('pull_request', { action: 'opened', pull_request: pull, sender: alice }, { mode: 'fix' })).toEqual({
      kind: 'skip',
      reason: 'mode fix does not apply to the pull_request event.',
    });
  });
});

describe('malformed events', () => {
  it('names the missing field in one line', () => {
    expect(() => decide('issue_comment', { action: 'created', issue, sender: alice })).toThrow(new EventError('The issue_comment event payload is malformed: comment expected object, received undefined.'));
  });

  it('names a field of the wrong type', () => {
    expect(() => decide('pull_request', { action: 'opened', pull_request: { ...pull, number: 'thirteen' }, sender: alice })).toThrow(/pull_request\.number/);
  });
});

describe('who may wake it', () => {
  const trigger = (login: string, type = 'User') => {
    const d = decide('issue_comment', { action: 'created', issue, comment: comment('@deckhand hi'), sender: { login, type } });
    if (d.kind !== 'run') throw new Error('expected a run');
    return d.trigger;
  };
  const permissions: Record<string, string> = { admin1: 'admin', maint: 'maintain', writer: 'write', reader: 'read', triager: 'triage' };
  const lookup = async (login: string) => (permissions[login] ?? 'none') as never;

  it.each(['admin1', 'maint', 'writer'])('%s (write or more) may', async (login) => {
    expect(await authorize(trigger(login), [], lookup)).toMatchObject({ ok: true });
  });

  it.each([
    ['reader', 'reader has read permission on the repository; write, maintain or admin is needed.'],
    ['triager', 'triager has triage permission on the repository; write, maintain or admin is needed.'],
    ['stranger', 'stranger has none permission on the repository; write, maintain or admin is needed.'],
  ])('%s may not', async (login, reason) => {
    expect(await authorize(trigger(login), [], lookup)).toEqual({ ok: false, reason });
  });

  it('bots are refused unless allowed_bots lists them (with or without [bot], or *)', async () => {
    expect(await authorize(trigger('renovate[bot]', 'Bot'), [], lookup)).toEqual({ ok: false, reason: 'renovate[bot] is a bot, and allowed_bots does not list it.' });
    expect(await authorize(trigger('renovate[bot]', 'Bot'), parseAllowedBots('dependabot, renovate'), lookup)).toMatchObject({ ok: true });
    expect(await authorize(trigger('helper-bot', 'Bot'), parseAllowedBots('*'), lookup)).toMatchObject({ ok: true });
    expect(isBot({ login: 'sneaky[bot]', type: 'User' })).toBe(true);
  });

  it('scheduled runs answer to the workflow, with no permission lookup', async () => {
    const d = decide('schedule', {}, { prompt: 'x' });
    if (d.kind !== 'run') throw new Error('expected a run');
    expect(await authorize(d.trigger, [], () => Promise.reject(new Error('no lookup expected')))).toEqual({ ok: true, permission: 'workflow' });
  });
});
