import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { toasterMounted } from "../lib/toast.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

const Toaster = lazy(() => import("sonner").then((library) => ({ default: library.Toaster })));

function Ready() {
  // Runs after the Toaster beside it has subscribed (sibling effects run in order).
  useEffect(() => toasterMounted(), []);
  return null;
}

/** sonner's own phone layout starts below this width. */
const WIDE_ENOUGH_TO_SPREAD = "(min-width: 601px)";

/** Follows the window across the width (a phone turned, a window resized), not only as it loaded. */
function subscribeToWidth(changed: () => void) {
  const query = window.matchMedia(WIDE_ENOUGH_TO_SPREAD);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
}
const wideEnoughToSpread = () => window.matchMedia(WIDE_ENOUGH_TO_SPREAD).matches;
const notOnTheServer = () => false;

/** The toast area, loaded once the page has hydrated so it is not part of the first-load JavaScript. */
export function LazyToaster({ backOffice = false }: { backOffice?: boolean }) {
  // false while server-rendering and hydrating, true afterwards: no mismatch, no sonner in the HTML.
  const hydrated = useHydrated();
  const spread = useSyncExternalStore(subscribeToWidth, wideEnoughToSpread, notOnTheServer);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom left: nothing in the header (navigation, cart badge) is covered, nor the buttons
          of the right-hand column (Add to Cart, Buy Now, Pay, Proceed to Checkout). Wider than a
          phone every toast is spread out, so stacked ones (the three of a confirmation) can each
          be read. On a phone they sit above the product page's sticky Add to Cart bar, one behind
          another (a tap spreads them): spread out, the confirmation's three hid the whole order
          for five seconds. Screen readers hear each either way. In the back office, bottom right:
          its sidebar, with the signed-in admin and Logout, is down the left side. */}
      <Toaster
        position={backOffice ? "bottom-right" : "bottom-left"}
        expand={spread}
        visibleToasts={4}
        richColors
        closeButton
        duration={5000}
        mobileOffset={{ bottom: 88 }}
      />
      <Ready />
    </Suspense>
  );
}
