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
    expect(files.sort()).toEqual(['ci-fix.yml', 'deckhand-issue-fix.yml', 'deckhand-mention.yml', 'deckhand-nightly.yml', 'deckhand-review.yml', 'fleet.yml', 'two-phase.yml']);
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
    // One step runs the action; a two-phase workflow has one in each of its three jobs; a fleet in its plan, its two matrices and its report.
    expect(steps).toHaveLength(name === 'two-phase.yml' ? 3 : name === 'fleet.yml' ? 4 : 1);
    for (const step of steps) {
      const inputs = step.with ?? {};
      for (const key of Object.keys(inputs)) expect(declared, `input ${key}`).toContain(key);
      // Literal values must pass the action's own input checks (expressions are the runner's to fill in).
      const literal = (key: string) => {
        const value = inputs[key];
        return value === undefined || String(value).includes('${{') ? '' : String(value);
      };
      expect(() => readInputs(literal)).not.toThrow();
      // The model key goes to the job that runs the model, and to no other.
      if (inputs.phase === 'start' || inputs.phase === 'publish' || inputs.mode === 'fleet-plan' || inputs.mode === 'fleet-report') expect(inputs.anthropic_api_key).toBeUndefined();
      else expect(String(inputs.anthropic_api_key)).toBe('${{ secrets.ANTHROPIC_API_KEY }}');
    }
    expect(workflow.permissions, 'a permissions block').toBeDefined();
    // On the workflow or on the job that runs the action (a job its `if:` skips then never joins the group).
    const job = Object.values(workflow.jobs).find((j) => j.steps.some((step) => step.uses === ACTION))!;
    expect(workflow.concurrency?.group ?? job.concurrency?.group, 'a concurrency group').toBeTruthy();
  });
});

/**
 * The two-phase workflows — the example and the reusable one others call —
 * as the runner reads them: which token each job gets, where the model key
 * goes, how the folder travels, and when each job runs.
 */
describe.each([
  ['the example', join(DIR, 'two-phase.yml')],
  ['the reusable workflow', join(ROOT, '.github', 'workflows', 'two-phase.yml')],
])('two phases: %s', (_, path) => {
  type Job = { needs?: string[] | string; if?: string; environment?: string; permissions: Record<string, string>; outputs?: Record<string, string>; steps: Array<{ id?: string; if?: string; uses?: string; with?: Record<string, string> }> };
  const workflow = parse(readFileSync(path, 'utf8')) as { permissions: Record<string, string>; jobs: Record<string, Job> };
  const { start, agent, publish } = workflow.jobs as Record<'start' | 'agent' | 'publish', Job>;
  const action = (job: Job) => job.steps.find((step) => step.uses?.startsWith('deckhand/deckhand@'))!;

  it('starts, proposes and publishes in three jobs, and only the first and the last may write', () => {
    expect(Object.keys(workflow.jobs)).toEqual(['start', 'agent', 'publish']);
    expect(workflow.permissions).toEqual({});
    expect([action(start).with!.phase, action(agent).with!.phase, action(publish).with!.phase]).toEqual(['start', 'agent', 'publish']);
    expect(start.permissions).toEqual({ issues: 'write', 'pull-requests': 'write' });
    expect(Object.values(agent.permissions).every((level) => level === 'read')).toBe(true);
    expect(publish.permissions).toEqual({ contents: 'write', issues: 'write', 'pull-requests': 'write', checks: 'write' });
    expect(publish.environment).toMatch(/^(deckhand-publish|\$\{\{ inputs\.environment \}\})$/);
  });

  it('hands the tracking comment and the sealed folder on, by the outputs the action declares', () => {
    expect(start.outputs!.tracking_comment_id).toBe('${{ steps.deckhand.outputs.tracking_comment_id }}');
    expect(agent.outputs!.outputs_sha256).toBe('${{ steps.deckhand.outputs.outputs_sha256 }}');
    expect(action(agent).with!.tracking_comment_id).toBe('${{ needs.start.outputs.tracking_comment_id }}');
    expect(action(publish).with!.tracking_comment_id).toBe('${{ needs.start.outputs.tracking_comment_id }}');
    expect(action(publish).with!.outputs_sha256).toBe('${{ needs.agent.outputs.outputs_sha256 }}');
    const upload = agent.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!;
    const download = publish.steps.find((step) => step.uses?.startsWith('actions/download-artifact@'))!;
    expect(upload.with!.path).toBe('${{ steps.deckhand.outputs.outputs_path }}');
    // Uploaded after a failure too: the folder then holds the failure the publish job posts.
    expect(upload.if).toBe("always() && steps.deckhand.outputs.outputs_path != ''");
    expect(download.with!.name).toBe(upload.with!.name);
    // Where the publish job looks when outputs_path is not given.
    expect(download.with!.path).toBe('${{ runner.temp }}/deckhand-outputs');
  });

  it('runs the agent only when the start job did not skip, and publishes after a failed agent too', () => {
    expect(agent.if).toBe("needs.start.outputs.conclusion == 'success'");
    expect(publish.if).toBe("always() && needs.start.outputs.conclusion == 'success'");
    expect(publish.needs).toEqual(['start', 'agent']);
  });
});
