// What cancelling an order can do beyond its status (ours, as Shopify's cancel offers): put the
// units the payment took back in stock, and tell the customer; and what reopening it must undo.
// Pure; the server applies it.
import type { RestockLine } from "./refunds.ts";

export type CancellableOrder = {
  status: string;
  /** When the payment arrived (null: never paid, so no stock was taken and nobody was promised anything). */
  paidAt: Date | string | null;
  /** Set when the shop refused the payment on arrival (decision 013): it took no stock. */
  cancelReason: string | null;
  /** Someone to e-mail: the order's customer or guest e-mail. */
  customerEmail: string | null | undefined;
  items: readonly OrderedLine[];
};

/** `restockedQuantity`: the units back in stock, by refunds or a cancel. */
type OrderedLine = { id: string; productId: string | null; quantity: number; restockedQuantity: number };

/** The choices a cancel offers, or null when the order is cancelled already or was never paid. */
export type CancelChoices = {
  /** Units the payment took that are not back in stock (a refund may have put some back). */
  restockableUnits: number;
  /** The customer can be e-mailed that the order is cancelled. */
  canNotify: boolean;
  /**
   * The parcel has left (shipped or delivered): its items are not back until it is, so putting
   * them back in stock is not offered as the default, and the customer's e-mail says so.
   */
  alreadySent: boolean;
};

/** Statuses whose parcel has left the shop. */
const SENT_STATUSES: readonly string[] = ["shipped", "delivered", "completed"];

/** Whether an order in `status` has been sent to its customer. */
export function isAlreadySent(status: string): boolean {
  return SENT_STATUSES.includes(status.trim().toLowerCase());
}

/** The payment arrived and the shop kept it (decision 013): it took the order's units out of stock. */
function paymentTookStock(order: Pick<CancellableOrder, "paidAt" | "cancelReason">): boolean {
  return order.paidAt !== null && order.cancelReason === null;
}

export function cancelChoices(order: CancellableOrder): CancelChoices | null {
  if (order.status === "cancelled" || !paymentTookStock(order)) return null;
  return {
    restockableUnits: restockableLines(order.items).reduce((sum, line) => sum + line.quantity, 0),
    canNotify: Boolean(order.customerEmail),
    alreadySent: isAlreadySent(order.status),
  };
}

/**
 * What a cancelled order can still put back in stock when it is cancelled again with restock:
 * the units its payment took that neither the cancel nor a refund put back.
 */
export function restockAfterCancel(order: Omit<CancellableOrder, "customerEmail">): RestockLine[] {
  return order.status === "cancelled" && paymentTookStock(order) ? restockableLines(order.items) : [];
}

/** Each line's units not yet back in stock, for lines whose product still exists. */
export function restockableLines(items: readonly OrderedLine[]): RestockLine[] {
  return items.filter((item) => item.productId !== null && item.quantity > item.restockedQuantity).map((item) => ({ itemId: item.id, quantity: item.quantity - item.restockedQuantity }));
}

/**
 * Reopening a cancelled order (any status but cancelled, admin.md section 4) promises its items to
 * the customer again: the units the cancel put back in stock are taken out again, or the shop
 * would sell them twice. Units a refund put back stay in stock: the customer sent them back and
 * had their money, so the reopened order does not promise them. Nothing for an order whose
 * payment took no stock.
 */
export function reopenTakesBack(
  order: Omit<CancellableOrder, "customerEmail" | "items"> & { items: readonly (OrderedLine & { cancelRestockedQuantity: number })[] },
  nextStatus: string,
): RestockLine[] {
  if (order.status !== "cancelled" || nextStatus === "cancelled" || !paymentTookStock(order)) return [];
  return order.items.filter((item) => item.productId !== null && item.cancelRestockedQuantity > 0).map((item) => ({ itemId: item.id, quantity: item.cancelRestockedQuantity }));
}
