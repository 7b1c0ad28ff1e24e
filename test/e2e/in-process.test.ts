// A whole run in this process: `run(env, runner)` from source, against the same
// emulators, with a sink that records what the runner would have been told.
// Nothing is read from this process's environment and nothing ends it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Cancellation } from '../../src/core/run.js';
import { outputsOf, type RunEnding } from '../../src/publish/report.js';
import type { RunnerSink } from '../../src/github/runner.js';
import { run } from '../../src/main.js';
import { reply, text } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

let s: Scenario;
afterEach(async () => s?.cleanup());

/** Everything a run tells its runner, as plain values. */
function recordingSink() {
  let redact = (value: string) => value;
  let defang = (markdown: string) => markdown;
  const seen = { log: [] as string[], warnings: [] as string[], errors: [] as string[], outputs: {} as Record<string, string>, summary: '' };
  const sink: RunnerSink = {
    log: (line) => seen.log.push(redact(line)),
    warning: (message) => seen.warnings.push(redact(message)),
    error: (message) => seen.errors.push(redact(message)),
    notice: (title, message) => seen.log.push(`notice ${redact(title)}: ${redact(message)}`),
    output: (name, value) => (seen.outputs[name] = redact(value)),
    summary: (markdown) => (seen.summary += defang(redact(markdown))),
    redactWith: (fn) => (redact = fn),
    defangSummaryWith: (fn) => (defang = fn),
  };
  return { sink, seen };
}

const ACTION_OUTPUTS = Object.keys((parse(readFileSync(join(import.meta.dirname, '../../action.yml'), 'utf8')) as { outputs: object }).outputs);

describe('a run in-process', () => {
  it('answers a mention and reports to the sink it was given, secrets redacted', async () => {
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Q', body: 'What is this?', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand what is this repository?', user: 'alice' });
    s.model.enqueue(reply(text(`A widgets library. (The key is sk-test-${'x'.repeat(30)}.)`)));
    const env = s.envFor('issue_comment', s.gh.payload.issueComment(comment), {}, { ANTHROPIC_API_KEY: `sk-test-${'x'.repeat(30)}` });
    const { sink, seen } = recordingSink();
    let exited: number | undefined;

    const code = await run(env, { sink, cancellation: new Cancellation(2_500), exit: (value) => (exited = value) });

    expect(code).toBe(0);
    expect(exited).toBeUndefined();
    expect(seen.outputs).toMatchObject({ conclusion: 'success', turns: '1' });
    expect(seen.outputs.comment_url).toMatch(/^https:\/\/github\.test\/octo\/widgets\/issues\/\d+#issuecomment-\d+$/);
    expect(seen.summary).toContain('A widgets library.');
    expect(seen.summary).not.toContain('x'.repeat(30));
    expect(s.gh.createdComments[0]!.body).toContain('A widgets library.');
    // The runner's own files were not written: the sink is the only way out.
    expect(readFileSync(env.GITHUB_OUTPUT!, 'utf8')).toBe('');
    expect(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8')).toBe('');
  });

  it('a cancellation while the model works ends it as cancelled, on its own within the grace period (nothing calls exit)', async () => {
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Q', body: 'x', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand look', user: 'alice' });
    const cancellation = new Cancellation(200);
    // The model takes its time; the job is cancelled meanwhile.
    s.model.enqueue(() => {
      setTimeout(() => cancellation.cancel(), 50);
      return { ...reply(text('too late')), delayMs: 5_000 };
    });
    const { sink, seen } = recordingSink();
    let exited: number | undefined;
    const code = await run(s.envFor('issue_comment', s.gh.payload.issueComment(comment)), { sink, cancellation, exit: (value) => (exited = value) });
    expect(code).toBe(1);
    expect(seen.outputs.conclusion).toBe('cancelled');
    expect(seen.errors).toEqual(['The run was cancelled.']);
    expect(s.gh.comments.find((c) => c.id === Number(seen.outputs.comment_url!.split('-').at(-1)))?.body).toContain('cancelled');
    expect(exited).toBeUndefined(); // it ended on its own, within the grace period
  });
});

describe('outputsOf', () => {
  const record = { startedAt: 0, published: { links: {} } };

  it('names only outputs that action.yml declares, and every one of them for a run that made everything', () => {
    const everything = {
      kind: 'finished',
      conclusion: 'success',
      record: {
        ...record,
        tracking: { url: 'https://github.test/o/r/issues/1#issuecomment-2' },
        published: { links: {}, review: { url: 'https://github.test/o/r/pull/1#pullrequestreview-3' }, branch: 'deckhand/x', pullUrl: 'https://github.test/o/r/pull/4', commitSha: 'a'.repeat(40) },
        outcome: { turns: 3, costUsd: 0.12345, transcriptPath: '/tmp/t.jsonl', structuredOutput: { deprecated: [] } },
      },
    } as unknown as RunEnding;
    const outputs = outputsOf(everything);
    // Those a two-phase run's start and agent jobs give are theirs alone (test/e2e/two-phase.test.ts), and so are a fleet's plan and report's (test/e2e/fleet-*.test.ts).
    const PHASE_OUTPUTS = ['tracking_comment_id', 'outputs_path', 'outputs_sha256', 'matrix', 'matrix_count', 'matrix_1', 'matrix_2', 'matrix_3', 'matrix_4', 'issue_url'];
    expect(Object.keys(outputs).sort()).toEqual([...ACTION_OUTPUTS].filter((name) => !PHASE_OUTPUTS.includes(name)).sort());
    expect(outputs).toMatchObject({ conclusion: 'success', turns: '3', cost_usd: '0.1235', transcript: '/tmp/t.jsonl' });
  });

  it('a skip says skipped, no turns, no cost', () => {
    expect(outputsOf({ kind: 'skipped', reason: 'not ours' })).toEqual({ conclusion: 'skipped', turns: '0', cost_usd: '0.0000' });
  });

  it('a failure before the agent says failure with no turns, and names nothing it did not make', () => {
    expect(outputsOf({ kind: 'failed', reason: 'bad input', record })).toEqual({ conclusion: 'failure', turns: '0', cost_usd: '0.0000' });
    expect(outputsOf({ kind: 'cancelled', reason: 'stop', record }).conclusion).toBe('cancelled');
  });
});
