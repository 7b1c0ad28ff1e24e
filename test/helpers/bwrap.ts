// Whether bubblewrap works on this machine — the same probe the action runs —
// so that sandbox tests run where it does and say plainly why they are skipped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareSandbox } from '../../src/safety/sandbox.js';

const probeRoot = mkdtempSync(join(tmpdir(), 'deckhand-probe-'));
const probed = await prepareSandbox('required', { root: probeRoot, network: false, env: process.env });
rmSync(probeRoot, { recursive: true, force: true });

export const bwrapWorks = probed.kind === 'sandboxed';
export const bwrapSkipReason = probed.kind === 'unavailable' ? probed.error : '';

if (!bwrapWorks) {
  console.warn(
    `Skipping the OS sandbox tests: bubblewrap is not usable here (${bwrapSkipReason}). ` +
      'Install it (apt-get install -y bubblewrap) and allow user namespaces to run them.',
  );
}
