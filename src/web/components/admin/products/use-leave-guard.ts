// Leaving a form with changes not yet saved asks first: a link inside the back office opens the
// shop's own question (Leave / Stay), closing or reloading the tab gets the browser's.
import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker, useNavigation } from "react-router";

export function useLeaveGuard(startsChanged: boolean) {
  const changedRef = useRef(startsChanged);
  // The form's own submission is not leaving it: a refusal brings the owner back to the changes.
  const submittingRef = useRef(false);
  const [changed, setChanged] = useState(startsChanged);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") submittingRef.current = false;
  }, [navigation.state]);

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        changedRef.current && !submittingRef.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (submittingRef.current) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [changed]);

  return {
    asking: blocker.state === "blocked",
    changed: () => {
      changedRef.current = true;
      setChanged(true);
    },
    submitting: () => {
      submittingRef.current = true;
    },
    stay: () => blocker.reset?.(),
    proceed: () => blocker.proceed?.(),
  };
}
