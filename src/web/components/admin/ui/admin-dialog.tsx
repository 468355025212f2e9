// A modal dialog of the back office on the browser's own <dialog>: showModal() makes the rest of
// the page inert (focus stays inside), Escape closes it, and focus goes back to the button that
// opened it. Open and closed are React state; the element's close event (Escape, the close
// button, a click on the backdrop, a form inside closing it) reports back through onClose. The
// content stays mounted while closed, so a form keeps what was typed until it is saved.
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { adminButton } from "./admin-ui.tsx";
import { useTypedDialog } from "./leave-guard.tsx";

type AdminDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** "alertdialog" for a confirmation that interrupts (WAI-ARIA). */
  role?: "dialog" | "alertdialog";
  closeLabel?: string;
  children: ReactNode;
  className?: string;
  /**
   * Once the owner has typed in it, Back or a link asks before leaving the page (ui/leave-guard.tsx);
   * off for the sign-in over the page, which keeps nothing worth asking about.
   */
  asksBeforeLeaving?: boolean;
};

export function AdminDialog({ open, onClose, title, description, role = "dialog", closeLabel = "Close", children, className = "", asksBeforeLeaving = true }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const typing = useTypedDialog(title, asksBeforeLeaving);
  const titleId = useId();
  const descriptionId = useId();

  // A close this component makes because `open` turned false is news to nobody: the parent set it.
  // Its close event comes a frame later, and reported, it would answer whatever the parent asks by
  // then: Stay on "Leave without saving?" followed by a quick second Back had the late event reset
  // the new question, which flashed and left Back undone.
  const closingForParent = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      closingForParent.current = false;
      dialog.showModal();
    } else if (!open && dialog.open) {
      closingForParent.current = true;
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onInput={typing.onInput}
      onClose={(event) => {
        // Open again by the time the event came: it belongs to an earlier close.
        if (event.currentTarget.open) return;
        typing.onClose();
        if (closingForParent.current) closingForParent.current = false;
        else onClose();
      }}
      // A click on the backdrop lands on the dialog element itself: close, as Escape does.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-lg overflow-y-auto rounded-lg bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-900/50 ${className}`}
    >
      <div className="relative p-4 sm:p-5">
        <div className="mb-3 pr-8">
          <h2 id={titleId} className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-1 text-sm text-gray-700">
              {description}
            </div>
          ) : null}
        </div>
        {children}
        {/* Last in the page order, so opening the dialog focuses its first field or its Cancel. */}
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label={closeLabel}
          className="absolute right-3 top-3 rounded-md p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-gray-900"
        >
          <X aria-hidden className="h-5 w-5" />
        </button>
      </div>
    </dialog>
  );
}

type AdminConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel?: string;
};

/**
 * The question before a step that deletes or overwrites, in place of the browser's confirm():
 * Cancel comes first in the page order, so it has the focus when the dialog opens and an Enter
 * pressed out of habit changes nothing; Escape and the backdrop cancel too.
 */
export function AdminConfirmDialog({ open, onClose, onConfirm, title, description, confirmLabel, cancelLabel, closeLabel }: AdminConfirmDialogProps) {
  return (
    <AdminDialog open={open} onClose={onClose} role="alertdialog" title={title} description={description} closeLabel={closeLabel} className="max-w-md">
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className={adminButton.secondary} onClick={onClose}>
          {cancelLabel}
        </button>
        <button type="button" className={adminButton.danger} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </AdminDialog>
  );
}
