// The files a run's policy and instructions come from, read through the API
// from the base branch: the config file (policy: if it cannot be read, the
// run stops) and the instruction files AGENTS.md and CLAUDE.md (context only).
import { clip } from '../truncate.js';
import { EMPTY_CONFIG, parseConfig, type RepoConfig } from './repo.js';

/** The most of one instruction text (AGENTS.md, CLAUDE.md, the config's `instructions`) put in the system prompt. */
export const INSTRUCTIONS_MAX_CHARS = 40_000;

/** `text`, or its start with a warning: instructions are read on every turn and must not fill the window. */
function bounded(text: string, what: string, notes: string[]): string {
  if (text.length > INSTRUCTIONS_MAX_CHARS) notes.push(`${what} is ${text.length} characters long; only its first ${INSTRUCTIONS_MAX_CHARS} are given to the model.`);
  return clip(text, INSTRUCTIONS_MAX_CHARS);
}

/** Instruction files at the repository root: context for the model, never policy. */
export const INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'];

export interface LoadedPolicyFiles {
  config: RepoConfig;
  warnings: string[];
  /** AGENTS.md / CLAUDE.md from the same branch, as found. */
  instructions: Array<{ path: string; text: string }>;
  /** The branch they were read from. */
  ref: string;
}

/** Reads the config file and the instruction files from `ref` (the base branch) through the API. */
export async function loadPolicyFiles(
  readFile: (path: string, ref: string) => Promise<string | undefined>,
  configPath: string,
  ref: string,
): Promise<LoadedPolicyFiles> {
  const notes: string[] = [];
  // The config is policy: if it cannot be read, the run stops. Instruction files are only context.
  const optional = (path: string) =>
    readFile(path, ref).catch((err: Error) => {
      notes.push(`Could not read ${path} from ${ref} (${err.message}); going on without it.`);
      return undefined;
    });
  const [configText, ...instructionTexts] = await Promise.all([readFile(configPath, ref), ...INSTRUCTION_FILES.map(optional)]);
  const { config, warnings } = configText === undefined ? { config: EMPTY_CONFIG, warnings: [] } : await parseConfig(configText, `${configPath} (on ${ref})`);
  const instructions = INSTRUCTION_FILES.flatMap((path, i) => (instructionTexts[i] === undefined ? [] : [{ path, text: bounded(instructionTexts[i]!, path, notes) }]));
  if (config.instructions !== undefined) config.instructions = bounded(config.instructions, `${configPath}'s instructions`, notes);
  return { config, warnings: [...warnings, ...notes], instructions, ref };
}
