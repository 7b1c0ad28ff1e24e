// A secret written by a standard tool is spread over lines: `base64` wraps at
// 76 columns, PEM at 64, `xxd -p` at 60; hex dumps put an offset before every
// 16 bytes and show them as text after. The commit check (`find`) and the
// redactor must see the secret in all of them, whatever byte it starts at,
// and leave the text around it, and ordinary hex and base64, alone.
//
// The shapes come from helpers that write exactly what the tools write (a test
// below holds them to the tools where those are installed) and from the tools
// themselves where they are installed. Each value starts 5 to 2 bytes before
// the end of the encoding's first line, so every case spans a line break.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, type Secret } from '../../src/safety/redact.js';
import { numberLines } from '../../src/tools/text-file.js';

const TOKEN: Secret = { name: 'GITHUB_TOKEN', value: `${'gh'}s_16C7e42F292c6912E7710c838347Ae178B4a` };
/** Bytes that base64 to `+` and `/`, and two that are not ASCII (dots in a dump's text column). */
const AWKWARD: Secret = { name: 'DB_PASSWORD', value: 'p@ss/wo+rd=?&"\\\u00FF~end>>>???' };
/** As short as a secret may be. */
const SHORT: Secret = { name: 'PIN_SECRET', value: 'k3Y9zQ2w' };
const SECRETS = [TOKEN, AWKWARD, SHORT];
const redactor = createRedactor(SECRETS);

// ─── Bytes and their encodings ─────────────────────────────────────────────────

/** Deterministic noise: the same bytes on every run. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

const hex = (bytes: Buffer) => bytes.toString('hex');
const chunks = (bytes: Buffer, size: number) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
const cut = (text: string, width: number) => text.match(new RegExp(`[^]{1,${width}}`, 'g')) ?? [];
const printable = (bytes: Buffer) => Array.from(bytes, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
const offset = (at: number, digits: number, radix = 16) => at.toString(radix).padStart(digits, '0');
const indent = (text: string, by: string) => text.replace(/^(?=.)/gm, by);

/** `base64 -w width` (GNU coreutils; 76 without -w), `openssl base64` (64). */
const base64Lines = (bytes: Buffer, width: number, eol = '\n') => cut(bytes.toString('base64'), width).join(eol) + eol;

/** `xxd`, `xxd -g1`, `xxd -u`: offset, groups of hex, two spaces, the text column. */
function xxd(bytes: Buffer, { group = 2, upper = false } = {}): string {
  const width = 32 + 16 / group - 1;
  return chunks(bytes, 16)
    .map((chunk, i) => {
      const groups = chunks(chunk, group).map(hex).join(' ').padEnd(width);
      return `${offset(i * 16, 8)}: ${upper ? groups.toUpperCase() : groups}  ${printable(chunk)}\n`;
    })
    .join('');
}

/** `hexdump -C`: offset, 8 + 8 bytes, the text column between bars, and the length. */
function hexdumpC(bytes: Buffer): string {
  const rows = chunks(bytes, 16).map((chunk, i) => {
    let cells = '';
    for (let j = 0; j < 16; j++) cells += `${j < chunk.length ? hex(chunk.subarray(j, j + 1)) : '  '} ${j === 7 ? ' ' : ''}`;
    return `${offset(i * 16, 8)}  ${cells} |${printable(chunk)}|\n`;
  });
  return `${rows.join('')}${offset(bytes.length, 8)}\n`;
}

/** A little-endian word of `size` bytes in hex, zero-filled past the end as od fills it. */
const word = (bytes: Buffer, size: number) => hex(Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]).reverse());

/** `od -t x<size>` (octal offsets, `-An` none) and `hexdump` (hex offsets, the last line padded). */
function od(bytes: Buffer, { size = 2, offsets = 'octal' as 'octal' | 'none' | 'hexdump' } = {}): string {
  const rows = chunks(bytes, 16).map((chunk, i) => {
    const words = chunks(chunk, size).map((w) => ` ${word(w, size)}`).join('');
    if (offsets === 'none') return `${words}\n`;
    if (offsets === 'hexdump') return `${offset(i * 16, 7)}${words.padEnd(8 * 5)}\n`;
    return `${offset(i * 16, 7, 8)}${words}\n`;
  });
  if (offsets === 'none') return rows.join('');
  return `${rows.join('')}${offsets === 'hexdump' ? offset(bytes.length, 7) : offset(bytes.length, 7, 8)}\n`;
}

/** `xxd -p`: plain hex, 60 digits a line. */
const xxdPlain = (bytes: Buffer) => `${cut(hex(bytes), 60).join('\n')}\n`;

/** `xxd -i` reading stdin: a C array body, 12 bytes a line. */
const xxdInclude = (bytes: Buffer) => `${chunks(bytes, 12).map((line) => `  ${Array.from(line, (b) => `0x${b.toString(16).padStart(2, '0')}`).join(', ')}`).join(',\n')}\n`;

interface Shape {
  name: string;
  encode: (bytes: Buffer) => string;
  /** How many bytes the first line holds, to start the value just before its end. */
  bytesPerLine: number;
  /** The size of the little-endian words, for a dump that shows only them. */
  words?: number;
}

const shapes: Shape[] = [
  { name: 'base64 (GNU, 76 columns)', encode: (b) => base64Lines(b, 76), bytesPerLine: 57 },
  { name: 'base64 at 64 columns (PEM, openssl base64)', encode: (b) => base64Lines(b, 64), bytesPerLine: 48 },
  { name: 'base64 -w 25', encode: (b) => base64Lines(b, 25), bytesPerLine: 18 },
  { name: 'base64 -w 8', encode: (b) => base64Lines(b, 8), bytesPerLine: 6 },
  { name: 'base64 with CRLF line ends', encode: (b) => base64Lines(b, 76, '\r\n'), bytesPerLine: 57 },
  { name: 'base64 in a YAML block scalar, indented', encode: (b) => `key: |\n${indent(base64Lines(b, 64), '    ')}`, bytesPerLine: 48 },
  { name: 'base64 in a YAML quoted string continued with backslashes', encode: (b) => `key: "${cut(b.toString('base64'), 40).join('\\\n  ')}"\n`, bytesPerLine: 30 },
  { name: 'base64 in a JSON string with escaped line breaks', encode: (b) => `${JSON.stringify({ key: base64Lines(b, 64) })}\n`, bytesPerLine: 48 },
  { name: 'base64url at 64 columns', encode: (b) => `${cut(b.toString('base64url'), 64).join('\n')}\n`, bytesPerLine: 48 },
  { name: 'base64 as Read shows a file: numbered lines', encode: (b) => `${numberLines(cut(b.toString('base64'), 76), 1)}\n`, bytesPerLine: 57 },
  {
    name: 'base64 as git diff shows an added file',
    encode: (b) => `diff --git a/key b/key\nnew file mode 100644\n--- /dev/null\n+++ b/key\n@@ -0,0 +1,9 @@\n${cut(b.toString('base64'), 76).map((line) => `+${line}\n`).join('')}`,
    bytesPerLine: 57,
  },
  { name: 'hex, xxd -p (60 digits a line)', encode: xxdPlain, bytesPerLine: 30 },
  { name: 'hex at 16 digits a line, each ending in a space', encode: (b) => `${cut(hex(b), 16).join(' \n')} \n`, bytesPerLine: 8 },
  { name: 'upper-case hex at 32 digits a line', encode: (b) => `${cut(hex(b).toUpperCase(), 32).join('\n')}\n`, bytesPerLine: 16 },
  { name: 'hex with spaces between bytes, od -An -t x1', encode: (b) => od(b, { size: 1, offsets: 'none' }), bytesPerLine: 16 },
  { name: 'hex in groups of two bytes at 16 a line', encode: (b) => `${chunks(b, 16).map((line) => chunks(line, 2).map(hex).join(' ')).join('\n')}\n`, bytesPerLine: 16 },
  { name: 'xxd', encode: (b) => xxd(b), bytesPerLine: 16 },
  { name: 'xxd -g1', encode: (b) => xxd(b, { group: 1 }), bytesPerLine: 16 },
  { name: 'xxd -u', encode: (b) => xxd(b, { upper: true }), bytesPerLine: 16 },
  { name: 'hexdump -C', encode: hexdumpC, bytesPerLine: 16 },
  { name: 'hexdump (little-endian 2-byte words)', encode: (b) => od(b, { offsets: 'hexdump' }), bytesPerLine: 16 },
  { name: 'od -x (little-endian 2-byte words)', encode: (b) => od(b), bytesPerLine: 16 },
  { name: 'od -t x1', encode: (b) => od(b, { size: 1 }), bytesPerLine: 16 },
  { name: 'od -t x4 (little-endian 4-byte words)', encode: (b) => od(b, { size: 4 }), bytesPerLine: 16, words: 4 },
  { name: 'xxd -i (a C array)', encode: xxdInclude, bytesPerLine: 12 },
  { name: 'C escapes (\\x67) continued with backslashes', encode: (b) => `"${cut(hex(b).replace(/../g, '\\x$&'), 64).join('\\\n')}"\n`, bytesPerLine: 16 },
];

/**
 * A dump of 4-byte little-endian words with no text column shows a value of
 * under 12 bytes that starts inside a word as one whole word: too little to
 * tell from noise, so the search does not look for it.
 */
const outOfReach = (secret: Secret, words: number | undefined, before: number) => words === 4 && before % 4 !== 0 && Buffer.byteLength(secret.value) < 12;

/** How many bytes go before the value: 5 to 2 less than the first line holds, one for each `shift`. */
const leadOf = (bytesPerLine: number, shift: number) => bytesPerLine - 5 + shift;

/** The value after `before` bytes of noise, and noise after it. */
const placed = (value: string, before: number) => Buffer.concat([noise(before, 17 + before), Buffer.from(value), noise(20, 99)]);

// ─── What must be gone ─────────────────────────────────────────────────────────

/** Runs of `length` from every place in `text`. */
const windows = (text: string, length: number) => Array.from({ length: Math.max(0, text.length - length + 1) }, (_, i) => text.slice(i, i + length));

/**
 * Stretches that only `value` produces, in every encoding the shapes use: as
 * written and as a dump's text column shows it (6 characters), hex in both
 * cases and in little-endian words at each alignment (6 bytes), base64 and
 * base64url at each alignment (8 characters). Characters that also depend on
 * the neighbouring bytes are cut off first.
 */
function stretchesOf(value: string): string[] {
  const bytes = Buffer.from(value);
  const stretches = [...windows(value, 6), ...windows(printable(bytes), 6), ...windows(hex(bytes), 12), ...windows(hex(bytes).toUpperCase(), 12)];
  for (const size of [2, 4]) {
    for (let shift = 0; shift < size; shift++) {
      const padded = Buffer.concat([Buffer.alloc(shift), bytes, Buffer.alloc(2 * size)]);
      const words = chunks(padded.subarray(0, Math.floor(padded.length / size) * size), size).map((w) => word(w, size)).join('');
      stretches.push(...windows(words.slice(2 * size, 2 * (shift + bytes.length) - 2 * size), 12));
    }
  }
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    const inner = encoded.slice(4, -4);
    stretches.push(...windows(inner, 8), ...windows(inner.replace(/\+/g, '-').replace(/\//g, '_'), 8));
  }
  return stretches;
}

/** Nothing `value` alone produces is left in `text`, on a line or across lines. */
function expectGone(value: string, text: string) {
  const joined = text.replace(/\s+/g, '');
  for (const stretch of stretchesOf(value)) {
    if (text.includes(stretch) || joined.includes(stretch)) expect.fail(`${JSON.stringify(stretch)} of the value is left in:\n${text}`);
  }
}

function expectFoundAndRedacted(secret: Secret, encoded: string) {
  const text = `before\n${encoded}after\n`;
  expect(redactor.find(text)).toMatch(new RegExp(`^the value of ${secret.name}`));
  const result = redactor.redact(text);
  expect(result.startsWith('before\n')).toBe(true);
  expect(result.endsWith('\nafter\n')).toBe(true);
  expect(result).toContain(REDACTED);
  expectGone(secret.value, result);
}

// ─── The shapes ────────────────────────────────────────────────────────────────

describe('find and redact see a secret that a tool spread over lines, at every byte alignment', () => {
  for (const { name, encode, bytesPerLine, words } of shapes) {
    describe(name, () => {
      for (const secret of SECRETS) {
        for (const shift of [0, 1, 2, 3]) {
          const before = leadOf(bytesPerLine, shift);
          if (outOfReach(secret, words, before)) continue;
          it(`${secret.name}, ${before} bytes before it`, () => {
            expectFoundAndRedacted(secret, encode(placed(secret.value, before)));
          });
        }
      }
    });
  }
});

describe('redact replaces the span the secret covers and nothing else', () => {
  it('base64 of exactly the value, wrapped: one marker, the line ends around it kept', () => {
    const encoded = base64Lines(Buffer.from(TOKEN.value), 20);
    expect(redactor.redact(`key: |\n${indent(encoded, '  ')}next: 1\n`)).toBe(`key: |\n  ${REDACTED}\nnext: 1\n`);
  });

  it('xxd of the value and a newline: the offset and the newline\'s dot stay', () => {
    expect(redactor.redact(xxd(Buffer.from(`${TOKEN.value}\n`)))).toBe(`00000000: ${REDACTED}.\n`);
  });

  it('hexdump -C of the value: the bars and the length stay', () => {
    const bytes = Buffer.from(`${TOKEN.value}\n`);
    expect(redactor.redact(hexdumpC(bytes))).toBe(`00000000  ${REDACTED}.|\n${offset(bytes.length, 8)}\n`);
  });

  it('a plain value folded across lines', () => {
    expect(redactor.redact(`note: ${cut(TOKEN.value, 16).join('\n')}\nend`)).toBe(`note: ${REDACTED}\nend`);
  });
});

// ─── The real tools, where installed ───────────────────────────────────────────

const installed = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error === undefined;
const run = (tool: string, args: string[], input: Buffer) => {
  const { stdout, status } = spawnSync(tool, args, { input });
  expect(status).toBe(0);
  return stdout.toString('latin1');
};

const tools: Array<[tool: string, args: string[], bytesPerLine: number, words?: number]> = [
  ['base64', [], 57],
  ['base64', ['-w', '64'], 48],
  ['base64', ['-w', '33'], 24],
  ['basenc', ['--base64url'], 57],
  ['openssl', ['base64'], 48],
  ['xxd', [], 16],
  ['xxd', ['-g1'], 16],
  ['xxd', ['-u'], 16],
  ['xxd', ['-e'], 16],
  ['xxd', ['-c', '24'], 24],
  ['xxd', ['-p'], 30],
  ['xxd', ['-p', '-u'], 30],
  ['xxd', ['-i'], 12],
  ['hexdump', [], 16],
  ['hexdump', ['-C'], 16],
  ['od', ['-x'], 16],
  ['od', ['-t', 'x1'], 16],
  ['od', ['-An', '-t', 'x1'], 16],
  ['od', ['-t', 'x4'], 16, 4],
  ['od', ['-A', 'x', '-t', 'x1z'], 16],
  ['od', ['-c'], 16],
];

describe('find and redact see a secret in what the installed tools write', () => {
  for (const [tool, args, bytesPerLine, words] of tools) {
    describe.skipIf(!installed(tool))(`${tool} ${args.join(' ')}`, () => {
      // od -c shows other bytes as octal escapes: only the ASCII values.
      for (const secret of tool === 'od' && args.includes('-c') ? [TOKEN, SHORT] : SECRETS) {
        for (const shift of [0, 1, 2, 3]) {
          const before = leadOf(bytesPerLine, shift);
          if (outOfReach(secret, words, before)) continue;
          it(`${secret.name}, ${before} bytes before it`, () => {
            expectFoundAndRedacted(secret, run(tool, args, placed(secret.value, before)));
          });
        }
      }
    });
  }
});

describe('the helpers write what the tools write', () => {
  const bytes = Buffer.concat([noise(200, 3), Buffer.from(AWKWARD.value), noise(13, 5)]);
  const cases: Array<[tool: string, args: string[], helper: (bytes: Buffer) => string]> = [
    ['base64', [], (b) => base64Lines(b, 76)],
    ['base64', ['-w', '25'], (b) => base64Lines(b, 25)],
    ['openssl', ['base64'], (b) => base64Lines(b, 64)],
    ['xxd', [], (b) => xxd(b)],
    ['xxd', ['-g1'], (b) => xxd(b, { group: 1 })],
    ['xxd', ['-u'], (b) => xxd(b, { upper: true })],
    ['xxd', ['-p'], xxdPlain],
    ['xxd', ['-i'], xxdInclude],
    ['hexdump', ['-C'], hexdumpC],
    ['hexdump', [], (b) => od(b, { offsets: 'hexdump' })],
    ['od', ['-x'], (b) => od(b)],
    ['od', ['-t', 'x1'], (b) => od(b, { size: 1 })],
    ['od', ['-t', 'x4'], (b) => od(b, { size: 4 })],
    ['od', ['-An', '-t', 'x1'], (b) => od(b, { size: 1, offsets: 'none' })],
  ];
  for (const [tool, args, helper] of cases) {
    it.skipIf(!installed(tool))(`${tool} ${args.join(' ')}`, () => {
      expect(helper(bytes)).toBe(run(tool, args, bytes));
    });
  }
});

// ─── What stays ────────────────────────────────────────────────────────────────

describe('what the wrapped search leaves alone', () => {
  it('a megabyte of random base64 and hex in every shape, even for a secret of 8 characters', () => {
    const text = Array.from({ length: 50 }, (_, i) => shapes[i % shapes.length]!.encode(noise(10_000, 1000 + i))).join('\n');
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(redactor.find(text)).toBeUndefined();
    expect(redactor.redact(text)).toBe(text);
  });

  it('a dump of a value one byte off the secret', () => {
    const near = Buffer.from(TOKEN.value);
    near[20] = near[20]! ^ 1;
    for (const encode of [xxd, hexdumpC, xxdPlain, (b: Buffer) => base64Lines(b, 76), (b: Buffer) => od(b)]) {
      const text = encode(near);
      expect(redactor.find(text)).toBeUndefined();
      expect(redactor.redact(text)).toBe(text);
    }
  });

  it('ordinary text over many lines, byte for byte', () => {
    const text = [
      'const token = process.env.GITHUB_TOKEN;\r\n  // see https://github.com/acme/widgets\\',
      '    12→  return { a: 0x1f, b: [0x00, 0xff], c: "\\x41\\n" };',
      '@@ -1,3 +1,4 @@\n+added line\n-removed line\n context 0123456789abcdef',
      '00000000: 6865 6c6c 6f0a                           hello.',
      '00000000  68 65 6c 6c 6f 0a                                 |hello.|',
      'key: |\n  aGVsbG8gd29ybGQ=\n  c2Vjb25k\n',
      '日本語 😀 ünïcödé',
    ].join('\n');
    expect(redactor.redact(text)).toBe(text);
    expect(redactor.find(text)).toBeUndefined();
  });
});

describe('the wrapped search at scale', () => {
  it('a 5 MB text of mixed shapes with secrets at the start, middle and end', () => {
    const filler = Array.from({ length: 270 }, (_, i) =>
      [
        'lorem ipsum dolor sit amet, ünïcödé 😀 0x1f, \\n\n'.repeat(20),
        base64Lines(noise(3_000, i), 76),
        xxd(noise(1_000, i + 1)),
        `${JSON.stringify({ key: base64Lines(noise(500, i + 2), 64) })}\n`,
      ].join(''),
    ).join('');
    const text = `${base64Lines(Buffer.from(`x${TOKEN.value}`), 76)}${filler}${xxd(Buffer.from(`ab${AWKWARD.value}`))}${filler}${hexdumpC(Buffer.from(`${'.'.repeat(12)}${SHORT.value}..`))}`;
    expect(text.length).toBeGreaterThan(5_000_000);
    const result = redactor.redact(text);
    expect(result.split(REDACTED).length - 1).toBe(3);
    expect(result).toContain(filler);
    expect(redactor.find(text)).toBe('the value of GITHUB_TOKEN, base64-encoded');
  });

  // Each about a megabyte: linear work reads them at once, quadratic work would
  // not finish within the test's time-out.
  const hostile: [name: string, text: string][] = [
    ['one line that starts like a dump and never ends', `00000000: ${'6768 '.repeat(200_000)}`],
    ['a dump line of gaps', `00000000: ${'61  '.repeat(250_000)}`],
    ['hexdump -C bars that never close', `00000000  ${'67 |'.repeat(250_000)}`],
    ['lines that look like offsets', '0000000 \n'.repeat(120_000)],
    ['backslashes', '\\'.repeat(1_000_000)],
    ['C array bytes', '0x00,'.repeat(200_000)],
    ['diff hunk headers', '@@ \n+'.repeat(200_000)],
    ['Read line numbers without content', '     1→\n'.repeat(120_000)],
    ['line breaks', '\n'.repeat(1_000_000)],
  ];
  for (const [name, text] of hostile) {
    it(`reads ${name}`, () => {
      expect(redactor.redact(text)).toBe(text);
    });
  }
});
