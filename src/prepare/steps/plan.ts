// The mode's plan for this run: the tools it offers, what the agent is told
// first (no patch of a file Read may not open), where its changes go and
// whether its comments are posted as a review.
import { planMode } from '../../modes/index.js';
import { readDeniedGlobs } from '../../policy/run-policy.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';

export const plan = step<Values>()({
  makes: 'plan',
  needs: ['request', 'started', 'context', 'config', 'branchName'],
  run({ request, started, context, config, branchName }) {
    const { inputs } = request;
    const readDenied = readDeniedGlobs({ allowedTools: inputs.allowed_tools, disallowedTools: inputs.disallowed_tools, config: config.config });
    return planMode(started.trigger, context, { prompt: inputs.prompt, branchName, review: config.config.review, readDenied });
  },
});
