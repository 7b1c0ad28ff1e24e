// A text rewritten left to right: the parts between edits are copied as they
// are, so what a policy does not touch stays byte for byte.

export class TextEdits {
  private readonly out: string[] = [];
  private copied = 0;

  constructor(private readonly text: string) {}

  /** Everything before this index has been copied or replaced. */
  get copiedUpTo(): number {
    return this.copied;
  }

  /** `text[from, to)` becomes `replacement`; `from` must not be before what is already copied. */
  replace(from: number, to: number, replacement: string): void {
    this.out.push(this.text.slice(this.copied, from), replacement);
    this.copied = to;
  }

  /** The rewritten text: the edits, and the rest as it was. */
  result(): string {
    return this.out.join('') + this.text.slice(this.copied);
  }
}
