// What the egress proxy records of each connection, and the run's account
// of them by host (the job summary's "Network" section) — apart from the
// proxy itself, so reading a report loads no networking code.
import type { NetworkReport } from '../../core/outcome.js';

/**
 * Who asked, by the socket they came through: the sandbox's commands (Bash,
 * hooks), or MCP servers — so a refusal is told to the command that met it
 * and not to one that happened to run beside a server.
 */
export type Via = 'commands' | 'servers';

/** A connection the proxy was asked for, as the transcript and the job summary report it. */
export interface ProxyConnection {
  via: Via;
  host: string;
  port: number;
  allowed: boolean;
  /** Bytes carried both ways (0 when refused). */
  bytes: number;
  /** Why it was refused: the line the client was given. */
  refused?: string;
  /** Allowed, but it came to nothing: the host did not answer, or the client sent nothing. */
  failed?: string;
}

/** The connections by host, in the order each host was first asked for: refused ones with the line given, the others with their bytes. */
export function networkReport(connections: readonly ProxyConnection[]): NetworkReport {
  const refused = new Map<string, NetworkReport['refused'][number]>();
  const reached = new Map<string, NetworkReport['reached'][number]>();
  for (const c of connections) {
    if (c.refused !== undefined) {
      const entry = refused.get(c.host) ?? { host: c.host, count: 0, why: c.refused };
      refused.set(c.host, { ...entry, count: entry.count + 1 });
    } else {
      const entry = reached.get(c.host) ?? { host: c.host, connections: 0, bytes: 0, failed: 0 };
      reached.set(c.host, { ...entry, connections: entry.connections + 1, bytes: entry.bytes + c.bytes, failed: entry.failed + (c.failed ? 1 : 0) });
    }
  }
  return { refused: [...refused.values()], reached: [...reached.values()] };
}

