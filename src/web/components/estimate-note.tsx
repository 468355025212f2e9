import { estimateNotes } from "../../domain/messages/estimate-note.ts";
import { useDisplayCurrency } from "../lib/prices.ts";

/**
 * Says that amounts in a currency other than pounds are estimates and that payment is in pounds:
 * the cart's own words (with the pounds it will charge), the product and category pages' without
 * an amount. Nothing when prices are shown in pounds.
 */
export function EstimateNote({ pounds, className, testId = "estimate-note" }: { pounds?: string; className?: string; testId?: string }) {
  const currency = useDisplayCurrency();
  if (currency === "GBP") return null;
  return (
    <p className={className ?? "mt-2 text-xs text-brand-900/75"} data-testid={testId}>
      {pounds === undefined ? estimateNotes.estimateNote(currency) : estimateNotes.estimateInDisplayCurrency(currency, pounds)}
    </p>
  );
}
