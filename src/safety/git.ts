// Every git command the action itself runs (product.md §6). The checkout holds
// whatever the agent wrote: hooks, config, attribute filters, an fsmonitor
// program, a planted `sub/.git`. None of it may run with the action's rights,
// so hooks and fsmonitor are off, no system or global config is read, bare
// repositories are only used when named, and paths come after `--`.
import { execFile } from 'node:child_process';

export class GitError extends Error {
  override name = 'GitError';
}

/** A checkout the action runs git in, and the search path git is found on (the runner's PATH, read by main). */
export interface Repo {
  root: string;
  searchPath: string;
}

export interface GitOptions {
  /** Extra settings for this call only (e.g. a one-shot auth header), in order; given in git's environment, never on its command line. */
  config?: ReadonlyArray<readonly [string, string]>;
  /** Bytes of output accepted (default 64 MiB). */
  maxBuffer?: number;
  /** An index file of its own (GIT_INDEX_FILE), so the checkout's index is left as it is. */
  index?: string;
}

function hardened(cwd: string): string[] {
  const settings: Array<readonly [string, string]> = [
    ['core.hooksPath', '/dev/null'],
    ['core.fsmonitor', 'false'],
    ['safe.bareRepository', 'explicit'],
    // The checkout may belong to another user (a container); it is trusted by path, not by owner.
    ['safe.directory', cwd],
  ];
  return settings.flatMap(([key, value]) => ['-c', `${key}=${value}`]);
}

function gitEnv(searchPath: string, extra: ReadonlyArray<readonly [string, string]> = [], index?: string): NodeJS.ProcessEnv {
  // A call's own settings may hold a token, and every process on the machine can read a command line
  // (/proc/<pid>/cmdline): git reads them from its environment instead (GIT_CONFIG_COUNT, git 2.31).
  const settings = extra.flatMap(([key, value], i) => [
    [`GIT_CONFIG_KEY_${i}`, key],
    [`GIT_CONFIG_VALUE_${i}`, value],
  ]);
  return {
    PATH: searchPath,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    LC_ALL: 'C',
    ...(index ? { GIT_INDEX_FILE: index } : {}),
    ...(extra.length > 0 ? { GIT_CONFIG_COUNT: String(extra.length), ...Object.fromEntries(settings) } : {}),
  };
}

function run<T extends string | Buffer>(args: readonly string[], repo: Repo, options: GitOptions, encoding: 'utf8' | 'buffer'): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...hardened(repo.root), ...args],
      { cwd: repo.root, env: gitEnv(repo.searchPath, options.config, options.index), maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024, encoding },
      (err, stdout, stderr) => {
        if (err) {
          const line = String(stderr).trim().split('\n').find((l) => l.trim() !== '') ?? err.message;
          reject(new GitError(`git ${args[0]} failed: ${line}`));
        } else {
          resolve(stdout as T);
        }
      },
    );
  });
}

/** Runs git with the hardened settings; resolves its stdout, or throws GitError with git's first error line. */
export function git(args: readonly string[], repo: Repo, options: GitOptions = {}): Promise<string> {
  return run<string>(args, repo, options, 'utf8');
}

/** The same, for output that is bytes (a blob's content). */
export function gitBytes(args: readonly string[], repo: Repo, options: GitOptions = {}): Promise<Buffer> {
  return run<Buffer>(args, repo, options, 'buffer');
}
