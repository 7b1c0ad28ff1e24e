// How a run feels at GitHub's real latency: the GitHub emulator answers every
// call after 150 ms, as api.github.com does from a hosted runner, and the
// bundled action runs a mention on a pull request, a review and an issue fix.
// For each: process start → the tracking comment reaching GitHub, → the first
// model request, and the GitHub round trips on the critical path before that
// request (the longest chain of calls each made after the previous answered).
import { reply, text, type RecordedRequest as ModelRequest } from '../../test/emulators/anthropic.js';
import { jobLog, type RecordedRequest } from '../../test/emulators/github.js';
import { scenario, type Scenario } from '../../test/helpers/github-scenario.js';
import { type Bench, progress, type Row } from '../figure.js';
import { median, ms } from '../measure.js';

export const GITHUB_LATENCY_MS = 150;
const RUNS = 3;
const APP = "export function greet(name) {\n  return 'Hello, ' + name;\n}\n";

interface Timing {
  comment?: number;
  firstRequest: number;
  roundTrips: number;
  calls: number;
}

/** The longest chain of calls answered before `before`, each sent after the one before it was answered. */
export function criticalRoundTrips(calls: readonly RecordedRequest[], before: number): number {
  const done = calls.filter((c) => c.answeredAt !== undefined && c.answeredAt <= before).sort((a, b) => a.receivedAt - b.receivedAt);
  const depth: number[] = [];
  done.forEach((call, i) => {
    depth[i] = 1 + Math.max(0, ...done.slice(0, i).map((earlier, j) => (earlier.answeredAt! <= call.receivedAt ? depth[j]! : 0)));
  });
  return Math.max(0, ...depth);
}

/** What the bundle of 680c047 (before the first reads went beside the tracking comment) measured on this bench. */
type Before = { comment?: string; firstRequest: string };
type Case = { name: string; before: Before; setUp: (s: Scenario) => { event: string; payload: unknown; env?: Record<string, string> } };

/** A pull request from `feature` that shortens the greeting, opened by `author`, its head checked out; `checked` adds a failed check run to the head. */
function shorterGreeting(s: Scenario, author: string, checked = false) {
  s.gh.commitFiles('feature', { 'src/app.js': APP.replace('Hello', 'Hi') }, 'Shorter');
  if (checked) s.gh.addCheckRun('feature', { name: 'test', conclusion: 'failure', output: { title: '1 test failed' } });
  const pull = s.gh.addPull({ title: 'Shorter greeting', body: 'Hi is shorter.', user: author, head: 'feature' });
  s.checkout('feature');
  return pull;
}

const CASES: Case[] = [
  {
    name: 'mention on a pull request',
    before: { comment: '375 ms', firstRequest: '1267 ms, 6 round trips' },
    setUp: (s) => {
      const pull = shorterGreeting(s, 'alice');
      const comment = s.gh.addComment(pull.number, { body: '@deckhand what does this change?', user: 'alice' });
      return { event: 'issue_comment', payload: s.gh.payload.issueComment(comment) };
    },
  },
  {
    // As most are: the pull request is someone else's, others have commented, and the head has check runs.
    name: "mention on another's pull request, with its conversation",
    before: { comment: '—', firstRequest: '5 round trips (d9ef308)' },
    setUp: (s) => {
      s.gh.setPermission('bob', 'write');
      s.gh.setPermission('carol', 'read');
      const pull = shorterGreeting(s, 'bob', true);
      s.gh.addComment(pull.number, { body: 'Is "Hi" not too casual?', user: 'carol' });
      const comment = s.gh.addComment(pull.number, { body: '@deckhand what does this change?', user: 'alice' });
      return { event: 'issue_comment', payload: s.gh.payload.issueComment(comment) };
    },
  },
  {
    name: 'mention in a review thread of another\'s pull request',
    before: { comment: '—', firstRequest: '—' },
    setUp: (s) => {
      s.gh.setPermission('bob', 'write');
      const pull = shorterGreeting(s, 'bob');
      const root = s.gh.addReviewComment(pull.number, { body: 'Why "Hi"?', user: 'bob', path: 'src/app.js', line: 2 });
      const ask = s.gh.addReviewComment(pull.number, { body: '@deckhand explain this line', user: 'alice', path: 'src/app.js', line: 2, inReplyTo: root.id });
      return { event: 'pull_request_review_comment', payload: s.gh.payload.reviewComment(ask) };
    },
  },
  {
    name: 'mention on an issue, with its conversation',
    before: { comment: '—', firstRequest: '—' },
    setUp: (s) => {
      s.gh.setPermission('bob', 'write');
      s.gh.setPermission('carol', 'read');
      s.checkout();
      const issue = s.gh.addIssue({ title: 'Greeting', body: 'Is the greeting right?', user: 'bob' });
      s.gh.addComment(issue.number, { body: 'I think it is fine.', user: 'carol' });
      const comment = s.gh.addComment(issue.number, { body: '@deckhand is it?', user: 'alice' });
      return { event: 'issue_comment', payload: s.gh.payload.issueComment(comment) };
    },
  },
  {
    name: 'review of a pull request',
    before: { firstRequest: '944 ms, 4 round trips' },
    setUp: (s) => {
      const pull = shorterGreeting(s, 'alice');
      return { event: 'pull_request', payload: s.gh.payload.pullRequest(pull, 'opened') };
    },
  },
  {
    // The failed run of a pull request: its jobs' logs are downloaded (the log host's redirect not counted).
    name: 'CI fix of a failed run',
    before: { comment: '—', firstRequest: '5 round trips (d9ef308)' },
    setUp: (s) => {
      shorterGreeting(s, 'alice');
      const run = s.gh.addWorkflowRun({
        name: 'CI',
        path: '.github/workflows/ci.yml',
        headBranch: 'feature',
        event: 'pull_request',
        conclusion: 'failure',
        actor: 'alice',
        jobs: [{ name: 'test', conclusion: 'failure', steps: [{ name: 'Run npm test', conclusion: 'failure' }], log: jobLog([{ name: 'Run npm test', lines: ["Error: expected 'Hello'", '##[error]Process completed with exit code 1.'] }]) }],
      });
      return { event: 'workflow_run', payload: s.gh.payload.workflowRun(run), env: { GITHUB_WORKFLOW_REF: 'octo/widgets/.github/workflows/ci-fix.yml@refs/heads/main' } };
    },
  },
  {
    name: 'issue fix',
    before: { comment: '398 ms', firstRequest: '936 ms, 4 round trips' },
    setUp: (s) => {
      s.checkout();
      const issue = s.gh.addIssue({ title: 'Greeting', body: 'Is the greeting right?', user: 'alice' });
      return { event: 'issues', payload: s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }) };
    },
  },
];

async function once(action: string, c: Case): Promise<Timing> {
  const s = await scenario({ 'src/app.js': APP, 'README.md': '# Widgets\n' });
  try {
    const { event, payload, env } = c.setUp(s);
    s.model.enqueue(reply(text('The greeting is fine; nothing to change.')));
    s.gh.latencyMs = GITHUB_LATENCY_MS;
    const started = Date.now();
    const run = await s.run(event, payload, {}, env ?? {}, { action });
    if (run.code !== 0) throw new Error(`the ${c.name} run exited with ${run.code}: ${run.stderr.trim().split('\n')[0] ?? ''}`);
    const first: ModelRequest | undefined = s.model.requests[0];
    if (!first) throw new Error(`the ${c.name} run made no model request`);
    const comment = s.gh.requests.find((r) => r.method === 'POST' && /\/issues\/\d+\/comments$/.test(r.path));
    const before = s.gh.requests.filter((r) => r.receivedAt < first.receivedAt);
    return {
      ...(comment && comment.receivedAt < first.receivedAt ? { comment: comment.receivedAt - started } : {}),
      firstRequest: first.receivedAt - started,
      roundTrips: criticalRoundTrips(before, first.receivedAt),
      calls: before.length,
    };
  } finally {
    await s.cleanup();
  }
}

export async function githubLatency(bench: Bench): Promise<Row[]> {
  const rows: Row[] = [];
  const summary = (timings: Timing[]) => {
    const trips = median(timings.map((t) => t.roundTrips));
    return `${ms(median(timings.map((t) => t.firstRequest)))}, ${trips} round trip${trips === 1 ? '' : 's'} on the critical path (${median(timings.map((t) => t.calls))} calls)`;
  };
  for (const c of CASES) {
    progress(`${c.name} at ${GITHUB_LATENCY_MS} ms per GitHub call…`);
    await once(bench.action, c); // warm-up
    if (bench.before) await once(bench.before, c);
    const timings: Timing[] = [];
    const before: Timing[] = [];
    // Taking turns with the bundle before a change (--before): what moves the machine moves both.
    for (let i = 0; i < RUNS; i++) {
      timings.push(await once(bench.action, c));
      if (bench.before) before.push(await once(bench.before, c));
    }
    const comments = timings.flatMap((t) => (t.comment === undefined ? [] : [t.comment]));
    const commentsBefore = before.flatMap((t) => (t.comment === undefined ? [] : [t.comment]));
    if (comments.length > 0) {
      const was = commentsBefore.length > 0 ? ms(median(commentsBefore)) : (c.before.comment ?? '—');
      rows.push({ name: `${c.name}: tracking comment sent (${GITHUB_LATENCY_MS} ms GitHub)`, value: ms(median(comments)), baseline: `before: ${was}`, target: '≤ 450 ms' });
    }
    rows.push({
      name: `${c.name}: first model request (${GITHUB_LATENCY_MS} ms GitHub)`,
      value: summary(timings),
      baseline: `before: ${before.length > 0 ? summary(before) : c.before.firstRequest}`,
      target: '≤ 900 ms, ≤ 3 round trips',
    });
  }
  return rows;
}
