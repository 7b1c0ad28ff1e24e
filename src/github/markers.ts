// The hidden marks on what Deckhand posts, read back by the stages that come
// before publishing (the trigger ignores its own comments, the gather finds
// the head its last review covered), so they live apart from both.
//
// Anyone can write a mark, so a mark alone proves nothing: Deckhand's own
// output is a marked text whose author is the account Deckhand posts as — the
// login its token belongs to when that is known (from its tracking comment, or
// GitHub's GET /user for a user's token), else a GitHub App bot (author type
// `Bot`), which no outside commenter can be.

/** The hidden marker on everything Deckhand posts: how it knows its own output. */
export const MARKER = '<!-- deckhand -->';

/** Text Deckhand wrote: it carries the marker, or one of its `deckhand:` records. */
export function isDeckhandText(body: string): boolean {
  return body.includes(MARKER) || body.includes('<!-- deckhand:');
}

/** The hidden record of the head a review covered: the start of the next, incremental, review. */
export function reviewedShaMarker(sha: string): string {
  return `<!-- deckhand:reviewed-sha=${sha} -->`;
}

/**
 * The record's place: the very end of a review's body, after the marker, as
 * publish/review.ts writes it — a full commit id (SHA-1 or SHA-256). A record
 * anywhere else in the body is not Deckhand's.
 */
const RECORD_AT_END = /\n<!-- deckhand -->\n<!-- deckhand:reviewed-sha=([0-9a-f]{40}|[0-9a-f]{64}) -->\s*$/;

/** The head a review of Deckhand's recorded as covered: only from the record at its own place. */
export function reviewedShaOf(body: string): string | undefined {
  return RECORD_AT_END.exec(body)?.[1];
}

/** `<!--`, any spacing, `deckhand` in any case — and not yet quoted. */
const MARK_OPENING = /<!--(\s*)(deckhand)(?! \(quoted\))/gi;

/**
 * What the model wrote, with every opening of a Deckhand mark made one that
 * no reader of marks takes for Deckhand's own (`<!-- deckhand (quoted):…`):
 * a review summary that carries `<!-- deckhand:reviewed-sha=X -->` records
 * nothing, and an answer with `<!-- deckhand -->` in it is still the answer.
 * Still hidden where it was hidden; idempotent.
 */
export function quotedMarks(text: string): string {
  return text.replace(MARK_OPENING, '<!--$1$2 (quoted)');
}

/** Who wrote a text, as GitHub says. */
export interface Author {
  login: string;
  type?: string;
}

/** Deckhand's own output: marked, and written by the account Deckhand posts as (`self`), or by a bot when that is not known. */
export function isOwnOutput(body: string, author: Author, self: string | undefined): boolean {
  if (!isDeckhandText(body)) return false;
  return self !== undefined ? author.login.toLowerCase() === self.toLowerCase() : author.type === 'Bot';
}
