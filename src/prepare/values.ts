// What prepare starts from and the values its steps make, by name: each step
// (steps/*.ts) makes one of these from the ones it needs.
import type { OutputSchema } from '../config/output-schema.js';
import type { LoadedPolicyFiles } from '../config/policy-files.js';
import type { RepoConfig } from '../config/repo.js';
import type { GitHubContext } from '../core/context.js';
import type { ModelClient } from '../core/model.js';
import type { Trigger } from '../core/trigger.js';
import type { ApiPull, BranchTip, FolderEntry, GitHub } from '../github/api.js';
import type { TrackingComment } from '../github/tracking-comment.js';
import type { Writer } from '../github/writer.js';
import type { Inputs } from '../inputs.js';
import type { MemoryDesk, MemoryWork } from '../knowledge/memory/desk.js';
import type { Recall } from '../knowledge/memory/recall.js';
import type { MemoryStore } from '../knowledge/memory/store.js';
import type { Skill } from '../knowledge/skills.js';
import type { McpServers } from '../mcp/client.js';
import type { ModePlan, ModeSpec, ModeStart } from '../modes/spec.js';
import type { RunPolicy } from '../policy/run-policy.js';
import type { StructuredResult } from '../tools/structured-output.js';
import type { Repo } from '../safety/git.js';
import type { Redactor } from '../safety/redact.js';
import type { NetworkSetting } from '../safety/network/allow-list.js';
import type { SandboxDecision } from '../safety/sandbox/choose.js';

/** What a run is asked to do, read off the runner's environment by main.ts. */
export interface RunRequest {
  inputs: Inputs;
  redactor: Redactor;
  eventName: string;
  payload: unknown;
  /** The GitHub token (the input, else GITHUB_TOKEN), '' when none. */
  token: string;
  repository?: { owner: string; repo: string };
  /** GITHUB_REPOSITORY as given, for a run without a usable one (a fleet target's run: the target). */
  repositoryName: string;
  /** A fleet target's run: the repository the workflow runs in (GITHUB_REPOSITORY), where its run is seen. */
  workflowRepositoryName?: string;
  serverUrl: string;
  apiUrl: string;
  runId: string;
  /** Who started the workflow (GITHUB_ACTOR), for events that do not say. */
  workflowActor?: string;
  /** The workflow file this run is in (from GITHUB_WORKFLOW_REF). */
  workflowFile?: string;
  /** The repository's default branch as the event's payload names it (every webhook carries it), saving a call. */
  eventDefaultBranch?: string;
  model: { apiKey?: string; authToken?: string; baseURL?: string };
  workspace: string;
  /** The runner's environment, for what runs as child processes (the allow-list is taken from it) and the sandbox's facts. */
  env: NodeJS.ProcessEnv;
  startedAt: number;
}

/** A problem that stops the run, told in one line (the input, the setting or the state that is wrong). */
export class SetupError extends Error {}

/** A SIGTERM or SIGINT before the agent started: the run stops at the next step. */
export class Cancelled extends Error {
  constructor() {
    super('The run was cancelled before the agent started.');
  }
}

/** The skills' folders on the base branch and the memory branch's files, as read (undefined: no such folder or branch). */
export interface Knowledge {
  skillFolders: Array<FolderEntry[] | undefined>;
  memory: { branch: string; files: FolderEntry[] | undefined; tip?: BranchTip; lock?: BranchTip };
}

/** Every value a step makes, by the name it is made under. */
export interface Values {
  request: RunRequest;
  /** The run's mode and what woke it, as the event says. */
  trigger: Trigger;
  spec: ModeSpec;
  /** The GitHub client, when there is a token and a repository (a task may run without). */
  api: GitHub | undefined;
  /** The actors may wake Deckhand (the step skips otherwise). */
  authorized: true;
  modelClient: ModelClient;
  /** The checkout as the action's own git calls see it (its real path). */
  repo: Repo;
  /** The network the sandbox gives its commands: the workflow's, narrowed by the config's. */
  network: NetworkSetting;
  /** The sandbox Bash and hooks run in, prepared on first call. */
  sandbox: () => Promise<SandboxDecision>;
  /** Where the run is on GitHub. */
  place: { repoName: string; runUrl: string };
  writer: Writer;
  branches: { defaultBranch: () => Promise<string>; baseBranch: () => Promise<string> };
  /** The name of a new branch, if the run makes one. */
  branchName: string;
  /** What the mode settled before anything is posted. */
  started: ModeStart;
  /** The run's own folder under RUNNER_TEMP: the transcript, large tool results, ci-fix's logs. */
  tempDir: string;
  /** The tracking comment's request was started (a tick before the first reads); `comment` once GitHub answers. */
  posting: { comment?: Promise<TrackingComment> };
  tracking: TrackingComment | undefined;
  /** The login Deckhand posts as, when known: only its marked texts count as its own. */
  self: string | undefined;
  /** The pull request's GET, when the event names neither its head nor its base (a comment on it). */
  pull: ApiPull | undefined;
  /** The issue or pull request as GitHub has it. */
  gathered: GitHubContext;
  /** …and what the mode gathers besides. */
  context: GitHubContext;
  policyFiles: LoadedPolicyFiles;
  knowledge: Knowledge;
  /** The repository's skills this run may use. */
  skills: Skill[];
  /** The memories, when memory is on and there is a repository. */
  memories: MemoryStore | undefined;
  /** The memories this run is given. */
  recalled: Recall;
  /** Where the run's memory changes are staged ('off': a request to remember or forget, and memory is off); undefined when it makes none. */
  memoryDesk: MemoryWork | 'off' | undefined;
  /** The config, read from the base branch, and the model it and the inputs choose. */
  config: { config: RepoConfig; model: string };
  mcp: McpServers | undefined;
  /** The checkout as the agent starts on it. */
  checkout: { baseSha: string; gitStatus: string };
  /** The schema the run's result must match (output_schema), when it has one. */
  outputSchema: OutputSchema | undefined;
  /** Where the StructuredOutput tool keeps the run's result. */
  structured: StructuredResult | undefined;
  plan: ModePlan;
  policy: RunPolicy;
  prepared: Prepared;
}

/** Everything the agent and publishing need, as plain values. */
export interface Prepared {
  trigger: Trigger;
  api?: GitHub;
  writer: Writer;
  tracking?: TrackingComment;
  root: string;
  repo: Repo;
  tempDir: string;
  runUrl: string;
  repoName: string;
  context: GitHubContext;
  plan: ModePlan;
  policy: RunPolicy;
  modelClient: ModelClient;
  model: string;
  maxTurns: number;
  baseSha: string;
  gitStatus: string;
  branchName: string;
  repositoryInstructions: Array<{ source: string; text: string }>;
  /** The repository's skills, listed in the system prompt (the Skill tool gives their bodies). */
  skills: Skill[];
  /** The memory branch and what the run was given of it (in the first message). */
  memory?: { store: MemoryStore; recalled: Recall; desk?: MemoryDesk; learn?: MemoryWork['learn']; consolidate?: MemoryWork['consolidate'] };
  defaultBranch: () => Promise<string>;
  baseBranch: () => Promise<string>;
  /** The run's MCP servers, when it has any (stopped when the run ends). */
  mcp?: McpServers;
  /** The verifier, when the run may change files and verification is on: its model and how many FAILs go back. */
  verify?: { model: string; rounds: number };
  /** The explore agents' model. */
  exploreModel: string;
  /** A two-phase run's publish job may commit workflow changes (the config's publish_workflow_changes). */
  publishWorkflowChanges: boolean;
  /** The output_schema and where StructuredOutput keeps the value that matched it, when the run has one. */
  structured?: { schema: OutputSchema; result: StructuredResult };
}
