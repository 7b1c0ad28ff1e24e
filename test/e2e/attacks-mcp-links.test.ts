// A symlinked MCP server command (issue 27, item 4), end to end on the bundle:
// the base branch declares stdio servers whose command lines name paths that
// are symbolic links, and a pull request changes what they lead to. None of
// these may start — each says why in a warning — while servers whose links
// lead to unchanged files still start. Every server would run if started: the
// files are the test server (test/fixtures/mcp/server.mjs), which the sandbox
// shows read-only as a tool cache, so a server that slipped through would
// offer its tools. The variants:
//   - the command itself a link to a changed file (`./bin/serve`)
//   - an argument a link to a changed file (`node tools/server.mjs`)
//   - a bare argument at the root a link to a changed file (`node entry.mjs`)
//   - a flag's value a link to a changed file (`node --import=./tools/server.mjs …`)
//   - a folder on the way a link to a changed folder (`linked -> changed-dir`)
//   - a chain of two links ending in a changed file
//   - a link out of the checkout, by absolute path and by a relative `../…` path
//   - a link to a file the pull request turned into a link
//   - a link the pull request re-pointed itself
//   - and, started: the same shapes (command, argument, folder, chain) leading to unchanged files
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text } from '../emulators/anthropic.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { FIXTURE } from '../helpers/mcp-fixture.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TOOLS_ENV = { RUNNER_TOOL_CACHE: ROOT };

let s: Scenario;
afterEach(async () => s?.cleanup());

/** A script that is the test server, runnable as a program. */
const server = (note = '') => ({ executable: `#!/usr/bin/env node\nimport '${FIXTURE}';\n${note}` });
const node = (...args: string[]) => ({ command: 'node', args });
const yaml = (servers: Record<string, unknown>) => `mcp_servers: ${JSON.stringify(servers)}\n`;

const REFUSED = {
  'command-link': { command: './bin/serve' },
  'arg-link': node('tools/server.mjs'),
  'bare-link': node('entry.mjs'),
  'flag-link': node('--import=./tools/server.mjs', 'lib/same.mjs'),
  'folder-link': node('linked/server.mjs'),
  chain: node('tools/chain.mjs'),
  'out-absolute': node('tools/abs-out.mjs'),
  'out-relative': node('tools/rel-out.mjs'),
  'made-a-link': node('tools/via.mjs'),
  relinked: node('tools/relinked.mjs'),
};
const STARTED = {
  'fine-command': { command: './bin/fine' },
  'fine-arg': node('tools/same.mjs'),
  'fine-folder': node('linked-same/server.mjs'),
  'fine-chain': node('tools/chain-same.mjs'),
};

const changes = (files: string) => `is not started: its command could run ${files}, which the pull request changes, and a pull request may not change what a server runs.`;
const linkOut = (link: string) => `is not started: its command goes through ${link}, a symbolic link out of the checkout, whose target cannot be checked against the pull request.`;
const WARNINGS: Record<keyof typeof REFUSED, string> = {
  'command-link': changes('lib/changed.mjs (through the link bin/serve)'),
  'arg-link': changes('lib/changed.mjs (through the link tools/server.mjs)'),
  'bare-link': changes('lib/changed.mjs (through the link entry.mjs)'),
  'flag-link': changes('lib/changed.mjs (through the link tools/server.mjs)'),
  'folder-link': changes('changed-dir/server.mjs (through the link linked)'),
  chain: changes('lib/changed.mjs (through the link tools/chain.mjs)'),
  'out-absolute': linkOut('tools/abs-out.mjs'),
  'out-relative': linkOut('tools/rel-out.mjs'),
  'made-a-link': changes('lib/evil.mjs (through the link tools/via.mjs), lib/target.mjs'),
  relinked: changes('lib/evil.mjs (through the link tools/relinked.mjs), tools/relinked.mjs'),
};

describe.skipIf(!bwrapWorks)('a stdio server reached through a symbolic link the pull request can point at its own code', () => {
  it('is not started, with a warning naming the link; a server whose links lead to unchanged files starts', async () => {
    s = await scenario({
      'README.md': '# widgets\n',
      'lib/changed.mjs': server(),
      'lib/same.mjs': server(),
      'lib/target.mjs': server(),
      'changed-dir/server.mjs': server(),
      'same-dir/server.mjs': server(),
      '.github/deckhand.yml': yaml({ ...REFUSED, ...STARTED }),
    });
    // The links, on the base branch: a relative one out of the checkout needs the checkout's place.
    s.gh.commitFiles(
      'main',
      {
        'bin/serve': { symlink: '../lib/changed.mjs' },
        'bin/fine': { symlink: '../lib/same.mjs' },
        'tools/server.mjs': { symlink: '../lib/changed.mjs' },
        'tools/same.mjs': { symlink: '../lib/same.mjs' },
        'entry.mjs': { symlink: 'lib/changed.mjs' },
        linked: { symlink: 'changed-dir' },
        'linked-same': { symlink: 'same-dir' },
        'tools/chain.mjs': { symlink: 'hop.mjs' },
        'tools/hop.mjs': { symlink: '../lib/changed.mjs' },
        'tools/chain-same.mjs': { symlink: 'hop-same.mjs' },
        'tools/hop-same.mjs': { symlink: '../lib/same.mjs' },
        'tools/abs-out.mjs': { symlink: FIXTURE },
        'tools/rel-out.mjs': { symlink: relative(join(s.workspace, 'tools'), FIXTURE) },
        'tools/via.mjs': { symlink: '../lib/target.mjs' },
        'tools/relinked.mjs': { symlink: '../lib/same.mjs' },
      },
      'Links',
    );
    // The pull request changes files the links lead to — each still a working server — and two links.
    s.gh.commitFiles(
      'feature',
      {
        'lib/changed.mjs': server('// the pull request runs here\n'),
        'changed-dir/server.mjs': server('// the pull request runs here\n'),
        'lib/evil.mjs': server('// the pull request runs here\n'),
        'lib/target.mjs': { symlink: 'evil.mjs' },
        'tools/relinked.mjs': { symlink: '../lib/evil.mjs' },
      },
      'Change',
    );
    const pull = s.gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    const comment = s.gh.addComment(pull.number, { body: '@deckhand what tools do you have?', user: 'alice' });
    s.model.enqueue((req) => {
      const servers = new Set((req.body.tools as Array<{ name: string }>).flatMap((tool) => /^mcp__(.+)__echo$/.exec(tool.name)?.[1] ?? []));
      expect([...servers].sort()).toEqual(Object.keys(STARTED).sort());
      return reply(text('These.'));
    });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), {}, TOOLS_ENV);

    expect(run.code).toBe(0);
    for (const [name, warning] of Object.entries(WARNINGS)) expect(run.stdout).toContain(`::warning::MCP server ${name} ${warning}`);
    for (const name of Object.keys(STARTED)) expect(run.stdout).toMatch(new RegExp(`MCP server ${name}: \\d+ tools \\(stdio, in the sandbox\\)\\.`));
  });
});
