// The checkout, and the OS sandbox Bash and hooks run in — prepared (a probe
// run of bubblewrap) at most once: at once for a mode that runs commands, so
// it overlaps the GitHub context and the SDK's loading; otherwise only if
// the config has hooks. Its network is the workflow's narrowed by the base
// branch's config: when that is an allow-list, the egress proxy starts then.
import { describeNetwork, narrowedBy, type NetworkSetting } from '../../safety/network/allow-list.js';
import { realRoot } from '../../safety/paths.js';
import { prepareSandbox, type SandboxDecision } from '../../safety/sandbox/choose.js';
import type { RunIo } from '../../core/run.js';
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

/** The run's network: the workflow's `network`, narrowed by the config's (a pull request's config is never read). */
export const network = step<Values>()({
  makes: 'network',
  needs: ['request', 'config'],
  run: ({ request, config }) => narrowedBy(request.inputs.network, config.config.network),
});

/** The sandbox with the run's network put in: the proxy's, when it is an allow-list (closed when the run ends). */
async function withNetwork(decision: SandboxDecision, setting: NetworkSetting, io: RunIo): Promise<SandboxDecision> {
  if (decision.kind === 'unavailable') return decision;
  // An allow-list is kept only by the sandbox: without one, the run stops rather than let commands reach any host.
  if (decision.kind === 'unsandboxed') {
    if (setting.kind !== 'list') return decision;
    return { kind: 'unavailable', error: `network is an allow-list, which only the OS sandbox can keep (${decision.why}). Set network: off (or on), or make the sandbox work on this runner.` };
  }
  if (setting.kind === 'on') return decision;
  if (setting.kind === 'off') return decision.sandbox.network === 'none' ? decision : { ...decision, sandbox: decision.sandbox.withNetwork({ kind: 'none' }) };
  // Loaded only for such a run: nothing of the proxy costs a run without an allow-list.
  const { startEgress } = await import('../../safety/network/egress.js');
  const egress = await startEgress(setting, { log: io.log });
  io.atEnd(() => egress.close());
  io.log(`Network: only through Deckhand's egress proxy, to ${describeNetwork(setting)}.`);
  return { ...decision, sandbox: decision.sandbox.withNetwork(egress.network, egress.proxy) };
}

export const sandbox = step<Values>()({
  makes: 'sandbox',
  needs: ['request', 'spec', 'repo'],
  later: ['network'],
  run({ request, spec, repo, network }, io) {
    const { inputs } = request;
    let decision: Promise<SandboxDecision> | undefined;
    const prepare = () => {
      // Probed with the workflow's network (the config can only narrow it); the run's is put in once the config is read.
      decision ??= prepareSandbox(inputs.sandbox, { root: repo.root, network: inputs.network.kind === 'on', env: request.env, log: io.log }).then(async (prepared) =>
        withNetwork(prepared, await network, io),
      );
      decision.catch(() => undefined); // awaited (and reported) by the policy step
      return decision;
    };
    if (spec.runsCommands) prepare();
    return prepare;
  },
});
