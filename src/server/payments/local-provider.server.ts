// The built-in `local` payment provider: Stripe Checkout's shape without Stripe. Sessions live in
// local_payment_sessions; the hosted page /pay/{id} takes test cards and then sends a signed
// event through the same webhook code path Stripe's events take, so the whole flow (and its
// exactly-once rules) work offline.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { PAYMENT_SESSION_MINUTES } from "../../domain/discounts.ts";
import { cardMessages } from "../../domain/test-cards.ts";
import type { Database } from "../db/client.server.ts";
import { localPaymentSessions } from "../db/schema.ts";
import type {
  CheckoutSessionRequest,
  CollectedAddress,
  PaymentProvider,
  ProviderSession,
  WebhookVerification,
} from "./payment-provider.server.ts";

export const LOCAL_SIGNATURE_HEADER = "local-signature";
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Sessions created before this moment can no longer be paid. */
const lifetimeStart = () => new Date(Date.now() - PAYMENT_SESSION_MINUTES * 60_000);

/** Expired, by the shopper's Cancel or by age (PAYMENT_SESSION_MINUTES), as Stripe would report it. */
export function hasExpired(session: Pick<typeof localPaymentSessions.$inferSelect, "status" | "createdAt">): boolean {
  return session.status === "expired" || (session.status === "open" && session.createdAt <= lifetimeStart());
}

type LocalEventType = "checkout.session.completed" | "checkout.session.expired" | "payment_intent.payment_failed";
/** `reason`: a declined attempt's answer from the bank (payment_intent.payment_failed only). */
type LocalEvent = { id: string; type: LocalEventType; created: number; data: { object: { id: string; reason?: string } } };

export type LocalProvider = PaymentProvider & {
  /** Marks a session paid with what the page collected, and returns the signed event to deliver. */
  completeSession(sessionId: string, collected: { email: string | null; name: string | null; payer?: string | null; phone?: string | null; address: CollectedAddress | null }): Promise<SignedEvent | null>;
  /** The shopper cancelled on the payment page: the session expires, and the event says so. */
  expireSession(sessionId: string): Promise<SignedEvent | null>;
  /** A test card the bank declines: the session stays open, and the event tells the order. */
  declineAttempt(sessionId: string, reason: string): SignedEvent;
  session(sessionId: string): Promise<typeof localPaymentSessions.$inferSelect | null>;
};

export type SignedEvent = { rawBody: string; headers: Headers };

/** The app's provider is the local one (its hosted page /pay/{id} exists only then). */
export function isLocalProvider(provider: PaymentProvider): provider is LocalProvider {
  return provider.name === "local" && typeof (provider as Partial<LocalProvider>).session === "function";
}

function sign(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

export function createLocalProvider(db: Database, options: { publicUrl: string; webhookSecret: string }): LocalProvider {
  const signedEvent = (type: LocalEventType, sessionId: string, reason?: string): SignedEvent => {
    const created = Math.floor(Date.now() / 1000);
    const event: LocalEvent = { id: `evt_local_${randomBytes(12).toString("hex")}`, type, created, data: { object: { id: sessionId, ...(reason ? { reason } : {}) } } };
    const rawBody = JSON.stringify(event);
    const headers = new Headers({ "content-type": "application/json", [LOCAL_SIGNATURE_HEADER]: `t=${created},v1=${sign(options.webhookSecret, created, rawBody)}` });
    return { rawBody, headers };
  };

  const find = async (sessionId: string) => {
    const [row] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, sessionId)).limit(1);
    return row ?? null;
  };

  /**
   * Expires the session if it is still open (and, with `createdBefore`, only if it is that old),
   * and returns the event that says so. A payment that won the race stands.
   */
  const expireOpen = async (sessionId: string, createdBefore?: Date): Promise<SignedEvent | null> => {
    const [row] = await db
      .update(localPaymentSessions)
      .set({ status: "expired", updatedAt: new Date() })
      .where(
        and(
          eq(localPaymentSessions.id, sessionId),
          eq(localPaymentSessions.status, "open"),
          createdBefore ? lte(localPaymentSessions.createdAt, createdBefore) : undefined,
        ),
      )
      .returning({ id: localPaymentSessions.id });
    return row ? signedEvent("checkout.session.expired", sessionId) : null;
  };

  return {
    name: "local",

    async createSession(request: CheckoutSessionRequest) {
      // Like Stripe's ids: cs_ then enough randomness that the id is its own secret.
      const id = `cs_local_${randomBytes(24).toString("base64url")}`;
      await db.insert(localPaymentSessions).values({
        id,
        orderId: request.orderId,
        amountPence: request.totalPence,
        customerEmail: request.customerEmail,
        successUrl: request.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancelUrl: request.cancelUrl,
        lines: request.lines.map(({ name, description, quantity, unitAmountPence }) => ({ name, ...(description ? { description } : {}), quantity, unitAmountPence })),
        shippingPence: request.shipping.amountPence,
        discountPence: request.discount?.amountPence ?? 0,
        collectCountries: request.collectShippingCountries,
      });
      return { id, url: `${options.publicUrl}/pay/${id}` };
    },

    async closeSession(sessionId: string) {
      if (await expireOpen(sessionId)) return true;
      const row = await find(sessionId);
      return row !== null && row.status === "expired";
    },

    async getSession(sessionId: string): Promise<ProviderSession | null> {
      const row = await find(sessionId);
      if (!row) return null;
      return {
        id: row.id,
        // As Stripe reports a session past its lifetime: the payment reconciler then cancels the order.
        status: hasExpired(row) ? "expired" : row.status,
        paymentStatus: row.paymentStatus,
        amountTotalPence: row.amountPence,
        currency: "gbp",
        customerEmail: row.customerEmail,
        customerName: row.collected?.name ?? null,
        payerName: row.collected?.payer ?? null,
        customerPhone: row.collected?.phone ?? null,
        shippingAddress: row.collected?.address ?? null,
      };
    },

    async verifyWebhook(rawBody: string, headers: Headers): Promise<WebhookVerification> {
      const header = headers.get(LOCAL_SIGNATURE_HEADER) ?? "";
      const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
      const timestamp = Number(parts.t);
      const given = Buffer.from(parts.v1 ?? "", "hex");
      const expected = Buffer.from(sign(options.webhookSecret, timestamp, rawBody), "hex");
      if (!Number.isFinite(timestamp) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: "local payment event signature does not match" };
      }
      if (Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: "local payment event is too old" };
      let event: Partial<LocalEvent>;
      try {
        event = JSON.parse(rawBody) as Partial<LocalEvent>;
      } catch {
        return { ok: false, reason: "local payment event is not JSON" };
      }
      if (typeof event?.id !== "string" || typeof event.type !== "string") return { ok: false, reason: "local payment event has no id or type" };
      const sessionId = typeof event.data?.object?.id === "string" ? event.data.object.id : null;
      if (event.type === "payment_intent.payment_failed") {
        const reason = typeof event.data?.object?.reason === "string" && event.data.object.reason.trim() ? event.data.object.reason.trim() : cardMessages.declined;
        return { ok: true, event: { id: event.id, type: event.type, sessionId, outcome: "declined", decline: { orderId: null, reason, at: new Date(timestamp * 1000) } } };
      }
      const outcome = event.type === "checkout.session.completed" ? "paid" : event.type === "checkout.session.expired" ? "expired" : "ignored";
      return { ok: true, event: { id: event.id, type: event.type, sessionId, outcome } };
    },

    async refund(sessionId: string) {
      await db
        .update(localPaymentSessions)
        .set({ paymentStatus: "refunded", refundedPence: sql`${localPaymentSessions.amountPence}`, updatedAt: new Date() })
        .where(eq(localPaymentSessions.id, sessionId));
    },

    // The local provider's record of a refund is the session's running total: like Stripe, it
    // refuses to give back more than the session took.
    async refundPart(sessionId, refund) {
      // As Stripe does: a refund asked again with its idempotency key is answered with the refund
      // made the first time (its id follows from the key), never made twice.
      const refundId = `re_local_${createHash("sha256").update(`${sessionId}\n${refund.idempotencyKey}`).digest("hex").slice(0, 24)}`;
      const [row] = await db
        .update(localPaymentSessions)
        .set({
          refundedPence: sql`${localPaymentSessions.refundedPence} + ${refund.amountPence}`,
          paymentStatus: sql`case when ${localPaymentSessions.refundedPence} + ${refund.amountPence} >= ${localPaymentSessions.amountPence} then 'refunded' else ${localPaymentSessions.paymentStatus} end`,
          refundKeys: sql`array_append(${localPaymentSessions.refundKeys}, ${refund.idempotencyKey}::text)`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(localPaymentSessions.id, sessionId),
            inArray(localPaymentSessions.paymentStatus, ["paid"]),
            sql`${localPaymentSessions.refundedPence} + ${refund.amountPence} <= ${localPaymentSessions.amountPence}`,
            sql`not (${refund.idempotencyKey}::text = any(${localPaymentSessions.refundKeys}))`,
          ),
        )
        .returning({ id: localPaymentSessions.id });
      if (row) return { refundId };
      const [made] = await db
        .select({ id: localPaymentSessions.id })
        .from(localPaymentSessions)
        .where(and(eq(localPaymentSessions.id, sessionId), sql`${refund.idempotencyKey}::text = any(${localPaymentSessions.refundKeys})`));
      if (made) return { refundId };
      throw new Error("the local payment has less left to refund than asked");
    },

    async completeSession(sessionId, collected) {
      // A session past its lifetime cannot be paid (PAYMENT_SESSION_MINUTES): it expires instead,
      // and the event that says so takes the order off.
      const stale = await expireOpen(sessionId, lifetimeStart());
      if (stale) return stale;
      const [row] = await db
        .update(localPaymentSessions)
        .set({
          status: "complete",
          paymentStatus: "paid",
          customerEmail: collected.email ?? undefined,
          collected:
            collected.name || collected.address || collected.phone
              ? { name: collected.name, payer: collected.payer ?? null, phone: collected.phone ?? null, address: collected.address }
              : null,
          updatedAt: new Date(),
        })
        .where(and(eq(localPaymentSessions.id, sessionId), eq(localPaymentSessions.status, "open"), gt(localPaymentSessions.createdAt, lifetimeStart())))
        .returning({ id: localPaymentSessions.id });
      return row ? signedEvent("checkout.session.completed", sessionId) : null;
    },

    async expireSession(sessionId) {
      return expireOpen(sessionId);
    },

    declineAttempt(sessionId, reason) {
      return signedEvent("payment_intent.payment_failed", sessionId, reason);
    },

    session: find,
  };
}
