import { describe, expect, it } from "vitest";
import { createDiscoveryCache } from "./discovery-cache.server.ts";

function counter() {
  let calls = 0;
  return {
    compute: (value: string) => async () => {
      calls += 1;
      return `${value}#${calls}`;
    },
    calls: () => calls,
  };
}

describe("discovery cache", () => {
  it("computes a view once while it is kept, then again once it expires", async () => {
    let clock = 1_000;
    const cache = createDiscoveryCache({ ttlMs: 2_000, now: () => clock });
    const c = counter();
    expect(await cache.remember("suits", c.compute("counts"))).toBe("counts#1");
    clock += 1_999;
    expect(await cache.remember("suits", c.compute("counts"))).toBe("counts#1");
    clock += 1;
    expect(await cache.remember("suits", c.compute("counts"))).toBe("counts#2");
    expect(c.calls()).toBe(2);
  });

  it("forgets everything on clear (a catalogue change is seen by the next request)", async () => {
    const cache = createDiscoveryCache({ ttlMs: 60_000 });
    const c = counter();
    await cache.remember("suits", c.compute("old"));
    await cache.remember("shirts", c.compute("old"));
    cache.clear();
    expect(cache.size()).toBe(0);
    expect(await cache.remember("suits", c.compute("new"))).toBe("new#3");
  });

  it("shares one computation between concurrent requests for the same view", async () => {
    const cache = createDiscoveryCache();
    const c = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.remember("q", c.compute("x"))));
    expect(answers).toEqual(["x#1", "x#1", "x#1"]);
    expect(c.calls()).toBe(1);
  });

  it("does not keep a failure", async () => {
    const cache = createDiscoveryCache();
    await expect(cache.remember("q", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.remember("q", async () => "ok")).toBe("ok");
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const cache = createDiscoveryCache({ maxEntries: 2 });
    const c = counter();
    await cache.remember("a", c.compute("a"));
    await cache.remember("b", c.compute("b"));
    await cache.remember("c", c.compute("c"));
    expect(cache.size()).toBe(2);
    expect(await cache.remember("a", c.compute("a"))).toBe("a#4");
  });

  it("keeps nothing with a lifetime of 0", async () => {
    const cache = createDiscoveryCache({ ttlMs: 0 });
    const c = counter();
    await cache.remember("q", c.compute("x"));
    await cache.remember("q", c.compute("x"));
    expect(c.calls()).toBe(2);
    expect(cache.size()).toBe(0);
  });
});
