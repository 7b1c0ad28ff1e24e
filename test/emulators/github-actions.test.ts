// The emulator's GitHub Actions: workflow runs, jobs and job logs as the REST API
// serves them, the log host a 302 leads to (another origin, which refuses a token),
// and the workflow_run payload against GitHub's published example.
import { createRequire } from 'node:module';
import { Octokit } from '@octokit/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GitHubEmulator, jobLog, type Pull, type WorkflowRun } from './github.js';

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as Array<{ name: string; examples: Array<Record<string, any>> }>;
const workflowRunExamples = examples.find((e) => e.name === 'workflow_run')!.examples;
/** The completed example that has every field today's payloads carry (actor, path, display_title, …) and a listed PR. */
const completed = workflowRunExamples.find((e) => e.action === 'completed' && e.workflow_run.pull_requests.length > 0 && 'display_title' in e.workflow_run)!;

let gh: GitHubEmulator;

beforeEach(async () => {
  gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets', token: 'ghs_test' }).start();
  gh.commitFiles('main', { 'src/a.ts': 'export const a = 1;\n' }, 'Initial commit');
});

afterEach(async () => {
  await gh.stop();
});

async function call(path: string, init: { headers?: Record<string, string>; redirect?: 'manual' | 'follow'; auth?: boolean } = {}) {
  const url = path.startsWith('http') ? path : `${gh.url}/repos/octo/widgets${path}`;
  const response = await fetch(url, {
    redirect: init.redirect ?? 'manual',
    headers: { ...(init.auth === false ? {} : { authorization: 'token ghs_test' }), accept: 'application/vnd.github+json', ...init.headers },
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const sortedKeys = (value: object) => Object.keys(value).sort();

const failingLog = jobLog([
  { name: 'Set up job', lines: ['Current runner version: \'2.321.0\''] },
  { name: 'Run npm test', lines: ['\u001b[31mFAIL\u001b[39m src/a.test.ts', '  expected 2 to be 1', '##[error]Process completed with exit code 1.'] },
]);

function featurePull(): Pull {
  gh.commitFiles('feature', { 'src/a.ts': 'export const a = 2;\n' }, 'Make a two\n\nBecause.');
  return gh.addPull({ title: 'Make a two', body: '', user: 'alice', head: 'feature' });
}

function failedRun(overrides: Partial<Parameters<GitHubEmulator['addWorkflowRun']>[0]> = {}): WorkflowRun {
  return gh.addWorkflowRun({
    name: 'CI',
    path: '.github/workflows/ci.yml',
    headBranch: 'feature',
    event: 'pull_request',
    conclusion: 'failure',
    actor: 'alice',
    jobs: [
      { name: 'lint', conclusion: 'success', steps: [{ name: 'Set up job', conclusion: 'success', number: 1 }, { name: 'Run npm run lint', conclusion: 'success', number: 2 }] },
      {
        name: 'test',
        conclusion: 'failure',
        steps: [
          { name: 'Set up job', conclusion: 'success', number: 1 },
          { name: 'Run npm test', conclusion: 'failure', number: 2 },
          { name: 'Complete job', conclusion: 'success', number: 3 },
        ],
        log: failingLog,
      },
    ],
    ...overrides,
  });
}

describe('workflow runs', () => {
  it('GET /actions/runs/{id} answers the run with the fields of GitHub\'s workflow run, and its same-repository PR', async () => {
    const pull = featurePull();
    const run = failedRun();
    const { status, json } = await call(`/actions/runs/${run.id}`);
    expect(status).toBe(200);
    expect(sortedKeys(json)).toEqual(sortedKeys(completed.workflow_run));
    expect(json).toMatchObject({
      id: run.id,
      name: 'CI',
      head_branch: 'feature',
      head_sha: pull.head.sha,
      path: '.github/workflows/ci.yml',
      display_title: 'Make a two',
      run_number: 1,
      run_attempt: 1,
      event: 'pull_request',
      status: 'completed',
      conclusion: 'failure',
      html_url: `https://github.test/octo/widgets/actions/runs/${run.id}`,
      url: `${gh.url}/repos/octo/widgets/actions/runs/${run.id}`,
      jobs_url: `${gh.url}/repos/octo/widgets/actions/runs/${run.id}/jobs`,
      logs_url: `${gh.url}/repos/octo/widgets/actions/runs/${run.id}/logs`,
      previous_attempt_url: null,
      actor: { login: 'alice' },
      triggering_actor: { login: 'alice' },
      head_commit: { id: pull.head.sha, message: 'Make a two\n\nBecause.' },
      repository: { full_name: 'octo/widgets', fork: false },
      head_repository: { full_name: 'octo/widgets', fork: false },
    });
    expect(sortedKeys(json.repository)).toEqual(sortedKeys(completed.workflow_run.repository));
    expect(json.pull_requests).toEqual([
      {
        url: pull.url,
        id: pull.id,
        number: pull.number,
        head: { ref: 'feature', sha: pull.head.sha, repo: { id: pull.head.repo.id, url: pull.head.repo.url, name: 'widgets' } },
        base: { ref: 'main', sha: pull.base.sha, repo: { id: pull.base.repo.id, url: pull.base.repo.url, name: 'widgets' } },
      },
    ]);
    expect(sortedKeys(json.pull_requests[0])).toEqual(sortedKeys(completed.workflow_run.pull_requests[0]));
  });

  it('a fork\'s run has the fork as head_repository and no pull_requests; its PR is found with GET /pulls?head=owner:branch', async () => {
    gh.commitFiles('patch-1', { 'src/a.ts': 'export const a = 3;\n' }, 'From the fork');
    const pull = gh.addPull({ title: 'Fork change', body: '', user: 'mallory', head: 'patch-1', fork: true });
    const run = failedRun({ headBranch: 'patch-1', headRepository: 'mallory/widgets', actor: 'mallory', pullRequests: [pull.number] });
    expect(run.pull_requests).toEqual([]);
    expect(run.head_repository).toMatchObject({ full_name: 'mallory/widgets', fork: true, owner: { login: 'mallory' } });
    expect(run.display_title).toBe('Fork change');

    const found = await call('/pulls?head=mallory:patch-1&state=open');
    expect(found.json.map((p: Pull) => p.number)).toEqual([pull.number]);
    expect((await call('/pulls?head=octo:patch-1&state=open')).json).toEqual([]);
    expect((await call('/pulls?head=mallory:patch-1&state=closed')).json).toEqual([]);
  });

  it('run numbers count per workflow, and a re-run attempt points at the previous one', () => {
    featurePull();
    expect(failedRun().run_number).toBe(1);
    expect(failedRun().run_number).toBe(2);
    expect(failedRun({ path: '.github/workflows/lint.yml', name: 'Lint' }).run_number).toBe(1);
    const again = failedRun({ runAttempt: 2, triggeringActor: 'bob' });
    expect(again.previous_attempt_url).toBe(`${again.url}/attempts/1`);
    expect(again.triggering_actor.login).toBe('bob');
    expect(failedRun({ event: 'push', pullRequests: [] }).display_title).toBe('Make a two');
  });

  it('a run on a commit the repository does not have is refused when seeded', () => {
    expect(() => failedRun({ headSha: 'f'.repeat(40) })).toThrow(/no commit f{40}/);
  });

  it('GET /actions/runs lists runs newest first, filtered by branch, event, head_sha and status or conclusion', async () => {
    featurePull();
    const failed = failedRun();
    const passed = failedRun({ conclusion: 'success', event: 'push' });
    const all = await call('/actions/runs');
    expect(all.json.total_count).toBe(2);
    expect(all.json.workflow_runs.map((r: WorkflowRun) => r.id)).toEqual([passed.id, failed.id]);
    expect((await call('/actions/runs?status=failure')).json.workflow_runs.map((r: WorkflowRun) => r.id)).toEqual([failed.id]);
    expect((await call('/actions/runs?event=push&branch=feature')).json.workflow_runs.map((r: WorkflowRun) => r.id)).toEqual([passed.id]);
    expect((await call(`/actions/runs?head_sha=${failed.head_sha}`)).json.total_count).toBe(2);
    expect((await call('/actions/runs?branch=main')).json.total_count).toBe(0);
  });

  it('an unknown run or job is 404, and the endpoints want the token', async () => {
    expect((await call('/actions/runs/999999')).status).toBe(404);
    expect((await call('/actions/jobs/999999')).status).toBe(404);
    expect((await call('/actions/jobs/999999/logs')).status).toBe(404);
    featurePull();
    const run = failedRun();
    expect((await call(`/actions/runs/${run.id}`, { auth: false })).status).toBe(401);
  });
});

describe('workflow jobs', () => {
  const jobKeys = [
    'check_run_url', 'completed_at', 'conclusion', 'created_at', 'head_branch', 'head_sha', 'html_url', 'id', 'labels', 'name', 'node_id', 'run_attempt',
    'run_id', 'run_url', 'runner_group_id', 'runner_group_name', 'runner_id', 'runner_name', 'started_at', 'status', 'steps', 'url', 'workflow_name',
  ];

  it('GET /actions/runs/{id}/jobs answers { total_count, jobs } with GitHub\'s job fields, paginated', async () => {
    featurePull();
    const run = failedRun();
    const first = await call(`/actions/runs/${run.id}/jobs?per_page=1`);
    expect(first.status).toBe(200);
    expect(first.json.total_count).toBe(2);
    expect(first.json.jobs.map((j: any) => j.name)).toEqual(['lint']);
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await call(`/actions/runs/${run.id}/jobs?per_page=1&page=2`);
    expect(second.json.jobs.map((j: any) => j.name)).toEqual(['test']);
    const test = second.json.jobs[0];
    expect(sortedKeys(test)).toEqual(jobKeys);
    expect(test).toMatchObject({
      run_id: run.id,
      run_url: run.url,
      workflow_name: 'CI',
      head_branch: 'feature',
      head_sha: run.head_sha,
      status: 'completed',
      conclusion: 'failure',
      html_url: `${run.html_url}/job/${test.id}`,
      url: `${gh.url}/repos/octo/widgets/actions/jobs/${test.id}`,
      labels: ['ubuntu-latest'],
    });
    expect(test.steps).toEqual([
      expect.objectContaining({ name: 'Set up job', number: 1, status: 'completed', conclusion: 'success' }),
      expect.objectContaining({ name: 'Run npm test', number: 2, status: 'completed', conclusion: 'failure' }),
      expect.objectContaining({ name: 'Complete job', number: 3, status: 'completed', conclusion: 'success' }),
    ]);
    const everything = await call(`/actions/runs/${run.id}/jobs?filter=all`);
    expect(everything.json.jobs.map((j: any) => j.name)).toEqual(['lint', 'test']);
  });

  it('GET /actions/jobs/{id} answers the job, which is also a check run on the head commit', async () => {
    featurePull();
    const run = failedRun();
    const test = gh.workflowJobs.find((j) => j.run_id === run.id && j.name === 'test')!;
    const { json } = await call(`/actions/jobs/${test.id}`);
    expect(json).toEqual(test);
    const checks = await call(`/commits/${run.head_sha}/check-runs`);
    expect(checks.json.check_runs).toContainEqual(
      expect.objectContaining({ id: test.id, name: 'test', conclusion: 'failure', html_url: test.html_url, check_suite: { id: run.check_suite_id } }),
    );
    expect(json.check_run_url).toBe(checks.json.check_runs.find((c: any) => c.id === test.id).url);
  });
});

describe('job logs', () => {
  async function logLocation(): Promise<{ location: URL; jobId: number }> {
    featurePull();
    const run = failedRun();
    const jobId = gh.workflowJobs.find((j) => j.run_id === run.id && j.name === 'test')!.id;
    const answer = await call(`/actions/jobs/${jobId}/logs`);
    expect(answer.status).toBe(302);
    return { location: new URL(answer.headers.get('location')!), jobId };
  }

  it('GET /actions/jobs/{id}/logs answers 302 to a signed URL on the log host, another origin', async () => {
    const { location } = await logLocation();
    expect(location.origin).toBe(gh.logHostUrl);
    expect(location.origin).not.toBe(new URL(gh.url).origin);
    expect(location.hostname).toBe('127.0.0.1');
    expect(location.pathname).toMatch(/\/logs\/job\/job-logs\.txt$/);
    expect([...location.searchParams.keys()]).toEqual(expect.arrayContaining(['se', 'sig', 'sp', 'sv']));
  });

  it('the log host refuses a request that carries an Authorization header (403), and serves the text without one', async () => {
    const { location } = await logLocation();
    const withToken = await call(location.href);
    expect(withToken.status).toBe(403);
    expect(withToken.text).toContain('AuthenticationFailed');
    const plain = await call(location.href, { auth: false });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/plain');
    // fetch's text() drops the byte order mark the log starts with.
    expect(plain.text).toBe(failingLog.replace(/^\ufeff/, ''));
    const bytes = Buffer.from(await (await fetch(location.href)).arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(gh.logHostRequests.map((r) => [r.status, r.headers.authorization])).toEqual([
      [403, 'token ghs_test'],
      [200, undefined],
      [200, undefined],
    ]);
    expect(gh.logHostRequests[1]!.headers.accept).toBe('application/vnd.github+json');
  });

  it('the log host refuses a link whose signature was changed', async () => {
    const { location } = await logLocation();
    location.searchParams.set('sig', 'forged');
    expect((await call(location.href, { auth: false })).status).toBe(403);
    location.searchParams.delete('sig');
    expect((await call(location.href, { auth: false })).status).toBe(403);
  });

  it('a link is good for a minute, as GitHub\'s are', async () => {
    const { location } = await logLocation();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const late = await call(location.href, { auth: false });
      expect(late.status).toBe(403);
      expect(late.text).toContain('Signed expiry time');
    } finally {
      vi.useRealTimers();
    }
  });

  it('Octokit follows the redirect and gets the log text; the token never reaches the log host', async () => {
    const { jobId } = await logLocation();
    const octokit = new Octokit({ auth: 'ghs_test', baseUrl: gh.url });
    const response = await octokit.request('GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs', { owner: 'octo', repo: 'widgets', job_id: jobId });
    expect(response.data).toBe(failingLog.replace(/^\ufeff/, ''));
    expect(gh.logHostRequests).toHaveLength(1);
    expect(gh.logHostRequests[0]!.headers.authorization).toBeUndefined();
  });

  it('a job seeded without a log gets one empty group per step', async () => {
    featurePull();
    const run = failedRun();
    const lint = gh.workflowJobs.find((j) => j.run_id === run.id && j.name === 'lint')!;
    const location = (await call(`/actions/jobs/${lint.id}/logs`)).headers.get('location')!;
    const text = (await call(location, { auth: false })).text;
    expect(text.split('\n').map((l) => l.replace(/^\ufeff?\S+ /, ''))).toEqual(['##[group]Set up job', '##[endgroup]', '##[group]Run npm run lint', '##[endgroup]', '']);
  });

  it('stop() closes the log host too', async () => {
    const other = await new GitHubEmulator().start();
    const url = other.logHostUrl;
    await other.stop();
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe('jobLog', () => {
  it('writes GitHub\'s format: a byte order mark, timestamps in 100 ns ticks, step groups, raw ##[error] and ANSI lines', () => {
    const lines = failingLog.split('\n');
    expect(failingLog.startsWith('\ufeff2026-12-01T10:00:00.1234567Z ##[group]Set up job\n')).toBe(true);
    expect(lines.at(-1)).toBe('');
    for (const line of lines.slice(0, -1)) expect(line.replace(/^\ufeff/, '')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z /);
    expect(lines.map((l) => l.replace(/^\ufeff?\S+ /, ''))).toEqual([
      '##[group]Set up job',
      '##[endgroup]',
      "Current runner version: '2.321.0'",
      '##[group]Run npm test',
      'npm test',
      'shell: /usr/bin/bash -e {0}',
      '##[endgroup]',
      '\u001b[31mFAIL\u001b[39m src/a.test.ts',
      '  expected 2 to be 1',
      '##[error]Process completed with exit code 1.',
      '',
    ]);
  });

  it('timestamps advance line by line from the start given; a multi-line string becomes several stamped lines', () => {
    const log = jobLog([{ name: 'Build', group: [], lines: ['one\ntwo'] }], { start: '2026-01-02T03:04:05Z', bom: false });
    expect(log).toBe(
      [
        '2026-01-02T03:04:05.1234567Z ##[group]Build',
        '2026-01-02T03:04:05.2469134Z ##[endgroup]',
        '2026-01-02T03:04:05.3703701Z one',
        '2026-01-02T03:04:05.4938268Z two',
        '',
      ].join('\n'),
    );
  });
});

describe('payload.workflowRun', () => {
  it('has the keys of the published workflow_run completed example (but organization: the owner is a user)', () => {
    featurePull();
    const payload = gh.payload.workflowRun(failedRun());
    expect(sortedKeys(payload)).toEqual(sortedKeys(completed).filter((k) => k !== 'organization'));
    expect(sortedKeys(payload.workflow_run)).toEqual(sortedKeys(completed.workflow_run));
    expect(sortedKeys(payload.workflow)).toEqual(sortedKeys(completed.workflow));
    expect(sortedKeys(payload.workflow_run.head_repository)).toEqual(sortedKeys(completed.workflow_run.head_repository));
    expect(sortedKeys(payload.workflow_run.head_commit)).toEqual(sortedKeys(completed.workflow_run.head_commit));
    expect(sortedKeys(payload.workflow_run.pull_requests[0]!)).toEqual(sortedKeys(completed.workflow_run.pull_requests[0]));
  });

  it('carries the run, its workflow, the repository and the triggering actor as sender', () => {
    featurePull();
    const run = failedRun({ triggeringActor: 'bob' });
    const payload = gh.payload.workflowRun(run);
    expect(payload).toMatchObject({
      action: 'completed',
      workflow_run: { id: run.id, conclusion: 'failure' },
      workflow: { id: run.workflow_id, name: 'CI', path: '.github/workflows/ci.yml', state: 'active', url: run.workflow_url },
      repository: { full_name: 'octo/widgets' },
      sender: { login: 'bob' },
    });
    expect(gh.payload.workflowRun(run, 'requested', { sender: 'carol' })).toMatchObject({ action: 'requested', sender: { login: 'carol' } });
    // A copy: editing the payload leaves the stored run alone.
    payload.workflow_run.conclusion = 'success';
    expect(gh.workflowRuns.at(-1)!.conclusion).toBe('failure');
  });
});
