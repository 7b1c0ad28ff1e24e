// The folder a run's agent phase leaves for its publish phase (issue 32): the
// files it would publish, and `manifest.json`, which carries the writes it
// proposes (writes.ts) and lists every other file with its SHA-256 and size. The agent job
// outputs the manifest's own SHA-256; the publish job, which holds the
// write token and no model, opens the folder only when the manifest is the
// one that digest names and every file is the one it lists — nothing more,
// nothing less, nothing outside the folder. Its JSON Schema is
// schemas/outputs-manifest.v1.json, generated from the schema here.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { z } from 'zod';
import { WritesSchema, type Writes } from './writes.js';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_VERSION = 1;
/** The most one file, and the whole folder, may hold: what one run publishes is far less. */
export const MAX_OUTPUT_FILE_BYTES = 16 * 1024 * 1024;
export const MAX_OUTPUTS_BYTES = 64 * 1024 * 1024;
export const MAX_OUTPUT_FILES = 1000;

/** A path in the folder as the manifest writes it: relative, `/`-separated, no empty segment, none starting with a dot (no `..`, no `.git`). */
const OutputPath = z
  .string()
  .regex(/^(?!.*(^|\/)\.)(?!.*(^|\/)(\/|$))[A-Za-z0-9._\/-]{1,200}$/, { error: 'must be a plain relative path inside the folder' })
  .refine((path) => path !== MANIFEST_FILE, { error: 'must not be the manifest itself' });

export const ManifestSchema = z
  .object({
    version: z.literal(MANIFEST_VERSION),
    files: z
      .array(
        z
          .object({
            path: OutputPath,
            sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be a SHA-256 in hex' }),
            bytes: z.number().int().min(0).max(MAX_OUTPUT_FILE_BYTES),
          })
          .strict(),
      )
      .max(MAX_OUTPUT_FILES),
    writes: WritesSchema,
  })
  .strict();

export type Manifest = z.infer<typeof ManifestSchema>;

/** The folder cannot be trusted: the publish phase writes nothing of it, and says this line. */
export class OutputsError extends Error {
  override name = 'OutputsError';
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** Every regular file under `folder` but the manifest, as the manifest names it; a link or anything else is refused. */
function filesIn(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const name = relative(folder, path).split(sep).join('/');
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        if (name !== MANIFEST_FILE) found.push(name);
      } else throw new OutputsError(`The outputs folder holds ${name}, which is not a regular file or a folder.`);
    }
  };
  walk(folder);
  return found.sort();
}

/** Writes `manifest.json` with `writes` for what `folder` holds; the SHA-256 of the manifest is what the agent job outputs. */
export function sealOutputs(folder: string, writes: Writes): { manifest: Manifest; sha256: string } {
  const manifest: Manifest = {
    version: MANIFEST_VERSION,
    writes,
    files: filesIn(folder).map((path) => {
      const bytes = readFileSync(join(folder, path));
      return { path, sha256: sha256(bytes), bytes: bytes.length };
    }),
  };
  const parsed = ManifestSchema.safeParse(manifest);
  if (!parsed.success) throw new OutputsError(`The outputs cannot be sealed: ${describe(parsed.error)}.`);
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  writeFileSync(join(folder, MANIFEST_FILE), text);
  return { manifest, sha256: sha256(text) };
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.map(String).join('.') || 'the manifest'} ${issue.message.replace(/^Invalid input: /, '')}`;
}

/** A regular file's bytes, refusing a link or anything that is not a file (read once: what is checked is what is used). */
function regularFile(path: string, name: string): Buffer {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    throw new OutputsError(`The outputs folder has no ${name}.`);
  }
  if (!stat.isFile()) throw new OutputsError(`The outputs folder's ${name} is not a regular file.`);
  if (stat.size > MAX_OUTPUTS_BYTES) throw new OutputsError(`The outputs folder's ${name} is larger than ${MAX_OUTPUTS_BYTES / 1024 / 1024} MB.`);
  return readFileSync(path);
}

/** The folder once checked: its manifest, and each file's bytes as they were checked. */
export interface OpenedOutputs {
  manifest: Manifest;
  file(path: string): Buffer;
}

/**
 * Opens the folder the agent phase left, when the manifest's SHA-256 is
 * `expected` (the agent job's output) and the folder holds exactly the files
 * it lists, each with its digest and size; otherwise one line saying what
 * does not match.
 */
export function openOutputs(folder: string, expected: string): OpenedOutputs {
  if (!/^[0-9a-f]{64}$/.test(expected)) throw new OutputsError("Input outputs_sha256 must be the agent job's outputs_sha256 (64 hex digits).");
  const text = regularFile(join(folder, MANIFEST_FILE), MANIFEST_FILE);
  if (sha256(text) !== expected) throw new OutputsError(`The outputs' ${MANIFEST_FILE} is not the one the agent job sealed: its SHA-256 differs from outputs_sha256.`);
  let raw: unknown;
  try {
    raw = JSON.parse(text.toString('utf8'));
  } catch {
    throw new OutputsError(`The outputs' ${MANIFEST_FILE} is not JSON.`);
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) throw new OutputsError(`The outputs' ${MANIFEST_FILE} is invalid: ${describe(parsed.error)}.`);
  const manifest = parsed.data;
  const listed = new Set<string>();
  const contents = new Map<string, Buffer>();
  let total = 0;
  for (const entry of manifest.files) {
    if (listed.has(entry.path)) throw new OutputsError(`The outputs' ${MANIFEST_FILE} lists ${entry.path} twice.`);
    listed.add(entry.path);
    const bytes = regularFile(join(folder, ...entry.path.split('/')), entry.path);
    if (bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256) throw new OutputsError(`The outputs' ${entry.path} is not the file the manifest lists (its size or SHA-256 differs).`);
    total += bytes.length;
    if (total > MAX_OUTPUTS_BYTES) throw new OutputsError(`The outputs hold more than ${MAX_OUTPUTS_BYTES / 1024 / 1024} MB.`);
    contents.set(entry.path, bytes);
  }
  const unlisted = filesIn(folder).find((path) => !listed.has(path));
  if (unlisted) throw new OutputsError(`The outputs folder holds ${unlisted}, which the manifest does not list.`);
  return {
    manifest,
    file(path) {
      const bytes = contents.get(path);
      if (!bytes) throw new OutputsError(`The outputs' manifest lists no ${path}.`);
      return bytes;
    },
  };
}

/** The manifest's JSON Schema, as schemas/outputs-manifest.v1.json holds it. */
export function manifestJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://github.com/deckhand/deckhand/schemas/outputs-manifest.v1.json',
    title: "Deckhand's outputs manifest, version 1",
    ...(z.toJSONSchema(ManifestSchema, { io: 'input' }) as Record<string, unknown>),
  };
}
