// Work that grows faster than its input blocks the run (issue 27, item 11),
// end to end on the bundle. A scan that backtracks holds the event loop, so
// timeout_minutes cannot fire and the tracking comment stays "working". Every
// run here has a time limit of its own (timeout_minutes, the process killed
// after 30 s, the test's own timeout): a hang fails it rather than the suite.
//
// Variants, in the model's answer (defanged, redacted and posted): an external
// image whose alt is 150,000 spaces, as HTML and as markdown; an alt of tabs,
// of spaces and line breaks, of no-break spaces; a link title of spaces;
// 50,000 nested brackets; runs of `*` and of `_`; a line of backticks; runs of
// `@` and of `@a/`; many images naming one long definition; in a commit
// message, closing keywords before 100,000 spaces and 50,000 tabs. In what the model reads:
// an issue body ending in a definition with 150,000 spaces. In the rules: a deny
// rule `Read(**/*-*-*-*-*-*-*.pem)` (from the workflow, and from the config)
// with a file of 200 dashes in the checkout, read by Read, Glob and Grep; the
// same glob in review.ignore on a pull request that changes such a file; and a
// rule picomatch read as regex syntax, refused in one line.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

const EVIL = 'https://evil.example/pixel.png';
const DASHES = '-'.repeat(200);
/** Killed after this long: a linear run takes a second or two. */
const KILL_AFTER_MS = 30_000;
const LIMITS = { timeout_minutes: '0.5' };

let s: Scenario;
afterEach(async () => s?.cleanup());

async function issueScenario(files: Record<string, string> = {}, body = 'Please explain the greeting.') {
  s = await scenario({ 'src/app.js': "export const greet = (name) => 'Hello, ' + name;\n", ...files }, { users: { alice: 'write' } });
  s.checkout();
  const issue = s.gh.addIssue({ title: 'A question', body: 'See the comment.', user: 'alice' });
  const comment = s.gh.addComment(issue.number, { body: `@deckhand ${body}`, user: 'alice' });
  return { issue, event: s.gh.payload.issueComment(comment) };
}

const run = (event: string, payload: unknown, inputs: Record<string, string> = {}) => s.run(event, payload, { ...LIMITS, ...inputs }, {}, { timeoutMs: KILL_AFTER_MS });

describe('a hostile answer is published within seconds, and the tracking comment is finished', () => {
  const spaces = ' '.repeat(150_000);
  const answers: Array<[string, string, (posted: string) => void]> = [
    // Longer than a comment may be: posted cut in the middle, as every body is (the job summary has it whole).
    // The cut falls inside the tag, so what is left of it is shown as text.
    ['an external <img> whose alt is 150,000 spaces', `Here: <img src="${EVIL}" alt="x${spaces}x">`, (posted) => {
      expect(posted).toContain(`Here: &lt;img src="${EVIL}" alt="x     `);
      expect(posted).not.toContain('<img');
    }],
    ['a markdown image whose alt is 150,000 spaces', `![x${spaces}x](${EVIL})`, (posted) => expect(posted).not.toContain('![')],
    ['an alt of tabs', `<img src="${EVIL}" alt="x${'\t'.repeat(150_000)}x">`, (posted) => expect(posted).not.toContain('<img')],
    ['an alt of spaces and line breaks', `<img src="${EVIL}" alt="x${' \n'.repeat(75_000)}x">`, (posted) => expect(posted).not.toContain('<img')],
    ['an alt of no-break spaces', `<img src="${EVIL}" alt="x${'\u00a0'.repeat(150_000)}x">`, (posted) => expect(posted).not.toContain('<img')],
    ['a link title of spaces', `![a](${EVIL} "${spaces}x")`, (posted) => expect(posted).toContain(`[a](${EVIL} "`)],
    ['50,000 nested brackets', `${'['.repeat(50_000)}x`, (posted) => expect(posted).toContain('[[[[x')],
    ['a run of emphasis marks', `${'*'.repeat(50_000)}x`, (posted) => expect(posted).toContain('****x')],
    ['a run of underscores', `${'_'.repeat(50_000)}x`, (posted) => expect(posted).toContain('____x')],
    ['a line of backticks', '`'.repeat(50_000), (posted) => expect(posted).toContain('````')],
    ['a run of @ before a team', `${'@'.repeat(50_000)}acme/team`, (posted) => expect(posted).toMatch(/@(`@acme\/team`|<code>@acme\/team<\/code>)/)],
    ['a run of team-mention starts', `${'@a/'.repeat(15_000)}x`, (posted) => expect(posted).toMatch(/`@a\/x`|<code>@a\/x<\/code>/)],
    // Relative, so GitHub's: the images stay; what matters is that each is not read anew.
    ['many images naming one long definition', `[a]: ${'![a]'.repeat(12_000)}\n`, (posted) => expect(posted).toContain('[a]: ![a]![a]')],
  ];

  it.each(answers)('%s', async (_, answer, check) => {
    const { issue, event } = await issueScenario();
    s.model.enqueue(reply(text(answer)));
    const started = performance.now();

    const result = await run('issue_comment', event);
    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    // Linear work is done in a second or two; the scans this replaced took tens of seconds on these answers (22 s for the 150,000 spaces).
    expect(performance.now() - started).toBeLessThan(10_000);
    const [tracking] = s.gh.createdComments;
    expect(tracking!.issue_url).toMatch(new RegExp(`/issues/${issue.number}$`));
    expect(tracking!.body).not.toContain('Deckhand is working');
    expect(tracking!.body).toContain('<!-- deckhand -->');
    check(tracking!.body);
  }, 45_000);

  it('a commit message with keywords before 100,000 spaces: committed, the one a reference follows in backticks', async () => {
    s = await scenario({ 'src/app.js': "export const greet = (name) => 'Helo, ' + name;\n" }, { users: { alice: 'write' } });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Typo', body: 'Helo should be Hello.', user: 'alice' });
    const file = join(s.workspace, 'src/app.js');
    s.model.enqueue(
      reply(toolUse('Read', { file_path: file })),
      reply(toolUse('Edit', { file_path: file, old_string: 'Helo', new_string: 'Hello' })),
      // A keyword before a long run of spaces and no reference: the lookahead that read the run again from each space failed there.
      reply(text(`Fix the greeting\n\nfix ${' '.repeat(100_000)}it, and closes${'\t'.repeat(50_000)}: #2`)),
    );

    const result = await run('issues', s.gh.payload.issues(issue, 'labeled', { label: 'deckhand' }));

    expect(result.code).toBe(0);
    const [commit] = s.gh.git.readCommits([s.gh.refSha(result.outputs.branch!)!]);
    expect(commit!.message).toContain('\n\nfix   ');
    expect(commit!.message).toContain('`closes`\t');
    expect(s.gh.createdComments[0]!.body).not.toContain('Deckhand is working');
  }, 45_000);

  it('an issue whose body ends in a definition with 150,000 spaces reaches the model, and the answer is posted', async () => {
    s = await scenario({ 'src/app.js': 'x\n' }, { users: { alice: 'write' } });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Odd body', body: `@deckhand what is this?\n\n[hidden]: ${' '.repeat(150_000)}`, user: 'alice' });
    s.model.enqueue((req) => {
      expect(JSON.stringify(req.body.messages[0])).toContain('@deckhand what is this?');
      return reply(text('It is whitespace.'));
    });

    const result = await run('issues', s.gh.payload.issues(issue, 'opened'), { mode: 'mention' });

    expect(result.code).toBe(0);
    expect(s.gh.createdComments[0]!.body).toContain('It is whitespace.');
  }, 45_000);
});

describe('a deny rule whose glob backtracked, against a name of 200 dashes', () => {
  const RULE = 'Read(**/*-*-*-*-*-*-*.pem)';
  const files = { [`notes/${DASHES}`]: 'dashes\n', [`keys/${DASHES}.pem`]: 'PRIVATE KEY\n', 'keys/a-b-c-d-e-f-g.pem': 'PRIVATE KEY\n' };

  it.each([
    ['from the workflow', { disallowed_tools: RULE }, {}],
    ['from the config file', {}, { '.github/deckhand.yml': `permissions:\n  deny: [${JSON.stringify(RULE)}]\n` }],
  ])('%s: Read, Glob and Grep over it answer at once, and the run ends normally', async (_, inputs, config) => {
    const { event } = await issueScenario({ ...files, ...config });
    s.model.enqueue(
      reply(
        toolUse('Read', { file_path: join(s.workspace, 'notes', DASHES) }),
        toolUse('Read', { file_path: join(s.workspace, 'keys', `${DASHES}.pem`) }),
        toolUse('Glob', { pattern: '**/*' }),
        toolUse('Grep', { pattern: 'KEY|dashes', output_mode: 'files_with_matches' }),
      ),
      (req) => {
        const [read, denied, glob, grep] = [...req.toolResults.values()];
        expect(read!.is_error).toBe(false);
        expect(read!.content).toContain('dashes');
        expect(denied!.is_error).toBe(true);
        expect(denied!.content).toContain(`denied by the rule ${RULE}`);
        expect(glob!.content).toContain(DASHES);
        expect(glob!.content).not.toContain('.pem');
        expect(grep!.content).toContain(`notes/${DASHES}`);
        expect(grep!.content).not.toContain('.pem');
        return reply(text('Read what I may.'));
      },
    );
    const started = performance.now();

    const result = await run('issue_comment', event, inputs);

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(s.gh.createdComments[0]!.body).toContain('Read what I may.');
  }, 45_000);

  it('the same glob in review.ignore, on a pull request that changes such a file: the review is posted without it', async () => {
    s = await scenario({ 'src/app.js': 'x\n', '.github/deckhand.yml': 'review:\n  ignore: ["*-*-*-*-*-*-*.pem"]\n' }, { users: { alice: 'write' } });
    s.gh.commitFiles('feature', { 'src/app.js': 'y\n', [`keys/${DASHES}`]: 'a\n', 'keys/a-b-c-d-e-f-g.pem': 'k\n' }, 'Change');
    const pull = s.gh.addPull({ title: 'Change', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    s.model.enqueue((req) => {
      const first = req.body.messages[0].content[0].text as string;
      expect(first).toContain(`keys/${DASHES}`);
      expect(first).not.toContain('a-b-c-d-e-f-g.pem');
      return reply(text('Reviewed.'));
    });

    const result = await run('pull_request', s.gh.payload.pullRequest(pull, 'opened'));

    expect(result.code).toBe(0);
    expect(s.gh.createdReviews.at(-1)!.body).toContain('Reviewed.');
  }, 45_000);

  it('a rule picomatch read as regex syntax fails the run with one line saying what to write, before the model is asked', async () => {
    const { event } = await issueScenario(files);

    const result = await run('issue_comment', event, { disallowed_tools: 'Read(keys/+(a|b).pem)' });

    expect(result.code).toBe(1);
    expect(result.outputs.conclusion).toBe('failure');
    expect(result.stdout).toMatch(/Invalid permission rule "Read\(keys\/\+\(a\|b\)\.pem\)": parentheses .* write "\{a,b\}"/);
    expect(s.model.requests).toHaveLength(0);
  }, 45_000);
});
