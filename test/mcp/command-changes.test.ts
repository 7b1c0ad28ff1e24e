// What of a pull request's changes a stdio server's command line could run:
// first by name alone (a checkout that does not exist, so no path is a link),
// then through real symbolic links in a temp checkout — the command itself, an
// argument, a folder on the way, a chain, a link out of the checkout (absolute,
// relative, through the checkout's parents and back), a link the pull request
// changed itself, a loop — each against its look-alike that must still start.
import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesNamed } from '../../src/mcp/command-changes.js';
import { makeSandbox, type Sandbox } from '../helpers/workspace.js';

describe('changesNamed: what a command line names of the changed files, by name', () => {
  const root = '/work/repo';
  const changed = new Set(['tools/mcp.js', 'server.js', 'config/mcp.json', 'bin/serve']);
  it.each<[string, string, string[], string[]]>([
    ['a relative path', 'node', ['tools/mcp.js'], ['tools/mcp.js']],
    ['a ./ relative path', 'node', ['./tools/mcp.js'], ['tools/mcp.js']],
    ['an absolute path inside the root', 'node', ['/work/repo/tools/mcp.js'], ['tools/mcp.js']],
    ['the command itself', './bin/serve', [], ['bin/serve']],
    ['the command as an absolute path', '/work/repo/bin/serve', ['--stdio'], ['bin/serve']],
    ['a --flag=path', '/opt/tools/server', ['-y', 'some-server', '--config=config/mcp.json'], ['config/mcp.json']],
    ['a --flag=path, absolute', '/opt/tools/server', ['--config=/work/repo/config/mcp.json'], ['config/mcp.json']],
    ['a path after a flag', '/opt/tools/server', ['some-server', '--config', 'config/mcp.json'], ['config/mcp.json']],
    ['a bare file name at the root that changed', 'node', ['server.js'], ['server.js']],
    ['a bare program name', '/opt/tools/server', ['-y', '@modelcontextprotocol/server-memory'], []],
    ['npx, which runs the checkout\'s own bin folder first: every change', 'npx', ['-y', '@modelcontextprotocol/server-memory'], ['bin/serve', 'config/mcp.json', 'server.js', 'tools/mcp.js']],
    ['npm run, which reads package.json: every change', 'npm', ['run', 'mcp'], ['bin/serve', 'config/mcp.json', 'server.js', 'tools/mcp.js']],
    ['python -m, which imports from the working folder: every change', 'python3', ['-m', 'tools.mcp'], ['bin/serve', 'config/mcp.json', 'server.js', 'tools/mcp.js']],
    ['node ., the package in the working folder: every change', 'node', ['.'], ['bin/serve', 'config/mcp.json', 'server.js', 'tools/mcp.js']],
    ['a bare folder name holding a changed file', 'node', ['tools'], ['tools/mcp.js']],
    ['a bare name of a file deeper down', 'node', ['mcp.js'], []],
    ['a path outside the root', 'node', ['/work/other/tools/mcp.js'], []],
    ['a path that leaves the root with ..', 'node', ['../other/tools/mcp.js'], []],
    ['.. that comes back into the root', 'node', ['../repo/tools/mcp.js'], ['tools/mcp.js']],
    ['.. inside the root', 'node', ['tools/../server.js'], ['server.js']],
    ['a folder holding a changed file', 'node', ['tools/'], ['tools/mcp.js']],
    ['an unchanged file', 'node', ['tools/other.js'], []],
    ['a root-named sibling folder', 'node', ['/work/repo-evil/tools/mcp.js'], []],
    ['several, each once', 'node', ['tools/mcp.js', './tools/mcp.js', '--c=config/mcp.json'], ['config/mcp.json', 'tools/mcp.js']],
    ['an empty argument', 'node', ['', '--x='], []],
  ])('%s', (_, command, args, named) => {
    expect(changesNamed({ command, args }, root, changed)).toEqual({ files: named, linksOut: [] });
  });

  it('names nothing when the pull request changes nothing', () => {
    expect(changesNamed({ command: 'node', args: ['tools/mcp.js'] }, root, new Set())).toEqual({ files: [], linksOut: [] });
  });

  it('when GitHub listed only some of the changes, names every path of the checkout the command line gives', () => {
    const partial = { paths: new Set(['server.js']), complete: false };
    expect(changesNamed({ command: 'node', args: ['tools/unlisted.js'] }, root, partial).files).toEqual(['tools/unlisted.js']);
    expect(changesNamed({ command: '/opt/tools/server', args: ['--stdio'] }, root, partial).files).toEqual([]);
  });
});

describe('changesNamed: through the checkout’s symbolic links', () => {
  let box: Sandbox;
  /** `path` in the checkout made a link to `target` (as written: relative to the link's folder, or absolute). */
  const link = (path: string, target: string) => {
    mkdirSync(dirname(join(box.root, path)), { recursive: true });
    symlinkSync(target, join(box.root, path));
  };
  const changed = new Set(['lib/changed.js', 'changed-dir/server.js', 'tools/relinked.js', 'lib/now-a-link.js']);
  beforeAll(() => {
    box = makeSandbox({ 'lib/changed.js': '', 'lib/same.js': '', 'lib/now-a-link.js': '', 'changed-dir/server.js': '', 'same-dir/server.js': '' }, { git: false });
    link('bin/serve', '../lib/changed.js');
    link('bin/fine', '../lib/same.js');
    link('tools/server.js', '../lib/changed.js');
    link('tools/same.js', '../lib/same.js');
    link('linked', 'changed-dir');
    link('linked-same', 'same-dir');
    link('tools/chain.js', 'hop.js');
    link('tools/hop.js', '../lib/changed.js');
    link('tools/chain-same.js', 'hop-same.js');
    link('tools/hop-same.js', '../lib/same.js');
    link('tools/abs-out.js', join(box.outside, 'server.js'));
    link('tools/rel-out.js', '../../outside/server.js');
    link('tools/abs-in.js', join(box.root, 'lib/same.js'));
    link('tools/back-in.js', '../../repo/lib/same.js');
    link('tools/out-dir', box.outside);
    link('tools/relinked.js', '../lib/same.js');
    link('tools/via.js', '../lib/now-a-link.js');
    link('tools/loop-a.js', 'loop-b.js');
    link('tools/loop-b.js', 'loop-a.js');
    link('entry.js', 'lib/changed.js');
    link('up', '..');
  });
  afterAll(() => box.cleanup());
  const named = (command: string, ...args: string[]) => changesNamed({ command, args }, box.root, changed);

  it.each<[string, string, string[], string[]]>([
    ['the command itself a link to a changed file', './bin/serve', [], ['lib/changed.js (through the link bin/serve)']],
    ['an argument a link to a changed file', 'node', ['tools/server.js'], ['lib/changed.js (through the link tools/server.js)']],
    ['a bare argument at the root a link to a changed file', 'node', ['entry.js'], ['lib/changed.js (through the link entry.js)']],
    ['a --flag=value a link to a changed file', '/usr/bin/node', ['--import=./tools/server.js', 'lib/same.js'], ['lib/changed.js (through the link tools/server.js)']],
    ['a folder on the way a link to a changed folder', 'node', ['linked/server.js'], ['changed-dir/server.js (through the link linked)']],
    ['a folder named that is a link to a changed folder', 'node', ['linked'], ['changed-dir/server.js (through the link linked)']],
    ['a chain of two links ending in a changed file', 'node', ['tools/chain.js'], ['lib/changed.js (through the link tools/chain.js)']],
    ['a link the pull request changed itself', 'node', ['tools/relinked.js'], ['tools/relinked.js']],
    ['a link to a file the pull request made a link', 'node', ['tools/via.js'], ['lib/now-a-link.js (through the link tools/via.js)']],
  ])('%s: named', (_, command, args, files) => {
    expect(named(command, ...args)).toEqual({ files, linksOut: [] });
  });

  it.each<[string, string, string[], string[]]>([
    ['an absolute link out of the checkout', 'node', ['tools/abs-out.js'], ['tools/abs-out.js']],
    ['a relative ../ link out of the checkout', 'node', ['tools/rel-out.js'], ['tools/rel-out.js']],
    ['a folder on the way that leads out', 'node', ['tools/out-dir/server.js'], ['tools/out-dir']],
    ['a link to the checkout’s parent', 'node', ['up/outside/server.js'], ['up']],
    ['the command a link out', './tools/abs-out.js', [], ['tools/abs-out.js']],
  ])('%s: a link out', (_, command, args, linksOut) => {
    expect(named(command, ...args)).toEqual({ files: [], linksOut });
  });

  it.each<[string, string, string[]]>([
    ['the command a link to an unchanged file', './bin/fine', []],
    ['an argument a link to an unchanged file', 'node', ['tools/same.js']],
    ['a folder on the way a link to an unchanged folder', 'node', ['linked-same/server.js']],
    ['a chain ending in an unchanged file', 'node', ['tools/chain-same.js']],
    ['an absolute link back into the checkout', 'node', ['tools/abs-in.js']],
    ['a relative link that passes the checkout’s parent and comes back', 'node', ['tools/back-in.js']],
    ['a loop of links, which never opens', 'node', ['tools/loop-a.js']],
    ['a program outside the checkout, named by its path', '/usr/bin/node', ['--version']],
  ])('%s: nothing', (_, command, args) => {
    expect(named(command, ...args)).toEqual({ files: [], linksOut: [] });
  });

  it('a link of a chain the pull request changed is named itself', () => {
    expect(changesNamed({ command: 'node', args: ['tools/chain-same.js'] }, box.root, new Set(['tools/hop-same.js']))).toEqual({ files: ['tools/hop-same.js'], linksOut: [] });
  });

  it('when GitHub listed only some of the changes, every link on the way and where it leads are named', () => {
    const partial = { paths: new Set(['README.md']), complete: false };
    expect(changesNamed({ command: 'node', args: ['tools/chain-same.js'] }, box.root, partial).files).toEqual([
      'lib/same.js (through the link tools/chain-same.js)',
      'tools/chain-same.js',
      'tools/hop-same.js',
    ]);
  });
});
