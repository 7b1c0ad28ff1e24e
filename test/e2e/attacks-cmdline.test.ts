// Environment values on bubblewrap's command line (issue 27, item 9), end to
// end on the bundle: every process on the machine can read /proc/<pid>/cmdline,
// so no value the sandbox sets may be on one. While a run's sandboxed commands
// run, the test reads the command line of every process of the run's tree (the
// action, bubblewrap, what runs inside) every few milliseconds, and asserts that
// none holds a value — and that each command still got its environment. The
// variants:
//   - what is launched: a Bash command (`sleep 2`), a hook (PreToolUse, `sleep 1`),
//     a stdio MCP server (for the whole run)
//   - where a value comes from: an mcp_env variable, a mcp_config env value (both
//     secrets), a config-file env value, a GITHUB_* fact Bash and hooks get
//   - what a value holds: spaces, newlines, `=`, quotes, non-ASCII, an option of bubblewrap's own
//   - many variables (200 on one server)
//   - a NUL in a value (which would split the piped arguments): that server is not started
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { FIXTURE } from '../helpers/mcp-fixture.js';

const ROOT = join(import.meta.dirname, '..', '..');

const FROM_MCP_ENV = 'cmdline-mcp-env-secret-5e2a9d71c4';
const FROM_CONFIG = 'cmdline config secret = "quoted" ✓\nsecond line 3f8b1c';
const TRICKY = "a value = with 'spaces'\nand a second line: Grüße ✓ 日本 6d0e4a";
const OPTION = '--bind / /escaped-7a1c';
const WORKFLOW = 'Nightly build = "checks" ✓\nsecond line of the workflow 2c9f5b';
const MANY = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`MANY_${i}`, `many-value-${i}-8e4d2a`]));
const VALUES = [FROM_MCP_ENV, FROM_CONFIG, TRICKY, OPTION, WORKFLOW, ...Object.values(MANY)];

let s: Scenario;
afterEach(async () => s?.cleanup());

/** The processes under `root` (itself included): pid → command line, NUL-separated. */
function processTree(root: number): Map<number, string> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone since the listing
    }
  }
  const tree = new Map<number, string>();
  for (const queue = [root]; queue.length > 0; ) {
    const pid = queue.shift()!;
    try {
      tree.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

describe.skipIf(!bwrapWorks)('the values a sandboxed command is given', () => {
  it('are on no command line of the run, and still reach Bash, a hook and a stdio MCP server', async () => {
    s = await scenario({
      'README.md': '# widgets\n',
      '.github/deckhand.yml': [
        `mcp_servers: ${JSON.stringify({ envy: { command: 'node', args: [FIXTURE], env: { FROM_MCP_ENV: '${CMD_TOKEN}', TRICKY, OPTION, ...MANY } } })}`,
        'hooks:',
        `  PreToolUse: [{ matcher: "Bash", command: "sleep 1; if grep -q blocked-by-hook; then printenv GITHUB_WORKFLOW >&2; exit 2; fi" }]`,
        '',
      ].join('\n'),
    });
    s.checkout();
    const mcpConfig = JSON.stringify({
      mcpServers: {
        configured: { command: 'node', args: [FIXTURE], env: { FROM_CONFIG } },
        nul: { command: 'node', args: [FIXTURE], env: { SPLIT: 'x\u0000--bind\u0000/\u0000/escaped' } },
      },
    });
    const env = (server: string, name: string, id: string) => toolUse(`mcp__${server}__env`, { name }, id);
    s.model.enqueue(
      (req) => {
        expect((req.body.tools as Array<{ name: string }>).some((tool) => tool.name.startsWith('mcp__nul__'))).toBe(false);
        return reply(
          toolUse('Bash', { command: 'sleep 2; printenv GITHUB_WORKFLOW' }, 'toolu_bash'),
          env('envy', 'FROM_MCP_ENV', 'toolu_mcp_env'),
          env('configured', 'FROM_CONFIG', 'toolu_config'),
          env('envy', 'TRICKY', 'toolu_tricky'),
          env('envy', 'OPTION', 'toolu_option'),
          env('envy', 'MANY_0', 'toolu_first'),
          env('envy', 'MANY_199', 'toolu_last'),
          toolUse('Bash', { command: 'echo blocked-by-hook' }, 'toolu_hook'),
        );
      },
      (req) => {
        const byId = Object.fromEntries((req.body.messages.at(-1).content as Array<{ tool_use_id: string; content: unknown }>).map((r) => [r.tool_use_id, r.content]));
        expect(byId.toolu_bash).toBe(WORKFLOW);
        // The secrets arrive whole: what the model sees of them is the redactor's mark, not "(unset)".
        expect(byId.toolu_mcp_env).toBe('[REDACTED]');
        expect(byId.toolu_config).toBe('[REDACTED]');
        expect(byId.toolu_tricky).toBe(TRICKY);
        expect(byId.toolu_option).toBe(OPTION);
        expect(byId.toolu_first).toBe(MANY.MANY_0);
        expect(byId.toolu_last).toBe(MANY.MANY_199);
        expect(byId.toolu_hook).toContain(WORKFLOW);
        return reply(text('Done.'));
      },
    );

    const running = s.start('workflow_dispatch', {}, { prompt: 'Run things.', mcp_config: mcpConfig, mcp_env: 'CMD_TOKEN' }, { RUNNER_TOOL_CACHE: ROOT, CMD_TOKEN: FROM_MCP_ENV, GITHUB_WORKFLOW: WORKFLOW });
    const seen = new Set<string>();
    const watch = setInterval(() => {
      for (const cmdline of processTree(running.child.pid!).values()) seen.add(cmdline);
    }, 10);
    const run = await running.done.finally(() => clearInterval(watch));

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = [...seen];
    // The watch saw each launch: bubblewrap, and what ran inside it.
    expect(lines.some((line) => /^[^\0]*bwrap[^\0/]*\0--unshare-user\0/.test(line))).toBe(true);
    for (const inside of ['sleep\u00002\0', 'sleep\u00001\0', `node\0${FIXTURE}\0`]) expect(lines.some((line) => line.includes(inside))).toBe(true);
    for (const value of VALUES) {
      for (const part of [value, ...value.split('\n')]) expect(lines.filter((line) => line.includes(part))).toEqual([]);
    }
    expect(run.stdout).toContain('::warning::MCP server nul could not be started: The environment variable SPLIT holds a NUL byte, which no process can be given.');
  });
});
