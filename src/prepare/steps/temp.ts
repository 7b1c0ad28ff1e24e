// The run's own folder under RUNNER_TEMP (the transcript, large tool results,
// ci-fix's logs, the agent's HOME and TMP), and the environment every process
// the agent starts gets there: an allow-list, never the action's own.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnvironment } from '../../safety/env.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';

export const tempDir = step<Values>()({
  makes: 'tempDir',
  needs: ['request', 'started'],
  run: ({ request }) => realpathSync(mkdtempSync(join(request.env.RUNNER_TEMP || tmpdir(), 'deckhand-'))),
});

/** The environment of the agent's processes, MCP servers and hooks: an allow-list of the runner's, with HOME and TMP in the run's folder. */
export function childEnvIn(env: NodeJS.ProcessEnv, tempDir: string): NodeJS.ProcessEnv {
  return childEnvironment(env, { home: join(tempDir, 'home'), tmp: join(tempDir, 'tmp') });
}
