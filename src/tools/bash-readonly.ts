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
  const re = /\s*(?:'([^']*)'|"([^"]*)"|(\S+))/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(command)) !== null) {
    const word = match[1] ?? match[2] ?? match[3];
    if (word === undefined) break;
    if (match[3] !== undefined && /['"]/.test(match[3])) return undefined;
    out.push(word);
  }
  return out;
}

export function isReadOnlyCommand(command: string): boolean {
  if (SHELL_SYNTAX.test(command)) return false;
  const argv = words(command.trim());
  if (!argv || argv.length === 0) return false;
  const [program, ...args] = argv as [string, ...string[]];
  if (program === 'git') {
    const sub = args.find((arg) => !arg.startsWith('-'));
    return sub !== undefined && READ_ONLY_GIT.has(sub) && !args.some((arg) => arg.startsWith('--output') || arg === '-o');
  }
  if (program === 'find') return !args.some((arg) => /^-(exec|execdir|ok|okdir|delete|fprint|fprintf|fls)/.test(arg));
  if (program === 'sort') return !args.some((arg) => arg === '-o' || arg.startsWith('--output'));
  return READ_ONLY_PROGRAMS.has(program);
}
