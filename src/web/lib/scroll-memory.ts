// Where a page starts after a client-side navigation, and where each page of this tab's history
// was scrolled to, so Back (and Forward) returns there.
// The browser restores the position itself at once, while the page being left is still shown:
// a long page (the home page) coming back over a shorter one (a product) was cut to the short
// page's height. The place is therefore taken again once the page has rendered. It is kept
// relative to a marked block (`data-scroll-anchor`) when the page has them: the home page's
// sections below the screen are laid out at an estimated height until they near it (decision
// 048), so a pixel offset from the top would land in another section.

type Place = { y: number; anchor: string | null; offset: number };

const places = new Map<string, Place>();
let currentKey: string | null = null;
let returning = false;
let frame = 0;

function where(): Place {
  for (const block of document.querySelectorAll<HTMLElement>("[data-scroll-anchor]")) {
    const top = block.getBoundingClientRect();
    if (top.bottom > 0) return { y: window.scrollY, anchor: block.dataset.scrollAnchor ?? null, offset: top.top };
  }
  return { y: window.scrollY, anchor: null, offset: 0 };
}

let listening = false;

function remember() {
  frame = 0;
  // Between Back and the page's render the scroll belongs to neither page.
  if (currentKey !== null && !returning) places.set(currentKey, where());
}

/**
 * Starts keeping the place of the page shown under `key` (its history entry's key), from where
 * it is now: the shopper may have scrolled before this module arrived.
 */
export function startScrollMemory(key: string): void {
  currentKey = key;
  remember();
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
  if (back) {
    const place = places.get(key);
    if (!place) return;
    const block = place.anchor === null ? null : document.querySelector(`[data-scroll-anchor="${CSS.escape(place.anchor)}"]`);
    window.scrollTo(0, block ? block.getBoundingClientRect().top + window.scrollY - place.offset : place.y);
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
