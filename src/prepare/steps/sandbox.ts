// The checkout, and the OS sandbox Bash and hooks run in — prepared (a probe
// run of bubblewrap) at most once: at once for a mode that runs commands, so
// it overlaps the GitHub context and the SDK's loading; otherwise only if
// the config has hooks.
import { realRoot } from '../../safety/paths.js';
import { prepareSandbox, type SandboxDecision } from '../../safety/sandbox/choose.js';
import { step } from '../runner.js';
import { SetupError, type Values } from '../values.js';

export const repo = step<Values>()({
  makes: 'repo',
  needs: ['request', 'authorized'],
  run({ request }) {
    let root: string;
    try {
      root = realRoot(request.workspace);
    } catch (err) {
      throw new SetupError(`${(err as Error).message} Check GITHUB_WORKSPACE and the checkout step.`);
    }
    return { root, searchPath: request.env.PATH ?? '/usr/bin:/bin' };
  },
});

export const sandbox = step<Values>()({
  makes: 'sandbox',
  needs: ['request', 'spec', 'repo'],
  run({ request, spec, repo }, io) {
    const { inputs } = request;
    let decision: Promise<SandboxDecision> | undefined;
    const prepare = () => {
      decision ??= prepareSandbox(inputs.sandbox, { root: repo.root, network: inputs.network === 'on', env: request.env, log: io.log });
      decision.catch(() => undefined); // awaited (and reported) by the policy step
      return decision;
    };
    if (spec.runsCommands) prepare();
    return prepare;
  },
});
