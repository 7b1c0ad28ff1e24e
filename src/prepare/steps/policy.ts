// The run's policy: the sandbox decided, the rules of every source put
// together with the mode's defaults, the tools worth offering (the plan's and
// the MCP servers'), and the hooks — as the gate, the after-call and the stop
// check the agent loop calls.
import { preparePolicy } from '../../policy/run-policy.js';
import { git, type Repo } from '../../safety/git.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';
import { childEnvIn } from './temp.js';

/** A file as it was in `sha`, undefined when `sha` has no such file (or there is no commit to read it from). */
async function baseVersion(repo: Repo, sha: string, path: string): Promise<string | undefined> {
  if (!sha) return undefined;
  try {
    return await git(['cat-file', 'blob', `${sha}:${path}`], repo);
  } catch (err) {
    if (/does not exist|exists on disk, but not in/.test((err as Error).message)) return undefined;
    throw err;
  }
}

export const policy = step<Values>()({
  makes: 'policy',
  needs: ['request', 'spec', 'plan', 'mcp', 'sandbox', 'config', 'policyFiles', 'checkout', 'api', 'repo', 'tempDir'],
  run({ request, spec, plan, mcp, sandbox, config, policyFiles, checkout, api, repo, tempDir }, io) {
    const { inputs } = request;
    return preparePolicy({
      defaults: spec.defaultRules,
      tools: [...plan.tools, ...(mcp?.tools ?? [])],
      allowedTools: inputs.allowed_tools,
      disallowedTools: inputs.disallowed_tools,
      sandbox,
      config: config.config,
      // The hooks run the base branch's version of the files they name: from the API on the ref the
      // policy came from, else (no token: no pull request) the commit the checkout started at.
      baseFile: api ? (path) => api.fileContent(path, policyFiles.ref) : (path) => baseVersion(repo, checkout.baseSha, path),
      root: repo.root,
      tempDir,
      childEnv: childEnvIn(request.env, tempDir),
      warn: io.warn,
    });
  },
});
