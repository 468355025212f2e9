import { describe, expect, it } from "vitest";
import type { DbOrTx } from "./client.server.ts";
import { sharedRead, withSharedReads } from "./request-reads.server.ts";

// Only the handle's identity matters to the scope.
const handle = () => ({}) as unknown as DbOrTx;

function counter(values: unknown[]) {
  let calls = 0;
  return {
    read: () => {
      const value = values[Math.min(calls, values.length - 1)];
      calls += 1;
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    },
    get calls() {
      return calls;
    },
  };
}

describe("reads shared within one read-only request", () => {
  it("asks the database once for loaders that read the same row side by side", async () => {
    const db = handle();
    const row = counter(["Savile & Sons"]);
    const answers = await withSharedReads(() => Promise.all([sharedRead(db, "shop-settings", row.read), sharedRead(db, "shop-settings", row.read)]));
    expect(answers).toEqual(["Savile & Sons", "Savile & Sons"]);
    expect(row.calls).toBe(1);
  });

  it("reads different rows, and the same row on another handle, separately", async () => {
    const db = handle();
    const other = handle();
    const shop = counter(["shop"]);
    const prices = counter(["prices"]);
    await withSharedReads(() => Promise.all([sharedRead(db, "shop-settings", shop.read), sharedRead(db, "price-settings", prices.read), sharedRead(other, "shop-settings", shop.read)]));
    expect(shop.calls).toBe(2);
    expect(prices.calls).toBe(1);
  });

  it("reads again in the next request, so an admin's change shows at once", async () => {
    const db = handle();
    const row = counter(["before", "after"]);
    expect(await withSharedReads(() => sharedRead(db, "shop-settings", row.read))).toBe("before");
    expect(await withSharedReads(() => sharedRead(db, "shop-settings", row.read))).toBe("after");
  });

  it("reads every time outside a request's scope (actions, jobs)", async () => {
    const db = handle();
    const row = counter(["before", "after"]);
    expect(await sharedRead(db, "shop-settings", row.read)).toBe("before");
    expect(await sharedRead(db, "shop-settings", row.read)).toBe("after");
  });

  it("does not share a failed read: the next loader tries again", async () => {
    const db = handle();
    const row = counter([new Error("connection reset"), "recovered"]);
    const [first, second] = await withSharedReads(async () => {
      const failed = await sharedRead(db, "shop-settings", row.read).catch((error: Error) => error.message);
      return [failed, await sharedRead(db, "shop-settings", row.read)];
    });
    expect(first).toBe("connection reset");
    expect(second).toBe("recovered");
  });
});
