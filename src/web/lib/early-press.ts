/**
 * A press on a scripted control before the page's scripts have run (a slow phone shows the page
 * seconds before) would be lost: the control is a `type="button"` with nothing behind it yet.
 * The document's first script keeps the last such press on a control marked `data-early-press`
 * (and stops it there, so React, if already listening, does not count it as well); the control's
 * component takes it once hydrated and presses the control again. The press it makes is not the
 * person's own (`isTrusted` false), so the script lets it through.
 */

type EarlyPressWindow = Window & { __earlyPress?: string };

/** Runs inline in the document's head, before any control exists. */
export const EARLY_PRESS_SCRIPT =
  'addEventListener("click",function(e){if(!e.isTrusted||document.documentElement.hasAttribute("data-hydrated"))return;' +
  'var t=e.target&&e.target.closest&&e.target.closest("[data-early-press]");if(t){window.__earlyPress=t.id;e.stopPropagation()}},true)';

/** True once for the control `id` when it was pressed before the page could answer. */
export function takeEarlyPress(id: string): boolean {
  const early = (window as EarlyPressWindow).__earlyPress === id;
  if (early) delete (window as EarlyPressWindow).__earlyPress;
  return early;
}
