import { startTransition, useLayoutEffect, useState } from "react";

// Set when the document's first hydration commits (the root layout's layout effect runs after
// every one below it). A component mounted later (a client-side navigation, a part that hydrates
// on its own) turns live before the browser paints, so it never shows its no-script form.
let documentHydrated = false;

/** Called once by the root layout: the first hydration has committed. */
export function useMarkDocumentHydrated(): void {
  useLayoutEffect(() => {
    documentHydrated = true;
  }, []);
}

/**
 * False on the server and while hydrating, true after: a control that works without JavaScript
 * (a submit button, a plain link) swaps to its live form then.
 *
 * Not `useSyncExternalStore` with a different server snapshot: React re-renders every such
 * component in one synchronous task after hydration, with its DOM changes, and on a long page
 * (a category's filter panel) that task alone blocked a slow phone for over 100 ms. Here the
 * switch during hydration is a transition, rendered in slices between the browser's other work.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the switch must follow the mount: the first render matches the server's HTML
    if (documentHydrated) setHydrated(true);
    else startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
