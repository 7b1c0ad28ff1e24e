// The last step: everything the agent and publishing need, as plain values —
// the repository's instructions (the config's and the instruction files, for
// the system prompt), the limits, whether a verifier checks the work and
// whether a review's findings get a second look.
import { providerModelId } from '../../agent/providers.js';
import { DEFAULT_EXPLORE_MODEL, DEFAULT_MAX_TURNS } from '../../inputs.js';
import { step } from '../runner.js';
import { Cancelled, type Values } from '../values.js';

export const prepared = step<Values>()({
  makes: 'prepared',
  // In the order a run meets them: the first of these that failed is the run's failure.
  needs: ['request', 'spec', 'api', 'modelClient', 'repo', 'place', 'writer', 'branches', 'started', 'tempDir', 'tracking', 'context', 'policyFiles', 'config', 'checkout', 'branchName', 'plan', 'mcp', 'policy', 'skills', 'memories', 'recalled', 'memoryDesk', 'outputSchema', 'structured'],
  run(values, io) {
    const { request, spec, api, writer, place, repo, modelClient, started, tempDir, tracking, context, policyFiles, config, checkout, branchName, plan, mcp, policy, branches, skills, memories, recalled, memoryDesk, outputSchema, structured } = values;
    const { inputs } = request;
    const repositoryInstructions = [
      ...(config.config.instructions ? [{ source: `${inputs.config_path} on ${policyFiles.ref}`, text: config.config.instructions }] : []),
      ...policyFiles.instructions.map((file) => ({ source: `${file.path} on ${policyFiles.ref}`, text: file.text })),
    ];
    // The workflow's verify wins when set; a run that commits nothing (a review, a fork's pull request) has nothing to verify.
    // A review's findings get a second look before they are posted, unless the config says off.
    const doubleCheck = plan.review?.kind === 'review' && config.config.review.doubleCheck.when === 'auto' ? config.config.review.doubleCheck : undefined;
    const verifies = spec.verifies && (inputs.verify || config.config.verify.when) === 'auto' && plan.commit.kind !== 'none' && checkout.baseSha !== '';
    if (io.cancellation.cancelled) throw new Cancelled();
    return {
      trigger: started.trigger,
      ...(api ? { api } : {}),
      writer,
      ...(tracking ? { tracking } : {}),
      root: repo.root,
      repo,
      tempDir,
      runUrl: place.runUrl,
      repoName: place.repoName,
      context,
      plan,
      policy,
      modelClient,
      model: config.model,
      maxTurns: inputs.max_turns ?? config.config.maxTurns ?? DEFAULT_MAX_TURNS,
      baseSha: checkout.baseSha,
      gitStatus: checkout.gitStatus,
      branchName,
      repositoryInstructions,
      skills,
      ...(memories ? { memory: { store: memories, recalled, ...(memoryDesk && memoryDesk !== 'off' ? { desk: memoryDesk.desk, ...(memoryDesk.learn ? { learn: memoryDesk.learn } : {}), ...(memoryDesk.consolidate ? { consolidate: memoryDesk.consolidate } : {}) } : {}) } } : {}),
      ...branches,
      ...(mcp ? { mcp } : {}),
      ...(verifies ? { verify: { model: config.config.verify.model ? providerModelId(inputs.provider, config.config.verify.model) : config.model, rounds: config.config.verify.rounds } } : {}),
      ...(doubleCheck ? { doubleCheck: { model: doubleCheck.model ? providerModelId(inputs.provider, doubleCheck.model) : config.model, min: doubleCheck.min } } : {}),
      exploreModel: providerModelId(inputs.provider, config.config.explore.model || DEFAULT_EXPLORE_MODEL),
      publishWorkflowChanges: config.config.publishWorkflowChanges,
      ...(outputSchema && structured ? { structured: { schema: outputSchema, result: structured } } : {}),
    };
  },
});
