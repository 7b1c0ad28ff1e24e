// The first bytes a client sends through a CONNECT tunnel, read without
// decrypting anything: a TLS ClientHello's server name (SNI), which a shared
// front end (a CDN) routes by — so a tunnel to a listed host cannot carry a
// handshake for another name behind the same front. Or no TLS at all: then
// the tunnel carries plain HTTP, which the proxy reads itself.

/** What the bytes so far are: not yet enough to tell, TLS (with the server name it asks for, if any), or not TLS. */
export type FirstBytes = { kind: 'more' } | { kind: 'tls'; serverName?: string } | { kind: 'not-tls' } | { kind: 'malformed' };

/** A ClientHello longer than this (the largest ones, with post-quantum key shares, are a few KB) is refused. */
export const MAX_HELLO_BYTES = 64 * 1024;

const HANDSHAKE = 0x16;
const CLIENT_HELLO = 0x01;
const SERVER_NAME = 0x0000;
const HOST_NAME = 0x00;

/** The handshake bytes of the TLS records in `bytes` (a ClientHello may span records), or what they lack. */
function handshakeOf(bytes: Buffer): Buffer | 'more' | 'malformed' {
  const parts: Buffer[] = [];
  let at = 0;
  let length = 0;
  while (at + 5 <= bytes.length) {
    if (bytes[at] !== HANDSHAKE || bytes[at + 1] !== 0x03) return 'malformed';
    const size = bytes.readUInt16BE(at + 3);
    if (at + 5 + size > bytes.length) break;
    parts.push(bytes.subarray(at + 5, at + 5 + size));
    length += size;
    at += 5 + size;
    // Enough once the handshake message's own length is there.
    const joined = Buffer.concat(parts, length);
    if (joined.length >= 4 && joined.length >= 4 + joined.readUIntBE(1, 3)) return joined;
  }
  return bytes.length > MAX_HELLO_BYTES ? 'malformed' : 'more';
}

/** Reads the server name from a ClientHello body; undefined when it names none. */
function serverNameOf(hello: Buffer): string | undefined | 'malformed' {
  if (hello[0] !== CLIENT_HELLO) return 'malformed';
  const end = 4 + hello.readUIntBE(1, 3);
  let at = 4 + 2 + 32; // version, random
  const skip = (lengthBytes: 1 | 2) => {
    if (at + lengthBytes > end) return false;
    at += lengthBytes + hello.readUIntBE(at, lengthBytes);
    return at <= end;
  };
  if (!skip(1) || !skip(2) || !skip(1)) return 'malformed'; // session id, cipher suites, compression methods
  if (at === end) return undefined; // no extensions
  if (at + 2 > end) return 'malformed';
  const extensionsEnd = at + 2 + hello.readUInt16BE(at);
  if (extensionsEnd > end) return 'malformed';
  at += 2;
  while (at + 4 <= extensionsEnd) {
    const type = hello.readUInt16BE(at);
    const size = hello.readUInt16BE(at + 2);
    const data = at + 4;
    if (data + size > extensionsEnd) return 'malformed';
    if (type === SERVER_NAME) {
      // server_name_list: length, then entries of (type, length, name); a host name is the only type defined.
      let entry = data + 2;
      while (entry + 3 <= data + size) {
        const nameLength = hello.readUInt16BE(entry + 1);
        if (entry + 3 + nameLength > data + size) return 'malformed';
        if (hello[entry] === HOST_NAME) return hello.toString('latin1', entry + 3, entry + 3 + nameLength);
        entry += 3 + nameLength;
      }
      return 'malformed';
    }
    at = data + size;
  }
  return undefined;
}

/** What the first bytes through a tunnel are. */
export function readFirstBytes(bytes: Buffer): FirstBytes {
  if (bytes.length === 0) return { kind: 'more' };
  if (bytes[0] !== HANDSHAKE) return { kind: 'not-tls' };
  const handshake = handshakeOf(bytes);
  if (handshake === 'more') return { kind: 'more' };
  if (handshake === 'malformed') return { kind: 'malformed' };
  const name = serverNameOf(handshake);
  if (name === 'malformed') return { kind: 'malformed' };
  return name === undefined ? { kind: 'tls' } : { kind: 'tls', serverName: name };
}
