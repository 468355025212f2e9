import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client.server.ts";
import { startMailWorker, type MailTransport } from "./mail-delivery.server.ts";

/** A database that refuses connections while `down` is set, and has no mail waiting otherwise. */
function flakyDatabase() {
  const state = { down: true, sweeps: 0 };
  const db = {
    execute: async () => {
      state.sweeps++;
      if (state.down) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      return { rows: [] };
    },
  } as unknown as Database;
  return { db, state };
}

const transport: MailTransport = { send: async () => {} };

describe("the mail worker while the database is away", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs the outage once, keeps sweeping, and says when the database is back", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const infos = vi.spyOn(console, "log").mockImplementation(() => {});
    const { db, state } = flakyDatabase();
    const worker = startMailWorker(db, transport, "shop@example.com", 10);
    await vi.waitFor(() => expect(state.sweeps).toBeGreaterThanOrEqual(5));
    expect(errors).toHaveBeenCalledTimes(1);

    state.down = false;
    const sweepsWhenBack = state.sweeps;
    await vi.waitFor(() => expect(state.sweeps).toBeGreaterThan(sweepsWhenBack + 1));
    await worker.stop();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(infos).toHaveBeenCalledWith("mail delivery: the database is back");
  });
});
