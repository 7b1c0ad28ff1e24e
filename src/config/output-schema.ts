// The workflow's output_schema (issue 33): a JSON Schema the run's result must
// match — given inline, or as a path read from the base branch (never the pull
// request's head, which could loosen it). Compiled once with Ajv, loaded only
// when a run has one; a schema that is not one, or does not describe an object
// (the StructuredOutput tool's input), is a one-line error before any model call.

/** The schema a run's structured output must match. */
export interface OutputSchema {
  /** How the messages name it: its path and branch, or "the inline output_schema". */
  name: string;
  schema: Record<string, unknown>;
  /** What is wrong with `value` (none when it matches), each as `<where> <what>`. */
  problems(value: unknown): string[];
}

/** The output_schema input is unusable: one line, naming it. */
export class OutputSchemaError extends Error {
  override name = 'OutputSchemaError';
}

/** At most this many problems are told at once. */
const SHOWN_PROBLEMS = 10;

/**
 * The schema `input` gives: inline JSON (it starts with `{`), else a path that
 * `read` fetches from the base branch `ref`; undefined when the input is empty.
 */
export async function loadOutputSchema(input: string, read: (path: string) => Promise<string | undefined>, ref: string): Promise<OutputSchema | undefined> {
  const given = input.trim();
  if (!given) return undefined;
  const inline = given.startsWith('{');
  const name = inline ? 'the inline output_schema' : `${given} on ${ref}`;
  const text = inline ? given : await read(given);
  if (text === undefined) throw new OutputSchemaError(`Input output_schema names ${given}, which ${ref} does not have: the schema is read from the base branch.`);
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (err) {
    throw new OutputSchemaError(`Input output_schema (${name}) is not valid JSON: ${(err as Error).message}.`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || (schema as { type?: unknown }).type !== 'object') {
    throw new OutputSchemaError(`Input output_schema (${name}) must describe an object ("type": "object"): it is the StructuredOutput tool's input.`);
  }
  // Ajv is CommonJS: bundled, its class is the module's default export; under Node's loader, also a named one.
  const loaded = (await import('ajv')) as unknown as { Ajv?: typeof import('ajv').Ajv; default: typeof import('ajv').Ajv | { Ajv: typeof import('ajv').Ajv } };
  const Ajv = loaded.Ajv ?? ('Ajv' in loaded.default ? loaded.default.Ajv : loaded.default);
  const ajv = new Ajv({ allErrors: true, strict: false });
  let validate: ReturnType<typeof ajv.compile>;
  try {
    validate = ajv.compile(schema);
  } catch (err) {
    throw new OutputSchemaError(`Input output_schema (${name}) is not a valid JSON Schema: ${(err as Error).message}.`);
  }
  return {
    name,
    schema: schema as Record<string, unknown>,
    problems(value) {
      if (validate(value)) return [];
      const all = (validate.errors ?? []).map((error) => `${error.instancePath || 'the value'} ${error.message ?? 'is invalid'}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`);
      return all.length > SHOWN_PROBLEMS ? [...all.slice(0, SHOWN_PROBLEMS), `and ${all.length - SHOWN_PROBLEMS} more`] : all;
    },
  };
}
