// The sandbox that ships with the action, end to end: the bundle copied away
// from node_modules, on a machine without bubblewrap installed (or with a
// broken one in front), sandboxes Bash with its own binary — and refuses that
// binary once a byte of it has changed.
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findExecutable } from '../../src/safety/sandbox/bubblewrap.js';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { ACTION } from '../helpers/run-action.js';

let s: Scenario;
afterEach(async () => s?.cleanup());

const toolNames = (req: { body: any }) => (req.body.tools as Array<{ name: string }>).map((t) => t.name);
const VENDORED = `bwrap-linux-${process.arch}`;

/** dist/ copied where no node_modules can be found, as the runner has it. */
function copyOfDist(): string {
  const dist = join(s.base, 'action', 'dist');
  cpSync(join(ACTION, '..'), dist, { recursive: true });
  return dist;
}

/**
 * The runner's PATH with no working bubblewrap on it: where this machine has
 * one installed, a `bwrap` that fails stands in front of it.
 */
function pathWithoutBubblewrap(): string {
  const path = process.env.PATH ?? '/usr/bin:/bin';
  // The same lookup the action makes for the system's bubblewrap.
  if (!findExecutable('bwrap', path)) return path;
  const shim = join(s.base, 'no-bwrap');
  mkdirSync(shim);
  writeFileSync(join(shim, 'bwrap'), '#!/bin/sh\necho "bwrap: not this one" >&2\nexit 1\n');
  chmodSync(join(shim, 'bwrap'), 0o755);
  return `${shim}${delimiter}${path}`;
}

describe.skipIf(!bwrapWorks)('with no bubblewrap installed, the bundle sandboxes Bash with its own', () => {
  const events: Record<'mention' | 'fix' | 'task', () => [string, unknown]> = {
    mention: () => ['issue_comment', s.gh.payload.issueComment(s.gh.addComment(s.gh.addIssue({ title: 'Q', body: 'x', user: 'alice' }).number, { body: '@deckhand run the check', user: 'alice' }))],
    fix: () => ['issues', s.gh.payload.issues(s.gh.addIssue({ title: 'Check', body: 'Run the check.', user: 'alice' }), 'labeled', { label: 'deckhand' })],
    task: () => ['workflow_dispatch', {}],
  };

  it.each(Object.keys(events) as Array<keyof typeof events>)('in %s mode', async (mode) => {
    s = await scenario({ 'check.sh': 'echo "pid $$"; ps -o comm= -p 1\n' });
    s.checkout();
    const dist = copyOfDist();
    s.model.enqueue(
      (req) => {
        expect(toolNames(req)).toContain('Bash');
        return reply(toolUse('Bash', { command: 'sh check.sh', description: 'Run the check' }));
      },
      (req) => {
        // The command's PID 1 is the vendored bubblewrap: its own PID namespace, where the shell is one of the first processes.
        const [bash] = [...req.toolResults.values()];
        expect(bash!.is_error).toBe(false);
        expect(bash!.content).toMatch(new RegExp(`^pid [2-9]\n${VENDORED}$`));
        return reply(text('The check ran.'));
      },
    );
    const [event, payload] = events[mode]();
    const run = await s.run(event, payload, mode === 'task' ? { prompt: 'Run the check.' } : {}, { PATH: pathWithoutBubblewrap() }, { action: join(dist, 'index.js') });
    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    expect(run.stdout).toContain(`Sandbox: the vendored bubblewrap 0.8.0 at ${join(dist, 'bin', VENDORED)}, network off, process limit`);
    expect(run.stdout).not.toContain('No OS sandbox');
  });
});

describe('a vendored bubblewrap with one byte changed', () => {
  /** A copy of dist/ whose bubblewrap would still run (a byte of the ELF header's padding changed): only the SHA-256 check stops it. */
  function tamperedDist(): string {
    const dist = copyOfDist();
    const binary = join(dist, 'bin', VENDORED);
    const bytes = readFileSync(binary);
    bytes[12] = bytes[12]! ^ 0x01;
    writeFileSync(binary, bytes);
    return binary;
  }

  it('is refused with a one-line reason, and under sandbox: auto the run goes on without Bash', async () => {
    s = await scenario({ 'README.md': '# x\n' });
    s.checkout();
    const binary = tamperedDist();
    s.model.enqueue((req) => {
      expect(toolNames(req)).not.toContain('Bash');
      return reply(text('Looked without Bash.'));
    });
    const run = await s.run('workflow_dispatch', {}, { prompt: 'Look.' }, { PATH: pathWithoutBubblewrap() }, { action: join(binary, '..', '..', 'index.js') });
    expect(run.code).toBe(0);
    expect(run.outputs.conclusion).toBe('success');
    const warning = run.stdout.split('\n').find((line) => line.includes('No OS sandbox'));
    expect(warning).toBe(
      `::warning::No OS sandbox: the vendored bubblewrap ${binary} does not match its pinned SHA-256, so it is not run (the action's files are damaged or were changed). Bash runs only the commands an allow rule names, and they run unconfined.`,
    );
  });

  it('fails the run under sandbox: required, before any model call, saying why in the log and the summary', async () => {
    s = await scenario({ 'README.md': '# x\n' });
    s.checkout();
    const binary = tamperedDist();
    const run = await s.run('workflow_dispatch', {}, { prompt: 'Look.', sandbox: 'required' }, { PATH: pathWithoutBubblewrap() }, { action: join(binary, '..', '..', 'index.js') });
    expect(run.code).toBe(1);
    expect(run.outputs.conclusion).toBe('failure');
    expect(s.model.requests).toHaveLength(0);
    const error = `sandbox: required, but the vendored bubblewrap ${binary} does not match its pinned SHA-256, so it is not run (the action's files are damaged or were changed). Re-run the job to fetch the action's files again (or install bubblewrap), or set sandbox: auto.`;
    expect(run.stdout).toContain(`::error::${error}`);
    expect(run.summary).toContain(error);
  });
});
