// What the sandbox is told of the network: the one type the sandbox and the
// egress share, here so that the sandbox's folder imports the network's and
// never the other way round.

/**
 * How a sandboxed command reaches the network: not at all, as the runner
 * does (`network: on`), or only through the egress proxy (an allow-list):
 * then the sandbox has no route out, and a relay run by the runner's own
 * node listens on the sandbox's loopback and carries each connection to the
 * proxy's Unix socket, bound in.
 */
export type SandboxNetwork =
  | { kind: 'none' }
  | { kind: 'open' }
  | {
      kind: 'proxied';
      /** The proxy's socket for commands (Bash, hooks), and for MCP servers. */
      sockets: { commands: string; servers: string };
      /** The runner's node, and the relay script it runs (dist/relay.js). */
      node: string;
      relay: string;
    };
