import { afterEach, describe, expect, it, vi } from "vitest";
import { startSweeper, type Sweeper } from "./sweeper.server.ts";

let sweeper: Sweeper | undefined;
afterEach(async () => {
  await sweeper?.stop();
  sweeper = undefined;
});

describe("a background sweeper", () => {
  it("runs one sweep at a time: a sweep asked for while one runs waits for that one", async () => {
    let runs = 0;
    let finish!: () => void;
    sweeper = startSweeper({ name: "test", intervalMs: 60_000, sweepAtStart: false, run: () => ((runs += 1), new Promise<void>((resolve) => (finish = resolve))) });
    const first = sweeper.sweep();
    const second = sweeper.sweep();
    expect(runs).toBe(1);
    finish();
    await Promise.all([first, second]);
    // Once it is over, the next one runs.
    const third = sweeper.sweep();
    expect(runs).toBe(2);
    finish();
    await third;
  });

  it("logs a failed sweep and tries again at the next; nothing reaches the caller", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let runs = 0;
    sweeper = startSweeper({ name: "test", intervalMs: 60_000, sweepAtStart: true, run: async () => ((runs += 1), Promise.reject(new Error("boom"))) });
    await sweeper.sweep();
    expect(runs).toBe(1);
    await sweeper.sweep();
    expect(runs).toBe(2);
    // One that throws before it even starts is no different.
    const throwing = startSweeper({ name: "test", intervalMs: 60_000, sweepAtStart: false, run: () => { throw new Error("at once"); } });
    await expect(throwing.sweep()).resolves.toBeUndefined();
    await throwing.stop();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it("stops: no sweep after, the one under way awaited, and aborted once the grace is over", async () => {
    let aborted = false;
    sweeper = startSweeper({
      name: "test",
      intervalMs: 60_000,
      sweepAtStart: true,
      stopGraceMs: 20,
      run: (signal) => new Promise<void>((resolve) => signal.addEventListener("abort", () => ((aborted = true), resolve()))),
    });
    await sweeper.stop();
    expect(aborted).toBe(true);
    // Stopped, it sweeps no more, whoever asks.
    let runsAfterStop = 0;
    const stopped = startSweeper({ name: "test", intervalMs: 60_000, sweepAtStart: false, run: async () => void (runsAfterStop += 1) });
    await stopped.stop();
    await stopped.sweep();
    expect(runsAfterStop).toBe(0);
  });
});
