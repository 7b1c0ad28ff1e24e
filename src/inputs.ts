// The action's inputs (action.yml), validated at the boundary. A bad value
// stops the run with one line naming the input and what it needs. Empty inputs
// take the defaults of action.yml, so a run started by hand behaves like one
// started by the runner.
import { z } from 'zod';
import { NetworkListError, parseNetworkInput } from './safety/network/allow-list.js';

export const DEFAULT_MODEL = 'claude-sonnet-5-5';
/** The explore agents' model by default: the cheapest current Haiku. */
export const DEFAULT_EXPLORE_MODEL = 'claude-haiku-5-5';
/** What a model id may look like (a provider's ids and ARNs included), and what a bad one is told. */
export const MODEL_ID = { pattern: /^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/, error: 'must be a model id, such as claude-sonnet-5-5' } as const;
export const DEFAULT_MAX_TURNS = 40;
/** The most targets a fleet's plan may have: four matrices of GitHub's 256 jobs (outputs matrix_1 … matrix_4). */
export const MAX_FLEET_TARGETS = 1024;

/** Where the model is bought: the Anthropic API (or a gateway), Amazon Bedrock, Google Vertex AI. */
export const PROVIDERS = ['anthropic', 'bedrock', 'vertex'] as const;

// model and max_turns have no default here (nor in action.yml): when the
// workflow leaves them empty, the repository config may set them, and only
// then do DEFAULT_MODEL and DEFAULT_MAX_TURNS apply (product.md §5: "the
// workflow input wins when both are set").
export const DEFAULTS: Record<string, string> = {
  provider: 'anthropic',
  mode: 'auto',
  trigger_phrase: '@deckhand',
  label_trigger: 'deckhand',
  max_budget_usd: '5',
  timeout_minutes: '20',
  config_path: '.github/deckhand.yml',
  branch_prefix: 'deckhand/',
  sandbox: 'auto',
  network: 'off',
  open_pr: 'true',
  dry_run: 'false',
  phase: 'all',
  fleet_max_targets: '100',
};

const wholeNumber = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be at least 1' })
  .max(10_000, { error: 'must be at most 10000' });

const bool = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
  .transform((value) => value === 'true');

export const Inputs = z.object({
  prompt: z.string(),
  anthropic_api_key: z.string(),
  provider: z.enum(PROVIDERS, { error: 'must be anthropic, bedrock or vertex' }),
  github_token: z.string(),
  mode: z.enum(['auto', 'mention', 'review', 'fix', 'task', 'ci-fix', 'fleet-plan', 'fleet-report'], { error: 'must be auto, mention, review, fix, task, ci-fix, fleet-plan or fleet-report' }),
  trigger_phrase: z.string().min(1, { error: 'must not be empty' }),
  label_trigger: z.string(),
  assignee_trigger: z.string(),
  model: z.union([z.literal(''), z.string().regex(MODEL_ID.pattern, { error: MODEL_ID.error })], { error: MODEL_ID.error }),
  max_turns: z.preprocess((value) => (value === '' ? undefined : value), wholeNumber.optional()),
  max_budget_usd: z.coerce.number({ error: 'must be a number' }).positive({ error: 'must be more than 0' }),
  timeout_minutes: z.coerce
    .number({ error: 'must be a number' })
    .positive({ error: 'must be more than 0' })
    .max(360, { error: 'must be at most 360 (a job runs for at most 6 hours)' }),
  allowed_tools: z.string(),
  disallowed_tools: z.string(),
  config_path: z.string().min(1, { error: 'must not be empty' }),
  sandbox: z.enum(['auto', 'required', 'off'], { error: 'must be auto, required or off' }),
  // off, on, or an allow-list of hosts, *. patterns and presets.
  network: z.string().transform((text, ctx) => {
    try {
      return parseNetworkInput(text);
    } catch (err) {
      if (!(err instanceof NetworkListError)) throw err;
      ctx.addIssue({ code: 'custom', message: `has "${err.entry}", which is not allowed: ${err.problem}` });
      return z.NEVER;
    }
  }),
  // Empty: the repository config's verify decides (default auto).
  verify: z.enum(['', 'auto', 'off'], { error: 'must be auto or off' }),
  // Parsed by mcp/config.ts (parseMcpConfigInput, parseMcpEnv), whose messages never show a value: mcp_config may hold secrets.
  mcp_config: z.string(),
  mcp_env: z.string(),
  branch_prefix: z.string().regex(/^[A-Za-z0-9._/-]*$/, { error: 'may only hold letters, digits, ".", "_", "-" and "/"' }),
  base_branch: z.string(),
  open_pr: bool,
  allowed_bots: z.string(),
  dry_run: bool,
  // Two phases (and the job that starts them): the agent proposes with a read-only token, a job with no model publishes.
  phase: z.enum(['all', 'start', 'agent', 'publish'], { error: 'must be all, start, agent or publish' }),
  tracking_comment_id: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).positive({ error: 'must be a comment id' }).optional()),
  outputs_path: z.string(),
  outputs_sha256: z.string().regex(/^([0-9a-f]{64})?$/, { error: "must be the agent job's outputs_sha256 (64 hex digits)" }),
  // A JSON Schema the run's result must match (StructuredOutput): inline, or a path read from the base branch.
  output_schema: z.string(),
  // A fleet: its targets (fleet-plan, fleet-report; a target's run names its one repository), its id, its cap.
  fleet_repositories: z.string(),
  fleet_id: z.string().regex(/^([A-Za-z0-9][A-Za-z0-9._-]{0,63})?$/, { error: 'may only hold letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)' }),
  fleet_max_targets: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_FLEET_TARGETS, { error: `must be at most ${MAX_FLEET_TARGETS} (four matrices of 256 jobs)` }),
});

export type Inputs = z.infer<typeof Inputs>;

export class InputError extends Error {
  override name = 'InputError';
}

/** Reads and checks the inputs; empty ones take their defaults. */
export function readInputs(get: (name: string) => string): Inputs {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(Inputs.shape)) raw[name] = get(name) || DEFAULTS[name] || '';
  const parsed = Inputs.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new InputError(`Input ${name} ${issue.message} (got '${raw[name]}').`);
  }
  return parsed.data;
}
