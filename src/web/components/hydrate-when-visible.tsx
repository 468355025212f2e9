import { Suspense, use, type ReactNode } from "react";

/**
 * A part of a long page that hydrates on its own, after the part on screen, instead of in one
 * piece with the rest of the page (decision 048).
 *
 * The server renders it whole, so it is there, readable and usable without JavaScript: its links
 * are ordinary links and its images load on their own. Hydrating the home page's ten sections of
 * cards in one go was a long stretch of main-thread work on a phone, most of it for sections
 * below the screen. While a part waits, React keeps the server's HTML (a Suspense boundary whose
 * content suspends during hydration stays as it is) and hydrates it when its gate opens:
 * - at once when it is within 300 px of the screen, the pointer passes over it or focus moves
 *   into it;
 * - otherwise when the browser is next idle, one part at a time from the top, so each is a
 *   short task of its own and every part is hydrated soon after the page has loaded (an update to
 *   a part still waiting would wait with it).
 *
 * Only the document the browser loaded waits like this: the gates are made, once, for the parts
 * that page was served with. A page the app renders itself (a client-side navigation) renders
 * every part at once.
 */
export function HydrateWhenVisible({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div data-hydrate-when-visible={id}>
      <Suspense>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    </div>
  );
}

function Gate({ id, children }: { id: string; children: ReactNode }) {
  const gate = gates?.get(id);
  // A gate whose element has left the document belongs to a page that is gone: this is a new one.
  if (gate && !gate.open && gate.element.isConnected) use(gate.opened);
  return <div ref={markHydrated}>{children}</div>;
}

/** Marks the part as hydrated (`data-hydrated`), for the browser's tools and the journeys. */
function markHydrated(element: HTMLDivElement | null) {
  element?.parentElement?.setAttribute("data-hydrated", "");
}

type Gate = { element: Element; open: boolean; opened: Promise<void>; openNow: () => void };

/** How far below the screen a part starts hydrating, so it is ready by the time it is seen. */
const NEAR = "300px 0px";

/** The served document's parts, keyed by id; made when this module first runs, before React hydrates. */
const gates: Map<string, Gate> | undefined = typeof document === "undefined" ? undefined : gatesOfServedDocument();

function gatesOfServedDocument(): Map<string, Gate> {
  const found = new Map<string, Gate>();
  const elements = [...document.querySelectorAll("[data-hydrate-when-visible]")];
  if (elements.length === 0) return found;
  const observer =
    typeof IntersectionObserver === "undefined"
      ? undefined
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) if (entry.isIntersecting) gateOf.get(entry.target)?.openNow();
          },
          { rootMargin: NEAR },
        );
  const gateOf = new Map<Element, Gate>();
  for (const element of elements) {
    let resolve!: () => void;
    const gate: Gate = {
      element,
      open: false,
      opened: new Promise<void>((done) => (resolve = done)),
      openNow: () => {
        if (gate.open) return;
        gate.open = true;
        observer?.unobserve(element);
        element.removeEventListener("pointerover", gate.openNow);
        element.removeEventListener("focusin", gate.openNow);
        resolve();
      },
    };
    element.addEventListener("pointerover", gate.openNow, { passive: true });
    element.addEventListener("focusin", gate.openNow);
    observer?.observe(element);
    gateOf.set(element, gate);
    found.set(element.getAttribute("data-hydrate-when-visible")!, gate);
  }
  // An idle callback comes only once the work before it is done, React's included, so each part
  // hydrates in a task of its own; the first waits for the page's own hydration (root.tsx marks
  // `<html data-hydrated>`), or it would join it.
  const whenIdle = (next: () => void) => (typeof requestIdleCallback === "function" ? requestIdleCallback(next) : setTimeout(next, 50));
  const openNextWhenIdle = () =>
    whenIdle(() => {
      if (!document.documentElement.hasAttribute("data-hydrated")) return openNextWhenIdle();
      const next = [...found.values()].find((gate) => !gate.open);
      if (!next) return;
      next.openNow();
      openNextWhenIdle();
    });
  openNextWhenIdle();
  return found;
}
