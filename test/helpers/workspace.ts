// Real temp folders (with real git) for tool and end-to-end tests.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { toolDeps } from '../../src/tools/deps.js';
import type { Explore, ToolDeps } from '../../src/tools/tool.js';
import type { Sandbox as OsSandbox } from '../../src/safety/sandbox/wrap.js';

export interface Sandbox {
  /** Parent folder holding the checkout and things "outside" it. */
  base: string;
  /** The checkout (real path). */
  root: string;
  /** The action's temp folder. */
  tempDir: string;
  /** A folder outside the checkout, for escape attempts. */
  outside: string;
  write(rel: string, content: string | Buffer): string;
  cleanup(): void;
}

export function makeSandbox(files: Record<string, string> = {}, opts: { git?: boolean } = {}): Sandbox {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'deckhand-test-')));
  const root = join(base, 'repo');
  const tempDir = join(base, 'runner-temp');
  const outside = join(base, 'outside');
  for (const dir of [root, tempDir, outside]) mkdirSync(dir, { recursive: true });
  const write = (rel: string, content: string | Buffer) => {
    const path = join(root, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    return path;
  };
  for (const [rel, content] of Object.entries(files)) write(rel, content);
  if (opts.git !== false) {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', 'initial');
  }
  return { base, root, tempDir, outside, write, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/** What one agent's tools are made with, in this checkout (the run's environment: this process's). */
export function depsFor(sandbox: Sandbox, opts: { sandbox?: OsSandbox; explore?: Explore } = {}): ToolDeps {
  return toolDeps({ root: sandbox.root, tempDir: sandbox.tempDir, parentEnv: process.env, ...(opts.sandbox ? { sandbox: opts.sandbox } : {}) }, opts.explore);
}
