// Who may wake Deckhand (product.md §6): the sender of an issue, comment or
// pull-request event must have write, maintain or admin permission; bots only
// when the workflow lists them in allowed_bots. Scheduled and dispatched runs
// answer to the workflow file, not to an actor. A mode may name more than the
// sender (a failed workflow run: who pushed the commit and who started, or
// re-ran, the run).
import { preloadModelClient } from '../../agent/providers.js';
import type { Permission } from '../../core/context.js';
import type { Actor, Trigger } from '../../core/trigger.js';
import { specOf } from '../../modes/index.js';
import { Skip, step } from '../runner.js';
import type { Values } from '../values.js';

export type Authorization = { ok: true; permission: Permission | 'workflow' } | { ok: false; reason: string };

/** The permissions that may wake Deckhand (and teach it). */
export const WRITERS: ReadonlySet<string> = new Set<Permission>(['admin', 'maintain', 'write']);

export function isBot(actor: Actor): boolean {
  return actor.type === 'Bot' || actor.login.toLowerCase().endsWith('[bot]');
}

/** allowed_bots, comma or newline separated; `*` allows every bot. Compared without the `[bot]` suffix. */
export function parseAllowedBots(input: string): string[] {
  return input
    .split(/[,\n]/)
    .map((name) => name.trim().toLowerCase().replace(/\[bot\]$/, ''))
    .filter(Boolean);
}

async function authorizeOne(actor: Actor, role: string, allowedBots: readonly string[], permissionOf: (login: string) => Promise<Permission>): Promise<Authorization> {
  if (isBot(actor)) {
    const name = actor.login.toLowerCase().replace(/\[bot\]$/, '');
    if (allowedBots.includes('*') || allowedBots.includes(name)) return { ok: true, permission: 'workflow' };
    return { ok: false, reason: `${actor.login}${role} is a bot, and allowed_bots does not list it.` };
  }
  const permission = await permissionOf(actor.login);
  if (!WRITERS.has(permission)) {
    return { ok: false, reason: `${actor.login}${role} has ${permission} permission on the repository; write, maintain or admin is needed.` };
  }
  return { ok: true, permission };
}

export async function authorize(
  trigger: Trigger,
  allowedBots: readonly string[],
  permissionOf: (login: string) => Promise<Permission>,
): Promise<Authorization> {
  if (!trigger.checkActor) return { ok: true, permission: 'workflow' };
  // Everyone named must be allowed; looked up at once.
  const askers = specOf(trigger.mode).askers?.(trigger) ?? [{ actor: trigger.actor, role: '' }];
  const results = await Promise.all(askers.map(({ actor, role }) => authorizeOne(actor, role, allowedBots, permissionOf)));
  return results.find((result) => !result.ok) ?? results[0]!;
}

/** Loads what the tracking comment (the defanger) and the model (its client) need. */
const preload = (provider: Values['request']['inputs']['provider']) => {
  import('../../safety/defang.js').catch(() => undefined);
  preloadModelClient(provider);
};

export const authorized = step<Values>()({
  makes: 'authorized',
  needs: ['request', 'trigger', 'api'],
  async run({ request, trigger, api }) {
    const authorizing = authorize(trigger, parseAllowedBots(request.inputs.allowed_bots), (login) => api!.permission(login));
    // While GitHub answers: load what comes next — once the permission request is out (a module loads on the main thread, and would hold it back).
    setImmediate(() => preload(request.inputs.provider));
    const authorization = await authorizing;
    if (!authorization.ok) throw new Skip(authorization.reason);
    return true as const;
  },
});
