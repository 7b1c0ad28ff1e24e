// What a fleet's own jobs (fleet-plan, fleet-report) are given, read off the run's inputs by main.ts.

/** What a fleet's job is given: its inputs, and where it runs. */
export interface FleetSettings {
  /** Input fleet_repositories, as written. */
  repositories: string;
  fleetId: string;
  maxTargets: number;
  /** Input max_budget_usd: each target's budget. */
  maxBudgetUsd: number;
  /** Where each target's config is (input config_path). */
  configPath: string;
  branchPrefix: string;
  token: string;
  apiUrl: string;
  serverUrl: string;
  /** The fleet's home: the repository the workflow runs in (owner/name). */
  home: string;
  runId: string;
  dryRun: boolean;
  /** Secrets out of what the job writes to GitHub (the issue). */
  redact: (text: string) => string;
}
