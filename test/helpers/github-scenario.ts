// A whole run against both emulators: a GitHub with a real bare repository, a
// checkout cloned from it, an event file, and the bundled action run as the
// runner runs it (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_API_URL, …).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnthropicEmulator, reply, text } from '../emulators/anthropic.js';
import { confirmingAll, isChecker } from './subagents.js';
import type { FileContent } from '../emulators/git.js';
import { GitHubEmulator, type Permission, type UserSpec } from '../emulators/github.js';
import { actionEnv, runAction, startAction, type ActionRun, type RunningAction } from './run-action.js';

export interface Scenario {
  gh: GitHubEmulator;
  model: AnthropicEmulator;
  base: string;
  runnerTemp: string;
  /** The checkout the action works in (clone it with `checkout`). */
  workspace: string;
  /** Clones the repository into the workspace at `ref`. */
  checkout(ref?: string): string;
  run(
    event: string,
    payload: unknown,
    inputs?: Record<string, string>,
    env?: Record<string, string>,
    extra?: { killWith?: NodeJS.Signals; killAfter?: Promise<unknown>; action?: string; timeoutMs?: number },
  ): Promise<ActionRun>;
  /** As `run`, but hands back the action's process while it runs (to watch it from outside). */
  start(event: string, payload: unknown, inputs?: Record<string, string>, env?: Record<string, string>): RunningAction;
  /** The environment `run` would get for this event (the event file written), for a run in this process. */
  envFor(event: string, payload: unknown, inputs?: Record<string, string>, env?: Record<string, string>): Record<string, string>;
  cleanup(): Promise<void>;
}

/** `tokenUser`: who the token acts as (default the GITHUB_TOKEN's github-actions[bot]; a user for a personal access token). */
/** `model`: the model's emulator, when not the Anthropic API's (Bedrock's, Vertex AI's: both are AnthropicEmulators). */
export async function scenario(
  files: Record<string, FileContent>,
  opts: { users?: Record<string, Permission>; tokenUser?: UserSpec; model?: AnthropicEmulator; noDrafts?: boolean; owner?: string; repo?: string } = {},
): Promise<Scenario> {
  const gh = await new GitHubEmulator({
    ...(opts.tokenUser ? { tokenUser: opts.tokenUser } : {}),
    ...(opts.noDrafts ? { noDrafts: true } : {}),
    ...(opts.owner ? { owner: opts.owner } : {}),
    ...(opts.repo ? { repo: opts.repo } : {}),
  }).start();
  const model = await (opts.model ?? new AnthropicEmulator({ requireAuth: true })).start();
  // A review's findings get a second look by default: unless a test routes the checkers, they confirm every finding.
  model.answerAlways(isChecker, (request) => reply(text(confirmingAll(request.body))));
  gh.commitFiles('main', files, 'Initial commit');
  const users: Record<string, Permission> = opts.users ?? { alice: 'write' };
  for (const [login, permission] of Object.entries(users)) gh.setPermission(login, permission);
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'deckhand-e2e-')));
  const runnerTemp = join(base, 'runner-temp');
  const workspace = join(base, 'workspace');
  mkdirSync(runnerTemp);
  const launch = (event: string, payload: unknown, inputs: Record<string, string>, env: Record<string, string>) => {
    const eventPath = join(runnerTemp, 'event.json');
    writeFileSync(eventPath, typeof payload === 'string' ? payload : JSON.stringify(payload));
    return {
      runnerTemp,
      workspace,
      // The verifier is off unless a test asks for it (verify: '' for the default): the other tests script only the main agent.
      inputs: { github_token: gh.token, verify: 'off', ...inputs },
      env: { ...gh.env(), GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: eventPath, ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-test', ...env },
    };
  };
  return {
    gh,
    model,
    base,
    runnerTemp,
    workspace,
    checkout(ref = 'main') {
      rmSync(workspace, { recursive: true, force: true });
      return gh.cloneTo(workspace, ref);
    },
    async run(event, payload, inputs = {}, env = {}, extra = {}) {
      return runAction({ ...launch(event, payload, inputs, env), timeoutMs: 60_000, ...extra });
    },
    start(event, payload, inputs = {}, env = {}) {
      return startAction({ ...launch(event, payload, inputs, env), timeoutMs: 60_000 });
    },
    envFor(event, payload, inputs = {}, env = {}) {
      return actionEnv(launch(event, payload, inputs, env));
    },
    async cleanup() {
      await Promise.all([gh.stop(), model.stop()]);
      rmSync(base, { recursive: true, force: true });
      // An expectation that failed inside a scripted model step fails the test with its own message.
      if (model.stepErrors[0]) throw model.stepErrors[0];
    },
  };
}
