// The first stage of a run, up to the moment the agent can start: what woke
// it (a skip is a value), then declared steps — one file each under steps/ —
// that the runner starts as soon as what each needs exists: who asked, the
// model's client and the checkout, the tracking comment, the GitHub context
// and the policy files from the base branch beside it, the MCP servers, the
// checkout of the pull request's head, the mode's plan, the policy. A problem
// is a one-line error; what the ending must still report (the writer, the
// tracking comment, the footer's facts) goes into `made` as it is made.
import { providerModelId } from '../agent/providers.js';
import type { RunIo } from '../core/run.js';
import type { TriggerDecision } from '../core/trigger.js';
import type { TrackingComment } from '../github/tracking-comment.js';
import type { Writer } from '../github/writer.js';
import { DEFAULT_MODEL } from '../inputs.js';
import { specOf } from '../modes/index.js';
import type { ModeSpec } from '../modes/spec.js';
import { decideTrigger } from '../modes/trigger.js';
import { runSteps, type Step } from './runner.js';
import { authorized } from './steps/authorize.js';
import { checkout } from './steps/checkout.js';
import { context, gathered, modeContext, pull } from './steps/gather.js';
import { knowledge, skills } from './steps/knowledge.js';
import { memories, memoryDesk, recalled } from './steps/memory.js';
import { api, branches, place } from './steps/github.js';
import { mcp } from './steps/mcp.js';
import { modelClient } from './steps/model-client.js';
import { plan } from './steps/plan.js';
import { config, policyFiles } from './steps/policy-files.js';
import { policy } from './steps/policy.js';
import { noModel, noNetwork, noSandbox, noServers, noSkills, noTools, recalledAsProposed } from './steps/phases.js';
import { prepared } from './steps/ready.js';
import { outputSchema, structured } from './steps/output-schema.js';
import { network, repo, sandbox } from './steps/sandbox.js';
import { branchName, settled, started } from './steps/start.js';
import { tempDir } from './steps/temp.js';
import { posting, self, tracking } from './steps/tracking.js';
import { writer } from './steps/writer.js';
import type { Prepared, RunRequest, Values } from './values.js';

/**
 * The steps of a run, in the order they are started when what they need is
 * there at once; the mode's spec chooses between two forms of the steps a
 * mode may add to (what it settles first, what it gathers).
 */
export function stepsFor(spec: ModeSpec): Array<Step<Values>> {
  return [
    api,
    authorized,
    modelClient,
    repo,
    sandbox,
    place,
    writer,
    branches,
    branchName,
    spec.start ? settled : started,
    tempDir,
    posting,
    tracking,
    spec.gather ? modeContext : context,
    self,
    pull,
    gathered,
    policyFiles,
    knowledge,
    config,
    network,
    skills,
    memories,
    recalled,
    memoryDesk,
    mcp,
    checkout,
    outputSchema,
    structured,
    plan,
    policy,
    prepared,
  ];
}

/** The steps a two-phase run's publish job takes: a run's, with no model, no command, no server, no tool. */
export function publishStepsFor(spec: ModeSpec, recalledNames: readonly string[]): Array<Step<Values>> {
  const instead = [noModel, noSandbox, noNetwork, noServers, noSkills, noTools, recalledAsProposed(recalledNames)];
  const replaced = new Set(instead.map((s) => s.makes));
  return [...stepsFor(spec).filter((s) => !replaced.has(s.makes)), ...instead];
}

/** The steps of a two-phase run's start job: up to the tracking comment, with no model. */
const START_STEPS = new Set<keyof Values>(['api', 'authorized', 'repo', 'place', 'writer', 'branches', 'branchName', 'started', 'tempDir', 'posting', 'tracking']);
function startStepsFor(spec: ModeSpec): Array<Step<Values>> {
  return [...stepsFor(spec).filter((s) => START_STEPS.has(s.makes)), noModel];
}

/** What prepare has made when it stops short: what the ending still reports (the tracking comment, the writer's dry-run list, the footer's facts). */
export interface Made {
  facts?: { model: string; turns: number; durationMs: number; costUsd: number; runUrl: string };
  writer?: Writer;
  tracking?: TrackingComment;
}

/** Notes in `made` each value the ending may have to report. */
function keep(made: Made, request: RunRequest, name: keyof Values, value: unknown): void {
  if (name === 'writer') made.writer = value as Writer;
  else if (name === 'tracking' && value) made.tracking = value as TrackingComment;
  else if (name === 'place') {
    const model = providerModelId(request.inputs.provider, request.inputs.model || DEFAULT_MODEL);
    made.facts = { model, turns: 0, durationMs: 0, costUsd: 0, runUrl: (value as Values['place']).runUrl };
  } else if (name === 'config' && made.facts) made.facts = { ...made.facts, model: (value as Values['config']).model };
}

/** What woke the run, and whether it is Deckhand's to answer: the event read by the modes, with the workflow's settings. */
export function decide(request: RunRequest): TriggerDecision {
  const { inputs } = request;
  // The fleet's own jobs (main.ts runs them) decide nothing: no event wakes a fleet-plan or a fleet-report.
  if (inputs.mode === 'fleet-plan' || inputs.mode === 'fleet-report') return { kind: 'skip', reason: `mode ${inputs.mode} runs no agent.` };
  return decideTrigger(request.eventName, request.payload, {
    mode: inputs.mode,
    triggerPhrase: inputs.trigger_phrase,
    labelTrigger: inputs.label_trigger,
    assigneeTrigger: inputs.assignee_trigger,
    prompt: inputs.prompt,
    now: new Date(request.startedAt),
    ...(request.workflowFile ? { workflowFile: request.workflowFile } : {}),
  });
}

/** The event decided, then `stepsOf` its mode run up to `last`: its value, or the skip. */
async function prepareUpTo<K extends keyof Values>(request: RunRequest, made: Made, io: RunIo, stepsOf: (spec: ModeSpec) => Array<Step<Values>>, last: K): Promise<{ value: Values[K] } | { skip: string }> {
  const decision = decide(request);
  if (decision.kind === 'skip') return { skip: decision.reason };
  const { trigger } = decision;
  const spec = specOf(trigger.mode);
  const ran = await runSteps(stepsOf(spec), { request, trigger, spec }, last, io, (name, value) => keep(made, request, name, value));
  return ran.kind === 'skip' ? { skip: ran.reason } : { value: ran.values[last] };
}

/** `publishing`: a two-phase run's publish job, and the memories its agent job was given. */
export async function prepare(request: RunRequest, made: Made, io: RunIo, publishing?: { recalled: readonly string[] }): Promise<Prepared | { skip: string }> {
  const ran = await prepareUpTo(request, made, io, (spec) => (publishing ? publishStepsFor(spec, publishing.recalled) : stepsFor(spec)), 'prepared');
  return 'skip' in ran ? ran : ran.value;
}

/** A two-phase run's start job: what woke it, who asked, and the tracking comment posted (none when the mode has none). */
export async function prepareStart(request: RunRequest, made: Made, io: RunIo): Promise<{ tracking: TrackingComment | undefined } | { skip: string }> {
  const ran = await prepareUpTo(request, made, io, startStepsFor, 'tracking');
  return 'skip' in ran ? ran : { tracking: ran.value };
}
