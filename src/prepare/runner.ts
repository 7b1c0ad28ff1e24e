// A small runner for declared steps: each step names the value it makes and
// the values it needs, and starts as soon as those exist — so steps that do
// not depend on each other overlap, as GitHub round trips should. A step that
// throws ends the whole run; one that throws a Skip ends it as a skip. When
// the run ends early, no step that has not started yet starts, and the steps
// whose value the ending reports (the tracking comment) are waited for first.
import type { RunIo } from '../core/run.js';

/** A step's way of saying the run ends here, as a skip: nothing more is done, and no model is called. */
export class Skip extends Error {
  override name = 'Skip';
}

/** A step that was not started because the run had already ended. */
class Abandoned extends Error {}

/** What a step's `run` is given: the values it needs, and the ones it takes `later` as promises (it starts its own work before they exist). */
export type StepValues<V, N extends keyof V, L extends keyof V> = { [K in N]: V[K] } & { [K in L]: Promise<V[K]> };

export interface Step<V> {
  /** The value it makes. */
  readonly makes: keyof V;
  /** The values it waits for; when several fail, the first one named here is the run's failure. */
  readonly needs: ReadonlyArray<keyof V>;
  readonly later: ReadonlyArray<keyof V>;
  /** The ending reports what it makes (the tracking comment): when the run fails elsewhere, it is waited for first. */
  readonly reported: boolean;
  run(values: never, io: RunIo): unknown;
}

/** Declares a step over the values `V` (`step<Values>()({...})`), checking its needs and what it makes against them. */
export function step<V>() {
  return <M extends keyof V, N extends keyof V = never, L extends keyof V = never>(declared: {
    makes: M;
    needs?: readonly N[];
    later?: readonly L[];
    reported?: boolean;
    run(values: StepValues<V, N, L>, io: RunIo): V[M] | Promise<V[M]>;
  }): Step<V> => ({ needs: [], later: [], reported: false, ...declared }) as unknown as Step<V>;
}

export type Ran<V> = { kind: 'done'; values: V } | { kind: 'skip'; reason: string };

/**
 * Runs every step, each once its needs exist, and gives back every value once
 * `last` is made — or the skip or the failure that ended the run (after the
 * reported steps have settled). `given` are values that need no step;
 * `onMade` hears each value as it is made.
 */
export async function runSteps<V>(steps: ReadonlyArray<Step<V>>, given: Partial<V>, last: keyof V, io: RunIo, onMade: (name: keyof V, value: unknown) => void = () => undefined): Promise<Ran<V>> {
  const byName = new Map(steps.map((s) => [s.makes, s] as const));
  const values = { ...given } as V;
  const made = new Map<keyof V, Promise<unknown>>(Object.keys(given).map((name) => [name as keyof V, Promise.resolve(given[name as keyof V])]));
  let ended = false;
  const start = (name: keyof V): Promise<unknown> => {
    const existing = made.get(name);
    if (existing) return existing;
    const declared = byName.get(name);
    if (!declared) throw new Error(`No step makes ${String(name)}.`);
    const running = (async () => {
      // Every need is started at once and waited for in the order named.
      const needed = declared.needs.map(start);
      const input: Record<string, unknown> = {};
      for (const [i, need] of declared.needs.entries()) input[need as string] = await needed[i];
      for (const later of declared.later) input[later as string] = start(later);
      if (ended) throw new Abandoned();
      const value = await declared.run(input as never, io);
      values[name] = value as V[keyof V];
      onMade(name, value);
      return value;
    })();
    running.catch(() => undefined); // awaited by whoever needs it, or by the ending
    made.set(name, running);
    return running;
  };
  for (const declared of steps) start(declared.makes);
  try {
    await start(last);
    return { kind: 'done', values };
  } catch (err) {
    ended = true;
    await Promise.allSettled(steps.filter((s) => s.reported).map((s) => made.get(s.makes)));
    if (err instanceof Skip) return { kind: 'skip', reason: err.message };
    throw err;
  }
}
