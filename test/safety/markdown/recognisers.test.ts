// What defang's decisions rest on, as tables: where a URL really points, and
// what GitHub reads as a team mention.
import { describe, expect, it } from 'vitest';
import { destinationOf, srcsetUrls } from '../../../src/safety/markdown/destination.js';
import { SureLinks, teamMentionAt } from '../../../src/safety/markdown/mentions.js';

describe('where a URL points', () => {
  const github = new URL('https://github.com');
  const ghes = new URL('https://ghe.example.com');
  it.each([
    ['/owner/repo/raw/main/a.png', github, 'github'],
    ['https://github.com/a.png', github, 'github'],
    ['https://user-images.githubusercontent.com/1/a.png', github, 'github'],
    ['https://githubusercontent.com.evil.example/a.png', github, 'elsewhere'],
    ['https://user-images.githubusercontent.com:8443/a.png', github, 'elsewhere'],
    ['//evil.example/a.png', github, 'elsewhere'],
    ['/\\evil.example/a.png', github, 'elsewhere'],
    ['https:evil.example/a.png', github, 'github'], // resolved against the server: a path on github.com
    ['https://github.com@evil.example/a.png', github, 'elsewhere'],
    ['https://user:pw@github.com/a.png', github, 'elsewhere'],
    ['http://github.com/a.png', github, 'elsewhere'],
    ['&#47;&#47;evil.example/a.png', github, 'elsewhere'],
    ['\\/\\/evil.example/a.png', github, 'elsewhere'],
    ['//evil\n.example/a.png', github, 'elsewhere'],
    ['data:image/png;base64,AAAA', github, 'data'],
    ['DATA:image/png,x', github, 'data'],
    ['https://media.ghe.example.com/a.png', ghes, 'github'],
    ['https://github.com/a.png', ghes, 'elsewhere'],
  ])('%s', (raw, server, expected) => {
    expect(destinationOf(raw, server)).toBe(expected);
  });

  it('reads every URL of a srcset, commas inside URLs included', () => {
    expect(srcsetUrls('a.png 1x, https://e.example/b,c.png 2x,d.png')).toEqual(['a.png', 'https://e.example/b,c.png', 'd.png']);
  });
});

describe('team mentions', () => {
  it.each([
    ['@org/team', '@org/team'],
    ['@org/team-', '@org/team'],
    ['@org/team_a rest', '@org/team_a'],
    ['&commat;org/&#116;eam', '&commat;org/&#116;eam'],
    ['@org', undefined],
    ['@org/', undefined],
    ['@-org/team', undefined],
    ['@user', undefined],
  ])('%s', (text, expected) => {
    expect(teamMentionAt(text, 0)?.source).toBe(expected);
  });

  // GFM spec 6.9 (autolinks extension) and cmark-gfm's extensions/autolink.c, with a `@` put where
  // a mention would be: true where GitHub surely makes a link around it.
  it.each([
    ['www.commonmark.org/@a/b', true],
    ['Visit www.commonmark.org/a.b/@a/b for more information.', true],
    ['(www.google.com/search?q=Markup+(business)/@a/b)', true],
    ['www.google.com/search?q=commonmark&hl=en/@a/b', true],
    ['http://commonmark.org/@a/b', true],
    ['(Visit https://encrypted.google.com/search?q=Markup+(business)/@a/b)', true],
    ['*https://x.example/@a/b*', true],
    ['~www.x.example/@a/b~', true],
    ['www._x.y.example/@a/b', true],
    ['[a](b) www.x.example/@a/b', true],
    ['www.commonmark.org/he<lp/@a/b', false],
    ['ftp://foo.bar.baz/@a/b', false],
    ['foo://x.example/@a/b', false],
    ['xhttp://x.example/@a/b', false],
    ['www.@a/b', false],
    ['www.x/@a/b', false],
    ['Www.x.example/@a/b', false],
    ['awww.x.example/@a/b', false],
    ['www.x_y.example/@a/b', false],
    ['www.x.y_z/@a/b', false],
    ['https:///@a/b', false],
    ['https://x.example\\y/@a/b', false],
    ['https://x.example/|@a/b', false],
    ['https://x.example/`@a/b', false],
    ['[www.x.example/@a/b', false],
    ['[`]` www.x.example/@a/b', false],
    ['[a]\n\nwww.x.example/@a/b', true],
  ])('%s', (text, expected) => {
    expect(new SureLinks(text).autolinkCovers(text.indexOf('@'), 0)).toBe(expected);
  });

  it('a link destination GitHub surely makes, as cmark-gfm reads it', () => {
    const destination = (text: string) => {
      const paren = text.indexOf('](') + 1;
      const found = new SureLinks(text).destination({ at: paren, end: text.lastIndexOf(')') + 1 });
      return found && text.slice(found.start, found.end);
    };
    expect(destination('[a](b(c)d)')).toBe('b(c)d');
    expect(destination('[a](<b c>)')).toBe('b c');
    expect(destination('[a](b "t")')).toBe('b');
    expect(destination("[a](b 't')")).toBe('b');
    expect(destination('[a](b (t))')).toBe('b');
    expect(destination('[a](b\\)c)')).toBe('b\\)c');
    expect(destination('[a](b "t"\u00A0)')).toBeUndefined();
    expect(destination('[a](b\n"t")')).toBeUndefined();
    expect(destination('[a](b|c)')).toBeUndefined();
    expect(destination('\\[a](b)')).toBeUndefined();
    expect(destination('[a`](b)')).toBeUndefined();
    expect(destination('[[a](b)](c)')).toBeUndefined();
    expect(destination('a](b)')).toBeUndefined();
  });

  it('a @ inside a URL is no mention', () => {
    const text = 'see https://example.com/@org/team and www.example.com/@org/team but @org/team';
    const links = new SureLinks(text);
    expect([...text.matchAll(/@/g)].map((m) => links.autolinkCovers(m.index, 0))).toEqual([true, true, false]);
  });
});
