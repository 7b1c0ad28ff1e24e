// The fixed prefix of every model request in a task run: the system prompt and
// the tool definitions, as JSON. It is sent (and cached) on each turn, so every
// byte of it is paid for again and again. Counted as JSON.stringify's length,
// the way the baseline was taken (the one `→` in Read's description is 3 bytes
// in UTF-8, 1 here).
import { EMPTY_CONFIG } from '../../src/config/repo.js';
import { systemPrompt } from '../../src/context/system-prompt.js';
import type { GitHubContext } from '../../src/core/context.js';
import type { Trigger } from '../../src/core/trigger.js';
import { planMode } from '../../src/modes/index.js';
import type { Bench, Row } from '../figure.js';
import { count } from '../measure.js';

/** A dispatched task, as the trigger sees it: task mode reads nothing from the issue context. */
const TASK: Trigger = {
  mode: 'task',
  event: 'workflow_dispatch',
  action: undefined,
  actor: { login: 'octocat', type: 'User' },
  checkActor: false,
  isPullRequest: false,
  pinnedAt: '2026-12-01T00:00:00.000Z',
};
const NO_CONTEXT: GitHubContext = { repository: 'o/r', isPullRequest: false, title: '', body: '', comments: [], threads: [] };

export async function prefixSize(_bench: Bench): Promise<Row> {
  const plan = planMode(TASK, NO_CONTEXT, { prompt: 'Do the task.', branchName: 'b', review: EMPTY_CONFIG.review, readDenied: [] });
  const tools = plan.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputJSONSchema }));
  const system = JSON.stringify(systemPrompt({ repository: 'o/r', root: '/home/runner/work/r/r', date: '2026-12-01' })).length;
  const toolBytes = JSON.stringify(tools).length;
  return {
    name: 'System prompt + tool definitions of a task run',
    value: `${count(system + toolBytes)} bytes (${count(system)} system, ${count(toolBytes)} tools)`,
    baseline: 'before: 13,401 bytes',
    target: '≤ 7,000 bytes',
  };
}
