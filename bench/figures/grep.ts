// The Grep tool against plain ripgrep on a 20,000-file tree: what the tool
// adds (its flags, the sort by modification time, paging) on top of the
// search itself. The tool runs in-process through the executor, as the agent
// loop calls it; rg is the same binary the tool resolves.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runToolCalls } from '../../src/agent/executor.js';
import { grepTool } from '../../src/tools/grep.js';
import { ripgrepPath } from '../../src/tools/ripgrep.js';
import { toolDeps } from '../../src/tools/deps.js';
import type { ToolDeps } from '../../src/tools/tool.js';
import { progress, type Row } from '../figure.js';
import { count, interleavedMedians, ms, ratio, timed } from '../measure.js';
import { removeFolder, tempFolder, track } from '../scratch.js';
import { SEARCHED_NAME, writeSourceTree } from '../source-tree.js';

const FILES = 20_000;
const RUNS = 11;

async function callGrep(input: Record<string, unknown>, ctx: ToolDeps): Promise<string> {
  const { results } = await runToolCalls([{ id: 'toolu_bench', name: grepTool.name, input }], {
    tools: new Map([[grepTool.name, grepTool.make(ctx)]]),
    signal: new AbortController().signal,
  });
  const result = results[0]!;
  if (result.is_error) throw new Error(`the Grep tool failed: ${result.content}`);
  return result.content;
}

/** rg as a person would run it in the folder; resolves with its stdout. */
function ripgrep(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrepPath(), args, { cwd, stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    track(child);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`rg exited with code ${code}`))));
  });
}

const lineCount = (text: string) => text.split('\n').filter(Boolean).length;

/** Both ways must find the same files, or the comparison says nothing. */
async function checkSameFiles(ctx: ToolDeps): Promise<number> {
  // Every file, not one page: "Found N files" counts the page shown.
  const tool = await callGrep({ pattern: SEARCHED_NAME, head_limit: 0 }, ctx);
  const raw = lineCount(await ripgrep(['-l', '--hidden', SEARCHED_NAME], ctx.root));
  const found = Number(/^Found (\d+) files?/.exec(tool)?.[1]);
  if (found !== raw) throw new Error(`Grep found ${found} files and rg -l found ${raw}: the two searches are not equivalent`);
  return raw;
}

export async function grepVsRipgrep(): Promise<Row[]> {
  const folder = tempFolder('grep');
  try {
    const root = join(folder, 'repo');
    progress(`writing ${count(FILES)} files…`);
    writeSourceTree(root, FILES);
    // Flush the new files now, or the kernel writes them back while rg is being timed.
    execFileSync('sync');
    mkdirSync(join(folder, 'runner-temp'));
    const ctx = toolDeps({ root, tempDir: join(folder, 'runner-temp'), parentEnv: process.env });
    const matched = await checkSameFiles(ctx);

    const listing = await interleavedMedians(
      {
        tool: () => timed(() => callGrep({ pattern: SEARCHED_NAME }, ctx)),
        raw: () => timed(() => ripgrep(['-l', '--hidden', SEARCHED_NAME], root)),
      },
      RUNS,
    );
    const content = await interleavedMedians(
      {
        tool: () => timed(() => callGrep({ pattern: SEARCHED_NAME, output_mode: 'content' }, ctx)),
        raw: () => timed(() => ripgrep(['-n', '--hidden', SEARCHED_NAME], root)),
      },
      RUNS,
    );
    const share = `${Math.round((matched / FILES) * 100)}% of ${count(FILES)} files match`;
    return [
      {
        name: `Grep files_with_matches, tool/raw (${share})`,
        value: `${ratio(listing.tool / listing.raw)} (${ms(listing.tool)})`,
        baseline: `${ms(listing.raw)} rg -l --hidden`,
        target: '≤ 1.2×',
      },
      {
        name: 'Grep content, tool/raw',
        value: `${ratio(content.tool / content.raw)} (${ms(content.tool)})`,
        baseline: `${ms(content.raw)} rg -n --hidden`,
      },
    ];
  } finally {
    removeFolder(folder);
  }
}
