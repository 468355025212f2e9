// A section of a back-office page the owner can fold away (a <details>): its summary line stays,
// with a chevron that turns when it opens. Open or closed is the page's to decide (from the shop's
// state, or from what the owner chose last time), so a server-drawn page starts in the right state.
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

type AdminFoldProps = {
  open: boolean;
  /** Called when the owner opens or closes it (not when the page itself sets `open`). */
  onOpenChange: (open: boolean) => void;
  /** What the summary line says; the chevron is added after it. */
  summary: ReactNode;
  /** The summary line's look (its text colour is the chevron's). */
  summaryClassName: string;
  className?: string;
  children: ReactNode;
  [data: `data-${string}`]: string | boolean | undefined;
};

export function AdminFold({ open, onOpenChange, summary, summaryClassName, className = "", children, ...data }: AdminFoldProps) {
  return (
    <details
      {...data}
      open={open}
      // A parsed `open` attribute fires "toggle" too: only a change is the owner's doing.
      onToggle={(event) => {
        if (event.currentTarget.open !== open) onOpenChange(event.currentTarget.open);
      }}
      className={`group/fold ${className}`}
    >
      <summary className={`flex cursor-pointer list-none items-center justify-between gap-3 [&::-webkit-details-marker]:hidden ${summaryClassName}`}>
        <span className="min-w-0">{summary}</span>
        <ChevronDown aria-hidden className="h-4 w-4 shrink-0 transition-transform group-open/fold:rotate-180" />
      </summary>
      {children}
    </details>
  );
}
