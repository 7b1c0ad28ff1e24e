// The example workflows are real workflows: GitHub's own parser accepts them,
// each uses this action with inputs action.yml declares (and values the action
// accepts), and each has the permissions and concurrency a user should copy.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readInputs } from '../../src/inputs.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'examples', 'workflows');
const ACTION = 'deckhand/deckhand@v1';
const declared = new Set(Object.keys((parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs));
const files = readdirSync(DIR).filter((name) => name.endsWith('.yml'));

describe('example workflows', () => {
  it('cover the five uses', () => {
    expect(files.sort()).toEqual(['ci-fix.yml', 'deckhand-issue-fix.yml', 'deckhand-mention.yml', 'deckhand-nightly.yml', 'deckhand-review.yml']);
  });

  it.each(files)('%s is accepted by GitHub’s workflow parser', async (name) => {
    const content = readFileSync(join(DIR, name), 'utf8');
    const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const template = await convertWorkflowTemplate(parsed.context, parsed.value!);
    expect(template.errors ?? []).toEqual([]);
    expect(template.jobs.length).toBeGreaterThan(0);
  });

  it.each(files)('%s uses this action with declared inputs and values it accepts', (name) => {
    const workflow = parse(readFileSync(join(DIR, name), 'utf8')) as {
      permissions?: Record<string, string>;
      concurrency?: { group?: string };
      jobs: Record<string, { concurrency?: { group?: string }; steps: Array<{ uses?: string; with?: Record<string, unknown> }> }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps.filter((step) => step.uses === ACTION));
    expect(steps).toHaveLength(1);
    const inputs = steps[0]!.with ?? {};
    for (const key of Object.keys(inputs)) expect(declared, `input ${key}`).toContain(key);
    // Literal values must pass the action's own input checks (expressions are the runner's to fill in).
    const literal = (key: string) => {
      const value = inputs[key];
      return value === undefined || String(value).includes('${{') ? '' : String(value);
    };
    expect(() => readInputs(literal)).not.toThrow();
    expect(String(inputs.anthropic_api_key)).toBe('${{ secrets.ANTHROPIC_API_KEY }}');
    expect(workflow.permissions, 'a permissions block').toBeDefined();
    // On the workflow or on the job that runs the action (a job its `if:` skips then never joins the group).
    const job = Object.values(workflow.jobs).find((j) => j.steps.some((step) => step.uses === ACTION))!;
    expect(workflow.concurrency?.group ?? job.concurrency?.group, 'a concurrency group').toBeTruthy();
  });
});
