// A fleet's own jobs, which call no model: fleet-plan lists the targets as a
// matrix; fleet-report reads how the matrix went and keeps the fleet's
// tracking issue. Loaded only by a run whose mode is one of them.
import type { RunnerSink } from '../github/runner.js';
import { planFleet } from './plan.js';
import { reportFleet } from './report.js';
import type { FleetSettings } from './settings.js';

/** The job's exit code; a problem is thrown, one line (FleetError, FleetInputError, GitHubError). */
export function runFleetJob(mode: 'fleet-plan' | 'fleet-report', settings: FleetSettings, sink: RunnerSink): Promise<number> {
  return mode === 'fleet-plan' ? planFleet(settings, sink) : reportFleet(settings, sink);
}
