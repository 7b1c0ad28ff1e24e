// Commands that run another command: `command curl`, `env X=1 curl`,
// `timeout 5 curl`, `xargs curl`, `find -exec curl {} ;`, `/usr/bin/curl`,
// `git -C . push`, `sh -c "curl x"`. A deny rule names the command that
// runs, so it must see through these; an allow rule still matches only the
// text as written (what is not named exactly is not allowed).

/** What a simple command runs besides itself. */
export interface InnerCommands {
  /** The argv of each command it runs, its wrappers peeled off. */
  argvs: string[][];
  /** Shell source it runs (`sh -c SCRIPT`), to be checked like the command itself. */
  scripts: string[];
}

/** Options that take a value in the next word, per wrapper; other dashed words are flags. */
const WRAPPERS: Record<string, { valued: ReadonlySet<string>; positional?: number; assignments?: boolean }> = {
  command: { valued: new Set() },
  builtin: { valued: new Set() },
  exec: { valued: new Set(['-a']) },
  env: { valued: new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string']), assignments: true },
  nice: { valued: new Set(['-n', '--adjustment']) },
  nohup: { valued: new Set() },
  setsid: { valued: new Set() },
  stdbuf: { valued: new Set(['-i', '-o', '-e', '--input', '--output', '--error']) },
  ionice: { valued: new Set(['-c', '-n', '-p', '-P', '-u', '--class', '--classdata']) },
  timeout: { valued: new Set(['-s', '--signal', '-k', '--kill-after']), positional: 1 },
  time: { valued: new Set(['-f', '--format', '-o', '--output']) },
  chrt: { valued: new Set(), positional: 1 },
  taskset: { valued: new Set(), positional: 1 },
  flock: { valued: new Set(['-w', '--timeout', '-E', '--conflict-exit-code']), positional: 1 },
  unbuffer: { valued: new Set() },
  sudo: { valued: new Set(['-u', '--user', '-g', '--group', '-C', '-D', '--chdir', '-h', '--host', '-p', '--prompt', '-r', '-t', '-U']), assignments: true },
  doas: { valued: new Set(['-u', '-C']) },
  xargs: {
    valued: new Set(['-I', '-L', '-n', '-P', '-s', '-d', '-E', '-a', '--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--max-lines', '--replace', '--eof']),
  },
  watch: { valued: new Set(['-n', '--interval', '-d']) },
};

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'ash', 'busybox']);
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** git's options before the subcommand that take a value in the next word. */
const GIT_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix', '--list-cmds']);

const MAX_DEPTH = 8;

function baseName(word: string): string {
  return word.includes('/') ? word.slice(word.lastIndexOf('/') + 1) : word;
}

/** Index of the first word after the wrapper's options and its positional arguments (argv.length when there is none). */
function afterOptions(argv: readonly string[], spec: (typeof WRAPPERS)[string]): number {
  let i = 1;
  while (i < argv.length) {
    const word = argv[i]!;
    if (word === '--') {
      i++;
      break;
    }
    if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      i++;
      continue;
    }
    if (!word.startsWith('-') || word === '-') break;
    // `-n 5` takes the next word; `-n5` and `--adjustment=5` carry their value.
    i += spec.valued.has(word) ? 2 : 1;
  }
  return Math.min(i + (spec.positional ?? 0), argv.length);
}

function peel(argv: readonly string[], out: InnerCommands, depth: number): void {
  if (argv.length === 0 || depth > MAX_DEPTH) return;
  const name = baseName(argv[0]!);
  if (name !== argv[0]) {
    const plain = [name, ...argv.slice(1)];
    out.argvs.push(plain);
    peel(plain, out, depth + 1);
    return;
  }
  if (SHELLS.has(name)) {
    // `-c` among short options (`-ec`): letters only, one of them `c` (two patterns, not `[a-z]*c[a-z]*`, which backtracks on a long run of them).
    const c = argv.findIndex((word, i) => i > 0 && /^-[a-z]*$/.test(word) && word.includes('c'));
    if (c > 0 && argv[c + 1] !== undefined) out.scripts.push(argv[c + 1]!);
    return;
  }
  if (name === 'find') {
    for (let i = 1; i < argv.length; i++) {
      if (!FIND_EXEC.has(argv[i]!)) continue;
      let end = i + 1;
      while (end < argv.length && argv[end] !== ';' && argv[end] !== '+') end++;
      const inner = argv.slice(i + 1, end);
      if (inner.length > 0) {
        out.argvs.push(inner);
        peel(inner, out, depth + 1);
      }
      i = end;
    }
    return;
  }
  if (name === 'git') {
    let i = 1;
    while (i < argv.length && argv[i]!.startsWith('-')) i += GIT_VALUED.has(argv[i]!) ? 2 : 1;
    if (i > 1 && i < argv.length) out.argvs.push(['git', ...argv.slice(i)]);
    return;
  }
  const spec = WRAPPERS[name];
  if (!spec) return;
  const start = afterOptions(argv, spec);
  const inner = argv.slice(start);
  if (inner.length === 0) return;
  out.argvs.push(inner);
  peel(inner, out, depth + 1);
}

/** The commands `argv` runs besides itself (see the file comment). */
export function innerCommands(argv: readonly string[]): InnerCommands {
  const out: InnerCommands = { argvs: [], scripts: [] };
  peel(argv, out, 0);
  return out;
}
