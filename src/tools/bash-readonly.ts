// A deliberately small judgement of whether a command only reads: one simple
// command, no shell syntax that could hide a second one, from a short list of
// programs that do not write. Anything else counts as writing (fail closed).
// It decides only whether calls may run side by side, never whether they may run.

const READ_ONLY_PROGRAMS = new Set([
  'ls', 'cat', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'rg', 'pwd', 'echo', 'printf', 'stat', 'file',
  'du', 'df', 'which', 'tree', 'diff', 'cmp', 'uniq', 'cut', 'basename', 'dirname', 'realpath', 'readlink',
  'date', 'true', 'false', 'nl', 'od', 'hexdump', 'sha256sum', 'md5sum', 'uname', 'id', 'whoami', 'test',
]);

const READ_ONLY_GIT = new Set(['status', 'log', 'diff', 'show', 'rev-parse', 'ls-files', 'blame', 'grep', 'describe', 'shortlog', 'cat-file', 'ls-tree']);

/** Characters that start shell syntax beyond a plain list of words. */
const SHELL_SYNTAX = /[;&|<>$`(){}\n\r\\!#~*?[\]]/;

function words(command: string): string[] | undefined {
  const out: string[] = [];
  // Each word is one quoted string or one run of plain characters, ended by a
  // space: to the shell `'true'ncate` is one word (truncate), not `true` and `ncate`.
  const re = /\s*(?:'([^']*)'|"([^"]*)"|([^\s'"]+))(?=\s|$)/y;
  let match: RegExpExecArray | null;
  while (re.lastIndex < command.length && (match = re.exec(command)) !== null) {
    out.push(match[1] ?? match[2] ?? match[3]!);
  }
  return re.lastIndex === command.length ? out : undefined;
}

/** True when a short-option cluster (`-uo`) or a long option in `args` is one of `short` / starts with one of `long`. */
function hasOption(args: readonly string[], short: string, long: readonly string[] = []): boolean {
  return args.some(
    (arg) => (/^-[^-]/.test(arg) && [...arg.slice(1)].some((ch) => short.includes(ch))) || long.some((name) => arg.startsWith(name)),
  );
}

export function isReadOnlyCommand(command: string): boolean {
  if (SHELL_SYNTAX.test(command)) return false;
  const argv = words(command.trim());
  if (!argv || argv.length === 0) return false;
  const [program, ...args] = argv as [string, ...string[]];
  if (program === 'git') {
    const sub = args.find((arg) => !arg.startsWith('-'));
    if (sub === undefined || !READ_ONLY_GIT.has(sub)) return false;
    if (args.some((arg) => arg.startsWith('--output') || arg === '-o')) return false;
    // `git grep -O<cmd>` runs <cmd> on the matching files.
    return !(sub === 'grep' && args.some((arg) => arg.startsWith('-O') || arg.startsWith('--open-files-in-pager')));
  }
  if (program === 'find') return !args.some((arg) => /^-(exec|execdir|ok|okdir|delete|fprint|fprintf|fls)/.test(arg));
  // Options that write a file or run a program, also when glued to others (`sort -uo out`).
  if (program === 'sort') return !hasOption(args, 'o', ['--output', '--compress-program']);
  if (program === 'tree') return !hasOption(args, 'oR'); // -o writes its output to a file; -R writes 00Tree.html files
  if (program === 'rg') return !hasOption(args, '', ['--pre']); // --pre runs a program on every file
  if (program === 'date') return !hasOption(args, 's', ['--set']); // sets the clock
  if (program === 'file') return !hasOption(args, 'C', ['--compile']); // -C writes a compiled magic file
  // uniq's second operand is an output file.
  if (program === 'uniq') return args.filter((arg) => !arg.startsWith('-')).length < 2;
  return READ_ONLY_PROGRAMS.has(program);
}
