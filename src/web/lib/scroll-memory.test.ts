// The scroll memory listens once per document, however often the component that starts it mounts
// (the back office and the shop swap layouts).
import { afterEach, describe, expect, it, vi } from "vitest";

describe("startScrollMemory", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("adds its scroll, click and popstate listeners once, even when started again", async () => {
    const addEventListener = vi.fn();
    vi.stubGlobal("window", { addEventListener, removeEventListener: () => {}, scrollY: 0 });
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
    const view = { scrollY: 3000, addEventListener: (type: string, handler: () => void) => handlers.set(type, handler), removeEventListener: () => {}, scrollTo };
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
    vi.stubGlobal("window", { scrollY: 5200, addEventListener: () => {}, removeEventListener: () => {}, scrollTo });
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

  it("the shopper back before it arrived: it takes them to the place noted when they left; a press that stayed moves nothing", async () => {
    for (const returned of [true, false]) {
      vi.resetModules();
      const scrollTo = vi.fn();
      // Where the browser put them: the home page cut to the product page's height.
      vi.stubGlobal("window", { scrollY: 1200, innerHeight: 720, addEventListener: () => {}, removeEventListener: () => {}, scrollTo });
      const section = { dataset: { scrollAnchor: "denim" }, getBoundingClientRect: () => ({ top: 8800, bottom: 9969 }) };
      vi.stubGlobal("document", { querySelectorAll: () => [section], querySelector: () => section });
      vi.stubGlobal("CSS", { escape: (text: string) => text });
      const { notedBeforeStart } = await import("./scroll-place.ts");
      // The press on the home page's link, noted before the memory had arrived: denim 40 px down.
      notedBeforeStart.set("home", { y: 9960, anchor: "denim", offset: 40 });
      const { startScrollMemory } = await import("./scroll-memory.ts");
      startScrollMemory("home", returned);
      if (returned) expect(scrollTo).toHaveBeenLastCalledWith(0, 8800 + 1200 - 40);
      else expect(scrollTo).not.toHaveBeenCalled();
    }
  });

  it("keeps the place by the section that starts on the screen, not the one mostly above it", async () => {
    vi.resetModules();
    const scrollTo = vi.fn();
    const view = { scrollY: 11000, innerHeight: 720, addEventListener: () => {}, removeEventListener: () => {}, scrollTo };
    vi.stubGlobal("window", view);
    // Denim ends 40 px down, under the header; white wear starts there.
    let denimTop = -1129;
    let denimHeight = 1169;
    const denim = { dataset: { scrollAnchor: "denim" }, getBoundingClientRect: () => ({ top: denimTop, bottom: denimTop + denimHeight }) };
    const whiteWear = { dataset: { scrollAnchor: "white-wear" }, getBoundingClientRect: () => ({ top: denimTop + denimHeight, bottom: denimTop + denimHeight + 1169 }) };
    const blocks = [denim, whiteWear];
    vi.stubGlobal("document", { querySelectorAll: () => blocks, querySelector: (selector: string) => blocks.find((block) => selector.includes(`"${block.dataset.scrollAnchor}"`)) });
    vi.stubGlobal("CSS", { escape: (text: string) => text });
    const { arriveAt, startScrollMemory } = await import("./scroll-memory.ts");
    startScrollMemory("home");
    arriveAt("product", { back: false, keep: false, hash: "" });
    // Back: the page is new, at the top, and denim is laid out at its estimate until it is drawn.
    view.scrollY = 0;
    denimTop = 9871;
    denimHeight = 1464;
    arriveAt("home", { back: true, keep: false, hash: "" });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 9871 + 1464 - 40);
  });

  it("holds a restored place while the sections above it resize, until the shopper moves the page", async () => {
    vi.resetModules();
    const handlers = new Map<string, () => void>();
    const scrollBy = vi.fn();
    vi.stubGlobal("window", {
      scrollY: 11000,
      innerHeight: 720,
      addEventListener: (type: string, handler: () => void) => handlers.set(type, handler),
      removeEventListener: (type: string) => handlers.delete(type),
      scrollTo: () => {},
      scrollBy,
    });
    let top = 40;
    const section = { isConnected: true, dataset: { scrollAnchor: "white-wear" }, getBoundingClientRect: () => ({ top, bottom: top + 1169 }) };
    vi.stubGlobal("document", { querySelectorAll: () => [section], querySelector: () => section });
    vi.stubGlobal("CSS", { escape: (text: string) => text });
    let resized = () => {};
    const disconnect = vi.fn();
    vi.stubGlobal("requestAnimationFrame", () => 1);
    vi.stubGlobal("cancelAnimationFrame", () => {});
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const { arriveAt, startScrollMemory } = await import("./scroll-memory.ts");
    startScrollMemory("home");
    arriveAt("product", { back: false, keep: false, hash: "" });
    arriveAt("home", { back: true, keep: false, hash: "" });
    // The section above is drawn 296 px shorter than its estimate and the browser leaves it so.
    top = 40 - 296;
    resized();
    expect(scrollBy).toHaveBeenLastCalledWith(0, -296);
    handlers.get("wheel")!();
    expect(disconnect).toHaveBeenCalled();
  });
});
