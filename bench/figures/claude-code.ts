// Deckhand beside Claude Code on the same scripted 20-turn sessions (one of
// short tool results, one of 20 KB reads), each against a fresh emulator of
// its own (no shared prompt cache): what a session costs in input tokens, how
// much of it comes from the prompt cache, and how long each client takes from
// spawn to its first model request. The scripts call only Read and Bash:
// `claude --bare` offers no Grep or Glob.
// Claude Code is a 172 MB native package, so it is installed on demand into
// .cache/claude-code rather than listed in package.json; when it cannot be
// installed or run, its cells say why and Deckhand's figures still stand.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { arch, platform } from 'node:os';
import { join, relative } from 'node:path';
import { AnthropicEmulator, reply, text, toolUse, type RecordedRequest, type ScriptedStep, type Step } from '../../test/emulators/anthropic.js';
import { describeFailure, startAction } from '../action.js';
import { installedPackage } from '../installed.js';
import { progress, type Bench, type Row } from '../figure.js';
import { interleavedSamples, median, ms, pairedRatio, ratio } from '../measure.js';
import { removeFolder, tempFolder, track } from '../scratch.js';
import { SEARCHED_NAME, writeMidSizeFiles, writeSourceTree } from '../source-tree.js';

const CLAUDE_CODE_VERSION = '2.1.328';
const TURNS = 20;
/** Pairs of start-ups, each Deckhand's beside Claude Code's in the same turn. */
const START_UP_RUNS = 11;
const SESSION_TIMEOUT_MS = 300_000;
/** Deckhand's default model, given to Claude Code too: the same cache minimum and prices for both. */
const MODEL = 'claude-sonnet-5-5';
/** The tools every client offers under these names (`claude --bare` has only Bash, Read and Edit). */
const TOOLS = 'Read,Bash';

/** What a client needs to run a session in `repo` against the emulator at `apiUrl`. */
interface SessionRun {
  repo: string;
  apiUrl: string;
  prompt: string;
  /** Scratch space of this run (runner temp, HOME). */
  scratch: string;
  timeoutMs: number;
}

interface Client {
  name: string;
  /** Resolves once the client has finished; throws with one line saying why when it did not end well. */
  run: (session: SessionRun) => { spawnedAt: number; done: Promise<void> };
}

// --- The clients ------------------------------------------------------------

function deckhand(bench: Bench): Client {
  return {
    name: 'Deckhand',
    run: ({ repo, apiUrl, prompt, scratch, timeoutMs }) => {
      const runnerTemp = join(scratch, 'runner-temp');
      mkdirSync(runnerTemp, { recursive: true });
      const running = startAction({
        script: bench.action,
        workspace: repo,
        runnerTemp,
        apiUrl,
        inputs: { prompt, max_turns: String(TURNS + 10), max_budget_usd: '1000', verify: 'off' },
        timeoutMs,
      });
      const done = running.done.then((finished) => {
        if (finished.code !== 0) throw new Error(describeFailure(finished));
      });
      return { spawnedAt: running.spawnedAt, done };
    },
  };
}

/**
 * `claude -p`, headless and offline. As root (CI containers) it refuses
 * --dangerously-skip-permissions, so the scripted tools are allowed by name.
 * CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS drops the per-turn-control beta, whose
 * `role: "system"` message with empty content the emulator rejects.
 */
function claudeCode(binary: string, bare: boolean): Client {
  return {
    name: bare ? 'claude --bare' : 'claude default',
    run: ({ repo, apiUrl, prompt, scratch, timeoutMs }) => {
      const home = join(scratch, 'home');
      mkdirSync(home, { recursive: true });
      const args = [
        ...(bare ? ['--bare'] : []),
        '-p',
        prompt,
        '--output-format',
        'json',
        '--model',
        MODEL,
        '--max-turns',
        String(TURNS + 10),
        '--allowedTools',
        TOOLS,
      ];
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        ANTHROPIC_BASE_URL: apiUrl,
        ANTHROPIC_API_KEY: 'sk-bench-key',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_TELEMETRY: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1',
      };
      const spawnedAt = performance.now();
      const child = spawn(binary, args, { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
      track(child);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const done = new Promise<void>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          const result = parseResult(stdout);
          if (code === 0 && result && result.is_error !== true) return resolve();
          const detail = result?.result ?? (stderr.trim().split('\n')[0] || stdout.trim().split('\n')[0]);
          reject(new Error(`claude exited with code ${code ?? '(killed)'}: ${String(detail ?? '(no output)').slice(0, 200)}`));
        });
      });
      return { spawnedAt, done };
    },
  };
}

function parseResult(stdout: string): { is_error?: boolean; result?: string } | undefined {
  try {
    return JSON.parse(stdout) as { is_error?: boolean; result?: string };
  } catch {
    return undefined;
  }
}

/** The Claude Code binary in `<root>/.cache/claude-code`, installed first when it is not there. */
function installedClaudeCode(root: string): string {
  const prefix = installedPackage(root, 'claude-code', '@anthropic-ai/claude-code', CLAUDE_CODE_VERSION);
  // The platform package holds the native binary; bin/claude.exe is only a copy
  // of it once the wrapper's postinstall has run, a stub before.
  const native = join(prefix, 'node_modules', '@anthropic-ai', `claude-code-${platform()}-${arch()}`, 'claude');
  const binary = existsSync(native) ? native : join(prefix, 'node_modules', '.bin', 'claude');
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: prefix } });
  if (!version.stdout?.startsWith(CLAUDE_CODE_VERSION)) {
    throw new Error(`${relative(root, binary)} --version said ${JSON.stringify((version.stdout || version.stderr || version.error?.message || '').trim().slice(0, 120))}`);
  }
  return binary;
}

// --- The session ------------------------------------------------------------

/** The emulator, also noting requests to endpoints it does not serve (count_tokens, say). */
class RecordingEmulator extends AnthropicEmulator {
  readonly otherEndpoints: string[] = [];

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.url?.split('?')[0] !== '/v1/messages') this.otherEndpoints.push(`${req.method} ${req.url}`);
    return super.handle(req, res);
  }
}

/** The main loop's requests offer the scripted tools; title or summary requests do not. */
const isMainLoop = (body: any) => Array.isArray(body?.tools) && body.tools.some((tool: any) => tool.name === 'Read');

interface Workspace {
  /** Small modules, absolute. */
  modules: string[];
  /** About 20 KB each, absolute. */
  stages: string[];
}

/** A scripted session: the tool call of each turn (1-based); the last turn answers. */
interface Script {
  /** What its turns read, for the rows' names. */
  name: string;
  toolCallOf: (turn: number, ws: Workspace) => Step;
}

const SCRIPTS: readonly Script[] = [
  {
    // Tool results of 0.3–3 KB, as in a session that looks around: what the
    // issue measured (Deckhand 30.7k vs claude --bare 26.0k before the prefix was cut).
    name: 'short reads',
    toolCallOf: (turn, ws) => {
      const module = ws.modules[turn * 13]!;
      switch ((turn - 1) % 3) {
        case 0:
          return reply(text(`Reading ${module.split('/').at(-1)}.`), toolUse('Read', { file_path: module }));
        case 1:
          return reply(toolUse('Bash', { command: `grep -rn ${SEARCHED_NAME} packages | sort | head -8`, description: 'Find the callers' }));
        default:
          return reply(toolUse('Bash', { command: `ls ${module.replace(/\/[^/]+$/, '')} | sort | head -12`, description: 'List the folder' }));
      }
    },
  },
  {
    // A 20 KB file every third turn: what a turn adds outweighs the fixed prompt.
    name: '20 KB reads',
    toolCallOf: (turn, ws) => {
      const cycle = Math.floor((turn - 1) / 3);
      switch ((turn - 1) % 3) {
        case 0:
          return reply(text(`Reading engine stage ${cycle}.`), toolUse('Read', { file_path: ws.stages[cycle]! }));
        case 1:
          // Sorted: directory order differs between runs and shells.
          return reply(toolUse('Bash', { command: `grep -rn ${SEARCHED_NAME} packages | sort | head -${20 + 10 * cycle}`, description: 'Find the callers' }));
        default:
          return reply(toolUse('Read', { file_path: ws.modules[cycle * 29]! }));
      }
    },
  },
];

/** The whole conversation, the same for every client; a tool result that is an error goes to `problems`. */
function stepsOf(script: Script, ws: Workspace, problems: string[]): ScriptedStep[] {
  const checked = (step: Step): ScriptedStep => (request) => {
    for (const result of request.toolResults.values()) if (result.is_error) problems.push(result.content.slice(0, 200));
    return step;
  };
  const steps = Array.from({ length: TURNS - 1 }, (_, i) => checked(script.toolCallOf(i + 1, ws)));
  steps.push(checked(reply(text(`${SEARCHED_NAME} is called from the modules listed above; the files read cleanly.`))));
  return steps;
}

interface SessionUsage {
  main: RecordedRequest[];
  side: RecordedRequest[];
  otherEndpoints: string[];
}

async function runSession(client: Client, script: Script, ws: Workspace, repo: string): Promise<SessionUsage> {
  const api = await new RecordingEmulator().start();
  const scratch = tempFolder('claude-code-session');
  try {
    const problems: string[] = [];
    api.enqueue(...stepsOf(script, ws, problems));
    // Side requests (a title, a summary) get a short answer each, whatever they ask.
    api.route((body) => !isMainLoop(body), ...Array.from({ length: 100 }, () => reply(text('Reading the repository'))));
    const run = client.run({ repo, apiUrl: api.url, prompt: 'Read the files and report.', scratch, timeoutMs: SESSION_TIMEOUT_MS });
    await run.done;
    if (problems.length > 0) throw new Error(`${problems.length} scripted tool calls failed, first: ${problems[0]}`);
    const main = api.requests.filter((r) => isMainLoop(r.body));
    if (main.length !== TURNS) throw new Error(`${main.length} main-loop requests, not ${TURNS}`);
    return { main, side: api.requests.filter((r) => !isMainLoop(r.body)), otherEndpoints: api.otherEndpoints };
  } finally {
    await api.stop();
    removeFolder(scratch);
  }
}

/** What the input of `requests` costs, in uncached input tokens: writes at 1.25×, reads at 0.1×. */
const costEquivalent = (requests: RecordedRequest[]) =>
  requests.reduce((n, { usage: u }) => n + (u ? u.input_tokens + 1.25 * u.cache_creation_input_tokens + 0.1 * u.cache_read_input_tokens : 0), 0);

const promptTokensOf = ({ usage: u }: RecordedRequest) => (u ? u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens : 0);

/**
 * Cache reads over all input tokens of requests 2..N, and the most they could
 * be: each request reading all the previous one sent. What a turn adds (a
 * 20 KB file read) is new to the cache whoever sends it.
 */
function cacheReadShare(requests: RecordedRequest[]): { share: number; ceiling: number } {
  const later = requests.slice(1);
  const all = later.reduce((n, r) => n + promptTokensOf(r), 0);
  const read = later.reduce((n, r) => n + (r.usage?.cache_read_input_tokens ?? 0), 0);
  const readable = requests.slice(0, -1).reduce((n, r) => n + promptTokensOf(r), 0);
  return all === 0 ? { share: 0, ceiling: 0 } : { share: read / all, ceiling: readable / all };
}

// --- Start-up ---------------------------------------------------------------

/** Spawn to the emulator receiving the first request of a run that answers at once. */
async function spawnToFirstRequest(client: Client, api: AnthropicEmulator, repo: string): Promise<number> {
  let requestedAt: number | undefined;
  api.enqueue(() => {
    requestedAt = performance.now();
    return reply(text('Nothing to do.'));
  });
  // A fresh HOME and runner temp each time, as on a fresh runner.
  const scratch = tempFolder('claude-code-start-up');
  try {
    const run = client.run({ repo, apiUrl: api.url, prompt: 'Say hello.', scratch, timeoutMs: 60_000 });
    await run.done;
    if (requestedAt === undefined) throw new Error(`${client.name} made no request`);
    return requestedAt - run.spawnedAt;
  } finally {
    removeFolder(scratch);
  }
}

// --- The figure -------------------------------------------------------------

/** A measurement, or the one line saying why it could not be made. */
type Measured<T> = { ok: true; value: T } | { ok: false; reason: string };

async function attempt<T>(work: () => Promise<T>): Promise<Measured<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    return { ok: false, reason: (err instanceof Error ? err.message : String(err)).split('\n')[0]! };
  }
}

const thousands = (tokens: number) => `${(tokens / 1000).toFixed(1)}k`;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** `label` and what `describe` makes of a measurement, or why there is none. */
function cell<T>(label: string, measured: Measured<T>, describe: (value: T) => string): string {
  return `${label} ${measured.ok ? describe(measured.value) : `not measured: ${measured.reason}`}`;
}

const firstPrompt = (s: SessionUsage) => String(s.main[0] ? promptTokensOf(s.main[0]) : 0);

/** The cost of every request of a session (side requests too: they are billed). */
const sessionCost = (session: SessionUsage) => costEquivalent([...session.main, ...session.side]);

/**
 * The requests beside the main loop's: side requests to /v1/messages (counted
 * in the cost), and calls to endpoints the emulator does not serve (a 404 each,
 * free on the API: count_tokens).
 */
function sideNotes(session: SessionUsage): string[] {
  const calls = new Map<string, number>();
  for (const endpoint of session.otherEndpoints) {
    const name = endpoint.split('?')[0]!.split('/').at(-1)!;
    calls.set(name, (calls.get(name) ?? 0) + 1);
  }
  return [...(session.side.length > 0 ? [`${session.side.length} side requests`] : []), ...[...calls].map(([name, n]) => `${n} ${name} calls`)];
}

/** A session's cost, with `notes` (a ratio, say) and its side requests in brackets. */
function costCell(session: SessionUsage, ...notes: string[]): string {
  const all = [...notes, ...sideNotes(session)];
  return `${thousands(sessionCost(session))}${all.length > 0 ? ` (${all.join('; ')})` : ''}`;
}

export async function claudeCodeComparison(bench: Bench): Promise<Row[]> {
  const folder = tempFolder('claude-code');
  try {
    const repo = join(folder, 'repo');
    const ws: Workspace = {
      modules: writeSourceTree(repo, 600, 5).map((path) => join(repo, path)),
      stages: writeMidSizeFiles(repo, TURNS, 6),
    };
    const ours = deckhand(bench);
    const binary = await attempt(async () => installedClaudeCode(bench.root));
    const bareClient: Measured<Client> = binary.ok ? { ok: true, value: claudeCode(binary.value, true) } : binary;
    const defaultClient: Measured<Client> = binary.ok ? { ok: true, value: claudeCode(binary.value, false) } : binary;
    // Without a Claude Code to run, one reason says it for every cell.
    const claudeCells = (...cells: string[]) => (binary.ok ? cells.join(', ') : `Claude Code not measured: ${binary.reason}`);
    const share = (s: SessionUsage) => {
      const { share, ceiling } = cacheReadShare(s.main);
      return `${percent(share)} (ceiling ${percent(ceiling)})`;
    };

    const rows: Row[] = [];
    for (const script of SCRIPTS) {
      const session = async (client: Measured<Client>): Promise<Measured<SessionUsage>> => {
        if (!client.ok) return client;
        progress(`${TURNS}-turn session of ${script.name}, ${client.value.name}…`);
        return attempt(() => runSession(client.value, script, ws, repo));
      };
      const deckhandSession = await session({ ok: true, value: ours });
      if (!deckhandSession.ok) throw new Error(`Deckhand's session of ${script.name}: ${deckhandSession.reason}`);
      const bareSession = await session(bareClient);
      const defaultSession = await session(defaultClient);
      const ourCost = sessionCost(deckhandSession.value);
      if (rows.length === 0) {
        rows.push({
          // What every turn starts from: the system prompt, the tools and the task, as the emulator counts them.
          name: `First request of a ${TURNS}-turn session: prompt tokens`,
          value: `Deckhand ${firstPrompt(deckhandSession.value)}`,
          baseline: claudeCells(cell('claude --bare', bareSession, firstPrompt), cell('claude default', defaultSession, firstPrompt)),
        });
      }
      rows.push(
        {
          name: `Cost-equivalent input tokens, ${TURNS}-turn session of ${script.name}`,
          value: `Deckhand ${costCell(deckhandSession.value)}`,
          baseline: claudeCells(
            cell('claude --bare', bareSession, (s) => costCell(s, ratio(ourCost / sessionCost(s)))),
            cell('claude default', defaultSession, (s) => costCell(s)),
          ),
          target: '≤ 1.0× claude --bare',
        },
        {
          name: `Cache-read share, requests 2-${TURNS} of that session`,
          value: `Deckhand ${share(deckhandSession.value)}`,
          baseline: claudeCells(cell('claude --bare', bareSession, share), cell('claude default', defaultSession, share)),
          target: '≥ 96%',
        },
      );
    }

    progress(`start-up, Deckhand and claude --bare (median of ${START_UP_RUNS})…`);
    const startUp = await startUpMedians(ours, bareClient, repo);
    rows.push({
      name: `Start-up vs claude --bare: spawn → first request (median of ${START_UP_RUNS})`,
      value: `Deckhand ${ms(startUp.deckhand)}`,
      baseline: claudeCells(cell('claude --bare', startUp.bare, (bare) => `${ms(bare.median)} (${ratio(bare.ratio)}, the median of ${START_UP_RUNS} paired ratios)`)),
      target: '≤ 0.6× claude --bare',
    });
    return rows;
  } finally {
    removeFolder(folder);
  }
}

/** Both start-ups taking turns, each against the same emulator; Deckhand's alone when Claude Code's cannot be had. */
async function startUpMedians(ours: Client, bare: Measured<Client>, repo: string): Promise<{ deckhand: number; bare: Measured<{ median: number; ratio: number }> }> {
  const measure = async <K extends string>(clients: Record<K, Client>) => {
    const api = await new AnthropicEmulator().start();
    try {
      const candidates = Object.fromEntries(
        Object.entries<Client>(clients).map(([key, client]) => [key, () => spawnToFirstRequest(client, api, repo)]),
      ) as Record<K, () => Promise<number>>;
      return await interleavedSamples(candidates, START_UP_RUNS);
    } finally {
      await api.stop();
    }
  };
  const both = bare.ok ? await attempt(() => measure({ deckhand: ours, bare: bare.value })) : bare;
  if (both.ok) {
    const { deckhand, bare: theirs } = both.value;
    return { deckhand: median(deckhand), bare: { ok: true, value: { median: median(theirs), ratio: pairedRatio(deckhand, theirs) } } };
  }
  return { deckhand: median((await measure({ deckhand: ours })).deckhand), bare: both };
}
