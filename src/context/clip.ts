// One rule for cutting a long text the model is given: its start, then a
// note saying how much was left out — never cut silently.

/** `text`, or its first `max` characters and a note of how many more there were. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n\n[… ${text.length - max} more characters of this text are not shown here.]`;
}
