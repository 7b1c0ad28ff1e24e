// The repository's skills (the Agent Skills format: a folder with a SKILL.md
// whose frontmatter names and describes it), read from the base branch —
// never from a pull request's head, so a pull request cannot teach the agent
// that reviews it. The system prompt lists each one's name and description;
// the Skill tool gives the body when a task calls for it (seed 004 §3.2.7:
// knowledge disclosed only when relevant).
import type { FolderEntry } from '../github/api.js';
import { parseFrontmatter } from './frontmatter.js';

/** Where skills live in a repository, in the order a name is looked up. */
export const SKILL_FOLDERS = ['.claude/skills', '.agents/skills', '.github/skills'];

export const SKILL_FILE = 'SKILL.md';
/** A skill's name: 1–64 lowercase letters and digits in words joined by single hyphens. */
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NAME_MAX = 64;
const DESCRIPTION_MAX = 1_024;

export interface Skill {
  name: string;
  description: string;
  /** Its folder, from the repository's root (".claude/skills/release-notes"). */
  folder: string;
  /** SKILL.md after the frontmatter. */
  body: string;
  /** Its other files and folders, from the repository's root (a folder ends in "/"). */
  files: string[];
  /** The frontmatter's allowed-tools, as written: shown, never applied (the policy decides). */
  allowedTools?: string;
}

/** What is wrong with the frontmatter of the skill in `folderName`, or undefined. */
function problemOf(data: Record<string, unknown>, folderName: string): string | undefined {
  const { name, description } = data;
  if (typeof name !== 'string' || name.length === 0 || name.length > NAME_MAX || !NAME.test(name)) {
    return `its name must be 1 to ${NAME_MAX} lowercase letters, digits and single hyphens (not at either end)`;
  }
  if (name !== folderName) return `its name "${name}" is not its folder's name "${folderName}"`;
  if (typeof description !== 'string' || description.trim().length === 0 || description.length > DESCRIPTION_MAX) {
    return `its description must be 1 to ${DESCRIPTION_MAX} characters`;
  }
  return undefined;
}

/** The files and folders of a skill's folder besides SKILL.md, a folder's own entries one level down. */
function otherFiles(folder: string, entries: readonly FolderEntry[]): string[] {
  return entries
    .filter((entry) => entry.name !== SKILL_FILE)
    .flatMap((entry) =>
      entry.type === 'tree'
        ? [`${folder}/${entry.name}/`, ...(entry.entries ?? []).map((inner) => `${folder}/${entry.name}/${inner.name}${inner.type === 'tree' ? '/' : ''}`)]
        : [`${folder}/${entry.name}`],
    );
}

/**
 * The skills of the folders in SKILL_FOLDERS as read (undefined: no such
 * folder). A skill with bad frontmatter is skipped with a warning naming it;
 * a name already taken by an earlier folder is skipped too.
 */
export async function skillsOf(listings: ReadonlyArray<FolderEntry[] | undefined>, warn: (message: string) => void): Promise<Skill[]> {
  const found = await Promise.all(
    SKILL_FOLDERS.flatMap((root, i) =>
      (listings[i] ?? [])
        .filter((entry) => entry.type === 'tree')
        .map(async (entry): Promise<Skill | undefined> => {
          const folder = `${root}/${entry.name}`;
          const file = entry.entries?.find((inner) => inner.name === SKILL_FILE && inner.type === 'blob');
          if (!file) return undefined;
          if (typeof file.text !== 'string') {
            warn(`Skipped the skill ${folder}: its ${SKILL_FILE} is not text.`);
            return undefined;
          }
          const parsed = await parseFrontmatter(file.text);
          const problem = 'problem' in parsed ? parsed.problem : problemOf(parsed.data, entry.name);
          if (problem !== undefined || 'problem' in parsed) {
            warn(`Skipped the skill ${folder}: ${problem}.`);
            return undefined;
          }
          const allowed = parsed.data['allowed-tools'];
          return {
            name: entry.name,
            description: (parsed.data.description as string).trim(),
            folder,
            body: parsed.body.trim(),
            files: otherFiles(folder, entry.entries ?? []),
            ...(allowed !== undefined ? { allowedTools: Array.isArray(allowed) ? allowed.join(', ') : String(allowed) } : {}),
          };
        }),
    ),
  );
  const skills: Skill[] = [];
  for (const skill of found) {
    if (!skill) continue;
    const taken = skills.find((other) => other.name === skill.name);
    if (taken) warn(`Skipped the skill ${skill.folder}: ${taken.folder} has the same name.`);
    else skills.push(skill);
  }
  return skills;
}

/** The skills the config lets the run use: all of them, none (`skills: off`) or those it names (a name no skill has is a warning). */
export function chosenSkills(skills: readonly Skill[], setting: 'on' | 'off' | readonly string[], warn: (message: string) => void): Skill[] {
  if (setting === 'on') return [...skills];
  if (setting === 'off') return [];
  for (const name of setting) if (!skills.some((skill) => skill.name === name)) warn(`The config's skills list names "${name}", and no skill on the base branch has that name.`);
  return skills.filter((skill) => setting.includes(skill.name));
}
