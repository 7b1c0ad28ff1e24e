// What defang's decisions rest on, as tables: where a URL really points, and
// what GitHub reads as a team mention.
import { describe, expect, it } from 'vitest';
import { destinationOf, srcsetUrls } from '../../../src/safety/markdown/destination.js';
import { insideUrl, teamMentionAt } from '../../../src/safety/markdown/mentions.js';

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

  it('a @ inside a URL is no mention', () => {
    const text = 'see https://example.com/@org/team and www.example.com/@org/team but @org/team';
    expect([...text.matchAll(/@/g)].map((m) => insideUrl(text, m.index))).toEqual([true, true, false]);
  });
});
