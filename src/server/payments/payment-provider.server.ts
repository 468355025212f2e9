// The payment provider seam (docs/architecture.md "payments"): Stripe Checkout in production, the
// built-in `local` provider (a hosted card page at /pay/{id}) everywhere else. Both speak in the
// same terms, so checkout, the webhook and verify-payment do not know which one is in use.

export type CheckoutSessionRequest = {
  orderId: string;
  lines: { name: string; description?: string; quantity: number; unitAmountPence: number }[];
  shipping: { amountPence: number; label: string };
  discount: { amountPence: number; code: string } | null;
  totalPence: number;
  /** Known e-mail of the buyer, or null when the payment page must ask for it (guest Buy Now). */
  customerEmail: string | null;
  /** ISO country codes the payment page may ship to when it must ask for the address (Buy Now). */
  collectShippingCountries: string[] | null;
  /** Where the shopper goes after paying; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  /** The shop's Terms of Sale, which the payment page names above its Pay button. */
  termsUrl: string;
};

export type CollectedAddress = { line1: string; line2?: string; city: string; state?: string; postalCode: string; country: string };

export type ProviderSession = {
  id: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "unpaid" | "paid" | "no_payment_required" | "refunded";
  amountTotalPence: number;
  /** ISO currency code, lower case ("gbp"). */
  currency: string;
  /** What the payment page collected (Buy Now): the buyer's e-mail, name and address. */
  customerEmail: string | null;
  /** The recipient's name and phone (Buy Now); null when not collected. */
  customerName: string | null;
  /** Who paid: the name on the card (Stripe's billing name). A Buy Now gift's buyer is not its recipient. */
  payerName: string | null;
  customerPhone: string | null;
  shippingAddress: CollectedAddress | null;
};

/** A verified event from the provider, reduced to what the shop acts on. */
export type PaymentWebhookEvent = {
  id: string;
  type: string;
  sessionId: string | null;
  /**
   * paid: money received; failed/expired: the session ended without money; declined: one attempt
   * was refused by the card's bank, and the session stays open for another; ignored: anything else.
   */
  outcome: "paid" | "pending" | "failed" | "expired" | "declined" | "ignored";
  /** For `declined`: the order (when the event names it rather than the session), the answer, and when it was given. */
  decline?: { orderId: string | null; reason: string; at: Date };
};

/**
 * What checking a webhook's signature found. A result, not a thrown error class: the production
 * build bundles the providers (with the host) apart from the routes, so an `instanceof` check on
 * our own error class compares two copies of it and misses (a forged event answered 500).
 */
export type WebhookVerification = { ok: true; event: PaymentWebhookEvent } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: "stripe" | "local";
  createSession(request: CheckoutSessionRequest): Promise<{ id: string; url: string }>;
  getSession(sessionId: string): Promise<ProviderSession | null>;
  /** Checks the signature over the raw body; `ok: false` when it does not hold or the body is not an event. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<WebhookVerification>;
  /**
   * Closes a session nobody has paid yet, so it can no longer be paid (a newer checkout of the same
   * cart replaced it). True when it is closed now or was already; false when it was paid, or the
   * provider could not be asked: then its order is left as it is.
   */
  closeSession(sessionId: string): Promise<boolean>;
  /** Gives the whole payment of a session back (an order that could not be fulfilled). */
  refund(sessionId: string): Promise<void>;
  /**
   * Gives `amountPence` of a session's payment back (an admin's refund, decision 035). The same
   * idempotency key never refunds twice, however often it is sent.
   */
  refundPart(sessionId: string, refund: PartialRefund): Promise<{ refundId: string }>;
}

export type PartialRefund = { amountPence: number; idempotencyKey: string; orderId: string; reason: string };
