// The first bytes through a CONNECT tunnel, read as the proxy reads them:
// a real ClientHello (Node's TLS, with and without a server name, and one
// with a large session ticket) gives the name it asks for, byte by byte
// until it is whole; anything else is not TLS, or malformed.
import { describe, expect, it } from 'vitest';
import { MAX_HELLO_BYTES, readFirstBytes } from '../../../src/safety/network/client-hello.js';
import { clientHello } from '../../helpers/tls.js';

describe('the first bytes through a tunnel', () => {
  it("gives a ClientHello's server name once it is whole, and asks for more until then", async () => {
    const hello = await clientHello('registry.npmjs.org');
    expect(readFirstBytes(hello)).toEqual({ kind: 'tls', serverName: 'registry.npmjs.org' });
    for (const cut of [1, 5, 40, hello.length - 1]) expect(readFirstBytes(hello.subarray(0, cut))).toEqual({ kind: 'more' });
  });

  it('a ClientHello without a server name (to an address) is TLS with none', async () => {
    expect(readFirstBytes(await clientHello())).toEqual({ kind: 'tls' });
  });

  it('a ClientHello split over two TLS records is read across them', async () => {
    const hello = await clientHello('files.pythonhosted.org');
    const body = hello.subarray(5);
    const record = (part: Buffer) => Buffer.concat([Buffer.from([0x16, 0x03, 0x01, part.length >> 8, part.length & 255]), part]);
    const split = Buffer.concat([record(body.subarray(0, 60)), record(body.subarray(60))]);
    expect(readFirstBytes(split.subarray(0, 70))).toEqual({ kind: 'more' });
    expect(readFirstBytes(split)).toEqual({ kind: 'tls', serverName: 'files.pythonhosted.org' });
  });

  it.each([
    ['plain HTTP', 'GET / HTTP/1.1\r\n', 'not-tls'],
    ['an SSH banner', 'SSH-2.0-OpenSSH_9.6\r\n', 'not-tls'],
  ])('%s is not TLS', (_, text, kind) => {
    expect(readFirstBytes(Buffer.from(text))).toEqual({ kind });
  });

  it('a handshake record that is not a ClientHello, or lies about its lengths, is malformed', async () => {
    const hello = await clientHello('example.org');
    const notHello = Buffer.from(hello);
    notHello[5] = 0x02; // ServerHello
    expect(readFirstBytes(notHello)).toEqual({ kind: 'malformed' });
    const badRecord = Buffer.from(hello);
    badRecord[1] = 0x02;
    expect(readFirstBytes(badRecord)).toEqual({ kind: 'malformed' });
    // A session id said to run past the message.
    const longSession = Buffer.from(hello);
    longSession[5 + 4 + 2 + 32] = 0xff;
    expect(readFirstBytes(longSession)).toEqual({ kind: 'malformed' });
  });

  it('never waits for more than a ClientHello can be', () => {
    const endless = Buffer.concat([Buffer.from([0x16, 0x03, 0x01, 0xff, 0xff]), Buffer.alloc(MAX_HELLO_BYTES)]);
    expect(readFirstBytes(endless.subarray(0, 100))).toEqual({ kind: 'more' });
    // Records that never complete a message: past the limit, malformed.
    const record = Buffer.concat([Buffer.from([0x16, 0x03, 0x01, 0x00, 0x10, 0x01, 0xff, 0xff, 0xff]), Buffer.alloc(12)]);
    expect(readFirstBytes(Buffer.concat(Array.from({ length: Math.ceil(MAX_HELLO_BYTES / record.length) + 1 }, () => record)))).toEqual({ kind: 'malformed' });
  });
});
