// A bar stuck to the screen's bottom edge covers what the browser scrolls "just into view" there
// when the Tab key reaches it (WCAG 2.4.11). Its height changes as it wraps (a
// phone, larger text), so it is measured rather than guessed.
import { useCallback, useState, type CSSProperties } from "react";

/** Room kept between a focused control and the bar, besides the bar's own offset from the edge. */
const BREATHING_ROOM_PX = 8;

/**
 * `barRef` goes on the sticky bar (marked `data-sticky-bar`); `clearance` on the element whose
 * controls it may cover, whose class `clearOfStickyBar` gives each of them a bottom scroll margin
 * of the bar's height while it is shown (none once it is gone).
 */
export function useStickyBarClearance() {
  const [height, setHeight] = useState(0);
  const barRef = useCallback((bar: HTMLElement | null) => {
    if (!bar) return;
    const measure = () => setHeight(bar.offsetHeight + (Number.parseFloat(getComputedStyle(bar).bottom) || 0) + BREATHING_ROOM_PX);
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      setHeight(0);
    };
  }, []);
  const clearance = { "--sticky-bar-clearance": `${height}px` } as CSSProperties;
  return { barRef, clearance };
}

// Not the bar's own controls: a margin on them would scroll the page under a bar already in view.
export const clearOfStickyBar = "[&_:is(a,button,input,select,textarea,summary):not([data-sticky-bar]_*)]:scroll-mb-(--sticky-bar-clearance)";
