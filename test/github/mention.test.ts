// When a comment wakes the action (product.md §3): the trigger phrase as a whole
// word, case-insensitive, outside quoted lines, inline code and fenced code.
import { describe, expect, it } from 'vitest';
import { mentions, stripQuotedAndCode } from '../../src/github/mention.js';
import { growth, LINEAR } from '../helpers/growth.js';

const cases: [behaviour: string, body: string, expected: boolean][] = [
  ['a plain mention counts', '@deckhand please fix this', true],
  ['a mention at the end of a sentence counts', 'Can you look, @deckhand.', true],
  ['a mention followed by a comma counts', '@deckhand, what does this do?', true],
  ['a mention followed by a colon counts', '@deckhand: run the tests', true],
  ['a mention in parentheses counts', 'ask the bot (@deckhand) about it', true],
  ['a mention on a later line counts', 'Some context.\n\nThen: @deckhand go', true],
  ['the match is case-insensitive', 'hey @DeckHand help', true],
  ['a longer login is someone else', '@deckhandx please', false],
  ['a login with a dash suffix is someone else', 'cc @deckhand-bot', false],
  ['a login with an underscore suffix is someone else', 'cc @deckhand_2', false],
  ['an e-mail address is not a mention', 'write to me@deckhand.io', false],
  ['a path segment is not a mention', 'see foo/@deckhand for details', false],
  ['a doubled at-sign is not a mention', 'who is @@deckhand', false],
  ['a quoted line does not count', '> @deckhand fix this', false],
  ['an indented quoted line does not count', '   > @deckhand fix this', false],
  ['a mention after a quote counts on its own line', '> @deckhand fix this\n\nYes @deckhand, please do', true],
  ['a quote right before a plain line leaves that line counting', '> earlier words\n@deckhand do it', true],
  ['inline code does not count', 'type `@deckhand fix` in a comment', false],
  ['double-backtick code with a backtick inside does not count', 'use ``a ` @deckhand`` here', false],
  ['an unmatched backtick is literal text', 'a ` stray then @deckhand', true],
  ['backtick runs of different lengths do not pair', 'x `` y @deckhand ` z', true],
  ['an escaped backtick does not open a code span', 'a \\`not code @deckhand`', true],
  ['a code span does not cross a blank line', 'a `open\n\n@deckhand` close', true],
  ['a backtick fenced block does not count', '```\n@deckhand fix\n```', false],
  ['a tilde fenced block does not count', '~~~ts\n// @deckhand\n~~~', false],
  ['a mention after a closed fence counts', '```js\nx()\n```\n@deckhand explain', true],
  ['an unclosed fence runs to the end', '```\ncode\n@deckhand', false],
  ['a shorter fence does not close a longer one', '````\n```\n@deckhand\n````', false],
  ['a tilde fence does not close a backtick fence', '```\n~~~\n@deckhand\n```', false],
  ['a fence indented by 3 spaces is a fence', '   ```\n@deckhand\n   ```', false],
  ['a fence indented by 4 spaces is not a fence', '    ```\n@deckhand', true],
  ['backticks with a backtick in the info string are not a fence', '```a`b\n@deckhand', true],
  ['CRLF line endings work for fences', '```\r\n@deckhand\r\n```\r\nthanks', false],
  ['CRLF line endings work for a mention after a fence', '```\r\nx\r\n```\r\n@deckhand go\r\n', true],
  ['CRLF line endings work for quotes', '> @deckhand\r\nok', false],
  ['an empty body mentions nothing', '', false],
];

describe('mentions', () => {
  it.each(cases)('%s', (_behaviour, body, expected) => {
    expect(mentions(body, '@deckhand')).toBe(expected);
  });

  const custom: [behaviour: string, body: string, phrase: string, expected: boolean][] = [
    ['a slash trigger works', 'please /deckhand now', '/deckhand', true],
    ['a slash trigger needs a word boundary before it', 'see a/deckhand', '/deckhand', false],
    ['a phrase with a space works', 'Hey Bot, help', 'hey bot', true],
    ['a phrase inside a longer word does not count', 'they bot', 'hey bot', false],
    ['regex specials in the phrase are literal', 'run bot.* now', 'bot.*', true],
    ['a regex special does not match other text', 'run botxx now', 'bot.*', false],
    ['an empty phrase matches nothing', 'anything', '   ', false],
  ];
  it.each(custom)('%s', (_behaviour, body, phrase, expected) => {
    expect(mentions(body, phrase)).toBe(expected);
  });
});

describe('stripQuotedAndCode', () => {
  it('keeps the line structure so positions stay readable', () => {
    expect(stripQuotedAndCode('a\n> q\n```\ncode\n```\nb `c` d')).toBe('a\n\n\n\n\nb   d');
  });

  it('stays fast on many unmatched backtick runs', () => {
    const body = Array.from({ length: 20_000 }, (_, i) => '`'.repeat((i % 50) + 1)).join(' x ');
    const started = Date.now();
    stripQuotedAndCode(body);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

// Issue 27: a fence line the pattern could not open was tried again for every shorter run of its backticks.
describe('four times the text, about four times the work', () => {
  const inputs: [string, (n: number) => string][] = [
    ['a line of tildes with a line separator in it', (n) => `~~~${'~'.repeat(n)}\u2028x @deckhand`],
    ['a line of backticks with a line separator in it', (n) => `\`\`\`${'`'.repeat(n)}\u2028x @deckhand`],
    ['a run of @', (n) => `${'@'.repeat(n)}deckhand`],
  ];
  it.each(inputs)('%s', (_, make) => {
    expect(growth((body) => mentions(body, '@deckhand'), make, 20_000)).toBeLessThan(LINEAR);
  });
});
