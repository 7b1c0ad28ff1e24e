// The provider examples (examples/providers/) are real workflows: GitHub's own
// parser accepts them, they use this action with inputs it declares and
// values it accepts, the cloud ones log in with OIDC (`id-token: write`, the
// credentials step before Deckhand's) and store no key, and docs/configuration.md shows
// each as it is.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readInputs } from '../../src/inputs.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'examples', 'providers');
const ACTION = 'deckhand/deckhand@v1';
const declared = new Set(Object.keys((parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs));
const files = readdirSync(DIR).filter((name) => name.endsWith('.yml'));
const configuration = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');

type Step = { uses?: string; with?: Record<string, unknown>; env?: Record<string, unknown> };
const workflowOf = (name: string) =>
  parse(readFileSync(join(DIR, name), 'utf8')) as { permissions: Record<string, string>; jobs: Record<string, { steps: Step[] }> };

describe('provider example workflows', () => {
  it('cover Bedrock, Vertex AI and a gateway', () => {
    expect(files.sort()).toEqual(['bedrock.yml', 'gateway.yml', 'vertex.yml']);
  });

  it.each(files)('%s is accepted by GitHub’s workflow parser, and shown in docs/configuration.md as it is', async (name) => {
    const content = readFileSync(join(DIR, name), 'utf8');
    const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const template = await convertWorkflowTemplate(parsed.context, parsed.value!);
    expect(template.errors ?? []).toEqual([]);
    expect(configuration).toContain(content.trimEnd());
  });

  it.each(files)('%s uses this action with declared inputs and values it accepts', (name) => {
    const steps = Object.values(workflowOf(name).jobs).flatMap((job) => job.steps);
    const deckhand = steps.filter((step) => step.uses === ACTION);
    expect(deckhand).toHaveLength(1);
    const inputs = deckhand[0]!.with ?? {};
    for (const key of Object.keys(inputs)) expect(declared, `input ${key}`).toContain(key);
    const literal = (key: string) => (inputs[key] === undefined || String(inputs[key]).includes('${{') ? '' : String(inputs[key]));
    expect(() => readInputs(literal)).not.toThrow();
  });

  it.each([
    ['bedrock.yml', 'bedrock', 'aws-actions/configure-aws-credentials@v4'],
    ['vertex.yml', 'vertex', 'google-github-actions/auth@v3'],
  ])('%s logs in with OIDC before Deckhand runs, and stores no key', (name, provider, login) => {
    const workflow = workflowOf(name);
    expect(workflow.permissions['id-token']).toBe('write');
    const steps = Object.values(workflow.jobs)[0]!.steps;
    const at = (uses: string) => steps.findIndex((step) => step.uses === uses);
    expect(at(login)).toBeGreaterThanOrEqual(0);
    expect(at(login)).toBeLessThan(at(ACTION));
    expect(steps[at(ACTION)]!.with?.provider).toBe(provider);
    expect(readFileSync(join(DIR, name), 'utf8')).not.toMatch(/secrets\./);
  });
});
