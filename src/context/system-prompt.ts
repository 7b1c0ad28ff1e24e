// The system prompt, in sections: the stable ones first (the same bytes on
// every run, so they can be cached), then the ones that describe this run.
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { loadPrompt, renderPrompt } from '../prompts/load.js';
import { stripInvisible } from '../safety/invisible.js';
import { truncate } from '../truncate.js';

/**
 * The stable sections. The run's sub-agents have no system prompt of their
 * own: they are forks of the agent, sent its prompt byte for byte, so that
 * their first request reads the agent's cache (src/agent/subagents.ts).
 */
const STABLE_SECTIONS = ['system/identity.md', 'system/working.md', 'system/tools.md', 'system/safety.md'];

export interface RunFacts {
  repository: string;
  root: string;
  date: string;
  /** Maintainers' instructions from the base branch: the config's `instructions`, AGENTS.md, CLAUDE.md. */
  repositoryInstructions?: ReadonlyArray<{ source: string; text: string }>;
  /** `git status --short --branch` of the checkout when the run started. */
  gitStatus?: string;
}

/** Enough of the status to orient the model; the rest it can ask git for. */
const GIT_STATUS_CHARS = 2_000;

export function systemPrompt(facts: RunFacts): TextBlockParam[] {
  const stable = STABLE_SECTIONS.map((name) => loadPrompt(name)).join('\n\n');
  const dynamic = [
    renderPrompt('system/environment.md', { repository: facts.repository, root: facts.root, date: facts.date }),
    ...(facts.gitStatus?.trim()
      ? [
          renderPrompt('system/git-status.md', {
            status: truncate(facts.gitStatus.trimEnd(), GIT_STATUS_CHARS, () => '\n… (run git status for the rest)'),
          }),
        ]
      : []),
    ...(facts.repositoryInstructions ?? [])
      .filter((entry) => entry.text.trim())
      .map((entry) => renderPrompt('system/repository.md', { source: entry.source, text: stripInvisible(entry.text).trim() })),
  ].join('\n\n');
  return [
    { type: 'text', text: stable },
    { type: 'text', text: dynamic },
  ];
}
