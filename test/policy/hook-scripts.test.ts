// Which files a hook's command runs (so hooks.ts can run their base-branch
// versions), read from the command as the shell will: a table of commands and
// the scripts found in them, and the command rewritten to name copies.
import { describe, expect, test } from 'vitest';
import { readHookCommand } from '../../src/policy/hook-scripts.js';

const root = '/work/repo';
const env = { GITHUB_WORKSPACE: root, SPACED: 'a b', PATH: '/usr/bin:/bin' };
const read = (command: string) => readHookCommand(command, { root, env });

describe('the scripts a hook runs', () => {
  test.each([
    ['./scripts/guard.sh', [{ path: 'scripts/guard.sh', program: true }]],
    ['scripts/agent-guard.sh --strict', [{ path: 'scripts/agent-guard.sh', program: true }]],
    [`${root}/scripts/guard.sh`, [{ path: 'scripts/guard.sh', program: true }]],
    ['"$GITHUB_WORKSPACE"/scripts/guard.sh', [{ path: 'scripts/guard.sh', program: true }]],
    ['${GITHUB_WORKSPACE}/scripts/guard.sh', [{ path: 'scripts/guard.sh', program: true }]],
    ['sh scripts/guard.sh', [{ path: 'scripts/guard.sh', program: false }]],
    ['bash -e -o pipefail ./scripts/guard.sh arg', [{ path: 'scripts/guard.sh', program: false }]],
    ['python3 tools/check.py --strict', [{ path: 'tools/check.py', program: false }]],
    ['python3.12 -W ignore tools/check.py', [{ path: 'tools/check.py', program: false }]],
    ['node .github/hooks/guard.js', [{ path: '.github/hooks/guard.js', program: false }]],
    ['node -r ./setup.js --require=./more.js guard.js', ['setup.js', 'more.js', 'guard.js'].map((path) => ({ path, program: false }))],
    ['npx --yes tsx .github/hooks/guard.ts', [{ path: '.github/hooks/guard.ts', program: false }]],
    ['bun run hooks/guard.ts', [{ path: 'hooks/guard.ts', program: false }]],
    ['. scripts/env.sh && check', [{ path: 'scripts/env.sh', program: false }]],
    ['timeout 5 env A=1 ./guard.sh', [{ path: 'guard.sh', program: true }]],
    ['/usr/bin/env node hooks/g.js', [{ path: 'hooks/g.js', program: false }]],
    ["sh -c 'python3 tools/check.py'", [{ path: 'tools/check.py', program: false }]],
    ['cat input.json | ./guard.sh 2>/dev/null > out.txt', [{ path: 'guard.sh', program: true }]],
  ])('%s', async (command, scripts) => {
    const found = await read(command);
    expect(found.scripts).toEqual(scripts);
    expect(found.unknown).toEqual([]);
  });

  test.each([
    // The files a hook checks stay the checkout's: they are what it is for.
    'grep -q Hello src/app.js',
    'npx prettier --check src/index.ts',
    'npm test',
    'make lint',
    'echo hi',
    'node -e "require(\'./x.js\')"',
    'python3 -m tools.check',
    'guard.sh < scripts/input.txt',
    'echo "$(date)" >> .deckhand/log.txt',
    '../outside/guard.sh',
    '/usr/local/bin/guard',
  ])('%s runs no file of the checkout', async (command) => {
    expect(await read(command)).toMatchObject({ scripts: [], unknown: [] });
  });

  test.each([
    ['sh "$f"', ['"$f"']],
    ['"$(git rev-parse --show-toplevel)"/guard.sh', ['"$(git rev-parse --show-toplevel)"/guard.sh']],
    ['$SPACED/guard.sh', ['$SPACED/guard.sh']],
    ['sh scripts/*.sh', ['scripts/*.sh']],
    ['cd scripts && ./guard.sh', ['./guard.sh']],
    ["cd scripts && sh -c './guard.sh'", ['./guard.sh']],
    ['sh -c "$CMD"', ['"$CMD"']],
    ['if then fi (', ['if then fi (']],
  ])('%s runs a file only known when it runs', async (command, unknown) => {
    expect((await read(command)).unknown).toEqual(unknown);
  });
});

describe('the command rewritten to run copies', () => {
  const copies = new Map([
    ['scripts/guard.sh', "/tmp/base/scripts/guard.sh"],
    ['setup.js', "/tmp/base/it's/setup.js"],
  ]);

  test.each([
    ['./scripts/guard.sh --strict < data.json', "'/tmp/base/scripts/guard.sh' --strict < data.json"],
    ['sh "scripts/guard.sh" src/app.js', "sh '/tmp/base/scripts/guard.sh' src/app.js"],
    ['node --require=./setup.js x.js', "node '--require=/tmp/base/it'\\''s/setup.js' x.js"],
    ["bash -c 'sh scripts/guard.sh && echo done'", `bash -c 'sh '\\''/tmp/base/scripts/guard.sh'\\'' && echo done'`],
    ['sh other.sh', 'sh other.sh'],
  ])('%s', async (command, rewritten) => {
    expect((await read(command)).rewrite(copies)).toBe(rewritten);
  });
});
