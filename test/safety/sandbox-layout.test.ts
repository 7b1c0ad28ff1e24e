// The sandbox's layout and bubblewrap command line, as tables: what a runner's
// folders become inside, and which flags a command gets — checked without
// running bubblewrap (test/safety/sandbox.test.ts attacks the real thing).
import { describe, expect, it } from 'vitest';
import type { SandboxNetwork } from '../../src/safety/network/sandbox-network.js';
import { ARGS_FD, bwrapArgs, LIMITS, PROXY_ENV, RELAY, TMPFS_BYTES, type BwrapFeatures } from '../../src/safety/sandbox/bwrap-args.js';
import { planLayout, type Layout, type SandboxFacts } from '../../src/safety/sandbox/layout.js';

const MERGED_USR: SandboxFacts['system'] = [
  { path: '/usr', kind: 'folder' },
  { path: '/bin', kind: 'symlink', target: 'usr/bin' },
  { path: '/lib', kind: 'symlink', target: 'usr/lib' },
  { path: '/etc', kind: 'folder' },
  { path: '/opt', kind: 'folder' },
];

const facts = (over: Partial<SandboxFacts> = {}): SandboxFacts => ({
  root: '/home/runner/work/repo/repo',
  network: false,
  system: MERGED_USR,
  runnerFolders: ['/home/runner/work/_temp', '/home/runner/work/repo'],
  toolCaches: [],
  ...over,
});

const layoutOf = (over: Partial<SandboxFacts> = {}): Layout => {
  const layout = planLayout(facts(over));
  if ('error' in layout) throw new Error(layout.error);
  return layout;
};

describe('the layout a runner gets', () => {
  it.each([
    ['/', 'the checkout / holds system folders, so it cannot be mounted writable on its own'],
    ['/usr', 'the checkout /usr holds system folders, so it cannot be mounted writable on its own'],
    ['/usr/local/src/app', undefined],
    ['/run', 'the checkout /run holds system folders, so it cannot be mounted writable on its own'],
  ])('a checkout at %s: %s', (root, error) => {
    const layout = planLayout(facts({ root }));
    if (error) expect(layout).toEqual({ error });
    else expect(layout).not.toHaveProperty('error');
  });

  it.each([
    ['/home/runner/work/repo/repo', '/home/deckhand'],
    ['/home/deckhand/work/repo', '/deckhand-home'],
    ['/home', '/deckhand-home'],
  ])('a checkout at %s gets its HOME at %s, never over or inside the checkout', (root, home) => {
    expect(layoutOf({ root }).home).toBe(home);
  });

  it('on a GitHub-hosted runner (work folder under HOME) nothing needs covering and no tool cache is bound twice', () => {
    const layout = layoutOf({ toolCaches: ['/opt/hostedtoolcache'] });
    expect(layout.hidden).toEqual([]);
    // /opt is already mounted read-only with the system.
    expect(layout.toolCaches).toEqual([]);
  });

  it('a self-hosted work folder under /opt is covered, and its tool cache shows through', () => {
    const layout = layoutOf({
      root: '/opt/runner/_work/repo/repo',
      runnerFolders: ['/opt/runner/_work/_temp', '/opt/runner/_work/repo'],
      toolCaches: ['/opt/runner/_work/_tool', '/opt/runner/_work/_tool'],
    });
    expect(layout.hidden).toEqual(['/opt/runner']);
    expect(layout.toolCaches).toEqual(['/opt/runner/_work/_tool']);
  });

  it('a tool cache inside the checkout, or holding it, is not bound (the checkout is writable, the cache must not be)', () => {
    expect(layoutOf({ toolCaches: ['/home/runner/work/repo/repo/.tools', '/home/runner/work', '/srv/tools', 'relative/tools'] }).toolCaches).toEqual([
      '/srv/tools',
    ]);
  });
});

const ALL: BwrapFeatures = { size: true, disableUserns: true };
const command = { argv: ['npm', 'test'], cwd: '/home/runner/work/repo/repo/pkg', env: { PATH: '/usr/bin:/bin', HOME: '/home/runner', CI: 'true' }, gitEntries: [] };

/** What bubblewrap's command line shows (the rest it reads from a pipe). */
const commandLine = (...of: Parameters<typeof bwrapArgs>) => bwrapArgs(...of).args;

/** The values that follow each occurrence of `flag` (the next `count` arguments). */
function after(args: string[], flag: string, count = 1): string[][] {
  return args.flatMap((arg, i) => (arg === flag ? [args.slice(i + 1, i + 1 + count)] : []));
}

describe('the bubblewrap command line', () => {
  it('unshares every namespace, network included unless it is on, and keeps no capability', () => {
    const off = commandLine(layoutOf(), ALL, command);
    for (const flag of ['--unshare-user', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try', '--unshare-net', '--die-with-parent', '--new-session', '--disable-userns']) {
      expect(off).toContain(flag);
    }
    expect(after(off, '--cap-drop')).toEqual([['ALL']]);
    expect(off).not.toContain('--share-net');
    const on = commandLine(layoutOf({ network: true }), ALL, command);
    expect(on).not.toContain('--unshare-net');
    expect(after(on, '--ro-bind-try', 2)).toEqual([['/run/systemd/resolve', '/run/systemd/resolve']]);
  });

  it('mounts the system read-only and recreates merged-/usr links', () => {
    const args = commandLine(layoutOf(), ALL, command);
    expect(after(args, '--ro-bind', 2)).toEqual([
      ['/usr', '/usr'],
      ['/etc', '/etc'],
      ['/opt', '/opt'],
    ]);
    expect(after(args, '--symlink', 2)).toEqual([
      ['usr/bin', '/bin'],
      ['usr/lib', '/lib'],
    ]);
    expect(args).not.toContain('/home/runner/work/_temp');
  });

  it('binds the checkout writable, then every .git read-only over it (order matters: the later mount wins)', () => {
    const root = '/home/runner/work/repo/repo';
    const args = commandLine(layoutOf(), ALL, { ...command, gitEntries: [`${root}/.git`, `${root}/.GIT`] });
    const checkout = args.indexOf('--bind');
    expect(args.slice(checkout, checkout + 3)).toEqual(['--bind', root, root]);
    expect(args.slice(checkout + 3, checkout + 9)).toEqual(['--ro-bind', `${root}/.git`, `${root}/.git`, '--ro-bind', `${root}/.GIT`, `${root}/.GIT`]);
    expect(after(args, '--chdir')).toEqual([[`${root}/pkg`]]);
  });

  it('a private /tmp and HOME, bounded when bubblewrap can bound them; covered folders get an empty tmpfs', () => {
    const layout = layoutOf({ root: '/opt/runner/_work/repo/repo', runnerFolders: ['/opt/runner/_work/_temp'] });
    expect(after(commandLine(layout, ALL, command), '--tmpfs')).toEqual([['/tmp'], ['/home/deckhand'], ['/opt/runner']]);
    expect(after(commandLine(layout, ALL, command), '--size')).toEqual([[String(TMPFS_BYTES)], [String(TMPFS_BYTES)]]);
    const old = commandLine(layout, { size: false, disableUserns: false }, command);
    expect(old).not.toContain('--size');
    expect(old).not.toContain('--disable-userns');
  });

  it('clears the environment and sets exactly the one given, with the sandbox’s own HOME and TMPDIR, through the pipe', () => {
    const { args, piped } = bwrapArgs(layoutOf(), ALL, { ...command, env: { ...command.env, GONE: undefined } });
    expect(args).toContain('--clearenv');
    expect(piped).toEqual(['--setenv', 'PATH', '/usr/bin:/bin', '--setenv', 'HOME', '/home/deckhand', '--setenv', 'CI', 'true', '--setenv', 'TMPDIR', '/tmp']);
    // Read where --args stands: after --clearenv, before the command.
    expect(args.slice(args.indexOf('--clearenv'))).toEqual(['--clearenv', '--args', String(ARGS_FD), ...args.slice(args.indexOf('--'))]);
    expect(args).not.toContain('--setenv');
  });

  it.each([
    ['spaces, quotes and =', 'a b = "c" \'d\''],
    ['newlines', 'first\nsecond\n'],
    ['non-ASCII', 'Grüße ✓ 日本'],
    ['an option of its own', '--bind / /'],
    ['nothing', ''],
  ])('a value with %s is one piped argument, and on no command line', (_, value) => {
    const { args, piped } = bwrapArgs(layoutOf(), ALL, { ...command, env: { VALUE: value } });
    expect(piped.slice(0, 3)).toEqual(['--setenv', 'VALUE', value]);
    expect(args.filter((arg) => arg === value)).toEqual([]);
  });

  it('refuses a NUL in a name or a value, which would end the argument and start an option of its own', () => {
    expect(() => bwrapArgs(layoutOf(), ALL, { ...command, env: { VALUE: 'x\0--bind\0/\0/' } })).toThrow('The environment variable VALUE holds a NUL byte, which no process can be given.');
    expect(() => bwrapArgs(layoutOf(), ALL, { ...command, env: { 'A\0--bind': 'x' } })).toThrow('The environment variable A\\0--bind holds a NUL byte');
  });

  it('runs the command last, after the limits, as separate arguments (never a shell string)', () => {
    const args = commandLine(layoutOf(), ALL, { ...command, argv: ['sh', '-c', 'echo "$1"', 'x; rm -rf /'] });
    expect(args.slice(args.indexOf('--'))).toEqual(['--', '/bin/bash', '-c', LIMITS, 'deckhand-limits', 'sh', '-c', 'echo "$1"', 'x; rm -rf /']);
    expect(LIMITS).toContain('ulimit -u 2048');
    expect(LIMITS).toContain(`ulimit -f ${1024 ** 2}`);
  });
});

describe('narrower for one command (an MCP server): readOnlyRoot and no network', () => {
  const root = '/home/runner/work/repo/repo';
  const NONE = { kind: 'none' } as const;
  const RESOLVED = ['/run/systemd/resolve', '/run/systemd/resolve'];
  /** The flag the checkout is bound with (the mount whose source and target are the checkout). */
  const checkoutFlag = (args: string[]) => args.filter((arg, i) => args[i + 1] === root && args[i + 2] === root);

  it.each<[row: string, network: boolean, narrower: { readOnlyRoot?: boolean; network?: { kind: 'none' } }, checkout: string, unshareNet: boolean]>([
    ['neither, network off', false, {}, '--bind', true],
    ['neither, network on', true, {}, '--bind', false],
    ['readOnlyRoot', false, { readOnlyRoot: true }, '--ro-bind', true],
    ['readOnlyRoot, network on', true, { readOnlyRoot: true }, '--ro-bind', false],
    ['readOnlyRoot: false', false, { readOnlyRoot: false }, '--bind', true],
    ['no network, network on', true, { network: NONE }, '--bind', true],
    ['no network, network off already', false, { network: NONE }, '--bind', true],
    ['nothing said of network, network on', true, {}, '--bind', false],
    ['both, network on', true, { readOnlyRoot: true, network: NONE }, '--ro-bind', true],
  ])('%s: the checkout bound with the right flag, network unshared exactly when off', (_, network, narrower, checkout, unshareNet) => {
    const args = commandLine(layoutOf({ network }), ALL, { ...command, gitEntries: [`${root}/.git`], ...narrower });
    expect(checkoutFlag(args)).toEqual([checkout]);
    expect(args.filter((arg) => arg === '--unshare-net')).toEqual(unshareNet ? ['--unshare-net'] : []);
    // DNS's stub folder only where the command has network.
    expect(after(args, '--ro-bind-try', 2)).toEqual(unshareNet ? [] : [RESOLVED]);
    // Whatever the checkout gets, every .git is still bound read-only over it, right after.
    const at = args.indexOf(root);
    expect(args.slice(at - 1, at + 5)).toEqual([checkout, root, root, '--ro-bind', `${root}/.git`, `${root}/.git`]);
  });

  it('readOnlyRoot and no network change nothing else', () => {
    const plain = commandLine(layoutOf({ network: true }), ALL, command);
    const narrow = commandLine(layoutOf({ network: true }), ALL, { ...command, readOnlyRoot: true, network: NONE });
    const without = (args: string[]) => args.filter((arg) => arg !== '--unshare-net' && arg !== '--ro-bind-try' && !RESOLVED.includes(arg));
    expect(without(narrow)).toEqual(without(plain).map((arg, i, all) => (arg === '--bind' && all[i + 1] === root ? '--ro-bind' : arg)));
  });
});

describe('through the egress proxy (network is an allow-list)', () => {
  const PROXIED: SandboxNetwork = {
    kind: 'proxied',
    sockets: { commands: '/tmp/deckhand-net-x/commands.sock', servers: '/tmp/deckhand-net-x/servers.sock' },
    node: '/home/runner/runners/2.330.0/externals/node24/bin/node',
    relay: '/home/runner/work/_actions/o/deckhand/v1/dist/relay.js',
  };
  const proxied = (): Layout => ({ ...layoutOf(), network: PROXIED });
  const env = (piped: string[]) => Object.fromEntries(after(piped, '--setenv', 2).map(([name, value]) => [name, value]));

  it('has no route out: the network unshared, no DNS stub, and only the proxy socket, node and relay bound in, read-only', () => {
    const args = commandLine(proxied(), ALL, command);
    expect(args).toContain('--unshare-net');
    expect(after(args, '--ro-bind-try', 2)).toEqual([]);
    const bound = after(args, '--ro-bind', 2).filter(([, to]) => to!.startsWith(RELAY.folder));
    expect(bound).toEqual([
      [PROXIED.sockets.commands, `${RELAY.folder}/proxy.sock`],
      [PROXIED.node, `${RELAY.folder}/node`],
      [PROXIED.relay, `${RELAY.folder}/relay.js`],
    ]);
    // Nothing of the proxy's folder or the runner's node folder is writable.
    expect(after(args, '--bind', 2).flat().filter((path) => path.includes('deckhand-net') || path.includes('externals'))).toEqual([]);
  });

  it('starts the command through the relay, after the limits, which then hold both', () => {
    const args = commandLine(proxied(), ALL, command);
    const at = args.indexOf(LIMITS);
    expect(args.slice(at + 1)).toEqual(['deckhand-limits', `${RELAY.folder}/node`, `${RELAY.folder}/relay.js`, `${RELAY.folder}/proxy.sock`, String(RELAY.port), 'npm', 'test']);
  });

  it("gives every command the proxy's variables, over any the command's environment had", () => {
    const { piped } = bwrapArgs(proxied(), ALL, { ...command, env: { ...command.env, HTTPS_PROXY: 'http://corp-proxy:3128', NO_PROXY: '*' } });
    expect(env(piped)).toMatchObject(PROXY_ENV);
    expect(PROXY_ENV.HTTPS_PROXY).toBe(`http://127.0.0.1:${RELAY.port}`);
    expect(Object.keys(PROXY_ENV).sort()).toEqual(['ALL_PROXY', 'HTTPS_PROXY', 'HTTP_PROXY', 'NODE_USE_ENV_PROXY', 'NO_PROXY', 'all_proxy', 'http_proxy', 'https_proxy', 'no_proxy']);
    // Without the proxy, none of them is added.
    expect(Object.keys(env(bwrapArgs(layoutOf({ network: true }), ALL, command).piped))).not.toContain('HTTP_PROXY');
  });

  it("an MCP server goes through the servers' socket, or has no network at all", () => {
    const server = commandLine(proxied(), ALL, { ...command, via: 'servers' });
    expect(after(server, '--ro-bind', 2)).toContainEqual([PROXIED.sockets.servers, `${RELAY.folder}/proxy.sock`]);
    const none = commandLine(proxied(), ALL, { ...command, via: 'servers', network: { kind: 'none' } });
    expect(none).toContain('--unshare-net');
    expect(none.some((arg) => arg.startsWith(RELAY.folder))).toBe(false);
  });
});
