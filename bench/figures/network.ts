// The network allow-list (issue 31): what the egress proxy costs a download —
// curl in the sandbox fetching 50 MB from a server on this machine's
// non-loopback address, through the relay and the proxy, beside the same
// download with `network: on` (the runner's network, no proxy), interleaved
// — and what it costs a run's start: spawn → first model request with the
// network off (no proxy, its code never loaded) and with an allow-list
// (the proxy started once the config is read, beside the other reads).
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseNetworkInput } from '../../src/safety/network/allow-list.js';
import { startEgress } from '../../src/safety/network/egress.js';
import { spawnLaunch } from '../../src/safety/sandbox/launch.js';
import { prepareSandbox } from '../../src/safety/sandbox/choose.js';
import type { Sandbox } from '../../src/safety/sandbox/wrap.js';
import { AnthropicEmulator, reply, text } from '../../test/emulators/anthropic.js';
import { machineAddress } from '../../test/helpers/machine.js';
import { describeFailure, startAction } from '../action.js';
import type { Bench, Row } from '../figure.js';
import { interleavedMedians, interleavedSamples, median, ms, pairedRatio, ratio } from '../measure.js';
import { removeFolder, tempFolder, track } from '../scratch.js';

const DOWNLOAD_BYTES = 50 * 1000 * 1000;
const DOWNLOAD_RUNS = 7;
/** A fast registry download over a hosted runner's network (800 Mbit/s). */
const PACED_MB_PER_SECOND = 100;
const START_RUNS = 10;
const ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

/** Where the download is served: not the sandbox's own loopback. */
function servedAt(): string {
  const found = machineAddress();
  if (!found) throw new Error('this machine has no non-loopback IPv4 address to serve the download from');
  return found;
}

/** curl in the sandbox, the body thrown away: its wall time, spawn to exit. */
async function download(sandbox: Sandbox, root: string, url: string): Promise<number> {
  const started = performance.now();
  const child = spawnLaunch(sandbox.wrap(['curl', '-sS', '-o', '/dev/null', '-w', '%{size_download}', url], { cwd: root, env: ENV }), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0 || Number(out) !== DOWNLOAD_BYTES) throw new Error(`the download failed (${code}): ${err.trim() || out}`);
  return performance.now() - started;
}

/**
 * A server of 50 MB on every address of this machine, in a process of its
 * own (as a registry is elsewhere, not in the action's process): as fast as
 * it can, or paced at `mbPerSecond` — a registry's download over a runner's
 * network, which is what a run waits for in practice.
 */
async function origin(mbPerSecond: number | undefined): Promise<{ url: string; close: () => void }> {
  const serve = `
    const chunk = Buffer.alloc(1e6, 'x');
    const server = require('node:http').createServer((_, res) => {
      res.writeHead(200, { 'content-length': ${DOWNLOAD_BYTES} });
      let sent = 0;
      const started = performance.now();
      const more = () => {
        while (sent < ${DOWNLOAD_BYTES}) {
          const due = ${mbPerSecond ?? 0} ? started + (sent / 1e6 / ${mbPerSecond ?? 1}) * 1000 : 0;
          if (due > performance.now()) return void setTimeout(more, due - performance.now());
          const piece = chunk.subarray(0, Math.min(chunk.length, ${DOWNLOAD_BYTES} - sent));
          sent += piece.length;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    server.listen(0, '0.0.0.0', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', serve], { stdio: ['ignore', 'pipe', 'inherit'] });
  track(child);
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://${servedAt()}:${Number(String(line).trim())}/50mb`, close: () => child.kill() };
}

async function downloadFigures(bench: Bench, root: string): Promise<Row[]> {
  const decision = await prepareSandbox('auto', { root, network: true, env: ENV });
  if (decision.kind !== 'sandboxed') throw new Error(`no sandbox here: ${decision.kind === 'unavailable' ? decision.error : (decision.warning ?? 'off')}`);
  const list = parseNetworkInput(servedAt());
  if (list.kind !== 'list') throw new Error('unreachable');
  const egress = await startEgress(list, { log: () => undefined, relay: join(bench.root, 'dist', 'relay.js') });
  const on = decision.sandbox;
  const proxied = on.withNetwork(egress.network, egress.proxy);
  const rows: Row[] = [];
  try {
    for (const pace of [undefined, PACED_MB_PER_SECOND]) {
      const server = await origin(pace);
      try {
        const samples = await interleavedSamples({ on: () => download(on, root, server.url), proxied: () => download(proxied, root, server.url) }, DOWNLOAD_RUNS);
        const through = median(samples.proxied);
        rows.push({
          name: `Network allow-list: 50 MB through the proxy, ${pace ? `served at ${pace} MB/s` : 'served as fast as it goes'} (median of ${DOWNLOAD_RUNS})`,
          value: `${ms(through)} (${ratio(pairedRatio(samples.proxied, samples.on))}, ${(DOWNLOAD_BYTES / 1e6 / (through / 1000)).toFixed(0)} MB/s)`,
          baseline: `${ms(median(samples.on))} with network: on`,
          target: '≤ 1.2×',
        });
      } finally {
        server.close();
      }
    }
    return rows;
  } finally {
    await egress.close();
  }
}

/** One task run that answers at once; what counts is when its first request arrived. */
async function spawnToFirstRequest(action: string, api: AnthropicEmulator, folder: string, network: string): Promise<number> {
  let requestedAt: number | undefined;
  api.enqueue(() => {
    requestedAt = performance.now();
    return reply(text('Nothing to do.'));
  });
  const run = startAction({ script: action, workspace: join(folder, 'repo'), runnerTemp: join(folder, 'runner-temp'), apiUrl: api.url, inputs: { prompt: 'Say hello.', network }, timeoutMs: 30_000 });
  const finished = await run.done;
  if (finished.code !== 0 || requestedAt === undefined) throw new Error(describeFailure(finished));
  return requestedAt - run.spawnedAt;
}

async function startFigure(bench: Bench, folder: string): Promise<Row> {
  const api = await new AnthropicEmulator().start();
  try {
    const candidates: Record<string, () => Promise<number>> = {
      off: () => spawnToFirstRequest(bench.action, api, folder, 'off'),
      list: () => spawnToFirstRequest(bench.action, api, folder, 'npm, pypi, github, *.example.org'),
    };
    const { before } = bench;
    if (before) candidates.before = () => spawnToFirstRequest(before, api, folder, 'off');
    const m = (await interleavedMedians(candidates, START_RUNS)) as Record<'off' | 'list' | 'before', number>;
    return {
      name: `Network allow-list: spawn → first request, task mode (median of ${START_RUNS})`,
      value: `${ms(m.off)} off; ${ms(m.list)} with a list (${m.list >= m.off ? '+' : ''}${ms(m.list - m.off)})`,
      ...(bench.before ? { baseline: `before, off: ${ms(m.before)}` } : {}),
      target: 'no cost when off (no proxy, its code not loaded)',
    };
  } finally {
    await api.stop();
  }
}

export async function networkFigures(bench: Bench): Promise<Row[]> {
  const folder = tempFolder('network');
  mkdirSync(join(folder, 'repo'));
  mkdirSync(join(folder, 'runner-temp'));
  writeFileSync(join(folder, 'repo', 'README.md'), '# widgets\n');
  try {
    return [...(await downloadFigures(bench, join(folder, 'repo'))), await startFigure(bench, folder)];
  } finally {
    removeFolder(folder);
  }
}
