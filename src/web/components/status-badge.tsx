// One badge for every status colour (storefront.md section 4 "Order status display"; admin.md
// section 4). The domain decides the tone (src/domain/status.ts); this maps tones to the palette.
import type { ReactNode } from "react";
import { statusLabel, type Tone } from "../../domain/status.ts";

// Text on its tint reaches WCAG AA contrast (4.5:1) for small text in every tone.
const TONE_CLASSES: Record<Tone, string> = {
  green: "bg-green-100 text-green-800 ring-green-600/20",
  blue: "bg-blue-100 text-blue-800 ring-blue-600/20",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-600/30",
  red: "bg-red-100 text-red-800 ring-red-600/20",
  gray: "bg-gray-100 text-gray-800 ring-gray-500/20",
};

/** A pill in a tone's colours; `className` adds to its look (a table cell keeps it on one line). */
export function ToneBadge({ tone, className, children }: { tone: Tone; className?: string; children: ReactNode }) {
  return (
    <span data-tone={tone} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[tone]}${className ? ` ${className}` : ""}`}>
      {children}
    </span>
  );
}

/** `kind` names what the status is of, where two badges sit side by side ("Payment: Pending"). */
export function StatusBadge({ status, tone, fallback = "Pending", kind }: { status: string | null | undefined; tone: Tone; fallback?: string; kind?: string }) {
  const label = statusLabel(status ?? "") || fallback;
  return (
    <ToneBadge tone={tone}>
      {kind ? <span className="mr-1 font-normal">{`${kind}: `}</span> : null}
      {label}
    </ToneBadge>
  );
}
