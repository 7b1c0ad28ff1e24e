// Peak resident memory of `node dist/index.js` over a 50-turn session against
// the emulator: the conversation grows every turn (each request carries all
// earlier tool results), so this is where a leak or a copy per turn shows.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { AnthropicEmulator, reply, text, toolUse, type ScriptedStep, type Step } from '../../test/emulators/anthropic.js';
import { describeFailure, startAction } from '../action.js';
import { progress, type Bench, type Row } from '../figure.js';
import { installedPackage } from '../installed.js';
import { mb, median, MiB } from '../measure.js';
import { removeFolder, tempFolder, track } from '../scratch.js';
import { REVISION_LINE, SEARCHED_NAME, writeMidSizeFiles, writeSourceTree } from '../source-tree.js';

const TURNS = 50;
/** A current Node 24, the runtime `node24` actions get. */
const NODE_24 = '24.22.3';
/** Where the peak lands depends on when V8 collects garbage: it moves ±10% from run to run. */
const SESSIONS = 3;
const POLL_MS = 5;

interface Workspace {
  root: string;
  /** Small modules, relative to root. */
  modules: string[];
  /** About 20 KB each, absolute: one is read, then edited, every four turns. */
  stages: string[];
}

/** The tool call of one turn, in a cycle of four: Read a stage, Grep, Bash, Edit the stage just read. */
function toolCallOf(turn: number, ws: Workspace): Step {
  const cycle = Math.floor((turn - 1) / 4);
  const stage = ws.stages[cycle]!;
  switch ((turn - 1) % 4) {
    case 0:
      return reply(text(`Reading engine stage ${cycle}.`), toolUse('Read', { file_path: stage }));
    case 1: {
      const searches = [
        { pattern: SEARCHED_NAME },
        { pattern: 'export async function \\w+', glob: '*.ts', output_mode: 'content', head_limit: 80 },
        { pattern: 'REVISION', output_mode: 'count' },
      ];
      return reply(toolUse('Grep', searches[cycle % searches.length]!));
    }
    case 2:
      return reply(
        cycle % 2 === 0
          ? toolUse('Bash', { command: `ls -la ${ws.modules[cycle]!.replace(/\/[^/]+$/, '')}`, description: 'List the folder' })
          : toolUse('Bash', { command: `cat ${ws.modules[cycle * 37]!}`, description: 'Show a module' }),
      );
    default:
      return reply(toolUse('Edit', { file_path: stage, old_string: REVISION_LINE, new_string: REVISION_LINE.replace('1', '2') }));
  }
}

/** The whole conversation; any tool result that is an error goes to `problems` (the figure would mean nothing). */
function script(ws: Workspace, problems: string[]): ScriptedStep[] {
  const checked = (step: Step): ScriptedStep => (request) => {
    for (const result of request.toolResults.values()) if (result.is_error) problems.push(result.content.slice(0, 200));
    return step;
  };
  const steps = Array.from({ length: TURNS }, (_, i) => checked(toolCallOf(i + 1, ws)));
  steps.push(checked(reply(text(`Bumped REVISION in ${Math.floor(TURNS / 4)} engine stages.`))));
  return steps;
}

/**
 * The child's peak resident memory, from VmHWM in /proc: the kernel keeps the
 * high-water mark, so polling misses nothing but growth in the last few ms
 * before exit.
 */
async function peakRss(pid: number, exited: Promise<unknown>): Promise<number> {
  let peak = 0;
  const poll = () => {
    try {
      const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb) peak = Math.max(peak, Number(kb) * 1024);
    } catch {
      // it has just exited
    }
  };
  const timer = setInterval(poll, POLL_MS);
  await exited;
  clearInterval(timer);
  if (peak === 0) throw new Error(`could not read /proc/${pid}/status (Linux only)`);
  return peak;
}

/** What Node itself holds: the peak of a process that only waits 100 ms (long enough for the poll to see it). */
async function idlePeak(node: string): Promise<number> {
  const child = spawn(node, ['-e', 'setTimeout(() => {}, 100)'], { stdio: 'ignore' });
  track(child);
  return peakRss(child.pid!, once(child, 'exit'));
}

/** One scripted session, on stages written afresh (the last one edited them); returns its peak RSS in bytes. */
async function oneSession(bench: Bench, checkout: Omit<Workspace, 'stages'>, runnerTemp: string, node: string | undefined): Promise<number> {
  const ws: Workspace = { ...checkout, stages: writeMidSizeFiles(checkout.root, Math.ceil(TURNS / 4)) };
  const api = await new AnthropicEmulator().start();
  try {
    const problems: string[] = [];
    api.enqueue(...script(ws, problems));
    const run = startAction({
      script: bench.action,
      workspace: ws.root,
      runnerTemp,
      apiUrl: api.url,
      // Budget and turns high enough that only the script ends the session.
      // The loop's memory: the verifier (another session on the same diff) is measured apart (Verifier's share).
      inputs: { prompt: 'Bump REVISION in every engine stage.', max_turns: String(TURNS + 10), max_budget_usd: '1000', verify: 'off' },
      timeoutMs: 90_000,
      node,
    });
    const peak = await peakRss(run.child.pid!, run.done);
    const finished = await run.done;
    if (finished.code !== 0) throw new Error(describeFailure(finished));
    if (problems.length > 0) throw new Error(`${problems.length} scripted tool calls failed, first: ${problems[0]}`);
    if (finished.outputs.turns !== String(TURNS + 1)) throw new Error(`the session took ${finished.outputs.turns} turns, not ${TURNS + 1}`);
    return peak;
  } finally {
    await api.stop();
  }
}

/**
 * The sessions on this Node and on the Node 24 that `runs.using: node24`
 * gives the action on GitHub's runners (installed from npm, as the package
 * node-<platform>-<arch>): their heaps are sized differently by default
 * (Node 24's young generation grows twice as far), and wasm flags set at run
 * time behave differently.
 */
export async function sessionPeakRss(bench: Bench): Promise<Row[]> {
  const folder = tempFolder('session');
  try {
    const root = join(folder, 'repo');
    const checkout = { root, modules: writeSourceTree(root, 2_000, 3) };
    const runnerTemp = join(folder, 'runner-temp');
    mkdirSync(runnerTemp);
    // Node 24 starts 10 MB bigger than Node 20 and grows its heap further; its target is issue 28's.
    const target = (version: string) => (version === NODE_24 ? '≤ 110 MB' : '≤ 120 MB');
    const row = async (node: string | undefined, version: string): Promise<Row> => {
      const peaks: number[] = [];
      for (let i = 1; i <= SESSIONS; i++) {
        progress(`${TURNS}-turn session ${i} of ${SESSIONS} on Node ${version}…`);
        peaks.push(await oneSession(bench, checkout, runnerTemp, node));
      }
      return {
        name: `Peak RSS, ${TURNS}-turn session, Node ${version} (median of ${SESSIONS})`,
        value: `${mb(median(peaks))} (runs: ${peaks.map((peak) => Math.round(peak / MiB)).join(', ')})`,
        baseline: `${mb(await idlePeak(node ?? process.execPath))} idle node`,
        target: target(version),
      };
    };
    const rows = [await row(undefined, process.versions.node)];
    if (process.versions.node === NODE_24) return rows;
    const name = `Peak RSS, ${TURNS}-turn session, Node ${NODE_24}`;
    try {
      const node = join(installedPackage(bench.root, 'node24', `node-${platform()}-${arch()}`, NODE_24), 'node_modules', `node-${platform()}-${arch()}`, 'bin', 'node');
      rows.push(await row(node, NODE_24));
    } catch (err) {
      rows.push({ name, value: `not measured: ${err instanceof Error ? err.message : String(err)}`, target: target(NODE_24) });
    }
    return rows;
  } finally {
    removeFolder(folder);
  }
}
