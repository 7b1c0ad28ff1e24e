// The GitHub context as the model reads it: sanitized, framed as data between
// delimiters that are random per run (so the text inside cannot close them),
// every author with their permission, and the diff within a budget — what does
// not fit is listed by name (and size, while there is room), never cut
// silently; PullRequestDiff reads any of it on request. A file the policy
// denies to Read is named, its patch never shown.
import type { ChangedFile, ContextComment, GitHubContext, Person, ReviewThread } from '../core/context.js';
import type { CiRun } from '../core/trigger.js';
import { renderPrompt } from '../prompts/load.js';
import { coversFile } from '../safety/globs.js';
import { stripInvisible } from '../safety/invisible.js';
import { fenceFor } from '../safety/markdown/commonmark.js';
import { delimiterToken, sanitizeLine, sanitizeUntrusted } from '../safety/sanitize.js';
import { clip } from '../truncate.js';

/** Tokens of patch text shown in the first message; the other files are listed by name and size. */
export const DIFF_BUDGET_TOKENS = 15_000;

export interface RenderOptions {
  /** Changed files to show instead of the pull request's (an incremental review). */
  files?: readonly ChangedFile[];
  diffBudgetTokens?: number;
  /** A follow-up review: Deckhand's own earlier threads on lines the new commits changed. */
  followUps?: readonly ReviewThread[];
  /** ci-fix: the failed run, and its failed jobs as ci-run.ts rendered them. */
  ciRun?: { run: CiRun; failures: string };
  /** Path globs Read may not open: a changed file they cover is named without its patch, a thread on it without its hunk. */
  readDenied?: readonly string[];
}

/** What the first message says in place of what the policy denies to Read. */
export const DENIED_BY_POLICY = 'not shown: denied by policy';

function ciRunSection({ run, failures }: NonNullable<RenderOptions['ciRun']>): string {
  const attempt = run.attempt > 1 ? `, attempt ${run.attempt}` : '';
  const facts = [
    `${sanitizeLine(run.name) || 'A workflow'} (${sanitizeLine(run.path)}), run ${run.id}${attempt}: ${run.conclusion}`,
    `URL: ${run.url}`,
    `On the branch ${sanitizeLine(run.headBranch)} at ${run.headSha.slice(0, 12)}, started by a ${sanitizeLine(run.event)} event`,
    ...(run.title ? [`Title: ${sanitizeLine(run.title)}`] : []),
  ];
  return `## The failed workflow run\n${facts.join('\n')}\n\n${failures}`;
}

const GENERATED = [
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|Gemfile\.lock|composer\.lock|go\.sum|flake\.lock)$/,
  /\.(min\.js|min\.css|map|snap|lock)$/,
  /(^|\/)(dist|build|out|vendor|node_modules|third_party|__generated__|generated)\//,
];
const TESTS = [/(^|\/)(test|tests|__tests__|spec|specs)\//, /[._-](test|spec)\.[A-Za-z0-9]+$/, /_test\.(go|py|rs)$/];
const DOCS = /\.(md|mdx|rst|txt|adoc)$/i;

/** The order a reviewer reads a diff in: code first, then tests, then docs, generated files last. */
function priority(file: ChangedFile): number {
  if (GENERATED.some((re) => re.test(file.path))) return 3;
  if (DOCS.test(file.path)) return 2;
  if (TESTS.some((re) => re.test(file.path))) return 1;
  return 0;
}


/** A code fence longer than any run of backticks in `content`. */
function fenced(content: string, lang = ''): string {
  const fence = fenceFor(content);
  return `${fence}${lang}\n${content.replace(/\n$/, '')}\n${fence}`;
}

/** The most of one text (a description, a comment) shown; the rest is said to be cut. (Check summaries are cut shorter when gathered.) */
export const TEXT_CHARS = 20_000;
/** The most of the conversation, and of the review threads, shown; older items beyond are counted, not shown. */
export const CONVERSATION_CHARS = 80_000;


/**
 * The newest items whose rendering fits `budget`, oldest first, with `keep`
 * always in; a line counts the older ones left out.
 */
function newestWithin<T>(items: readonly T[], render: (item: T) => string, keep: (item: T) => boolean, budget: number, what: string): string[] {
  const rendered = items.map(render);
  const shown = new Set<number>();
  let used = 0;
  items.forEach((item, i) => {
    if (keep(item)) {
      shown.add(i);
      used += rendered[i]!.length;
    }
  });
  for (let i = items.length - 1; i >= 0; i--) {
    if (shown.has(i)) continue;
    if (used + rendered[i]!.length > budget) break;
    shown.add(i);
    used += rendered[i]!.length;
  }
  const left = items.length - shown.size;
  const out = rendered.filter((_, i) => shown.has(i));
  return left > 0 ? [`(${left} earlier ${what} not shown here, to keep this message within its budget.)`, ...out] : out;
}

const who = (person: Person | undefined) => (person ? `@${sanitizeLine(person.login)} (permission: ${person.permission})` : 'unknown');

function commentBlock(comment: ContextComment, requestId: number | undefined): string {
  const tag = comment.id === requestId ? ' — THE REQUEST THIS RUN ANSWERS' : '';
  const body = clip(sanitizeUntrusted(comment.body).trim(), TEXT_CHARS) || '(empty)';
  return `### ${who(comment.author)}, ${comment.kind}, ${comment.createdAt}${tag}\n${body}`;
}

function threadBlock(thread: ReviewThread, requestId: number | undefined, denied: readonly string[]): string {
  const where = `${sanitizeLine(thread.path)}${thread.line ? ` line ${thread.line}` : ''}`;
  const replies = thread.comments.map((c) => `- ${who(c.author)}${c.id === requestId ? ' — THE REQUEST THIS RUN ANSWERS' : ''}: ${clip(sanitizeUntrusted(c.body).trim(), TEXT_CHARS)}`);
  if (coversFile(denied, thread)) return `### ${where}\n(The diff hunk is ${DENIED_BY_POLICY}: a Read deny rule covers this file.)\n${replies.join('\n')}`;
  // Code is shown as it is (an <img alt> in a diff is code, not hidden markdown), only invisible characters go.
  return `### ${where}\n${fenced(clip(stripInvisible(thread.diffHunk), TEXT_CHARS), 'diff')}\n${replies.join('\n')}`;
}

function fileHeading(file: ChangedFile): string {
  const renamed = file.previousPath ? ` (from ${sanitizeLine(file.previousPath)})` : '';
  return `${sanitizeLine(file.path)}${renamed} — ${file.status}, +${file.additions} −${file.deletions}`;
}

/** How much of the first message the list of files not shown, with their sizes, may take; the rest are named alone. */
export const NOT_SHOWN_LIST_CHARS = 12_000;
/** The most changed files the first message names (GitHub lists at most 3,000 of a pull request's files); the rest are counted. */
export const NAMED_FILES_MAX = 3_000;
/** How much the names alone may take (3,000 short names in a few folders take about 40,000): a bound for long paths in many folders, past which the rest are counted. */
export const NAMES_LIST_CHARS = 80_000;
/** Below this many tokens left, a file's hunks are not shown one by one. */
const MIN_PARTIAL_TOKENS = 400;

/** A patch's hunks (each from its `@@` line). */
function hunksOf(patch: string): string[] {
  return patch.split(/\n(?=@@ )/);
}

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '');
const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Names alone, one line a folder: `- src/util/: a.ts, b.ts`. */
function namesByFolder(files: readonly ChangedFile[]): string[] {
  const byFolder = new Map<string, string[]>();
  for (const { path } of files) {
    const folder = folderOf(path);
    const names = byFolder.get(folder) ?? [];
    names.push(path.slice(folder.length));
    byFolder.set(folder, names);
  }
  return [...byFolder]
    .sort(([a], [b]) => byPath(a, b))
    .map(([folder, names]) => `- ${folder ? sanitizeLine(folder) : '(top level)'}: ${names.sort(byPath).map(sanitizeLine).join(', ')}`);
}

/**
 * The files not shown, in the reader's order: with their sizes within
 * NOT_SHOWN_LIST_CHARS, then by name alone (in folders) until NAMED_FILES_MAX
 * files are named in all (`named` of them before these) or the names take
 * NAMES_LIST_CHARS; the rest are counted by top folder. PullRequestDiff reads
 * any changed file's patch, so a name is all the model needs to ask for one.
 */
function notShownList(entries: ReadonlyArray<{ file: ChangedFile; line: string }>, named: number): string {
  const room = Math.max(0, NAMED_FILES_MAX - named);
  const lines: string[] = [];
  let used = 0;
  let i = 0;
  for (; i < Math.min(entries.length, room); i++) {
    const line = entries[i]!.line;
    if (used + line.length + 1 > NOT_SHOWN_LIST_CHARS) break;
    lines.push(line);
    used += line.length + 1;
  }
  const withSizes = i;
  const alone: ChangedFile[] = [];
  const folders = new Set<string>();
  let chars = 0;
  for (; i < entries.length && named + withSizes + alone.length < NAMED_FILES_MAX; i++) {
    const { file } = entries[i]!;
    const folder = folderOf(file.path);
    // A name and its comma; a folder's first name also opens its line.
    const cost = file.path.length - folder.length + 2 + (folders.has(folder) ? 0 : folder.length + 5);
    if (chars + cost > NAMES_LIST_CHARS) break;
    chars += cost;
    folders.add(folder);
    alone.push(file);
  }
  if (alone.length > 0) lines.push(`By name alone (${alone.length} files), one line a folder:`, ...namesByFolder(alone));
  const rest = entries.slice(i);
  if (rest.length > 0) {
    const byFolder = new Map<string, number>();
    for (const { file } of rest) {
      const folder = file.path.includes('/') ? `${file.path.slice(0, file.path.indexOf('/'))}/` : '(top level)';
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
    }
    const counted = [...byFolder].sort((a, b) => b[1] - a[1] || byPath(a[0], b[0]));
    const shown = counted.slice(0, 30).map(([folder, count]) => `${sanitizeLine(folder)} ${count}`);
    const more = counted.length > 30 ? `, and ${counted.length - 30} more folders` : '';
    lines.push(
      `- and ${rest.length} more ${rest.length === 1 ? 'file' : 'files'} not named here, by folder: ${shown.join(', ')}${more}. PullRequestDiff given a folder lists the changed files in it.`,
    );
  }
  return lines.join('\n');
}

function diffSection(files: readonly ChangedFile[], budgetTokens: number, denied: readonly string[]): string[] {
  const totalAdd = files.reduce((n, f) => n + f.additions, 0);
  const totalDel = files.reduce((n, f) => n + f.deletions, 0);
  const out = [`## Changed files (${files.length}, +${totalAdd} −${totalDel})`];
  // Named, never shown: PullRequestDiff and Read refuse them too.
  const withheld = files.filter((file) => coversFile(denied, file));
  if (withheld.length > 0) out.push(withheld.map((file) => `- ${fileHeading(file)} — ${DENIED_BY_POLICY} (a Read deny rule covers it)`).join('\n'));
  const notShown: Array<{ file: ChangedFile; line: string }> = [];
  let used = 0;
  const ordered = files.filter((file) => !withheld.includes(file)).sort((a, b) => priority(a) - priority(b) || byPath(a.path, b.path));
  for (const file of ordered) {
    if (file.patch === undefined) {
      notShown.push({ file, line: `- ${fileHeading(file)} (no patch: binary or too large)` });
      continue;
    }
    const patch = stripInvisible(file.patch);
    const tokens = Math.ceil(patch.length / 4);
    if (used + tokens <= budgetTokens) {
      used += tokens;
      out.push(`### ${fileHeading(file)}\n${fenced(patch, 'diff')}`);
      continue;
    }
    // Too big as a whole: its first hunks, whole ones, while they fit; never a hunk cut short.
    const hunks = hunksOf(patch);
    const taken: string[] = [];
    if (budgetTokens - used >= MIN_PARTIAL_TOKENS && hunks.length > 1) {
      for (const hunk of hunks) {
        const cost = Math.ceil((hunk.length + 1) / 4);
        if (used + cost > budgetTokens) break;
        used += cost;
        taken.push(hunk);
      }
    }
    if (taken.length > 0) {
      out.push(`### ${fileHeading(file)} — the first ${taken.length} of its ${hunks.length} hunks\n${fenced(taken.join('\n'), 'diff')}`);
      notShown.push({ file, line: `- ${fileHeading(file)} (partly shown above: hunks ${taken.length + 1} to ${hunks.length} are not, about ${tokens} tokens of diff in all)` });
    } else {
      // A file that does not fit is listed and the next ones still get their chance: smaller ones may fit.
      notShown.push({ file, line: `- ${fileHeading(file)} (about ${tokens} tokens of diff)` });
    }
  }
  if (notShown.length > 0) {
    out.push(
      `## Changed files whose diff is not shown here\nThe diff above fits a token budget; these ${notShown.length} files are not in it (or only in part). Read the diff of any of them with PullRequestDiff, the file itself with Read, or search the checkout with Grep, when the task needs them.\n${notShownList(notShown, files.length - notShown.length)}`,
    );
  }
  return out;
}

/** The untrusted-data block for the first message, with the note that frames it. */
export function renderGitHubContext(context: GitHubContext, options: RenderOptions = {}): string {
  const denied = options.readDenied ?? [];
  const parts: string[] = [];
  if (context.number !== undefined) {
    const kind = context.isPullRequest ? 'Pull request' : 'Issue';
    parts.push(`# ${kind} #${context.number}: ${sanitizeLine(context.title)}`);
    const facts = [`Opened by ${who(context.author)}`];
    if (context.url) facts.push(`URL: ${context.url}`);
    if (context.pull) {
      const { pull } = context;
      facts.push(`Branches: ${sanitizeLine(pull.headRef)} (${pull.headSha.slice(0, 12)}) into ${sanitizeLine(pull.baseRef)}${pull.fromFork ? `, from the fork ${sanitizeLine(pull.headRepo ?? '(deleted)')}` : ''}`);
    }
    parts.push(facts.join('\n'));
    parts.push(`## Description\n${clip(sanitizeUntrusted(context.body).trim(), TEXT_CHARS) || '(empty)'}`);
  }
  if (options.ciRun) parts.push(ciRunSection(options.ciRun));
  if (context.comments.length > 0) {
    const comments = newestWithin(context.comments, (c) => commentBlock(c, context.requestId), (c) => c.id === context.requestId, CONVERSATION_CHARS, 'comments');
    parts.push(`## Conversation, oldest first\n\n${comments.join('\n\n')}`);
  }
  if (context.focusThread) {
    parts.push(`## The review thread this request was made in\n${threadBlock(context.focusThread, context.requestId, denied)}`);
  }
  if (options.followUps && options.followUps.length > 0) {
    const blocks = options.followUps.map((t) => {
      const state = t.outdated ? ' (GitHub marks it outdated)' : '';
      const replies = t.comments.slice(1).map((c) => `- reply by ${who(c.author)}: ${clip(sanitizeUntrusted(c.body).trim(), TEXT_CHARS)}`);
      return [`### comment_id ${t.rootId}: ${sanitizeLine(t.path)}${t.line ? ` line ${t.line}` : ''}${state}`, clip(sanitizeUntrusted(t.comments[0]?.body ?? '').trim(), TEXT_CHARS), ...replies].join('\n');
    });
    parts.push(`## Your earlier comments on lines these commits changed\n\n${blocks.join('\n\n')}`);
  }
  const otherThreads = context.threads.filter((t) => t !== context.focusThread && !options.followUps?.includes(t));
  if (otherThreads.length > 0) {
    const threads = newestWithin(otherThreads, (t) => threadBlock(t, context.requestId, denied), () => false, CONVERSATION_CHARS, 'review threads');
    parts.push(`## Review threads\n\n${threads.join('\n\n')}`);
  }
  if (context.pull) {
    if (context.pull.failedChecks.length > 0) {
      const checks = context.pull.failedChecks.map((c) => `### ${sanitizeLine(c.name)} — ${c.conclusion}\n${sanitizeUntrusted(c.summary).trim() || '(no summary)'}`);
      parts.push(`## Failed checks on the head commit\n\n${checks.join('\n\n')}`);
    }
    parts.push(...diffSection(options.files ?? context.pull.files, options.diffBudgetTokens ?? DIFF_BUDGET_TOKENS, denied));
    const unlisted = options.files ? 0 : (context.pull.unlistedFiles ?? 0);
    if (unlisted > 0) {
      parts.push(`${unlisted} more changed ${unlisted === 1 ? 'file is' : 'files are'} not listed: GitHub lists at most 3,000 files of a pull request, so ${unlisted === 1 ? 'it has' : 'they have'} no patch here or through PullRequestDiff. Find them in the checkout with Glob, Grep and Read.`);
    }
  }
  if (parts.length === 0) return '';
  const data = parts.join('\n\n');
  const token = delimiterToken(data);
  return `${renderPrompt('context/untrusted.md', { token })}\n\n<<<UNTRUSTED-DATA-${token}\n${data}\nUNTRUSTED-DATA-${token}>>>`;
}
