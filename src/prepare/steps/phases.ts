// What a two-phase run's start and publish jobs make instead of the agent's
// means (issue 32): they call no model, start no MCP server, run no command
// and offer no tool — the publish job holds the write token, so nothing that
// reads untrusted text with a model runs beside it. The memories the agent
// was given are the ones its writes name.
import type { RunPolicy } from '../../policy/run-policy.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';

export const noModel = step<Values>()({
  makes: 'modelClient',
  run: () => ({ send: () => Promise.reject(new Error('This phase of a two-phase run calls no model.')) }),
});

export const noSandbox = step<Values>()({
  makes: 'sandbox',
  run: () => () => Promise.resolve({ kind: 'unsandboxed' as const, why: 'this phase of a two-phase run runs no command' }),
});

export const noNetwork = step<Values>()({ makes: 'network', run: () => ({ kind: 'off' as const }) });
export const noServers = step<Values>()({ makes: 'mcp', run: () => undefined });
export const noSkills = step<Values>()({ makes: 'skills', run: () => [] });

const NO_TOOLS: RunPolicy = {
  tools: [],
  gate: () => Promise.resolve({ behavior: 'deny', message: 'This phase of a two-phase run runs no tool.' }),
  after: (_tool, _input, result) => Promise.resolve(result),
  onStop: () => Promise.resolve(undefined),
  hiddenGlobs: [],
};
export const noTools = step<Values>()({ makes: 'policy', run: () => NO_TOOLS });

/** The memories the agent job was given, by the names its writes list (no recall model is asked again). */
export function recalledAsProposed(names: readonly string[]) {
  return step<Values>()({
    makes: 'recalled',
    needs: ['memories'],
    run: ({ memories }) => ({ memories: memories?.memories.filter((memory) => names.includes(memory.name)) ?? [] }),
  });
}
