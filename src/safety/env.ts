// The environment of every process the agent starts (product.md §6): an
// allow-list, never the action's own. The action's environment holds the
// GitHub token, the API key, the runner's ACTIONS_* tokens and the paths of
// GITHUB_ENV / GITHUB_OUTPUT (writing there would change later workflow steps).

/** Facts about the run that are safe to show: no tokens, no writable runner files. */
const GITHUB_FACTS = [
  'GITHUB_ACTIONS', 'GITHUB_REPOSITORY', 'GITHUB_REPOSITORY_OWNER', 'GITHUB_WORKSPACE', 'GITHUB_SHA',
  'GITHUB_REF', 'GITHUB_REF_NAME', 'GITHUB_REF_TYPE', 'GITHUB_HEAD_REF', 'GITHUB_BASE_REF',
  'GITHUB_EVENT_NAME', 'GITHUB_SERVER_URL', 'GITHUB_API_URL', 'GITHUB_RUN_ID', 'GITHUB_RUN_NUMBER',
  'GITHUB_RUN_ATTEMPT', 'GITHUB_ACTOR', 'GITHUB_TRIGGERING_ACTOR', 'GITHUB_WORKFLOW', 'GITHUB_JOB',
  'RUNNER_OS', 'RUNNER_ARCH',
];

const PLAIN = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ'];

export function childEnvironment(parent: NodeJS.ProcessEnv, dirs: { home: string; tmp: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of [...PLAIN, ...GITHUB_FACTS]) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
  env.HOME = dirs.home;
  env.TMPDIR = dirs.tmp;
  env.CI = 'true';
  // Nobody can answer a prompt in CI: make the usual tools say so instead of waiting.
  env.GIT_TERMINAL_PROMPT = '0';
  env.PAGER = 'cat';
  env.GIT_PAGER = 'cat';
  env.TERM = 'dumb';
  return env;
}
