// task: runs the workflow's prompt (nightly maintenance: dependency bumps,
// flaky tests, TODO sweeps…). On a schedule or a dispatch — or on any event
// when the workflow sets `mode: task` — with the prompt as the task and the
// workflow as the authority. If it changed files: a new branch
// `<branch_prefix>task-<yyyymmdd>-<slug>` and a pull request; otherwise its
// report goes to the job summary. It posts no comment. A fleet's target
// (input fleet_id) commits to `<branch_prefix>fleet-<fleet_id>` instead, and
// a re-run updates that branch's pull request.
import { fleetBranch, taskBranch } from '../github/branch-name.js';
import { senderOf } from '../github/wake.js';
import { renderPrompt } from '../prompts/load.js';
import { CHANGE_TOOLS, CHANGING, commitWords } from './shared.js';
import type { ModeSpec } from './spec.js';

/** The events a task runs on: the workflow file, and whoever could dispatch it, is the authority. */
const TASK_EVENTS = new Set(['schedule', 'workflow_dispatch', 'repository_dispatch']);

export const task: ModeSpec = {
  mode: 'task',
  events: { schedule: 'auto', workflow_dispatch: 'auto', repository_dispatch: 'auto' },
  // Scheduled and dispatched runs carry no issue: the prompt is the task, the workflow the authority.
  // An explicit task mode runs the prompt on any event, as the workflow asked.
  decide(event, payload, settings) {
    if (!TASK_EVENTS.has(event) && settings.mode !== 'task') return undefined;
    if (settings.mode !== 'auto' && settings.mode !== 'task') return { kind: 'skip', reason: `mode ${settings.mode} does not apply to the ${event} event.` };
    if (!settings.prompt.trim()) return { kind: 'skip', reason: `the ${event} event runs task mode, which needs the prompt input.` };
    const action = typeof (payload as { action?: unknown } | null)?.action === 'string' ? (payload as { action: string }).action : undefined;
    return {
      kind: 'run',
      trigger: {
        mode: 'task',
        event,
        action,
        actor: senderOf(payload),
        checkActor: !TASK_EVENTS.has(event),
        isPullRequest: false,
        pinnedAt: settings.now.toISOString(),
      },
    };
  },
  needsGitHub: false,
  ...CHANGING,
  consolidatesMemory: true,
  trackingPlace: () => undefined,
  // A fleet's target: one stable branch, so a re-run updates the same pull request.
  branchName: (_trigger, { prefix, now, prompt, fleet }) => (fleet ? fleetBranch(prefix, fleet) : taskBranch(prefix, now, prompt)),
  plan: (trigger, _context, settings) => ({
    tools: CHANGE_TOOLS,
    firstMessage: renderPrompt('modes/task.md', { prompt: settings.prompt.trim() }),
    commit: { kind: 'new-branch', name: settings.branchName, words: commitWords(trigger, 'Deckhand: scheduled task'), ...(settings.fleet ? { fleet: settings.fleet } : {}) },
  }),
};
