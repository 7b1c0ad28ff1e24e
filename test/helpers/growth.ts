// How the time of a scan grows with its input: the guard for "every scan of
// text Deckhand did not write runs in linear time" (issue 27). A bound on the
// time itself would flake on a loaded machine or pass on a fast one; the
// ratio between an input and one four times as long does neither: about 4
// when the work is linear, 16 when it is quadratic, 64 when cubic.

/** The time of one call of `run`, from enough calls to last `ms` (the least of `tries` measurements: noise only adds). */
export function timePerCall(run: () => unknown, ms = 20, tries = 3): number {
  let best = Infinity;
  for (let t = 0; t < tries; t++) {
    let calls = 0;
    const started = performance.now();
    let elapsed = 0;
    do {
      run();
      calls++;
      elapsed = performance.now() - started;
    } while (elapsed < ms);
    best = Math.min(best, elapsed / calls);
  }
  return best;
}

/**
 * How many times longer `scan` takes on `make(4 * n)` than on `make(n)`.
 * Linear work gives about 4; a test allows up to 8, which quadratic work (16)
 * never meets. A ratio past LINEAR is measured again, up to twice, and the
 * least kept: a neighbour's burst (another test file in the other worker)
 * slows one side once, while quadratic work is slow every time.
 */
export function growth(scan: (input: string) => unknown, make: (n: number) => string, n: number): number {
  let least = Infinity;
  for (let attempt = 0; attempt < 3 && least >= LINEAR; attempt++) least = Math.min(least, growthOnce(scan, make, n));
  return least;
}

function growthOnce(scan: (input: string) => unknown, make: (n: number) => string, n: number): number {
  const small = make(n);
  const large = make(4 * n);
  // Both compiled and warm before either is timed, and each timed twice, in turn: the
  // engine's optimising tiers, a collection or a busy neighbour then slow one side alone.
  timePerCall(() => scan(small), 10, 1);
  timePerCall(() => scan(large), 10, 1);
  let [smallTime, largeTime] = [Infinity, Infinity];
  for (let round = 0; round < 2; round++) {
    smallTime = Math.min(smallTime, timePerCall(() => scan(small)));
    largeTime = Math.min(largeTime, timePerCall(() => scan(large)));
  }
  return largeTime / smallTime;
}

/** The most `growth` may be for work that grows linearly with its input (4, with room for a busy machine). */
export const LINEAR = 8;

/** `growth` for a scan that answers later (each call awaited in turn), warmed, timed and measured again as `growth` is. */
export async function growthAsync(scan: (input: string) => Promise<unknown>, make: (n: number) => string, n: number): Promise<number> {
  let least = Infinity;
  for (let attempt = 0; attempt < 3 && least >= LINEAR; attempt++) least = Math.min(least, await growthOnceAsync(scan, make, n));
  return least;
}

async function growthOnceAsync(scan: (input: string) => Promise<unknown>, make: (n: number) => string, n: number): Promise<number> {
  const timeOf = async (input: string, ms = 20, tries = 3) => {
    let best = Infinity;
    for (let t = 0; t < tries; t++) {
      let calls = 0;
      const started = performance.now();
      do {
        await scan(input);
        calls++;
      } while (performance.now() - started < ms);
      best = Math.min(best, (performance.now() - started) / calls);
    }
    return best;
  };
  const small = make(n);
  const large = make(4 * n);
  await timeOf(small, 10, 1);
  await timeOf(large, 10, 1);
  let [smallTime, largeTime] = [Infinity, Infinity];
  for (let round = 0; round < 2; round++) {
    smallTime = Math.min(smallTime, await timeOf(small));
    largeTime = Math.min(largeTime, await timeOf(large));
  }
  return largeTime / smallTime;
}
