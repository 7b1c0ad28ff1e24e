// What a Deckhand process sweeps from the pids cgroup parent as it starts: the
// cgroups of its own processes that are gone, and nothing that belongs to a
// live one — and another process sweeping the same leftovers at the same
// moment does not make it fail (two jobs on one self-hosted runner).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepStale } from '../../../src/safety/sandbox/pids-cgroup.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('sweepStale', () => {
  it("removes a gone process's cgroups with their calls, keeps a live one's, and passes over one swept away meanwhile", () => {
    const parent = mkdtempSync(join(tmpdir(), 'pids-parent-'));
    folders.push(parent);
    const dead = deadPid();
    mkdirSync(join(parent, `deckhand-${dead}-1`, 'call-1'), { recursive: true });
    mkdirSync(join(parent, `deckhand-${process.ppid}-1`, 'call-1'), { recursive: true });
    // Listed, then gone before it is read: what another process's sweep leaves behind.
    writeFileSync(join(parent, `deckhand-${dead}-2`), '');
    expect(() => sweepStale(parent)).not.toThrow();
    expect(existsSync(join(parent, `deckhand-${dead}-1`))).toBe(false);
    expect(existsSync(join(parent, `deckhand-${process.ppid}-1`, 'call-1'))).toBe(true);
  });
});
