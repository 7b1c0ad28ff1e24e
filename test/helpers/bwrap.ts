// Whether the sandbox works on this machine — the same choice the action makes,
// so the vendored bubblewrap is used where none is installed. Sandbox tests skip
// only where the kernel refuses user namespaces; any other failure is a failure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareSandbox } from '../../src/safety/sandbox/choose.js';

const probeRoot = mkdtempSync(join(tmpdir(), 'deckhand-probe-'));
const probed = await prepareSandbox('required', { root: probeRoot, network: false, env: process.env });
rmSync(probeRoot, { recursive: true, force: true });

export const bwrapWorks = probed.kind === 'sandboxed';

if (!bwrapWorks) {
  const reason = probed.kind === 'unavailable' ? probed.error : probed.kind;
  // util-linux's unshare asks the kernel for a user namespace with nothing else in the way.
  const userns = spawnSync('unshare', ['--user', '--map-root-user', 'true'], { encoding: 'utf8' });
  if (userns.error) {
    // Without it there is no telling the kernel's refusal from a broken sandbox: fail rather than skip.
    throw new Error(`The sandbox does not work here (${reason}), and util-linux's unshare could not be run to see why: ${userns.error.message}`);
  }
  if (userns.status === 0) {
    throw new Error(`The sandbox does not work here although the kernel allows user namespaces: ${reason}`);
  }
  console.warn(
    `Skipping the OS sandbox tests: this kernel refuses user namespaces (unshare: ${userns.stderr.trim()}); ${reason}`,
  );
}
