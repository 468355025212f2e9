// What an order still owes its buyer in goods (admin.md section 4): the rule behind the
// Dashboard's "Awaiting fulfilment", the Orders list's filter of it, the order page's warnings
// and the print page's labels that must not ship.

/**
 * Order statuses after which there is nothing left to send. "completed" is the old system's word
 * for delivered (admin.md section 4: "completed is tolerated").
 */
export const FULFILMENT_DONE_STATUSES = ["shipped", "delivered", "completed", "cancelled"] as const;

/** Payment statuses of an order whose goods are still owed: paid, or paid and refunded in part. */
export const FULFILMENT_OWED_PAYMENT_STATUSES = ["paid", "partially_refunded"] as const;

const DONE = new Set<string>(FULFILMENT_DONE_STATUSES);
const OWED = new Set<string>(FULFILMENT_OWED_PAYMENT_STATUSES);

/** The buyer paid for goods the shop has still to send (a part refund leaves the rest to send). */
export function owesFulfilment(paymentStatus: string): boolean {
  return OWED.has(paymentStatus);
}

/** Shipped, delivered or cancelled: nothing left to send, whatever the payment. */
export function isFulfilmentDone(status: string): boolean {
  return DONE.has(status.trim().toLowerCase());
}

/** Paid (a part refund leaves the rest to send) and not yet shipped, delivered or cancelled: the orders someone must pack today. */
export function isAwaitingFulfilment(order: { paymentStatus: string; status: string }): boolean {
  return owesFulfilment(order.paymentStatus) && !isFulfilmentDone(order.status);
}

/**
 * Refunded in full while its status still says it is to be sent (pending or processing): nothing is
 * owed, so the order page asks the owner to cancel it, or it would wait among the orders to pack.
 */
export function isRefundedButOpen(order: { paymentStatus: string; status: string }): boolean {
  return order.paymentStatus === "refunded" && !isFulfilmentDone(order.status);
}
