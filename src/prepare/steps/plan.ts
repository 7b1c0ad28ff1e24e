// The mode's plan for this run: the tools it offers, what the agent is told
// first, where its changes go and whether its comments are posted as a review.
import { planMode } from '../../modes/index.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';

export const plan = step<Values>()({
  makes: 'plan',
  needs: ['request', 'started', 'context', 'config', 'branchName'],
  run: ({ request, started, context, config, branchName }) => planMode(started.trigger, context, { prompt: request.inputs.prompt, branchName, review: config.config.review }),
});
