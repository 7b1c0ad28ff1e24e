// The texts Deckhand posts when a run ends: the tracking comment's final
// state (the answer, or the failure), commit messages, pull-request bodies and
// the footer reviews carry. Each carries the hidden
// marker by which Deckhand recognises its own output.
import type { AgentUsage, Verification } from '../core/outcome.js';
import { formatCost, formatDuration } from '../format.js';
import { MARKER } from '../github/markers.js';
import { clip } from '../truncate.js';

export interface RunFacts {
  model: string;
  turns: number;
  durationMs: number;
  costUsd: number;
  runUrl: string;
  /** The cost split by agent, once the agent has run. */
  agents?: readonly AgentUsage[];
}

/** A memory as the job summary and the reply name it. */
export interface MemoryMention {
  name: string;
  author: string;
}

export interface MemoryReport {
  recalled: MemoryMention[];
  saved: MemoryMention[];
  removed: MemoryMention[];
  commit?: { sha: string; url: string };
  /** Why what the run would have saved could not be (the branch is protected, GitHub failed). */
  problem?: string;
  /** Memories the guard refused, with the rule that refused each. */
  refused?: Array<{ name: string; why: string }>;
}

/** How a kind of agent is named where its cost is shown. */
export const AGENT_LABELS: Record<AgentUsage['kind'], string> = { main: 'main', verifier: 'verifier', checker: 'double-check', explore: 'explorers', recall: 'memory recall', memory: 'memory' };

export interface Links {
  branch?: { name: string; url: string };
  pullRequest?: { number: number; url: string };
  commit?: { sha: string; url: string };
  compareUrl?: string;
}

/** The cost, and when more than the main agent ran, its split: "$0.05 (main $0.04, verifier $0.01)". */
function costLine(facts: RunFacts): string {
  const agents = facts.agents ?? [];
  if (agents.length < 2) return formatCost(facts.costUsd);
  return `${formatCost(facts.costUsd)} (${agents.map((agent) => `${AGENT_LABELS[agent.kind]} ${formatCost(agent.costUsd)}`).join(', ')})`;
}

export function footer(facts: RunFacts): string {
  return `<sub>Deckhand · ${facts.model} · ${facts.turns} turn${facts.turns === 1 ? '' : 's'} · ${formatDuration(facts.durationMs)} · ${costLine(facts)} · [run](${facts.runUrl})</sub>`;
}

/** Of the verifier's reasons, this much goes into a comment or a pull request; the job summary has them whole. */
const VERDICT_REASON_CHARS = 4_000;

/**
 * The verifier's final verdict and its reasons, as the pull request body and
 * the reply show them; `draft`: the pull request was opened as a draft for it.
 */
export function verdictSection(verification: Verification, draft = false): string {
  const checks = `${verification.checks} check${verification.checks === 1 ? '' : 's'}`;
  const reason = clip(verification.reason.trim(), VERDICT_REASON_CHARS) || '_No reasons given._';
  if (verification.verdict === 'PASS') {
    return `**Verifier: ✅ PASS** (${checks})\n\n<details><summary>What the verifier checked</summary>\n\n${reason}\n\n</details>`;
  }
  const why = draft ? ' This pull request is a draft because the verifier still found problems:' : ' It still found problems:';
  return `**Verifier: ❌ FAIL** (${checks}).${why}\n\n${reason
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')}`;
}

/** A dry run opens no pull request (number 0) and makes no commit (sha of zeros): say so rather than show "#0". */
export function pullLabel(pull: NonNullable<Links['pullRequest']>): string {
  return pull.number > 0 ? `#${pull.number}` : 'not opened (dry run)';
}

/** The commit as a link; in a dry run (a sha of zeros) plain words, since there is nothing to link to. */
export function commitLink(commit: NonNullable<Links['commit']>): string {
  return /^0+$/.test(commit.sha) ? 'not made (dry run)' : `[\`${commit.sha.slice(0, 7)}\`](${commit.url})`;
}

function linkLines(links: Links): string {
  const parts: string[] = [];
  if (links.pullRequest) parts.push(`**Pull request:** [${pullLabel(links.pullRequest)}](${links.pullRequest.url})`);
  if (links.branch) parts.push(`**Branch:** [\`${links.branch.name}\`](${links.branch.url})`);
  if (links.commit) parts.push(`**Commit:** ${commitLink(links.commit)}`);
  if (links.compareUrl) parts.push(`[Open a pull request](${links.compareUrl})`);
  return parts.join(' · ');
}

/** What the run saved to or removed from the memory branch, with the commit — or why it could not. */
function memoryLine(memory: MemoryReport): string | undefined {
  const named = (list: ReadonlyArray<{ name: string }>) => list.map((m) => `\`${m.name}\``).join(', ');
  const done = [...(memory.saved.length > 0 ? [`saved ${named(memory.saved)}`] : []), ...(memory.removed.length > 0 ? [`removed ${named(memory.removed)}`] : [])];
  const refused = (memory.refused ?? []).map((r) => `- not saved: \`${r.name}\` — ${r.why}`);
  const head = memory.problem ? `> ⚠️ **Memory:** ${memory.problem}` : done.length > 0 ? `**Memory:** ${done.join('; ')}${memory.commit ? ` in ${commitLink(memory.commit)}` : ''}` : refused.length > 0 ? '**Memory:** nothing saved' : undefined;
  return head === undefined ? undefined : [head, ...refused].join('\n');
}

/** The final tracking comment: the answer, where it stopped early (if it did), the verifier's verdict, the links, the footer. */
export function finalComment(answer: string, links: Links, facts: RunFacts, stoppedEarly?: string, verification?: Verification, memory?: MemoryReport): string {
  const sections = [answer.trim() || '_Deckhand finished without a written answer._'];
  if (stoppedEarly) sections.push(`> ⚠️ ${stoppedEarly}`);
  if (verification) sections.push(verdictSection(verification));
  const remembered = memory ? memoryLine(memory) : undefined;
  if (remembered) sections.push(remembered);
  const linkLine = linkLines(links);
  if (linkLine) sections.push(linkLine);
  sections.push(footer(facts), MARKER);
  return sections.join('\n\n');
}

export function failureComment(reason: string, facts: RunFacts, partial: string, links: Links, cancelled: boolean): string {
  const head = cancelled ? `⏹️ **Deckhand was cancelled.** ${reason}` : `❌ **Deckhand failed.** ${reason}`;
  const sections = [head];
  if (partial.trim()) sections.push(`What it had written so far:\n\n${partial.trim()}`);
  const linkLine = linkLines(links);
  if (linkLine) sections.push(linkLine);
  sections.push(footer(facts), MARKER);
  return sections.join('\n\n');
}

/**
 * The model's answer split into a title (its first line, for the commit and
 * the pull request) and the rest. The mode prompts ask for that shape.
 */
/**
 * A closing keyword GitHub acts on (docs: "Linking a pull request to an
 * issue"): close, fix or resolve in any form, an optional colon, then an
 * issue as `#N`, `owner/repo#N`, `GH-N` or its URL. In a pull request's
 * title or body, or a commit message on the default branch, it closes the issue.
 */
const KEYWORD_START = /\b(?:close|fix|resolve)/gi;

/** The ASCII letter at `i` in lower case (a pattern's `i` flag folds no other character to one). */
const asciiLower = (text: string, i: number) => (/[A-Z]/.test(text[i] ?? '') ? text[i]!.toLowerCase() : text[i]);

/** The forms of the keyword at `at`, longest first (as a pattern tries its optional endings): `fixes`, then `fix`. */
function keywordLengths(text: string, at: number): number[] {
  const first = asciiLower(text, at);
  const stem = first === 'c' ? 5 : first === 'r' ? 7 : 3;
  const [a, b] = [asciiLower(text, at + stem), asciiLower(text, at + stem + 1)];
  const ending = stem === 3 ? (a === 'e' && (b === 's' || b === 'd') ? 2 : 0) : a === 's' || a === 'd' ? 1 : 0;
  return ending > 0 ? [stem + ending, stem] : [stem];
}

const isRefChar = (char: string | undefined) => char !== undefined && /[\w.-]/.test(char);
const isSpaceOrTab = (char: string | undefined) => char === ' ' || char === '\t';
const isNotSpace = (char: string | undefined) => char !== undefined && /\S/.test(char);
/** `#` and a digit, or `GH-` and a digit (any case), at `at`. */
const issueNumberAt = (text: string, at: number) => /^(?:#|gh-)\d/i.test(text.slice(at, at + 4));

/**
 * What may follow a closing keyword for GitHub to act on it: an optional
 * colon between spaces, then an issue as `#N`, `GH-N`, `owner/repo#N` or an
 * issue or pull request URL. Read by hand, each run of the text once for the
 * whole text: as a lookahead after every keyword, a pattern read the same
 * long run of spaces, name characters or URL again for every keyword before it.
 */
class IssueReference {
  /** For the `[\w.-]` run ending at an index: whether a `/`, a second run and an issue number follow it. */
  private readonly afterRun = new Map<number, boolean>();
  /** For a non-space run ending at an index: the last place in it where `/issues/N` or `/pull/N` starts. */
  private readonly lastPath = new Map<number, number>();

  constructor(private readonly text: string) {}

  /** Whether a reference follows the keyword ending at `end`. */
  follows(end: number): boolean {
    const { text } = this;
    let at = end;
    while (isSpaceOrTab(text[at])) at++;
    if (text[at] === ':') {
      at++;
      while (isSpaceOrTab(text[at])) at++;
    }
    return this.numberAt(at) || this.urlAt(at);
  }

  /** `#N`, `GH-N`, or `owner/repo` and one of those, at `at`. */
  private numberAt(at: number): boolean {
    if (issueNumberAt(this.text, at)) return true;
    const end = this.runEnd(at, isRefChar);
    if (end === at) return false;
    let known = this.afterRun.get(end);
    if (known === undefined) {
      known = this.repoAndNumberAfter(end);
      this.afterRun.set(end, known);
    }
    return known;
  }

  /** After a name run ending at `end`: `/`, a second name run, and an issue number at its end or inside it (`GH-N` is made of name characters). */
  private repoAndNumberAfter(end: number): boolean {
    const { text } = this;
    if (text[end] !== '/') return false;
    const second = this.runEnd(end + 1, isRefChar);
    if (second === end + 1) return false;
    if (text[second] === '#' && /\d/.test(text[second + 1] ?? '')) return true;
    for (let i = end + 2; i < second; i++) if (issueNumberAt(text, i)) return true;
    return false;
  }

  /** `http(s)://`, at least one non-space, then `/issues/N` or `/pull/N` in the same run of non-space characters. */
  private urlAt(at: number): boolean {
    const { text } = this;
    const scheme = /^https?:\/\//i.exec(text.slice(at, at + 8))?.[0];
    if (scheme === undefined) return false;
    const from = at + scheme.length;
    const end = this.runEnd(from, isNotSpace);
    if (end === from) return false;
    let last = this.lastPath.get(end);
    if (last === undefined) {
      last = -1;
      for (let i = text.indexOf('/', from); i !== -1 && i < end; i = text.indexOf('/', i + 1)) if (/^\/(?:issues|pull)\/\d/i.test(text.slice(i, i + 9))) last = i;
      this.lastPath.set(end, last);
    }
    return last > from;
  }

  /** The last run measured for each kind of character: the keywords that share a run find its end there. */
  private readonly runs = new Map<(char: string | undefined) => boolean, { from: number; end: number }>();

  /** Where the run of characters `inRun` takes, from `from`, ends. */
  private runEnd(from: number, inRun: (char: string | undefined) => boolean): number {
    const last = this.runs.get(inRun);
    if (last && from >= last.from && from < last.end) return last.end;
    let end = from;
    while (end < this.text.length && inRun(this.text[end])) end++;
    if (end > from) this.runs.set(inRun, { from, end });
    return end;
  }
}

/** Where the closing keywords GitHub would act on are, left to right (the longest form of each that a reference follows). */
function closingKeywords(text: string): Array<{ start: number; end: number }> {
  const reference = new IssueReference(text);
  const found: Array<{ start: number; end: number }> = [];
  KEYWORD_START.lastIndex = 0;
  for (let match = KEYWORD_START.exec(text); match; match = KEYWORD_START.exec(text)) {
    const length = keywordLengths(text, match.index).find((n) => reference.follows(match!.index + n));
    if (length === undefined) {
      KEYWORD_START.lastIndex = match.index + 1;
      continue;
    }
    found.push({ start: match.index, end: match.index + length });
    KEYWORD_START.lastIndex = match.index + length;
  }
  return found;
}

/**
 * A line git would read as a trailer (`Token: value`, the token letters,
 * digits and dashes) whose token names a person or a sign-off:
 * Co-authored-by, Signed-off-by, Reviewed-by… GitHub shows a co-author from
 * one, even on a commit it marks Verified. And Deckhand's own CI-fix trailer,
 * which only Deckhand writes (the loop guard counts it).
 */
const ATTRIBUTION_TRAILER = /^([ \t]*)([A-Za-z0-9][A-Za-z0-9-]*-by|Cc|Deckhand-CI-Fix)([ \t]*:)/gim;

/**
 * The model's text as it goes into a commit or a pull request: its closing
 * keywords and attribution trailers put in backticks, so that they neither
 * close an issue nor name a co-author. Only Deckhand's own `Fixes #N` and
 * Co-authored-by, added after this, do (product.md §4).
 */
export function neutralised(text: string): string {
  let out = '';
  let copied = 0;
  for (const { start, end } of closingKeywords(text)) {
    out += `${text.slice(copied, start)}\`${text.slice(start, end)}\``;
    copied = end;
  }
  return (out + text.slice(copied)).replace(ATTRIBUTION_TRAILER, '$1`$2$3`');
}

export function titleAndBody(answer: string, fallbackTitle: string): { title: string; body: string } {
  const lines = answer.trim().split('\n');
  const first = (lines[0] ?? '').replace(/^#+\s*/, '').replace(/^\*\*(.*)\*\*$/, '$1').trim();
  const title = first && first.length <= 100 ? first.replace(/\.$/, '') : fallbackTitle;
  const body = first && first.length <= 100 ? lines.slice(1).join('\n').trim() : answer.trim();
  return { title: title.length > 72 ? `${title.slice(0, 71)}…` : title, body };
}

/** The message: title, body, then the trailers (Deckhand's own: who asked, the run a CI fix is for). */
export function commitMessage(title: string, body: string, coAuthor?: { login: string; id?: number }, trailers: readonly string[] = []): string {
  const lines = [
    ...(coAuthor ? [`Co-authored-by: ${coAuthor.login} <${coAuthor.id ? `${coAuthor.id}+` : ''}${coAuthor.login}@users.noreply.github.com>`] : []),
    ...trailers,
  ];
  return `${title}${body ? `\n\n${body}` : ''}${lines.length > 0 ? `\n\n${lines.join('\n')}` : ''}`;
}

/** `about`: a line on what the pull request answers (the failed run a CI fix is for); `verdict`: the verifier's section. */
export function pullRequestBody(body: string, issueNumber: number | undefined, facts: RunFacts, stoppedEarly?: string, about?: string, verdict?: string): string {
  const sections = [body.trim() || '_Changes made by Deckhand._'];
  if (stoppedEarly) sections.push(`> ⚠️ ${stoppedEarly}`);
  if (verdict) sections.push(verdict);
  if (about) sections.push(about);
  if (issueNumber !== undefined) sections.push(`Fixes #${issueNumber}`);
  sections.push(footer(facts), MARKER);
  return sections.join('\n\n');
}
