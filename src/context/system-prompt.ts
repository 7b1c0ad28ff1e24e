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
  /** The repository's skills the run may load with Skill. */
  skills?: ReadonlyArray<{ name: string; description: string }>;
}

/** How much of the skills' list the prompt holds: past either, only a count. */
const SKILLS_LISTED = 50;
const SKILLS_CHARS = 8_000;
/** Of one description, the prompt holds this much. */
const SKILL_DESCRIPTION_CHARS = 300;

/** One line per skill, as many as fit under both caps, then how many more there are. */
function skillList(skills: ReadonlyArray<{ name: string; description: string }>): string {
  const lines: string[] = [];
  let chars = 0;
  for (const skill of skills) {
    const description = truncate(stripInvisible(skill.description).replace(/\s+/g, ' ').trim(), SKILL_DESCRIPTION_CHARS, () => '…');
    const line = `- ${skill.name}: ${description}`;
    if (lines.length === SKILLS_LISTED || chars + line.length + 1 > SKILLS_CHARS) break;
    lines.push(line);
    chars += line.length + 1;
  }
  const more = skills.length - lines.length;
  if (more > 0) lines.push(`- … and ${more} more skill${more === 1 ? '' : 's'}, not listed here.`);
  return lines.join('\n');
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
    ...(facts.skills?.length ? [renderPrompt('system/skills.md', { skills: skillList(facts.skills) })] : []),
  ].join('\n\n');
  return [
    { type: 'text', text: stable },
    { type: 'text', text: dynamic },
  ];
}
