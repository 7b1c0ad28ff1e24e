// StructuredOutput: the run's result as a value of the workflow's
// output_schema, for the steps after it (the seed's coordinator has the same
// SyntheticOutput tool). Its input schema is that schema; a value that does not
// match is an error the model can fix; the last one that does is the run's
// structured_output.
import { z } from 'zod';
import { buildTool, sharedKind, type ToolKind } from './tool.js';

/** The schema the value must match (config/output-schema.ts loads it): its name for messages, its JSON Schema, what is wrong with a value. */
export interface ResultSchema {
  name: string;
  schema: Record<string, unknown>;
  problems(value: unknown): string[];
}

/** The run's structured output, once the model gave one that matches. */
export interface StructuredResult {
  value?: unknown;
}

const DESCRIPTION =
  "Give the run's result as structured data, matching this tool's input schema (the workflow's output_schema). Call it once you know the result, before your final answer; call it again to replace it. A value that does not match is refused with what is wrong. The run fails if it ends without one.";

export function createStructuredOutputTool(output: ResultSchema, result: StructuredResult): ToolKind {
  return sharedKind(
    buildTool({
      name: 'StructuredOutput',
      description: DESCRIPTION,
      inputSchema: z.record(z.string(), z.unknown()),
      inputJSONSchema: output.schema,
      traits: { harmless: true },
      async validateInput(input) {
        const problems = output.problems(input);
        if (problems.length === 0) return { ok: true };
        return { ok: false, message: `The value does not match the output schema (${output.name}): ${problems.join('; ')}. Call StructuredOutput again with a value that does.` };
      },
      async call(input) {
        result.value = input;
        return { content: 'The structured output is recorded; it is the run\'s structured_output. Give your final answer now.' };
      },
    }),
  );
}
