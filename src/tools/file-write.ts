// What Write and Edit share: the cheap name checks made before anything is
// opened, reading the current file through the confined open, and replacing
// a file's bytes through a descriptor that has passed every check.
import { relative } from 'node:path';
import { openForRead, PathError, toAbsolute, isInside, touchesGit, type OpenedFile } from '../safety/paths.js';
import { ToolError, type ToolDeps } from './tool.js';

/** The absolute path a write would go to, refused early when the name alone says it must be. */
export function writablePath(filePath: string, deps: ToolDeps): string {
  let path: string;
  try {
    path = toAbsolute(filePath, deps.root);
  } catch (err) {
    throw new ToolError((err as Error).message);
  }
  if (!isInside(path, deps.root) || path === deps.root) {
    throw new ToolError(`${path} is outside the repository checkout (${deps.root}). Only files inside it can be written.`);
  }
  if (touchesGit(relative(deps.root, path))) throw new ToolError(`Refusing to write ${path}: files inside .git cannot be written.`);
  return path;
}

export interface CurrentFile {
  realPath: string;
  mtimeMs: number;
  size: number;
  bytes: Buffer;
}

/** The file as it is now (read through the confined open), or undefined when it does not exist. */
export async function currentFile(path: string, deps: ToolDeps, maxBytes = Infinity): Promise<CurrentFile | undefined> {
  let opened: OpenedFile;
  try {
    opened = await openForRead(path, [deps.root]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (err instanceof PathError) throw new ToolError(err.message);
    throw err;
  }
  try {
    // Reached through a link, a file may turn out to live in .git: say so now, not after a wasted Read.
    if (touchesGit(relative(deps.root, opened.realPath))) throw new ToolError(`Refusing to write ${path}: files inside .git cannot be written.`);
    const bytes = opened.size > maxBytes ? Buffer.alloc(0) : await opened.handle.readFile();
    return { realPath: opened.realPath, mtimeMs: opened.mtimeMs, size: opened.size, bytes };
  } finally {
    await opened.handle.close();
  }
}

/** Reads what is at the descriptor now (it was opened read-write). */
export async function readOpened(opened: OpenedFile): Promise<Buffer> {
  const buffer = Buffer.alloc(opened.size);
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesRead } = await opened.handle.read(buffer, offset, buffer.length - offset, offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
  }
  return buffer.subarray(0, offset);
}

/** Replaces the file's contents; returns its new mtime. */
export async function replaceContents(opened: OpenedFile, bytes: Buffer): Promise<number> {
  await opened.handle.truncate(0);
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await opened.handle.write(bytes, offset, bytes.length - offset, offset);
    offset += bytesWritten;
  }
  return (await opened.handle.stat()).mtimeMs;
}
