// Every write to GitHub goes through the writer: the API's (or, with dry_run
// and in a two-phase run's agent job, one that only lists what it would
// write), with each text redacted, cut to fit and defanged before it leaves.
import { dryRunWriter, guardedWriter, liveWriter } from '../../github/writer.js';
import { step } from '../runner.js';
import type { Values } from '../values.js';

export const writer = step<Values>()({
  makes: 'writer',
  needs: ['request', 'api', 'place', 'authorized'],
  run({ request, api, place }) {
    const { inputs, redactor, serverUrl } = request;
    const inner = inputs.dry_run || inputs.phase === 'agent' ? dryRunWriter(`${serverUrl}/${place.repoName}`) : liveWriter(api!);
    return guardedWriter(inner, { redact: redactor.redact, defang: async (text) => (await import('../../safety/defang.js')).defang(text, serverUrl) });
  },
});
