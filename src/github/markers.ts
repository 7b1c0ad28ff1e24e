// The hidden marks on what Deckhand posts, read back by the stages that come
// before publishing (the trigger ignores its own comments, the gather finds
// the head its last review covered), so they live apart from both.

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
