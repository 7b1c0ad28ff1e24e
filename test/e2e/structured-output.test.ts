// Structured output (issue 33, its first part), end to end on the bundle: with
// output_schema the agent is offered StructuredOutput, whose input schema is
// the workflow's; a value that does not match is an error the model fixes; the
// last valid one is the output structured_output and is in the job summary. A
// run that ends without one fails in one line naming the schema, once what it
// did is published. The schema is read from the base branch, never the head.
import { afterEach, describe, expect, it } from 'vitest';
import { reply, text, toolUse, type RecordedRequest } from '../emulators/anthropic.js';
import { scenario, type Scenario } from '../helpers/github-scenario.js';

let s: Scenario;
afterEach(async () => s?.cleanup());

const SCHEMA = {
  type: 'object',
  required: ['deprecated', 'count'],
  additionalProperties: false,
  properties: { deprecated: { type: 'array', items: { type: 'string' } }, count: { type: 'integer', minimum: 0 } },
};
const toolOf = (req: RecordedRequest, name: string) => (req.body.tools as Array<{ name: string; input_schema: unknown }>).find((tool) => tool.name === name);
const resultOf = (req: RecordedRequest) => [...req.toolResults.values()][0]!;

describe('structured output', () => {
  it('offers StructuredOutput with the schema; an invalid value is an error the model fixes; the valid one is the output and in the summary', async () => {
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    s.model.enqueue(
      (req) => {
        expect(toolOf(req, 'StructuredOutput')?.input_schema).toEqual(SCHEMA);
        expect(req.body.messages[0].content.map((block: { text?: string }) => block.text ?? '').join('')).toContain('call StructuredOutput with it');
        return reply(toolUse('StructuredOutput', { deprecated: ['actions/checkout@v2'], count: -1, extra: true }));
      },
      (req) => {
        const result = resultOf(req);
        expect(result.is_error).toBe(true);
        expect(result.content).toContain('The value does not match the output schema (the inline output_schema):');
        expect(result.content).toContain('/count must be >= 0');
        expect(result.content).toContain('must NOT have additional properties (extra)');
        return reply(toolUse('StructuredOutput', { deprecated: ['actions/checkout@v2'], count: 1 }));
      },
      (req) => {
        expect(resultOf(req).is_error).toBe(false);
        return reply(text('One deprecated action: actions/checkout@v2.'));
      },
    );

    const run = await s.run('workflow_dispatch', { inputs: {} }, { prompt: 'List the deprecated actions.', output_schema: JSON.stringify(SCHEMA) });

    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.outputs.structured_output!)).toEqual({ deprecated: ['actions/checkout@v2'], count: 1 });
    expect(run.summary).toContain('### Structured output\n\n```json\n{\n  "deprecated": [\n    "actions/checkout@v2"\n  ],\n  "count": 1\n}\n```');
  });

  it('fails in one line naming the schema when the run ends without one — after publishing what it did', async () => {
    s = await scenario({ 'README.md': '# widgets\n', '.github/result.schema.json': JSON.stringify(SCHEMA) });
    s.checkout();
    const issue = s.gh.addIssue({ title: 'Deprecated actions', body: 'Which do we use?', user: 'alice' });
    const comment = s.gh.addComment(issue.number, { body: '@deckhand which deprecated actions do we use?', user: 'alice' });
    s.model.enqueue(reply(text('None that I can see.')));

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), { output_schema: '.github/result.schema.json' });

    expect(run.code).toBe(1);
    expect(run.outputs.conclusion).toBe('failure');
    expect(run.outputs.structured_output).toBeUndefined();
    const line = 'The run ended without a StructuredOutput value matching the output schema (.github/result.schema.json on main).';
    expect(run.stdout).toContain(`::error::${line}`);
    expect(s.gh.createdComments[0]!.body).toContain(line);
    // What it answered is still there.
    expect(s.gh.createdComments[0]!.body).toContain('None that I can see.');
  });

  it("reads the schema from the base branch, not from the pull request's head", async () => {
    s = await scenario({ 'src/app.js': 'export const x = 1;\n', '.github/result.schema.json': JSON.stringify(SCHEMA) });
    // The head loosens the schema: any object at all.
    s.gh.commitFiles('feature', { '.github/result.schema.json': JSON.stringify({ type: 'object' }), 'src/app.js': 'export const x = 2;\n' }, 'Loosen');
    const pull = s.gh.addPull({ title: 'x = 2', body: '', user: 'alice', head: 'feature' });
    s.checkout('feature');
    const comment = s.gh.addComment(pull.number, { body: '@deckhand summarise this as data', user: 'alice' });
    s.model.enqueue(
      (req) => {
        expect(toolOf(req, 'StructuredOutput')?.input_schema).toEqual(SCHEMA);
        return reply(toolUse('StructuredOutput', { anything: 'goes' }));
      },
      (req) => {
        expect(resultOf(req).is_error).toBe(true);
        return reply(toolUse('StructuredOutput', { deprecated: [], count: 0 }));
      },
      reply(text('Nothing deprecated.')),
    );

    const run = await s.run('issue_comment', s.gh.payload.issueComment(comment), { output_schema: '.github/result.schema.json' });

    expect(run.code).toBe(0);
    expect(JSON.parse(run.outputs.structured_output!)).toEqual({ deprecated: [], count: 0 });
  });

  it.each([
    ['{ not json', 'Input output_schema (the inline output_schema) is not valid JSON:'],
    ['{"type": "array"}', 'Input output_schema (the inline output_schema) must describe an object ("type": "object"): it is the StructuredOutput tool\'s input.'],
    ['{"type": "object", "properties": {"a": {"type": "integer", "minimum": "one"}}}', 'Input output_schema (the inline output_schema) is not a valid JSON Schema:'],
    ['.github/missing.json', 'Input output_schema names .github/missing.json, which main does not have: the schema is read from the base branch.'],
  ])('refuses %s in one line, before any model call', async (given, line) => {
    s = await scenario({ 'README.md': '# widgets\n' });
    s.checkout();
    const run = await s.run('workflow_dispatch', { inputs: {} }, { prompt: 'Do it.', output_schema: given });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`::error::${line}`);
    expect(run.stdout.match(/::error::/g)).toHaveLength(1);
    expect(s.model.requests).toHaveLength(0);
  });
});
