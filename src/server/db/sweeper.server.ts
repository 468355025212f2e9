// The loop of a background worker that sweeps the database (mail delivery, payment
// reconciliation, the sweep of unused uploads): one sweep at a time, every `intervalMs` and on
// demand. A failed sweep is logged (once while the database is away, see createSweepLog) and the
// next one tries again; nothing a sweep throws reaches the process.
import { createSweepLog } from "./database-errors.server.ts";

export type SweeperOptions = {
  /** Names the worker in the log ("mail delivery"). */
  name: string;
  intervalMs: number;
  /** Sweeps at once as well, not only after the first interval. */
  sweepAtStart: boolean;
  /** On stop, how long a sweep under way may run before its signal aborts it; without it, as long as it takes. */
  stopGraceMs?: number;
  run: (signal: AbortSignal) => Promise<unknown>;
};

export type Sweeper = {
  /** Runs a sweep now, or waits for the one under way. */
  sweep(): Promise<void>;
  /** Stops sweeping and waits for a sweep under way, so the database can close under it. */
  stop(): Promise<void>;
};

/** The sweep's promise; a sweep that throws before it returns one fails like one that rejects. */
function runOnce(run: SweeperOptions["run"], signal: AbortSignal): Promise<unknown> {
  try {
    return run(signal);
  } catch (error) {
    return Promise.reject(error);
  }
}

export function startSweeper(options: SweeperOptions): Sweeper {
  let current: Promise<void> | null = null;
  let stopped = false;
  const abandon = new AbortController();
  const log = createSweepLog(options.name);
  const sweep = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    current ??= runOnce(options.run, abandon.signal)
      .then(() => log.succeeded())
      .catch((error: unknown) => log.failed(error))
      .finally(() => {
        current = null;
      });
    return current;
  };
  if (options.sweepAtStart) void sweep();
  const timer = setInterval(() => void sweep(), options.intervalMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      const deadline = options.stopGraceMs === undefined ? undefined : setTimeout(() => abandon.abort(), options.stopGraceMs);
      await current;
      clearTimeout(deadline);
    },
  };
}
