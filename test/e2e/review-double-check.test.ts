// Every review finding gets a second look before it is posted (issue 30): a
// checker — a fork of the review agent that may only read — answers per
// finding confirmed or refuted with evidence; refuted findings are not posted
// and are counted, code a finding quotes that is not in the file refutes it
// without a model call, and a checker that cannot judge leaves the findings
// posted and says so. End to end on the bundle, against both emulators.
import { afterEach, describe, expect, it } from 'vitest';
import { promptBlocks, reply, text, toolUse, type RecordedRequest } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { checkedFindings, forkInstructions, isChecker, verdictsText } from '../helpers/subagents.js';

const APP = [
  'export function average(values) {',
  '  let total = 0;',
  '  for (const value of values) total += value;',
  '  return total / values.length;',
  '}',
  '',
  'export function greet(name) {',
  "  return 'Helo, ' + name;",
  '}',
  '',
  'export const LIMIT = 1;',
  '',
].join('\n');
const CHANGED = APP.replace('Helo', 'Hi').replace('LIMIT = 1', 'LIMIT = 10').replace('total += value', 'total += Number(value)');

let s: Scenario;
afterEach(async () => s?.cleanup());

/** A description long enough that the review's first request passes the minimum cacheable length, as real pull requests with context do. */
const LONG_BODY = `Tidies the helpers.\n\n${'Each helper keeps its behaviour; only the greeting and the limit change, and values are read as numbers.\n'.repeat(90)}`;

async function pullScenario(config = '', body = '') {
  s = await scenario({ 'src/app.js': APP, 'src/util.js': 'export const guard = (values) => values.length > 0;\n', ...(config ? { '.github/deckhand.yml': config } : {}) });
  s.gh.commitFiles('feature', { 'src/app.js': CHANGED }, 'Tidy');
  const pull = s.gh.addPull({ title: 'Tidy the helpers', body, user: 'alice', head: 'feature' });
  s.checkout('feature');
  return pull;
}

const finding = (line: number, body: string, more: Record<string, unknown> = {}) => toolUse('AddReviewComment', { path: 'src/app.js', line, body, ...more });
const inline = () => s.gh.reviewComments.filter((c) => c.user?.login === s.gh.tokenUser.login && c.in_reply_to_id === undefined).map((c) => c.body.split('\n')[0]);
const checkers = () => s.model.requests.filter((r) => isChecker(r.body));
/** The checker's one answer: these verdicts. */
const checkerAnswers = (...verdicts: Parameters<typeof verdictsText>[0]) => s.model.route(isChecker, reply(text(verdictsText(verdicts))));
const run = (pull: ReturnType<Scenario['gh']['addPull']>, action = 'opened') => s.run('pull_request', s.gh.payload.pullRequest(pull, action));

describe('the second look', () => {
  it('posts a confirmed finding, drops a refuted one and counts it, and the job summary gives the evidence', async () => {
    const pull = await pullScenario('', LONG_BODY);
    s.model.enqueue(
      reply(finding(4, 'Divides by zero for an empty list.', { severity: 'blocking' }), finding(8, 'The greeting drops the comma.')),
      reply(text('Two points.')),
    );
    checkerAnswers(
      { finding: 1, verdict: 'confirmed', evidence: 'src/app.js:4 divides by values.length, which is 0 for [].' },
      { finding: 2, verdict: 'refuted', evidence: "src/app.js:8 returns 'Hi, ' + name: the comma is there." },
    );

    const result = await run(pull);

    expect(result.code).toBe(0);
    expect(inline()).toEqual(['**[blocking]** Divides by zero for an empty list.']);
    const body = s.gh.createdReviews[0]!.body!;
    expect(body.split('\n')[0]).toBe('**Findings:** 1 blocking, 0 important, 0 nit');
    expect(body).toContain('1 finding dropped after a second look');
    expect(body).not.toContain('drops the comma');
    expect(result.summary).toContain('### Double-check');
    expect(result.summary).toContain("src/app.js:8 — **important** The greeting drops the comma.\n  - Dropped: src/app.js:8 returns 'Hi, ' + name: the comma is there.");
    // The footer and the job summary split the checker's cost from the review's.
    expect(body).toMatch(/\(main \$[\d.]+, double-check \$[\d.]+\)/);
    expect(result.summary).toMatch(/\n\| double-check \| 1 \| 1 \|/);
  });

  it("the checker is a fork of the review at its first message: the same prefix byte for byte, read from the review's cache, and nothing of its reasoning", async () => {
    const pull = await pullScenario('', LONG_BODY);
    s.model.enqueue(reply(text('Reading the change first.'), toolUse('Read', { file_path: `${s.workspace}/src/app.js` })), reply(finding(4, 'Divides by zero for an empty list.')), reply(text('One point.')));

    expect((await run(pull)).code).toBe(0);

    const main = s.model.requests.filter((r) => !isChecker(r.body));
    const [checker, ...more] = checkers();
    expect(more).toHaveLength(0);
    expect(JSON.stringify(checker!.body.tools)).toBe(JSON.stringify(main[0]!.body.tools));
    expect(JSON.stringify(checker!.body.system)).toBe(JSON.stringify(main[0]!.body.system));
    const bare = ({ cache_control: _marker, ...rest }: any) => rest;
    expect(JSON.stringify(bare(checker!.body.messages[0].content[0]))).toBe(JSON.stringify(bare(main[0]!.body.messages[0].content[0])));
    expect(checker!.body.messages).toHaveLength(1);
    expect(JSON.stringify(checker!.body)).not.toContain('Reading the change first.');
    expect(checkedFindings(checker!.body)).toEqual([{ number: 1, path: 'src/app.js', line: 4 }]);
    // The code around the finding comes with it, numbered as Read numbers it: most findings need no call to see it.
    expect(forkInstructions(checker!.body)).toContain('src/app.js at the head, lines 1–9:\n     1→export function average(values) {');
    expect(forkInstructions(checker!.body)).toContain('     4→  return total / values.length;');
    const blocks = promptBlocks(main[0]!.body);
    const forkPoint = blocks.slice(0, blocks.findIndex((b) => b.path === 'messages.0.content.0') + 1).reduce((sum, b) => sum + b.tokens, 0);
    expect(checker!.usage!.cache_read_input_tokens).toBe(forkPoint);
  });

  it('refutes a finding whose quoted current code is not in the file without a model call, and checks one whose quote matches but for its spacing', async () => {
    const pull = await pullScenario();
    s.model.enqueue(
      reply(
        finding(8, 'Concatenation; use a template.', { current_code: "return 'Hello, ' + name;" }),
        finding(4, 'Divides by zero for an empty list.', { current_code: 'return   total /\n values.length;' }),
      ),
      reply(text('Two points.')),
    );

    const result = await run(pull);

    expect(result.code).toBe(0);
    expect(checkers().flatMap((r) => checkedFindings(r.body).map((f) => f.line))).toEqual([4]);
    expect(inline()).toEqual(['**[important]** Divides by zero for an empty list.']);
    expect(s.gh.createdReviews[0]!.body).toContain('1 finding dropped after a second look');
    expect(result.summary).toContain('Dropped: The code it quotes is not in src/app.js at the head.');
  });

  it.each([
    ['the checker fails', () => s.model.route(isChecker, { error: { status: 400, type: 'invalid_request_error', message: 'checker broke' } }), 'the checker stopped'],
    ['the checker gives no verdict', () => s.model.route(isChecker, reply(text('Both look right to me.'))), 'the checker gave no verdict for it'],
    [
      'the evidence cites no line there is',
      () => s.model.route(isChecker, reply(text(verdictsText([1, 2].map((finding) => ({ finding, verdict: 'refuted' as const, evidence: 'src/app.js:400 says otherwise.' })))))),
      "the checker's evidence cited no line of a file it read",
    ],
    [
      'the evidence cites a file outside the checkout, even one its tools named',
      () =>
        s.model.route(
          isChecker,
          reply(toolUse('Read', { file_path: '/etc/hostname' })),
          reply(text(verdictsText([1, 2].map((finding) => ({ finding, verdict: 'refuted' as const, evidence: finding === 1 ? '/etc/hostname:1 says so.' : 'src/../../../../etc/hostname:1 says so.' }))))),
        ),
      "the checker's evidence cited no line of a file it read",
    ],
    [
      'the evidence cites a file the checker never read',
      () => s.model.route(isChecker, reply(text(verdictsText([1, 2].map((finding) => ({ finding, verdict: 'refuted' as const, evidence: 'src/util.js:1 handles it.' })))))),
      "the checker's evidence cited no line of a file it read",
    ],
  ])('when %s, the findings are posted as they are and the review says they were not double-checked', async (_, route, why) => {
    const pull = await pullScenario();
    s.model.enqueue(reply(finding(4, 'Divides by zero.'), finding(8, 'Concatenation.')), reply(text('Two points.')));
    route();

    const result = await run(pull);

    expect(result.code).toBe(0);
    expect(inline()).toEqual(['**[important]** Divides by zero.', '**[important]** Concatenation.']);
    const body = s.gh.createdReviews[0]!.body!;
    expect(body).toContain(`> ⚠️ 2 findings not double-checked, posted as they were: ${why}`);
    expect(result.summary).toContain('2 findings not double-checked, posted as they were');
    expect(s.gh.createdCheckRuns[0]!.output.summary).toContain('2 findings not double-checked');
  });

  it('a verdict citing a file the checker read, beyond the pull request, counts', async () => {
    const pull = await pullScenario();
    s.model.enqueue(reply(finding(4, 'Divides by zero for an empty list.')), reply(text('One point.')));
    s.model.route(
      isChecker,
      reply(toolUse('Grep', { pattern: 'values.length > 0', output_mode: 'content', '-n': true })),
      reply(text(verdictsText([{ finding: 1, verdict: 'refuted', evidence: 'src/util.js:1 guards against an empty list before average is called.' }]))),
    );

    const result = await run(pull);

    expect(result.code).toBe(0);
    expect(inline()).toEqual([]);
    expect(result.summary).toContain('Dropped: src/util.js:1 guards against an empty list');
  });

  it('a review stopped by max_turns posts its findings unchecked and says why; a quote not in the file is still refuted', async () => {
    const pull = await pullScenario();
    s.model.enqueue(
      reply(text('Two points so far.'), finding(4, 'Divides by zero.'), finding(8, 'Concatenation.', { current_code: 'return "Hello, " + name;' }), toolUse('Read', { file_path: `${s.workspace}/src/app.js` })),
    );

    const result = await s.run('pull_request', s.gh.payload.pullRequest(pull, 'opened'), { max_turns: '1' });

    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(checkers()).toHaveLength(0);
    expect(inline()).toEqual(['**[important]** Divides by zero.']);
    expect(s.gh.createdReviews[0]!.body).toContain('> ⚠️ 1 finding not double-checked, posted as it was: the review stopped before its second look (');
  });

  it('review.check_model runs the checkers on that model', async () => {
    const pull = await pullScenario('review:\n  check_model: claude-haiku-4-5\n');
    s.model.enqueue(reply(finding(4, 'Divides by zero.')), reply(text('One point.')));

    expect((await run(pull)).code).toBe(0);

    expect(checkers().map((r) => r.body.model)).toEqual(['claude-haiku-4-5']);
    expect(s.model.requests.filter((r) => !isChecker(r.body)).every((r) => r.body.model !== 'claude-haiku-4-5')).toBe(true);
    expect(inline()).toEqual(['**[important]** Divides by zero.']);
  });

  it('a finding on a removed file is judged by a line of the old version the diff shows, not by a line it never had', async () => {
    s = await scenario({ 'src/app.js': APP, 'src/legacy.js': 'export const rate = 0.2;\nexport const cap = 5;\n' });
    s.gh.commitFiles('feature', { 'src/app.js': CHANGED, 'src/legacy.js': null }, 'Tidy, and drop the legacy rates');
    const pull = s.gh.addPull({ title: 'Tidy the helpers', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.model.enqueue(reply(finding(2, 'Callers still import cap.', { path: 'src/legacy.js', side: 'LEFT' }), finding(1, 'rate is still used.', { path: 'src/legacy.js', side: 'LEFT' })), reply(text('Two points.')));
    checkerAnswers(
      { finding: 1, verdict: 'refuted', evidence: 'src/legacy.js:2 was its last line, and Grep finds no import of cap.' },
      { finding: 2, verdict: 'refuted', evidence: 'src/legacy.js:7 shows nothing of rate.' },
    );

    const result = await run(pull);

    expect(result.code).toBe(0);
    expect(inline()).toEqual(['**[important]** rate is still used.']);
    expect(result.summary).toContain('Dropped: src/legacy.js:2 was its last line');
    expect(s.gh.createdReviews[0]!.body).toContain("1 finding not double-checked, posted as it was: the checker's evidence cited no line of a file it read");
  });

  it('the code shown around a finding has the run\'s secrets redacted and hidden characters shown, as a Read of it would', async () => {
    s = await scenario({ 'src/app.js': APP });
    const leaked = `${CHANGED}export const KEY = '${s.gh.token}'; // \u202Egnp.sgol\n`;
    s.gh.commitFiles('feature', { 'src/app.js': leaked }, 'Tidy');
    const pull = s.gh.addPull({ title: 'Tidy the helpers', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.model.enqueue(reply(finding(12, 'A key in the source.', { severity: 'blocking' })), reply(text('One point.')));

    expect((await run(pull)).code).toBe(0);

    const shown = forkInstructions(checkers()[0]!.body);
    expect(shown).toContain('    12→export const KEY =');
    expect(shown).not.toContain(s.gh.token);
    expect(shown).toContain('<U+202E>');
  });

  it('checks in batches of at most 8 findings, at most 4 checkers at once', async () => {
    const pull = await pullScenario('review:\n  max_comments: 40\n');
    const lines = [1, 2, 3, 4, 5, 7, 8, 9, 11];
    const findings = Array.from({ length: 33 }, (_, i) => finding(lines[i % lines.length]!, `Point ${i + 1}.`));
    s.model.enqueue(reply(...findings), reply(text('Many points.')));
    // Each checker takes a while; all of them confirm what they were given.
    const confirm = (request: RecordedRequest) => ({
      ...reply(text(verdictsText(checkedFindings(request.body).map((f) => ({ finding: f.number, verdict: 'confirmed' as const, evidence: `${f.path}:${f.line} is so.` }))))),
      delayMs: 1_000,
    });
    s.model.route(isChecker, confirm, confirm, confirm, confirm, confirm);

    const result = await run(pull);

    expect(result.code).toBe(0);
    const asked = checkers();
    expect(asked.map((r) => checkedFindings(r.body).length).sort((a, b) => b - a)).toEqual([8, 8, 8, 8, 1]);
    const starts = asked.map((r) => r.receivedAt).sort((a, b) => a - b);
    // The first four ran together; the fifth waited until one of them had answered.
    expect(starts[3]! - starts[0]!).toBeLessThan(1_000);
    expect(starts[4]! - starts[0]!).toBeGreaterThanOrEqual(1_000);
    expect(inline()).toHaveLength(33);
  });

  it('review.double_check: off posts what the review agent wrote, unchecked, and says nothing of a second look', async () => {
    const pull = await pullScenario('review:\n  double_check: off\n');
    s.model.enqueue(reply(finding(4, 'Divides by zero.')), reply(text('One point.')));

    const result = await run(pull);

    expect(result.code).toBe(0);
    expect(checkers()).toHaveLength(0);
    expect(inline()).toEqual(['**[important]** Divides by zero.']);
    expect(s.gh.createdReviews[0]!.body).not.toContain('second look');
    expect(result.summary).not.toContain('Double-check');
  });

  it('review.double_check_min: blocking checks only the blocking findings', async () => {
    const pull = await pullScenario('review:\n  double_check_min: blocking\n');
    s.model.enqueue(reply(finding(4, 'Divides by zero.', { severity: 'blocking' }), finding(8, 'Concatenation.'), finding(11, 'Name it.', { severity: 'nit' })), reply(text('Three points.')));

    expect((await run(pull)).code).toBe(0);

    expect(checkers().flatMap((r) => checkedFindings(r.body).map((f) => f.line))).toEqual([4]);
    expect(inline()).toHaveLength(3);
  });

  it('the checker may only read: a comment it tries to add is refused at call time and nothing of it is posted; its reads obey the Read deny rules', async () => {
    const pull = await pullScenario('permissions:\n  deny:\n    - Read(src/secret.txt)\n');
    s.gh.commitFiles('feature', { 'src/secret.txt': 'token=hunter2\n' }, 'Add a file');
    s.checkout('feature');
    s.model.enqueue(reply(finding(4, 'Divides by zero.')), reply(text('One point.')));
    s.model.route(
      isChecker,
      reply(toolUse('AddReviewComment', { path: 'src/app.js', line: 8, body: 'Another one.' }), toolUse('Read', { file_path: `${s.workspace}/src/secret.txt` })),
      (request) => {
        const [comment, read] = [...request.toolResults.values()];
        expect(comment!.is_error).toBe(true);
        expect(comment!.content).toContain('only Read, Glob, Grep and PullRequestDiff are allowed in the checker');
        expect(read!.is_error).toBe(true);
        expect(read!.content).not.toContain('hunter2');
        return reply(text(verdictsText([{ finding: 1, verdict: 'confirmed', evidence: 'src/app.js:4 divides by the length.' }])));
      },
    );

    const result = await run(pull);

    expect(result.code).toBe(0);
    expect(inline()).toEqual(['**[important]** Divides by zero.']);
    expect(forkInstructions(checkers()[0]!.body)).toContain('read more with Read, Glob, Grep and PullRequestDiff, other tools are refused');
  });
});

describe('the check run and re-reviews', () => {
  it('the check run lists each posted finding linked to its thread, and how many the second look dropped', async () => {
    const pull = await pullScenario();
    s.model.enqueue(reply(finding(4, 'Divides by zero for an empty list.\n\nMore detail.', { severity: 'blocking' }), finding(8, 'The comma is missing.')), reply(text('Two points.')));
    checkerAnswers({ finding: 1, verdict: 'confirmed', evidence: 'src/app.js:4 divides by values.length.' }, { finding: 2, verdict: 'refuted', evidence: 'src/app.js:8 has the comma.' });

    expect((await run(pull)).code).toBe(0);

    const [posted] = s.gh.reviewComments.filter((c) => c.user?.login === s.gh.tokenUser.login);
    const summary = s.gh.createdCheckRuns[0]!.output.summary;
    expect(summary).toContain(`- **blocking** [src/app.js:4](${posted!.html_url}) — Divides by zero for an empty list.`);
    expect(summary).not.toContain('More detail.');
    expect(summary).toContain('1 finding dropped after a second look.');
  });

  it('a re-review lists the earlier findings still standing, and does not check again one the model repeats on lines that did not change', async () => {
    const pull = await pullScenario();
    s.model.enqueue(reply(finding(4, 'Divides by zero.', { severity: 'blocking' }), finding(11, 'Why 10?')), reply(text('Two points.')));
    expect((await run(pull)).code).toBe(0);
    const [earlier] = s.gh.reviewComments.filter((c) => c.user?.login === s.gh.tokenUser.login);
    expect(checkers()).toHaveLength(1);

    // A push that changes line 11; the model makes both earlier findings again.
    s.gh.commitFiles('feature', { 'src/app.js': CHANGED.replace('LIMIT = 10', 'LIMIT = 20') }, 'Raise the limit');
    s.checkout('feature');
    const head = s.gh.pulls[0]!;
    s.model.enqueue(reply(finding(4, 'Divides by zero.', { severity: 'blocking' }), finding(11, 'Why 20?')), reply(text('Still two points.')));

    expect((await run(head, 'synchronize')).code).toBe(0);

    // The one on the unchanged line is not checked again; the one whose line changed is.
    const second = checkers().slice(1);
    expect(second.flatMap((r) => checkedFindings(r.body).map((f) => f.line))).toEqual([11]);
    const summary = s.gh.createdCheckRuns.at(-1)!.output.summary;
    expect(summary).toContain('### Still standing from earlier reviews');
    expect(summary).toContain(`- **blocking** [src/app.js:4](${earlier!.html_url}) — Divides by zero.`);
  });
});
