// Where a URL written in markdown or in an HTML attribute makes a browser
// fetch from: GitHub's own server, a data: URL, or elsewhere.
import { decodeEntities } from './entities.js';

export type Destination = 'github' | 'data' | 'elsewhere';

/**
 * Where `raw` (a destination as written, in markdown or an HTML attribute)
 * makes the browser fetch from. It is read as GitHub would: backslash escapes
 * and character references decoded, tabs and line breaks dropped, resolved
 * against the server, by the WHATWG URL parser (so `//evil`, `/\evil`,
 * `https:evil`, `github.com@evil` all say where they really go). Only the
 * server's own scheme counts, and never with a user name or password.
 */
export function destinationOf(raw: string, server: URL): Destination {
  const decoded = trimC0(decodeEntities(raw.replace(/\\([!-/:-@[-`{-~])/g, '$1')).replace(/[\t\n\r]/g, ''));
  if (/^data:/i.test(decoded)) return 'data';
  let url: URL;
  try {
    url = new URL(decoded, `${server.origin}/`);
  } catch {
    return 'elsewhere';
  }
  if (url.protocol !== server.protocol || url.username !== '' || url.password !== '') return 'elsewhere';
  if (url.host === server.host) return 'github';
  const userContent =
    server.hostname === 'github.com'
      ? url.hostname.endsWith('.githubusercontent.com') && url.port === ''
      : // GHES with subdomain isolation serves user content from media.<host>, raw.<host>, …
        url.hostname.endsWith(`.${server.hostname}`) && url.port === server.port;
  return userContent ? 'github' : 'elsewhere';
}

/**
 * `text` without the C0 controls and spaces at either end, as the URL parser
 * trims them; counted by hand, since a pattern for the trailing ones would
 * start again at every space of a run inside.
 */
function trimC0(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/** The URLs of a `srcset` (HTML's candidate parsing: a URL, then descriptors up to a comma). */
export function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i]!)) i++;
    const start = i;
    while (i < value.length && !/\s/.test(value[i]!)) i++;
    const url = value.slice(start, i);
    if (url === '') break;
    if (url.endsWith(',')) {
      let end = url.length;
      while (url[end - 1] === ',') end--;
      urls.push(url.slice(0, end));
      continue;
    }
    urls.push(url);
    let depth = 0;
    for (; i < value.length; i++) {
      const char = value[i];
      if (char === '(') depth++;
      else if (char === ')') depth--;
      else if (char === ',' && depth <= 0) {
        i++;
        break;
      }
    }
  }
  return urls;
}
