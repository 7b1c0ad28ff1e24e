// Temp folders and child processes the bench makes, undone when it exits —
// also on Ctrl-C or a crash half-way through a figure, so a bench run never
// leaves a 20,000-file tree in /tmp or an action still running.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const folders = new Set<string>();
const children = new Set<ChildProcess>();

/** A new empty folder under the system temp folder (its real path: the action resolves symlinks). */
export function tempFolder(label: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `deckhand-bench-${label}-`)));
  folders.add(dir);
  return dir;
}

export function removeFolder(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  folders.delete(dir);
}

/** Kills the child at exit if it is still running by then. */
export function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

function cleanUp(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}

// 'exit' handlers run synchronously, which is all rmSync and kill need; a
// signal would otherwise end the process without running them.
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
