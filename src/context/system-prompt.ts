// The system prompt, in sections: the stable ones first (the same bytes on
// every run, so they can be cached), then the ones that describe this run.
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { loadPrompt, renderPrompt } from '../prompts/load.js';
import { stripInvisible } from '../safety/invisible.js';
import { truncate } from '../truncate.js';

/** The stable sections of each agent's system prompt: the main agent's, the verifier's, an explorer's. */
const STABLE_SECTIONS = {
  main: ['system/identity.md', 'system/working.md', 'system/tools.md', 'system/safety.md'],
  verifier: ['agents/verifier.md', 'system/safety.md'],
  explore: ['agents/explore.md'],
} as const;

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

/**
 * `agent`: whose prompt. The verifier gets the repository's instructions (it
 * judges the work by them) but not the status the run started from; an
 * explorer gets only where it is.
 */
export function systemPrompt(facts: RunFacts, agent: keyof typeof STABLE_SECTIONS = 'main'): TextBlockParam[] {
  const stable = STABLE_SECTIONS[agent].map((name) => loadPrompt(name)).join('\n\n');
  if (agent !== 'main') facts = { ...facts, gitStatus: '', ...(agent === 'explore' ? { repositoryInstructions: [] } : {}) };
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
