// What the mode must know before anything is posted (a CI fix: where the fix
// goes, whether to make one at all), and the run's line in the log. The name
// of a branch the run would make is checked as git would check it.
import { isValidBranchName } from '../../github/branch-name.js';
import { step, Skip } from '../runner.js';
import { SetupError, type Values } from '../values.js';

export const branchName = step<Values>()({
  makes: 'branchName',
  needs: ['request', 'trigger', 'spec'],
  run({ request, trigger, spec }) {
    const { inputs } = request;
    const name = spec.branchName(trigger, { prefix: inputs.branch_prefix, now: new Date(request.startedAt), prompt: inputs.prompt, ...(inputs.fleet_id ? { fleet: inputs.fleet_id } : {}) });
    if (!isValidBranchName(name)) throw new SetupError(`The branch name ${name} is not valid: check the branch_prefix input.`);
    return name;
  },
});

/** The run's one line in the log: which mode, on what, for whom. */
function announce({ request, started }: Pick<Values, 'request' | 'started'>, log: (line: string) => void) {
  const { trigger } = started;
  const asker = trigger.actor.login === 'unknown' && request.workflowActor ? request.workflowActor : trigger.actor.login;
  const why = trigger.ciRun ? `the failed run ${trigger.ciRun.id} of ${trigger.ciRun.headBranch}, pushed by ${asker}` : `asked by ${asker}`;
  log(`Deckhand: ${trigger.mode} mode on ${trigger.event}${trigger.number ? ` #${trigger.number}` : ''}, ${why}${request.inputs.dry_run ? ' (dry run)' : ''}.`);
}

/** A mode with nothing to settle first: the trigger stands as the event gave it. */
export const started = step<Values>()({
  makes: 'started',
  // After what may still stop the run before it is on its way: the model's client, the checkout.
  needs: ['request', 'trigger', 'modelClient', 'repo', 'writer'],
  run({ request, trigger }, io) {
    announce({ request, started: { trigger } }, io.log);
    return { trigger };
  },
});

/** A mode that settles things first (spec.start), before anything is posted; it may end the run as a skip (and may have written). */
export const settled = step<Values>()({
  makes: 'started',
  needs: ['request', 'trigger', 'spec', 'modelClient', 'repo', 'api', 'writer', 'branches', 'branchName'],
  async run({ request, trigger, spec, api, writer, branches, branchName }, io) {
    const start = await spec.start!({ api: api!, trigger, configPath: request.inputs.config_path, branchName, writer, defaultBranch: branches.defaultBranch });
    if ('skip' in start) throw new Skip(start.skip);
    announce({ request, started: start }, io.log);
    return start;
  },
});
