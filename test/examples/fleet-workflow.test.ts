// The fleet's example workflow as the runner reads it (issue 33): GitHub's own
// expression library evaluates its `matrix` and `if:` expressions against what
// the bundled plan really outputs — the chunks a matrix takes, the jobs a plan
// of one chunk skips, the report that runs after failed targets — and each
// target's inputs pass the action's own checks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fleetTarget } from '../../src/fleet/entries.js';
import { readInputs } from '../../src/inputs.js';
import type { FleetHost } from '../emulators/github-fleet.js';
import { fleetHost, ORG, runFleetJob } from '../helpers/fleet.js';

type Step = { id?: string; uses?: string; with?: Record<string, string | number> };
type Job = { needs?: string | string[]; if?: string; outputs?: Record<string, string>; strategy?: { matrix: string; 'max-parallel'?: number; 'fail-fast'?: boolean }; steps: Step[] };
const workflow = parse(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'workflows', 'fleet.yml'), 'utf8')) as { env: Record<string, string>; permissions: unknown; jobs: Record<string, Job> };
const { plan, report } = workflow.jobs as Record<'plan' | 'report', Job>;
const matrixJobs = Object.entries(workflow.jobs).filter(([, job]) => job.strategy);

/** The status functions the runner adds to a job's `if:` (always(), success(), failure(), cancelled()). */
function statusFunctions(status: 'success' | 'failure') {
  const fn = (name: string, value: boolean) => ({ name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value) });
  return [fn('always', true), fn('success', status === 'success'), fn('failure', status === 'failure'), fn('cancelled', false)];
}

/** An expression (`${{ … }}` or a bare `if:`) evaluated by GitHub's library, as a plain value. */
function evaluate(expression: string, contexts: Record<string, unknown>, status: 'success' | 'failure' = 'success'): unknown {
  const source = expression.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const functions = statusFunctions(status);
  const parsed = new Parser(new Lexer(source).lex().tokens, Object.keys(contexts), functions).parse();
  const values = new data.Dictionary(...Object.entries(contexts).map(([key, value]) => ({ key, value: JSON.parse(JSON.stringify(value), data.reviver) as data.ExpressionData })));
  const result = new Evaluator(parsed, values, new Map(functions.map((f) => [f.name, f]))).evaluate();
  return JSON.parse(JSON.stringify(result, data.replacer));
}

let host: FleetHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** The plan job as the runner runs it: its step's inputs (env expressions filled), the bundle, its outputs mapped by the job. */
async function planOutputs(count: number) {
  host = await fleetHost(count);
  const step = plan.steps.find((s) => s.id === 'plan')!;
  const env = { ...workflow.env, FLEET_REPOSITORIES: `${ORG}/*` };
  const inputs = Object.fromEntries(
    Object.entries(step.with!)
      .filter(([name]) => name !== 'github_token')
      .map(([name, value]) => [name, String(evaluate(String(value).startsWith('${{') ? String(value) : `'${value}'`, { env }))]),
  );
  const run = await runFleetJob(host, inputs);
  expect(run.code, run.stdout).toBe(0);
  const jobOutputs = Object.fromEntries(Object.entries(plan.outputs!).map(([name, expression]) => [name, evaluate(expression, { steps: { plan: { outputs: run.outputs } } })]));
  return { run, needs: { plan: { result: 'success', outputs: jobOutputs } } };
}

describe('the fleet example, evaluated by GitHub’s expression library against the plan’s real outputs', () => {
  it('runs one matrix job per chunk, each at most 256 targets, every target once; each target’s inputs pass the action’s checks', async () => {
    const { run, needs } = await planOutputs(500);
    const count = Number(run.outputs.matrix_count);
    expect(count).toBe(2);
    const everyone = (JSON.parse(run.outputs.matrix!) as { include: Array<{ repository: string }> }).include;
    const ran: string[] = [];
    for (const [name, job] of matrixJobs) {
      const runs = evaluate(job.if!, { needs });
      expect(runs, name).toBe(true);
      const matrix = evaluate(job.strategy!.matrix, { needs }) as { include: Array<{ repository: string }> };
      expect(matrix.include.length, name).toBeLessThanOrEqual(256);
      expect(job.strategy!['fail-fast']).toBe(false);
      expect(job.strategy!['max-parallel']).toBeGreaterThan(0);
      for (const entry of matrix.include) {
        ran.push(entry.repository);
        const step = job.steps.find((s) => s.uses?.startsWith('deckhand/deckhand@'))!;
        const inputs = Object.fromEntries(
          Object.entries(step.with!).map(([key, value]) => [key, String(value).includes('${{') ? String(evaluate(String(value), { matrix: entry, env: workflow.env, secrets: { ANTHROPIC_API_KEY: 'k' }, steps: { app: { outputs: { token: 't' } } } })) : String(value)]),
        );
        expect(fleetTarget(inputs.fleet_repositories!)).toEqual({ owner: ORG, repo: entry.repository.split('/')[1] });
        expect(() => readInputs((key) => inputs[key] ?? '')).not.toThrow();
        const checkout = job.steps.find((s) => s.uses?.startsWith('actions/checkout@'))!;
        expect(evaluate(String(checkout.with!.repository), { matrix: entry })).toBe(entry.repository);
      }
    }
    expect(ran).toEqual(everyone.map((e) => e.repository));
  });

  it('skips the second matrix when the plan fits one, and runs no matrix for an empty plan', async () => {
    const { needs } = await planOutputs(120);
    expect(matrixJobs.map(([, job]) => evaluate(job.if!, { needs }))).toEqual([true, false]);
    await host!.close();
    const empty = await planOutputs(0);
    expect(empty.run.outputs.matrix_count).toBe('0');
    expect(matrixJobs.map(([, job]) => evaluate(job.if!, { needs: empty.needs }))).toEqual([false, false]);
  });

  it('reports after failed targets too, but not after a failed plan', async () => {
    expect(report.needs).toEqual(['plan', ...matrixJobs.map(([name]) => name)]);
    expect(evaluate(report.if!, { needs: { plan: { result: 'success' } } }, 'failure')).toBe(true);
    expect(evaluate(report.if!, { needs: { plan: { result: 'failure' } } }, 'failure')).toBe(false);
    const step = report.steps.find((s) => s.uses?.startsWith('deckhand/deckhand@'))!;
    const planStep = plan.steps.find((s) => s.id === 'plan')!;
    // The same fleet as the plan's; the plan's worst case counts each target's own budget.
    expect(step.with!.fleet_repositories).toBe(planStep.with!.fleet_repositories);
    expect(step.with!.fleet_id).toBe(planStep.with!.fleet_id);
    for (const [, job] of matrixJobs) expect(job.steps.find((s) => s.uses?.startsWith('deckhand/deckhand@'))!.with!.max_budget_usd).toBe(planStep.with!.max_budget_usd);
  });
});
