// The repository on GitHub: the API client (none without a token and a
// repository — only a task may run so), where the run is seen, and its
// default and base branches, looked up once and only when asked.
import { createGitHub } from '../../github/api.js';
import { step } from '../runner.js';
import { SetupError, type Values } from '../values.js';

export const api = step<Values>()({
  makes: 'api',
  needs: ['request', 'trigger', 'spec'],
  run({ request, trigger, spec }, io) {
    const { token, repository } = request;
    // A task set on an issue or pull-request event answers to who sent it, whose permission GitHub is asked for.
    if ((spec.needsGitHub || trigger.checkActor) && (!token || !repository)) {
      throw new SetupError('Missing github_token or GITHUB_REPOSITORY: Deckhand needs both to read and answer GitHub events.');
    }
    return token && repository ? createGitHub({ token, baseUrl: request.apiUrl, ...repository, warn: io.warn }) : undefined;
  },
});

export const place = step<Values>()({
  makes: 'place',
  needs: ['request', 'authorized'],
  run({ request }) {
    const { repository } = request;
    const repoName = repository ? `${repository.owner}/${repository.repo}` : request.repositoryName || '(unknown)';
    return { repoName, runUrl: `${request.serverUrl}/${request.workflowRepositoryName ?? repoName}/actions/runs/${request.runId}` };
  },
});

export const branches = step<Values>()({
  makes: 'branches',
  needs: ['request', 'api'],
  run({ request, api }) {
    let lookup: Promise<string> | undefined;
    // The event names it (every webhook carries the repository): that saves a call.
    const defaultBranch = () =>
      (lookup ??= request.eventDefaultBranch
        ? Promise.resolve(request.eventDefaultBranch)
        : api
          ? api.repository().then((r) => r.default_branch)
          : Promise.reject(new Error('no github_token to look up the default branch')));
    const baseBranch = () => (request.inputs.base_branch ? Promise.resolve(request.inputs.base_branch) : defaultBranch());
    return { defaultBranch, baseBranch };
  },
});
