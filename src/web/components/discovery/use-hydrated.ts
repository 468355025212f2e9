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
