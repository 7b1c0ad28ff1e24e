// The runner of prepare's declared steps (src/prepare/runner.ts): each step
// starts as soon as what it needs exists, independent steps overlap, one
// failure or skip ends the run, and a reported step is waited for first.
import { describe, expect, it } from 'vitest';
import { Cancellation } from '../../src/core/run.js';
import { runSteps, Skip, step } from '../../src/prepare/runner.js';
import { recordingIo } from '../helpers/prepare.js';

interface V {
  a: string;
  b: string;
  c: string;
  d: string;
  seed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const io = () => recordingIo(new Cancellation(1_000));
const declare = step<V>();

/** A promise with its resolve, for a test to learn when a step has got somewhere. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('runSteps', () => {
  // Steps long enough that a busy machine (another test file in the other worker) cannot blur "at once" into "one after the other".
  it('runs two steps that need nothing of each other at once: two 200 ms steps take about 200 ms, not 400', async () => {
    const steps = [
      declare({ makes: 'a', run: async () => (await sleep(200), 'a') }),
      declare({ makes: 'b', run: async () => (await sleep(200), 'b') }),
      declare({ makes: 'c', needs: ['a', 'b'], run: ({ a, b }) => a + b }),
    ];
    const begun = performance.now();
    const ran = await runSteps(steps, {}, 'c', io());
    const took = performance.now() - begun;
    expect(ran).toEqual({ kind: 'done', values: { a: 'a', b: 'b', c: 'ab' } });
    expect(took).toBeGreaterThanOrEqual(195);
    expect(took).toBeLessThan(350);
  });

  it('starts a step as soon as its needs exist, while a step it does not need is still running', async () => {
    const at: Record<string, number> = {};
    const begun = performance.now();
    const steps = [
      declare({ makes: 'a', run: async () => (await sleep(10), 'a') }),
      declare({ makes: 'b', run: async () => (await sleep(400), (at.b = performance.now() - begun), 'b') }),
      declare({ makes: 'c', needs: ['a'], run: ({ a }) => ((at.c = performance.now() - begun), `${a}c`) }),
      declare({ makes: 'd', needs: ['b', 'c'], run: ({ b, c }) => b + c }),
    ];
    const ran = await runSteps(steps, {}, 'd', io());
    expect(ran).toMatchObject({ kind: 'done', values: { d: 'bac' } });
    expect(at.c).toBeLessThan(300);
    expect(at.c).toBeLessThan(at.b!);
  });

  it('a value in `given` needs no step, and each value made is heard by onMade as it is made', async () => {
    const heard: Array<[string, unknown]> = [];
    const steps = [
      declare({ makes: 'a', needs: ['seed'], run: ({ seed }) => `a${seed}` }),
      declare({ makes: 'b', needs: ['a'], run: ({ a }) => `${a}b` }),
    ];
    const ran = await runSteps(steps, { seed: 7 }, 'b', io(), (name, value) => heard.push([name, value]));
    expect(ran).toEqual({ kind: 'done', values: { seed: 7, a: 'a7', b: 'a7b' } });
    expect(heard).toEqual([
      ['a', 'a7'],
      ['b', 'a7b'],
    ]);
  });

  it('when two needs fail, the failure of the one named first in `needs` is the run\'s, even if the other failed earlier', async () => {
    const steps = [
      declare({ makes: 'a', run: async () => (await sleep(40), Promise.reject(new Error('a failed'))) }),
      declare({ makes: 'b', run: async () => (await sleep(5), Promise.reject(new Error('b failed'))) }),
      declare({ makes: 'c', needs: ['a', 'b'], run: () => 'c' }),
    ];
    await expect(runSteps(steps, {}, 'c', io())).rejects.toThrow('a failed');
    const swapped = [steps[0]!, steps[1]!, declare({ makes: 'c', needs: ['b', 'a'], run: () => 'c' })];
    await expect(runSteps(swapped, {}, 'c', io())).rejects.toThrow('b failed');
  });

  it('a step that throws Skip ends the run as a skip with its reason, and what needs it never runs', async () => {
    let ranAfter = false;
    const steps = [
      declare({ makes: 'a', run: () => Promise.reject(new Skip('nothing to do here.')) }),
      declare({ makes: 'b', needs: ['a'], run: () => ((ranAfter = true), 'b') }),
    ];
    expect(await runSteps(steps, {}, 'b', io())).toEqual({ kind: 'skip', reason: 'nothing to do here.' });
    expect(ranAfter).toBe(false);
  });

  it('waits for a reported step before it gives back a failure: the slow step finishes and its value reaches onMade', async () => {
    const heard: string[] = [];
    const steps = [
      declare({ makes: 'a', reported: true, run: async () => (await sleep(60), 'the comment') }),
      declare({ makes: 'b', run: () => Promise.reject(new Error('no key')) }),
      declare({ makes: 'c', needs: ['b', 'a'], run: () => 'c' }),
    ];
    const begun = performance.now();
    const failure = await runSteps(steps, {}, 'c', io(), (name, value) => heard.push(`${name}=${String(value)}`)).catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('no key');
    // The failure came at once, but the run ended only after the reported step.
    expect(performance.now() - begun).toBeGreaterThanOrEqual(55);
    expect(heard).toEqual(['a=the comment']);
  });

  it('waits for a reported step before it gives back a skip too', async () => {
    const heard: string[] = [];
    const steps = [
      declare({ makes: 'a', reported: true, run: async () => (await sleep(40), 'the comment') }),
      declare({ makes: 'b', run: () => Promise.reject(new Skip('not ours.')) }),
      declare({ makes: 'c', needs: ['b', 'a'], run: () => 'c' }),
    ];
    expect(await runSteps(steps, {}, 'c', io(), (name) => heard.push(name))).toEqual({ kind: 'skip', reason: 'not ours.' });
    expect(heard).toEqual(['a']);
  });

  it('never runs a step whose needs exist only after the run failed: its side effect does not happen', async () => {
    const slowDone = signal();
    let posted = false;
    const steps = [
      declare({ makes: 'a', run: async () => (await sleep(30), slowDone.resolve(), 'a') }),
      declare({ makes: 'b', needs: ['a'], run: () => ((posted = true), 'b') }),
      declare({ makes: 'c', run: () => Promise.reject(new Error('the model has no key')) }),
      declare({ makes: 'd', needs: ['c', 'b'], run: () => 'd' }),
    ];
    await expect(runSteps(steps, {}, 'd', io())).rejects.toThrow('the model has no key');
    expect(posted).toBe(false);
    // The need is made after the run ended; what needs it is not started.
    await slowDone.promise;
    await sleep(5);
    expect(posted).toBe(false);
  });

  it('gives a `later` value as a promise: the step starts before that value exists, and may await it', async () => {
    let bMadeAt = 0;
    let cStartedAt = 0;
    let given: unknown;
    const begun = performance.now();
    const steps = [
      declare({ makes: 'a', run: () => 'a' }),
      declare({ makes: 'b', run: async () => (await sleep(50), (bMadeAt = performance.now() - begun), 'b') }),
      declare({
        makes: 'c',
        needs: ['a'],
        later: ['b'],
        async run({ a, b }) {
          cStartedAt = performance.now() - begun;
          given = b;
          return `${a}${await b}c`;
        },
      }),
    ];
    const ran = await runSteps(steps, {}, 'c', io());
    expect(ran).toMatchObject({ kind: 'done', values: { c: 'abc' } });
    expect(given).toBeInstanceOf(Promise);
    expect(cStartedAt).toBeLessThan(bMadeAt);
  });

  it('a `later` value that fails reaches the step as a rejected promise, which the step may turn into a value', async () => {
    const steps = [
      declare({ makes: 'a', run: () => Promise.reject(new Error('unreadable')) }),
      declare({ makes: 'b', later: ['a'], run: ({ a }) => a.then((value) => value, (err: Error) => `without a (${err.message})`) }),
    ];
    expect(await runSteps(steps, {}, 'b', io())).toMatchObject({ kind: 'done', values: { b: 'without a (unreadable)' } });
  });

  it('a need that no step makes fails the run, naming it', async () => {
    const steps = [declare({ makes: 'b', needs: ['a'], run: ({ a }) => a })];
    await expect(runSteps(steps, {}, 'b', io())).rejects.toThrow('No step makes a.');
  });
});
