// An admin's refund of a paid order, in full or in part, through the provider that took the
// payment (decision 035). Three steps, so no database lock is held while the provider is asked:
//   1. under the order's row lock: check the amount against what is left, write the refund
//      `pending` and reserve its amount on orders.refunded_pence (a check constraint backs the
//      rule on every engine: nothing can give back more than was paid);
//   2. ask the provider, with an idempotency key of the refund's own id;
//   3. under the lock again: record the outcome. Success: payment status, stock for the chosen
//      lines, the customer's e-mail and the audit row commit together. Refusal: the reservation
//      is given back and the provider's message kept in orders.refund_error for the order page.
// A repeated request with the same idempotency key (a double click) answers the first refund.
//
// A refund can be left `pending` with its amount reserved: the database went away during step 2
// or 3 (a restart, a failover), or the provider's answer was lost on the way. Nothing is known
// then of whether the money went back, so the refund is asked again later with the same
// idempotency key (the provider answers the refund it made, or makes it once): by the sweep of
// pending refunds every minute, or by the same request repeated, once the first has had time to
// finish (REFUND_RESUME_AFTER_MS).
import { orderContactEmail } from "../../../domain/orders.ts";
import { randomUUID } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { adminFulfilment, adminRefunds } from "../../../domain/messages/admin.ts";
import { paymentStatusAfterRefund, planRefund, readRefundInput, type RefundCovered, type RefundField, type RefundInput } from "../../../domain/admin/refunds.ts";
import type { Database, DbOrTx, Transaction } from "../../db/client.server.ts";
import { isDatabaseUnavailable } from "../../db/database-errors.server.ts";
import { startSweeper, type Sweeper } from "../../db/sweeper.server.ts";
import { orderItems, orderRefunds, orders } from "../../db/schema.ts";
import { orderRefundedMail, readMailingShop } from "../../mail/order-mails.server.ts";
import { queueMail } from "../../mail/outbox.server.ts";
import type { PaymentProvider } from "../../payments/payment-provider.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { restockOrderLines, type RestockedLine } from "../orders/restock.server.ts";
import { formatGbp } from "../../../domain/money.ts";
import { formatOrderNumber } from "../../../domain/order-number.ts";
import type { Refusal } from "../../../domain/refusal.ts";

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * A pending refund is asked again only after the request that began it has surely ended: the
 * provider's client gives up within about a minute (its timeout and retries).
 */
export const REFUND_RESUME_AFTER_MS = 5 * 60_000;
/** Stripe keeps an idempotency key for 24 hours: past that, asking again could refund twice. */
const REFUND_RESUME_FOR_MS = 23 * 60 * 60_000;
/** Pending refunds asked again per sweep. */
const REFUND_RESUME_BATCH = 20;

/** `publicUrl`: the shop's origin, for the refund e-mail's order lookup link (without it the mail names the page). */
type Deps = { db: Database; provider: PaymentProvider; publicUrl?: string | null };

export type RefundRecord = {
  id: string;
  orderId: string;
  amountPence: number;
  reason: string;
  status: "pending" | "succeeded" | "failed";
  providerRefundId: string | null;
  error: string | null;
  restocked: RestockedLine[];
  /** Units per line and shipping the refund covered (nothing recorded for refunds made before this was). */
  covered: RefundCovered;
  createdAt: string;
};

export type RefundSummary = { paymentStatus: string; totalAmountPence: number; refundedPence: number };

export type RefundResult =
  | { ok: true; refund: RefundRecord; order: RefundSummary; mailed: boolean; replayed: boolean }
  | (Refusal<"invalid" | "not_found" | "conflict" | "provider"> & { field?: RefundField });

type RefundRow = typeof orderRefunds.$inferSelect;

function toRecord(row: RefundRow): RefundRecord {
  return {
    id: row.id,
    orderId: row.orderId,
    amountPence: row.amountPence,
    reason: row.reason,
    status: row.status,
    providerRefundId: row.providerRefundId,
    error: row.error,
    restocked: row.restocked,
    covered: row.covered,
    createdAt: row.createdAt.toISOString(),
  };
}

async function lockOrder(tx: Transaction, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update").limit(1);
  return order ?? null;
}

function summary(order: { paymentStatus: string; totalAmountPence: number; refundedPence: number }): RefundSummary {
  return { paymentStatus: order.paymentStatus, totalAmountPence: order.totalAmountPence, refundedPence: order.refundedPence };
}

/** What a repeated request answers: the first refund as it stands. */
function replay(existing: RefundRow, order: RefundSummary): RefundResult {
  if (existing.status === "succeeded") return { ok: true, refund: toRecord(existing), order, mailed: false, replayed: true };
  if (existing.status === "failed") return { ok: false, reason: "provider", message: adminRefunds.providerFailed(existing.error ?? "") };
  return { ok: false, reason: "conflict", message: adminRefunds.underWay };
}

const resumable = (refund: RefundRow, now: Date) =>
  refund.status === "pending" &&
  refund.createdAt.getTime() <= now.getTime() - REFUND_RESUME_AFTER_MS &&
  refund.createdAt.getTime() > now.getTime() - REFUND_RESUME_FOR_MS;

type Reserved = { kind: "reserved"; refund: RefundRow; sessionId: string } | { kind: "answer"; result: RefundResult };

/**
 * `mailCustomer: false` leaves telling the customer to the caller (a cancel with its refund sends
 * one e-mail, the cancel's, which says what was refunded). A refund left pending and finished later
 * by the sweep e-mails as usual: nobody else will have told the customer.
 */
export async function refundOrderPayment(
  deps: Deps,
  admin: AdminViewer,
  orderId: string,
  input: RefundInput,
  idempotencyKey?: string | null,
  { mailCustomer = true }: { mailCustomer?: boolean } = {},
): Promise<RefundResult> {
  const read = readRefundInput(input);
  if (!read.ok) {
    // An order that does not exist is the first thing wrong with the request: its amount is moot.
    const [known] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!known) return { ok: false, reason: "not_found", message: adminFulfilment.orderNotFound };
    return { ok: false, reason: "invalid", message: read.message, field: read.field };
  }
  const request = read.request;
  const typedKey = (idempotencyKey ?? "").trim();
  // Refused rather than cut: two long keys cut to the same start would read as one request.
  if (typedKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) return { ok: false, reason: "invalid", message: adminRefunds.idempotencyKeyTooLong(IDEMPOTENCY_KEY_MAX_LENGTH) };
  const key = typedKey || randomUUID();

  // 1. Check and reserve under the order's lock: two refunds of one order queue here.
  const reserved: Reserved = await deps.db.transaction(async (tx): Promise<Reserved> => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { kind: "answer", result: { ok: false, reason: "not_found", message: adminFulfilment.orderNotFound } };
    const [existing] = await tx.select().from(orderRefunds).where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.idempotencyKey, key))).limit(1);
    // Left pending by an outage: the same request asks the provider again.
    // Only through the provider that took it: another one would not know the session, and its
    // error would read as a refusal of money that may have gone back.
    if (existing && order.stripeSessionId && existing.provider === deps.provider.name && resumable(existing, new Date())) {
      return { kind: "reserved", refund: existing, sessionId: order.stripeSessionId };
    }
    if (existing) return { kind: "answer", result: replay(existing, summary(order)) };
    if (order.paymentProvider !== deps.provider.name) {
      return { kind: "answer", result: { ok: false, reason: "conflict", message: adminRefunds.otherProvider(order.paymentProvider) } };
    }
    const lines = await tx
      .select({ id: orderItems.id, name: orderItems.productName, quantity: orderItems.quantity, restockedQuantity: orderItems.restockedQuantity, refundedQuantity: orderItems.refundedQuantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const plan = planRefund(order, lines, request);
    if (!plan.ok) return { kind: "answer", result: plan };
    if (!order.stripeSessionId) return { kind: "answer", result: { ok: false, reason: "conflict", message: adminRefunds.notRefundable } };
    const [refund] = await tx
      .insert(orderRefunds)
      .values({ orderId, amountPence: request.amountPence, reason: request.reason, restockRequested: plan.restock, covered: plan.covered, provider: deps.provider.name, idempotencyKey: key, adminId: admin.userId, adminEmail: admin.email })
      .returning();
    await tx
      .update(orders)
      .set({ refundedPence: sql`${orders.refundedPence} + ${request.amountPence}`, ...(plan.covered.shipping ? { shippingRefunded: true } : {}), updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    await countCoveredUnits(tx, plan.covered.lines, 1);
    return { kind: "reserved", refund: refund!, sessionId: order.stripeSessionId };
  });
  if (reserved.kind === "answer") return reserved.result;
  return completeRefund(deps, reserved.refund, reserved.sessionId, mailCustomer);
}

/**
 * Whether a failure says nothing of the money, so the refund stays pending and is asked again:
 * the database gone, and every Stripe error but its verdict on the request itself (an invalid
 * request, a card's refusal). A rate limit, a rotated key or a key in use by another process's
 * sweep is raised before Stripe looks at the refund; recorded as a refusal, an earlier attempt
 * that did go through would be refunded a second time. Our providers' own errors (a refund that
 * came back failed, the local payment with less left) are verdicts.
 */
function leavesRefundUnknown(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  if (isDatabaseUnavailable(error)) return true;
  return typeof type === "string" && type.startsWith("Stripe") && type !== "StripeInvalidRequestError" && type !== "StripeCardError";
}

/** Steps 2 and 3 for a reserved refund, by the request that made it or a later one. */
async function completeRefund(deps: Deps, refund: RefundRow, sessionId: string, mailCustomer = true): Promise<RefundResult> {
  const orderId = refund.orderId;
  // The admin who asked for the refund is who the trail and the e-mail name, whoever finishes it.
  const admin = { userId: refund.adminId, email: refund.adminEmail };

  // 2. The provider, outside any transaction; the refund's id is its idempotency key.
  let providerRefundId: string;
  try {
    ({ refundId: providerRefundId } = await deps.provider.refundPart(sessionId, {
      amountPence: refund.amountPence,
      idempotencyKey: `admin-refund-${refund.id}`,
      orderId,
      reason: refund.reason,
    }));
  } catch (error) {
    if (leavesRefundUnknown(error)) return { ok: false, reason: "provider", message: adminRefunds.unconfirmed };
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || "refund failed";
    await recordRefusal(deps.db, admin, refund, message);
    return { ok: false, reason: "provider", message: adminRefunds.providerFailed(message) };
  }

  // 3. Record the success with everything that follows from it.
  return deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, orderId))!;
    // Finished meanwhile by another request or the sweep (each asked the provider with the same key).
    const [current] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id)).limit(1);
    if (current!.status !== "pending") return replay(current!, summary(order));
    const { restocked, named } = await restockOrderLines(tx, refund.restockRequested, "refund");
    // `refunded_pence` also holds refunds still at the provider: the status, and what the customer
    // is told is back, count only those it confirmed, this one included.
    const confirmedPence = (await confirmedRefundsPence(tx, orderId)) + refund.amountPence;
    const paymentStatus = paymentStatusAfterRefund(order.totalAmountPence, confirmedPence);
    // A refund refused while this one was at the provider stays flagged on the order.
    const refusedMeanwhile = await tx
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "failed"), gt(orderRefunds.completedAt, refund.createdAt)))
      .limit(1);
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        paymentStatus,
        refundError: refusedMeanwhile.length > 0 ? order.refundError : null,
        refundedAt: paymentStatus === "refunded" ? (order.refundedAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(orders.id, orderId))
      .returning();
    const [done] = await tx
      .update(orderRefunds)
      .set({ status: "succeeded", providerRefundId, restocked, completedAt: now })
      .where(eq(orderRefunds.id, refund.id))
      .returning();
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "order.refunded",
      subjectType: "order",
      subjectId: orderId,
      before: { paymentStatus: order.paymentStatus, refundedPence: confirmedPence - refund.amountPence },
      after: { paymentStatus, refundedPence: confirmedPence, amountPence: refund.amountPence, reason: refund.reason, restocked: named, refundId: refund.id, providerRefundId },
    });
    const to = mailCustomer ? orderContactEmail(order) : null;
    const confirmed = { ...updated!, refundedPence: confirmedPence };
    if (to) await queueMail(tx, orderRefundedMail(confirmed, refund.amountPence, refund.reason, await readMailingShop(tx, deps.publicUrl ?? null)));
    return { ok: true as const, refund: toRecord(done!), order: summary(updated!), mailed: Boolean(to), replayed: false };
  });
}

async function recordRefusal(db: Database, admin: Pick<AdminViewer, "userId" | "email">, refund: RefundRow, message: string) {
  await db.transaction(async (tx) => {
    const order = (await lockOrder(tx, refund.orderId))!;
    const [current] = await tx.select({ status: orderRefunds.status }).from(orderRefunds).where(eq(orderRefunds.id, refund.id)).limit(1);
    if (current!.status !== "pending") return;
    const refundedPence = order.refundedPence - refund.amountPence;
    // Another refund of this order may have completed meanwhile: the status follows what the
    // provider confirmed is back.
    const refundedBefore = order.paymentStatus === "refunded" || order.paymentStatus === "partially_refunded";
    const confirmedPence = await confirmedRefundsPence(tx, refund.orderId);
    const paymentStatus = !refundedBefore ? order.paymentStatus : confirmedPence > 0 ? paymentStatusAfterRefund(order.totalAmountPence, confirmedPence) : "paid";
    // What it covered is offered again, as its amount is.
    await tx
      .update(orders)
      .set({ refundedPence, paymentStatus, refundError: message, refundedAt: paymentStatus === "refunded" ? order.refundedAt : null, ...(refund.covered.shipping ? { shippingRefunded: false } : {}), updatedAt: new Date() })
      .where(eq(orders.id, refund.orderId));
    await countCoveredUnits(tx, refund.covered.lines, -1);
    await tx.update(orderRefunds).set({ status: "failed", error: message, completedAt: new Date() }).where(eq(orderRefunds.id, refund.id));
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "order.refund_failed",
      subjectType: "order",
      subjectId: refund.orderId,
      before: null,
      after: { amountPence: refund.amountPence, reason: refund.reason, error: message, refundId: refund.id },
    });
  });
}

/**
 * Adds a refund's covered units to its lines' refunded_quantity (sign 1, when it is reserved) or
 * takes them off (-1, when the provider refuses it), under the order's lock like the amount.
 */
async function countCoveredUnits(tx: Transaction, lines: readonly { itemId: string; quantity: number }[], sign: 1 | -1) {
  for (const line of lines) {
    await tx
      .update(orderItems)
      .set({ refundedQuantity: sql`least(${orderItems.quantity}, greatest(0, ${orderItems.refundedQuantity} + ${sign * line.quantity}))` })
      .where(eq(orderItems.id, line.itemId));
  }
}

/** What the provider has confirmed refunding of an order (refunds still under way left out). */
async function confirmedRefundsPence(tx: DbOrTx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ pence: sql<number>`coalesce(sum(${orderRefunds.amountPence}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "succeeded")));
  return Number(row?.pence ?? 0);
}

/** The refunds of one order, oldest first (the order page). */
export async function listOrderRefunds(db: Database, orderId: string): Promise<RefundRecord[]> {
  const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(orderRefunds.createdAt);
  return rows.map(toRecord);
}

/**
 * Asks the provider again about refunds an outage left pending (see the top of this file): each
 * is finished as it would have been, or released with the provider's refusal. Several processes
 * may sweep at once: the provider answers one refund per key, and only one finish is recorded.
 */
export async function resumePendingRefunds(deps: Deps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ refund: orderRefunds, sessionId: orders.stripeSessionId })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        eq(orderRefunds.status, "pending"),
        eq(orderRefunds.provider, deps.provider.name),
        lt(orderRefunds.createdAt, new Date(now.getTime() - REFUND_RESUME_AFTER_MS)),
        gt(orderRefunds.createdAt, new Date(now.getTime() - REFUND_RESUME_FOR_MS)),
      ),
    )
    .orderBy(orderRefunds.createdAt)
    .limit(REFUND_RESUME_BATCH);
  let finished = 0;
  for (const { refund, sessionId } of due) {
    if (!sessionId) continue;
    const result = await completeRefund(deps, refund, sessionId);
    if (result.ok && !result.replayed) finished++;
  }
  return finished;
}

/**
 * Refunds still pending past the time they can safely be asked again: each is named once in the
 * log (per process), so the owner checks it in the provider's dashboard; its amount stays
 * reserved until someone does.
 */
export async function reportStuckRefunds(deps: Deps, reported: Set<string>, now = new Date()): Promise<string[]> {
  const stuck = await deps.db
    .select({ id: orderRefunds.id, orderId: orderRefunds.orderId, amountPence: orderRefunds.amountPence })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, "pending"), lt(orderRefunds.createdAt, new Date(now.getTime() - REFUND_RESUME_FOR_MS))))
    .limit(REFUND_RESUME_BATCH);
  const fresh = stuck.filter((refund) => !reported.has(refund.id));
  for (const refund of fresh) {
    reported.add(refund.id);
    console.warn(adminRefunds.stuckInLog(formatOrderNumber(refund.orderId), formatGbp(refund.amountPence)));
  }
  return fresh.map((refund) => refund.id);
}

/** Sweeps every minute; a sweep that fails (the database is still away) is logged and retried. */
export function startRefundResumer(deps: Deps, intervalMs = 60_000): Sweeper {
  const reported = new Set<string>();
  return startSweeper({
    name: "the sweep of pending refunds",
    intervalMs,
    sweepAtStart: true,
    run: async () => {
      await resumePendingRefunds(deps);
      await reportStuckRefunds(deps, reported);
    },
  });
}
