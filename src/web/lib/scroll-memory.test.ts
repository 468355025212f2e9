// The scroll memory listens once per document, however often the component that starts it mounts
// (the back office and the shop swap layouts).
import { afterEach, describe, expect, it, vi } from "vitest";

describe("startScrollMemory", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("adds its scroll, click and popstate listeners once, even when started again", async () => {
    const addEventListener = vi.fn();
    vi.stubGlobal("window", { addEventListener, scrollY: 0 });
    vi.stubGlobal("document", { querySelectorAll: () => [] });
    const { startScrollMemory } = await import("./scroll-memory.ts");
    startScrollMemory("first");
    startScrollMemory("second");
    expect(addEventListener.mock.calls.map(([type]) => type).sort()).toEqual(["click", "popstate", "scroll"]);
  });

  it("a press notes the place at once, before the frame that follows a scroll: Back returns there", async () => {
    vi.resetModules();
    const handlers = new Map<string, () => void>();
    const scrollTo = vi.fn();
    const view = { scrollY: 3000, addEventListener: (type: string, handler: () => void) => handlers.set(type, handler), scrollTo };
    vi.stubGlobal("window", view);
    vi.stubGlobal("requestAnimationFrame", () => 1);
    // The section the shopper looks at sits 40 px below the top of the screen.
    const section = { dataset: { scrollAnchor: "white-wear" }, getBoundingClientRect: () => ({ top: 40, bottom: 900 }) };
    vi.stubGlobal("document", { querySelectorAll: () => [section], querySelector: () => section });
    vi.stubGlobal("CSS", { escape: (text: string) => text });
    const { arriveAt, startScrollMemory } = await import("./scroll-memory.ts");
    startScrollMemory("home");
    handlers.get("scroll")!(); // the frame that would note it never comes
    handlers.get("click")!();
    arriveAt("product", { back: false, keep: false, hash: "" });
    arriveAt("home", { back: true, keep: false, hash: "" });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 40 + 3000 - 40);
  });

  it("arriving after the shopper has scrolled, it notes that place at once: Back returns there", async () => {
    vi.resetModules();
    const scrollTo = vi.fn();
    vi.stubGlobal("window", { scrollY: 5200, addEventListener: () => {}, scrollTo });
    // The section in view sits 40 px below the top of the screen; no scroll or press follows.
    const section = { dataset: { scrollAnchor: "denim" }, getBoundingClientRect: () => ({ top: 40, bottom: 900 }) };
    vi.stubGlobal("document", { querySelectorAll: () => [section], querySelector: () => section });
    vi.stubGlobal("CSS", { escape: (text: string) => text });
    const { arriveAt, startScrollMemory } = await import("./scroll-memory.ts");
    startScrollMemory("home");
    arriveAt("product", { back: false, keep: false, hash: "" });
    arriveAt("home", { back: true, keep: false, hash: "" });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 40 + 5200 - 40);
  });
});
