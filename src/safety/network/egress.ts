// A run's way out when its network is an allow-list: the egress proxy on two
// Unix sockets (one for commands, one for MCP servers) in an owner-only
// folder of its own, and the sandbox network that binds them in with the
// runner's node and the relay. Started only for such a run, once its
// sandbox is wanted; closed, and its folder removed, when the run ends.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxNetwork } from './sandbox-network.js';
import type { NetworkSetting } from './allow-list.js';
import { startProxy, type EgressProxy } from './proxy.js';

/** The relay the sandbox runs (src/safety/network/relay.ts, transpiled beside the bundle by scripts/build.mjs). */
const RELAY_FILE = 'relay.js';

/** The refused hosts the log names, each once; a command that asks for thousands does not flood it. */
const LOGGED_HOSTS = 20;

/** The relay beside the bundle; from the sources (tests), the built one in dist/. */
export function relayScript(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, RELAY_FILE);
  return existsSync(bundled) ? bundled : join(here, '..', '..', '..', 'dist', RELAY_FILE);
}

export interface Egress {
  network: SandboxNetwork;
  proxy: EgressProxy;
  close(): Promise<void>;
}

/**
 * Starts the proxy for `setting` and says, in the log, each host it refuses
 * the first time it does. The sockets live in the system's temp folder: a
 * socket's path must fit in 108 bytes, which RUNNER_TEMP may not leave.
 */
export async function startEgress(setting: Extract<NetworkSetting, { kind: 'list' }>, opts: { log: (line: string) => void; relay?: string }): Promise<Egress> {
  const folder = mkdtempSync(join(tmpdir(), 'deckhand-net-'));
  const sockets = { commands: join(folder, 'commands.sock'), servers: join(folder, 'servers.sock') };
  let proxy: EgressProxy;
  try {
    proxy = await startProxy(sockets, { setting });
  } catch (err) {
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
  const told = new Set<string>();
  proxy.subscribe((connection) => {
    if (connection.refused === undefined || told.has(connection.host) || told.size > LOGGED_HOSTS) return;
    told.add(connection.host);
    if (told.size > LOGGED_HOSTS) opts.log(`Network: more hosts refused than the log names (${LOGGED_HOSTS}); the job summary counts them.`);
    else opts.log(`${connection.refused} (said once a host; the job summary counts every refusal)`);
  });
  return {
    network: { kind: 'proxied', sockets, node: process.execPath, relay: opts.relay ?? relayScript() },
    proxy,
    async close() {
      await proxy.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
