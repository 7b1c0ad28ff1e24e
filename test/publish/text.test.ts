// The model's text as it goes into commits and pull requests: closing
// keywords and attribution trailers neutralised (product.md §4), read in time
// linear in the text (issue 27: a lookahead after every keyword read the same
// long run again for each keyword before it).
import { describe, expect, it } from 'vitest';
import { neutralised } from '../../src/publish/text.js';
import { growth, LINEAR } from '../helpers/growth.js';

describe('neutralised', () => {
  it.each([
    ['Fixes #12 and closes owner/repo#3', '`Fixes` #12 and `closes` owner/repo#3'],
    ['resolved: https://github.com/o/r/issues/9', '`resolved`: https://github.com/o/r/issues/9'],
    ['FIX GH-4', '`FIX` GH-4'],
    ['fix\t:\t#5', '`fix`\t:\t#5'],
    // The longest form a reference follows: "fixes/repo#1" reads as "fix" + "es/repo#1".
    ['fixes/repo#1', '`fix`es/repo#1'],
    ['a prefix fix #1', 'a prefix `fix` #1'],
    ['prefix#1 suffix', 'prefix#1 suffix'],
    ['fixed the bug', 'fixed the bug'],
    ['fix http://x.example/pull/', 'fix http://x.example/pull/'],
    ['Co-authored-by: x <x@y>', '`Co-authored-by:` x <x@y>'],
  ])('%j', (text, expected) => {
    expect(neutralised(text)).toBe(expected);
  });

  it.each([
    ['a keyword before a run of spaces', (n: number) => `fix ${' '.repeat(n)}x`],
    ['a keyword before a run of tabs and a colon', (n: number) => `closes${'\t'.repeat(n)}:${'\t'.repeat(n)}x`],
    ['keywords inside one long name', (n: number) => 'fixa.'.repeat(n / 5)],
    ['keywords inside one long URL', (n: number) => 'fix:http://'.repeat(n / 11)],
    ['keywords before a long repository name', (n: number) => `fix ${'a.'.repeat(n / 2)}/b`],
    ['keywords in a long second name of GH- parts', (n: number) => `fix a/${'GH-'.repeat(n / 3)}x`],
  ])('%s: four times the text, about four times the work', (_, make) => {
    expect(growth(neutralised, make, 20_000)).toBeLessThan(LINEAR);
  });
});
