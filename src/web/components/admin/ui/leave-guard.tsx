// Leaving a page with something typed and not yet sent asks first: a status question that is open
// (Shipped's carrier and tracking, a paid order's cancel choices, Save status) or a dialog the owner
// has typed in (Create or Edit discount, Refund). A link, a search, the browser's or the phone's
// Back, or a closed tab then ask "Leave without saving?" (decision 060). An untouched dialog does
// not ask. A router holds one blocker at a time: all of them are counted here, and the shell's
// single guard blocks only while one is open (the product editor, with none of them, keeps its own).
import { useEffect, useState, useSyncExternalStore } from "react";
import { useBlocker } from "react-router";
import { adminFulfilment, adminProductEditor, adminShell } from "../../../../domain/messages/admin.ts";
import { AdminConfirmDialog } from "./admin-dialog.tsx";

type Unsent = { kind: "status"; label: string } | { kind: "dialog"; label: string };

const unsent = new Map<symbol, Unsent>();
const listeners = new Set<() => void>();
let snapshot: readonly Unsent[] = [];
const NONE: readonly Unsent[] = [];

function changed() {
  snapshot = [...unsent.values()];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Counts `what` as unsent for as long as `isOpen`. */
export function useUnsent(what: Unsent, isOpen: boolean) {
  const { kind, label } = what;
  useEffect(() => {
    if (!isOpen) return;
    const id = Symbol(label);
    unsent.set(id, { kind, label } as Unsent);
    changed();
    return () => {
      unsent.delete(id);
      changed();
    };
  }, [kind, label, isOpen]);
}

/**
 * A <dialog> whose fields the owner has typed in counts as unsent until it closes (saved,
 * cancelled, Escape or the backdrop). The dialog element takes the returned handlers: React's own
 * events, so the mark is set in the same batch as the field's change (a listener of its own,
 * answered between the browser's input and React's, made React put the field's old value back).
 */
export function useTypedDialog(title: string, enabled = true) {
  const [typed, setTyped] = useState(false);
  useUnsent({ kind: "dialog", label: title }, typed && enabled);
  return {
    onInput: () => setTyped(true),
    onClose: () => setTyped(false),
  };
}

/** Once, in the admin shell. */
export function LeaveGuard() {
  const open = useSyncExternalStore(subscribe, () => snapshot, () => NONE);
  return open.length > 0 ? <AskBeforeLeaving open={open} /> : null;
}

function AskBeforeLeaving({ open }: { open: readonly Unsent[] }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search,
  );
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, []);
  const statuses = open.filter((entry) => entry.kind === "status").map((entry) => entry.label);
  const dialog = open.find((entry) => entry.kind === "dialog");
  return (
    <AdminConfirmDialog
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      title={statuses.length > 0 ? adminFulfilment.leaveStatusTitle : adminProductEditor.leaveTitle}
      description={statuses.length > 0 ? adminFulfilment.leaveStatusNote(statuses.join(", ")) : adminShell.leaveDialogNote(dialog?.label ?? "")}
      confirmLabel={adminProductEditor.leave}
      cancelLabel={adminProductEditor.stay}
    />
  );
}
