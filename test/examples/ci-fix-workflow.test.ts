// The CI-fix example's cheap `if:` does what its comment says, evaluated as the
// runner evaluates it (GitHub's expression library) against workflow_run
// payloads: a failed or timed-out run of this repository's code starts a job;
// a fork's run, a passing run and a run of the workflow itself do not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GitHubEmulator, type WorkflowRunInput } from '../emulators/github.js';

const FILE = join(import.meta.dirname, '..', '..', 'examples', 'workflows', 'ci-fix.yml');
const workflow = parse(readFileSync(FILE, 'utf8')) as {
  on: { workflow_run: { types: string[]; workflows: string[] } };
  permissions: Record<string, string>;
  jobs: { fix: { if: string; steps: Array<{ uses?: string; with?: Record<string, string> }> } };
};

/** The job's `if:` for this event, as the runner decides it. */
function starts(event: unknown): boolean {
  const lexed = new Lexer(workflow.jobs.fix.if).lex();
  const expression = new Parser(lexed.tokens, ['github'], []).parse();
  const github = JSON.parse(JSON.stringify({ event, repository: 'octo/widgets', event_name: 'workflow_run' }), data.reviver) as data.ExpressionData;
  return truthy(new Evaluator(expression, new data.Dictionary({ key: 'github', value: github })).evaluate());
}

let gh: GitHubEmulator;
beforeEach(async () => {
  gh = await new GitHubEmulator({ owner: 'octo', repo: 'widgets', token: 'ghs_test' }).start();
  gh.commitFiles('main', { 'a.txt': 'a\n' }, 'Initial commit');
  gh.commitFiles('feature', { 'a.txt': 'b\n' }, 'Change');
});
afterEach(async () => gh.stop());

const event = (input: Partial<WorkflowRunInput>) =>
  gh.payload.workflowRun(gh.addWorkflowRun({ name: 'CI', headBranch: 'feature', event: 'pull_request', conclusion: 'failure', actor: 'alice', ...input }));

describe('the CI-fix example workflow', () => {
  it('runs on completed runs and may read their logs', () => {
    expect(workflow.on.workflow_run.types).toEqual(['completed']);
    expect(workflow.permissions.actions).toBe('read');
    expect(workflow.permissions.contents).toBe('write');
    // The checkout is the commit that failed, without a token left in the git config.
    const checkout = workflow.jobs.fix.steps.find((step) => step.uses?.startsWith('actions/checkout'))!;
    expect(checkout.with).toEqual({ ref: '${{ github.event.workflow_run.head_sha }}', 'persist-credentials': false });
  });

  it.each([
    ['a failed run of a same-repository branch', {}, true],
    ['a timed-out run', { conclusion: 'timed_out' as const }, true],
    ['a run that succeeded', { conclusion: 'success' as const }, false],
    ['a cancelled run', { conclusion: 'cancelled' as const }, false],
    ["a fork's run", { headRepository: 'mallory/widgets' }, false],
    ["a run of the CI-fix workflow itself", { path: '.github/workflows/ci-fix.yml' }, false],
  ])('%s: starts a job: %s', (_what, input, expected) => {
    expect(starts(event(input))).toBe(expected);
  });
});
