// What a run costs in input tokens, measured against the emulator (which
// applies the API's prompt-caching rules and its context-window limit):
// - the share of input tokens read from the prompt cache on requests 2..N of a
//   30-turn session, and the tokens each turn sends;
// - the largest request of a 100-turn session whose tool results add up to
//   several times the window: compaction must keep every request under it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AnthropicEmulator, reply, text, toolUse, type RecordedRequest, type ScriptedStep, type Step } from '../../test/emulators/anthropic.js';
import { describeFailure, startAction } from '../action.js';
import { progress, type Bench, type Row } from '../figure.js';
import { removeFolder, tempFolder } from '../scratch.js';
import { SEARCHED_NAME, writeMidSizeFiles, writeSourceTree } from '../source-tree.js';

const CACHE_TURNS = 30;
const LONG_TURNS = 100;
const WINDOW = 200_000;

const isSummaryRequest = (request: RecordedRequest) => JSON.stringify(request.body.messages.at(-1)).includes('The conversation is about to be compacted');

/** A step that answers a compaction request with a summary, and otherwise takes the scripted step. */
function scripted(step: () => Step, problems: string[]): ScriptedStep {
  return (request) => {
    for (const result of request.toolResults.values()) if (result.is_error) problems.push(result.content.slice(0, 200));
    if (isSummaryRequest(request)) return reply(text('Task: read the files and report. Files: many read, none changed. Open work: keep reading.'));
    return step();
  };
}

async function runSession(
  bench: Bench,
  folder: string,
  steps: (problems: string[]) => ScriptedStep[],
  turns: number,
): Promise<{ requests: RecordedRequest[]; transcript: string }> {
  const api = await new AnthropicEmulator({ contextWindow: WINDOW }).start();
  try {
    const problems: string[] = [];
    // Compaction requests take a step each: a few spares answer them.
    api.enqueue(...steps(problems));
    const runnerTemp = join(folder, `runner-temp-${turns}`);
    mkdirSync(runnerTemp, { recursive: true });
    const run = startAction({
      script: bench.action,
      workspace: join(folder, 'repo'),
      runnerTemp,
      apiUrl: api.url,
      inputs: { prompt: 'Read the files and report.', max_turns: String(turns + 10), max_budget_usd: '1000' },
      timeoutMs: 300_000,
    });
    const finished = await run.done;
    if (finished.code !== 0) throw new Error(describeFailure(finished));
    if (problems.length > 0) throw new Error(`${problems.length} scripted tool calls failed, first: ${problems[0]}`);
    return { requests: [...api.requests], transcript: finished.outputs.transcript ?? '' };
  } finally {
    await api.stop();
  }
}

const promptTokensOf = (request: RecordedRequest) => {
  const usage = request.usage;
  return usage ? usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens : 0;
};

/** Prompt-cache share over requests 2..N of a 30-turn session, and tokens sent per turn. */
export async function promptCache(bench: Bench): Promise<Row[]> {
  const folder = tempFolder('cache');
  try {
    const root = join(folder, 'repo');
    const modules = writeSourceTree(root, 600, 5);
    const stages = writeMidSizeFiles(root, CACHE_TURNS, 6);
    const toolCall = (turn: number): Step => {
      switch (turn % 3) {
        case 0:
          return reply(text(`Reading stage ${turn}.`), toolUse('Read', { file_path: stages[turn]! }));
        case 1:
          return reply(toolUse('Grep', { pattern: SEARCHED_NAME, output_mode: 'content', head_limit: 40 }));
        default:
          return reply(toolUse('Bash', { command: `cat ${modules[turn * 7]!}`, description: 'Show a module' }));
      }
    };
    progress(`${CACHE_TURNS}-turn session…`);
    let turn = 0;
    const { requests } = await runSession(
      bench,
      folder,
      (problems) => [
        ...Array.from({ length: CACHE_TURNS - 1 }, () => scripted(() => toolCall(turn++), problems)),
        scripted(() => reply(text('Read everything.')), problems),
      ],
      CACHE_TURNS,
    );
    const later = requests.slice(1).filter((r) => r.usage);
    const read = later.reduce((n, r) => n + r.usage!.cache_read_input_tokens, 0);
    const total = later.reduce((n, r) => n + promptTokensOf(r), 0);
    const uncached = later.reduce((n, r) => n + r.usage!.input_tokens + r.usage!.cache_creation_input_tokens, 0);
    const all = requests.filter((r) => r.usage);
    return [
      {
        name: `Prompt cache share, requests 2-${requests.length} of a ${CACHE_TURNS}-turn session`,
        value: `${((read / total) * 100).toFixed(1)}% of ${total} input tokens`,
        target: '≥ 90%',
      },
      {
        name: `Tokens sent per turn (${CACHE_TURNS}-turn session)`,
        value: `${Math.round(all.reduce((n, r) => n + promptTokensOf(r), 0) / all.length)} prompt tokens, ${Math.round(uncached / later.length)} not from cache`,
      },
    ];
  } finally {
    removeFolder(folder);
  }
}

/** The largest request of a 100-turn session with large tool outputs, against a 200,000-token window. */
export async function peakContext(bench: Bench): Promise<Row> {
  const folder = tempFolder('long');
  try {
    const root = join(folder, 'repo');
    mkdirSync(root, { recursive: true });
    // 100 files of about 36,000 characters (9,000 tokens): 900,000 tokens in all, 4.5 windows.
    const files = Array.from({ length: LONG_TURNS }, (_, i) => {
      const path = join(root, `log-${String(i).padStart(3, '0')}.txt`);
      writeFileSync(path, Array.from({ length: 450 }, (_, n) => `${i}:${n} ${'event payload '.repeat(5)}`).join('\n') + '\n');
      return path;
    });
    progress(`${LONG_TURNS}-turn session with large outputs…`);
    let turn = 0;
    const { requests } = await runSession(
      bench,
      folder,
      (problems) => [
        // Spares for the compaction requests (each answered with a summary).
        ...Array.from({ length: LONG_TURNS + 20 }, () =>
          scripted(() => (turn < LONG_TURNS ? reply(toolUse('Read', { file_path: files[turn++]! })) : reply(text('Read all the logs.'))), problems),
        ),
      ],
      LONG_TURNS,
    );
    const peak = Math.max(...requests.map(promptTokensOf));
    const summaries = requests.filter(isSummaryRequest).length;
    return {
      name: `Peak context, ${LONG_TURNS}-turn session with large outputs`,
      value: `${peak} tokens (${requests.length} requests, ${summaries} summaries, no prompt-too-long)`,
      baseline: `window ${WINDOW}`,
      target: `< ${WINDOW}`,
    };
  } finally {
    removeFolder(folder);
  }
}
