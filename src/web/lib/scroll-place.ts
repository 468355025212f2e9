// Where a page is scrolled to, as the scroll memory (scroll-memory.ts) keeps it: relative to the
// marked block (`data-scroll-anchor`) on the screen. Small and in the first load, so that a link
// followed before the memory itself has arrived still notes the place it leaves (`noteEarly`).

export type Place = { y: number; anchor: string | null; offset: number };

/**
 * The block that starts on the screen, or else the one that fills it. A block mostly above the
 * screen is a poor mark: its top moves with its own height, which until it is drawn is an
 * estimate (the shopper may press a link in the same moment as the scroll that brought it near).
 */
export function where(): Place {
  let covering: Place | null = null;
  for (const block of document.querySelectorAll<HTMLElement>("[data-scroll-anchor]")) {
    const { top, bottom } = block.getBoundingClientRect();
    if (bottom <= 0) continue;
    const place = { y: window.scrollY, anchor: block.dataset.scrollAnchor ?? null, offset: top };
    if (top >= 0) return top < window.innerHeight ? place : (covering ?? place);
    covering ??= place;
  }
  return covering ?? { y: window.scrollY, anchor: null, offset: 0 };
}

/** Places noted by presses before the memory started, by history entry key. */
export const notedBeforeStart = new Map<string, Place>();

/** Notes the place of the page a press may leave, under its history entry's key (the router's). */
function noteEarly() {
  notedBeforeStart.set((history.state as { key?: string } | null)?.key || "default", where());
}

/** Called as the app's scripts start, before the scroll memory has arrived. */
export function startNotingEarly(): void {
  window.addEventListener("click", noteEarly, { capture: true, passive: true });
}

/** The memory has started: it notes every place itself from now on, and reads these once. */
export function stopNotingEarly(): void {
  window.removeEventListener("click", noteEarly, { capture: true });
}
