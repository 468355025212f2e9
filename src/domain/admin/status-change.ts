// What changing an order's status does (admin.md section 4: any status to any status), decided
// before anything is written: the order's new values, the stock a cancel puts back or a reopen
// takes out again, the e-mails that are due and what the audit trail records. Pure; the server
// reads the order under its lock, asks for the plan and carries it out in one transaction.
import { orderContactEmail } from "../orders.ts";
import type { OrderStatus } from "../status.ts";
import { cancelChoices, reopenTakesBack, restockAfterCancel, restockableLines, type CancellableOrder } from "./cancel-order.ts";
import type { RestockLine } from "./refunds.ts";
import { cleanShipmentField } from "./shipment.ts";

type Shipment = { carrier: string | null; trackingNumber: string | null };

/** The order as it is, read under its lock. */
export type StatusChangeOrder = Omit<CancellableOrder, "customerEmail" | "items"> &
  Parameters<typeof orderContactEmail>[0] &
  Shipment & {
    shippedAt: Date | null;
  };

/** One of its lines: the units back in stock (by refunds or a cancel), and of those the cancel's. */
export type StatusChangeLine = { id: string; productId: string | null; quantity: number; restockedQuantity: number; cancelRestockedQuantity: number };

/** What the admin asked for, the status already one of ours. */
export type StatusChangeRequest = {
  status: OrderStatus;
  /** With shipped: the parcel's carrier and tracking number (left out, a shipped order keeps its own). */
  carrier?: string | null;
  trackingNumber?: string | null;
  /** Cancelling a paid order: put the units its payment took back in stock (default no). */
  restock?: boolean;
  /** Cancelling a paid order: e-mail the customer that it will not be sent (default yes). */
  notifyCustomer?: boolean;
};

/** The audit entry's before and after, less the stock the change moved (statusChangeAuditAfter adds it). */
export type StatusChangeAudit = {
  before: Shipment & { status: string };
  after: Shipment & { status: OrderStatus; keptOutOfStock?: number; customerNotified?: boolean };
  /** The entry lists what went back in stock, even nothing (a paid order cancelled with its units kept out). */
  listsRestocked: boolean;
};

export type PlannedStatusChange = {
  unchanged: false;
  /** The order's new values. */
  set: Shipment & { status: OrderStatus; shippedAt: Date | null; updatedAt: Date };
  /** Units going back in stock: a paid order cancelled with restock, or a cancelled one cancelled again with restock. */
  restock: RestockLine[];
  /** Units a reopened order takes back out of stock: what its cancel put back. */
  takeBack: RestockLine[];
  /** The shipped e-mail and the parcel it names; null when none is due. */
  shippedMail: Shipment | null;
  /** The cancelled e-mail (`alreadySent`: the parcel had left, so it asks for it back); null when none is due. */
  cancelledMail: { alreadySent: boolean } | null;
  /** The back-on e-mail is due if the customer was told of the cancel, which only the outbox knows. */
  backOnMailIfTold: boolean;
  audit: StatusChangeAudit;
};

export type StatusChangePlan = { unchanged: true } | PlannedStatusChange;

/**
 * Whether `order`, whose payment the shop refused on arrival and gave back in full (decision 013:
 * an item sold out, the code used up, the order cancelled first, the wrong amount), may not be
 * moved to `next`: nothing was paid for it and nothing was taken from stock, so reopening it would
 * send goods nobody paid for. The customer orders again. A deviation from "any status to any
 * status" (docs/deviations.md); cancelled stays open, and saving the status it has changes nothing.
 */
export function reopensRefusedPayment(order: { status: string; paymentGivenBack: boolean }, next: string): boolean {
  return order.paymentGivenBack && next !== order.status && next !== "cancelled";
}

/** Whether the shop gave the order's payment back on arrival (decision 013): it says why in `cancelReason`. */
export const paymentGivenBack = (row: { cancelReason: string | null }): boolean => row.cancelReason !== null;

/**
 * Whether the plan needs the order's lines: only a cancel and a reopen touch stock (a second
 * cancel only with restock), so the everyday change (to shipped) does not read them.
 */
export function statusChangeReadsLines(currentStatus: string, change: Pick<StatusChangeRequest, "status" | "restock">): boolean {
  if (currentStatus === "cancelled" && change.status === "cancelled") return change.restock === true;
  return currentStatus === "cancelled" || change.status === "cancelled";
}

/**
 * Everything a status change does to `order`. `lines`: its lines, needed only where
 * statusChangeReadsLines says so (elsewhere they change nothing). `now`: when it is saved, and
 * the shipping date of an order that becomes shipped.
 */
export function planStatusChange(order: StatusChangeOrder, lines: readonly StatusChangeLine[], change: StatusChangeRequest, now: Date): StatusChangePlan {
  const next = change.status;
  const shipping = next === "shipped";
  const becomesShipped = shipping && order.status !== "shipped";
  // Saving a shipped order as shipped again without them keeps what the customer was e-mailed.
  const shipmentField = (given: string | null | undefined, current: string | null) => (given === undefined && order.status === "shipped" ? current : cleanShipmentField(given));
  const carrier = shipping ? shipmentField(change.carrier, order.carrier) : order.carrier;
  const trackingNumber = shipping ? shipmentField(change.trackingNumber, order.trackingNumber) : order.trackingNumber;
  const withLines = { ...order, items: lines };
  // A cancelled order's stock can still be put back by cancelling it again with restock: what
  // its payment took that nothing has put back (a cancel that kept the units out of stock).
  const restockAgain = next === "cancelled" && change.restock === true ? restockAfterCancel(withLines) : [];
  // The same status saved again (a double click, a second tab) changes nothing: no timeline
  // entry, and the shipping date stays the day it shipped.
  if (next === order.status && carrier === order.carrier && trackingNumber === order.trackingNumber && restockAgain.length === 0) return { unchanged: true };
  const contact = orderContactEmail(order);
  // A paid order's buyer is told when it becomes cancelled, unless the admin chose not to (an
  // unpaid one was never confirmed, and took no stock).
  const choices = next === "cancelled" ? cancelChoices({ ...withLines, customerEmail: contact }) : null;
  const notifyCancel = choices !== null && choices.canNotify && change.notifyCustomer !== false;
  return {
    unchanged: false,
    set: { status: next, carrier, trackingNumber, shippedAt: becomesShipped ? now : order.shippedAt, updatedAt: now },
    restock: choices !== null && change.restock === true ? restockableLines(lines) : restockAgain,
    takeBack: reopenTakesBack(withLines, next),
    // A shipment e-mail goes out when the order becomes shipped, not when it is saved as shipped again.
    shippedMail: becomesShipped && contact ? { carrier, trackingNumber } : null,
    cancelledMail: notifyCancel ? { alreadySent: choices.alreadySent } : null,
    // Set going again before it is sent: a customer told it was cancelled hears it is back on (a
    // shipped one hears it from the shipped e-mail).
    backOnMailIfTold: order.status === "cancelled" && (next === "pending" || next === "processing") && Boolean(contact),
    audit: {
      before: { status: order.status, carrier: order.carrier, trackingNumber: order.trackingNumber },
      after: {
        status: next,
        carrier,
        trackingNumber,
        ...(choices !== null ? { keptOutOfStock: change.restock === true ? 0 : choices.restockableUnits, customerNotified: notifyCancel } : {}),
      },
      listsRestocked: choices !== null || restockAgain.length > 0,
    },
  };
}

/**
 * The audit entry's after: the plan's, with the lines that went back in stock and came out of it
 * as the server found them (named, and only what was really left to move).
 */
export function statusChangeAuditAfter<Line>(audit: StatusChangeAudit, moved: { restocked: readonly Line[]; takenFromStock: readonly Line[] }) {
  return {
    ...audit.after,
    ...(audit.listsRestocked ? { restocked: moved.restocked } : {}),
    ...(moved.takenFromStock.length > 0 ? { takenFromStock: moved.takenFromStock } : {}),
  };
}
