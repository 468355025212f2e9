import { SlidersHorizontal } from "../icons/sliders-horizontal.tsx";
import { X } from "../icons/x.tsx";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { discoveryControls } from "../../../domain/messages/discovery.ts";

type Props = {
  activeCount: number;
  total: number;
  loading: boolean;
  /** The drawer's content, drawn only while it is open (the server has nothing to render in it). */
  panel: () => ReactNode;
  /** Takes every filter off, as the chips' 'Clear all' does beside the grid. */
  onClear: () => void;
};

/**
 * The filters on a phone: a button opening a modal drawer. The native modal <dialog> makes the
 * page behind it inert (focus stays inside), closes on Escape and hands focus back to the button;
 * the page behind does not scroll while it is open. The filters inside apply as they are ticked;
 * 'Clear all' takes them all off and 'Show N results' closes the drawer onto them.
 */
export function FilterDrawer({ activeCount, total, loading, panel, onClear }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const showResults = useRef<HTMLButtonElement>(null);
  const bodyOverflow = useRef("");

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onClose = () => {
      setIsOpen(false);
      document.body.style.overflow = bodyOverflow.current;
      opener.current?.focus();
    };
    element.addEventListener("close", onClose);
    return () => {
      element.removeEventListener("close", onClose);
      if (element.open) document.body.style.overflow = bodyOverflow.current;
    };
  }, []);

  const open = () => {
    const element = dialog.current;
    if (!element || element.open) return;
    bodyOverflow.current = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    setIsOpen(true);
    element.showModal();
  };
  const close = () => dialog.current?.close();

  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={open}
        aria-haspopup="dialog"
        className="inline-flex h-11 items-center gap-2 rounded-md border border-brand-900 px-3 text-sm font-medium md:hidden"
      >
        <SlidersHorizontal aria-hidden className="h-4 w-4" />
        {discoveryControls.openFilters(activeCount)}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="filter-drawer-title"
        // A click on the backdrop (outside the panel) closes it, as on every shop's drawer.
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className="fixed inset-y-0 left-0 m-0 h-full max-h-none w-[min(22rem,88vw)] max-w-none bg-white p-0 text-brand-900 shadow-xl backdrop:bg-black/40 open:flex open:flex-col md:hidden"
      >
        <div className="flex items-center justify-between border-b border-brand-100 px-4 py-3">
          <h2 id="filter-drawer-title" className="text-base font-semibold">
            {discoveryControls.filters}
          </h2>
          <button type="button" onClick={close} className="-mr-2 p-2" aria-label={discoveryControls.closeFilters}>
            <X aria-hidden className="h-5 w-5" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-4">{isOpen ? panel() : null}</div>
        <div className="flex gap-3 border-t border-brand-100 p-4">
          {activeCount > 0 ? (
            <button
              type="button"
              // The button goes with the last filter: the cursor goes on to 'Show N results', not to the page's start.
              onClick={() => {
                onClear();
                showResults.current?.focus();
              }}
              className="h-11 rounded-md border border-brand-900 px-4 text-sm font-semibold"
            >
              {discoveryControls.clearAll}
            </button>
          ) : null}
          <button
            ref={showResults}
            type="button"
            onClick={close}
            aria-busy={loading}
            className="h-11 flex-1 rounded-md bg-brand-900 text-sm font-semibold text-white hover:bg-black"
          >
            {discoveryControls.showResults(total)}
          </button>
        </div>
      </dialog>
    </>
  );
}
