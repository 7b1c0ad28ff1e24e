// ci-fix from the event to the go-ahead: which failed workflow_run events wake
// it (GitHub's published payloads and the emulator's), who must be allowed
// (who pushed and who started the run), the loop-guard setting in the config
// file, and the texts that carry or refuse the Deckhand-CI-Fix trailer.
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Permission } from '../../src/core/context.js';
import { authorize } from '../../src/prepare/steps/authorize.js';
import { ciFixTrailer, ciStopComment, ciStopMark, isCiFixCommit } from '../../src/modes/ci-run.js';
import { isDeckhandText } from '../../src/github/markers.js';
import { commitMessage, neutralised } from '../../src/publish/text.js';
import { workflowFileOf } from '../../src/github/wake.js';
import { decideTrigger, type TriggerSettings } from '../../src/modes/trigger.js';
import type { ModeSetting, Trigger } from '../../src/core/trigger.js';
import { ConfigError, parseConfig } from '../../src/config/repo.js';
import { GitHubEmulator, type Pull, type WorkflowRunInput, type WorkflowRunPayload } from '../emulators/github.js';

type Example = { action: string; workflow_run: Record<string, any>; workflow?: Record<string, any>; repository: { full_name: string }; sender: Record<string, any> };
const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as Array<{ name: string; examples: Example[] }>;
const workflowRunExamples = examples.find((e) => e.name === 'workflow_run')!.examples;

const settings = (mode: ModeSetting = 'auto', workflowFile?: string): TriggerSettings => ({
  mode,
  triggerPhrase: '@deckhand',
  labelTrigger: 'deckhand',
  assigneeTrigger: '',
  prompt: '',
  now: new Date(),
  ...(workflowFile !== undefined ? { workflowFile } : {}),
});

const OWN_WORKFLOW = workflowFileOf('octo/widgets/.github/workflows/ci-fix.yml@refs/heads/main');

/** The payload with some of the run's fields (and the event's) replaced, as GitHub may send them (null where its schema allows). */
const patched = (payload: object & { workflow_run: object }, run: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
  ...structuredClone(payload),
  ...top,
  workflow_run: { ...structuredClone(payload.workflow_run), ...run },
});

function expectSkip(decision: ReturnType<typeof decideTrigger>): string {
  expect(decision.kind).toBe('skip');
  return decision.kind === 'skip' ? decision.reason : '';
}

function expectRun(decision: ReturnType<typeof decideTrigger>): Trigger {
  if (decision.kind !== 'run') throw new Error(`expected a run, got a skip: ${decision.reason}`);
  return decision.trigger;
}

describe('workflowFileOf', () => {
  it('takes the workflow file out of GITHUB_WORKFLOW_REF, whatever the ref', () => {
    expect(OWN_WORKFLOW).toBe('.github/workflows/ci-fix.yml');
    expect(workflowFileOf('octo/widgets/.github/workflows/ci.yml@refs/pull/12/merge')).toBe('.github/workflows/ci.yml');
    expect(workflowFileOf('octo/widgets/.github/workflows/nested/ci.yml@v1')).toBe('.github/workflows/nested/ci.yml');
  });

  it('is undefined for no ref or one without a workflow file', () => {
    expect(workflowFileOf(undefined)).toBeUndefined();
    expect(workflowFileOf('')).toBeUndefined();
    expect(workflowFileOf('.github/workflows/ci.yml')).toBeUndefined();
  });
});

describe('workflow_run: GitHub\'s published examples', () => {
  it('every example parses, and none of them (a success, a run without a conclusion, a requested run) wakes Deckhand', () => {
    expect(workflowRunExamples.length).toBeGreaterThan(0);
    for (const example of workflowRunExamples) {
      const reason = expectSkip(decideTrigger('workflow_run', example, settings()));
      const conclusion = example.workflow_run.conclusion as string | null;
      if (example.action !== 'completed') expect(reason).toContain(`this one was ${example.action}`);
      else expect(reason).toContain(conclusion === null ? 'without a conclusion' : `concluded ${conclusion}`);
    }
  });

  it('an example that lacks actor, triggering_actor and path still parses', () => {
    const old = workflowRunExamples.find((e) => !('actor' in e.workflow_run) && !('path' in e.workflow_run));
    expect(old).toBeDefined();
    expect(expectSkip(decideTrigger('workflow_run', old, settings()))).toMatch(/without a conclusion/);
  });

  const complete = workflowRunExamples.find((e) => e.action === 'completed' && 'actor' in e.workflow_run && e.workflow_run.pull_requests.length === 0)!;

  it('a complete example that failed is ci-fix on its branch, the run as the trigger describes it', () => {
    const run = complete.workflow_run;
    const trigger = expectRun(decideTrigger('workflow_run', patched(complete, { conclusion: 'failure' }), settings()));
    expect(trigger).toMatchObject({ mode: 'ci-fix', event: 'workflow_run', checkActor: true, isPullRequest: false, actor: { login: run.actor.login } });
    expect(trigger.number).toBeUndefined();
    expect(trigger.ciRun).toMatchObject({ id: run.id, url: run.html_url, headSha: run.head_sha, headBranch: run.head_branch, path: run.path, event: run.event, attempt: run.run_attempt });
  });

  it('without actor, triggering_actor and path (older payloads), the sender and the workflow\'s path stand in', () => {
    const { actor: _a, triggering_actor: _t, path: _p, ...run } = complete.workflow_run;
    const trigger = expectRun(decideTrigger('workflow_run', { ...complete, workflow_run: { ...run, conclusion: 'timed_out' } }, settings()));
    expect(trigger.actor.login).toBe(complete.sender.login);
    expect(trigger.ciRun!.triggeringActor.login).toBe(complete.sender.login);
    expect(trigger.ciRun!.path).toBe(complete.workflow!.path);
  });

  it('a listed pull request whose head is another branch is not taken as the run\'s', () => {
    const example = workflowRunExamples.find((e) => e.workflow_run.pull_requests.some((p: any) => p.head.ref !== e.workflow_run.head_branch))!;
    const trigger = expectRun(decideTrigger('workflow_run', patched(example, { conclusion: 'failure' }), settings()));
    expect(trigger.number).toBeUndefined();
    expect(trigger.isPullRequest).toBe(false);
  });
});

describe('workflow_run: payloads the emulator builds', () => {
  let gh: GitHubEmulator;
  let pull: Pull;
  beforeEach(async () => {
    gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets', token: 'ghs_test' }).start();
    gh.commitFiles('main', { 'src/a.ts': 'export const a = 1;\n' }, 'Initial commit');
    gh.commitFiles('feature', { 'src/a.ts': 'export const a = 2;\n' }, 'Make a two');
    pull = gh.addPull({ title: 'Make a two', body: '', user: 'alice', head: 'feature' });
  });
  afterEach(async () => {
    await gh.stop();
  });

  const ciRun = (overrides: Partial<WorkflowRunInput> = {}) =>
    gh.addWorkflowRun({ name: 'CI', path: '.github/workflows/ci.yml', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor: 'alice', ...overrides });
  const decide = (payload: unknown, mode: ModeSetting = 'auto') => decideTrigger('workflow_run', payload, settings(mode, OWN_WORKFLOW));

  it.each(['requested', 'in_progress'])('a %s run is a skip', (action) => {
    const run = ciRun({ conclusion: null, status: action === 'requested' ? 'requested' : 'in_progress' });
    expect(expectSkip(decide(gh.payload.workflowRun(run, action)))).toContain(`only completed workflow runs wake Deckhand (this one was ${action})`);
  });

  it.each(['success', 'cancelled', 'skipped', 'neutral', 'action_required', null] as const)('a run that concluded %s is a skip that says so', (conclusion) => {
    const reason = expectSkip(decide(gh.payload.workflowRun(ciRun({ conclusion, status: 'completed' }))));
    expect(reason).toContain(conclusion === null ? 'the CI run concluded without a conclusion' : `the CI run concluded ${conclusion}`);
    expect(reason).toContain('only a failed or timed-out run is fixed');
  });

  it.each(['failure', 'timed_out'] as const)('a run that concluded %s is ci-fix on its pull request, with the run\'s facts', (conclusion) => {
    const run = ciRun({ conclusion, runAttempt: 2, triggeringActor: 'bob' });
    const trigger = expectRun(decide(gh.payload.workflowRun(run)));
    expect(trigger).toMatchObject({ mode: 'ci-fix', event: 'workflow_run', action: 'completed', number: pull.number, isPullRequest: true, checkActor: true, actor: { login: 'alice', type: 'User' } });
    expect(trigger.ciRun).toEqual({
      id: run.id,
      name: 'CI',
      path: '.github/workflows/ci.yml',
      url: run.html_url,
      headSha: pull.head.sha,
      headBranch: 'feature',
      event: 'pull_request',
      conclusion,
      attempt: 2,
      title: run.display_title,
      triggeringActor: expect.objectContaining({ login: 'bob' }),
      // The listed pull request's base, as the event says: ci-fix reads its policy files beside the lookups.
      listedBase: 'main',
    });
  });

  it('a run of a fork\'s code is a skip naming the fork', () => {
    gh.commitFiles('patch-1', { 'src/a.ts': 'export const a = 3;\n' }, 'Fork change');
    gh.addPull({ title: 'Fork change', body: '', user: 'mallory', head: 'patch-1', fork: { owner: 'mallory' } });
    const run = ciRun({ headBranch: 'patch-1', headRepository: 'mallory/widgets', actor: 'mallory' });
    expect(expectSkip(decide(gh.payload.workflowRun(run)))).toMatch(/of code from mallory\/widgets, a fork/);
  });

  it('the head repository is compared without regard to case', () => {
    const payload = gh.payload.workflowRun(ciRun());
    expect(expectRun(decide(patched(payload, { head_repository: { ...payload.workflow_run.head_repository, full_name: 'Octo/Widgets' } }))).mode).toBe('ci-fix');
  });

  it('a failed run of the workflow Deckhand runs in is a skip; another workflow\'s is not', () => {
    const own = gh.payload.workflowRun(ciRun({ name: 'Deckhand', path: '.github/workflows/ci-fix.yml' }));
    expect(expectSkip(decide(own))).toContain('is of .github/workflows/ci-fix.yml, the workflow Deckhand itself runs in');
    // A path with the ref it ran at is the same file.
    expect(expectSkip(decide(patched(own, { path: '.github/workflows/ci-fix.yml@refs/heads/main' })))).toContain('the workflow Deckhand itself runs in');
    expect(expectRun(decide(gh.payload.workflowRun(ciRun()))).mode).toBe('ci-fix');
  });

  it('a listed pull request from another branch is not the run\'s; the one from its branch is', () => {
    gh.commitFiles('other', { 'src/b.ts': 'export const b = 1;\n' }, 'Add b');
    const other = gh.addPull({ title: 'Add b', body: '', user: 'alice', head: 'other' });
    const onlyOther = expectRun(decide(gh.payload.workflowRun(ciRun({ pullRequests: [other.number] }))));
    expect(onlyOther.number).toBeUndefined();
    expect(onlyOther.isPullRequest).toBe(false);
    const both = expectRun(decide(gh.payload.workflowRun(ciRun({ pullRequests: [other.number, pull.number] }))));
    expect(both.number).toBe(pull.number);
  });

  it('a null head branch or head repository is a clear skip, not a crash', () => {
    const payload = gh.payload.workflowRun(ciRun());
    expect(expectSkip(decide(patched(payload, { head_branch: null })))).toContain('has no head branch');
    expect(expectSkip(decide(patched(payload, { head_repository: null })))).toContain('head repository is gone');
  });

  it('a null actor or triggering actor falls back: the pusher to the sender, the starter to the pusher', () => {
    const payload = gh.payload.workflowRun(ciRun({ triggeringActor: 'bob' }), 'completed', { sender: 'carol' });
    const noActor = expectRun(decide(patched(payload, { actor: null })));
    expect([noActor.actor.login, noActor.ciRun!.triggeringActor.login]).toEqual(['carol', 'bob']);
    const noStarter = expectRun(decide(patched(payload, { triggering_actor: null })));
    expect([noStarter.actor.login, noStarter.ciRun!.triggeringActor.login]).toEqual(['alice', 'alice']);
    const neither = expectRun(decide(patched(payload, { actor: null, triggering_actor: null })));
    expect([neither.actor.login, neither.ciRun!.triggeringActor.login]).toEqual(['carol', 'carol']);
  });

  it.each(['review', 'mention', 'fix'] as const)('mode %s forced on a workflow_run is a skip; ci-fix forced runs', (mode) => {
    const payload = gh.payload.workflowRun(ciRun());
    expect(expectSkip(decide(payload, mode))).toBe(`mode ${mode} does not apply to the workflow_run event.`);
    expect(expectRun(decide(payload, 'ci-fix')).mode).toBe('ci-fix');
    // Forcing the mode does not make a passed run a failure.
    expect(expectSkip(decide(patched(payload, { conclusion: 'success' }), 'ci-fix'))).toContain('concluded success');
  });

  it('mode ci-fix forced on an issue comment is a skip', () => {
    const event = gh.payload.issueComment(gh.addComment(pull.number, { body: '@deckhand fix the CI', user: 'alice' }));
    expect(expectSkip(decideTrigger('issue_comment', event, settings('ci-fix')))).toBe('mode ci-fix does not apply to the issue_comment event.');
  });

  describe('authorize: who pushed and who started the run', () => {
    const permissions = (table: Record<string, Permission>) => {
      const asked: string[] = [];
      return { asked, permissionOf: async (login: string) => (asked.push(login), table[login] ?? 'none') };
    };
    const triggerOf = (payload: WorkflowRunPayload) => expectRun(decide(payload));

    it('a starter with read permission is refused though the pusher may write', async () => {
      const { permissionOf } = permissions({ alice: 'write', rita: 'read' });
      const result = await authorize(triggerOf(gh.payload.workflowRun(ciRun({ triggeringActor: 'rita' }))), [], permissionOf);
      expect(result).toEqual({ ok: false, reason: 'rita (who started the failed run) has read permission on the repository; write, maintain or admin is needed.' });
    });

    it('a pusher with read permission is refused though the starter may write', async () => {
      const { permissionOf } = permissions({ alice: 'read', mia: 'maintain' });
      const result = await authorize(triggerOf(gh.payload.workflowRun(ciRun({ triggeringActor: 'mia' }))), [], permissionOf);
      expect(result).toEqual({ ok: false, reason: 'alice (who pushed the failed commit) has read permission on the repository; write, maintain or admin is needed.' });
    });

    it('both allowed is ok; one person who pushed and started is looked up once', async () => {
      const two = permissions({ alice: 'write', mia: 'admin' });
      expect(await authorize(triggerOf(gh.payload.workflowRun(ciRun({ triggeringActor: 'mia' }))), [], two.permissionOf)).toMatchObject({ ok: true });
      expect(two.asked.sort()).toEqual(['alice', 'mia']);
      const one = permissions({ alice: 'write' });
      expect(await authorize(triggerOf(gh.payload.workflowRun(ciRun())), [], one.permissionOf)).toEqual({ ok: true, permission: 'write' });
      expect(one.asked).toEqual(['alice']);
    });

    it('a bot pusher is refused unless allowed_bots lists it, and is never looked up', async () => {
      const dependabot = { login: 'dependabot[bot]', type: 'Bot' as const };
      const trigger = triggerOf(gh.payload.workflowRun(ciRun({ actor: dependabot })));
      const none = permissions({});
      expect(await authorize(trigger, ['renovate'], none.permissionOf)).toEqual({
        ok: false,
        reason: 'dependabot[bot] (who pushed the failed commit) is a bot, and allowed_bots does not list it.',
      });
      expect(await authorize(trigger, ['dependabot'], none.permissionOf)).toEqual({ ok: true, permission: 'workflow' });
      expect(none.asked).toEqual([]);
      // Listed, the bot still needs its run's starter to be allowed.
      const rerun = triggerOf(gh.payload.workflowRun(ciRun({ actor: dependabot, triggeringActor: 'rita' })));
      expect(await authorize(rerun, ['dependabot'], permissions({ rita: 'triage' }).permissionOf)).toMatchObject({ ok: false, reason: expect.stringContaining('rita (who started the failed run) has triage permission') });
    });
  });
});

// A workflow run's `pull_requests` lists every open pull request whose head is
// the run's branch — also one whose base is another repository (a fork's
// pull request to itself, an upstream's from this repository's branch), and
// its number names a different pull request here, or none. Variants: a fork's
// entry with the number of a real pull request here; another owner's
// repository (GitHub's own published example); no base repository (null,
// missing); two entries of which only the second is this repository's; a head
// here but the base elsewhere; and the ways the base is compared (id first,
// else the API URL, else the full name it names).
describe('workflow_run: listed pull requests of other repositories', () => {
  let gh: GitHubEmulator;
  let pull: Pull;
  let other: Pull;
  beforeEach(async () => {
    gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets', token: 'ghs_test' }).start();
    gh.commitFiles('main', { 'src/a.ts': 'export const a = 1;\n' }, 'Initial commit');
    gh.commitFiles('feature', { 'src/a.ts': 'export const a = 2;\n' }, 'Make a two');
    pull = gh.addPull({ title: 'Make a two', body: '', user: 'alice', head: 'feature' });
    gh.commitFiles('other', { 'src/b.ts': 'export const b = 1;\n' }, 'Add b');
    other = gh.addPull({ title: 'Add b', body: '', user: 'alice', head: 'other' });
  });
  afterEach(async () => {
    await gh.stop();
  });

  const decide = (payload: unknown) => decideTrigger('workflow_run', payload, settings('auto', OWN_WORKFLOW));
  /** A failed run on feature whose `pull_requests` is `entries` (this repository's own entry first built by the emulator). */
  const runListing = (entries: (own: Record<string, any>) => unknown[], top: Record<string, unknown> = {}) => {
    const payload = gh.payload.workflowRun(gh.addWorkflowRun({ name: 'CI', path: '.github/workflows/ci.yml', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor: 'alice' }));
    const own = structuredClone(payload.workflow_run.pull_requests[0]) as Record<string, any>;
    expect(own.number).toBe(pull.number);
    return patched(payload, { pull_requests: entries(own) }, top);
  };
  /** `own` with its base (and head, when asked) in the repository `repo`: the same number, the same branch. */
  const elsewhere = (own: Record<string, any>, repo: unknown, opts: { number?: number; head?: boolean } = {}) => ({
    ...own,
    number: opts.number ?? own.number,
    url: `https://api.github.test/repos/${(repo as { url?: string } | null)?.url?.split('/repos/')[1] ?? 'gone/gone'}/pulls/${opts.number ?? own.number}`,
    base: { ...own.base, repo },
    head: opts.head ? { ...own.head, repo } : own.head,
  });
  const forkOf = (owner: string) => ({ id: 200000 + owner.length, url: `${gh.url}/repos/${owner}/widgets`, name: 'widgets' });

  it('an entry whose base is a fork, with the number of another pull request here, is not taken: the branch\'s pull request is looked up', () => {
    const trigger = expectRun(decide(runListing((own) => [elsewhere(own, forkOf('mallory'), { number: other.number })])));
    expect(trigger.number).toBeUndefined();
    expect(trigger.isPullRequest).toBe(false);
  });

  it('an entry of another owner\'s repository, head and base, is not taken', () => {
    const trigger = expectRun(decide(runListing((own) => [elsewhere(own, { id: 186853002, url: 'https://api.github.com/repos/Codertocat/Hello-World', name: 'Hello-World' }, { number: other.number, head: true })])));
    expect(trigger.number).toBeUndefined();
  });

  it('GitHub\'s published example that lists another repository\'s pull request, on the run\'s own branch, takes none', () => {
    const example = workflowRunExamples.find((e) => e.workflow_run.pull_requests.some((p: any) => p.base.repo.id !== (e.repository as any).id))!;
    const [foreign] = example.workflow_run.pull_requests as Array<Record<string, any>>;
    expect(foreign!.base.repo.url).not.toBe((example.repository as any).url);
    const onBranch = { ...foreign, head: { ...foreign!.head, ref: example.workflow_run.head_branch, sha: example.workflow_run.head_sha } };
    const trigger = expectRun(decideTrigger('workflow_run', patched(example, { conclusion: 'failure', pull_requests: [onBranch] }), settings()));
    expect(trigger.number).toBeUndefined();
    expect(trigger.isPullRequest).toBe(false);
  });

  it.each([
    ['null', null],
    ['missing', undefined],
    ['without an id, a URL or a name', {}],
    ['with only its short name', { name: 'widgets' }],
  ])('an entry whose base repository is %s is not this repository\'s', (_, repo) => {
    const trigger = expectRun(decide(runListing((own) => [{ ...own, base: repo === undefined ? { ref: own.base.ref, sha: own.base.sha } : { ...own.base, repo } }])));
    expect(trigger.number).toBeUndefined();
  });

  it('of two entries, only the second this repository\'s, the second is taken', () => {
    const trigger = expectRun(decide(runListing((own) => [elsewhere(own, forkOf('mallory'), { number: other.number }), own])));
    expect(trigger).toMatchObject({ number: pull.number, isPullRequest: true });
  });

  it('an entry whose head is this repository\'s branch but whose base is another repository is not taken', () => {
    const upstream = { id: 999, url: `${gh.url}/repos/upstream/widgets`, name: 'widgets' };
    const trigger = expectRun(decide(runListing((own) => [elsewhere(own, upstream, { number: other.number })])));
    expect(trigger.number).toBeUndefined();
  });

  it('the base is compared by id where both have one, whatever the URL says', () => {
    const here = gh.payload.workflowRun(gh.addWorkflowRun({ name: 'CI', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor: 'alice' })).repository;
    const sameId = expectRun(decide(runListing((own) => [{ ...own, base: { ...own.base, repo: { ...own.base.repo, url: `${gh.url}/repos/mallory/widgets` } } }])));
    expect(sameId.number).toBe(pull.number);
    const otherId = expectRun(decide(runListing((own) => [{ ...own, base: { ...own.base, repo: { ...own.base.repo, id: here.id + 1 } } }])));
    expect(otherId.number).toBeUndefined();
  });

  it('without an id on either side, by the API URL (any case), else by the full name the URL names', () => {
    const noId = (own: Record<string, any>, url: string) => [{ ...own, base: { ...own.base, repo: { url, name: 'widgets' } } }];
    const byUrl = expectRun(decide(runListing((own) => noId(own, own.base.repo.url.toUpperCase()))));
    expect(byUrl.number).toBe(pull.number);
    expect(expectRun(decide(runListing((own) => noId(own, `${gh.url}/repos/mallory/widgets`)))).number).toBeUndefined();
    // The event's repository without its own URL: the full name in the entry's URL is compared.
    const here = gh.payload.workflowRun(gh.addWorkflowRun({ name: 'CI', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor: 'alice' })).repository;
    const bare = { repository: { full_name: here.full_name } };
    expect(expectRun(decide(runListing((own) => noId(own, 'https://api.github.test/repos/Octo/Widgets'), bare))).number).toBe(pull.number);
    expect(expectRun(decide(runListing((own) => noId(own, 'https://api.github.test/repos/octo/widgets-fork'), bare))).number).toBeUndefined();
  });
});

describe('config: ci_fix.max_attempts', () => {
  const WHERE = '.github/deckhand.yml (on main)';

  it('defaults to 2, with or without a ci_fix section', async () => {
    expect((await parseConfig('', WHERE)).config.ciFix).toEqual({ maxAttempts: 2 });
    expect((await parseConfig('ci_fix: {}\n', WHERE)).config.ciFix).toEqual({ maxAttempts: 2 });
  });

  it.each([1, 5, 10])('takes %i', async (n) => {
    const { config, warnings } = await parseConfig(`ci_fix:\n  max_attempts: ${n}\n`, WHERE);
    expect(config.ciFix.maxAttempts).toBe(n);
    expect(warnings).toEqual([]);
  });

  it.each(['0', '11', '-1', '2.5', 'three', '"2"', 'null'])('refuses max_attempts: %s, naming the key', async (value) => {
    const parsing = parseConfig(`ci_fix:\n  max_attempts: ${value}\n`, WHERE);
    await expect(parsing).rejects.toThrow(ConfigError);
    await expect(parsing).rejects.toThrow(`The config file ${WHERE} is invalid: ci_fix.max_attempts`);
  });

  it('an unknown key under ci_fix is a warning naming it; the rest is read', async () => {
    const { config, warnings } = await parseConfig('ci_fix:\n  max_attempts: 3\n  retries: 4\n', WHERE);
    expect(config.ciFix.maxAttempts).toBe(3);
    expect(warnings).toEqual([`Unknown key ci_fix.retries in the config file ${WHERE} (ignored).`]);
  });
});

describe('the CI-fix trailer in texts', () => {
  const url = 'https://github.test/octo/widgets/actions/runs/42';
  const trailer = ciFixTrailer({ url } as Parameters<typeof ciFixTrailer>[0]);

  it('the model\'s own Deckhand-CI-Fix line is put in backticks, so it never counts as a CI fix', () => {
    for (const line of [`Deckhand-CI-Fix: ${url}`, `deckhand-ci-fix: ${url}`, `DECKHAND-CI-FIX:${url}`]) {
      const text = `Fix the test\n\nThe assertion was wrong.\n\n${line}`;
      expect(isCiFixCommit(text)).toBe(true);
      const safe = neutralised(text);
      expect(isCiFixCommit(safe)).toBe(false);
      expect(safe).toContain(`\`${line.slice(0, line.indexOf(':') + 1)}\``);
      expect(safe.replace(/`/g, '')).toBe(text);
    }
  });

  it('a mention of the trailer inside a sentence is left as written', () => {
    const text = 'Each commit carries a Deckhand-CI-Fix: trailer.';
    expect(neutralised(text)).toBe(text);
  });

  it('commitMessage puts Deckhand\'s trailers after Co-authored-by, in the last paragraph', () => {
    const message = commitMessage('Restore addition', neutralised(`Changed a - b back.\n\nDeckhand-CI-Fix: ${url}`), { login: 'alice', id: 7 }, [trailer]);
    const paragraphs = message.split('\n\n');
    expect(paragraphs[0]).toBe('Restore addition');
    expect(paragraphs.at(-1)).toBe(`Co-authored-by: alice <7+alice@users.noreply.github.com>\n${trailer}`);
    expect(message.match(/^Deckhand-CI-Fix:/gm)).toHaveLength(1);
    expect(isCiFixCommit(message)).toBe(true);
  });

  it('commitMessage without a co-author or a body still ends with the trailer', () => {
    expect(commitMessage('Fix CI', '', undefined, [trailer])).toBe(`Fix CI\n\n${trailer}`);
    expect(isCiFixCommit(commitMessage('Fix CI', 'Body.', undefined, []))).toBe(false);
  });
});

describe('the ci-fix stop comment', () => {
  const headSha = 'abcdef1234567890abcdef1234567890abcdef12';
  const stop = { inARow: 2, limit: 2, branch: 'feature', runUrl: 'https://github.test/octo/widgets/actions/runs/9', headSha };

  it('names the branch, the count against ci_fix.max_attempts, the failed run and its head, and how to go on', () => {
    const body = ciStopComment(stop);
    expect(body).toContain('Deckhand stopped fixing CI on `feature`');
    expect(body).toContain('last 2 commits are CI fixes');
    expect(body).toContain('`ci_fix.max_attempts` (2)');
    expect(body).toContain(`[the failed run](${stop.runUrl}) at ${headSha.slice(0, 7)}`);
    expect(body).toContain('someone else pushes');
    expect(ciStopComment({ ...stop, inARow: 1, limit: 1 })).toContain('last commit is a CI fix');
  });

  it('carries the mark of the head it stopped at, one per head, and is Deckhand\'s own text', () => {
    const body = ciStopComment(stop);
    expect(body).toContain(ciStopMark(headSha));
    expect(ciStopMark(headSha)).not.toBe(ciStopMark('0'.repeat(40)));
    expect(body).not.toContain(ciStopMark('0'.repeat(40)));
    expect(isDeckhandText(body)).toBe(true);
    expect(isDeckhandText(ciStopMark(headSha))).toBe(true);
  });
});
