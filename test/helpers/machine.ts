// This machine's first non-loopback IPv4 address: where a server the
// sandbox's commands must reach listens — the sandbox's own loopback is its
// own, so 127.0.0.1 there is never the way out (the network e2e tests, the bench).
import { networkInterfaces } from 'node:os';

export function machineAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a?.family === 'IPv4' && !a.internal)?.address;
}
