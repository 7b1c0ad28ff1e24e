// How a run is stopped from outside: a SIGTERM or SIGINT (the job was
// cancelled) or the wall-clock limit. The agent stops at once through the
// signal; a cancelled run that has not begun to report its ending within the
// grace period is ended from here, so a step that does not listen (a GitHub
// call being retried with backoff) cannot outlast the runner's grace period
// and leave the tracking comment "working".

/** Why the run was aborted: a deadline or a cancellation (SIGTERM). */
export class StopReason {
  constructor(readonly kind: 'timeout' | 'cancelled') {}
}

export class Cancellation {
  private readonly controller = new AbortController();
  private readonly graceListeners: Array<() => void> = [];
  private ending = false;

  constructor(private readonly graceMs: number) {}

  /** Aborted with a StopReason: 'cancelled' (a signal) or 'timeout'. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The job was cancelled (not the timeout, which stops only the agent). */
  get cancelled(): boolean {
    const reason: unknown = this.controller.signal.reason;
    return this.controller.signal.aborted && reason instanceof StopReason && reason.kind === 'cancelled';
  }

  cancel(): void {
    this.controller.abort(new StopReason('cancelled'));
    setTimeout(() => {
      if (!this.ending) for (const listener of this.graceListeners) listener();
    }, this.graceMs).unref();
  }

  timeOut(): void {
    this.controller.abort(new StopReason('timeout'));
  }

  /** Called once the grace period after a cancellation has passed with the run's ending not yet begun. */
  onGraceExpired(listener: () => void): void {
    this.graceListeners.push(listener);
  }

  /** The run has begun to report how it ended: from now on it ends on its own. */
  endingBegun(): void {
    this.ending = true;
  }
}

/** What every stage of a run is given besides its values: where it reports, how it is stopped, and what to stop when the run ends. */
export interface RunIo {
  log: (line: string) => void;
  warn: (message: string) => void;
  cancellation: Cancellation;
  /** Something the run started that must be stopped when it ends, however it ends (an MCP server). */
  atEnd: (stop: () => Promise<void>) => void;
}
