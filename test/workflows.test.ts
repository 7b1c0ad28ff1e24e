// The action's own workflows (.github/workflows/) are real workflows: GitHub's
// parser accepts them (a called workflow is read and checked too), CI runs what
// .ci/run runs on the Nodes the action supports, the self-review runs this
// checkout's action in dry_run only when the key is there, and a v1.x.y tag
// moves v1. Their shell steps run here as the runner would run them.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readInputs } from '../src/inputs.js';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, '.github', 'workflows');
const files = readdirSync(DIR).filter((name) => name.endsWith('.yml'));
const text = (name: string) => readFileSync(join(DIR, name), 'utf8');

type Step = { name?: string; uses?: string; run?: string; if?: string; with?: Record<string, unknown>; env?: Record<string, string> };
type Job = {
  if?: string;
  needs?: string | string[];
  uses?: string;
  'runs-on'?: string;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  strategy?: { matrix: Record<string, unknown[]> };
  steps?: Step[];
};
type Workflow = { on: Record<string, any>; permissions?: Record<string, string>; concurrency?: unknown; jobs: Record<string, Job> };
const workflow = (name: string) => parse(text(name)) as Workflow;

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown>; runs: { using: string } };
const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

/** An expression (with or without `${{ }}`), evaluated as the runner evaluates it. */
function evaluate(expression: string, contexts: Record<string, unknown>): data.ExpressionData {
  const source = expression.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const parsed = new Parser(new Lexer(source).lex().tokens, Object.keys(contexts), []).parse();
  const values = new data.Dictionary(
    ...Object.entries(contexts).map(([key, value]) => ({ key, value: JSON.parse(JSON.stringify(value), data.reviver) as data.ExpressionData })),
  );
  return new Evaluator(parsed, values).evaluate();
}

/** Runs a step's `run:` script with bash, as the runner does (`bash -e {0}`). */
function runStep(step: Step, cwd: string, env: Record<string, string>) {
  return spawnSync('bash', ['-e', '-c', step.run!], { cwd, env: { ...process.env, ...env }, encoding: 'utf8' });
}

const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'deckhand-workflows-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the action's own workflows", () => {
  it('are CI, the self-review, the release and the two-phase workflow others call', () => {
    expect(files.sort()).toEqual(['ci.yml', 'deckhand-self-review.yml', 'release.yml', 'two-phase.yml']);
  });

  it.each(files)('%s is accepted by GitHub’s workflow parser, with the workflows it calls', async (name) => {
    const parsed = parseWorkflow({ name, content: text(name) }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const local = { getFileContent: async (ref: { path: string }) => ({ name: ref.path, content: readFileSync(join(ROOT, ref.path), 'utf8') }) };
    const template = await convertWorkflowTemplate(parsed.context, parsed.value!, local, { fetchReusableWorkflowDepth: 1 });
    expect(template.errors ?? []).toEqual([]);
    expect(template.jobs.length).toBeGreaterThan(0);
  });

  it.each(files)('%s pins every action it downloads to a commit, named by its version', (name) => {
    const uses = [...text(name).matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)].map(([, ref, rest]) => ({ ref: ref!, rest: rest! }));
    // The two-phase workflow is called by ref from other repositories: the action it runs is the one released with it.
    for (const { ref, rest } of uses.filter(({ ref }) => !ref.startsWith('./') && !(name === 'two-phase.yml' && ref === 'deckhand/deckhand@v1'))) {
      expect(ref, ref).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      expect(rest, ref).toMatch(/^\s+# v\d+\.\d+\.\d+$/);
    }
  });
});

describe('CI', () => {
  const ci = workflow('ci.yml');
  const runs = (job: Job) => job.steps!.flatMap((step) => (step.run ? [step.run] : []));

  it('runs on pushes to main, on pull requests, and when the release calls it', () => {
    expect(ci.on.push).toEqual({ branches: ['main'] });
    expect(ci.on).toHaveProperty('pull_request');
    expect(ci.on).toHaveProperty('workflow_call');
    expect(ci.permissions).toEqual({ contents: 'read' });
  });

  it("tests on ubuntu-latest with the action's runtime and the oldest Node it supports", () => {
    const test = ci.jobs.test!;
    expect(test['runs-on']).toBe('ubuntu-latest');
    expect(action.runs.using).toBe('node24');
    expect(engines).toBe('>=20');
    expect(test.strategy!.matrix.node).toEqual([24, 20]);
    const setup = test.steps!.find((step) => step.uses?.startsWith('actions/setup-node@'))!;
    expect(setup.with!['node-version']).toBe('${{ matrix.node }}');
  });

  it('runs the steps of .ci/run: install, type-check, the tests', () => {
    expect(runs(ci.jobs.test!)).toEqual(['npm ci --no-audit --no-fund', 'npm run typecheck', 'npm test']);
    const script = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    for (const command of runs(ci.jobs.test!)) expect(script).toContain(command);
  });

  it('fails when dist/ is not what the build makes, with the messages of .ci/run', () => {
    const dist = runs(ci.jobs.dist!);
    expect(dist.slice(0, 2)).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    expect(dist[2]).toContain('git diff --exit-code --stat -- dist/');
    expect(dist[2]).toContain('git status --porcelain -- dist/');
    const messages = [...readFileSync(join(ROOT, '.ci', 'run'), 'utf8').matchAll(/echo "(dist\/[^"]*)" >&2/g)].map((m) => m[1]);
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(dist[2]).toContain(message);
  });

  it('the dist check fails on a changed and on an uncommitted file under dist/, and passes on a clean one', () => {
    const check = ci.jobs.dist!.steps!.find((step) => step.run?.includes('git diff'))!;
    const repo = tempDir();
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo });
    git('init', '-q', '-b', 'main');
    execFileSync('mkdir', ['-p', join(repo, 'dist')]);
    writeFileSync(join(repo, 'dist', 'index.js'), 'built\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'dist');
    expect(runStep(check, repo, {}).status).toBe(0);

    writeFileSync(join(repo, 'dist', 'index.js'), 'rebuilt\n');
    const stale = runStep(check, repo, {});
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain("dist/ is stale: run 'npm run build' and commit dist/.");

    git('checkout', '-q', '--', 'dist');
    writeFileSync(join(repo, 'dist', '101.index.js'), 'chunk\n');
    const untracked = runStep(check, repo, {});
    expect(untracked.status).toBe(1);
    expect(untracked.stderr).toContain('dist/ has files the build makes that are not committed.');
  });
});

describe('the self-review', () => {
  const review = workflow('deckhand-self-review.yml');
  const job = review.jobs.review!;
  const deckhand = job.steps!.find((step) => step.uses === './')!;

  it('runs on pull requests, may only read, and has a concurrency group', () => {
    expect(review.on.pull_request.types).toEqual(['opened', 'synchronize', 'reopened', 'ready_for_review']);
    expect(Object.values(review.permissions!).every((level) => level === 'read')).toBe(true);
    expect(review.permissions).toMatchObject({ contents: 'read', 'pull-requests': 'read' });
    expect(review.concurrency).toEqual({ group: 'deckhand-self-review-${{ github.event.pull_request.number }}', 'cancel-in-progress': true });
  });

  it("reviews with this checkout's action in dry_run, with inputs it declares and accepts", () => {
    const checkout = job.steps!.find((step) => step.uses?.startsWith('actions/checkout@'))!;
    expect(checkout.with).toEqual({ ref: '${{ github.event.pull_request.head.sha }}', 'persist-credentials': false });
    expect(job.steps!.indexOf(checkout)).toBeLessThan(job.steps!.indexOf(deckhand));

    const inputs = deckhand.with!;
    expect(String(inputs.dry_run)).toBe('true');
    expect(inputs.mode).toBe('review');
    expect(inputs.anthropic_api_key).toBe('${{ secrets.ANTHROPIC_API_KEY }}');
    for (const key of Object.keys(inputs)) expect(Object.keys(action.inputs), `input ${key}`).toContain(key);
    const literal = (key: string) => (inputs[key] === undefined || String(inputs[key]).includes('${{') ? '' : String(inputs[key]));
    expect(readInputs(literal)).toMatchObject({ dry_run: true, mode: 'review' });
  });

  // The runner evaluates the job's env (where secrets may be read) to a string,
  // then the step's `if:` against it.
  it.each([
    ['the secret is set', { ANTHROPIC_API_KEY: 'sk-ant-test' }, true],
    ['the secret is empty', { ANTHROPIC_API_KEY: '' }, false],
    ['there is no such secret', {}, false],
  ])('when %s, the review runs: %s', (_what, secrets, expected) => {
    const hasKey = evaluate(job.env!.HAS_KEY!, { secrets }).coerceString();
    expect(hasKey).toBe(String(expected));
    const env = { HAS_KEY: hasKey };
    expect(evaluate(deckhand.if!, { env }).coerceString()).toBe(String(expected));
    const notice = job.steps!.find((step) => step.run?.includes('::notice::'))!;
    expect(evaluate(notice.if!, { env }).coerceString()).toBe(String(!expected));
  });

  it.each([
    ['a branch of this repository', 'deckhand/deckhand', false, true],
    ['a draft', 'deckhand/deckhand', true, false],
    ["a fork's branch", 'mallory/deckhand', false, false],
  ])('on a pull request from %s, a job starts: %s', (_what, head, draft, expected) => {
    const github = { repository: 'deckhand/deckhand', event: { pull_request: { draft, head: { repo: { full_name: head } } } } };
    expect(evaluate(job.if!, { github }).coerceString()).toBe(String(expected));
  });
});

describe('the release', () => {
  const release = workflow('release.yml');
  const [check] = release.jobs.tag!.steps!;
  const move = release.jobs.release!.steps!.find((step) => step.run?.includes('git tag -f v1'))!;
  const publish = release.jobs.release!.steps!.find((step) => step.run?.includes('gh release create'))!;

  it('runs on v1.x.y tags, through CI, and only its last job may write', () => {
    expect(release.on).toEqual({ push: { tags: ['v1.*.*'] } });
    expect(release.permissions).toEqual({ contents: 'read' });
    expect(release.jobs.ci).toMatchObject({ needs: 'tag', uses: './.github/workflows/ci.yml' });
    expect(release.jobs.release).toMatchObject({ needs: 'ci', permissions: { contents: 'write' } });
    expect(move.run).toContain('git tag -f v1 "$GITHUB_SHA"');
    expect(move.run).toContain('git push -f origin refs/tags/v1');
  });

  it.each([
    ['v1.2.3', 0],
    ['v1.10.0', 0],
    ['v1.2.3-rc.1', 1],
    ['v1.x.3', 1],
    ['v1.2.3.4', 1],
  ])('the tag %s passes the check: exit %d', (tag, status) => {
    expect(runStep(check!, tempDir(), { TAG: tag }).status).toBe(status);
  });

  // A bare repository stands in for GitHub's; the job's checkout is a clone of it.
  function origin() {
    const base = tempDir();
    const remote = join(base, 'origin.git');
    const clone = join(base, 'checkout');
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    git(base, 'init', '-q', '--bare', '-b', 'main', remote);
    git(base, 'clone', '-q', remote, clone);
    /** Commits, tags and pushes a release; returns its commit. */
    const tag = (name: string) => {
      git(clone, 'commit', '-q', '--allow-empty', '-m', name);
      git(clone, 'tag', name);
      git(clone, 'push', '-q', 'origin', 'HEAD:main', `refs/tags/${name}`);
      return git(clone, 'rev-parse', 'HEAD');
    };
    const v1 = () => git(remote, 'rev-parse', '--verify', '--quiet', 'refs/tags/v1^{commit}');
    const moveTo = (name: string, sha: string) => runStep(move, clone, { TAG: name, GITHUB_SHA: sha });
    return { tag, v1, moveTo };
  }

  it('moves v1 to each newer release, force-pushing over the old v1', () => {
    const repo = origin();
    const first = repo.tag('v1.0.0');
    expect(repo.moveTo('v1.0.0', first).status).toBe(0);
    expect(repo.v1()).toBe(first);
    const second = repo.tag('v1.1.0');
    expect(repo.moveTo('v1.1.0', second).status).toBe(0);
    expect(repo.v1()).toBe(second);
  });

  it('a tag older than the newest v1.x.y leaves v1 where it is', () => {
    const repo = origin();
    const newest = repo.tag('v1.10.0');
    expect(repo.moveTo('v1.10.0', newest).status).toBe(0);
    // A fix on the 1.9 line, tagged later: 1.10 is still the newest (by version, not by text).
    const fix = repo.moveTo('v1.9.1', repo.tag('v1.9.1'));
    expect(fix.status).toBe(0);
    expect(fix.stdout).toContain('v1 stays at v1.10.0, which is newer than v1.9.1.');
    expect(repo.v1()).toBe(newest);
  });

  // A stand-in gh records the release it is asked to create.
  function fakeGh(dir: string) {
    const log = join(dir, 'gh.log');
    const gh = join(dir, 'gh');
    writeFileSync(
      gh,
      `#!/usr/bin/env bash\nif [ "$1 $2" = "release view" ]; then exit 1; fi\nprintf '%s\\n' "$*" >> ${JSON.stringify(log)}\n` +
        `while [ $# -gt 0 ]; do if [ "$1" = --notes-file ]; then cat "$2" >> ${JSON.stringify(log)}; fi; shift; done\n`,
    );
    chmodSync(gh, 0o755);
    return () => readFileSync(log, 'utf8');
  }

  it("creates the release with the tag's CHANGELOG section as its notes", () => {
    const dir = tempDir();
    const logged = fakeGh(dir);
    writeFileSync(join(dir, 'CHANGELOG.md'), '# Changelog\n\n## [1.3.0] - 2026-09-01\n\n- Newer.\n\n## v1.2.3\n\n- Fixed the review anchors.\n\n## 1.2.2\n\n- Older.\n');
    const result = runStep(publish, dir, { TAG: 'v1.2.3', RUNNER_TEMP: dir, PATH: `${dir}:${process.env.PATH}` });
    expect(result.status, result.stderr).toBe(0);
    expect(logged()).toBe(`release create v1.2.3 --verify-tag --title v1.2.3 --notes-file ${dir}/notes.md\n\n- Fixed the review anchors.\n`);
  });

  it('without a CHANGELOG section, the release notes are generated', () => {
    const dir = tempDir();
    const logged = fakeGh(dir);
    const result = runStep(publish, dir, { TAG: 'v1.2.3', RUNNER_TEMP: dir, PATH: `${dir}:${process.env.PATH}` });
    expect(result.status, result.stderr).toBe(0);
    expect(logged()).toBe('release create v1.2.3 --verify-tag --title v1.2.3 --generate-notes\n');
  });
});
