// The two doors through which a payment reaches an order: the provider's webhook and
// verify-payment (the confirmation page asking). Both apply it through applyPaidSession, so it
// happens exactly once whichever comes first (docs/architecture.md "Payments are idempotent").
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orders } from "../db/schema.ts";
import { GUEST_PLACEHOLDER_EMAIL } from "../../domain/guest-email.ts";
import type { RefundReason } from "../../domain/payment-refusals.ts";
import { isSessionPaid, orderPaymentOutcome } from "../../domain/payment-outcome.ts";
import type { OrderSummary } from "../../domain/orders.ts";
import { normalisePostcode } from "../../domain/postcodes.ts";
import { CHECKOUT_LIMIT_WINDOW_MINUTES, VERIFICATIONS_PER_CHECKOUT } from "../../domain/checkout.ts";
import type { RateLimitRule } from "../security/rate-limit.server.ts";
import { orderSummaryById } from "../orders/orders.server.ts";
import { applyFailedSession, applyPaidSession, type PaymentOutcome } from "./apply-payment.server.ts";
import { recordPaymentDecline } from "./payment-declines.server.ts";
import type { PaymentProvider, ProviderSession } from "./payment-provider.server.ts";
import { logRequestError } from "../http/error-log.server.ts";

/**
 * `publicUrl`: the shop's origin, for the links in the order e-mail; `shopEmail`: where a new order
 * is announced while Settings has no contact e-mail (SHOP_EMAIL, else the admin's; AppConfig.shopEmail).
 */
type Deps = { db: Database; provider: PaymentProvider; publicUrl: string; shopEmail?: string };

export type WebhookAnswer = { status: 200 | 400; body: { received: true } | { error: string } };

export async function handlePaymentWebhook(deps: Deps, rawBody: string, headers: Headers): Promise<WebhookAnswer> {
  const verified = await deps.provider.verifyWebhook(rawBody, headers);
  if (!verified.ok) return { status: 400, body: { error: "Invalid signature" } };
  const event = verified.event;
  if (event.outcome === "declined" && event.decline) {
    const decline = { eventId: event.id, provider: deps.provider.name, sessionId: event.sessionId, ...event.decline };
    await recordPaymentDecline(deps.db, decline);
    return { status: 200, body: { received: true } };
  }
  if (!event.sessionId || event.outcome === "ignored" || event.outcome === "pending" || event.outcome === "declined") return { status: 200, body: { received: true } };
  const recorded = { id: event.id, provider: deps.provider.name, type: event.type };
  if (event.outcome === "paid") {
    await settlePaid(deps, event.sessionId, recorded);
  } else {
    await applyFailedSession(deps.db, event.sessionId, event.outcome, recorded);
  }
  return { status: 200, body: { received: true } };
}

/** Records what the payment page collected, applies the payment, refunds a refused one. */
export async function settlePaid(deps: Deps, sessionId: string, event?: { id: string; provider: string; type: string }, known?: ProviderSession): Promise<PaymentOutcome> {
  const session = known ?? (await deps.provider.getSession(sessionId));
  if (session) await recordCollectedDetails(deps.db, sessionId, session);
  const paid = session ? { amountPence: session.amountTotalPence, currency: session.currency } : undefined;
  const outcome = await applyPaidSession(deps.db, sessionId, event, { publicUrl: deps.publicUrl, shopEmail: deps.shopEmail }, paid);
  if (outcome.kind === "refunded" && outcome.firstTime) await refundOrder(deps, outcome.orderId, sessionId);
  return outcome;
}

/**
 * Gives a refused payment back through the provider and records the result: `refunded_at` when
 * the provider confirms it, otherwise `refund_error`, which flags the order for the admin (the
 * reconciler tries again). Never throws: the event that led here is already recorded.
 */
export async function refundOrder(deps: Deps, orderId: string, sessionId: string): Promise<boolean> {
  try {
    await deps.provider.refund(sessionId);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`refund of order ${orderId} failed; flagged for the admin:`, message);
    await deps.db
      .update(orders)
      .set({ refundError: message.slice(0, 500) || "refund failed", updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .catch((failure: unknown) => logRequestError("flagging the refund for the admin", failure));
    return false;
  }
  // One refund model (decision 035): the whole payment is now back with the shopper.
  await deps.db.update(orders).set({ refundedAt: new Date(), refundError: null, refundedPence: sql`${orders.totalAmountPence}`, updatedAt: new Date() }).where(eq(orders.id, orderId));
  return true;
}

/**
 * A Buy Now order learns where it goes from the payment page: the recipient's name and phone and
 * the address, and for a guest the buyer's e-mail too (a signed-in buyer stays the customer).
 */
async function recordCollectedDetails(db: Database, sessionId: string, session: ProviderSession) {
  const [order] = await db.select().from(orders).where(eq(orders.stripeSessionId, sessionId)).limit(1);
  if (!order || order.paymentStatus !== "pending") return;
  const placeholder = order.customer.email === GUEST_PLACEHOLDER_EMAIL;
  const email = placeholder && session.customerEmail ? session.customerEmail : order.customer.email;
  const [firstName = order.customer.firstName, ...rest] = (session.customerName ?? "").trim().split(/\s+/).filter(Boolean);
  // A guest buyer is the one who paid, greeted by the card's name: the recipient of a present is not.
  const [payerFirst = firstName, ...payerRest] = (session.payerName ?? "").trim().split(/\s+/).filter(Boolean);
  const payerLast = session.payerName?.trim() ? payerRest.join(" ") : rest.join(" ");
  const phone = session.customerPhone?.trim() || order.customer.phone;
  const customer = placeholder ? { ...order.customer, email, firstName: payerFirst, lastName: payerLast || order.customer.lastName, ...(phone ? { phone } : {}) } : order.customer;
  const address =
    order.shippingAddress ??
    (session.shippingAddress
      ? {
          // The parcel's recipient, who may not be the buyer (a present); without a name given, the
          // buyer whole (not the recipient's blank first name beside the buyer's last).
          firstName: session.customerName?.trim() ? firstName : customer.firstName,
          lastName: session.customerName?.trim() ? rest.join(" ") : customer.lastName,
          address: [session.shippingAddress.line1, session.shippingAddress.line2].filter(Boolean).join(", "),
          city: session.shippingAddress.city,
          ...(session.shippingAddress.state ? { region: session.shippingAddress.state } : {}),
          postalCode: normalisePostcode(session.shippingAddress.postalCode, session.shippingAddress.country),
          country: session.shippingAddress.country,
          ...(phone ? { phone } : {}),
        }
      : null);
  if (customer === order.customer && address === order.shippingAddress) return;
  await db.update(orders).set({ customer, customerEmail: customer.email.toLowerCase(), shippingAddress: address, updatedAt: new Date() }).where(eq(orders.id, order.id));
}

export type VerifyResult =
  | { success: true; status: "paid"; order: { id: string; itemCount: number; totalPence: number; email: string; details: OrderSummary | null } }
  | { success: false; status: "pending" | "failed" | "unknown" }
  | { success: false; status: "refunded"; reason: RefundReason };

/**
 * The payment checks one address may ask for: VERIFICATIONS_PER_CHECKOUT for each checkout
 * CHECKOUT_LIMIT lets it start, in the same window; none when checkouts are not limited (0).
 * Without it a known session id could be asked about without end, each time a question to Stripe.
 */
export function verifyLimitRule(checkoutLimit: number): RateLimitRule | null {
  if (checkoutLimit <= 0) return null;
  return { name: "payment-verify", max: checkoutLimit * VERIFICATIONS_PER_CHECKOUT, windowMs: CHECKOUT_LIMIT_WINDOW_MINUTES * 60_000 };
}

/**
 * verify-payment: asks the provider about the session of one of the shop's orders and applies a
 * payment it reports. Anyone may call it with any id, and each question to Stripe spends the
 * shop's API allowance, which its own checkouts, refunds and reconciler share: an id no order has
 * was never opened by the shop (checkout records every session on its order before the shopper is
 * sent to pay), so it is answered "unknown" without asking, and one already settled from the database.
 */
export async function verifyPayment(deps: Deps, sessionId: string): Promise<VerifyResult> {
  const [order] = await deps.db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, status: orders.status, cancelReason: orders.cancelReason, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.stripeSessionId, sessionId))
    .limit(1);
  if (!order) return { success: false, status: "unknown" };
  // An order the shop already records as paid (an admin's later refund still counts, decision 035),
  // or as a refused payment given back, has its answer in the database: each visit to its
  // confirmation page would otherwise spend a question to Stripe.
  const recorded = orderPaymentOutcome(order);
  if (recorded.kind === "paid") return { success: true, status: "paid", order: await orderSummary(deps.db, order.id) };
  if (recorded.kind === "refunded") return { success: false, status: "refunded", reason: recorded.reason };
  const session = await deps.provider.getSession(sessionId);
  if (!session) return { success: false, status: "unknown" };
  if (isSessionPaid(session)) {
    const outcome = await settlePaid(deps, sessionId, undefined, session);
    if (outcome.kind === "refunded") return { success: false, status: "refunded", reason: outcome.reason };
    if (outcome.kind !== "paid") return { success: false, status: "unknown" };
    return { success: true, status: "paid", order: await orderSummary(deps.db, outcome.orderId) };
  }
  if (session.status === "expired" || recorded.kind === "failed") return { success: false, status: "failed" };
  return { success: false, status: "pending" };
}

/**
 * What the confirmation page shows of a paid order: the session id proved the right to see it.
 * `details` are its lines, totals and delivery address (the page used to show only the number).
 */
async function orderSummary(db: Database, orderId: string) {
  const [order] = await db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, orderId));
  const details = await orderSummaryById(db, orderId);
  const itemCount = details?.items.reduce((total, item) => total + item.quantity, 0) ?? 0;
  return { id: orderId, itemCount, totalPence: details?.totalPence ?? 0, email: order?.email ?? "", details };
}
