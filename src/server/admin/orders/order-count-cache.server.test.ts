import { describe, expect, it } from "vitest";
import { cachedOrderCount, forgetOrderCounts, ORDER_COUNT_TTL_MS } from "./order-count-cache.server.ts";

function counter(values: number[]) {
  let calls = 0;
  return {
    count: async () => values[calls++] ?? Number.NaN,
    get calls() {
      return calls;
    },
  };
}

describe("the Orders screen's cached count", () => {
  it("shows a count again within its few seconds, then counts anew", async () => {
    const db = {};
    let clock = 1_000;
    const orders = counter([100, 101]);
    expect(await cachedOrderCount(db, "", orders.count, () => clock)).toBe(100);
    clock += ORDER_COUNT_TTL_MS - 1;
    expect(await cachedOrderCount(db, "", orders.count, () => clock)).toBe(100);
    expect(orders.calls).toBe(1);
    clock += 1;
    expect(await cachedOrderCount(db, "", orders.count, () => clock)).toBe(101);
    expect(orders.calls).toBe(2);
  });

  it("keeps each status's count apart, and each database's", async () => {
    const one = {};
    const other = {};
    expect(await cachedOrderCount(one, "", async () => 100)).toBe(100);
    expect(await cachedOrderCount(one, "shipped", async () => 30)).toBe(30);
    expect(await cachedOrderCount(other, "", async () => 7)).toBe(7);
    expect(await cachedOrderCount(one, "", async () => -1)).toBe(100);
  });

  it("shares one count between requests that arrive while it runs", async () => {
    const db = {};
    let finish: (value: number) => void = () => {};
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const first = cachedOrderCount(db, "", slow);
    const second = cachedOrderCount(db, "", slow);
    finish(42);
    expect(await Promise.all([first, second])).toEqual([42, 42]);
    expect(calls).toBe(1);
  });

  it("counts again after this process changed an order, and never keeps a failure", async () => {
    const db = {};
    expect(await cachedOrderCount(db, "", async () => 5)).toBe(5);
    forgetOrderCounts(db);
    expect(await cachedOrderCount(db, "", async () => 6)).toBe(6);
    forgetOrderCounts(db);
    await expect(cachedOrderCount(db, "", async () => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    expect(await cachedOrderCount(db, "", async () => 8)).toBe(8);
  });
});
