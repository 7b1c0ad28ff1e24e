// The inline scanner's tokens, as a table: what it believes is a code span,
// a tag, a comment, an autolink, and where it hands a policy an image or an
// `@`. A policy (defang) acts only on these, so a change here shows up here.
import { describe, expect, it } from 'vitest';
import { InlineScanner, type InlineToken } from '../../../src/safety/markdown/inline.js';

function shown(text: string, token: InlineToken): string {
  const end = 'end' in token ? token.end : token.at + (token.kind === 'image' ? 2 : 1);
  return `${token.kind} ${text.slice(token.at, end ?? text.length)}${end === undefined ? ' (unclosed)' : ''}`;
}

function tokens(text: string, codeSpans = true): string[] {
  const scanner = new InlineScanner(text, codeSpans);
  const found: string[] = [];
  for (let token = scanner.next(); token; token = scanner.next()) found.push(shown(text, token));
  return found;
}

describe('the inline scanner', () => {
  it.each([
    ['a code span', 'a `b` c', ['code `b`']],
    ['a double-backtick span holding a backtick', '``a ` b``', ['code ``a ` b``']],
    ['no span when the runs differ', '``a`', []],
    ['no span across a line break (GitHub may not agree where it ends)', 'a `b\nc` d', []],
    ['no span holding a `|` (a table cell would split it)', 'a `b|c` d', []],
    ['an @ inside a code span is not handed on', '`@org/team`', ['code `@org/team`']],
    ['a backslash escape, and the image it stops', '\\![x](y)', ['escape \\!']],
    ['an escaped backtick opens no span', '\\`a` b', ['escape \\`']],
    ['a backslash before a letter escapes nothing', '\\a', []],
    ['an image start', 'see ![x](y)', ['image ![']],
    ['a bang without a bracket', 'hi! [x]', []],
    ['an @ and a character reference to it', '@org/team &commat;org/team &#64;a', ['at @', 'at &', 'at &']],
    ['an open tag, then a span after it', '<a title="`">`b`', ['open-tag <a title="`">', 'code `b`']],
    ['a closing tag', 'x </b> y', ['closing-tag </b>']],
    ['an autolink holds backticks as text', '<https://a.example/`x`> `y`', ['autolink <https://a.example/`x`>', 'code `y`']],
    ['an email autolink', '<a@b.example>', ['autolink <a@b.example>']],
    ['a < that starts nothing', 'if a < b or <3', ['lt <', 'lt <']],
    ['a tag broken by a blank line is no tag', '<a\n\nhref="x">', ['lt <']],
    ['a comment hides its backticks from spans, and its content is still read', 'x <!-- `a` @o/t --> `b`', ['comment <!-- `a` @o/t -->', 'at @', 'code `b`']],
    ['an unclosed comment is text to CommonMark: spans after it are believed', '<!-- `a` `b`', ['comment <!-- `a` `b` (unclosed)', 'code `a`', 'code `b`']],
    // Their content is read too, so CDATA's `![` is handed on as an image start.
    ['a processing instruction, CDATA and a declaration', '<?x?> <![CDATA[y]]> <!DOCTYPE z>', ['comment <?x?>', 'comment <![CDATA[y]]>', 'image ![', 'comment <!DOCTYPE z>']],
    ['a link target is read raw: its backtick opens no span', '[a](u "`") `b`', ['code `b`']],
    ['a reference label is read raw', '[a][`x] `b`', ['code `b`']],
  ])('%s', (_, text, expected) => {
    expect(tokens(text)).toEqual(expected);
  });

  it('in an HTML block believes no code span: every @ is handed on', () => {
    expect(tokens('`@org/team` <b>', false)).toEqual(['at @', 'open-tag <b>']);
  });

  it('goes on where the policy says after a construct it read itself', () => {
    const text = '@a/b @c/d';
    const scanner = new InlineScanner(text, true);
    expect(scanner.next()).toEqual({ kind: 'at', at: 0 });
    scanner.skipTo(text.length);
    expect(scanner.next()).toBeUndefined();
  });

  it('knows where the last escape ended and where a line ends', () => {
    const scanner = new InlineScanner('a \\! b\nc', true);
    scanner.next();
    expect(scanner.escapedUpTo).toBe(4);
    expect(scanner.lineEndAfter(5)).toBe(6);
  });
});
