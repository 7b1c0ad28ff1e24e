// The demo's recorded model sessions (examples/demo/session-*.json) and its
// example repository, as the demo and the bench replay them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { reply, text, toolUse, type Block, type Step } from '../test/emulators/anthropic.js';

interface RecordedStep {
  text?: string;
  tools?: Array<{ name: string; input: Record<string, unknown> }>;
}

/** Every file under `dir`, by its path relative to it. */
export function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[relative(dir, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return files;
}

/** The recorded session `name` of the demo folder, with its paths pointed at this run's checkout. */
export function recorded(demo: string, name: string, workspace: string): Step[] {
  const steps = JSON.parse(readFileSync(join(demo, name), 'utf8').replaceAll('${WORKSPACE}', workspace)) as RecordedStep[];
  return steps.map((step) => reply(...[...(step.text ? [text(step.text)] : []), ...(step.tools ?? []).map((t): Block => toolUse(t.name, t.input))]));
}

/** A request of the verifier, which checks the fix before it is pushed, and of a checker, which double-checks the review's findings (their instructions say so first). */
export { isChecker, isVerifier } from '../test/helpers/subagents.js';
