// What a permission rule cannot see through, as a table: each entry is one
// construct — how the walk finds it, the kind the decision layer fails closed
// on, and the sentence the model gets, saying what to do instead.
import { code } from './words.js';

export type HazardKind =
  | 'command_substitution'
  | 'process_substitution'
  | 'eval'
  | 'env_prefix'
  | 'redirect_outside'
  | 'redirect_git'
  | 'dynamic_command'
  | 'unparsed';

export interface ShellHazard {
  kind: HazardKind;
  /** the source text of the construct */
  text: string;
  /** one sentence for the model */
  detail: string;
}

export const HAZARDS = {
  /** `$(…)` or backticks, outside another substitution. */
  commandSubstitution: (text: string): ShellHazard => ({
    kind: 'command_substitution',
    text,
    detail: `${code(text)} runs a command and pastes its output into this one, which a rule cannot check; run the inner command on its own first.`,
  }),
  /** `<(…)` or `>(…)`, outside another substitution. */
  processSubstitution: (text: string): ShellHazard => ({
    kind: 'process_substitution',
    text,
    detail: `${code(text)} runs a command whose output is read as a file, which a rule cannot check; run it on its own and write to a file inside the checkout instead.`,
  }),
  /** `eval`, `source` or `.` (through `builtin`/`command` too). */
  evalCommand: (text: string, name: string): ShellHazard => ({
    kind: 'eval',
    text,
    detail: `${code(name)} runs text as shell commands that the rules cannot check; run those commands directly instead.`,
  }),
  /** Arithmetic that reads a variable: `$((x))`, `((…))`, `${a[$i]}`, `${s:$n}`, a C-style for header. */
  arithmetic: (text: string): ShellHazard => ({
    kind: 'eval',
    text,
    detail: `Bash evaluates ${code(text)} as arithmetic, where a variable holding text like a[$(cmd)] would run cmd; use literal numbers, or run the commands without it.`,
  }),
  /** `${!x}` (not `${!prefix*}` or `${!a[@]}`) and `${x@P}`. */
  indirectExpansion: (text: string): ShellHazard => ({
    kind: 'eval',
    text,
    detail: `${code(text)} reads a variable's value as a name or as prompt text, where a hidden $(cmd) would run; refer to the variable directly.`,
  }),
  /** `-eq` and friends with a non-literal operand, or `-v`, inside `[[ ]]`. */
  testArithmetic: (text: string): ShellHazard => ({
    kind: 'eval',
    text,
    detail: `Inside [[ ]], ${code(text)} evaluates a variable's value as arithmetic or as a name, where a hidden a[$(cmd)] would run; compare with literal numbers or use [ ].`,
  }),
  /** `NAME=value cmd`: an assignment in front of a command. */
  envPrefix: (text: string, command: string): ShellHazard => ({
    kind: 'env_prefix',
    text,
    detail: `Variables set in front of ${code(command)} change how it runs (NODE_OPTIONS, PATH, GIT_*…); run the command without them.`,
  }),
  /** A bare assignment to an upper-case name (or a `for PATH in …` loop) in a command that also runs something. */
  environmentChange: (text: string, name: string): ShellHazard => ({
    kind: 'env_prefix',
    text,
    detail: `Assigning ${name} changes how the commands after it run (a search path, home folder or shell setting); run the commands without it.`,
  }),
  /** A command name that is not literal, or that bash still expands (a glob, a brace list). */
  dynamicCommand: (text: string, name: string): ShellHazard => ({
    kind: 'dynamic_command',
    text,
    detail: `The command name ${code(name)} is only known when it runs, so no rule can be checked against it; write the name literally.`,
  }),
  /** An output target that is not literal, is expanded, is relative after an unknown cd, or goes through a link that cannot be followed. */
  redirectUnchecked: (text: string, target: string, why: string): ShellHazard => ({
    kind: 'redirect_outside',
    text,
    detail: `The output target ${code(target)} ${why}, so it cannot be checked to lie inside the checkout; write to a literal path inside it.`,
  }),
  /** An output target outside the checkout, symlinks followed. */
  redirectOutside: (text: string, path: string): ShellHazard => ({
    kind: 'redirect_outside',
    text,
    detail: `The output goes to ${code(path)}, which is outside the repository checkout; write inside it instead.`,
  }),
  /** An output target in a `.git` folder, in any spelling. */
  redirectGit: (text: string, path: string): ShellHazard => ({
    kind: 'redirect_git',
    text,
    detail: `The output goes into a .git folder (${code(path)}), which cannot be written; write elsewhere in the checkout.`,
  }),
  /** A syntax error, or a place where the grammar reads the text differently from bash. */
  unparsedNear: (text: string, near: string): ShellHazard => ({
    kind: 'unparsed',
    text,
    detail: `The command could not be parsed completely${near ? ` near ${code(near)}` : ''}; fix its syntax or split it into simpler commands.`,
  }),
  /** No syntax tree at all. */
  unparsed: (text: string): ShellHazard => ({ kind: 'unparsed', text, detail: 'The command could not be parsed; split it into simpler commands.' }),
  /** Nesting deep enough to overflow the walk's stack. */
  tooDeep: (text: string): ShellHazard => ({ kind: 'unparsed', text, detail: 'The command is nested too deeply to be checked; split it into simpler commands.' }),
  /** `sh -c` inside `sh -c`, more than four levels down. */
  shellsTooDeep: (text: string): ShellHazard => ({
    kind: 'unparsed',
    text,
    detail: 'Shells inside shells are nested too deeply to be checked; run the inner command directly.',
  }),
};
