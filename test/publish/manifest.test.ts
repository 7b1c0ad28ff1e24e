// The folder the agent phase leaves for the publish phase (issue 32), in real
// temp folders: sealed, it opens only with the digest the agent job output
// and only while it holds exactly what the manifest lists — every way of
// changing it, adding to it or pointing out of it is refused in one line.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, manifestJsonSchema, openOutputs, OutputsError, sealOutputs } from '../../src/publish/manifest.js';
import type { Writes } from '../../src/publish/writes.js';

/** The least a manifest's writes hold: a run that failed before it was prepared. */
const WRITES: Writes = {
  run: { repository: 'octo/widgets', run_id: '4242', event: 'issue_comment', mode: 'mention', number: 7 },
  tracking_comment_id: 99,
  base_sha: '',
  commit_to: 'none',
  ended: { kind: 'failed', reason: 'Missing API key.' },
  outcome: null,
  commit: null,
  memory: null,
  planned: [],
};

const ROOT = join(import.meta.dirname, '..', '..');
let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'deckhand-outputs-'));
  writeFileSync(join(folder, 'writes.json'), '{"reply":"Done."}\n');
  mkdirSync(join(folder, 'commit'));
  writeFileSync(join(folder, 'commit', 'change.patch'), 'diff --git a/x b/x\n');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const hex = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

describe('the outputs folder', () => {
  it('is sealed with every file listed, and opens with the digest of its manifest', () => {
    const { manifest, sha256 } = sealOutputs(folder, WRITES);
    expect(manifest).toEqual({
      version: 1,
      writes: WRITES,
      files: [
        { path: 'commit/change.patch', sha256: hex('diff --git a/x b/x\n'), bytes: 19 },
        { path: 'writes.json', sha256: hex('{"reply":"Done."}\n'), bytes: 18 },
      ],
    });
    expect(sha256).toBe(hex(readFileSync(join(folder, MANIFEST_FILE))));
    const opened = openOutputs(folder, sha256);
    expect(opened.file('writes.json').toString()).toBe('{"reply":"Done."}\n');
    expect(() => opened.file('other.json')).toThrow('The outputs\' manifest lists no other.json.');
  });

  it.each<[string, (sha256: string) => string | void]>([
    ['a digest that is not the agent job\'s', () => hex('something else')],
    ['a digest that is not one', () => 'abc'],
    ['a manifest changed after sealing', () => void writeFileSync(join(folder, MANIFEST_FILE), readFileSync(join(folder, MANIFEST_FILE), 'utf8').replace('"bytes": 18', '"bytes": 19'))],
    ['a listed file changed', () => void writeFileSync(join(folder, 'writes.json'), '{"reply":"Pwned."}\n')],
    ['a listed file removed', () => void rmSync(join(folder, 'writes.json'))],
    ['a file added', () => void writeFileSync(join(folder, 'extra.json'), '{}')],
    ['a file added in a folder', () => void writeFileSync(join(folder, 'commit', 'second.patch'), '')],
    ['a listed file swapped for a link to the same bytes elsewhere', () => {
      const elsewhere = join(folder, '..', `${folder.split('/').at(-1)}-elsewhere`);
      writeFileSync(elsewhere, '{"reply":"Done."}\n');
      rmSync(join(folder, 'writes.json'));
      symlinkSync(elsewhere, join(folder, 'writes.json'));
    }],
    ['the manifest swapped for a link', () => {
      const copy = join(folder, '..', `${folder.split('/').at(-1)}-manifest`);
      writeFileSync(copy, readFileSync(join(folder, MANIFEST_FILE)));
      rmSync(join(folder, MANIFEST_FILE));
      symlinkSync(copy, join(folder, MANIFEST_FILE));
    }],
  ])('refuses %s, in one line', (_, change) => {
    const { sha256 } = sealOutputs(folder, WRITES);
    const given = change(sha256) ?? sha256;
    let error: unknown;
    try {
      openOutputs(folder, given);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(OutputsError);
    expect((error as Error).message).not.toContain('\n');
  });

  it.each([
    ['../outside.json', 'must be a plain relative path inside the folder'],
    ['/etc/passwd', 'must be a plain relative path inside the folder'],
    ['.git/config', 'must be a plain relative path inside the folder'],
    ['a//b', 'must be a plain relative path inside the folder'],
    [MANIFEST_FILE, 'must not be the manifest itself'],
  ])('refuses a manifest, sealed with its own digest, that names %s', (path, why) => {
    const text = `${JSON.stringify({ version: 1, writes: WRITES, files: [{ path, sha256: hex(''), bytes: 0 }] })}\n`;
    writeFileSync(join(folder, MANIFEST_FILE), text);
    expect(() => openOutputs(folder, hex(text))).toThrow(`The outputs' manifest.json is invalid: files.0.path ${why}.`);
  });

  it('refuses a manifest of another version, or with fields it does not know, or listing a file twice', () => {
    for (const manifest of [{ version: 2, writes: WRITES, files: [] }, { version: 1, writes: WRITES, files: [], publish: 'everything' }, { version: 1, files: [] }]) {
      const text = JSON.stringify(manifest);
      writeFileSync(join(folder, MANIFEST_FILE), text);
      expect(() => openOutputs(folder, hex(text))).toThrow(/^The outputs' manifest\.json is invalid: /);
    }
    const entry = { path: 'writes.json', sha256: hex('{"reply":"Done."}\n'), bytes: 18 };
    const twice = JSON.stringify({ version: 1, writes: WRITES, files: [entry, entry, { path: 'commit/change.patch', sha256: hex('diff --git a/x b/x\n'), bytes: 19 }] });
    writeFileSync(join(folder, MANIFEST_FILE), twice);
    expect(() => openOutputs(folder, hex(twice))).toThrow("The outputs' manifest.json lists writes.json twice.");
  });

  it('refuses to seal a folder holding a link', () => {
    symlinkSync('/etc/passwd', join(folder, 'passwd'));
    expect(() => sealOutputs(folder, WRITES)).toThrow('The outputs folder holds passwd, which is not a regular file or a folder.');
  });

  it('has its JSON Schema in the repository, as the code checks it', () => {
    const committed = JSON.parse(readFileSync(join(ROOT, 'schemas', 'outputs-manifest.v1.json'), 'utf8'));
    expect(committed).toEqual(manifestJsonSchema());
  });
});
