// The parts of GitHub's webhook payloads that Deckhand relies on, as zod
// schemas. Reading an event file either gives these typed values or one line
// saying what is wrong with it — never a stack trace.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const UserSchema = z.object({
  login: z.string().min(1),
  id: z.number().int().optional(),
  type: z.string().default('User'),
});

/**
 * Who wrote an issue, pull request, comment or review. GitHub's schemas allow
 * null here, for an account since deleted (shown on GitHub as "ghost"); an
 * event's sender, who has just acted, is always someone.
 */
export const AuthorSchema = UserSchema.nullable();

const body = z
  .string()
  .nullable()
  .optional()
  .transform((value) => value ?? '');

export const IssueSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body,
  user: AuthorSchema,
  created_at: z.string(),
  updated_at: z.string(),
  html_url: z.string().optional(),
  pull_request: z.object({}).passthrough().optional(),
  labels: z.array(z.object({ name: z.string() })).optional(),
});

export const CommentSchema = z.object({
  id: z.number().int(),
  body,
  user: AuthorSchema,
  created_at: z.string(),
  updated_at: z.string().optional(),
  html_url: z.string().optional(),
});

export const ReviewCommentSchema = CommentSchema.extend({
  path: z.string(),
  line: z.number().int().nullable().optional(),
  original_line: z.number().int().nullable().optional(),
  diff_hunk: z.string().default(''),
  in_reply_to_id: z.number().int().optional(),
});

const BranchSchema = z.object({
  ref: z.string(),
  sha: z.string(),
  repo: z.object({ full_name: z.string() }).nullable().optional(),
});

export const PullSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body,
  user: AuthorSchema,
  draft: z.boolean().optional().default(false),
  head: BranchSchema,
  base: BranchSchema,
  created_at: z.string(),
  updated_at: z.string(),
  html_url: z.string().optional(),
});

export const ReviewSchema = z.object({
  id: z.number().int(),
  body,
  user: AuthorSchema,
  submitted_at: z.string().nullable().optional(),
  state: z.string().optional(),
});

const Sender = z.object({ sender: UserSchema });

const RepositoryName = z.object({ full_name: z.string() });

/** The repository an event is in: its id and API URL tell it from a fork or an upstream of the same name. */
const EventRepositorySchema = RepositoryName.extend({ id: z.number().int().optional(), url: z.string().optional() });

/** A repository as a listed pull request names it ("repo-ref": no owner, only the API URL names one). */
const RepoRefSchema = z.object({ id: z.number().int().optional(), url: z.string().optional(), name: z.string().optional() });

/** A pull request as a workflow run lists it ("pull-request-minimal"). */
const RunPullSchema = z.object({
  number: z.number().int().positive(),
  head: z.object({ ref: z.string(), sha: z.string(), repo: RepoRefSchema.nullable().optional() }),
  base: z.object({ ref: z.string(), sha: z.string(), repo: RepoRefSchema.nullable().optional() }),
});

/**
 * A workflow run as the workflow_run event carries it. Older payloads lack
 * `actor`, `triggering_actor` and `path` (the sender and the event's
 * `workflow.path` stand in); GitHub's REST schema makes `head_branch` and
 * `head_repository` nullable.
 */
export const WorkflowRunSchema = z.object({
  id: z.number().int().positive(),
  name: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value ?? ''),
  head_branch: z.string().nullable().optional(),
  head_sha: z.string().min(1),
  path: z.string().optional(),
  display_title: z.string().optional(),
  event: z.string(),
  conclusion: z.string().nullable(),
  html_url: z.string(),
  run_attempt: z.number().int().positive().optional(),
  updated_at: z.string(),
  actor: UserSchema.nullable().optional(),
  triggering_actor: UserSchema.nullable().optional(),
  head_repository: RepositoryName.nullable().optional(),
  pull_requests: z.array(RunPullSchema).default([]),
});

export const EventSchemas = {
  issue_comment: Sender.extend({ action: z.string(), issue: IssueSchema, comment: CommentSchema }),
  pull_request_review_comment: Sender.extend({ action: z.string(), comment: ReviewCommentSchema, pull_request: PullSchema }),
  pull_request_review: Sender.extend({ action: z.string(), review: ReviewSchema, pull_request: PullSchema }),
  issues: Sender.extend({
    action: z.string(),
    issue: IssueSchema,
    label: z.object({ name: z.string() }).optional(),
    assignee: UserSchema.nullable().optional(),
    /** On `edited`: what the title or body was before. */
    changes: z
      .object({ title: z.object({ from: z.string() }).optional(), body: z.object({ from: z.string().nullable() }).optional() })
      .optional(),
  }),
  pull_request: Sender.extend({
    action: z.string(),
    pull_request: PullSchema,
    before: z.string().optional(),
    after: z.string().optional(),
  }),
  workflow_run: Sender.extend({
    action: z.string(),
    workflow_run: WorkflowRunSchema,
    workflow: z.object({ path: z.string().optional() }).nullable().optional(),
    repository: EventRepositorySchema,
  }),
} as const;

export type Issue = z.infer<typeof IssueSchema>;
export type RunPull = z.infer<typeof RunPullSchema>;
export type EventRepository = z.infer<typeof EventRepositorySchema>;
export type Pull = z.infer<typeof PullSchema>;
export type User = z.infer<typeof UserSchema>;

/** A malformed or missing event, told in one line. */
export class EventError extends Error {
  override name = 'EventError';
}

/** Reads the JSON event file the runner wrote. */
export function readEventFile(path: string | undefined): unknown {
  if (!path) throw new EventError('GITHUB_EVENT_PATH is not set: Deckhand must run inside a GitHub Actions job.');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new EventError(`The event file ${path} (GITHUB_EVENT_PATH) could not be read.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new EventError(`The event file ${path} (GITHUB_EVENT_PATH) is not valid JSON.`);
  }
}

/** Checks the parts of `payload` that `schema` names; a problem becomes one line naming the field. */
export function parseEvent<T extends z.ZodTypeAny>(eventName: string, schema: T, payload: unknown): z.infer<T> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || '(the payload)';
  throw new EventError(`The ${eventName} event payload is malformed: ${field} ${issue.message.replace(/^Invalid input: /, '').toLowerCase()}.`);
}
