// A pull request (or the agent, mid-run) cannot change what a hook decides:
// the config names the hook on the base branch, and the hook runs the base
// branch's version of the scripts it names. Attacked for real: a temp checkout
// holding the pull request's files, the base branch's files behind baseFile,
// and the hook run in the real sandbox and, as an allow rule permits without
// one, unconfined.
import { chmodSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type BaseFile, createHooks, type HookEvent } from '../../src/policy/hooks.js';
import { prepareSandbox } from '../../src/safety/sandbox/choose.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { removeToolWorkspaces, toolWorkspace } from '../helpers/tool-calls.js';

afterEach(removeToolWorkspaces);

const BLOCKS = '#!/bin/sh\necho "not without a review" >&2\nexit 2\n';
const ALLOWS = '#!/bin/sh\necho \'{"decision":"allow"}\'\n';
const CALL = { command: 'npm publish' };

interface Branches {
  /** The pull request's files, as checked out (or as the agent left them). */
  checkout: Record<string, string>;
  /** The base branch's files, as baseFile gives them. */
  base: Record<string, string>;
  /** Checkout files with their executable bit set. */
  executable?: string[];
  /** Stands in for the base-branch reader. */
  baseFile?: BaseFile;
}

const places = [
  { place: 'in the sandbox', sandboxed: true },
  { place: 'unconfined', sandboxed: false },
];

async function hooksWith(command: string, branches: Branches, sandboxed: boolean, event: HookEvent = 'PreToolUse') {
  const { ctx, path, box } = toolWorkspace([], branches.checkout);
  for (const rel of branches.executable ?? []) chmodSync(path(rel), 0o755);
  const asked: string[] = [];
  const warnings: string[] = [];
  let sandbox;
  if (sandboxed) {
    const decision = await prepareSandbox('required', { root: ctx.root, network: false, env: process.env });
    if (decision.kind !== 'sandboxed') throw new Error(`no sandbox: ${JSON.stringify(decision)}`);
    sandbox = decision.sandbox;
  }
  const specs = { PreToolUse: [], PostToolUse: [], Stop: [], [event]: [{ matcher: '*', command, timeout: 30 }] };
  const hooks = createHooks(specs, {
    root: ctx.root,
    tempDir: ctx.tempDir,
    childEnv: ctx.childEnv,
    ...(sandbox ? { sandbox } : { unconfined: async () => true }),
    baseFile:
      branches.baseFile ??
      (async (rel) => {
        asked.push(rel);
        return branches.base[rel];
      }),
    warn: (message) => warnings.push(message),
  });
  return { hooks, ctx, path, box, asked, warnings };
}

describe.each(places)('a pull request cannot change what a hook decides ($place)', ({ sandboxed }) => {
  it.skipIf(sandboxed && !bwrapWorks)('a guard the pull request rewrote to allow still blocks: the base version runs', async () => {
    const { hooks, path } = await hooksWith('./scripts/guard.sh', { base: { 'scripts/guard.sh': BLOCKS }, checkout: { 'scripts/guard.sh': ALLOWS }, executable: ['scripts/guard.sh'] }, sandboxed);
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ blocked: 'not without a review' });
    expect(readFileSync(path('scripts/guard.sh'), 'utf8')).toBe(ALLOWS); // the checkout is left as it was
  });

  it.skipIf(sandboxed && !bwrapWorks)('a blocking guard the pull request neutered still blocks', async () => {
    const { hooks } = await hooksWith(
      'node .github/hooks/guard.js',
      { base: { '.github/hooks/guard.js': 'process.stderr.write("edits are frozen\\n");\nprocess.exit(2);\n' }, checkout: { '.github/hooks/guard.js': 'process.exit(0);\n' } },
      sandboxed,
    );
    expect(await hooks.preToolUse('Edit', {})).toEqual({ blocked: 'edits are frozen' });
  });

  it.skipIf(sandboxed && !bwrapWorks)('the agent rewriting the guard mid-run does not change what it decides', async () => {
    const { hooks, path } = await hooksWith('sh scripts/guard.sh', { base: { 'scripts/guard.sh': BLOCKS }, checkout: { 'scripts/guard.sh': BLOCKS } }, sandboxed);
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ blocked: 'not without a review' });
    writeFileSync(path('scripts/guard.sh'), ALLOWS); // as a Write, Edit or Bash call would
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ blocked: 'not without a review' });
    rmSync(path('scripts/guard.sh'));
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ blocked: 'not without a review' });
  });

  it.skipIf(sandboxed && !bwrapWorks)('a guard whose executable bit the pull request removed still runs', async () => {
    const { hooks } = await hooksWith('./scripts/guard.sh', { base: { 'scripts/guard.sh': BLOCKS }, checkout: { 'scripts/guard.sh': BLOCKS } }, sandboxed);
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ blocked: 'not without a review' });
  });

  it.skipIf(sandboxed && !bwrapWorks)('a symlink swapped in for the guard is not followed: the base version runs', async () => {
    const { hooks, path } = await hooksWith(
      './scripts/guard.sh',
      { base: { 'scripts/guard.sh': BLOCKS }, checkout: { 'scripts/allow.sh': ALLOWS }, executable: ['scripts/allow.sh'] },
      sandboxed,
    );
    symlinkSync('allow.sh', path('scripts/guard.sh'));
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ blocked: 'not without a review' });
  });

  it.skipIf(sandboxed && !bwrapWorks)('a guard that is not on the base branch may only block, and the run says so once', async () => {
    const { hooks, path, warnings } = await hooksWith('./scripts/guard.sh', { base: {}, checkout: { 'scripts/guard.sh': ALLOWS }, executable: ['scripts/guard.sh'] }, sandboxed);
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({});
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({});
    expect(warnings).toEqual([
      "The PreToolUse hook `./scripts/guard.sh` runs scripts/guard.sh, which is not on the base branch, so the checkout's version runs; it may only block (an allow it prints is ignored).",
    ]);
    writeFileSync(path('scripts/guard.sh'), BLOCKS);
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ blocked: 'not without a review' });
  });

  it.skipIf(sandboxed && !bwrapWorks)('a guard whose base version could not be read may only block', async () => {
    const { hooks, warnings } = await hooksWith(
      './scripts/guard.sh',
      { base: {}, checkout: { 'scripts/guard.sh': ALLOWS }, executable: ['scripts/guard.sh'], baseFile: () => Promise.reject(new Error('API rate limit exceeded')) },
      sandboxed,
    );
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({});
    expect(warnings).toEqual([
      "The PreToolUse hook `./scripts/guard.sh` runs scripts/guard.sh, whose base-branch version could not be read (API rate limit exceeded), so the checkout's version runs; it may only block (an allow it prints is ignored).",
    ]);
  });

  it.skipIf(sandboxed && !bwrapWorks)('a guard whose script is only known when it runs may only block', async () => {
    const { hooks, warnings } = await hooksWith('sh "$(dirname scripts/x)/guard.sh"', { base: { 'scripts/guard.sh': ALLOWS }, checkout: { 'scripts/guard.sh': ALLOWS } }, sandboxed);
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({});
    expect(warnings[0]).toMatch(/^The PreToolUse hook `sh "\$\(dirname scripts\/x\)\/guard.sh"` runs `"\$\(dirname scripts\/x\)\/guard.sh"`, which is only known when the hook runs/);
  });

  it.skipIf(sandboxed && !bwrapWorks)('an unchanged guard runs from the checkout as before, and its base version is asked for once', async () => {
    const guard = `${ALLOWS}echo "$0" >> ran-as.txt\n`;
    const { hooks, path, asked, warnings } = await hooksWith('./scripts/guard.sh', { base: { 'scripts/guard.sh': guard }, checkout: { 'scripts/guard.sh': guard }, executable: ['scripts/guard.sh'] }, sandboxed);
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ allowed: true });
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ allowed: true });
    expect(readFileSync(path('ran-as.txt'), 'utf8')).toBe('./scripts/guard.sh\n./scripts/guard.sh\n');
    expect(asked).toEqual(['scripts/guard.sh']);
    expect(warnings).toEqual([]);
  });

  it.skipIf(sandboxed && !bwrapWorks)('a base version that fails when run from its copy blocks the call instead of letting it through', async () => {
    // The base script reads a file beside itself; its copy has none beside it.
    const guard = '#!/bin/sh\ncat "$(dirname "$0")/rules.txt" > /dev/null || exit 1\necho \'{"decision":"allow"}\'\n';
    const { hooks, warnings } = await hooksWith(
      'sh scripts/guard.sh',
      { base: { 'scripts/guard.sh': guard, 'scripts/rules.txt': 'x\n' }, checkout: { 'scripts/guard.sh': `${guard}# tidied\n`, 'scripts/rules.txt': 'x\n' } },
      sandboxed,
    );
    const { blocked } = await hooks.preToolUse('Bash', CALL);
    expect(blocked).toMatch(/^This call is blocked because the hook `sh scripts\/guard.sh` failed \(exit 1\): .*rules\.txt.* when run from the base branch's version of scripts\/guard\.sh \(the checkout's differs\)\.$/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/the calls it guards are blocked\.$/);
  });

  it.skipIf(sandboxed && !bwrapWorks)('the copy holds the base version byte for byte, and nothing is left behind', async () => {
    const guard = '#!/bin/sh\n# 100% \\ \'single\' "double" \\047 é\ttab \x01\ncat "$0" > seen.txt\nexit 2';
    const { hooks, ctx, path, box } = await hooksWith('sh scripts/guard.sh', { base: { 'scripts/guard.sh': guard }, checkout: { 'scripts/guard.sh': 'exit 0\n' } }, sandboxed);
    expect(await hooks.preToolUse('Bash', CALL)).toEqual({ blocked: 'The PreToolUse hook `sh scripts/guard.sh` blocked this without saying why.' });
    expect(readFileSync(path('seen.txt'))).toEqual(Buffer.from(guard));
    expect(readdirSync(box.root).sort()).toEqual(['scripts', 'seen.txt']);
    expect(readdirSync(ctx.tempDir).filter((name) => name.startsWith('hook-base-'))).toEqual([]);
  });

  it.skipIf(sandboxed && !bwrapWorks)('a Stop hook still checks the files as the agent left them: only what a hook runs comes from the base', async () => {
    const { hooks } = await hooksWith(
      'grep -q Hello src/app.js || { echo "the typo is still there" >&2; exit 2; }',
      { base: { 'src/app.js': 'Helo\n' }, checkout: { 'src/app.js': 'Hello\n' } },
      sandboxed,
      'Stop',
    );
    expect(await hooks.stop('Done.')).toEqual({});
  });
});
