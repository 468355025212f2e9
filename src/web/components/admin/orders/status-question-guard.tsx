// Leaving a page while a status question is open (Shipped's carrier and tracking, a paid order's
// cancel choices, Save status) asks first: the dropdown already reads the new status, but nothing
// is saved until the question is answered, and an owner who moved on would take it as done.
// The questions are counted in one place per page, as a router holds one blocker at a time.
import { useEffect, useSyncExternalStore } from "react";
import { useBlocker } from "react-router";
import { adminFulfilment, adminProductEditor } from "../../../../domain/messages/admin.ts";
import { AdminConfirmDialog } from "../ui/admin-dialog.tsx";

/** The order numbers whose status question is open, in the order they were opened. */
const openQuestions = new Map<string, string>();
const listeners = new Set<() => void>();
let snapshot: readonly string[] = [];

function changed() {
  snapshot = [...openQuestions.values()];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const NONE: readonly string[] = [];

/** A status control says its question is open for as long as `isOpen`. */
export function useOpenStatusQuestion(orderId: string, orderNumber: string, isOpen: boolean) {
  useEffect(() => {
    if (!isOpen) return;
    openQuestions.set(orderId, orderNumber);
    changed();
    return () => {
      openQuestions.delete(orderId);
      changed();
    };
  }, [orderId, orderNumber, isOpen]);
}

/** Once on a page with status controls: asks before a link, a search or a closed tab leaves an open question. */
export function StatusQuestionLeaveGuard() {
  const numbers = useSyncExternalStore(subscribe, () => snapshot, () => NONE);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      openQuestions.size > 0 && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const asking = numbers.length > 0;
  useEffect(() => {
    if (!asking) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [asking]);

  return (
    <AdminConfirmDialog
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      title={adminFulfilment.leaveStatusTitle}
      description={adminFulfilment.leaveStatusNote(numbers.join(", "))}
      confirmLabel={adminProductEditor.leave}
      cancelLabel={adminProductEditor.stay}
    />
  );
}
