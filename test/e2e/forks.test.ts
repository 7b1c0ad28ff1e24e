// The run's sub-agents ride on the main agent's prompt cache: each is a fork
// of the agent at its first message, sent the same tools, system prompt and
// first block byte for byte, then its own instructions. Checked on the bodies
// the model emulator recorded and on its cache arithmetic (the API's rules:
// minimum lengths, lookback, entries readable once their response began),
// against the bundled action.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { promptBlocks, reply, text, toolUse, type RecordedRequest, type Step } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { forkInstructions, isExplorer, isVerifier } from '../helpers/subagents.js';

const APP = "export function greet(name) {\n  return 'Helo, ' + name;\n}\n";
const FILES = { 'src/app.js': APP, 'test.js': "import { greet } from './src/app.js';\nconsole.log(greet('x'));\n" };

/** An issue long enough that the agent's first request passes the model's minimum cacheable length, as real issues with logs and context do. */
function longIssue(chars: number): string {
  const line = 'The greeting says "Helo" where the product copy says "Hello"; every screen that greets a user shows it.\n';
  return `It should say "Hello, name".\n\n${line.repeat(Math.ceil(chars / line.length))}`;
}

/** A block as the cache sees it: its cache_control marker left out. */
const bare = (block: any) => {
  const { cache_control: _marker, ...rest } = block;
  return rest;
};

/** How many tokens of a request lie up to and including the block at `path`, by the emulator's count. */
function tokensThrough(request: RecordedRequest, path: string): number {
  const blocks = promptBlocks(request.body);
  const end = blocks.findIndex((block) => block.path === path);
  if (end < 0) throw new Error(`no block ${path}`);
  return blocks.slice(0, end + 1).reduce((sum, block) => sum + block.tokens, 0);
}

const inputOf = (request: RecordedRequest) => request.usage!.input_tokens + request.usage!.cache_read_input_tokens + request.usage!.cache_creation_input_tokens;

/** The fork shares the agent's prefix byte for byte: tools, system prompt, the first block of the first message. */
function expectSamePrefix(fork: RecordedRequest, main: RecordedRequest) {
  expect(JSON.stringify(fork.body.tools)).toBe(JSON.stringify(main.body.tools));
  expect(JSON.stringify(fork.body.system.map(bare))).toBe(JSON.stringify(main.body.system.map(bare)));
  expect(JSON.stringify(bare(fork.body.messages[0].content[0]))).toBe(JSON.stringify(bare(main.body.messages[0].content[0])));
}

let s: Scenario;
afterEach(async () => s?.cleanup());

describe('the verifier is a fork of the agent at its first message', () => {
  it("its first request is the agent's prefix byte for byte, then its instructions, and reads that prefix from the agent's cache", async () => {
    s = await scenario(FILES);
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Greeting has a typo', body: longIssue(9_000), user: 'alice' });
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(text('I will read the file first.'), toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      reply(text('Fix the greeting\n\nChanged "Helo" to "Hello".')),
    );
    s.model.route(isVerifier, reply(text('Only the typo changed.\n\nVERDICT: PASS')));

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: 'auto' });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const main = s.model.requests.filter((r) => !isVerifier(r.body));
    const [verifier] = s.model.requests.filter((r) => isVerifier(r.body));
    expectSamePrefix(verifier!, main[0]!);
    // Its own instructions and the diff come after the fork point; it never sees the agent's words or tool results.
    expect(verifier!.body.messages).toHaveLength(1);
    expect(forkInstructions(verifier!.body)).toContain("-  return 'Helo, ' + name;\n+  return 'Hello, ' + name;");
    expect(JSON.stringify(verifier!.body)).not.toContain('I will read the file first.');
    // The agent's first request wrote the prefix; the verifier's first request reads all of it, and that is most of its input.
    const forkPoint = tokensThrough(main[0]!, 'messages.0.content.0');
    expect(main[0]!.usage!.cache_creation_input_tokens).toBe(forkPoint);
    expect(verifier!.usage!.cache_read_input_tokens).toBe(forkPoint);
    expect(verifier!.usage!.cache_read_input_tokens / inputOf(verifier!)).toBeGreaterThanOrEqual(0.7);
  });
});

describe('explorers share one prefix among themselves', () => {
  it('the second explorer sends its first request once the first one\'s response has begun, and reads the prefix the first wrote', async () => {
    s = await scenario(FILES);
    s.checkout();
    // The explore model's minimum cacheable length is 4,096 tokens: a long issue passes it.
    const issue = s.gh.addIssue({ title: 'Where is greet used?', body: `@deckhand where is greet used?\n\n${longIssue(14_000)}`, user: 'alice' });
    s.model.enqueue(
      reply(toolUse('Agent', { description: 'callers', prompt: 'Find the callers of greet.' }), toolUse('Agent', { description: 'tests', prompt: 'Find the tests of greet.' })),
      reply(text('greet is called in test.js.')),
    );
    const explore = (request: RecordedRequest): Step => {
      if (request.body.messages.length > 1) return reply(text('In test.js.'));
      return { reply: { content: [{ type: 'tool_use', name: 'Grep', input: { pattern: 'greet' } }] }, delayMs: 200 };
    };
    s.model.route(isExplorer, explore, explore, explore, explore);

    const run = await s.run('issues', s.gh.payload.issues(issue, 'opened'));

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const firsts = s.model.requests.filter((r) => isExplorer(r.body) && r.body.messages.length === 1);
    expect(firsts).toHaveLength(2);
    for (const request of firsts) expectSamePrefix(request, s.model.requests[0]!);
    // The first one's answer took 200 ms to begin: a cache entry is readable only from then on.
    expect(firsts[1]!.receivedAt - firsts[0]!.receivedAt).toBeGreaterThanOrEqual(190);
    // The explore model has no cache of the main model's: the first explorer writes the prefix, the second reads it.
    const forkPoint = tokensThrough(firsts[0]!, 'messages.0.content.0');
    expect(firsts[0]!.usage!.cache_read_input_tokens).toBe(0);
    expect(firsts[0]!.usage!.cache_creation_input_tokens).toBeGreaterThanOrEqual(forkPoint);
    expect(firsts[1]!.usage!.cache_read_input_tokens).toBe(forkPoint);
    expect(firsts[1]!.usage!.cache_read_input_tokens / inputOf(firsts[1]!)).toBeGreaterThanOrEqual(0.7);
  });
});
