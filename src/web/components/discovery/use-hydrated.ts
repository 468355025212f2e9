import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False on the server and while hydrating, true after: controls that need a button without JavaScript drop it then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Attributes of a control that is hydrated lazily (discovery-layout.tsx): `data-ready` once it is
 * live, so a journey waits for what a shopper's click needs rather than for a fixed time.
 */
export function readyMarker(hydrated: boolean): { "data-discovery-control": ""; "data-ready"?: "" } {
  return hydrated ? { "data-discovery-control": "", "data-ready": "" } : { "data-discovery-control": "" };
}
