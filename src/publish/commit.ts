// What may be committed: only files and links, and nothing that holds a secret.
import type { ChangeContent } from '../checkout/changes.js';
import { CommitRefused } from '../github/commit.js';

/** A file holds a secret: nothing is committed, and the changes are not shown anywhere either. */
export class SecretRefused extends CommitRefused {
  override name = 'SecretRefused';
}

/**
 * Refuses what cannot be published: a path that is no file or link (named),
 * and a secret — in a file, in a link's target, or in a path itself (the
 * tree request carries every name). The secret is described, never shown,
 * and a path holding one is not named either.
 */
export function refuseUnpublishable(contents: readonly ChangeContent[], find: (text: string) => string | undefined): void {
  for (const change of contents) {
    if (change.kind === 'deleted') continue;
    const inPath = find(change.path);
    if (inPath) throw new SecretRefused(`A changed file's name contains ${inPath}, so nothing was committed: Deckhand never publishes a secret. Rename it and ask again.`);
    if (change.kind === 'unsupported') {
      throw new CommitRefused(`The path ${change.path} is ${change.what}, not a regular file or a symbolic link, so nothing was committed: Deckhand commits only files and links. Remove it and ask again.`);
    }
    const text = change.kind === 'link' ? change.target : change.kind === 'file' ? change.bytes.toString('latin1') : '';
    const found = find(text);
    if (found) throw new SecretRefused(`The file ${change.path} contains ${found}, so nothing was committed: Deckhand never publishes a secret. Remove it and ask again.`);
  }
}
