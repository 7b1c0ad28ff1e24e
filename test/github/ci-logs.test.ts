// A failed run's job logs made into what the model is given (issue 14): the
// failed steps' output found in a log shaped as GitHub's logs API returns it,
// the first message's failures within their budget, and the log's download,
// whose redirect to the blob store must never carry the token.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAILURES_CHARS,
  LINE_CHARS,
  LOG_MAX_BYTES,
  SECTION_LINES,
  downloadJobLog,
  failedSections,
  jobLogUrl,
  renderFailures,
  type Section,
} from '../../src/github/ci-logs.js';
import { GitHubError } from '../../src/github/api.js';
import { growth, LINEAR } from '../helpers/growth.js';

const ESC = '\x1b';

/** A log as the logs API returns it: a BOM, then every line stamped, LF (or CRLF) line ends. */
function stamped(lines: readonly string[], eol = '\n'): string {
  const start = Date.UTC(2026, 11, 1, 10, 0, 0);
  return `\uFEFF${lines.map((line, i) => `${new Date(start + i * 37).toISOString().replace(/\.(\d{3})Z$/, '.$14567Z')} ${line}`).join(eol)}${eol}`;
}

const SET_UP = [
  "Current runner version: '2.321.0'",
  '##[group]Operating System',
  'Ubuntu',
  '24.04.1',
  'LTS',
  '##[endgroup]',
  '##[group]Runner Image',
  'Image: ubuntu-24.04',
  'Version: 20241215.1.0',
  '##[endgroup]',
  '##[group]GITHUB_TOKEN Permissions',
  'Contents: read',
  'Metadata: read',
  '##[endgroup]',
  'Secret source: Actions',
  'Prepare workflow directory',
  'Prepare all required actions',
  'Getting action download info',
  "Download action repository 'actions/checkout@v4' (SHA:11bd71901bbe5b1630ceea73d27597364c9af683)",
  "Download action repository 'actions/setup-node@v4' (SHA:39370e3970a6d050c480ffad4ff0ed4d3fdee5af)",
  'Complete job name: test (20)',
];

const CHECKOUT = [
  '##[group]Run actions/checkout@v4',
  'with:',
  '  repository: octo/app',
  '  token: ***',
  '  ssh-strict: true',
  '##[endgroup]',
  'Syncing repository: octo/app',
  '##[group]Getting Git version info',
  "Working directory is '/home/runner/work/app/app'",
  '[command]/usr/bin/git version',
  'git version 2.47.1',
  '##[endgroup]',
  '[command]/usr/bin/git log -1 --format=%H',
  '3f1c2a9e0b7d4c5a6e8f9a0b1c2d3e4f5a6b7c8d',
];

const SETUP_NODE = [
  '##[group]Run actions/setup-node@v4',
  'with:',
  '  node-version: 20',
  '  cache: npm',
  '##[endgroup]',
  'Attempting to download 20...',
  'Acquiring 20.18.1 - x64 from https://github.com/actions/node-versions/releases/download/20.18.1-12345/node-20.18.1-linux-x64.tar.gz',
  'Extracting ...',
  'Adding to the cache ...',
  '##[group]Environment details',
  'node: v20.18.1',
  'npm: 10.8.2',
  '##[endgroup]',
];

const NPM_CI = [
  '##[group]Run npm ci',
  `${ESC}[36;1mnpm ci${ESC}[0m`,
  'shell: /usr/bin/bash -e {0}',
  '##[endgroup]',
  '',
  'added 312 packages, and audited 313 packages in 6s',
  `found ${ESC}[32m${ESC}[1m0${ESC}[22m${ESC}[39m vulnerabilities`,
];

const runHeader = (command: string) => [`##[group]Run ${command}`, `${ESC}[36;1m${command}${ESC}[0m`, 'shell: /usr/bin/bash -e {0}', '##[endgroup]'];

const VITEST_FAILS = [
  ...runHeader('npm test'),
  '',
  '> app@1.0.0 test',
  '> vitest run',
  '',
  `${ESC}[1m${ESC}[46m RUN ${ESC}[49m${ESC}[22m ${ESC}[36mv2.1.8 ${ESC}[39m${ESC}[90m/home/runner/work/app/app${ESC}[39m`,
  '',
  ` ${ESC}[31m❯${ESC}[39m test/sum.test.ts ${ESC}[2m(${ESC}[22m${ESC}[2m2 tests${ESC}[22m${ESC}[2m | ${ESC}[22m${ESC}[31m1 failed${ESC}[39m${ESC}[2m)${ESC}[22m`,
  `${ESC}[31m   ${ESC}[31m×${ESC}[31m sum > adds negatives${ESC}[39m`,
  '',
  `${ESC}[31m⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯${ESC}[39m`,
  '',
  `${ESC}[41m${ESC}[1m FAIL ${ESC}[22m${ESC}[49m test/sum.test.ts${ESC}[2m > ${ESC}[22msum${ESC}[2m > ${ESC}[22madds negatives`,
  `${ESC}[31m${ESC}[1mAssertionError${ESC}[22m: expected -3 to be -1 // Object.is equality${ESC}[39m`,
  ` ${ESC}[36m ${ESC}[2m❯${ESC}[22m test/sum.test.ts:${ESC}[2m9:22${ESC}[22m${ESC}[39m`,
  '',
  `${ESC}[2m Test Files ${ESC}[22m ${ESC}[1m${ESC}[31m1 failed${ESC}[39m${ESC}[22m${ESC}[90m (1)${ESC}[39m`,
  `${ESC}[2m      Tests ${ESC}[22m ${ESC}[1m${ESC}[31m1 failed${ESC}[39m${ESC}[22m${ESC}[2m | ${ESC}[22m${ESC}[1m${ESC}[32m1 passed${ESC}[39m${ESC}[22m${ESC}[90m (2)${ESC}[39m`,
  '##[error]Process completed with exit code 1.',
];

const JEST_FAILS = [
  ...runHeader('npx jest --ci'),
  `${ESC}[0m${ESC}[7m${ESC}[1m${ESC}[31m FAIL ${ESC}[39m${ESC}[22m${ESC}[27m${ESC}[0m ${ESC}[2msrc/${ESC}[22m${ESC}[1msum.test.js${ESC}[22m`,
  `  ${ESC}[1m● ${ESC}[22msum › adds negatives`,
  '',
  `    ${ESC}[2mexpect(${ESC}[22m${ESC}[31mreceived${ESC}[39m${ESC}[2m).${ESC}[22mtoBe${ESC}[2m(${ESC}[22m${ESC}[32mexpected${ESC}[39m${ESC}[2m) // Object.is equality${ESC}[22m`,
  '',
  `    Expected: ${ESC}[32m-1${ESC}[39m`,
  `    Received: ${ESC}[31m-3${ESC}[39m`,
  '',
  `${ESC}[1mTests:       ${ESC}[22m${ESC}[1m${ESC}[31m1 failed${ESC}[39m${ESC}[22m, ${ESC}[1m${ESC}[32m1 passed${ESC}[39m${ESC}[22m, 2 total`,
  '##[error]Process completed with exit code 1.',
];

const MOCHA_FAILS = [
  ...runHeader('npx mocha'),
  '',
  '  sum',
  `    ${ESC}[32m  ✔${ESC}[0m${ESC}[90m adds positives${ESC}[0m`,
  `${ESC}[31m    1) adds negatives${ESC}[0m`,
  '',
  `${ESC}[92m ${ESC}[0m${ESC}[32m 1 passing${ESC}[0m${ESC}[90m (4ms)${ESC}[0m`,
  `${ESC}[31m  1 failing${ESC}[0m`,
  '',
  '  1) sum',
  '       adds negatives:',
  '',
  `      ${ESC}[31mAssertionError [ERR_ASSERTION]: -3 == -1${ESC}[0m`,
  `      ${ESC}[90mat Context.<anonymous> (test/sum.test.js:9:12)${ESC}[0m`,
  '##[error]Process completed with exit code 1.',
];

/** A lint step that prints an error annotation and still passes: it must not be taken for a failure. */
const LINT_PASSES = [...runHeader('npm run lint'), '##[error]src/legacy.js:3:1: Unexpected var, use let or const instead', 'Lint finished with 1 problem (reported only).'];

const POST = [
  'Post job cleanup.',
  '[command]/usr/bin/git version',
  'git version 2.47.1',
  "[command]/usr/bin/git config --local --name-only --get-regexp core\\.sshCommand",
  'Cleaning up orphan processes',
];

const job = (...steps: string[][]) => stamped([...SET_UP, ...steps.flat(), ...POST]);

describe('failedSections', () => {
  const cases: Array<{
    name: string;
    log: string;
    failedSteps: string[];
    found: Section['found'];
    title?: string;
    first?: string;
    last: string;
    has: string[];
    hasNot?: string[];
  }> = [
    {
      name: 'an unnamed `run: npm test` step whose vitest run fails is its own log group, colours gone',
      log: job(CHECKOUT, SETUP_NODE, NPM_CI, VITEST_FAILS),
      failedSteps: ['Run npm test'],
      found: 'title',
      title: 'Run npm test',
      first: '##[group]Run npm test',
      last: '##[error]Process completed with exit code 1.',
      has: ['npm test', 'AssertionError: expected -3 to be -1 // Object.is equality', ' ❯ test/sum.test.ts (2 tests | 1 failed)', ' RUN  v2.1.8 /home/runner/work/app/app'],
      hasNot: ['added 312 packages, and audited 313 packages in 6s', 'Post job cleanup.'],
    },
    {
      name: 'a step with its own name (`name: Unit tests`) takes the group with the runner’s failure line, not a passing lint step’s annotation',
      log: job(CHECKOUT, NPM_CI, LINT_PASSES, JEST_FAILS),
      failedSteps: ['Unit tests'],
      found: 'error',
      title: 'Run npx jest --ci',
      last: '##[error]Process completed with exit code 1.',
      has: ['  ● sum › adds negatives', '    Expected: -1', '    Received: -3', ' FAIL  src/sum.test.js'],
      hasNot: ['Lint finished with 1 problem (reported only).'],
    },
    {
      name: 'a mocha failure in an unnamed step',
      log: job(CHECKOUT, NPM_CI, MOCHA_FAILS),
      failedSteps: ['Run npx mocha'],
      found: 'title',
      title: 'Run npx mocha',
      last: '##[error]Process completed with exit code 1.',
      has: ['      AssertionError [ERR_ASSERTION]: -3 == -1', '  1 failing'],
    },
    {
      name: 'a failing setup-node step is the group the runner opens with the action’s reference',
      log: job(CHECKOUT, [...SETUP_NODE.slice(0, 6), "##[error]Unable to find Node version '99' for platform linux and architecture x64."]),
      failedSteps: ['Run actions/setup-node@v4'],
      found: 'title',
      title: 'Run actions/setup-node@v4',
      first: '##[group]Run actions/setup-node@v4',
      last: "##[error]Unable to find Node version '99' for platform linux and architecture x64.",
      has: ['  node-version: 20'],
      hasNot: ['Syncing repository: octo/app'],
    },
    {
      name: 'a named action step (`name: Set up Node`) that fails with its own message, no runner failure line',
      log: job(CHECKOUT, [...SETUP_NODE.slice(0, 6), '##[error]Could not resolve version 99']),
      failedSteps: ['Set up Node'],
      found: 'error',
      title: 'Run actions/setup-node@v4',
      last: '##[error]Could not resolve version 99',
      has: ['Attempting to download 20...'],
    },
    {
      name: 'CRLF line ends are read as line ends',
      log: stamped([...SET_UP, ...CHECKOUT, ...VITEST_FAILS, ...POST], '\r\n'),
      failedSteps: ['Run npm test'],
      found: 'title',
      title: 'Run npm test',
      last: '##[error]Process completed with exit code 1.',
      has: ['> vitest run', 'AssertionError: expected -3 to be -1 // Object.is equality'],
    },
    {
      name: 'a log without groups falls back to its last lines',
      log: stamped(['Starting the container', 'make: *** [Makefile:12: test] Error 2', 'Error: the build failed']),
      failedSteps: ['Test'],
      found: 'end-of-log',
      first: 'Starting the container',
      last: 'Error: the build failed',
      has: ['make: *** [Makefile:12: test] Error 2'],
    },
    {
      name: 'a step name with characters special to a regular expression or to markdown',
      log: job(CHECKOUT, [...runHeader(`echo "$((1+2))" | grep -E '^[0-9]+$' && test -f "a (1).txt" # *not* \`here\``), 'grep: no match', '##[error]Process completed with exit code 1.']),
      failedSteps: [`Run echo "$((1+2))" | grep -E '^[0-9]+$' && test -f "a (1).txt" # *not* \`here\``],
      found: 'title',
      title: `Run echo "$((1+2))" | grep -E '^[0-9]+$' && test -f "a (1).txt" # *not* \`here\``,
      last: '##[error]Process completed with exit code 1.',
      has: ['grep: no match'],
    },
    {
      name: 'of two groups with one title, the one that failed',
      log: job(CHECKOUT, [...runHeader('npm test'), 'all 12 tests passed'], [...runHeader('npm test'), 'packages/b: 1 test failed', '##[error]Process completed with exit code 1.']),
      failedSteps: ['Run npm test'],
      found: 'title',
      title: 'Run npm test',
      last: '##[error]Process completed with exit code 1.',
      has: ['packages/b: 1 test failed'],
      hasNot: ['all 12 tests passed'],
    },
    {
      name: 'a composite action’s output runs on through its inner steps’ groups to the failure',
      log: job(CHECKOUT, ['##[group]Run ./.github/actions/setup', 'with:', '  node: 20', '##[endgroup]'], [...NPM_CI.slice(0, 4), 'npm error code ERESOLVE', '##[error]Process completed with exit code 1.']),
      failedSteps: ['Run ./.github/actions/setup'],
      found: 'title',
      title: 'Run ./.github/actions/setup',
      first: '##[group]Run ./.github/actions/setup',
      last: '##[error]Process completed with exit code 1.',
      has: ['npm error code ERESOLVE', '  node: 20'],
    },
    {
      name: 'a failed post step is found among the post steps’ output',
      log: stamped([...SET_UP, ...CHECKOUT, 'Post job cleanup.', '##[error]Failed to save cache: reserveCache failed', ...POST]),
      failedSteps: ['Post Run actions/cache@v4'],
      found: 'error',
      title: 'Post job cleanup.',
      last: '##[error]Failed to save cache: reserveCache failed',
      has: [],
    },
    {
      name: 'a step the log does not show falls back to the end of the steps, before the cleanup',
      log: job(CHECKOUT, [...runHeader('npm test'), 'killed']),
      failedSteps: ['Unit tests'],
      found: 'end-of-log',
      last: 'killed',
      has: ['##[group]Run npm test'],
      hasNot: ['Cleaning up orphan processes'],
    },
  ];

  it.each(cases)('$name', ({ log, failedSteps, found, title, first, last, has, hasNot = [] }) => {
    const sections = failedSections(log, failedSteps);
    expect(sections).toHaveLength(1);
    const section = sections[0]!;
    expect(section).toMatchObject({ steps: failedSteps, found, omitted: 0, earlierErrorCount: 0, earlierErrors: [] });
    expect(section.title).toBe(title);
    if (first !== undefined) expect(section.lines[0]).toBe(first);
    expect(section.lines[section.lines.length - 1]).toBe(last);
    expect(section.lines).toEqual(expect.arrayContaining(has));
    for (const line of hasNot) expect(section.lines).not.toContain(line);
    // Stripped everywhere: no timestamp, no escape, no carriage return, no BOM.
    for (const line of section.lines) {
      expect(line).not.toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(line).not.toMatch(/[\x1b\r\uFEFF]/);
    }
  });

  it('strips every terminal sequence, not only colours, and keeps what a progress bar wrote last', () => {
    const lines = [
      `${ESC}[2K${ESC}[1G${ESC}[?25lcursor moves and erases${ESC}[?25h`,
      `${ESC}]8;;https://example.com/docs${ESC}\\a hyperlink${ESC}]8;;${ESC}\\ in text`,
      `${ESC}]0;window title\x07after a title`,
      `${ESC}(Bcharset ${ESC}7saved${ESC}8 ${ESC}=keypad`,
      `${ESC}[38;2;255;0;0mtruecolor${ESC}[0m and ${ESC}[38;5;196m256-colour${ESC}[m`,
      `\x9b31m8-bit CSI\x9b0m`,
      `${ESC}Pq#0;2;0;0;0${ESC}\\after a DCS`,
      `Downloading  10%\rDownloading  55%\r${ESC}[KDownloading 100%\r`,
      `an OSC with no end ${ESC}]2;never closed`,
      `a CSI cut short ${ESC}[38;5`,
    ];
    const [section] = failedSections(stamped([...runHeader('./build.sh'), ...lines, '##[error]Process completed with exit code 2.']), ['Run ./build.sh']);
    expect(section!.lines.slice(4, -1)).toEqual([
      'cursor moves and erases',
      'a hyperlink in text',
      'after a title',
      'charset saved keypad',
      'truecolor and 256-colour',
      '8-bit CSI',
      'after a DCS',
      'Downloading 100%',
      'an OSC with no end ',
      'a CSI cut short ',
    ]);
  });

  it('a huge step keeps its last 200 lines, counts the ones before and keeps their ##[error] lines', () => {
    const output = Array.from({ length: 5_000 }, (_, i) => (i === 99 ? '##[error]src/a.ts(3,7): error TS2322: Type string is not assignable to type number.' : `  ✓ test ${i} passed`));
    const [section] = failedSections(job(CHECKOUT, [...runHeader('npm test'), ...output, '##[error]Process completed with exit code 1.']), ['Run npm test']);
    const total = 4 + 5_000 + 1;
    expect(section!.lines).toHaveLength(SECTION_LINES);
    expect(section!.omitted).toBe(total - SECTION_LINES);
    expect(section!.earlierErrorCount).toBe(1);
    expect(section!.earlierErrors).toEqual(['##[error]src/a.ts(3,7): error TS2322: Type string is not assignable to type number.']);
    expect(section!.lines[0]).toBe(`  ✓ test ${5_000 - SECTION_LINES + 1} passed`);
    expect(section!.lines.at(-1)).toBe('##[error]Process completed with exit code 1.');
  });

  it('keeps the first 20 of many earlier ##[error] lines and counts them all', () => {
    const output = Array.from({ length: 600 }, (_, i) => (i < 300 && i % 10 === 0 ? `##[error]problem ${i}` : `line ${i}`));
    const [section] = failedSections(job([...runHeader('npm run lint'), ...output, '##[error]Process completed with exit code 1.']), ['Run npm run lint']);
    expect(section!.earlierErrorCount).toBe(30);
    expect(section!.earlierErrors).toHaveLength(20);
    expect(section!.earlierErrors[0]).toBe('##[error]problem 0');
  });

  it('cuts a line longer than LINE_CHARS and says how much went', () => {
    const [section] = failedSections(stamped([...runHeader('node build.js'), 'x'.repeat(LINE_CHARS + 500)]), ['Run node build.js']);
    expect(section!.lines.at(-1)).toBe(`${'x'.repeat(LINE_CHARS)} [… 500 more characters of this line]`);
  });

  it('with no failed step named, gives the end of the steps', () => {
    const sections = failedSections(job(CHECKOUT, VITEST_FAILS), []);
    expect(sections).toHaveLength(1);
    expect(sections[0]).toMatchObject({ steps: [], found: 'end-of-log' });
    expect(sections[0]!.lines.at(-1)).toBe('##[error]Process completed with exit code 1.');
  });

  it('gives each failed step its section, and one end of the log for all not found', () => {
    const sections = failedSections(job(CHECKOUT, VITEST_FAILS, [...runHeader('npm run e2e'), 'timeout', '##[error]Process completed with exit code 3.']), ['Run npm test', 'E2E', 'Deploy', 'Smoke']);
    expect(sections.map((s) => [s.steps, s.found, s.title])).toEqual([
      [['Run npm test'], 'title', 'Run npm test'],
      [['E2E'], 'error', 'Run npm run e2e'],
      [['Deploy', 'Smoke'], 'end-of-log', undefined],
    ]);
  });

  it('"Set up job" is what comes before the first step', () => {
    const [section] = failedSections(stamped([...SET_UP, "##[error]Unable to resolve action `actions/chekout@v4`, repository not found"]), ['Set up job']);
    expect(section).toMatchObject({ found: 'title', title: 'Set up job' });
    expect(section!.lines[0]).toBe("Current runner version: '2.321.0'");
  });

  it('an empty log has no sections', () => {
    expect(failedSections('', ['Run npm test'])).toEqual([]);
  });
});

const section = (lines: string[], fields: Partial<Section> = {}): Section => ({
  steps: ['Run npm test'],
  found: 'title',
  title: 'Run npm test',
  omitted: 0,
  earlierErrorCount: 0,
  earlierErrors: [],
  lines,
  ...fields,
});

/** Every fence in `text` is closed, and each closes the one it opened. */
function fencesBalanced(text: string): boolean {
  let open: string | undefined;
  for (const line of text.split('\n')) {
    const fence = /^(`{3,})/.exec(line)?.[1];
    if (!fence) continue;
    if (open === undefined) open = fence;
    else if (line === open) open = undefined;
  }
  return open === undefined;
}

// Issue 27: a line of 8-bit control-string openers without a terminator was read to its end again from each opener.
describe('failedSections: four times the log, about four times the work', () => {
  const inputs: [string, (n: number) => string][] = [
    ['DCS openers (0x90) before a stray ESC', (n) => `${'\x90'.repeat(n)}\x1b`],
    ['OSC openers (0x9d) before a stray ESC', (n) => `${'\x9d'.repeat(n)}\x1b`],
    ['APC openers behind backslashes', (n) => `${'\\\x9f'.repeat(n / 2)}\x1b`],
    ['CSI openers with parameters', (n) => `${'\x9b0;'.repeat(n / 3)}\x1b`],
    ['7-bit OSC openers', (n) => `${'\x1b]'.repeat(n / 2)}x`],
  ];
  it.each(inputs)('%s', (_, make) => {
    const log = (n: number) => `##[group]Run npm test\n${make(n)}\n##[error]Process completed with exit code 1.\n`;
    expect(growth((text) => failedSections(text, ['Run npm test']), log, 5_000)).toBeLessThan(LINEAR);
  });

  it('the codes are still cut as before: a string up to its ST, colours, an escape; an opener with no terminator is text', () => {
    const [section] = failedSections(`##[group]Run npm test\nok \x90${'\x90'.repeat(100)}\x1bx\nred\x1b[31m!\x1b[0m\x9dtitle\x9cdone\n`, ['Run npm test']);
    // Openers with no terminator ahead stay (renderFailures takes invisible characters out); the ESC and what it escapes go.
    expect(section!.lines).toEqual(['##[group]Run npm test', `ok ${'\x90'.repeat(101)}`, 'red!done']);
  });
});

describe('renderFailures', () => {
  it('names each failed job, its full log file and its failed step, the lines in a fence', () => {
    const text = renderFailures([{ name: 'test (20)', logPath: '/home/runner/work/_temp/deckhand/ci-logs/test-20.log', sections: [section(['> vitest run', '##[error]Process completed with exit code 1.'])] }]);
    expect(text).toBe(
      [
        '## Failed job: test (20)',
        "The job's full log is the file `/home/runner/work/_temp/deckhand/ci-logs/test-20.log`: Read it (or Grep it) for anything not shown here.",
        '### Step `Run npm test`',
        '```',
        '> vitest run',
        '##[error]Process completed with exit code 1.',
        '```',
      ].join('\n'),
    );
  });

  it('fences are longer than any backtick run in the lines, and the lines are shown as typed, invisible characters removed', () => {
    const text = renderFailures([
      { name: 'docs', sections: [section(['````md', '<!-- a comment --> <img alt="x" src="y">', 'safe\u202Egnp.exe\u200B', '````'])] },
    ]);
    expect(text).toContain('`````\n````md\n<!-- a comment --> <img alt="x" src="y">\nsafegnp.exe\n````\n`````');
    expect(text).toContain('The full log of this job was not saved.');
  });

  it('says how a step was found, and the step and group names keep their backticks in a longer code span', () => {
    const text = renderFailures([
      {
        name: 'build <!-- hidden -->',
        sections: [
          section(['x'], { steps: ['Run echo `date`'], title: 'Run echo `date`' }),
          section(['y'], { steps: ['Unit tests'], found: 'error', title: 'Run npx jest' }),
          section(['z'], { steps: ['Deploy'], found: 'end-of-log', title: undefined }),
        ],
      },
    ]);
    expect(text).toContain('## Failed job: build\n');
    expect(text).toContain('### Step `` Run echo `date` ``\n');
    expect(text).toContain("### Step `Unit tests` — the log does not name it; this is the first log group with the runner's `##[error]` lines: `Run npx jest`");
    expect(text).toContain('### Step `Deploy`: not found in the log — the end of the log');
  });

  it('tells of the lines a section left out and shows their ##[error] lines', () => {
    const text = renderFailures([
      { name: 'lint', sections: [section(['last'], { omitted: 4_812, earlierErrorCount: 25, earlierErrors: ['##[error]a', '##[error]b'] })] },
    ]);
    expect(text).toContain('(4,812 earlier lines of this step are left out; the first 2 of the 25 `##[error]` lines among them:)\n```\n##[error]a\n##[error]b\n```\nIts last 1 line:\n```\nlast\n```');
  });

  it('says when the saved log is only its end', () => {
    expect(renderFailures([{ name: 'e2e', logPath: '/tmp/e2e.log', droppedBytes: 10_485_760, sections: [section(['x'])] }])).toContain(
      "That file is the log's end: its first 10,485,760 bytes were too many to keep.",
    );
  });

  it(`keeps everything within ${FAILURES_CHARS} characters: the biggest block is cut first, from its start, and a small step stays whole`, () => {
    const big = Array.from({ length: SECTION_LINES }, (_, i) => `${String(i).padStart(3, '0')} ${'long output '.repeat(40)}`);
    big[big.length - 1] = '##[error]Process completed with exit code 1.';
    const small = ['npm error code ERESOLVE', '##[error]Process completed with exit code 1.'];
    const text = renderFailures([
      { name: 'unit', logPath: '/tmp/unit.log', sections: [section(big)] },
      { name: 'install', logPath: '/tmp/install.log', sections: [section(small, { steps: ['Run npm ci'], title: 'Run npm ci' })] },
    ]);
    expect(text.length).toBeLessThanOrEqual(FAILURES_CHARS);
    expect(text.length).toBeGreaterThan(FAILURES_CHARS - 1_000);
    expect(fencesBalanced(text)).toBe(true);
    expect(text).toContain('```\nnpm error code ERESOLVE\n##[error]Process completed with exit code 1.\n```');
    expect(text).toMatch(/\(\d+ lines of this step's output, before the ones below, are left out here to keep the failures within 20,000 characters\.\)\n```\n\d{3} long/);
    expect(text).toContain('##[error]Process completed with exit code 1.\n```\n\n## Failed job: install');
    expect(text).not.toContain('000 long output');
    expect(text).toContain('/tmp/unit.log');
    expect(text).toContain('/tmp/install.log');
  });

  it('shares the room between big blocks alike', () => {
    const lines = (tag: string) => Array.from({ length: 200 }, (_, i) => `${tag} ${i} ${'.'.repeat(100)}`);
    const text = renderFailures([{ name: 'a', sections: [section(lines('A'))] }, { name: 'b', sections: [section(lines('B'))] }], 10_000);
    expect(text.length).toBeLessThanOrEqual(10_000);
    const shown = (tag: string) => text.split('\n').filter((line) => line.startsWith(`${tag} `)).length;
    expect(Math.abs(shown('A') - shown('B'))).toBeLessThanOrEqual(1);
    expect(text).toContain('A 199 ');
    expect(text).toContain('B 199 ');
  });

  it('leaves out and counts the last jobs when their headings alone would not fit', () => {
    const jobs = Array.from({ length: 300 }, (_, i) => ({ name: `matrix job ${i}`, logPath: `/tmp/logs/${i}.log`, sections: [section(['one line', '##[error]Process completed with exit code 1.'])] }));
    const text = renderFailures(jobs);
    expect(text.length).toBeLessThanOrEqual(FAILURES_CHARS);
    expect(text).toContain('## Failed job: matrix job 0\n');
    expect(text).toMatch(/\(\d+ more failed jobs are not shown here, to keep the failures within 20,000 characters\.\)$/);
    expect(fencesBalanced(text)).toBe(true);
  });
});

// ─── downloadJobLog against two real servers: the API and the blob store ──────

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
}

function serve(handle: (path: string, res: ServerResponse) => void): Promise<{ server: Server; origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    handle(req.url ?? '', res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen })));
}

/** A 60 MB log: 600,000 stamped lines of 103 bytes. */
const BIG_LINES = 600_000;
const bigLine = (i: number) => `2026-12-01T10:00:00.0000000Z line ${String(i).padStart(7, '0')} ${'x'.repeat(60)}\n`;
const BIG_BYTES = BIG_LINES * bigLine(0).length;

describe('downloadJobLog', () => {
  let api: Awaited<ReturnType<typeof serve>>;
  let blob: Awaited<ReturnType<typeof serve>>;
  const TOKEN = 'ghs_secrettoken123';
  const LOG = stamped([...SET_UP, ...VITEST_FAILS, ...POST]);

  beforeAll(async () => {
    blob = await serve((path, res) => {
      if (path.startsWith('/logs/1?')) return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(LOG);
      if (path.startsWith('/loop-a')) return res.writeHead(302, { location: '/loop-b?sig=s3cr3t' }).end();
      if (path.startsWith('/loop-b')) return res.writeHead(302, { location: '/loop-a?sig=s3cr3t' }).end();
      const hop = /^\/hop\/(\d+)/.exec(path);
      if (hop) return res.writeHead(302, { location: `/hop/${Number(hop[1]) + 1}?sig=s3cr3t` }).end();
      if (path.startsWith('/expired')) return res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AuthenticationFailed</Code></Error>');
      if (path.startsWith('/big')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        let i = 0;
        const pump = () => {
          while (i < BIG_LINES) {
            let chunk = '';
            for (let n = 0; n < 2_000 && i < BIG_LINES; n++) chunk += bigLine(i++);
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        return pump();
      }
      res.writeHead(404).end();
    });
    api = await serve((path, res) => {
      const to = (location: string) => res.writeHead(302, { location }).end();
      if (path === '/repos/octo/app/actions/jobs/1/logs') return to(`${blob.origin}/logs/1?sv=2021&sig=s3cr3t`);
      if (path === '/repos/octo/app/actions/jobs/2/logs') return to(`${blob.origin}/loop-a?sig=s3cr3t`);
      if (path === '/repos/octo/app/actions/jobs/3/logs') return to(`${blob.origin}/hop/0?sig=s3cr3t`);
      if (path === '/repos/octo/app/actions/jobs/4/logs') return to(`${blob.origin}/expired?sig=s3cr3t`);
      if (path === '/repos/octo/app/actions/jobs/5/logs') return to(`${blob.origin}/big?sig=s3cr3t`);
      if (path === '/repos/octo/app/actions/jobs/6/logs') return to('/api/v3/relative/6');
      if (path === '/api/v3/relative/6') return to(`${blob.origin}/logs/1?sig=s3cr3t`);
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }));
    });
  });

  afterAll(async () => {
    await Promise.all([api, blob].map(({ server }) => new Promise((resolve) => server.close(resolve))));
  });

  const url = (jobId: number) => jobLogUrl(`${api.origin}/`, 'octo', 'app', jobId);
  const lastSeen = (s: { seen: Seen[] }, prefix: string) => s.seen.filter((x) => x.path.startsWith(prefix)).at(-1);

  it('follows the redirect to the blob store with the token sent to the API alone', async () => {
    const log = await downloadJobLog({ url: url(1), token: TOKEN, job: 'test (20)' });
    expect(log).toEqual({ text: LOG.replace(/^\uFEFF/, ''), bytes: Buffer.byteLength(LOG), droppedBytes: 0 });
    expect(lastSeen(api, '/repos/octo/app/actions/jobs/1/logs')!.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, 'x-github-api-version': '2022-11-28' });
    const atBlob = lastSeen(blob, '/logs/1?')!;
    expect(atBlob.path).toBe('/logs/1?sv=2021&sig=s3cr3t');
    expect(atBlob.headers.authorization).toBeUndefined();
    expect(JSON.stringify(atBlob.headers)).not.toContain(TOKEN);
    expect(failedSections(log.text, ['Run npm test'])[0]!.lines.at(-1)).toBe('##[error]Process completed with exit code 1.');
  });

  it('a redirect within the API’s origin keeps the token; the next host does not get it', async () => {
    await downloadJobLog({ url: url(6), token: TOKEN, job: 'six' });
    expect(lastSeen(api, '/api/v3/relative/6')!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(lastSeen(blob, '/logs/1?sig')!.headers.authorization).toBeUndefined();
  });

  it('a 404 is a one-line GitHubError naming the job and the status', async () => {
    const error = await downloadJobLog({ url: url(404), token: TOKEN, job: 'test (20)' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(GitHubError);
    expect((error as GitHubError).status).toBe(404);
    expect((error as Error).message).toBe(`Could not download the log of job test (20): GET ${api.origin}/repos/octo/app/actions/jobs/404/logs answered 404 Not Found — Not Found`);
  });

  it('a redirect loop is an error, and the signed URL is not in its message', async () => {
    const error = (await downloadJobLog({ url: url(2), token: TOKEN, job: 'lint' }).catch((err: unknown) => err)) as GitHubError;
    expect(error).toBeInstanceOf(GitHubError);
    expect(error.message).toBe(`Could not download the log of job lint: the log store at ${new URL(blob.origin).host} answered 302 Found, a redirect loop`);
    expect(error.message).not.toContain('s3cr3t');
    expect(error.message).not.toContain('\n');
  });

  it('follows at most 3 redirects', async () => {
    const before = blob.seen.filter((x) => x.path.startsWith('/hop/')).length;
    const error = (await downloadJobLog({ url: url(3), token: TOKEN, job: 'deep' }).catch((err: unknown) => err)) as GitHubError;
    expect(error.message).toBe(`Could not download the log of job deep: the log store at ${new URL(blob.origin).host} answered 302 Found, more than 3 redirects`);
    // The API's redirect and two more hops are followed; the third hop's is refused.
    expect(blob.seen.filter((x) => x.path.startsWith('/hop/')).length - before).toBe(3);
  });

  it('a blob store’s refusal names its host and status, not its page', async () => {
    const error = (await downloadJobLog({ url: url(4), token: TOKEN, job: 'old' }).catch((err: unknown) => err)) as GitHubError;
    expect(error.status).toBe(403);
    expect(error.message).toBe(`Could not download the log of job old: the log store at ${new URL(blob.origin).host} answered 403 Forbidden`);
  });

  it('a server that is not there is an error naming the job', async () => {
    const error = (await downloadJobLog({ url: 'http://127.0.0.1:9/repos/o/r/actions/jobs/1/logs', token: TOKEN, job: 'gone' }).catch((err: unknown) => err)) as Error;
    expect(error.message).toMatch(/^Could not download the log of job gone: GET http:\/\/127\.0\.0\.1:9\/repos\/o\/r\/actions\/jobs\/1\/logs failed: fetch failed/);
  });

  it(`a 60 MB log is cut to its last ${LOG_MAX_BYTES / 1024 / 1024} MB, from a whole line, and says so`, async () => {
    const log = await downloadJobLog({ url: url(5), token: TOKEN, job: 'big' });
    expect(log.bytes).toBe(BIG_BYTES);
    expect(log.droppedBytes).toBeGreaterThan(BIG_BYTES - LOG_MAX_BYTES - 1);
    expect(log.droppedBytes).toBeLessThan(BIG_BYTES - LOG_MAX_BYTES + bigLine(0).length);
    const [note, firstLine] = log.text.split('\n', 2);
    expect(note).toBe(
      `[Deckhand: this log has ${BIG_BYTES.toLocaleString('en-US')} bytes; only its last ${(BIG_BYTES - log.droppedBytes).toLocaleString('en-US')} bytes were kept, the first ${log.droppedBytes.toLocaleString('en-US')} bytes are left out.]`,
    );
    expect(`${firstLine}\n`).toMatch(/^2026-12-01T10:00:00\.0000000Z line \d{7} x{60}\n$/);
    expect(log.text.endsWith(bigLine(BIG_LINES - 1))).toBe(true);
    expect(Buffer.byteLength(log.text) - note!.length - 1).toBe(BIG_BYTES - log.droppedBytes);
  });
});
