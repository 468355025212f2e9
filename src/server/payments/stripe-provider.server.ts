// Stripe Checkout behind the PaymentProvider seam (used when STRIPE_SECRET_KEY is set). Charges
// GBP; the order's lines, shipping and discount become the session's line items, shipping rate
// and a one-off coupon. The webhook's signature is checked with STRIPE_WEBHOOK_SECRET.
import Stripe from "stripe";
import { COUNTRY_CODES } from "../../domain/countries.ts";
import { CANCELLATION_RIGHT_DAYS } from "../../domain/consumer-rights.ts";
import { termsNoteMarkdown } from "../../domain/messages/terms-note.ts";
import type { CheckoutSessionRequest, PaymentProvider, PaymentWebhookEvent, ProviderSession, WebhookVerification } from "./payment-provider.server.ts";
import { PAYMENT_SESSION_MINUTES } from "../../domain/discounts.ts";
import { cardMessages } from "../../domain/test-cards.ts";

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Tests point the SDK at a local fake Stripe server. */
  api?: { host: string; port: number; protocol: "http" | "https" };
};

/** The Stripe provider also lends its API client to the admin's product sync (decision 036). */
export type StripeProvider = PaymentProvider & { readonly name: "stripe"; readonly client: Stripe };

export function isStripeProvider(provider: PaymentProvider): provider is StripeProvider {
  return provider.name === "stripe" && "client" in provider;
}

export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
  });

  return {
    name: "stripe",
    client: stripe,

    async createSession(request: CheckoutSessionRequest) {
      const coupon = request.discount
        ? await stripe.coupons.create(
            { amount_off: request.discount.amountPence, currency: "gbp", duration: "once", max_redemptions: 1, name: request.discount.code },
            { idempotencyKey: `coupon-${request.orderId}` },
          )
        : null;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: request.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: "gbp",
              unit_amount: line.unitAmountPence,
              product_data: { name: line.name, ...(line.description ? { description: line.description } : {}) },
            },
          })),
          shipping_options: [
            {
              shipping_rate_data: {
                type: "fixed_amount",
                display_name: request.shipping.label.slice(0, 100),
                fixed_amount: { amount: request.shipping.amountPence, currency: "gbp" },
              },
            },
          ],
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          ...(request.collectShippingCountries
            ? {
                shipping_address_collection: { allowed_countries: request.collectShippingCountries as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[] },
                // The carrier's contact for the recipient, as the cart's checkout asks for it.
                phone_number_collection: { enabled: true },
              }
            : {}),
          // Seconds since the epoch; Stripe refuses less than 30 minutes from its own clock.
          expires_at: Math.floor(Date.now() / 1000) + (PAYMENT_SESSION_MINUTES + 1) * 60,
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId },
          // A declined attempt is an event about the payment, not the session: this names its order.
          payment_intent_data: { metadata: { orderId: request.orderId } },
          // Buy Now comes here straight from the product page: the terms are given before paying.
          custom_text: { submit: { message: termsNoteMarkdown(request.termsUrl, CANCELLATION_RIGHT_DAYS) } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { id: session.id, url: session.url };
    },

    async getSession(sessionId: string): Promise<ProviderSession | null> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      const shipping = session.collected_information?.shipping_details ?? null;
      const address = shipping?.address;
      return {
        id: session.id,
        status: session.status ?? "open",
        paymentStatus: session.payment_status,
        amountTotalPence: session.amount_total ?? 0,
        currency: session.currency ?? "gbp",
        customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
        customerName: shipping?.name ?? session.customer_details?.name ?? null,
        payerName: session.customer_details?.name ?? null,
        customerPhone: session.customer_details?.phone ?? null,
        shippingAddress:
          address && address.line1 && address.city && address.postal_code && address.country
            ? {
                line1: address.line1,
                ...(address.line2 ? { line2: address.line2 } : {}),
                city: address.city,
                ...(address.state ? { state: address.state } : {}),
                postalCode: address.postal_code,
                country: countryName(address.country),
              }
            : null,
      };
    },

    async closeSession(sessionId: string) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: expired already is closed;
        // complete (paid meanwhile) is not, and its payment takes its course.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return false;
        const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
        return session?.status === "expired";
      }
    },

    async verifyWebhook(rawBody: string, headers: Headers): Promise<WebhookVerification> {
      if (!options.webhookSecret) return { ok: false, reason: "STRIPE_WEBHOOK_SECRET is not set" };
      let event: Stripe.Event;
      try {
        // Throws on a bad signature and on a body that is not JSON; either way the event is refused.
        event = await stripe.webhooks.constructEventAsync(rawBody, headers.get("stripe-signature") ?? "", options.webhookSecret);
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : "invalid signature" };
      }
      if (typeof event?.id !== "string" || typeof event.type !== "string") return { ok: false, reason: "not a Stripe event" };
      const session = (event.data?.object ?? {}) as { id?: string; object?: string; payment_status?: string };
      const sessionId = session.object === "checkout.session" && typeof session.id === "string" ? session.id : null;
      if (event.type === "payment_intent.payment_failed") {
        const intent = (event.data?.object ?? {}) as { metadata?: Record<string, string> | null; last_payment_error?: { message?: string | null } | null };
        const orderId = typeof intent.metadata?.orderId === "string" ? intent.metadata.orderId : null;
        const reason = intent.last_payment_error?.message?.trim() || cardMessages.declined;
        const at = Number.isFinite(event.created) ? new Date(event.created * 1000) : new Date();
        return { ok: true, event: { id: event.id, type: event.type, sessionId: null, outcome: orderId ? "declined" : "ignored", decline: { orderId, reason, at } } };
      }
      const outcome = ((): PaymentWebhookEvent["outcome"] => {
        switch (event.type) {
          case "checkout.session.completed":
            return session.payment_status === "paid" || session.payment_status === "no_payment_required" ? "paid" : "pending";
          case "checkout.session.async_payment_succeeded":
            return "paid";
          case "checkout.session.async_payment_failed":
            return "failed";
          case "checkout.session.expired":
            return "expired";
          default:
            return "ignored";
        }
      })();
      return { ok: true, event: { id: event.id, type: event.type, sessionId, outcome } };
    },

    async refund(sessionId: string) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error(`session ${sessionId} has no payment to refund`);
      await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund-${sessionId}` });
    },

    async refundPart(sessionId, refund) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error(`session ${sessionId} has no payment to refund`);
      const created = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: refund.amountPence, metadata: { orderId: refund.orderId, reason: refund.reason.slice(0, 500) } },
        { idempotencyKey: refund.idempotencyKey },
      );
      if (created.status === "failed" || created.status === "canceled") throw new Error(created.failure_reason ?? `refund ${created.status}`);
      return { refundId: created.id };
    },
  };
}

/** Stripe gives ISO codes; orders keep the country names of the checkout form. */
function countryName(code: string): string {
  return Object.entries(COUNTRY_CODES).find(([, iso]) => iso === code.toUpperCase())?.[0] ?? code;
}
