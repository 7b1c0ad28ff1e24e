// The GitHub Actions runner protocol, the little of it Deckhand needs: inputs
// from INPUT_* variables, outputs and the job summary through the files the
// runner names, and workflow commands for annotations. (@actions/core does the
// same but pulls an HTTP client into the bundle, which costs start-up time.)
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';

let redact: (text: string) => string = (text) => text;

/** From now on every output, log line, annotation and summary passes through `fn` (the secret redactor). */
export function redactOutputsWith(fn: (text: string) => string): void {
  redact = fn;
}

export function getInput(name: string, env: NodeJS.ProcessEnv = process.env): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

export function setOutput(name: string, value: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter = `ghadelimiter_${randomUUID()}`;
  appendFileSync(file, `${name}<<${delimiter}\n${redact(value)}\n${delimiter}\n`);
}

export function appendSummary(markdown: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_STEP_SUMMARY;
  const text = redact(markdown);
  if (file) appendFileSync(file, text.endsWith('\n') ? text : text + '\n');
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** An `::error::` annotation: shown on the run's page as well as in the log. */
export function annotateError(message: string): void {
  process.stdout.write(`::error::${escapeData(redact(message))}\n`);
}

export function annotateWarning(message: string): void {
  process.stdout.write(`::warning::${escapeData(redact(message))}\n`);
}

export function log(line: string): void {
  process.stdout.write(redact(line) + '\n');
}
