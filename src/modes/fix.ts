// fix: implements an issue — labeled `label_trigger`, assigned to
// `assignee_trigger`, or opened or edited with the trigger phrase — on a new
// branch `<branch_prefix>issue-<N>-<slug>`, and opens a pull request whose
// body says `Fixes #<N>`. Its tracking comment is on the issue.
import { issueBranch } from '../github/branch-name.js';
import { renderPrompt } from '../prompts/load.js';
import { CHANGE_TOOLS, CHANGING, commentPlace, commitWords, firstMessage, issueTitle } from './shared.js';
import type { ModeSpec } from './spec.js';

export const fix: ModeSpec = {
  mode: 'fix',
  // A workflow may also set `mode: fix` for a comment on an issue.
  events: { issues: 'auto', issue_comment: (event) => !event.isPullRequest },
  needsGitHub: true,
  ...CHANGING,
  trackingPlace: commentPlace,
  branchName: (trigger, { prefix }) => issueBranch(prefix, trigger.number!, trigger.subject?.title ?? ''),
  plan: (trigger, context, settings) => ({
    tools: CHANGE_TOOLS,
    firstMessage: firstMessage(renderPrompt('modes/fix.md', { number: String(trigger.number ?? '') }), settings, context),
    commit: { kind: 'new-branch', name: settings.branchName, fixes: trigger.number!, words: commitWords(trigger, issueTitle(context)) },
  }),
};
