// The refund dialog's last step says what happens to the stock as plainly as to the money: what
// goes back is the units chosen to refund, so the owner sees them once more before the refund is sent.
import type { Ref } from "react";
import { unitsBackToStock } from "../../../../domain/admin/refunds.ts";
import { adminRefunds as texts } from "../../../../domain/messages/admin.ts";
import { orderLineLabel } from "../../../../domain/admin/order-display.ts";

type Line = { id: string; productName: string; size: string | null; quantity: number; restockedQuantity: number };
export type RestockChoice<T extends Line = Line> = { item: T; quantity: number }[];

/**
 * What goes back to stock, exactly as it is sent: nothing unless restock is ticked, else the units
 * chosen to refund that are not on the shelf already, and no line of 0 units.
 */
export function chosenRestock<T extends Line>(lines: readonly T[], units: Readonly<Record<string, number>>, restock: boolean): RestockChoice<T> {
  if (!restock) return [];
  return lines.map((item) => ({ item, quantity: unitsBackToStock(item, units[item.id] ?? 0) })).filter((line) => line.quantity > 0);
}

export function RefundConfirmation({ amount, provider, restocked, ref }: { amount: string; provider: string; restocked: RestockChoice; ref?: Ref<HTMLDivElement> }) {
  return (
    // Focused when the step opens (tabIndex -1), so a screen reader reads both sentences before
    // the Refund button is reached.
    <div ref={ref} tabIndex={-1} className="space-y-2 text-sm text-gray-800 focus:outline-none" data-refund-confirm>
      <p>{texts.confirmQuestion(amount, provider)}</p>
      <p className={restocked.length > 0 ? "font-medium text-gray-900" : undefined} data-refund-restock>
        {restocked.length > 0
          ? texts.backToStock(restocked.map(({ item, quantity }) => texts.unitsLine(quantity, orderLineLabel(item))).join(", "))
          : texts.nothingBackToStock}
      </p>
    </div>
  );
}
