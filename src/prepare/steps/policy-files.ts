// The policy and the instructions, from the base branch — never from the PR
// head or the checkout, so a pull request cannot loosen what governs it. Read
// beside the context when the event names the base (a pull-request event's;
// the default branch for an issue or a task), so that the MCP servers the
// config declares start while the context is gathered.
import { providerModelId } from '../../agent/providers.js';
import { loadPolicyFiles } from '../../config/policy-files.js';
import { EMPTY_CONFIG } from '../../config/repo.js';
import { DEFAULT_MODEL } from '../../inputs.js';
import { Skip, step } from '../runner.js';
import { Cancelled, type Values } from '../values.js';

/** The branch what governs the run is read from: the pull request's base, else the default branch (a mode that read the policy files from a branch of its choosing has said which). */
export async function baseRefOf({ started, pull, branches }: Pick<Values, 'started' | 'pull' | 'branches'>): Promise<string> {
  const { trigger } = started;
  if (started.policyFiles) return started.policyFiles.ref;
  return trigger.pull?.baseRef ?? (trigger.isPullRequest && pull ? pull.base.ref : await branches.defaultBranch());
}

export const policyFiles = step<Values>()({
  makes: 'policyFiles',
  needs: ['posting', 'request', 'started', 'api', 'pull', 'branches'],
  async run({ request, started, api, pull, branches }) {
    // A mode may have read them already, from the branch it chose (a CI fix: its pull request's base).
    if (started.policyFiles) return started.policyFiles;
    if (!api) return { config: EMPTY_CONFIG, warnings: [], instructions: [], ref: '' };
    const ref = await baseRefOf({ started, pull, branches });
    return loadPolicyFiles((path, at) => api.fileContent(path, at), request.inputs.config_path, ref);
  },
});

/** The config as read, its warnings said once the context is in, and the model it and the workflow choose (the workflow's input wins). */
export const config = step<Values>()({
  makes: 'config',
  needs: ['request', 'context', 'policyFiles'],
  run({ request, policyFiles }, io) {
    if (io.cancellation.cancelled) throw new Cancelled();
    for (const warning of policyFiles.warnings) io.warn(warning);
    const { inputs } = request;
    const { config } = policyFiles;
    // A fleet's target that opted out is not worked on, even by a matrix that lists it anyway.
    if (inputs.fleet_id && config.fleet === 'off') throw new Skip(`${request.repositoryName} opted out of fleets (fleet: off in ${inputs.config_path}).`);
    // The provider's id for the model (the default's Bedrock or Vertex spelling; an id given is used as given).
    return { config, model: providerModelId(inputs.provider, inputs.model || config.model || DEFAULT_MODEL) };
  },
});
