// Names of the branches the action creates (product.md §3) and the check that
// a branch name from an event is one git accepts (§6): the name ends up in git
// command lines and API paths, so it is validated, not trusted.

/** Letters NFKD does not decompose into a base letter plus marks. */
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't',
};

/**
 * A branch-name slug: lower-case `a-z`, `0-9` and `-`, at most `max`
 * characters (cut between words where it can be), no leading or trailing `-`, never empty. Accents are dropped
 * (`é` → `e`) rather than turning words into dashes; any other run of
 * characters becomes one `-`.
 */
export function slugify(text: string, max = 40): string {
  const full = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłþıħŧ]/g, (char) => TRANSLITERATIONS[char] ?? '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const limit = Math.max(1, max);
  let slug = full.slice(0, limit);
  // Cut between words where one ends late enough, not in the middle of one.
  const lastDash = slug.lastIndexOf('-');
  if (full.length > limit && full[limit] !== '-' && lastDash >= limit / 2) slug = slug.slice(0, lastDash);
  slug = slug.replace(/-+$/, '');
  return slug === '' ? 'change' : slug;
}

/** Characters git never allows in a ref: ASCII controls, DEL, space and `~^:?*[\`. */
const FORBIDDEN = /[\u0000-\u0020\u007F~^:?*[\\]/;

/**
 * The rules of `git check-ref-format --branch`, so that a name can be checked
 * without running git. One deliberate difference: a lone `@` is refused (git
 * accepts it outside a repository but reads it as HEAD inside one).
 */
export function isValidBranchName(name: string): boolean {
  if (name === '' || name === '@' || name === 'HEAD') return false;
  if (name.startsWith('-') || name.endsWith('/') || name.endsWith('.')) return false;
  if (FORBIDDEN.test(name) || name.includes('..') || name.includes('@{')) return false;
  // Splitting on "/" also catches a leading "/" and "//" as empty components.
  return name.split('/').every((component) => component !== '' && !component.startsWith('.') && !component.endsWith('.lock'));
}

/** `<prefix>issue-<N>-<slug of the title>`, e.g. `deckhand/issue-42-fix-login`. */
export function issueBranch(prefix: string, issueNumber: number, title: string): string {
  return `${prefix}issue-${issueNumber}-${slugify(title)}`;
}

/** `<prefix>fleet-<id>`: a fleet's branch in each of its targets, the same on every run of the fleet. */
export function fleetBranch(prefix: string, fleetId: string): string {
  return `${prefix}fleet-${fleetId}`;
}

/** `<prefix>task-<yyyymmdd>-<slug>` with the date in UTC, so every runner names it the same. */
export function taskBranch(prefix: string, date: Date, text: string): string {
  const yyyymmdd = date.toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}task-${yyyymmdd}-${slugify(text)}`;
}
