// The run, top to bottom. The only module that reads the runner's environment
// and decides the exit code; everything below takes and returns plain values.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropicModel } from './agent/model.js';
import { runAgent, type Outcome } from './agent/session.js';
import { StopReason } from './agent/state.js';
import { formatCost } from './agent/cost.js';
import { systemPrompt } from './context/system-prompt.js';
import { annotateError, annotateWarning, appendSummary, getInput, log, setOutput } from './github/runner.js';
import { renderFailureSummary, renderSummary, type Conclusion } from './github/summary.js';
import { InputError, readCoreInputs } from './inputs.js';
import { taskMode } from './modes/task.js';
import { realRoot } from './safety/paths.js';

/** A problem stopping the run before the agent starts, told in one line. */
class SetupError extends Error {}

/** success when something useful came out; a stop note alone does not count (product.md §7). */
export function conclusionOf(outcome: Outcome): Conclusion {
  switch (outcome.terminal.reason) {
    case 'completed':
      return 'success';
    case 'aborted':
      return 'cancelled';
    case 'error':
      return 'failure';
    default:
      return outcome.answer ? 'success' : 'failure';
  }
}

function fail(message: string): number {
  annotateError(message);
  appendSummary(renderFailureSummary(message));
  setOutput('conclusion', 'failure');
  return 1;
}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const controller = new AbortController();
  const cancel = () => controller.abort(new StopReason('cancelled'));
  process.once('SIGTERM', cancel);
  process.once('SIGINT', cancel);
  try {
    const inputs = readCoreInputs((name) => getInput(name, env));
    if (!inputs.prompt) throw new SetupError('Input prompt is empty: set it to the task Deckhand should carry out.');
    const apiKey = getInput('anthropic_api_key', env) || env.ANTHROPIC_API_KEY;
    const authToken = env.ANTHROPIC_AUTH_TOKEN;
    const baseURL = env.ANTHROPIC_BASE_URL || undefined;
    if (!apiKey && !authToken && !baseURL) {
      throw new SetupError('Missing API key: set the anthropic_api_key input (or the ANTHROPIC_API_KEY environment variable).');
    }
    let root: string;
    try {
      root = realRoot(env.GITHUB_WORKSPACE || process.cwd());
    } catch (err) {
      throw new SetupError(`${(err as Error).message} Check GITHUB_WORKSPACE and the checkout step.`);
    }
    // Real path: the file tools compare real paths, and RUNNER_TEMP may sit behind a link.
    const tempDir = realpathSync(mkdtempSync(join(env.RUNNER_TEMP || tmpdir(), 'deckhand-')));
    const timer = setTimeout(() => controller.abort(new StopReason('timeout')), inputs.timeout_minutes * 60_000);
    timer.unref();

    log(`Deckhand: task mode, model ${inputs.model}, at most ${inputs.max_turns} turns and ${formatCost(inputs.max_budget_usd)}.`);
    const outcome = await runAgent({
      model: anthropicModel({ ...(apiKey ? { apiKey } : {}), ...(authToken ? { authToken } : {}), ...(baseURL ? { baseURL } : {}) }),
      modelId: inputs.model,
      system: systemPrompt({ repository: env.GITHUB_REPOSITORY || '(unknown)', root, date: new Date().toISOString().slice(0, 10) }),
      prompt: taskMode.firstMessage(inputs.prompt),
      tools: taskMode.tools,
      root,
      tempDir,
      parentEnv: env,
      maxTurns: inputs.max_turns,
      maxBudgetUsd: inputs.max_budget_usd,
      signal: controller.signal,
      transcriptPath: join(tempDir, 'transcript.jsonl'),
    });
    clearTimeout(timer);

    const conclusion = conclusionOf(outcome);
    if (outcome.answer) log(`\n${outcome.answer}\n`);
    log(`${outcome.terminal.message} Cost: ${formatCost(outcome.costUsd)}.`);
    if (!outcome.priceKnown) annotateWarning(`Model ${inputs.model} is not in Deckhand's price table; its cost is estimated at Sonnet prices.`);
    if (conclusion === 'failure' || conclusion === 'cancelled') annotateError(outcome.terminal.message);
    appendSummary(renderSummary(outcome, conclusion, inputs.model));
    setOutput('conclusion', conclusion);
    setOutput('turns', String(outcome.turns));
    setOutput('cost_usd', outcome.costUsd.toFixed(4));
    setOutput('transcript', outcome.transcriptPath);
    return conclusion === 'success' ? 0 : 1;
  } catch (err) {
    if (err instanceof SetupError || err instanceof InputError) return fail(err.message);
    // Unexpected: still one clear line (the stack only when the runner's debug logging is on).
    if (env.RUNNER_DEBUG === '1' && err instanceof Error && err.stack) log(err.stack);
    return fail(`Deckhand failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    process.off('SIGTERM', cancel);
    process.off('SIGINT', cancel);
  }
}
