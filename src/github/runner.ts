// The GitHub Actions runner protocol, the little of it Deckhand needs: inputs
// from INPUT_* variables, outputs and the job summary through the files the
// runner names, and workflow commands for annotations. (@actions/core does the
// same but pulls an HTTP client into the bundle, which costs start-up time.)
//
// The log carries text Deckhand did not write (the answer, planned writes), and
// the runner reads a command from any line that starts with `::` (after
// spaces) or holds `##[` anywhere. So a log text that could hold one is
// printed between `::stop-commands::<token>` and `::<token>::`, with a fresh
// random token no text can know: nothing in between is a command.
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';

/** Where a run's log, annotations, outputs and job summary go: the runner, or a test's recorder. */
export interface RunnerSink {
  log(line: string): void;
  /** An `::warning::` annotation. */
  warning(message: string): void;
  /** An `::error::` annotation: shown on the run's page as well as in the log. */
  error(message: string): void;
  /** A `::notice::` annotation with a title: on the run's page, and readable through the API (a fleet's report reads its targets' this way). */
  notice(title: string, message: string): void;
  output(name: string, value: string): void;
  summary(markdown: string): void;
  /** From now on everything passes through `fn` (the secret redactor) on its way out. */
  redactWith(fn: (text: string) => string): void;
  /** From now on the job summary, which GitHub renders like a comment, is defanged by `fn` as a comment is. */
  defangSummaryWith(fn: (markdown: string) => string): void;
}

/**
 * Could the runner read a workflow command in `text`: a line starting with
 * `::` after what .NET's TrimStart drops (any Unicode space, U+0085 too), or
 * `##[` anywhere. Read generously — any `::` at all — so no spacing the runner
 * trims and JavaScript does not can slip a command through.
 */
export function holdsCommand(text: string): boolean {
  return text.includes('::') || text.includes('##[');
}

export function getInput(name: string, env: NodeJS.ProcessEnv): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command property's value (`title=`): its data escapes, and the `:` and `,` that end it. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The runner's sink: stdout for the log and annotations, the files `env` names for outputs and the summary. */
export function runnerSink(env: NodeJS.ProcessEnv, stdout: { write(text: string): unknown }): RunnerSink {
  let redact: (text: string) => string = (text) => text;
  let defang: (markdown: string) => string = (markdown) => markdown;
  return {
    log(line) {
      const text = redact(line);
      if (!holdsCommand(text)) return void stdout.write(text + '\n');
      const token = randomUUID();
      stdout.write(`::stop-commands::${token}\n${text}\n::${token}::\n`);
    },
    warning: (message) => void stdout.write(`::warning::${escapeData(redact(message))}\n`),
    error: (message) => void stdout.write(`::error::${escapeData(redact(message))}\n`),
    notice: (title, message) => void stdout.write(`::notice title=${escapeProperty(redact(title))}::${escapeData(redact(message))}\n`),
    output(name, value) {
      const file = env.GITHUB_OUTPUT;
      if (!file) return;
      const delimiter = `ghadelimiter_${randomUUID()}`;
      appendFileSync(file, `${name}<<${delimiter}\n${redact(value)}\n${delimiter}\n`);
    },
    summary(markdown) {
      const file = env.GITHUB_STEP_SUMMARY;
      const text = defang(redact(markdown));
      if (file) appendFileSync(file, text.endsWith('\n') ? text : text + '\n');
    },
    redactWith(fn) {
      redact = fn;
    },
    defangSummaryWith(fn) {
      defang = fn;
    },
  };
}
