// The action's inputs that the agent core reads, validated at the boundary.
// A bad value stops the run with one line naming the input and what it needs.
import { z } from 'zod';

export const DEFAULT_MODEL = 'claude-sonnet-5-5';

export const DEFAULTS = {
  model: DEFAULT_MODEL,
  max_turns: '40',
  max_budget_usd: '5',
  timeout_minutes: '20',
} as const;

const wholeNumber = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(10_000, { error: 'must be at most 10000' });

export const CoreInputs = z.object({
  prompt: z.string(),
  model: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/, { error: 'must be a model id, such as claude-sonnet-5-5' }),
  max_turns: wholeNumber,
  max_budget_usd: z.coerce.number({ error: 'must be a number' }).positive({ error: 'must be more than 0' }),
  timeout_minutes: z.coerce
    .number({ error: 'must be a number' })
    .positive({ error: 'must be more than 0' })
    .max(360, { error: 'must be at most 360 (a job runs for at most 6 hours)' }),
});

export type CoreInputs = z.infer<typeof CoreInputs>;

export class InputError extends Error {
  override name = 'InputError';
}

/** Reads and checks the inputs; empty ones take their defaults. */
export function readCoreInputs(get: (name: string) => string): CoreInputs {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(CoreInputs.shape)) {
    raw[name] = get(name) || (DEFAULTS as Record<string, string>)[name] || '';
  }
  const parsed = CoreInputs.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new InputError(`Input ${name} ${issue.message} (got '${raw[name]}').`);
  }
  return parsed.data;
}
