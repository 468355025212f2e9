import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { toasterMounted } from "../lib/toast.ts";

const Toaster = lazy(() => import("sonner").then((library) => ({ default: library.Toaster })));

const noSubscription = () => () => {};

function Ready() {
  // Runs after the Toaster beside it has subscribed (sibling effects run in order).
  useEffect(() => toasterMounted(), []);
  return null;
}

/** The toast area, loaded once the page has hydrated so it is not part of the first-load JavaScript. */
export function LazyToaster() {
  // false while server-rendering and hydrating, true afterwards: no mismatch, no sonner in the HTML.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom right, every toast expanded: nothing in the header (navigation, cart badge) is
          covered and stacked toasts (the three of a confirmation) can each be read. On a phone
          they sit above the product page's sticky Add to Cart bar. */}
      <Toaster position="bottom-right" expand visibleToasts={4} richColors closeButton duration={5000} mobileOffset={{ bottom: 88 }} />
      <Ready />
    </Suspense>
  );
}
