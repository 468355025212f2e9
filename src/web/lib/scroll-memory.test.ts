// The scroll memory listens once per document, however often the component that starts it mounts
// (the back office and the shop swap layouts).
import { afterEach, describe, expect, it, vi } from "vitest";

describe("startScrollMemory", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("adds its scroll and popstate listeners once, even when started again", async () => {
    const addEventListener = vi.fn();
    vi.stubGlobal("window", { addEventListener, scrollY: 0 });
    const { startScrollMemory } = await import("./scroll-memory.ts");
    startScrollMemory("first");
    startScrollMemory("second");
    expect(addEventListener.mock.calls.map(([type]) => type).sort()).toEqual(["popstate", "scroll"]);
  });
});
