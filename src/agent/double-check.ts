// The second look at a review's findings (review.double_check), before any is
// posted: each finding of review.double_check_min or worse goes to a checker —
// a fork of the review agent at its first message, so its first request reads
// the review's cached prefix and it never sees the reviewer's reasoning —
// which may only read (Read, Glob, Grep, PullRequestDiff; the rest is refused
// when called) and answers per finding `confirmed` or `refuted`, with one
// sentence of evidence citing a file and line. Refuted findings are not
// posted. A finding whose quoted current code is not in the file is refuted
// without a model call; a finding no checker could judge is posted as it is,
// and the review says so — never silently.
import { z } from 'zod';
import { jsonIn } from '../core/answer-json.js';
import type { Terminal } from '../core/outcome.js';
import { atLeast, type DoubleCheck, type DraftComment, type DroppedFinding, type Severity } from '../core/review.js';
import { pooled } from '../pooled.js';
import { renderPrompt } from '../prompts/load.js';
import { delimiterToken } from '../safety/sanitize.js';
import { numberLines } from '../tools/text-file.js';
import type { ToolKind } from '../tools/tool.js';
import { runSubagent, warmingFirst, type Shared } from './subagents.js';

/** The most findings one checker is given, and the most checkers that run at once. */
export const FINDINGS_PER_CHECKER = 8;
export const CHECKERS_AT_ONCE = 4;

export interface DoubleCheckSpec {
  modelId: string;
  /** The checker's model is the review agent's: its first request reads the review's cached prefix. */
  sharesCache: boolean;
  /** The least severity checked; less severe findings are posted as they are. */
  min: Severity;
  /** An earlier finding still standing on lines that did not change, made again: not checked again. */
  standing: (comment: DraftComment) => boolean;
  /** A file's text at the pull request's head (a path relative to the checkout); undefined when there is none, or a Read deny rule hides it. */
  fileAtHead: (path: string) => Promise<string | undefined>;
  /** False for a file a Read deny rule hides: its quote cannot be checked, nor a citation of it count. */
  readable: (path: string) => boolean;
  /** The checkout's real path: a path as the model wrote it is made relative to it. */
  root: string;
  /** The files the pull request changes: their diff is in the first message, or PullRequestDiff's to show. */
  changed: ReadonlySet<string>;
  /** True when the pull request's diff shows this line of the file's old version (a finding on removed code cites it so). */
  oldLineShown: (path: string, line: number) => boolean;
}

/** A path as the model wrote it, relative to the checkout (absolute, or with leading "./"). */
function relativeTo(root: string, path: string): string {
  const inside = path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
  return inside.replace(/^(\.\/)+/, '');
}

/** True when `text` names `path` as a whole path (not the tail of a longer one: "util.js" is not named by "src/util.js"). */
function names(text: string, path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^\\w./-])${escaped}(?![\\w./-])`).test(text);
}

/** A checker's tools, of the review agent's: those that read the checkout, and the pull request's diff. */
const forChecker = (kind: ToolKind) => kind.traits.checkout === 'reads' || kind.name === 'PullRequestDiff';

/** Of a verdict's evidence (one sentence, asked for), this much is kept. */
const EVIDENCE_CHARS = 400;

const VerdictEntry = z.object({
  finding: z.number().int().positive(),
  verdict: z.enum(['confirmed', 'refuted']),
  evidence: z
    .string()
    .trim()
    .min(1)
    .transform((text) => (text.length > EVIDENCE_CHARS ? `${text.slice(0, EVIDENCE_CHARS - 1)}…` : text)),
});
type Verdict = z.infer<typeof VerdictEntry>;

/** Text compared with its whitespace flattened: a quote's indentation and line breaks may differ from the file's. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** `path:line` citations in a sentence of evidence. */
function citations(evidence: string): Array<{ path: string; line: number }> {
  return [...evidence.matchAll(/([^\s\x60\x27\x22(\[<>]+?):(\d+)\b/g)].map((match) => ({ path: match[1]!.replace(/[.,;]+$/, ''), line: Number(match[2]) }));
}

/**
 * True when the evidence cites a line there is, at the head, of a file the
 * checker saw: one the pull request changes, or one its tool calls named or
 * showed (`seen`: their inputs and results) — not a file it never looked at.
 */
async function citesWhatItRead(evidence: string, spec: DoubleCheckSpec, seen: string): Promise<boolean> {
  for (const { path, line } of citations(evidence)) {
    const relativePath = relativeTo(spec.root, path);
    if (!spec.readable(relativePath) || (!spec.changed.has(relativePath) && !names(seen, relativePath))) continue;
    // A line of the file's old version the diff shows counts too: that is where a finding on removed code points.
    if (spec.oldLineShown(relativePath, line)) return true;
    const text = await spec.fileAtHead(relativePath);
    if (text !== undefined && line >= 1 && line <= text.split('\n').length) return true;
  }
  return false;
}

/** Of the file at the head, a finding is shown with this many lines before and after its own. */
const CONTEXT_LINES = 5;
/** A line of that code longer than this is cut (a minified file's line would fill the request). */
const CONTEXT_LINE_CHARS = 300;

/**
 * The lines around a finding on the new version, numbered as Read numbers
 * them, as tool results are given (secrets out, hidden characters shown): for
 * most findings the checker needs no call to see the code. None for removed
 * lines (the diff shows them) or a file it may not read.
 */
async function codeAround(comment: DraftComment, spec: DoubleCheckSpec, redact: (text: string) => string): Promise<string> {
  if (comment.side !== 'RIGHT') return '';
  const text = await spec.fileAtHead(comment.path);
  if (text === undefined) return '';
  const lines = text.replace(/\n$/, '').split('\n');
  const from = Math.max(1, (comment.startLine ?? comment.line) - CONTEXT_LINES);
  const to = Math.min(lines.length, comment.line + CONTEXT_LINES);
  if (from > to) return '';
  const shown = lines.slice(from - 1, to).map((line) => (line.length > CONTEXT_LINE_CHARS ? `${line.slice(0, CONTEXT_LINE_CHARS)}…` : line));
  return `\n\n${comment.path} at the head, lines ${from}–${to}:\n${redact(numberLines(shown, from))}`;
}

/**
 * A finding as a checker is shown it: where it is, how severe, the comment as
 * it would be posted (its suggestion too), and the code around it. The code it
 * quotes is not repeated: a quote not in the file refuted the finding already.
 */
async function findingText(comment: DraftComment, number: number, spec: DoubleCheckSpec, redact: (text: string) => string): Promise<string> {
  const lines = comment.startLine !== undefined ? `lines ${comment.startLine}–${comment.line}` : `line ${comment.line}`;
  const version = comment.side === 'LEFT' ? 'the old version (removed lines)' : 'the new version';
  return `### Finding ${number}: ${comment.path}, ${lines} of ${version} — ${comment.severity}\n\n${comment.body}${await codeAround(comment, spec, redact)}`;
}

/** A checker's instructions: the findings framed as data, and how to answer. */
async function instructions(batch: readonly DraftComment[], spec: DoubleCheckSpec, redact: (text: string) => string): Promise<(tools: string) => string> {
  const findings = (await Promise.all(batch.map((comment, i) => findingText(comment, i + 1, spec, redact)))).join('\n\n');
  const token = delimiterToken(findings);
  return (tools) => renderPrompt('agents/checker.md', { tools, count: String(batch.length), token, findings });
}

/** What one checker said: a verdict per finding it judged (and what its tool calls named and showed), or why it judged none. */
type CheckerAnswer = { verdicts: Map<number, Verdict>; seen: string } | { failed: string };

/** The text of a block of tool results (a string, or text blocks). */
function resultText(block: unknown): string {
  const content = (block as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('\n') : '';
}

async function runChecker(shared: Shared, spec: DoubleCheckSpec, batch: readonly DraftComment[], name: string, model: Shared['model'] | undefined): Promise<CheckerAnswer> {
  const seen: string[] = [];
  // What a refused call names was not read.
  const may = new Set(shared.tools.filter(forChecker).map((kind) => kind.name));
  const stopHearing = shared.events.subscribe((event, agent) => {
    if (agent !== name) return;
    if (event.type === 'tool_start' && may.has(event.name)) seen.push(JSON.stringify(event.input));
    else if (event.type === 'tool_results') seen.push(...event.content.map(resultText));
  });
  try {
    const told = await instructions(batch, spec, shared.redact);
    // The code shown around each finding is code it read.
    seen.push(...batch.map((comment) => `"${comment.path}"`));
    const driven = await runSubagent(shared, {
      kind: 'checker',
      name,
      modelId: spec.modelId,
      may: forChecker,
      role: 'in the checker: it reads and changes nothing',
      instructions: told,
      signal: shared.signal,
      ...(model ? { model } : {}),
    });
    if (driven.terminal.reason !== 'completed') return { failed: `the checker stopped: ${driven.terminal.message}` };
    const found = jsonIn(driven.final, '[');
    const verdicts = new Map<number, Verdict>();
    for (const entry of Array.isArray(found) ? found : []) {
      const parsed = VerdictEntry.safeParse(entry);
      if (parsed.success && parsed.data.finding <= batch.length) verdicts.set(parsed.data.finding, parsed.data);
    }
    // Paths as the checkout names them: a Read's absolute path becomes the relative one a citation gives.
    return { verdicts, seen: seen.join('\n').replaceAll(`${spec.root}/`, '') };
  } catch (err) {
    return { failed: `the checker could not run (${err instanceof Error ? err.message : String(err)})` };
  } finally {
    stopHearing();
  }
}

/**
 * The review's findings after the second look: the ones to post (refuted
 * ones out) and what the look came to; no report when no finding was due one.
 * `stopped`: the review agent did not finish, so nothing is checked.
 */
export async function doubleCheck(spec: DoubleCheckSpec, comments: readonly DraftComment[], shared: Shared, stopped?: Terminal): Promise<{ kept: DraftComment[]; report?: DoubleCheck }> {
  const fresh = comments.filter((comment) => !spec.standing(comment));
  const dropped: DroppedFinding[] = [];
  // Code a finding quotes that is not in the file: refuted as it stands, whatever its severity, no model asked.
  for (const comment of fresh) {
    if (comment.currentCode === undefined || comment.side !== 'RIGHT' || !spec.readable(comment.path)) continue;
    const file = await spec.fileAtHead(comment.path);
    if (file === undefined || !flat(file).includes(flat(comment.currentCode))) {
      dropped.push({ comment, evidence: `The code it quotes is not in ${comment.path} at the head${file === undefined ? ' (there is no such file)' : ''}.` });
    }
  }
  const quoteRefuted = new Set(dropped.map((d) => d.comment));
  const toChecker = fresh.filter((comment) => atLeast(comment.severity, spec.min) && !quoteRefuted.has(comment));
  if (toChecker.length === 0 && dropped.length === 0) return { kept: [...comments] };
  if (stopped && toChecker.length > 0) {
    const unchecked = { count: toChecker.length, why: `the review stopped before its second look (${stopped.message})` };
    return { kept: comments.filter((comment) => !quoteRefuted.has(comment)), report: { checked: dropped.length, dropped, unchecked } };
  }

  const batches: DraftComment[][] = [];
  for (let i = 0; i < toChecker.length; i += FINDINGS_PER_CHECKER) batches.push(toChecker.slice(i, i + FINDINGS_PER_CHECKER));
  // Another model has no cache of the review's: the first checker writes the prefix the others read.
  const client = spec.sharesCache ? undefined : warmingFirst(shared.model);
  const answers = await pooled(batches, CHECKERS_AT_ONCE, (batch, i) => runChecker(shared, spec, batch, `checker-${i + 1}`, client?.()));

  let checked = dropped.length;
  const unchecked: string[] = [];
  for (const [i, batch] of batches.entries()) {
    const answer = answers[i]!;
    for (const [j, comment] of batch.entries()) {
      if ('failed' in answer) {
        unchecked.push(answer.failed);
        continue;
      }
      const verdict = answer.verdicts.get(j + 1);
      if (!verdict) {
        unchecked.push('the checker gave no verdict for it');
      } else if (!(await citesWhatItRead(verdict.evidence, spec, answer.seen))) {
        unchecked.push("the checker's evidence cited no line of a file it read");
      } else {
        checked++;
        if (verdict.verdict === 'refuted') dropped.push({ comment, evidence: verdict.evidence });
      }
    }
  }
  const refuted = new Set(dropped.map((d) => d.comment));
  const why = [...new Set(unchecked)].join('; ');
  return {
    kept: comments.filter((comment) => !refuted.has(comment)),
    report: { checked, dropped, ...(unchecked.length > 0 ? { unchecked: { count: unchecked.length, why } } : {}) },
  };
}
