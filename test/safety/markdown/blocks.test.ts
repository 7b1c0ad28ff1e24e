// The block splitter under each reader's rules, line by line: C fenced code,
// H an HTML block, M the rest. Where the two differ, each errs to its own safe
// side: the model's reader (sanitize) towards prose, where hidden markup is
// removed; what Deckhand posts (defang) towards markdown, which it defangs.
import { describe, expect, it } from 'vitest';
import { readBlocks, type BlockRules } from '../../../src/safety/markdown/blocks.js';
import { DEFANG_BLOCKS } from '../../../src/safety/defang.js';
import { SANITIZE_BLOCKS } from '../../../src/safety/sanitize.js';

const LETTER = { code: 'C', html: 'H', markdown: 'M' } as const;
const kinds = (text: string, rules: BlockRules) =>
  readBlocks(text, rules)
    .filter((line) => line.text !== '')
    .map((line) => LETTER[line.kind])
    .join('');

describe('the block splitter', () => {
  it.each([
    ['a fence between paragraphs', 'a\n```js\ncode\n```\nb\n', 'MCCCM', 'MCCCM'],
    ['a tilde fence closed by a longer one', '~~~\nx\n~~~~\ny\n', 'CCCM', 'CCCM'],
    ['a closer indented more than 3 past its opener is code, not a closer', '```\nx\n    ```\ny\n```\n', 'CCCCC', 'CCCCC'],
    ['a backtick fence whose info holds a backtick is no fence', '``` a`b\nx\n', 'MM', 'MM'],
    ['an unclosed fence runs to the end', '```\nx\n\ny\n', 'CCCC', 'CCCC'],
    ['a fence inside a block-level HTML element is text', '<div>\n```\nx\n```\n</div>\n', 'HHHHH', 'HHHHH'],
    ['a fence inside an HTML comment is text, one after it is code', '<!--\n```\n-->\n```\nx\n```\n', 'HHHCCC', 'HHHCCC'],
    ['a raw-text element ends at its closing tag, not at a blank line', '<pre>\n\n```\n</pre>\n```\n', 'HHHHC', 'HHHHC'],
    // sanitize counts any tag as starting an HTML block: fewer fences, more prose.
    ['an inline tag at the start of a paragraph', '<b>bold</b> and\n```\ncode\n```\n', 'HHHH', 'MCCC'],
    // A closer dedented below its opener (a list item ended): sanitize reads it again, and
    // CommonMark agrees it opens a new fence; defang closes there and defangs what follows.
    ['a closer indented less than its opener', '- item\n  ```\n  code\n```\nafter\n', 'MCCCC', 'MCCCM'],
    ['a line indented less than the fence ends it', '- item\n   ```\n   x\n y\n', 'MCCM', 'MCCM'],
    // defang believes an indented fence after a blank line (a list item's; code either way).
    ['a fence indented 6 after a blank line', 'text\n\n      ```\n      x\n      ```\n', 'MMMMM', 'MMCCC'],
    ['a tab-indented fence', '\t```\nx\n```\n', 'MMC', 'CMC'],
    // defang looks past block quote and list markers for HTML.
    ['an HTML block in a block quote', '> <div>\n> ```\n> x\n', 'MMM', 'HHH'],
    ['a lone complete tag starts an HTML block that a blank line ends', '<span class="a">\n`@x/y`\n\nafter\n', 'HHHM', 'HHHM'],
    ['a tag with text after it starts no HTML block for defang', '<span>hi\n', 'H', 'M'],
    // A blank line is spaces and tabs only: a line of U+00A0 or a form feed is text, and ends no HTML block.
    ['a line of no-break spaces inside an HTML block', '<div>\n\u00A0\n```\nx\n```\n', 'HHHHH', 'HHHHH'],
    ['a form feed line inside an HTML block', '<div>\n\f\n```\nx\n```\n', 'HHHHH', 'HHHHH'],
    // cmark-gfm's block starts: spacechar after a block tag's name, tabs, spaces and form feeds after a lone tag.
    ['a block-level tag name followed by a form feed', '<div\fclass=x>hi\n```\n', 'HH', 'HH'],
    ['a lone tag followed by a form feed', '<span>\f\n```\n', 'HH', 'HH'],
  ])('%s', (_, text, sanitized, defanged) => {
    expect(kinds(text, SANITIZE_BLOCKS)).toBe(sanitized);
    expect(kinds(text, DEFANG_BLOCKS)).toBe(defanged);
  });

  it('marks the line that opens a fence with the fence it opens', () => {
    const lines = readBlocks('x\n  ~~~~ py\ny\n', DEFANG_BLOCKS);
    expect(lines.map((line) => line.opens)).toEqual([undefined, { char: '~', length: 4, indent: 2 }, undefined]);
  });
});
