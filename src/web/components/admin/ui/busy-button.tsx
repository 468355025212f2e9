// A button whose request is on its way. Made `disabled`, it lost the focus (a browser drops the
// focus of a disabled element to <body>), and a keyboard or screen-reader user who had pressed it
// was thrown back to the top of the page. Busy, it stays in the focus order and says it is not
// available (aria-disabled); a second press, or an Enter in its form, is ignored until it is done.
import type { ComponentProps } from "react";

type BusyButtonProps = ComponentProps<"button"> & {
  /** The request runs: presses are ignored and the button looks and reads unavailable. */
  busy: boolean;
};

export function BusyButton({ busy, onClick, className = "", ...rest }: BusyButtonProps) {
  return (
    <button
      {...rest}
      aria-disabled={busy || undefined}
      className={`${className} aria-disabled:cursor-wait aria-disabled:opacity-60`}
      onClick={(event) => {
        // A submit button's click is what sends its form (also for an Enter in a field): cancelling it sends nothing.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
