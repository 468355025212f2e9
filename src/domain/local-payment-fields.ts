// The built-in test payment page's fields and its answer to a refused form: apart from the check
// (local-payment-form.ts) so the page's own download holds only these. Pure.
import type { paymentPage } from "./messages/payment-page.ts";

/** A field by its form name; its label is paymentPage.fields[name]. */
export type PayField = keyof typeof paymentPage.fields;

/** The card's fields: after a refusal about one of them, the number and CVC are typed again. */
export const CARD_FIELDS = ["cardNumber", "expiry", "cvc", "cardName"] as const satisfies readonly PayField[];

/** What comes back after a refused payment: everything typed except the card number and CVC. */
export type KeptValues = Partial<Record<Exclude<PayField, "cardNumber" | "cvc">, string>>;

export type LocalPaymentRefusal = { ok: false; messages: string[]; fieldErrors: Partial<Record<PayField, string>>; values: KeptValues };
