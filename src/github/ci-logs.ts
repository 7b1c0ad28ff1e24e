// A failed workflow run's job logs, made into what the model is given: the
// output of each failed step (its end, where failures are, with its
// `##[error]` lines always kept), and the download of a job's log, whose
// endpoint redirects to a blob store that must never see the token.
import { GitHubError } from './api.js';
import { stripInvisible } from '../safety/invisible.js';
import { sanitizeLine } from '../safety/sanitize.js';
import { formatCount } from '../format.js';
import { httpFetch } from '../http.js';
import { headOf } from '../truncate.js';
import { codeSpan, fenceFor } from '../safety/markdown/commonmark.js';

/** The last lines of a step kept; the ones before are counted. */
export const SECTION_LINES = 200;
/** The most `##[error]` lines kept from before a section's last lines. */
export const EARLIER_ERRORS = 20;
/** The most of one log line kept (a minified bundle printed whole is one line). */
export const LINE_CHARS = 2_000;
/** The most the failures take in the first message, everything included. */
export const FAILURES_CHARS = 20_000;
/** The most of a job's log downloaded: its last bytes are kept. */
export const LOG_MAX_BYTES = 50 * 1024 * 1024;
/** Redirects followed for one log: GitHub answers with one (to the blob store). */
export const MAX_REDIRECTS = 3;

/** The output of one failed step, as the model is shown it. */
export interface Section {
  /** The failed steps (names from the jobs API) this output is for: one, except for the end-of-log fallback, which answers for every step not found (and for none when no step was named). */
  steps: string[];
  /**
   * How it was found: `title`, the step's own log group (`Run npm test` for an
   * unnamed `run: npm test`); `error`, a step with a name of its own (which the
   * log does not print), given the first log group not claimed by another step
   * that has `##[error]` lines; `end-of-log`, not found, the log's last lines.
   */
  found: 'title' | 'error' | 'end-of-log';
  /** The log group the lines are under; undefined for `end-of-log`. */
  title?: string;
  /** Lines of the section before `lines` that are not kept. */
  omitted: number;
  /** How many of the `omitted` lines are `##[error]` lines… */
  earlierErrorCount: number;
  /** …and the first EARLIER_ERRORS of them, which a cut never hides. */
  earlierErrors: string[];
  /** The section's last SECTION_LINES lines, timestamps and terminal codes removed. */
  lines: string[];
}

// ─── Reading a job log ─────────────────────────────────────────────────────────

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z ?/;

const ESC = 0x1b;
const BEL = 0x07;
/** The 8-bit string terminator (ST); ESC \\ is the 7-bit one. */
const ST = 0x9c;

/**
 * Every terminal control sequence, not only colours: OSC (titles, hyperlinks)
 * up to BEL or ST or the line's end; DCS, SOS, PM and APC strings; CSI (colours,
 * cursor moves, erases) in its 7- and 8-bit forms, a CSI cut short at the end
 * of a line; and the two-character escapes (`ESC (B`, `ESC 7`, `ESC =`). Read
 * by hand, left to right: as one pattern, a line of 8-bit string openers
 * without a terminator was read again to its end from each of them.
 */
class TerminalCodes {
  /** Where the last string that found no terminator stopped, per kind: a later one starting before there stops there too. */
  private readonly deadEnd = { osc: -1, dcs: -1 };

  constructor(private readonly line: string) {}

  /** The line without them. */
  static strip(line: string): string {
    if (!/[\x1b\x90\x98\x9b\x9d\x9e\x9f]/.test(line)) return line;
    const codes = new TerminalCodes(line);
    let out = '';
    let copied = 0;
    for (let i = 0; i < line.length; i++) {
      const end = codes.endAt(i);
      if (end === -1) continue;
      out += line.slice(copied, i);
      copied = end;
      i = end - 1;
    }
    return out + line.slice(copied);
  }

  /** Where the sequence starting at `i` ends, or -1 where none does (each kind tried in turn, as the pattern's alternatives were). */
  private endAt(i: number): number {
    const { line } = this;
    const code = line.charCodeAt(i);
    const next = line.charCodeAt(i + 1);
    const escape = code === ESC;
    if ((escape && next === 0x5d) || code === 0x9d) {
      const end = this.stringEnd('osc', i + (escape ? 2 : 1));
      if (end !== -1) return end;
    }
    if ((escape && (next === 0x50 || next === 0x58 || next === 0x5e || next === 0x5f)) || code === 0x90 || code === 0x98 || code === 0x9e || code === 0x9f) {
      const end = this.stringEnd('dcs', i + (escape ? 2 : 1));
      if (end !== -1) return end;
    }
    if ((escape && next === 0x5b) || code === 0x9b) {
      let j = i + (escape ? 2 : 1);
      while (j < line.length && inRange(line.charCodeAt(j), 0x30, 0x3f)) j++;
      while (j < line.length && inRange(line.charCodeAt(j), 0x20, 0x2f)) j++;
      if (j === line.length) return j;
      if (inRange(line.charCodeAt(j), 0x40, 0x7e)) return j + 1;
    }
    if (!escape) return -1;
    let j = i + 1;
    while (j < line.length && inRange(line.charCodeAt(j), 0x20, 0x2f)) j++;
    return j < line.length && inRange(line.charCodeAt(j), 0x30, 0x7e) ? j + 1 : j;
  }

  /** A control string's end from `from`: at ST, ESC \\ (or BEL for OSC), or the line's end; -1 at an ESC that is none. */
  private stringEnd(kind: 'osc' | 'dcs', from: number): number {
    const { line } = this;
    if (from <= this.deadEnd[kind]) return -1;
    let j = from;
    for (; j < line.length; j++) {
      const code = line.charCodeAt(j);
      if (code === ST || code === ESC || (kind === 'osc' && code === BEL)) break;
    }
    if (j === line.length) return j;
    const code = line.charCodeAt(j);
    if (code === ST || code === BEL) return j + 1;
    if (line.charCodeAt(j + 1) === 0x5c) return j + 2;
    this.deadEnd[kind] = j;
    return -1;
  }
}

const inRange = (code: number, low: number, high: number) => code >= low && code <= high;

/**
 * A log line as a terminal would show it: no terminal codes, and of a line a
 * progress bar rewrote with `\r`, what was written last. Invisible characters
 * are left to renderFailures, which removes them from all it shows.
 */
function cleanLine(line: string): string {
  const text = TerminalCodes.strip(line);
  if (!text.includes('\r')) return text;
  const parts = text.split('\r').filter((part) => part !== '');
  return parts[parts.length - 1] ?? '';
}

/**
 * The log as its characters print: every line without its terminal codes,
 * then no invisible character anywhere (`\r` and the lines stay). What is
 * redacted and saved: a value split by a colour code or a zero-width
 * character is whole here, where the redactor sees it — never rejoined after.
 */
export function printedLog(log: string): string {
  return stripInvisible(log.split('\n').map((line) => TerminalCodes.strip(line)).join('\n'));
}

/** A line kept whole up to LINE_CHARS, its length said beyond. */
function capLine(line: string): string {
  if (line.length <= LINE_CHARS) return line;
  const head = headOf(line, LINE_CHARS);
  return `${head} [… ${line.length - head.length} more characters of this line]`;
}

/** A step's header: the runner opens every step's output with `##[group]Run …` (a script's first line, or the action's reference). */
const STEP_HEADER = '##[group]Run ';
/** The runner prints this at the start of every post step (`Post Run actions/checkout@v4`), and nothing naming the step. */
const POST_STEP = 'Post job cleanup.';
/** The first line of the job's last step, "Complete job". */
const COMPLETE_JOB = 'Cleaning up orphan processes';
const SET_UP_JOB = 'Set up job';

/** One step's part of the log, as the runner opened it. */
interface StepOutput {
  title: string;
  kind: 'setup' | 'step' | 'post' | 'complete';
  /** Its lines are raw[start..end), the header line included. */
  start: number;
  end: number;
  /** Indexes (into raw) of its `##[error]` lines. */
  errors: number[];
  /** Whether one of them is the runner's own word that the step failed. */
  failed: boolean;
}

/** What the runner prints when a step fails (a script's exit code, a timeout, a cancellation); an action's `setFailed` prints its own message. */
const STEP_FAILED = /^##\[error\](?:Process completed with exit code \d+|The action .*has timed out|The operation was canceled)/;

/** A name as GitHub compares it to a log group: its first line (a multi-line script's name), spaces collapsed. */
const normalize = (name: string) => (name.split(/\r?\n/)[0] ?? '').replace(/\s+/g, ' ').trim();

/** The log's lines without their timestamps (and the log's BOM), not yet cleaned. */
function rawLines(log: string): string[] {
  const lines = log.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.replace(TIMESTAMP, ''));
}

/** The log cut into the job's steps, as the runner prints them: everything before the first header is "Set up job". */
function stepOutputs(raw: readonly string[]): StepOutput[] {
  const blocks: StepOutput[] = [{ title: SET_UP_JOB, kind: 'setup', start: 0, end: raw.length, errors: [], failed: false }];
  raw.forEach((line, i) => {
    let next: Pick<StepOutput, 'title' | 'kind'> | undefined;
    if (line.startsWith(STEP_HEADER)) next = { title: normalize(cleanLine(line.slice('##[group]'.length))), kind: 'step' };
    else if (line.trimEnd() === POST_STEP) next = { title: POST_STEP, kind: 'post' };
    else if (line.trimEnd() === COMPLETE_JOB) next = { title: 'Complete job', kind: 'complete' };
    if (next) {
      blocks[blocks.length - 1]!.end = i;
      blocks.push({ ...next, start: i, end: raw.length, errors: [], failed: false });
    } else if (line.includes('##[error]')) {
      const text = cleanLine(line);
      if (!text.startsWith('##[error]')) return;
      const block = blocks[blocks.length - 1]!;
      block.errors.push(i);
      block.failed ||= STEP_FAILED.test(text);
    }
  });
  return blocks.filter((block) => block.end > block.start);
}

/** Lines raw[start..end), cleaned, cut to their last SECTION_LINES with the earlier `##[error]` lines kept. */
function sectionOf(raw: readonly string[], start: number, end: number, errors: readonly number[], fields: Pick<Section, 'steps' | 'found' | 'title'>): Section {
  const from = Math.max(start, end - SECTION_LINES);
  const earlier = errors.filter((i) => i < from);
  return {
    ...fields,
    omitted: from - start,
    earlierErrorCount: earlier.length,
    earlierErrors: earlier.slice(0, EARLIER_ERRORS).map((i) => capLine(cleanLine(raw[i]!))),
    lines: raw.slice(from, end).map((line) => capLine(cleanLine(line))),
  };
}

/**
 * The output of each failed step of a job, from the job's log (as the logs
 * API returns it) and the names of its failed steps (as the jobs API returns
 * them, in step order). The rules, in turn:
 *
 * 1. A step whose name is the title of a log group — an unnamed step, `Run
 *    npm test`, `Run actions/setup-node@v4` — has the output after that group's
 *    line, up to the next step's; "Set up job" has what comes before the first
 *    step. Of several groups with the title, the first unclaimed with
 *    `##[error]` lines, else the last. When the group has no `##[error]` line
 *    (a composite action, whose inner steps print their own `Run …` groups),
 *    the following groups up to the first with one are taken with it.
 * 2. A step with a name of its own (`name: Test`), which the log never prints,
 *    has the first group not claimed in rule 1 with the runner's word that a
 *    step failed (`##[error]Process completed with exit code 1.`, a timeout,
 *    a cancellation), else the first with any `##[error]` line (an action's
 *    `setFailed`). A post step (`Post …`) looks among the post steps' output.
 * 3. A step found by neither, or a log with no step groups at all, has the
 *    log's last lines, before the post steps' cleanup.
 */
export function failedSections(log: string, failedSteps: readonly string[]): Section[] {
  const raw = rawLines(log);
  if (raw.length === 0) return [];
  const blocks = stepOutputs(raw);
  const hasSteps = blocks.some((block) => block.kind === 'step');
  const claimed = new Set<StepOutput>();
  const found = new Map<number, { first: StepOutput; last: StepOutput; found: 'title' | 'error' }>();

  failedSteps.forEach((name, i) => {
    const wanted = normalize(name);
    const candidates = blocks.filter((block) => !claimed.has(block) && block.title === wanted && block.kind !== 'post');
    const block = candidates.find((b) => b.errors.length > 0) ?? candidates[candidates.length - 1];
    if (!block) return;
    claimed.add(block);
    found.set(i, { first: block, last: block, found: 'title' });
  });
  // Without a step's header the log is not the runner's shape, or the job ended in "Set up job": no group to guess at.
  if (hasSteps) {
    for (const entry of found.values()) {
      if (entry.first.errors.length > 0 || entry.first.kind !== 'step') continue;
      const following: StepOutput[] = [];
      for (const block of blocks.slice(blocks.indexOf(entry.first) + 1)) {
        if (claimed.has(block) || block.kind !== 'step') break;
        following.push(block);
        if (block.errors.length > 0) {
          following.forEach((b) => claimed.add(b));
          entry.last = block;
          break;
        }
      }
    }
    failedSteps.forEach((name, i) => {
      if (found.has(i)) return;
      const kind = /^Post\s/.test(normalize(name)) ? 'post' : 'step';
      const open = blocks.filter((b) => !claimed.has(b) && b.kind === kind && b.errors.length > 0);
      const block = open.find((b) => b.failed) ?? open[0];
      if (!block) return;
      claimed.add(block);
      found.set(i, { first: block, last: block, found: 'error' });
    });
  }

  const sections: Section[] = [];
  failedSteps.forEach((name, i) => {
    const entry = found.get(i);
    if (!entry) return;
    const errors = blocks.slice(blocks.indexOf(entry.first), blocks.indexOf(entry.last) + 1).flatMap((b) => b.errors);
    sections.push(sectionOf(raw, entry.first.start, entry.last.end, errors, { steps: [name], found: entry.found, title: entry.first.title }));
  });
  const notFound = failedSteps.filter((_, i) => !found.has(i));
  if (notFound.length > 0 || failedSteps.length === 0) {
    // The job's end is cleanup (post steps, orphan processes): the failure is before it.
    let end = blocks.length;
    while (end > 0 && (blocks[end - 1]!.kind === 'post' || blocks[end - 1]!.kind === 'complete')) end--;
    const last = end > 0 ? blocks[end - 1]!.end : raw.length;
    const errors = blocks.filter((b) => b.start < last).flatMap((b) => b.errors);
    sections.push(sectionOf(raw, 0, last, errors, { steps: notFound, found: 'end-of-log' }));
  }
  return sections;
}

// ─── The first message ─────────────────────────────────────────────────────────

/** A failed job, for renderFailures. */
export interface FailedJob {
  name: string;
  sections: readonly Section[];
  /** Where the job's full log was saved, for the model to Read. */
  logPath?: string;
  /** Bytes left out of the start of the saved log (downloadJobLog's cut). */
  droppedBytes?: number;
  /** Why the log could not be had (then there are no sections). */
  unavailable?: string;
}

const count = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A fenced block whose content renderFailures may cut from its start to fit its budget. */
interface CodeBlock {
  content: string;
  /** What the block holds, for the note when it is cut: "this step's output". */
  what: string;
}

type Part = string | CodeBlock;

/** A step's name or a log group's title, shown as typed: one line, invisible characters removed. */
const asCode = (name: string) => codeSpan(stripInvisible(normalize(name)) || '(unnamed)');

function stepHeading(section: Section): string {
  const names = section.steps.map(asCode).join(', ');
  if (section.found === 'end-of-log') {
    return section.steps.length === 0
      ? '### The end of the log (no failed step was named)'
      : `### Step ${names}: not found in the log — the end of the log`;
  }
  const title = section.title ?? '';
  if (section.found === 'title') return title === normalize(section.steps[0] ?? '') ? `### Step ${names}` : `### Step ${names} (log group ${asCode(title)})`;
  return `### Step ${names} — the log does not name it; this is the first log group with the runner's \`##[error]\` lines: ${asCode(title)}`;
}

function sectionParts(section: Section): Part[] {
  const parts: Part[] = [stepHeading(section)];
  if (section.omitted > 0) {
    const errors =
      section.earlierErrorCount === 0
        ? '.'
        : section.earlierErrorCount > section.earlierErrors.length
          ? `; the first ${section.earlierErrors.length} of the ${count(section.earlierErrorCount, '`##[error]` line')} among them:`
          : `; the ${count(section.earlierErrorCount, '`##[error]` line')} among them:`;
    parts.push(`(${count(section.omitted, 'earlier line')} of this step are left out${errors})`);
    if (section.earlierErrors.length > 0) parts.push({ content: stripInvisible(section.earlierErrors.join('\n')), what: 'these `##[error]` lines' });
    parts.push(`Its last ${count(section.lines.length, 'line')}:`);
  }
  parts.push({ content: stripInvisible(section.lines.join('\n')), what: "this step's output" });
  return parts;
}

function jobParts(job: FailedJob): Part[] {
  const where = job.unavailable
    ? `The job's log could not be downloaded: ${sanitizeLine(job.unavailable)}`
    : job.logPath
      ? `The job's full log is the file ${codeSpan(stripInvisible(job.logPath))}: Read it (or Grep it) for anything not shown here.`
      : 'The full log of this job was not saved.';
  const cut = job.droppedBytes ? ` That file is the log's end: its first ${count(job.droppedBytes, 'byte')} were too many to keep.` : '';
  return [`## Failed job: ${sanitizeLine(job.name) || '(unnamed)'}`, `${where}${cut}`, ...job.sections.flatMap(sectionParts)];
}

/**
 * How much each block keeps when they do not all fit `room`: the same for
 * all that are cut (the small ones stay whole), so the biggest are cut first.
 */
function shareOf(sizes: readonly number[], room: number): number {
  const sorted = [...sizes].sort((a, b) => a - b);
  let left = Math.max(0, room);
  for (let i = 0; i < sorted.length; i++) {
    const share = Math.floor(left / (sorted.length - i));
    if (sorted[i]! > share) return share;
    left -= sorted[i]!;
  }
  return Infinity;
}

/** `content`'s end within `max` characters, from a line's start where there is one, and how many lines (whole or part) it leaves out. */
function tailOf(content: string, max: number): { kept: string; left: number } {
  if (content.length <= max) return { kept: content, left: 0 };
  let kept = max > 0 ? content.slice(content.length - max) : '';
  const lineStart = kept.indexOf('\n');
  if (lineStart !== -1) kept = kept.slice(lineStart + 1);
  // Never half a character: a low surrogate without its high half goes.
  else if (/^[\uDC00-\uDFFF]/.test(kept)) kept = kept.slice(1);
  const dropped = content.slice(0, content.length - kept.length);
  return { kept, left: dropped.split('\n').length - (dropped.endsWith('\n') ? 1 : 0) };
}

const cutNote = (left: number, what: string, max: number) =>
  `(${count(left, 'line')} of ${what}, before the ones below, are left out here to keep the failures within ${formatCount(max)} characters.)`;

const leftOutNote = (jobs: number, max: number) =>
  `(${count(jobs, 'more failed job')} ${jobs === 1 ? 'is' : 'are'} not shown here, to keep the failures within ${formatCount(max)} characters.)`;

const fenced = (block: CodeBlock, content = block.content) => `${fenceFor(block.content)}\n${content}\n${fenceFor(block.content)}`;

const render = (parts: readonly Part[], shown: (block: CodeBlock) => string) => parts.map((part) => (typeof part === 'string' ? part : shown(part))).join('\n');

/** The most a cut note can take, and its line break. */
const noteRoom = (block: CodeBlock, max: number) => cutNote(Number.MAX_SAFE_INTEGER, block.what, max).length + 1;

/** A job's text without its blocks' lines, with room for a cut note on each: what it costs whatever is cut. */
const fixedCost = (parts: readonly Part[], max: number) => render(parts, (block) => `${fenced(block, '')}${' '.repeat(noteRoom(block, max))}`).length + 2;

/**
 * The failures as the first message gives them: a heading per failed job (with
 * the path of its full log, for the model to Read) and per failed step, the
 * step's lines in a fence longer than any backtick run in them. Log text is
 * shown as it was printed, only invisible characters removed (like diffs).
 *
 * All of it within `maxChars`. When it does not fit, the biggest blocks are
 * cut first, down to a size all the cut ones share (a small step's output
 * stays whole), and each is cut from its start — its oldest lines go, its end
 * (where the failure is) stays — under a note saying how many lines went.
 * When the headings alone would not fit, the last jobs are left out and
 * counted; the first job is always there.
 */
export function renderFailures(jobs: ReadonlyArray<FailedJob>, maxChars = FAILURES_CHARS): string {
  const perJob = jobs.map(jobParts);
  const whole = perJob.map((parts) => render(parts, (block) => fenced(block))).join('\n\n');
  if (whole.length <= maxChars) return whole;

  // Each job shown keeps at least a few lines of each block, or the later jobs make way.
  const costUpTo = (n: number) =>
    perJob.slice(0, n).reduce((sum, parts) => sum + fixedCost(parts, maxChars) + 200 * parts.filter((p) => typeof p !== 'string').length, 0) +
    (n < perJob.length ? leftOutNote(perJob.length - n, maxChars).length + 2 : 0);
  let shownJobs = perJob.length;
  while (shownJobs > 1 && costUpTo(shownJobs) > maxChars) shownJobs--;

  const shown = perJob.slice(0, shownJobs);
  const blocks = shown.flatMap((parts) => parts.filter((part): part is CodeBlock => typeof part !== 'string'));
  const leftOut = shownJobs < perJob.length ? leftOutNote(perJob.length - shownJobs, maxChars) : undefined;
  const fixed = shown.reduce((sum, parts) => sum + fixedCost(parts, maxChars), 0) + (leftOut ? leftOut.length + 2 : 0);
  const share = shareOf(blocks.map((block) => block.content.length), maxChars - fixed);
  const rendered = shown.map((parts) =>
    render(parts, (block) => {
      const { kept, left } = tailOf(block.content, share);
      return left > 0 ? `${cutNote(left, block.what, maxChars)}\n${fenced(block, kept)}` : fenced(block);
    }),
  );
  if (leftOut) rendered.push(leftOut);
  const text = rendered.join('\n\n');
  // A bound that holds whatever the names' lengths (a single job with headings beyond the budget).
  return text.length <= maxChars ? text : headOf(text, maxChars);
}

// ─── Downloading a job's log ───────────────────────────────────────────────────

/** The action's fetch (src/http.ts), or a stand-in. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface JobLogRequest {
  /** The API's job-logs URL, jobLogUrl(…): its origin is the only one given the token. */
  url: string;
  token: string;
  /** The job, for messages: its name, or its id. */
  job: string;
  /** The most kept, from the log's end. */
  maxBytes?: number;
  fetch?: FetchLike;
}

export interface JobLog {
  /** The log, with a first line saying so when its start was cut. */
  text: string;
  /** The log's size as downloaded. */
  bytes: number;
  /** Bytes left out from its start (0 when whole). */
  droppedBytes: number;
}

/** `GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs`, under the API's base URL (GitHub Enterprise Server's too). */
export function jobLogUrl(baseUrl: string, owner: string, repo: string, jobId: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/actions/jobs/${jobId}/logs`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The first line of an API error's JSON message, if the answer has one. */
async function apiMessage(response: Response): Promise<string> {
  try {
    const text = (await response.text()).slice(0, 2_000);
    const message = (JSON.parse(text) as { message?: unknown }).message;
    return typeof message === 'string' && message.trim() ? ` — ${headOf(oneLine(message), 300)}` : '';
  } catch {
    return '';
  }
}

/** The last `max` bytes of a body, read as it streams (a log is not held whole), and its full size. */
async function tailBytes(body: ReadableStream<Uint8Array>, max: number): Promise<{ bytes: Buffer; total: number }> {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    kept += value.length;
    total += value.length;
    while (chunks.length > 1 && kept - chunks[0]!.length >= max) kept -= chunks.shift()!.length;
  }
  const all = Buffer.concat(chunks);
  return { bytes: all.subarray(Math.max(0, all.length - max)), total };
}

/**
 * A job's log. The logs endpoint answers 302 with a signed URL on a blob store:
 * redirects are followed here (at most MAX_REDIRECTS), the token sent only to
 * the API URL's origin — the signed URL is its own authorization, and a token
 * sent there would leave GitHub. A log above `maxBytes` keeps its last bytes,
 * from a line's start (failures are at the end), under a note saying so. A
 * non-2xx answer, too many redirects or a loop is a GitHubError naming the job
 * and the status; a signed URL is never put in a message (its query is a
 * credential), only its host.
 */
export async function downloadJobLog(request: JobLogRequest): Promise<JobLog> {
  const { token, job, maxBytes = LOG_MAX_BYTES } = request;
  const fetchImpl = request.fetch ?? httpFetch;
  const apiOrigin = new URL(request.url).origin;
  const failed = (why: string, status?: number) => new GitHubError(`Could not download the log of job ${oneLine(job)}: ${why}`, status);
  const seen = new Set<string>();
  let url = new URL(request.url);
  for (let redirects = 0; ; redirects++) {
    seen.add(url.href);
    const toApi = url.origin === apiOrigin;
    const where = toApi ? `GET ${url.origin}${url.pathname}` : `the log store at ${url.host}`;
    const headers: Record<string, string> = { 'User-Agent': 'deckhand' };
    if (toApi) Object.assign(headers, { Authorization: `Bearer ${token}`, Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' });
    let response: Response;
    try {
      response = await fetchImpl(url.href, { headers, redirect: 'manual' });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw failed(`${where} failed: ${oneLine((err as Error).message ?? String(err))}${cause ? ` (${oneLine(cause.code ?? cause.message ?? '')})` : ''}`);
    }
    const status = `${response.status}${response.statusText ? ` ${oneLine(response.statusText)}` : ''}`;
    if ([301, 302, 303, 307, 308].includes(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      if (!location) throw failed(`${where} answered ${status} without a Location`, response.status);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw failed(`${where} answered ${status} with a Location that is not a URL`, response.status);
      }
      if (seen.has(next.href)) throw failed(`${where} answered ${status}, a redirect loop`, response.status);
      if (redirects >= MAX_REDIRECTS) throw failed(`${where} answered ${status}, more than ${MAX_REDIRECTS} redirects`, response.status);
      url = next;
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      const detail = toApi ? await apiMessage(response) : (await response.body?.cancel().catch(() => undefined), '');
      throw failed(`${where} answered ${status}${detail}`, response.status);
    }
    if (!response.body) return { text: '', bytes: 0, droppedBytes: 0 };
    const { bytes, total } = await tailBytes(response.body, maxBytes);
    let start = 0;
    if (total > bytes.length) {
      // From the first whole line; a log that is one line still starts on a whole UTF-8 character.
      const newline = bytes.indexOf(0x0a);
      start = newline !== -1 ? newline + 1 : 0;
      while (newline === -1 && start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
    }
    const text = new TextDecoder('utf-8').decode(bytes.subarray(start));
    const droppedBytes = total - (bytes.length - start);
    if (droppedBytes === 0) return { text, bytes: total, droppedBytes };
    const note = `[Deckhand: this log has ${count(total, 'byte')}; only its last ${count(bytes.length - start, 'byte')} were kept, the first ${count(droppedBytes, 'byte')} are left out.]`;
    return { text: `${note}\n${text}`, bytes: total, droppedBytes };
  }
}
