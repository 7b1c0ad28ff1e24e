// What the run's sub-agents cost beside the main agent, and whether they ride
// on its prompt cache (each is a fork of the agent at its first message):
// - the verifier on the demo's fix (examples/demo, the issue labeled
//   "deckhand"), replayed with its recorded main and verifier sessions: its
//   share of the tokens and of the cost as the API would bill them, and the
//   cache-read share of its first request;
// - explorers on a review: the agent starts three at once on a pull request
//   of a realistic size, and from the second on, the cache-read share of
//   their first request (the explore model has no cache of the main
//   model's: they share one prefix among themselves).
// With --before, the same on the bundle before the change, side by side.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { costOf, priceOf } from '../../src/agent/cost.js';
import { filesOf, recorded } from '../../demo/sessions.js';
import { AnthropicEmulator, reply, text, toolUse, type RecordedRequest, type Step } from '../../test/emulators/anthropic.js';
import { GitHubEmulator } from '../../test/emulators/github.js';
import { runAction } from '../../test/helpers/run-action.js';
import { isExplorer, isVerifier } from '../../test/helpers/subagents.js';
import { describeFailure } from '../action.js';
import type { Bench, Row } from '../figure.js';
import { removeFolder, tempFolder } from '../scratch.js';

const tokensOf = (r: RecordedRequest) => (r.usage ? r.usage.input_tokens + r.usage.cache_read_input_tokens + r.usage.cache_creation_input_tokens + r.usage.output_tokens : 0);
const inputOf = (r: RecordedRequest) => (r.usage ? r.usage.input_tokens + r.usage.cache_read_input_tokens + r.usage.cache_creation_input_tokens : 0);
const readShare = (r: RecordedRequest) => (inputOf(r) === 0 ? 0 : (r.usage?.cache_read_input_tokens ?? 0) / inputOf(r));
const costOfRequest = (r: RecordedRequest) => (r.usage ? costOf(r.usage as Parameters<typeof costOf>[0], priceOf(r.body.model)) : 0);
const sum = (requests: RecordedRequest[], of: (r: RecordedRequest) => number) => requests.reduce((n, r) => n + of(r), 0);
const percent = (share: number) => `${(share * 100).toFixed(0)}%`;
/** The bundles before the figures: the one measured, and the one before the change when the bench was given it. */
const bundles = (bench: Bench) => [bench.action, ...(bench.before ? [bench.before] : [])];

/** Runs `action` on a fresh GitHub and model emulator; `setUp` seeds them and says which event wakes it. */
async function replay(
  action: string,
  name: string,
  setUp: (gh: GitHubEmulator, model: AnthropicEmulator, workspace: (branch?: string) => string) => { event: string; payload: unknown; inputs?: Record<string, string> },
): Promise<RecordedRequest[]> {
  const folder = tempFolder(name);
  const gh = await new GitHubEmulator({ owner: 'octo', repo: 'thermo' }).start();
  const model = await new AnthropicEmulator().start();
  try {
    const runnerTemp = join(folder, 'runner-temp');
    mkdirSync(runnerTemp, { recursive: true });
    let workspace = '';
    const { event, payload, inputs } = setUp(gh, model, (branch = 'main') => (workspace = gh.cloneTo(join(runnerTemp, 'workspace'), branch)));
    const eventPath = join(runnerTemp, 'event.json');
    writeFileSync(eventPath, JSON.stringify(payload));
    const run = await runAction({
      action,
      runnerTemp,
      workspace,
      inputs: { github_token: gh.token, dry_run: 'true', max_turns: '15', max_budget_usd: '1', ...inputs },
      env: { ...gh.env(), GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: eventPath, ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-bench-key' },
      timeoutMs: 120_000,
    });
    if (run.code !== 0) throw new Error(describeFailure(run));
    return model.requests;
  } finally {
    await gh.stop();
    await model.stop();
    removeFolder(folder);
  }
}

/** The demo's fix, verified: the verifier's share of tokens and cost, and its first request's cache-read share. */
async function demoFix(action: string, demo: string) {
  const spec = JSON.parse(readFileSync(join(demo, 'issue.json'), 'utf8')) as { title: string; body: string; user: string; label: string };
  const all = await replay(action, 'verifier', (gh, model, checkout) => {
    gh.commitFiles('main', filesOf(join(demo, 'repo')), 'Temperature conversions');
    gh.setPermission(spec.user, 'write');
    const issue = gh.addIssue({ title: spec.title, body: spec.body, user: spec.user });
    const workspace = checkout();
    model.enqueue(...recorded(demo, 'session-fix.json', workspace));
    // Before the sub-agents were forks, the verifier had a system prompt of its own: either way it is picked out.
    const verifierOf = (body: any) => isVerifier(body) || body.system?.[0]?.text?.startsWith('You are the verifier of Deckhand') === true;
    model.route(verifierOf, ...recorded(demo, 'session-fix-verifier.json', workspace));
    return { event: 'issues', payload: gh.payload.issues(issue, 'labeled', { label: spec.label, sender: spec.user }), inputs: { allowed_tools: 'Bash(node --test)' } };
  });
  const verifier = all.filter((r) => isVerifier(r.body) || r.body.system?.[0]?.text?.startsWith('You are the verifier of Deckhand'));
  if (verifier.length === 0) throw new Error('the verifier made no request');
  const [tokens, allTokens, cost, allCost] = [sum(verifier, tokensOf), sum(all, tokensOf), sum(verifier, costOfRequest), sum(all, costOfRequest)];
  return {
    text: `${percent(cost / allCost)} of cost ($${cost.toFixed(4)} of $${allCost.toFixed(4)}), ${percent(tokens / allTokens)} of tokens, ${verifier.length} of ${all.length} requests; its first request ${percent(readShare(verifier[0]!))} cache reads`,
    withoutVerifier: allCost - cost,
  };
}

/** A line of a module a pull request adds, so that the diff is the size of an ordinary feature (about 16 KB). */
const MODULE = Array.from({ length: 320 }, (_, i) => `export const unit${i} = { name: 'unit ${i}', factor: ${(i + 1) / 8}, offset: ${i % 7} };`).join('\n');

/** A review in which the agent starts three explorers at once: their first requests' cache-read shares. */
async function explorersOnAReview(action: string): Promise<string> {
  const requests = await replay(action, 'explorers', (gh, model, checkout) => {
    gh.commitFiles('main', { 'src/units.js': 'export const units = [];\n', 'README.md': '# thermo\n' }, 'Start');
    gh.commitFiles('units', { 'src/units.js': `${MODULE}\n` }, 'Add the units table');
    gh.setPermission('alice', 'write');
    const pull = gh.addPull({ title: 'Add the units table', body: 'Every unit the converter knows.', user: 'alice', head: 'units' });
    checkout('units');
    model.enqueue(
      reply(
        toolUse('Agent', { description: 'callers', prompt: 'Find every caller of the units table.' }),
        toolUse('Agent', { description: 'tests', prompt: 'Find the tests of the units table.' }),
        toolUse('Agent', { description: 'docs', prompt: 'Find where the units are documented.' }),
      ),
      reply(text('The table is new and unused so far; nothing to flag.')),
    );
    const explore = (request: RecordedRequest): Step =>
      request.body.messages.length === 1 ? reply(toolUse('Grep', { pattern: 'unit' })) : reply(text('Nothing uses it yet.'));
    const before = (body: any) => isExplorer(body) || body.system?.[0]?.text?.startsWith('You are an explore agent of Deckhand') === true;
    model.route(before, ...Array.from({ length: 6 }, () => explore));
    return { event: 'pull_request', payload: gh.payload.pullRequest(pull, 'opened') };
  });
  const firsts = requests.filter((r) => r.body.model !== requests[0]!.body.model && r.body.messages.length === 1).sort((a, b) => a.receivedAt - b.receivedAt);
  if (firsts.length < 2) throw new Error(`${firsts.length} explorer started`);
  return `${firsts.slice(1).map((r) => percent(readShare(r))).join(', ')} cache reads (the first: ${percent(readShare(firsts[0]!))})`;
}

export async function subagentFigures(bench: Bench): Promise<Row[]> {
  const demo = join(bench.root, 'examples', 'demo');
  const [fix, fixBefore] = await Promise.all(bundles(bench).map((action) => demoFix(action, demo)));
  const [explorers, explorersBefore] = await Promise.all(bundles(bench).map((action) => explorersOnAReview(action)));
  return [
    {
      name: "Verifier's share of the demo's fix",
      value: fix!.text,
      baseline: fixBefore ? `before: ${fixBefore.text}` : `without it: $${fix!.withoutVerifier.toFixed(4)}`,
      target: '≤ 20% of cost; first request ≥ 70% cache reads',
    },
    {
      name: "Explorers' first requests on a review, from the second on",
      value: explorers!,
      ...(explorersBefore ? { baseline: `before: ${explorersBefore}` } : {}),
      target: '≥ 70% cache reads',
    },
  ];
}
