// Payment reconciliation (decision 013; Stripe's own advice for missed webhooks): a payment the
// provider recorded but the shop never applied (a crash between the two, a webhook lost on the
// way) is found by asking the provider about pending orders, and applied through the same
// exactly-once path as the webhook. Refunds the provider refused are tried again, and orders a
// checkout never gave a session are cancelled.
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { PAYMENT_SESSION_MINUTES } from "../../domain/discounts.ts";
import { isSessionPaid } from "../../domain/payment-outcome.ts";
import type { Database } from "../db/client.server.ts";
import { startSweeper, type Sweeper } from "../db/sweeper.server.ts";
import { orders } from "../db/schema.ts";
import { applyFailedSession } from "./apply-payment.server.ts";
import type { PaymentProvider } from "./payment-provider.server.ts";
import { refundOrder, settlePaid } from "./payments.server.ts";

type Deps = { db: Database; provider: PaymentProvider; publicUrl: string; shopEmail?: string };

/** How often each process sweeps. */
export const PAYMENT_RECONCILE_SECONDS = 60;
/** An order's session is asked about at most this often, whichever process sweeps. */
export const PAYMENT_RECHECK_MINUTES = 5;
/** Orders claimed per sweep, so one sweep never floods the provider's API. */
export const PAYMENT_RECONCILE_BATCH = 50;
/** A refund is retried only after the request that refused it has had time to finish. */
const REFUND_RETRY_AFTER_MS = 60_000;
const REFUND_RETRY_FOR_MS = 24 * 60 * 60_000;
/** Beyond a payment session's lifetime, before an order that never got one is given up. */
const ORPHAN_MARGIN_MINUTES = 5;

export type ReconcileReport = { checked: number; applied: number; cancelled: number; refundsRetried: number };

/**
 * Claims orders for this process: rows another process has locked are skipped, and the claim is
 * recorded in payment_checked_at, so several processes share the work without asking twice.
 */
async function claim(db: Database, which: "pending" | "refund-owed", now: Date) {
  const stale = new Date(now.getTime() - PAYMENT_RECHECK_MINUTES * 60_000);
  const due = or(isNull(orders.paymentCheckedAt), lt(orders.paymentCheckedAt, stale));
  const condition =
    which === "pending"
      ? and(eq(orders.paymentStatus, "pending"), isNotNull(orders.stripeSessionId), due)
      : and(
          eq(orders.paymentStatus, "refunded"),
          isNull(orders.refundedAt),
          isNotNull(orders.stripeSessionId),
          lt(orders.updatedAt, new Date(now.getTime() - REFUND_RETRY_AFTER_MS)),
          // After a day of refusals the admin's flag (refund_error) stands on its own.
          gt(orders.paidAt, new Date(now.getTime() - REFUND_RETRY_FOR_MS)),
          due,
        );
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: orders.id, sessionId: orders.stripeSessionId })
      .from(orders)
      .where(condition)
      // Never-checked orders first (the newest payment is the likeliest to be missing), then
      // the longest unchecked: every order gets its turn however many shoppers abandon a payment.
      .orderBy(sql`${orders.paymentCheckedAt} asc nulls first`, desc(orders.createdAt))
      .limit(PAYMENT_RECONCILE_BATCH)
      .for("update", { skipLocked: true });
    if (rows.length > 0) await tx.update(orders).set({ paymentCheckedAt: now }).where(inArray(orders.id, rows.map((row) => row.id)));
    return rows.filter((row): row is { id: string; sessionId: string } => row.sessionId !== null);
  });
}

/**
 * Orders a checkout left without a payment session (the process stopped or the database went
 * away between writing the order and recording its session): nobody can pay them, so once any
 * session could have expired they are cancelled as an expired one is. A session the provider did
 * create meanwhile expires too; paid after all, the payment finds the order cancelled and is
 * refunded (decision 013).
 */
async function cancelOrdersWithoutSession(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - (PAYMENT_SESSION_MINUTES + ORPHAN_MARGIN_MINUTES) * 60_000);
  const cancelled = await db
    .update(orders)
    .set({ status: "cancelled", paymentStatus: "failed", paymentFailedAt: now, updatedAt: now })
    .where(and(eq(orders.status, "pending"), eq(orders.paymentStatus, "pending"), isNull(orders.stripeSessionId), lt(orders.createdAt, before)))
    .returning({ id: orders.id });
  return cancelled.length;
}

/** One sweep: pending orders whose session is paid are applied, expired ones cancelled, owed refunds retried. */
export async function reconcilePayments(deps: Deps, now = new Date()): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, applied: 0, cancelled: await cancelOrdersWithoutSession(deps.db, now), refundsRetried: 0 };
  for (const order of await claim(deps.db, "pending", now)) {
    report.checked++;
    try {
      const session = await deps.provider.getSession(order.sessionId);
      if (!session) continue;
      if (isSessionPaid(session)) {
        const outcome = await settlePaid(deps, order.sessionId, undefined, session);
        if (outcome.kind === "paid" || outcome.kind === "refunded") report.applied++;
      } else if (session.status === "expired") {
        if ((await applyFailedSession(deps.db, order.sessionId, "expired")) === "updated") report.cancelled++;
      }
    } catch (error) {
      // One session the provider cannot tell us about must not stop the others.
      console.error(`payment reconciliation of order ${order.id} failed; it is retried later:`, error instanceof Error ? error.message : error);
    }
  }
  for (const order of await claim(deps.db, "refund-owed", now)) {
    report.refundsRetried++;
    await refundOrder(deps, order.id, order.sessionId);
  }
  return report;
}

/**
 * Sweeps at start and every PAYMENT_RECONCILE_SECONDS. A sweep that fails (the database or the
 * provider is away) is logged and the next one tries again; it never takes the process down.
 */
export function startPaymentReconciler(deps: Deps, intervalMs = PAYMENT_RECONCILE_SECONDS * 1000): Sweeper {
  return startSweeper({ name: "payment reconciliation", intervalMs, sweepAtStart: true, run: () => reconcilePayments(deps) });
}
