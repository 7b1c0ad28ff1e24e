// Start-up: from spawning `node dist/index.js` to the emulator receiving its
// first POST /v1/messages — the time a run spends before any useful work —
// beside spawn-to-exit of `node -e 0`, what Node alone costs on this machine;
// and what choosing the sandbox costs (it runs while the context is gathered).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepareSandbox } from '../../src/safety/sandbox/choose.js';
import { AnthropicEmulator, reply, text } from '../../test/emulators/anthropic.js';
import { describeFailure, startAction } from '../action.js';
import type { Bench, Row } from '../figure.js';
import { interleavedMedians, median, ms, timed } from '../measure.js';
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
async function spawnToFirstRequest(action: string, api: AnthropicEmulator, folder: string): Promise<number> {
  let requestedAt: number | undefined;
  api.enqueue(() => {
    requestedAt = performance.now();
    return reply(text('Nothing to do.'));
  });
  const run = startAction({
    script: action,
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

/** prepareSandbox as a run calls it: find a bubblewrap, check it, probe it with the real flags. */
async function sandboxChoice(folder: string): Promise<Row> {
  let chosen = '';
  const once = () =>
    timed(async () => {
      const decision = await prepareSandbox('auto', { root: join(folder, 'repo'), network: false, env: MINIMAL_ENV });
      chosen = decision.kind === 'sandboxed' ? (/^Sandbox: (.*?) at /.exec(decision.reason)?.[1] ?? decision.reason) : 'no sandbox';
    });
  await once();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await once());
  return {
    name: `Sandbox chosen and probed (median of ${RUNS})`,
    value: `${ms(median(samples))} (${chosen})`,
    baseline: 'beside the context gathering',
    target: 'a few ms',
  };
}

export async function startUp(bench: Bench): Promise<Row[]> {
  const folder = tempFolder('start-up');
  mkdirSync(join(folder, 'repo'));
  mkdirSync(join(folder, 'runner-temp'));
  writeFileSync(join(folder, 'repo', 'README.md'), '# widgets\n');
  const api = await new AnthropicEmulator().start();
  try {
    const { before } = bench;
    const candidates: Record<string, () => Promise<number>> = { node: nodeSpawnToExit, action: () => spawnToFirstRequest(bench.action, api, folder) };
    // The bundle before a change, in the same turns (--before).
    if (before) candidates.before = () => spawnToFirstRequest(before, api, folder);
    const medians = (await interleavedMedians(candidates, RUNS)) as Record<'node' | 'action' | 'before', number>;
    return [
      {
        name: `Start-up: spawn → first request (median of ${RUNS})`,
        value: `${ms(medians.action)} (+${ms(medians.action - medians.node)})`,
        baseline: `${ms(medians.node)} node -e 0${before ? `; before: ${ms(medians.before)} (+${ms(medians.before - medians.node)})` : ''}`,
        target: '≤ node -e 0 + 250 ms',
      },
      await sandboxChoice(folder),
    ];
  } finally {
    await api.stop();
    removeFolder(folder);
  }
}
