// What memory adds to a run, on the bundle:
// - before the first model request, at GitHub's latency (150 ms a call): a
//   mention on an issue with no memory branch, with 5 memories (all given, no
//   model call) and with 40 (one side request picks five): the first main
//   request's time and round trips, and when the side request was sent beside
//   the GitHub reads;
// - to the cost of the demo's fix (replayed, verified): its memories in the
//   first message (5 of them, or 5 picked of 40 with the side request), as a
//   share of the fix's cost without a memory branch; and the memory extraction
//   on a review where a maintainer answered one of Deckhand's comments, as a
//   share of that review's cost.
// With --before, the latency rows run the bundle before the change beside it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { costOf, priceOf } from '../../src/agent/cost.js';
import { filesOf, recorded } from '../../demo/sessions.js';
import { AnthropicEmulator, reply, text, toolUse, type RecordedRequest } from '../../test/emulators/anthropic.js';
import { GitHubEmulator } from '../../test/emulators/github.js';
import { memoryFiles, type MemorySpec } from '../../test/helpers/memory.js';
import { runAction } from '../../test/helpers/run-action.js';
import { scenario } from '../../test/helpers/github-scenario.js';
import { forkInstructions, isVerifier } from '../../test/helpers/subagents.js';
import { describeFailure } from '../action.js';
import { progress, type Bench, type Row } from '../figure.js';
import { median, ms } from '../measure.js';
import { removeFolder, tempFolder } from '../scratch.js';
import { criticalRoundTrips, GITHUB_LATENCY_MS } from './github-latency.js';

const RUNS = 3;
const BRANCH = 'deckhand/memory';
const isRecall = (body: any) => body?.tool_choice?.name === 'choose_memories';
const isLearner = (body: any) => forkInstructions(body).startsWith("You are Deckhand's memory extraction now.");
const costOfRequest = (r: RecordedRequest) => (r.usage ? costOf(r.usage as Parameters<typeof costOf>[0], priceOf(r.body.model)) : 0);
const sum = (requests: readonly RecordedRequest[]) => requests.reduce((n, r) => n + costOfRequest(r), 0);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** `count` memories of an ordinary size (a preference with its reason, about 400 bytes each). */
function memories(count: number): MemorySpec[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `team-rule-${i}`,
    description: `Team rule ${i}: how the team wants ${['tests', 'logging', 'errors', 'naming', 'docs'][i % 5]} handled`,
    type: 'feedback',
    body: `In this repository, ${['tests', 'logging', 'errors', 'naming', 'docs'][i % 5]} follow rule ${i}: keep them short and consistent with the rest of the module.\n\n**Why:** the team agreed on it in a review.\n**How to apply:** whenever a change touches them.`,
  }));
}

interface Start {
  firstMain: number;
  roundTrips: number;
  sideRequests: number;
  /** When the side request was sent, and when the last GitHub call before the first main request was answered (ms from start). */
  sideAt?: number;
  lastGitHub: number;
}

/** A mention on an issue at GitHub's latency, with `count` memories on the branch (none: no branch). */
async function mentionStart(action: string, count: number): Promise<Start> {
  const s = await scenario({ 'src/app.js': 'export const x = 1;\n' });
  try {
    if (count > 0) s.gh.commitFiles(BRANCH, { 'MEMORY.md': '# Memory\n', ...memoryFiles(memories(count)) }, 'Memories', { orphan: true });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Logging', body: 'How should errors be logged?', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand how should src/app.js log errors?', user: 'alice' });
    s.model.route(isRecall, reply(toolUse('choose_memories', { names: ['team-rule-1', 'team-rule-6'] })));
    s.model.enqueue(reply(text('Log them with the logger.')));
    s.gh.latencyMs = GITHUB_LATENCY_MS;
    const started = Date.now();
    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), {}, {}, { action });
    if (run.code !== 0) throw new Error(`the mention with ${count} memories exited with ${run.code}: ${run.stderr.trim().split('\n')[0] ?? ''}`);
    const main = s.model.requests.find((r) => !isRecall(r.body));
    if (!main) throw new Error('no main model request');
    const side = s.model.requests.filter((r) => isRecall(r.body) && r.receivedAt < main.receivedAt);
    const before = s.gh.requests.filter((r) => r.receivedAt < main.receivedAt);
    return {
      firstMain: main.receivedAt - started,
      roundTrips: criticalRoundTrips(before, main.receivedAt),
      sideRequests: side.length,
      ...(side[0] ? { sideAt: side[0].receivedAt - started } : {}),
      lastGitHub: Math.max(...before.map((r) => (r.answeredAt ?? r.receivedAt) - started)),
    };
  } finally {
    await s.cleanup();
  }
}

/** The demo's fix, replayed and verified, with `count` memories on the branch: every request's cost, and the recall's. */
async function demoFix(action: string, demo: string, count: number): Promise<{ all: number; recall: number }> {
  const folder = tempFolder('memory-cost');
  const gh = await new GitHubEmulator({ owner: 'octo', repo: 'thermo' }).start();
  const model = await new AnthropicEmulator().start();
  try {
    const spec = JSON.parse(readFileSync(join(demo, 'issue.json'), 'utf8')) as { title: string; body: string; user: string; label: string };
    gh.commitFiles('main', filesOf(join(demo, 'repo')), 'Temperature conversions');
    if (count > 0) gh.commitFiles(BRANCH, { 'MEMORY.md': '# Memory\n', ...memoryFiles(memories(count)) }, 'Memories', { orphan: true });
    gh.setPermission(spec.user, 'write');
    const issue = gh.addIssue({ title: spec.title, body: spec.body, user: spec.user });
    const runnerTemp = join(folder, 'runner-temp');
    mkdirSync(runnerTemp, { recursive: true });
    const workspace = gh.cloneTo(join(runnerTemp, 'workspace'), 'main');
    model.enqueue(...recorded(demo, 'session-fix.json', workspace));
    model.route(isVerifier, ...recorded(demo, 'session-fix-verifier.json', workspace));
    model.route(isRecall, reply(toolUse('choose_memories', { names: memories(5).map((m) => m.name) })));
    const eventPath = join(runnerTemp, 'event.json');
    writeFileSync(eventPath, JSON.stringify(gh.payload.issues(issue, 'labeled', { label: spec.label, sender: spec.user })));
    const run = await runAction({
      action,
      runnerTemp,
      workspace,
      inputs: { github_token: gh.token, dry_run: 'true', max_turns: '15', max_budget_usd: '1', allowed_tools: 'Bash(node --test)' },
      env: { ...gh.env(), GITHUB_EVENT_NAME: 'issues', GITHUB_EVENT_PATH: eventPath, ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-bench-key' },
      timeoutMs: 120_000,
    });
    if (run.code !== 0) throw new Error(describeFailure(run));
    return { all: sum(model.requests), recall: sum(model.requests.filter((r) => isRecall(r.body))) };
  } finally {
    await gh.stop();
    await model.stop();
    removeFolder(folder);
  }
}

/** A 20-turn mention on an issue (reads and searches of a mid-size tree, then an answer), with `count` memories on the branch: its cost. */
async function longMention(action: string, count: number): Promise<number> {
  const files = Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [`src/module-${i}.js`, Array.from({ length: 120 }, (_, n) => `export const value${i}_${n} = computeValue(${i}, ${n}); // keeps the ${n}th reading of sensor ${i}`).join('\n')]),
  );
  const s = await scenario({ ...files, 'README.md': '# sensors\n' });
  try {
    if (count > 0) s.gh.commitFiles(BRANCH, { 'MEMORY.md': '# Memory\n', ...memoryFiles(memories(count)) }, 'Memories', { orphan: true });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Sensors', body: 'Where is each sensor read?', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand where is each sensor read, and how?', user: 'alice' });
    s.model.route(isRecall, reply(toolUse('choose_memories', { names: memories(5).map((m) => m.name) })));
    s.model.enqueue(
      ...Array.from({ length: 19 }, (_, turn) =>
        turn % 2 === 0 ? reply(toolUse('Read', { file_path: join(s.workspace, `src/module-${(turn / 2) % 10}.js`) })) : reply(toolUse('Grep', { pattern: `value${turn % 10}_1\\d`, output_mode: 'content' })),
      ),
      reply(text('Each sensor is read in its own module, one value per reading.')),
    );
    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), { max_turns: '30' }, {}, { action });
    if (run.code !== 0) throw new Error(`the 20-turn mention exited with ${run.code}: ${run.stderr.trim().split('\n')[0] ?? ''}`);
    return sum(s.model.requests);
  } finally {
    await s.cleanup();
  }
}

/** A review after a maintainer answered one of Deckhand's comments: the whole run's cost and the extraction's. */
async function reviewWithAReply(action: string): Promise<{ all: number; extraction: number }> {
  const s = await scenario({ 'test/helpers/fixture.ts': 'export const x = 1;\n' });
  try {
    s.gh.commitFiles('feature', { 'test/helpers/fixture.ts': 'export function fixture(raw) {\n  return raw;\n}\n' }, 'Fixture');
    const pull = s.gh.addPull({ title: 'Fixture helper', body: 'A helper.', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.model.enqueue(reply(toolUse('AddReviewComment', { path: 'test/helpers/fixture.ts', line: 1, body: '`raw` is implicitly `any`.' })), reply(text('One note.')));
    if ((await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'), {}, {}, { action })).code !== 0) throw new Error('the first review failed');
    const ours = s.gh.reviewComments.find((c) => c.user?.login === s.gh.tokenUser.login)!;
    const answer = s.gh.addReviewComment(pull.number, { body: 'Intended: test helpers wrap untyped fixtures, so any is fine there.', user: 'alice', path: 'test/helpers/fixture.ts', line: 1, inReplyTo: ours.id });
    s.gh.commitFiles('feature', { 'README.md': '# fixtures\n' }, 'Docs');
    s.checkout('feature');
    const seen = s.model.requests.length;
    s.model.route(
      isLearner,
      reply(text(JSON.stringify([{ from: answer.id, name: 'any-in-test-helpers', type: 'feedback', description: 'any is fine in test helpers', body: 'any is fine in test helpers.\n\n**Why:** untyped fixtures.\n**How to apply:** do not flag it there.' }]))),
    );
    s.model.enqueue(reply(toolUse('Read', { file_path: join(s.workspace, 'test/helpers/fixture.ts') })), reply(text('Only docs changed.')));
    if ((await s.run('pull_request', s.gh.payload.pullRequest(s.gh.pulls[0]!, 'synchronize'), {}, {}, { action })).code !== 0) throw new Error('the second review failed');
    const second = s.model.requests.slice(seen);
    return { all: sum(second), extraction: sum(second.filter((r) => isLearner(r.body))) };
  } finally {
    await s.cleanup();
  }
}

export async function memoryFigures(bench: Bench): Promise<Row[]> {
  const rows: Row[] = [];
  const starts = async (action: string, count: number) => {
    await mentionStart(action, count); // warm-up
    const runs: Start[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await mentionStart(action, count));
    return runs;
  };
  const said = (runs: Start[]) => {
    const side = runs.filter((r) => r.sideAt !== undefined);
    const beside = side.length > 0 ? `; the side request sent at ${ms(median(side.map((r) => r.sideAt!)))}, the last GitHub answer before the first request at ${ms(median(runs.map((r) => r.lastGitHub)))}` : '';
    return `${ms(median(runs.map((r) => r.firstMain)))}, ${median(runs.map((r) => r.roundTrips))} round trips, ${median(runs.map((r) => r.sideRequests))} side request${beside}`;
  };
  progress(`a mention with 0, 5 and 40 memories at ${GITHUB_LATENCY_MS} ms per GitHub call…`);
  const none = await starts(bench.action, 0);
  const before = bench.before ? await starts(bench.before, 5) : undefined;
  const five = await starts(bench.action, 5);
  const forty = await starts(bench.action, 40);
  rows.push({ name: `Memory: first model request of a mention, 5 memories (${GITHUB_LATENCY_MS} ms GitHub)`, value: said(five), baseline: `no memory branch: ${said(none)}${before ? `; before: ${said(before)}` : ''}`, target: 'nothing on the critical path' });
  rows.push({ name: `Memory: first model request of a mention, 40 memories (${GITHUB_LATENCY_MS} ms GitHub)`, value: said(forty), baseline: `no memory branch: ${said(none)}`, target: '≤ 1 side request, beside the GitHub reads' });

  progress("the demo's fix with 0, 5 and 40 memories, and a review's memory extraction…");
  const demo = join(bench.root, 'examples', 'demo');
  const [plain, withFive, withForty] = [await demoFix(bench.action, demo, 0), await demoFix(bench.action, demo, 5), await demoFix(bench.action, demo, 40)];
  const review = await reviewWithAReply(bench.action);
  const [long, longFive] = [await longMention(bench.action, 0), await longMention(bench.action, 5)];
  const added = (cost: number) => `+${percent(cost / plain.all - 1)} ($${cost.toFixed(4)})`;
  rows.push({
    name: "Memory: what it adds to the demo's fix (verified)",
    value: `5 memories ${added(withFive.all)}; 40 memories, 5 recalled ${added(withForty.all)} (the side request $${withForty.recall.toFixed(4)})`,
    baseline: `no memory branch: $${plain.all.toFixed(4)}`,
    target: '≤ 5%',
  });
  rows.push({
    name: 'Memory: what it adds to a 20-turn mention',
    value: `5 memories +${percent(longFive / long - 1)} ($${longFive.toFixed(4)})`,
    baseline: `no memory branch: $${long.toFixed(4)}`,
    target: '≤ 5%',
  });
  rows.push({
    name: 'Memory: the extraction on a review a maintainer answered',
    value: `${percent(review.extraction / review.all)} of the review's cost ($${review.extraction.toFixed(4)} of $${review.all.toFixed(4)})`,
    target: '≤ 5%',
  });
  return rows;
}
