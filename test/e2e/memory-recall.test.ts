// Memories recalled at the start of a run, end to end on the bundle: read from
// the memory branch with the skills (no request of their own); five or fewer
// all given with no model call; more, and one side request to the recall
// model picks at most five from the manifest (never their text); each given
// memory in the first message with its author, source and age, and the seed's
// freshness warning past a day; a malformed file skipped and named; the
// config's memory.branch and `memory: off` obeyed; the summary lists them.
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse, type RecordedRequest } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';
import { daysAgo, firstText, isRecall, memoryFiles, memoryText, type MemorySpec } from '../helpers/memory.js';

let s: Scenario;
afterEach(async () => s?.cleanup());

const BRANCH = 'deckhand/memory';

/** An issue mention in a repository whose memory branch (`branch`) holds these memories. */
async function mentionWithMemories(specs: readonly MemorySpec[], opts: { branch?: string; config?: string; extra?: Record<string, string> } = {}) {
  s = await scenario({ 'src/app.js': 'export const x = 1;\n', ...(opts.config ? { '.github/deckhand.yml': opts.config } : {}) });
  s.gh.commitFiles(opts.branch ?? BRANCH, { 'MEMORY.md': '# Memory\n', ...memoryFiles(specs), ...opts.extra }, 'Memories', { orphan: true });
  s.checkout();
  const issue = s.gh.addIssue({ title: 'Logging', body: 'How should the new module log?', user: 'alice' });
  return s.gh.addComment(issue.number, { body: '@deckhand how should src/app.js log errors?', user: 'alice' });
}

const LOGGING: MemorySpec = {
  name: 'log-with-pino',
  description: 'Log with pino, never console.log',
  author: 'bob',
  source: 'https://github.test/octo/widgets/pull/7#discussion_r70',
  updated: daysAgo(47),
  body: 'Use the pino logger from src/log.js; console.log is stripped in production.\n\n**Why:** production builds drop console output.\n**How to apply:** any new logging.',
};

describe('recall', () => {
  it('gives every memory when there are five or fewer, with who taught it, where and how long ago — and asks no model to choose', async () => {
    const fresh: MemorySpec = { name: 'squash-merge', description: 'PRs are squash-merged', type: 'project', updated: daysAgo(0) };
    const comment = await mentionWithMemories([LOGGING, fresh]);
    s.model.enqueue((req) => {
      const first = firstText(req);
      expect(first).toContain('## Memories\nWhat people with write permission taught you (branch deckhand/memory)');
      expect(first).toContain('### log-with-pino (feedback) — @bob, 47 days ago, https://github.test/octo/widgets/pull/7#discussion_r70');
      expect(first).toContain('Use the pino logger from src/log.js');
      expect(first).toContain('This memory is 47 days old. Memories are point-in-time observations, not live state');
      expect(first).toContain('### squash-merge (project) — @alice, today');
      // A memory of today carries no warning: only the 47-day-old one does.
      expect(first.match(/This memory is \d+ days old/g)).toHaveLength(1);
      return reply(text('Use pino.'));
    });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(0);
    expect(s.model.requests.filter((r) => isRecall(r.body))).toHaveLength(0);
    expect(run.summary).toContain('log-with-pino');
  });

  it('with 40 memories, one side request to the recall model picks at most five from the manifest, and only those are given', async () => {
    const many = Array.from({ length: 40 }, (_, i): MemorySpec => ({ name: `rule-${i}`, description: `Rule number ${i}`, type: 'user', body: `SECRET-BODY-${i}` }));
    const comment = await mentionWithMemories([...many, LOGGING]);
    let recallRequest: RecordedRequest | undefined;
    s.model.route(isRecall, (req) => {
      recallRequest = req;
      return reply(toolUse('choose_memories', { names: ['log-with-pino', 'rule-3'] }));
    });
    s.model.enqueue((req) => {
      const first = firstText(req);
      expect(first).toContain('### log-with-pino (feedback)');
      expect(first).toContain('SECRET-BODY-3');
      expect(first).not.toMatch(/SECRET-BODY-(?!3\b)\d+/);
      return reply(text('Use pino.'));
    });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(0);
    expect(recallRequest).toBeDefined();
    const body = recallRequest!.body;
    expect(body.model).toBe('claude-haiku-5-5');
    expect(body.tools[0].input_schema.properties.names.maxItems).toBe(5);
    const asked = body.messages[0].content as string;
    expect(asked).toContain('@deckhand how should src/app.js log errors?');
    expect(asked).toContain('- log-with-pino (feedback, 47 days ago): Log with pino, never console.log');
    expect(asked).toContain('- rule-39 (user, today): Rule number 39');
    // The manifest, never the memories' text.
    expect(asked).not.toContain('SECRET-BODY');
    // Its cost is the run's.
    expect(run.summary).toContain('memory recall');
  });

  it('a pick of none gives none; a malformed file is skipped and named', async () => {
    const many = Array.from({ length: 8 }, (_, i): MemorySpec => ({ name: `rule-${i}`, description: `Rule ${i}`, type: 'user' }));
    const comment = await mentionWithMemories(many, { extra: { 'broken.md': 'no frontmatter here\n', 'no-why.md': memoryText({ name: 'no-why', description: 'x', body: 'Just do it.' }) } });
    s.model.route(isRecall, reply(toolUse('choose_memories', { names: [] })));
    s.model.enqueue((req) => {
      expect(firstText(req)).not.toContain('<<<MEMORIES-');
      return reply(text('Fine.'));
    });

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('::warning::Skipped the memory file broken.md: it has no frontmatter');
    expect(run.stdout).toContain('::warning::Skipped the memory file no-why.md: a feedback memory needs a "**Why:**" line and a "**How to apply:**" line.');
  });

  it("reads the branch the config names, and `memory: off` reads none", async () => {
    const comment = await mentionWithMemories([LOGGING], { branch: 'team/notes', config: 'memory:\n  branch: team/notes\n' });
    s.model.enqueue((req) => {
      expect(firstText(req)).toContain('taught you (branch team/notes)');
      expect(firstText(req)).toContain('### log-with-pino');
      return reply(text('Use pino.'));
    });
    expect((await s.run('issue_comment', s.gh.payload.issueComment(comment))).code).toBe(0);
    await s.cleanup();

    const off = await mentionWithMemories([LOGGING], { config: 'memory: off\n' });
    s.model.enqueue((req) => {
      expect(firstText(req)).not.toContain('log-with-pino');
      return reply(text('Fine.'));
    });
    expect((await s.run('issue_comment', s.gh.payload.issueComment(off))).code).toBe(0);
  });

  it('a missing memory branch is no memory, and no warning', async () => {
    s = await scenario({ 'src/app.js': 'export const x = 1;\n' });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Q', body: 'Q?', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand hi', user: 'alice' });
    s.model.enqueue((req) => {
      expect(firstText(req)).not.toContain('<<<MEMORIES-');
      return reply(text('Hi.'));
    });
    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment));
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('::warning::');
  });
});
