// Start-up: from spawning `node dist/index.js` to the emulator receiving its
// first POST /v1/messages — the time a run spends before any useful work —
// beside spawn-to-exit of `node -e 0`, what Node alone costs on this machine.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AnthropicEmulator, reply, text } from '../../test/emulators/anthropic.js';
import { describeFailure, startAction } from '../action.js';
import type { Bench, Row } from '../figure.js';
import { interleavedMedians, ms } from '../measure.js';
import { removeFolder, tempFolder, track } from '../scratch.js';

const RUNS = 10;
const MINIMAL_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root' };

async function nodeSpawnToExit(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', '0'], { env: MINIMAL_ENV, stdio: 'ignore' });
  track(child);
  await once(child, 'exit');
  return performance.now() - started;
}

/** One run that answers at once; what counts is when its first request arrived. */
async function spawnToFirstRequest(bench: Bench, api: AnthropicEmulator, folder: string): Promise<number> {
  let requestedAt: number | undefined;
  api.enqueue(() => {
    requestedAt = performance.now();
    return reply(text('Nothing to do.'));
  });
  const run = startAction({
    script: bench.action,
    workspace: join(folder, 'repo'),
    runnerTemp: join(folder, 'runner-temp'),
    apiUrl: api.url,
    inputs: { prompt: 'Say hello.' },
    timeoutMs: 30_000,
  });
  const finished = await run.done;
  if (finished.code !== 0 || requestedAt === undefined) throw new Error(describeFailure(finished));
  return requestedAt - run.spawnedAt;
}

export async function startUp(bench: Bench): Promise<Row> {
  const folder = tempFolder('start-up');
  mkdirSync(join(folder, 'repo'));
  mkdirSync(join(folder, 'runner-temp'));
  writeFileSync(join(folder, 'repo', 'README.md'), '# widgets\n');
  const api = await new AnthropicEmulator().start();
  try {
    const medians = await interleavedMedians(
      { node: nodeSpawnToExit, action: () => spawnToFirstRequest(bench, api, folder) },
      RUNS,
    );
    return {
      name: `Start-up: spawn → first request (median of ${RUNS})`,
      value: `${ms(medians.action)} (+${ms(medians.action - medians.node)})`,
      baseline: `${ms(medians.node)} node -e 0`,
      target: '≤ node -e 0 + 250 ms',
    };
  } finally {
    await api.stop();
    removeFolder(folder);
  }
}
