// Decoding and encoding of text files so that an edit keeps what it did not
// mean to change: the encoding (UTF-16LE by its BOM, UTF-8 with or without
// BOM) and the line endings (a CRLF file stays CRLF).

export interface TextFormat {
  encoding: 'utf8' | 'utf16le';
  bom: boolean;
  lineEnding: 'LF' | 'CRLF';
}

export interface DecodedText {
  /** The text with every CRLF turned into LF, as the model sees it. */
  text: string;
  format: TextFormat;
}

export function decodeText(buffer: Buffer): DecodedText {
  let encoding: TextFormat['encoding'] = 'utf8';
  let bom = false;
  let raw: string;
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) {
    encoding = 'utf16le';
    bom = true;
    raw = buffer.subarray(2).toString('utf16le');
  } else if (buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
    bom = true;
    raw = buffer.subarray(3).toString('utf8');
  } else {
    raw = buffer.toString('utf8');
  }
  const lineEnding = raw.includes('\r\n') ? 'CRLF' : 'LF';
  return { text: lineEnding === 'CRLF' ? raw.replace(/\r\n/g, '\n') : raw, format: { encoding, bom, lineEnding } };
}

export function encodeText(text: string, format: TextFormat): Buffer {
  const body = format.lineEnding === 'CRLF' ? text.replace(/\r?\n/g, '\r\n') : text;
  if (format.encoding === 'utf16le') {
    return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]);
  }
  const bytes = Buffer.from(body, 'utf8');
  return format.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
}

/** True when the bytes look like a binary file (NUL bytes in the first 8 KB, unless UTF-16 by BOM). */
export function looksBinary(buffer: Buffer): boolean {
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) return false;
  const head = buffer.subarray(0, 8192);
  return head.includes(0);
}

const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif webp bmp ico tif tiff psd pdf zip gz tgz bz2 xz zst 7z rar tar jar war ear ' +
    'exe dll so dylib a o obj lib class pyc pyo wasm bin dat db sqlite sqlite3 mp3 mp4 m4a mov avi ' +
    'mkv webm wav flac ogg ttf otf woff woff2 eot node dmg iso deb rpm apk msi'
  ).split(' '),
);

/** The binary extension of `path` (without the dot), if it has one. */
export function binaryExtension(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  const ext = path.slice(dot + 1).toLowerCase();
  return BINARY_EXTENSIONS.has(ext) ? ext : undefined;
}

/** Lines numbered like `cat -n`: the number right-aligned to 6, then `→`. */
export function numberLines(lines: readonly string[], firstLine: number): string {
  return lines.map((line, i) => `${String(firstLine + i).padStart(6, ' ')}→${line}`).join('\n');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')}KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1).replace(/\.0$/, '')}MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)}GB`;
}

/** A rough token count (about four characters a token), enough for a size gate. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
