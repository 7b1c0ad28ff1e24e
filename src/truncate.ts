// One rule for cutting a long text Deckhand hands on — to the model (a tool
// result, a description, instructions), to a comment or to the job summary:
// its head, never half a character, then a note saying how much was left out
// and where the rest is. Nothing is cut silently.

/**
 * The first `max` UTF-16 units of `text`, or one fewer when the last would be
 * the first half of a surrogate pair (half an emoji is not a character, and
 * an API may refuse it).
 */
export function headOf(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** `text` when it fits in `max`; else its head followed by `note(left)`, `left` being how many characters were not shown. */
export function truncate(text: string, max: number, note: (left: number) => string): string {
  if (text.length <= max) return text;
  const head = headOf(text, max);
  return `${head}${note(text.length - head.length)}`;
}

/**
 * `text` within `max` characters, its start and its end kept (a body's end is
 * its footer and Deckhand's marker), the middle left out at line breaks with
 * `note(left)` in its place.
 */
export function cutMiddle(text: string, max: number, note: (left: number) => string): string {
  if (text.length <= max) return text;
  const room = max - note(text.length).length;
  const tailFrom = text.indexOf('\n', Math.max(text.length - Math.floor(room / 8), 0));
  const tail = tailFrom === -1 ? '' : text.slice(tailFrom + 1);
  let head = headOf(text, room - tail.length);
  const lastBreak = head.lastIndexOf('\n');
  if (lastBreak > 0) head = head.slice(0, lastBreak + 1);
  return `${head}${note(text.length - head.length - tail.length)}${tail}`;
}

/** A text the model is given: its head and a note of how many more characters there were. */
export function clip(text: string, max: number): string {
  return truncate(text, max, (left) => `\n\n[… ${left} more characters of this text are not shown here.]`);
}
