// GitHub's team mention, `@org/team`, as it is written and as it renders:
// the only mention that pings a whole group, so the one defang makes code.
import { decodeEntities } from './entities.js';

/** One character as written: itself, or a character reference (which renders as the character). */
const CHARACTER = /&#\d{1,7};|&#[xX][0-9A-Fa-f]{1,6};|&#47|&[A-Za-z][A-Za-z0-9]{1,31};|[\s\S]/uy;

/**
 * The team mention `@org/team` starting at `at`, as written — any of its
 * characters may be a character reference (`&commat;org/&#116;eam` renders,
 * and pings, the same) — or undefined.
 */
export function teamMentionAt(text: string, at: number): { source: string; end: number } | undefined {
  let i = at;
  const next = (): string | undefined => {
    CHARACTER.lastIndex = i;
    const token = CHARACTER.exec(text)?.[0];
    if (token === undefined) return undefined;
    i += token.length;
    return token.length > 1 ? decodeEntities(token) : token;
  };
  if (next() !== '@') return undefined;
  /** Characters while `allowed`; `wordEnd` is after the last one that is not a dash (a word does not end in one). */
  const read = (allowed: RegExp): { name: string; wordEnd: number } => {
    let name = '';
    let end = i;
    let wordEnd = i;
    for (let ch = next(); ch !== undefined && allowed.test(ch); ch = next()) {
      name += ch;
      end = i;
      if (ch !== '-') wordEnd = i;
    }
    i = end;
    return { name, wordEnd };
  };
  const org = read(/^[A-Za-z0-9-]$/);
  if (!/^[A-Za-z0-9]/.test(org.name) || next() !== '/') return undefined;
  const team = read(/^[A-Za-z0-9_-]$/);
  if (!/^[A-Za-z0-9]/.test(team.name)) return undefined;
  return { source: text.slice(at, team.wordEnd), end: team.wordEnd };
}

/** Where a `@` sits inside a URL (a link target, an autolink, a bare URL), a mention is not one. */
export function insideUrl(text: string, at: number): boolean {
  let start = at;
  while (start > 0 && at - start < 256 && !/[\s<>()"'[\]`]/.test(text[start - 1]!)) start--;
  const token = text.slice(start, at);
  return token.includes('://') || /^www\./i.test(token);
}
