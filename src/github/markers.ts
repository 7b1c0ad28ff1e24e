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

export function reviewedShaOf(body: string): string | undefined {
  return /<!-- deckhand:reviewed-sha=([0-9a-f]{7,64}) -->/.exec(body)?.[1];
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
