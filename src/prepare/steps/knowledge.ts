// What the repository's maintainers taught beyond its instructions: the skills
// on the base branch and the memories on the memory branch, read in one
// request beside the policy files (so no round trip of their own). The memory
// branch is the default one until the config is read; a config that names
// another has it read then.
import { DEFAULT_MEMORY_BRANCH } from '../../config/repo.js';
import type { FolderEntry } from '../../github/api.js';
import { chosenSkills, SKILL_FOLDERS, skillsOf } from '../../knowledge/skills.js';
import { step } from '../runner.js';
import type { Knowledge, Values } from '../values.js';
import { baseRefOf } from './policy-files.js';

const NOTHING: Knowledge = { skillFolders: [], memory: { branch: DEFAULT_MEMORY_BRANCH, files: undefined } };

export const knowledge = step<Values>()({
  makes: 'knowledge',
  needs: ['posting', 'started', 'api', 'pull', 'branches'],
  async run({ started, api, pull, branches }, io) {
    if (!api) return NOTHING;
    // The YAML parser (skills' and memories' frontmatter, the config file) loads while GitHub answers.
    import('yaml').catch(() => undefined);
    const ref = await baseRefOf({ started, pull, branches });
    try {
      const read = await api.gitFolders([...SKILL_FOLDERS.map((folder) => `${ref}:${folder}`), `${DEFAULT_MEMORY_BRANCH}:`], [DEFAULT_MEMORY_BRANCH, lockOf(DEFAULT_MEMORY_BRANCH)]);
      const [tip, lock] = read.tips;
      return {
        skillFolders: read.folders.slice(0, SKILL_FOLDERS.length),
        memory: { branch: DEFAULT_MEMORY_BRANCH, files: read.folders[SKILL_FOLDERS.length], ...(tip ? { tip } : {}), ...(lock ? { lock } : {}) },
      };
    } catch (err) {
      io.warn(`Could not read the skills and memories (${(err as Error).message}); going on without them.`);
      return NOTHING;
    }
  },
});

/** The memory branch's files as the config names it: read again when it is not the default. */
export async function memoryFilesOn(api: NonNullable<Values['api']>, branch: string): Promise<Knowledge['memory']> {
  const read = await api.gitFolders([`${branch}:`], [branch, lockOf(branch)]);
  const [tip, lock] = read.tips;
  return { branch, files: read.folders[0] as FolderEntry[] | undefined, ...(tip ? { tip } : {}), ...(lock ? { lock } : {}) };
}

/** The branch whose existence says a run is consolidating the memories. */
export const lockOf = (branch: string) => `${branch}-lock`;

/** The skills the run may use: those on the base branch with good frontmatter, as the config chooses. */
export const skills = step<Values>()({
  makes: 'skills',
  needs: ['knowledge', 'config'],
  async run({ knowledge, config }, io) {
    if (config.config.skills === 'off') return [];
    return chosenSkills(await skillsOf(knowledge.skillFolders, io.warn), config.config.skills, io.warn);
  },
});
