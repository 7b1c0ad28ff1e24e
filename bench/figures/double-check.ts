// What the second look at a review's findings costs (issue 30), on the demo's
// pull request (examples/demo/pull.json) replayed with its recorded review and
// checker sessions:
// - the checkers' share of the review's cost, as the API would bill it;
// - what they add to the review's wall time, with the model answering at a
//   pace like the real one's (time to first token, then tokens at a steady
//   rate) and GitHub at its latency: the same review with
//   `review.double_check: off`, in interleaved runs, median of the ratios.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { costOf, priceOf } from '../../src/agent/cost.js';
import { filesOf, recorded } from '../../demo/sessions.js';
import { AnthropicEmulator, estimateTokens, type RecordedRequest, type Step } from '../../test/emulators/anthropic.js';
import { GitHubEmulator } from '../../test/emulators/github.js';
import { runAction } from '../../test/helpers/run-action.js';
import { isChecker } from '../../test/helpers/subagents.js';
import { describeFailure } from '../action.js';
import type { Bench, Row } from '../figure.js';
import { removeFolder, tempFolder } from '../scratch.js';
import { GITHUB_LATENCY_MS } from './github-latency.js';

/** The model's pace: before its first token, and per output token (about 80 tokens a second). */
const FIRST_TOKEN_MS = 800;
const MS_PER_TOKEN = 12;
/** Interleaved pairs of runs, with and without the second look. */
const PAIRS = 3;

const costOfRequest = (r: RecordedRequest) => (r.usage ? costOf(r.usage as Parameters<typeof costOf>[0], priceOf(r.body.model)) : 0);
const sum = (requests: RecordedRequest[]) => requests.reduce((n, r) => n + costOfRequest(r), 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A recorded step answered at the model's pace. */
const paced = (step: Step): Step => ('reply' in step ? { ...step, delayMs: FIRST_TOKEN_MS + MS_PER_TOKEN * estimateTokens(step.reply.content) } : step);

/** One review of the demo's pull request: its wall time and its model requests. */
async function review(action: string, demo: string, doubleCheck: boolean): Promise<{ ms: number; requests: RecordedRequest[] }> {
  const folder = tempFolder('double-check');
  const gh = await new GitHubEmulator({ owner: 'octo', repo: 'thermo' }).start();
  const model = await new AnthropicEmulator().start();
  try {
    const spec = JSON.parse(readFileSync(join(demo, 'pull.json'), 'utf8')) as { title: string; body: string; user: string; branch: string; files: Record<string, string> };
    gh.commitFiles('main', { ...filesOf(join(demo, 'repo')), ...(doubleCheck ? {} : { '.github/deckhand.yml': 'review:\n  double_check: off\n' }) }, 'Temperature conversions');
    gh.setPermission(spec.user, 'write');
    gh.commitFiles(spec.branch, spec.files, spec.title);
    const pull = gh.addPull({ title: spec.title, body: spec.body, user: spec.user, head: spec.branch });
    const runnerTemp = join(folder, 'runner-temp');
    const workspace = gh.cloneTo(join(runnerTemp, 'workspace'), spec.branch);
    model.enqueue(...recorded(demo, 'session-review.json', workspace).map(paced));
    model.route(isChecker, ...recorded(demo, 'session-review-checker.json', workspace).map(paced));
    const eventPath = join(folder, 'event.json');
    writeFileSync(eventPath, JSON.stringify(gh.payload.pullRequest(pull, 'opened')));
    gh.latencyMs = GITHUB_LATENCY_MS;
    const started = Date.now();
    const run = await runAction({
      action,
      runnerTemp,
      workspace,
      inputs: { github_token: gh.token, dry_run: 'true', max_turns: '15', max_budget_usd: '1' },
      env: { ...gh.env(), GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath, ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-bench-key' },
      timeoutMs: 120_000,
    });
    if (run.code !== 0) throw new Error(describeFailure(run));
    return { ms: Date.now() - started, requests: model.requests };
  } finally {
    await gh.stop();
    await model.stop();
    removeFolder(folder);
  }
}

export async function doubleCheckFigures(bench: Bench): Promise<Row[]> {
  const demo = join(bench.root, 'examples', 'demo');
  const ratios: number[] = [];
  const times = { on: [] as number[], off: [] as number[] };
  let shares: string | undefined;
  for (let i = 0; i < PAIRS; i++) {
    const on = await review(bench.action, demo, true);
    const off = await review(bench.action, demo, false);
    times.on.push(on.ms);
    times.off.push(off.ms);
    ratios.push(on.ms / off.ms);
    if (!shares) {
      const checkers = on.requests.filter((r) => isChecker(r.body));
      if (checkers.length === 0) throw new Error('no checker ran');
      const [cost, all] = [sum(checkers), sum(on.requests)];
      shares = `${((cost / all) * 100).toFixed(0)}% of cost ($${cost.toFixed(4)} of $${all.toFixed(4)}), ${checkers.length} of ${on.requests.length} requests`;
    }
  }
  return [
    { name: "Checkers' share of the demo review", value: shares!, target: '≤ 25% of cost' },
    {
      name: 'Review wall time with the second look',
      value: `${median(ratios).toFixed(2)}× (median of ${PAIRS} paired runs: ${(median(times.on) / 1000).toFixed(1)} s)`,
      baseline: `double_check: off, ${(median(times.off) / 1000).toFixed(1)} s`,
      target: '≤ 1.3×',
    },
  ];
}
