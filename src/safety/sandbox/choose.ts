// Whether a run has an OS sandbox, and which bubblewrap makes it (product.md
// §6): the one question the run asks of this folder. `off` never sandboxes;
// `auto` and `required` try the system's bubblewrap, then the one that ships
// with the action, each with a probe that runs the real flags — so nothing is
// left half-working. On GitHub-hosted runners a failure first lifts AppArmor's
// user-namespace restriction (as codex-action does) and probes again. Where
// nothing works, `auto` falls back to allow-rule-only Bash and `required` fails.
import { checkVendored, describeBubblewrap, findExecutable, inspectSystem, runQuiet, vendoredBubblewrap, type Bubblewrap, type VendoredBubblewrap } from './bubblewrap.js';
import { planLayout, readSandboxFacts, type Layout } from './layout.js';
import { describeLimit, processLimit, type ProcessLimit } from './pids-cgroup.js';
import { createSandbox, type Sandbox } from './wrap.js';

export type SandboxSetting = 'auto' | 'required' | 'off';

export type SandboxDecision =
  // `reason` names the bubblewrap, the network and the process limit (the run logs it).
  | { kind: 'sandboxed'; sandbox: Sandbox; reason: string }
  // sandbox: off, or auto where no bubblewrap works: Bash runs only commands an allow rule names (the caller enforces that).
  // `why` in a few words (`sandbox: off`, or what failed), for a message that needs the sandbox (a network allow-list).
  | { kind: 'unsandboxed'; why: string; warning?: string }
  // sandbox: required and none works: the run fails with this one-line error.
  | { kind: 'unavailable'; error: string };

export interface SandboxOptions {
  root: string;
  network: boolean;
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** The bubblewrap that ships with the action: this platform's unless given (null: none). */
  vendored?: VendoredBubblewrap | null;
}

const APPARMOR_SYSCTL = 'kernel.apparmor_restrict_unprivileged_userns';
const PROBE_TOKEN = 'deckhand-sandbox-ok';

export async function prepareSandbox(setting: SandboxSetting, opts: SandboxOptions): Promise<SandboxDecision> {
  if (setting === 'off') {
    return { kind: 'unsandboxed', why: 'sandbox: off', warning: 'sandbox: off — Bash runs only the commands an allow rule names, and they run unconfined (no OS sandbox).' };
  }
  const log = opts.log ?? (() => undefined);
  const found = await findWorkingSandbox({ ...opts, log });
  if ('sandbox' in found) {
    log(found.reason);
    return { kind: 'sandboxed', sandbox: found.sandbox, reason: found.reason };
  }
  const reason = found.reason.replace(/\s+/g, ' ');
  if (setting === 'required') {
    return { kind: 'unavailable', error: `sandbox: required, but ${reason}. ${found.fix}, or set sandbox: auto.` };
  }
  return { kind: 'unsandboxed', why: reason, warning: `No OS sandbox: ${reason}. Bash runs only the commands an allow rule names, and they run unconfined.` };
}

interface Attempt {
  bwrap: Bubblewrap;
  sandbox: Sandbox;
  failure: string | undefined;
}

/** Why there is no sandbox, and what the user can do about it. */
interface NoSandbox {
  reason: string;
  fix: string;
}

async function findWorkingSandbox(opts: SandboxOptions & { log: (line: string) => void }): Promise<{ sandbox: Sandbox; reason: string } | NoSandbox> {
  const fixCheckout = 'Check out the repository into its own folder (GITHUB_WORKSPACE)';
  const facts = readSandboxFacts(opts);
  if ('error' in facts) return { reason: facts.error, fix: fixCheckout };
  const layout = planLayout(facts);
  if ('error' in layout) return { reason: layout.error, fix: fixCheckout };

  const system = findExecutable('bwrap', opts.env.PATH);
  const vendored = opts.vendored === undefined ? vendoredBubblewrap() : (opts.vendored ?? undefined);
  if (!system && !vendored) {
    return { reason: `bubblewrap (bwrap) is not installed, and the action ships none for ${process.platform}-${process.arch}`, fix: 'Install bubblewrap' };
  }

  const limit = processLimit(opts.log);
  const works = (attempt: Attempt) => ({
    sandbox: attempt.sandbox,
    reason: `Sandbox: ${describeBubblewrap(attempt.bwrap)}, network ${layout.network.kind === 'open' ? 'on' : 'off'}, process limit ${describeLimit(limit)}.`,
  });
  const tried: Attempt[] = [];
  const notes: string[] = [];
  if (system) {
    const attempt = await tryBubblewrap(await inspectSystem(system), layout, limit, opts.env);
    if (!attempt.failure) return works(attempt);
    tried.push(attempt);
    if (vendored) opts.log(`Sandbox: ${describeBubblewrap(attempt.bwrap)} does not work here (${attempt.failure}); trying the vendored one.`);
  }
  if (vendored) {
    // Checked before its first use in the run: a changed byte means it is never run.
    const checked = checkVendored(vendored);
    if ('failure' in checked) {
      notes.push(checked.failure);
    } else {
      const attempt = await tryBubblewrap(checked, layout, limit, opts.env);
      if (!attempt.failure) return works(attempt);
      tried.push(attempt);
    }
  }
  if (tried.length > 0 && opts.env.RUNNER_ENVIRONMENT === 'github-hosted') {
    // Ubuntu 24.04 images block unprivileged user namespaces through AppArmor;
    // GitHub-hosted runners have passwordless sudo to lift that. Harmless where
    // the switch is already off or does not exist.
    opts.log(`Sandbox: bubblewrap failed (${tried[0]!.failure}); lifting AppArmor's user-namespace restriction.`);
    const lifted = await liftAppArmor(opts.env);
    if (lifted) {
      notes.push(lifted);
    } else {
      for (const attempt of tried) {
        attempt.failure = await probe(attempt.sandbox, layout.root, opts.env.PATH);
        if (!attempt.failure) return works(attempt);
      }
    }
  }
  if (limit.kind === 'cgroup') limit.cgroup.remove();
  const failures = tried.map((attempt) => `${describeBubblewrap(attempt.bwrap)} does not work here (${attempt.failure})`);
  return {
    reason: [...failures, ...notes].join('; '),
    // Nothing was run when the only candidate was a vendored binary that failed its check.
    fix: tried.length > 0 ? 'Allow user namespaces on the runner (or install bubblewrap)' : "Re-run the job to fetch the action's files again (or install bubblewrap)",
  };
}

async function tryBubblewrap(bwrap: Bubblewrap, layout: Layout, limit: ProcessLimit, env: NodeJS.ProcessEnv): Promise<Attempt> {
  const sandbox = createSandbox(layout, bwrap, limit);
  return { bwrap, sandbox, failure: await probe(sandbox, layout.root, env.PATH) };
}

/** Runs a trivial command through exactly the flags every command gets; undefined when it worked, else why not. */
async function probe(sandbox: Sandbox, root: string, pathVar?: string): Promise<string | undefined> {
  const launch = sandbox.wrap(['/bin/sh', '-c', `echo ${PROBE_TOKEN}`], { cwd: root, env: { PATH: pathVar || '/usr/bin:/bin' } });
  const run = await runQuiet(launch, { cwd: root });
  if (run.code === 0 && run.output.trim() === PROBE_TOKEN) return undefined;
  const said = run.output.trim().split('\n').find((line) => line.trim() !== '') ?? '';
  return said ? said.trim() : `bubblewrap exited with ${run.code ?? 'an error'}`;
}

/** Turns AppArmor's restriction off with passwordless sudo; undefined when it worked, else what failed. */
async function liftAppArmor(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const sudo = findExecutable('sudo', env.PATH);
  const lifted = sudo
    ? await runQuiet({ file: sudo, args: ['-n', 'sysctl', '-w', `${APPARMOR_SYSCTL}=0`], env: { PATH: env.PATH || '/usr/bin:/bin' } })
    : { code: null, output: 'sudo is not installed' };
  if (lifted.code === 0) return undefined;
  return `\`sudo -n sysctl -w ${APPARMOR_SYSCTL}=0\` failed: ${lifted.output.trim().split('\n')[0] ?? ''}`;
}
