// Where a page starts after a client-side navigation, and where each page of this tab's history
// was scrolled to, so Back (and Forward) returns there.
// The browser restores the position itself at once, while the page being left is still shown:
// a long page (the home page) coming back over a shorter one (a product) was cut to the short
// page's height. The place is therefore taken again once the page has rendered. It is kept
// relative to a marked block (`data-scroll-anchor`) when the page has them: the home page's
// sections below the screen are laid out at an estimated height until they near it (decision
// 048), so a pixel offset from the top would land in another section. The blocks above the one
// kept are new after Back and take their real height only as they near the screen, after the
// place was taken: it is held (`hold`) until they have settled or the shopper moves.

import { notedBeforeStart, stopNotingEarly, where, type Place } from "./scroll-place.ts";

const places = new Map<string, Place>();
let currentKey: string | null = null;
let returning = false;
let frame = 0;
/** Ends the hold on a restored place, if one is on. */
let letGo: () => void = () => {};

/**
 * How many frames in a row without a block resizing end the hold on a restored place: counted in
 * frames, not time, so a busy device that draws late is waited for as long as it takes.
 */
const SETTLED_FRAMES = 20;
/** What a shopper does to move the page themselves: the hold lets go at once. */
const MOVES = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

let listening = false;

function remember() {
  frame = 0;
  // Between Back and the page's render the scroll belongs to neither page.
  if (currentKey !== null && !returning) places.set(currentKey, where());
}

/**
 * Starts keeping the place of the page shown under `key` (its history entry's key), from where
 * it is now: the shopper may have scrolled before this module arrived. A page `returned` to (Back
 * or Forward before this module arrived) goes to the place noted when it was left.
 */
export function startScrollMemory(key: string, returned = false): void {
  // Pages left by a press before this module arrived (a busy connection); from here on every
  // press is noted by this module's own listener, so the early one stops (one layout read a press).
  stopNotingEarly();
  for (const [left, place] of notedBeforeStart) if ((returned || left !== key) && !places.has(left)) places.set(left, place);
  if (returned) arriveAt(key, { back: true, keep: false, hash: "" });
  else {
    currentKey = key;
    remember();
  }
  // Once per document: the component that starts it mounts again when the back office and the
  // shop swap layouts, and a second pair of listeners would only repeat the work.
  if (listening) return;
  listening = true;
  window.addEventListener("scroll", () => (frame ||= requestAnimationFrame(remember)), { passive: true });
  // A press that leaves the page (a link) is taken at once: on a busy device the frame that would
  // have noted the last scroll can come after the next page has replaced this one.
  window.addEventListener("click", remember, { capture: true, passive: true });
  window.addEventListener("popstate", () => {
    returning = true;
  });
}

/**
 * The page of `key` has rendered. Back or Forward: it goes to where it was left. A link: to the
 * top, or to the part its #hash names; a sort or filter change (`keep`): nowhere.
 */
export function arriveAt(key: string, { back, keep, hash }: { back: boolean; keep: boolean; hash: string }): void {
  // The page left was remembered as it scrolled: its blocks are gone from the document by now.
  currentKey = key;
  returning = false;
  letGo();
  if (back) {
    const place = places.get(key);
    if (!place) return;
    const block = place.anchor === null ? null : document.querySelector(`[data-scroll-anchor="${CSS.escape(place.anchor)}"]`);
    window.scrollTo(0, block ? block.getBoundingClientRect().top + window.scrollY - place.offset : place.y);
    if (block) hold(block, place.offset);
    return;
  }
  if (keep) return;
  let target: HTMLElement | null = null;
  try {
    target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    // A malformed #hash names nothing: start at the top.
  }
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/**
 * Keeps `block` `offset` px from the top of the screen while the blocks of the page resize (the
 * browser's own scroll anchoring keeps whichever element it picks in place, which may be a block
 * that is itself changing height).
 */
function hold(block: Element, offset: number): void {
  if (typeof ResizeObserver === "undefined") return;
  let quiet = 0;
  const observer = new ResizeObserver(() => {
    quiet = 0;
    if (!block.isConnected) return letGo();
    const drift = block.getBoundingClientRect().top - offset;
    if (Math.abs(drift) >= 1) window.scrollBy(0, drift);
  });
  for (const other of document.querySelectorAll("[data-scroll-anchor]")) observer.observe(other);
  let counting = requestAnimationFrame(function count() {
    if (++quiet >= SETTLED_FRAMES) letGo();
    else counting = requestAnimationFrame(count);
  });
  const release = () => letGo();
  for (const type of MOVES) window.addEventListener(type, release, { capture: true, passive: true });
  letGo = () => {
    letGo = () => {};
    observer.disconnect();
    cancelAnimationFrame(counting);
    for (const type of MOVES) window.removeEventListener(type, release, { capture: true });
  };
}
