import { describe, expect, it } from 'vitest';
import { clip, cutMiddle, headOf, truncate } from '../src/truncate.js';

const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('cutting a long text', () => {
  it.each([
    ['fits', 'abc', 3, 'abc'],
    ['cut', 'abcdef', 4, 'abcd'],
    ['an emoji across the limit is left out whole', 'ab😀cd', 3, 'ab'],
    ['an emoji just inside the limit is kept', 'ab😀cd', 4, 'ab😀'],
    ['a character outside the BMP after a cut', '😀😀😀', 5, '😀😀'],
  ])('%s', (_, text, max, head) => {
    expect(headOf(text, max)).toBe(head);
    expect(headOf(text, max)).not.toMatch(lone);
  });

  it('says how many characters were not shown, counting a held-back half character', () => {
    expect(truncate('abcdef', 4, (left) => ` [+${left}]`)).toBe('abcd [+2]');
    expect(truncate('ab😀cd', 3, (left) => ` [+${left}]`)).toBe('ab [+4]');
    expect(truncate('abc', 3, () => ' never')).toBe('abc');
  });

  it('clips what the model reads with a note of the rest', () => {
    expect(clip('x'.repeat(10), 4)).toBe('xxxx\n\n[… 6 more characters of this text are not shown here.]');
    expect(clip('short', 40)).toBe('short');
  });
});

describe('cutting a body to fit', () => {
  const note = (left: number) => `\n[${left} left out]\n`;
  it('keeps the start and the end, cuts at line breaks, and fits', () => {
    const text = ['first', ...Array.from({ length: 200 }, (_, i) => `line ${i}`), 'footer <!-- deckhand -->'].join('\n');
    const cut = cutMiddle(text, 300, note);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.startsWith('first\nline 0\n')).toBe(true);
    expect(cut.endsWith('footer <!-- deckhand -->')).toBe(true);
    const [head, tail] = cut.split(/\n\[\d+ left out\]\n/);
    expect(text.startsWith(head!)).toBe(true);
    expect(text.endsWith(tail!)).toBe(true);
    expect(Number(/\[(\d+) left out\]/.exec(cut)![1])).toBe(text.length - head!.length - tail!.length);
  });

  it('leaves a text that fits as it is', () => {
    expect(cutMiddle('short', 300, note)).toBe('short');
  });
});
