// npm run demo: the real bundled action (dist/index.js), run as the runner runs
// it, on the example repository in examples/demo/repo — first on an issue
// labeled "deckhand" (fix mode, its fix checked by the verifier before it would
// be pushed), then on a pull request (review mode, its findings double-checked
// before they would be posted). GitHub
// is the local emulator and the action runs with dry_run, so nothing is
// written anywhere: the demo prints what would have been posted.
//
// With ANTHROPIC_API_KEY set, the model is the real one. Without it, the
// recorded sessions in examples/demo/session-*.json are replayed by the local
// Messages API emulator, so the whole pipeline runs offline — and it says so.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnthropicEmulator } from '../test/emulators/anthropic.js';
import { GitHubEmulator } from '../test/emulators/github.js';
import { runAction } from '../test/helpers/run-action.js';
import { filesOf, isChecker, isVerifier, recorded } from './sessions.js';

const root = process.argv[2] ?? process.cwd();
const demo = join(root, 'examples', 'demo');
const live = Boolean(process.env.ANTHROPIC_API_KEY);

function banner(title: string): void {
  console.log(`\n${'═'.repeat(78)}\n${title}\n${'═'.repeat(78)}`);
}

async function main(): Promise<number> {
  const base = mkdtempSync(join(tmpdir(), 'deckhand-demo-'));
  const gh = await new GitHubEmulator({ owner: 'octo', repo: 'thermo' }).start();
  const model = live ? undefined : await new AnthropicEmulator().start();
  try {
    gh.commitFiles('main', filesOf(join(demo, 'repo')), 'Temperature conversions');
    gh.setPermission('alice', 'write');
    let failures = 0;

    /** `forks`: the recorded sessions of the run's sub-agents (the verifier's, the checker's), each answered to the requests its match picks. */
    const run = async (title: string, event: string, payload: unknown, ref: string, session: string, forks: ReadonlyArray<[(body: any) => boolean, string]> = []) => {
      banner(title);
      const runnerTemp = mkdtempSync(join(base, 'runner-'));
      const workspace = gh.cloneTo(join(runnerTemp, 'workspace'), ref);
      if (model) model.enqueue(...recorded(demo, session, workspace));
      if (model) for (const [match, fork] of forks) model.route(match, ...recorded(demo, fork, workspace));
      const eventPath = join(runnerTemp, 'event.json');
      writeFileSync(eventPath, JSON.stringify(payload));
      const result = await runAction({
        runnerTemp,
        workspace,
        // Bash may run the tests even where bubblewrap is missing (then only allowed commands run).
        inputs: { github_token: gh.token, dry_run: 'true', allowed_tools: 'Bash(node --test)', max_turns: '15', max_budget_usd: '1' },
        env: {
          ...gh.env(),
          GITHUB_EVENT_NAME: event,
          GITHUB_EVENT_PATH: eventPath,
          ...(model ? { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'replay' } : { ANTHROPIC_API_KEY: process.env.ANTHROPIC_API_KEY! }),
        },
        timeoutMs: 600_000,
      });
      // The job summary holds the outcome, the answer, the usage and every write the run would have made.
      console.log(result.summary.trim() || result.stdout.trim());
      if (result.stderr.trim()) console.log(result.stderr.trim());
      if (result.code !== 0) failures++;
      if (gh.writes().length > 0) throw new Error('the dry run wrote to GitHub');
    };

    const issueSpec = JSON.parse(readFileSync(join(demo, 'issue.json'), 'utf8')) as { title: string; body: string; user: string; label: string };
    const issue = gh.addIssue({ title: issueSpec.title, body: issueSpec.body, user: issueSpec.user });
    await run(
      `1. An issue labeled "${issueSpec.label}": fix mode (a branch, a commit, a pull request)`,
      'issues',
      gh.payload.issues(issue, 'labeled', { label: issueSpec.label, sender: issueSpec.user }),
      'main',
      'session-fix.json',
      [[isVerifier, 'session-fix-verifier.json']],
    );

    const pullSpec = JSON.parse(readFileSync(join(demo, 'pull.json'), 'utf8')) as { title: string; body: string; user: string; branch: string; files: Record<string, string> };
    gh.commitFiles(pullSpec.branch, pullSpec.files, pullSpec.title);
    const pull = gh.addPull({ title: pullSpec.title, body: pullSpec.body, user: pullSpec.user, head: pullSpec.branch });
    await run(
      '2. A pull request opened: review mode (one COMMENT review with checked anchors, each finding double-checked before it is posted)',
      'pull_request',
      gh.payload.pullRequest(pull, 'opened'),
      pullSpec.branch,
      'session-review.json',
      [[isChecker, 'session-review-checker.json']],
    );
    banner(failures === 0 ? 'Both runs finished. Nothing was posted: this was a dry run against a local GitHub.' : `${failures} run(s) failed: see above.`);
    return failures === 0 ? 0 : 1;
  } finally {
    await gh.stop();
    await model?.stop();
    rmSync(base, { recursive: true, force: true });
  }
}

void main().then(
  (code) => (process.exitCode = code),
  (err) => {
    console.error(`The demo failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
