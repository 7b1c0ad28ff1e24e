// What the verifier adds to a fix: the demo's fix (examples/demo, the issue
// labeled "deckhand") replayed against the emulators with its recorded main
// and verifier sessions, and the verifier's requests' share of the tokens
// and of the cost, as the API would bill them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { costOf, priceOf } from '../../src/agent/cost.js';
import { filesOf, isVerifier, recorded } from '../../demo/sessions.js';
import { AnthropicEmulator, type RecordedRequest } from '../../test/emulators/anthropic.js';
import { GitHubEmulator } from '../../test/emulators/github.js';
import { runAction } from '../../test/helpers/run-action.js';
import { describeFailure } from '../action.js';
import type { Bench, Row } from '../figure.js';
import { removeFolder, tempFolder } from '../scratch.js';

const tokensOf = (r: RecordedRequest) => (r.usage ? r.usage.input_tokens + r.usage.cache_read_input_tokens + r.usage.cache_creation_input_tokens + r.usage.output_tokens : 0);
const costOfRequest = (r: RecordedRequest) => (r.usage ? costOf(r.usage as Parameters<typeof costOf>[0], priceOf(r.body.model)) : 0);
const sum = (requests: RecordedRequest[], of: (r: RecordedRequest) => number) => requests.reduce((n, r) => n + of(r), 0);

export async function verifierShare(bench: Bench): Promise<Row> {
  const demo = join(bench.action, '..', '..', 'examples', 'demo');
  const folder = tempFolder('verifier');
  const gh = await new GitHubEmulator({ owner: 'octo', repo: 'thermo' }).start();
  const model = await new AnthropicEmulator().start();
  try {
    gh.commitFiles('main', filesOf(join(demo, 'repo')), 'Temperature conversions');
    gh.setPermission(JSON.parse(readFileSync(join(demo, 'issue.json'), 'utf8')).user, 'write');
    const spec = JSON.parse(readFileSync(join(demo, 'issue.json'), 'utf8')) as { title: string; body: string; user: string; label: string };
    const issue = gh.addIssue({ title: spec.title, body: spec.body, user: spec.user });
    const runnerTemp = join(folder, 'runner-temp');
    mkdirSync(runnerTemp, { recursive: true });
    const eventPath = join(runnerTemp, 'event.json');
    writeFileSync(eventPath, JSON.stringify(gh.payload.issues(issue, 'labeled', { label: spec.label, sender: spec.user })));
    const workspace = gh.cloneTo(join(runnerTemp, 'workspace'), 'main');
    model.enqueue(...recorded(demo, 'session-fix.json', workspace));
    model.route(isVerifier, ...recorded(demo, 'session-fix-verifier.json', workspace));
    const run = await runAction({
      action: bench.action,
      runnerTemp,
      workspace,
      inputs: { github_token: gh.token, dry_run: 'true', allowed_tools: 'Bash(node --test)', max_turns: '15', max_budget_usd: '1' },
      env: { ...gh.env(), GITHUB_EVENT_NAME: 'issues', GITHUB_EVENT_PATH: eventPath, ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-bench-key' },
      timeoutMs: 120_000,
    });
    if (run.code !== 0) throw new Error(describeFailure(run));
    const verifier = model.requests.filter((r) => isVerifier(r.body));
    if (verifier.length === 0) throw new Error('the verifier made no request');
    const all = model.requests;
    const [tokens, allTokens, cost, allCost] = [sum(verifier, tokensOf), sum(all, tokensOf), sum(verifier, costOfRequest), sum(all, costOfRequest)];
    return {
      name: "Verifier's share of the demo's fix",
      value: `${((tokens / allTokens) * 100).toFixed(0)}% of tokens (${tokens} of ${allTokens}), ${((cost / allCost) * 100).toFixed(0)}% of cost ($${cost.toFixed(4)} of $${allCost.toFixed(4)}), ${verifier.length} of ${all.length} requests`,
      baseline: `without it: $${(allCost - cost).toFixed(4)}`,
    };
  } finally {
    await gh.stop();
    await model.stop();
    removeFolder(folder);
  }
}
