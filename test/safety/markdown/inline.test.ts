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
    // cmark-gfm's raw HTML: spacechar is [ \t\n\v\f\r]; U+00A0 is part of an unquoted value.
    ['a tag whose attributes a form feed and a vertical tab separate', '<a\fb=c\vd>', ['open-tag <a\fb=c\vd>']],
    ['a tag with a no-break space in an unquoted value', '<a b=c\u00A0d>', ['open-tag <a b=c\u00A0d>']],
    ['no tag where a no-break space separates attributes', '<a b\u00A0c>', ['lt <']],
    ['a closing tag with a form feed', '</a\f>', ['closing-tag </a\f>']],
    ['an autolink with a no-break space', '<https://a.example/\u00A0x>', ['autolink <https://a.example/\u00A0x>']],
    ['no tag across a line that starts with a block quote marker', '<a\n> b>', ['lt <']],
    ['no tag across a line of nothing but spaces', '<a\n  \r\nb>', ['lt <']],
    ['a tag across a line of no-break spaces', '<a b="\n\u00A0\n">', ['open-tag <a b="\n\u00A0\n">']],
    // A tag GitHub may split: its content is read on.
    ['the content of a tag a heading may split', '<a b="\n# @o/t">', ['open-tag <a b="\n# @o/t">', 'at @']],
    ['the content of a tag a table cell may end in', '<a b="|@o/t">', ['open-tag <a b="|@o/t">', 'at @']],
    ['the content of an autolink a table cell may end in', '<https://a.example/|@o/t>', ['autolink <https://a.example/|@o/t>', 'at @']],
  ])('%s', (_, text, expected) => {
    expect(tokens(text)).toEqual(expected);
  });

  it('tells which open tags GitHub and every HTML parser surely read as the scanner does', () => {
    const certainty = (text: string, codeSpans = true) =>
      [...(function* () {
        const scanner = new InlineScanner(text, codeSpans);
        for (let token = scanner.next(); token; token = scanner.next()) if (token.kind === 'open-tag') yield token.certain;
      })()];
    expect(certainty('<a b="c">')).toEqual([true]);
    expect(certainty('<a\n  b="c"\n  d>')).toEqual([true]);
    expect(certainty('<a\fb>')).toEqual([false]);
    expect(certainty('<a\vb>', false)).toEqual([false]);
    expect(certainty('<a b="|">')).toEqual([false]);
    expect(certainty('<a b="|">', false)).toEqual([true]);
    expect(certainty('<a b="\n- c">')).toEqual([false]);
    expect(certainty('<a b="\n- c">', false)).toEqual([true]);
    expect(certainty('<a\nb>\n|---|')).toEqual([false]);
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
