// Events that happen while something else runs (the calls of a parallel
// batch), handed to an async generator as they come: `push` from the running
// side, `until(done)` to yield them in order until `done` settles and none is
// left.
export class Channel<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | undefined;

  push(item: T): void {
    this.items.push(item);
    this.wake?.();
  }

  async *until(done: Promise<unknown>): AsyncGenerator<T, void> {
    let finished = false;
    const finish = () => {
      finished = true;
      this.wake?.();
    };
    done.then(finish, finish);
    for (;;) {
      while (this.items.length > 0) yield this.items.shift()!;
      if (finished) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
