// The workflow's output_schema, when it has one: inline, or read from the base
// branch (through the API on the ref the policy came from; without a token,
// from the commit the checkout started at) — never from the pull request's head.
import { loadOutputSchema } from '../../config/output-schema.js';
import { git } from '../../safety/git.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';

export const outputSchema = step<Values>()({
  makes: 'outputSchema',
  needs: ['request', 'api', 'policyFiles', 'repo'],
  // The checkout only when there is no token to read the base branch with: the mode's plan does not wait for it.
  later: ['checkout'],
  run({ request, api, policyFiles, repo, checkout }) {
    const atBase = async (path: string) => {
      const { baseSha } = await checkout;
      return baseSha ? git(['cat-file', 'blob', `${baseSha}:${path}`], repo).catch(() => undefined) : undefined;
    };
    const read = api ? (path: string) => api.fileContent(path, policyFiles.ref) : atBase;
    return loadOutputSchema(request.inputs.output_schema, read, api ? policyFiles.ref : 'the checked-out commit');
  },
});

/** Where the StructuredOutput tool keeps the run's result, when the run has an output_schema. */
export const structured = step<Values>()({
  makes: 'structured',
  needs: ['outputSchema'],
  run: ({ outputSchema }) => (outputSchema ? {} : undefined),
});
