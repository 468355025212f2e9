// A list item deleted after a confirmation takes with it the button that opened the dialog, where
// the browser gives the focus back when a dialog closes: it fell to <body>, and a keyboard or
// screen-reader user started again from the top of the page.
import { useCallback, useRef } from "react";

/** The item buttons of a list carry `data-removes="<item id>"`. */
const ITEM_BUTTONS = "[data-removes]";

/**
 * `note(id)` marks the place of the item about to go (before its list reloads); `restore()`, once
 * the list is shown without it, gives the focus to the same button of the item now in its place
 * (the new last one when it was last), or to `fallback` when the list is empty. Nothing moves when
 * something holds the focus (the opener of an item that stayed, or a Cancel).
 */
export function useFocusAfterRemoval(fallback: () => HTMLElement | null) {
  const place = useRef<number | null>(null);
  const note = useCallback((id: string) => {
    const buttons = Array.from(document.querySelectorAll<HTMLElement>(ITEM_BUTTONS));
    const index = buttons.findIndex((button) => button.dataset.removes === id);
    place.current = index < 0 ? null : index;
  }, []);
  const restore = useCallback(() => {
    const at = place.current;
    place.current = null;
    if (at === null || !focusLost()) return;
    const buttons = Array.from(document.querySelectorAll<HTMLElement>(ITEM_BUTTONS));
    const target = buttons[Math.min(at, buttons.length - 1)] ?? fallback();
    target?.focus();
  }, [fallback]);
  return { note, restore };
}

/**
 * Nothing a user can see holds the focus: <body>, or a control of a dialog just closed (whose
 * opener was gone for the browser to give it back to), before the browser moves it to <body>.
 */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest("dialog:not([open])") !== null;
}

/** The page's heading, focusable by script only: where the focus goes when a list is left empty. */
export function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("#main h1");
  if (heading) heading.tabIndex = -1;
  return heading;
}
