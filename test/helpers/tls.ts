// What a TLS client sends first: a real ClientHello from Node's TLS, caught
// by a TCP server that never answers it — for the proxy's tests of the
// server name (SNI) a tunnel's handshake asks for.
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { connect } from 'node:tls';

/** The ClientHello a TLS client sends, asking for `servername` (none: no SNI, as for an address). */
export async function clientHello(servername?: string): Promise<Buffer> {
  const catcher = createServer();
  catcher.listen(0, '127.0.0.1');
  await once(catcher, 'listening');
  const got = new Promise<Buffer>((resolve) => catcher.once('connection', (socket) => socket.once('data', (data: Buffer) => (resolve(data), socket.destroy()))));
  const client = connect({ host: '127.0.0.1', port: (catcher.address() as AddressInfo).port, ...(servername ? { servername } : {}), rejectUnauthorized: false });
  client.on('error', () => undefined);
  const hello = await got;
  client.destroy();
  catcher.close();
  return hello;
}
