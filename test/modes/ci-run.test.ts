// ci-fix's reads of GitHub (src/github/ci-run.ts) against the emulator over
// real HTTP: the loop guard's count of CI fixes at the head, where a fix goes
// (the run's pull request, a new branch off the default branch, or nowhere),
// and the failed jobs' logs, saved redacted for the model and shown in part.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHub, GitHubError, type GitHub } from '../../src/github/api.js';
import { ciFailures, ciFixesInARow, ciFixTrailer, ciTarget, isCiFixCommit, MAX_FAILED_JOBS } from '../../src/modes/ci-run.js';
import { neutralised } from '../../src/publish/text.js';
import { decideTrigger } from '../../src/modes/trigger.js';
import type { CiRun } from '../../src/core/trigger.js';
import { GitHubEmulator, jobLog, type WorkflowJobInput, type WorkflowRunInput } from '../emulators/github.js';

let gh: GitHubEmulator;
let api: GitHub;
let dirs: string[] = [];

beforeEach(async () => {
  gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets', token: 'ghs_test' }).start();
  gh.commitFiles('main', { 'src/a.ts': 'export const a = 1;\n' }, 'Initial commit');
  api = createGitHub({ token: gh.token, baseUrl: gh.url, owner: 'octo', repo: 'widgets' });
});

afterEach(async () => {
  await gh.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'deckhand-ci-run-'));
  dirs.push(dir);
  return dir;
};

const defaultBranch = async () => (await api.repository()).default_branch;

/** A failed run seeded in the emulator, and the CiRun (and listed pull request) the trigger makes of its payload. */
function failedRun(overrides: Partial<WorkflowRunInput> = {}): { ciRun: CiRun; listed: number | undefined } {
  const run = gh.addWorkflowRun({ name: 'CI', path: '.github/workflows/ci.yml', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor: 'alice', ...overrides });
  const decision = decideTrigger('workflow_run', gh.payload.workflowRun(run), {
    mode: 'auto', triggerPhrase: '@deckhand', labelTrigger: 'deckhand', assigneeTrigger: '', prompt: '', now: new Date(),
  });
  if (decision.kind !== 'run') throw new Error(`the run was skipped: ${decision.reason}`);
  return { ciRun: decision.trigger.ciRun!, listed: decision.trigger.number };
}

const featurePull = () => {
  gh.commitFiles('feature', { 'src/a.ts': 'export const a = 2;\n' }, 'Make a two');
  return gh.addPull({ title: 'Make a two', body: '', user: 'alice', head: 'feature' });
};

/** A CiRun for the calls that need no seeded run (a run GitHub does not know). */
function failedRunStub(): CiRun {
  return { id: 1, name: 'CI', path: '.github/workflows/ci.yml', url: 'https://github.test/octo/widgets/actions/runs/1', headSha: 'a'.repeat(40), headBranch: 'feature', event: 'push', conclusion: 'failure', attempt: 1, title: 'x', triggeringActor: { login: 'alice', type: 'User' } };
}

const fixCommit = (n: number) => `Try fix ${n}\n\nDeckhand-CI-Fix: https://github.test/octo/widgets/actions/runs/${n}`;

describe('isCiFixCommit', () => {
  it('is a message with the trailer on a line of its own, in any case, with a value', () => {
    expect(isCiFixCommit(fixCommit(1))).toBe(true);
    expect(isCiFixCommit('Fix\n\nCo-authored-by: a <a@x>\ndeckhand-ci-fix:\thttps://x/runs/1')).toBe(true);
    expect(isCiFixCommit(`Fix\n\n${ciFixTrailer(failedRunStub())}`)).toBe(true);
  });

  it('is not a message without it, with it in a sentence, indented, empty, or neutralised', () => {
    expect(isCiFixCommit('Make a two\n\nBecause.')).toBe(false);
    expect(isCiFixCommit('Explain the Deckhand-CI-Fix: trailer')).toBe(false);
    expect(isCiFixCommit('Fix\n\n  Deckhand-CI-Fix: https://x/runs/1')).toBe(false);
    expect(isCiFixCommit('Fix\n\nDeckhand-CI-Fix:   \n')).toBe(false);
    expect(isCiFixCommit(neutralised(fixCommit(1)))).toBe(false);
  });
});

describe('ciFixesInARow', () => {
  it('is 0 when the head commit has no trailer', async () => {
    gh.commitFiles('feature', { 'a.txt': '1' }, fixCommit(1));
    const head = gh.commitFiles('feature', { 'a.txt': '2' }, 'A human change');
    expect(await ciFixesInARow(api, head, 2)).toBe(0);
  });

  it('counts the CI fixes in a row at the head', async () => {
    gh.commitFiles('feature', { 'a.txt': '0' }, 'A human change');
    gh.commitFiles('feature', { 'a.txt': '1' }, fixCommit(1));
    const head = gh.commitFiles('feature', { 'a.txt': '2' }, fixCommit(2));
    expect(await ciFixesInARow(api, head, 5)).toBe(2);
  });

  it('a commit without the trailer in between ends the count', async () => {
    gh.commitFiles('feature', { 'a.txt': '1' }, fixCommit(1));
    gh.commitFiles('feature', { 'a.txt': '2' }, fixCommit(2));
    gh.commitFiles('feature', { 'a.txt': '3' }, 'Someone else pushed');
    const head = gh.commitFiles('feature', { 'a.txt': '4' }, fixCommit(4));
    expect(await ciFixesInARow(api, head, 5)).toBe(1);
  });

  it('reads at most `most` + 1 commits, so a long run of fixes counts past the limit and no further', async () => {
    let head = '';
    for (let i = 1; i <= 6; i++) head = gh.commitFiles('feature', { 'a.txt': String(i) }, fixCommit(i));
    const count = await ciFixesInARow(api, head, 2);
    expect(count).toBeGreaterThan(2);
    expect(count).toBe(3);
    const listed = gh.requests.filter((r) => r.method === 'GET' && r.path === '/repos/octo/widgets/commits');
    expect(listed.map((r) => [r.query.sha, r.query.per_page])).toEqual([[head, '3']]);
  });
});

describe('ciTarget', () => {
  it('the pull request GitHub listed: its head and base', async () => {
    const pull = featurePull();
    const { ciRun, listed } = failedRun();
    expect(listed).toBe(pull.number);
    expect(await ciTarget(api, ciRun, listed, defaultBranch)).toEqual({ kind: 'pull', number: pull.number, headRef: 'feature', headSha: pull.head.sha, baseRef: 'main', pull: expect.objectContaining({ number: pull.number, headSha: pull.head.sha, baseRef: 'main' }) });
  });

  it('not listed, the open pull request from the run\'s branch is looked up', async () => {
    const pull = featurePull();
    const { ciRun, listed } = failedRun({ pullRequests: [] });
    expect(listed).toBeUndefined();
    expect(await ciTarget(api, ciRun, listed, defaultBranch)).toEqual({ kind: 'pull', number: pull.number, headRef: 'feature', headSha: pull.head.sha, baseRef: 'main', pull: expect.objectContaining({ number: pull.number, headSha: pull.head.sha, baseRef: 'main' }) });
    expect(gh.requests.some((r) => r.path === '/repos/octo/widgets/pulls' && r.query.head === 'octo:feature' && r.query.state === 'open')).toBe(true);
  });

  it('a listed pull request closed since is a skip that says so', async () => {
    const pull = featurePull();
    const { ciRun, listed } = failedRun();
    // The emulator has no endpoint to close a pull request: its stored one is closed by hand.
    Object.assign(pull, { state: 'closed', closed_at: new Date().toISOString() });
    expect(await ciTarget(api, ciRun, listed, defaultBranch)).toEqual({ kind: 'skip', reason: `pull request #${pull.number} is closed.` });
    // Looked up by branch, the closed one is not found at all.
    const found = await ciTarget(api, ciRun, undefined, defaultBranch);
    expect(found).toMatchObject({ kind: 'skip', reason: expect.stringContaining('branch feature, which has no open pull request') });
  });

  it('a listed number whose pull request here is from another branch is not believed: the run\'s branch\'s pull request is looked up', async () => {
    const pull = featurePull();
    gh.commitFiles('other', { 'src/b.ts': 'export const b = 1;\n' }, 'Add b');
    const other = gh.addPull({ title: 'Add b', body: '', user: 'alice', head: 'other' });
    const { ciRun } = failedRun();
    expect(await ciTarget(api, ciRun, other.number, defaultBranch)).toEqual({ kind: 'pull', number: pull.number, headRef: 'feature', headSha: pull.head.sha, baseRef: 'main', pull: expect.objectContaining({ number: pull.number, headSha: pull.head.sha, baseRef: 'main' }) });
  });

  it('a push to the default branch is fixed on a new branch from its head', async () => {
    const { ciRun, listed } = failedRun({ headBranch: 'main', event: 'push' });
    expect(listed).toBeUndefined();
    expect(await ciTarget(api, ciRun, listed, defaultBranch)).toEqual({ kind: 'default-branch', branch: 'main', headSha: gh.refSha('main') });
  });

  it('a scheduled run on the default branch is a skip naming the event', async () => {
    const { ciRun, listed } = failedRun({ headBranch: 'main', event: 'schedule' });
    const target = await ciTarget(api, ciRun, listed, defaultBranch);
    expect(target).toMatchObject({ kind: 'skip', reason: expect.stringContaining('was started by schedule, not a push') });
  });

  it('another branch without a pull request is a skip naming the branch', async () => {
    gh.commitFiles('spike', { 'src/a.ts': 'export const a = 9;\n' }, 'Try something');
    const { ciRun, listed } = failedRun({ headBranch: 'spike', event: 'push' });
    expect(await ciTarget(api, ciRun, listed, defaultBranch)).toEqual({
      kind: 'skip',
      reason: 'the failed run is on the branch spike, which has no open pull request and is not the default branch.',
    });
  });
});

describe('ciFailures', () => {
  const redact = (text: string) => text.replaceAll('hunter2', '***');
  const testLog = jobLog([
    { name: 'Run actions/checkout@v4', lines: ['Syncing repository: octo/widgets', 'Using password hunter2 for the registry'] },
    { name: 'Run npm test', lines: ['> widgets@1.0.0 test', 'FAIL src/a.test.ts: login with hunter2 refused', '  expected 2 to be 1', '##[error]Process completed with exit code 1.'] },
  ]);
  const e2eLog = jobLog([{ name: 'Run npm run e2e', lines: ['waiting for the server…', '##[error]The action has timed out.'] }]);
  const job = (name: string, conclusion: WorkflowJobInput['conclusion'], failedStep?: string, log?: string): WorkflowJobInput => ({
    name,
    conclusion,
    steps: [{ name: 'Set up job', conclusion: 'success' }, ...(failedStep ? [{ name: failedStep, conclusion: conclusion === 'timed_out' ? 'cancelled' : conclusion }] : [])],
    ...(log ? { log } : {}),
  });
  const jobs = () => [
    job('lint', 'success', 'Run npm run lint'),
    job('test (ubuntu-latest, 20)', 'failure', 'Run npm test', testLog),
    job('e2e', 'timed_out', 'Run npm run e2e', e2eLog),
    job('deploy', 'cancelled', 'Run ./deploy.sh', jobLog([{ name: 'Run ./deploy.sh', lines: ['deploy was cancelled'] }])),
  ];
  const jobId = (runId: number, name: string) => gh.workflowJobs.find((j) => j.run_id === runId && j.name === name)!.id;
  const request = (ciRun: CiRun, dir: string, warnings: string[] = []) => ({ api, run: ciRun, token: gh.token, apiUrl: gh.url, dir, redact, warn: (m: string) => void warnings.push(m) });

  it('saves each failed job\'s log, redacted, named with its job id, and shows its failed step\'s output and where the log is', async () => {
    featurePull();
    const { ciRun } = failedRun({ jobs: jobs() });
    const dir = join(tempDir(), 'ci-logs');
    const warnings: string[] = [];
    const text = await ciFailures(request(ciRun, dir, warnings));

    const saved = readdirSync(dir).sort();
    const ids = [jobId(ciRun.id, 'test (ubuntu-latest, 20)'), jobId(ciRun.id, 'e2e')];
    expect(saved).toHaveLength(2);
    for (const id of ids) expect(saved.filter((name) => name.startsWith(`${id}-`) && name.endsWith('.log'))).toHaveLength(1);
    for (const name of saved) expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
    const testFile = join(dir, saved.find((name) => name.startsWith(`${ids[0]}-`))!);
    const savedTest = readFileSync(testFile, 'utf8');
    // Whole (the checkout step too), with the secret out.
    expect(savedTest).toContain('Syncing repository: octo/widgets');
    expect(savedTest).toContain('Using password *** for the registry');
    expect(savedTest).not.toContain('hunter2');

    expect(text).toContain('## Failed job: test (ubuntu-latest, 20)');
    expect(text).toContain('## Failed job: e2e');
    expect(text).not.toContain('Failed job: lint');
    expect(text).not.toContain('Failed job: deploy');
    expect(text).not.toContain('deploy was cancelled');
    expect(text).toContain('### Step `Run npm test`');
    expect(text).toContain('FAIL src/a.test.ts: login with *** refused');
    expect(text).toContain('  expected 2 to be 1');
    expect(text).toContain('##[error]The action has timed out.');
    expect(text).not.toContain('hunter2');
    // The checkout step passed: its output is in the file, not the message.
    expect(text).not.toContain('Syncing repository');
    for (const name of saved) expect(text).toContain(join(dir, name));
    expect(warnings).toEqual([]);
  });

  it('a job whose log cannot be downloaded is said to be missing and warned about; the others are still shown', async () => {
    featurePull();
    const { ciRun } = failedRun({ jobs: jobs() });
    const broken = jobId(ciRun.id, 'e2e');
    gh.fail({ method: 'GET', path: new RegExp(`/actions/jobs/${broken}/logs$`), status: 404 });
    const dir = tempDir();
    const warnings: string[] = [];
    const text = await ciFailures(request(ciRun, dir, warnings));

    expect(text).toMatch(/## Failed job: e2e\n+The job's log could not be downloaded: .*404/);
    expect(text).toContain('  expected 2 to be 1');
    expect(readdirSync(dir).filter((name) => name.startsWith(`${broken}-`))).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('e2e');
    expect(warnings[0]).toContain('the model is told the log is missing');
  });

  it('a run without a failed job says so and saves nothing', async () => {
    featurePull();
    const { ciRun } = failedRun({ jobs: [job('lint', 'success', 'Run npm run lint'), job('deploy', 'cancelled', 'Run ./deploy.sh')] });
    const dir = join(tempDir(), 'never-made');
    const text = await ciFailures(request(ciRun, dir));
    expect(text).toContain('GitHub lists no failed job in this run (2 jobs)');
    expect(text).toContain(ciRun.path);
    expect(existsSync(dir)).toBe(false);
  });

  it(`downloads at most ${MAX_FAILED_JOBS} failed jobs' logs and says how many more failed`, async () => {
    featurePull();
    const matrix = Array.from({ length: MAX_FAILED_JOBS + 2 }, (_, i) => job(`test (${i})`, 'failure', 'Run npm test', testLog));
    const { ciRun } = failedRun({ jobs: matrix });
    const dir = tempDir();
    const text = await ciFailures(request(ciRun, dir));
    expect(readdirSync(dir)).toHaveLength(MAX_FAILED_JOBS);
    expect(gh.logHostRequests).toHaveLength(MAX_FAILED_JOBS);
    expect(text).toContain('(2 more failed jobs are not shown');
    expect(text).not.toContain(`Failed job: test (${MAX_FAILED_JOBS})`);
  });

  it('jobs that cannot be listed (403) fail with a GitHubError asking for actions: read', async () => {
    featurePull();
    const { ciRun } = failedRun({ jobs: jobs() });
    gh.fail({ method: 'GET', path: /\/actions\/runs\/\d+\/jobs$/, status: 403, body: { message: 'Resource not accessible by integration', status: '403' } });
    const dir = join(tempDir(), 'logs');
    const error = await ciFailures(request(ciRun, dir)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(GitHubError);
    expect((error as GitHubError).status).toBe(403);
    expect((error as GitHubError).message).toContain(`Could not read the jobs of the failed run ${ciRun.id}`);
    expect((error as GitHubError).message).toContain('Resource not accessible by integration');
    expect((error as GitHubError).message).toContain('`actions: read`');
    expect(existsSync(dir)).toBe(false);
  });

  it('a run GitHub does not know (404) fails the same way', async () => {
    const ciRun = { ...failedRunStub(), id: 987654321 };
    const error = await ciFailures(request(ciRun, tempDir())).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(GitHubError);
    expect((error as GitHubError).status).toBe(404);
    expect((error as GitHubError).message).toContain('987654321');
    expect((error as GitHubError).message).toContain('`actions: read`');
  });
});
