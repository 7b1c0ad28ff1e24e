// The GitHub Actions runner protocol, the little of it Deckhand needs: inputs
// from INPUT_* variables, outputs and the job summary through the files the
// runner names, and workflow commands for annotations. (@actions/core does the
// same but pulls an HTTP client into the bundle, which costs start-up time.)
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';

/** Where a run's log, annotations, outputs and job summary go: the runner, or a test's recorder. */
export interface RunnerSink {
  log(line: string): void;
  /** An `::warning::` annotation. */
  warning(message: string): void;
  /** An `::error::` annotation: shown on the run's page as well as in the log. */
  error(message: string): void;
  output(name: string, value: string): void;
  summary(markdown: string): void;
  /** From now on everything passes through `fn` (the secret redactor) on its way out. */
  redactWith(fn: (text: string) => string): void;
}

export function getInput(name: string, env: NodeJS.ProcessEnv): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** The runner's sink: stdout for the log and annotations, the files `env` names for outputs and the summary. */
export function runnerSink(env: NodeJS.ProcessEnv, stdout: { write(text: string): unknown }): RunnerSink {
  let redact: (text: string) => string = (text) => text;
  return {
    log: (line) => void stdout.write(redact(line) + '\n'),
    warning: (message) => void stdout.write(`::warning::${escapeData(redact(message))}\n`),
    error: (message) => void stdout.write(`::error::${escapeData(redact(message))}\n`),
    output(name, value) {
      const file = env.GITHUB_OUTPUT;
      if (!file) return;
      const delimiter = `ghadelimiter_${randomUUID()}`;
      appendFileSync(file, `${name}<<${delimiter}\n${redact(value)}\n${delimiter}\n`);
    },
    summary(markdown) {
      const file = env.GITHUB_STEP_SUMMARY;
      const text = redact(markdown);
      if (file) appendFileSync(file, text.endsWith('\n') ? text : text + '\n');
    },
    redactWith(fn) {
      redact = fn;
    },
  };
}
