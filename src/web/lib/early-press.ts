/**
 * A press on a scripted control before the page's scripts have run (a slow phone shows the page
 * seconds before) would be lost: the control is a `type="button"` with nothing behind it yet.
 * The document's first script remembers the last press on a control marked `data-early-press`,
 * and the control's component takes it once hydrated, as if it had just been pressed.
 *
 * Once React is listening, a press during hydration is both remembered and handed to the
 * control's handler; `handledEarly` keeps that one press from counting twice.
 */

type EarlyPress = { id: string; event: Event };
type EarlyPressWindow = Window & { __earlyPress?: EarlyPress };

/** Runs inline in the document's head, before any control exists. */
export const EARLY_PRESS_SCRIPT =
  'addEventListener("click",function(e){if(document.documentElement.hasAttribute("data-hydrated"))return;' +
  'var t=e.target&&e.target.closest&&e.target.closest("[data-early-press]");if(t)window.__earlyPress={id:t.id,event:e}},true)';

let consumed: Event | null = null;

/** The press remembered for the control `id`, if any, forgotten once taken. */
export function takeEarlyPress(id: string): boolean {
  const early = (window as EarlyPressWindow).__earlyPress;
  if (early?.id !== id) return false;
  delete (window as EarlyPressWindow).__earlyPress;
  consumed = early.event;
  return true;
}

/** True for the press `takeEarlyPress` has already answered; any other press clears the memory. */
export function handledEarly(event: Event): boolean {
  if (event === consumed) return true;
  const early = (window as EarlyPressWindow).__earlyPress;
  if (early?.event === event) delete (window as EarlyPressWindow).__earlyPress;
  return false;
}
