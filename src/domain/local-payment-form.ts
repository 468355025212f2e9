// The built-in test payment page's form (/pay/{sessionId}), read and checked as Stripe Checkout
// checks its own: every wrong field is named at once, and a card the bank would decline is only
// tried once everything else is in order, like a real charge. Pure.
import { paymentPage } from "./messages/payment-page.ts";
import type { LocalPaymentRefusal, PayField } from "./local-payment-fields.ts";
import { countryNameOf, paymentDetailsSchema, type PaymentDetails, type PaymentDetailsField } from "./payment-details.ts";
import { postcodeProblem } from "./postcodes.ts";
import { cardProblems, type CardInput } from "./test-cards.ts";
import { controlCharactersMessage, hasControlCharacters } from "./text-rules.ts";
import { formText } from "./form-text.ts";

const CARD_FIELD: Record<keyof CardInput, PayField> = { number: "cardNumber", expiry: "expiry", cvc: "cvc", name: "cardName" };

/** The fields typed as free text, where a control character (a NUL cannot even be stored) is refused. */
const TYPED_FIELDS = ["cardName", "email", "name", "phone", "line1", "line2", "city", "state", "postalCode"] as const satisfies readonly PayField[];

/** What the form pays for, and whether it asks where the order goes (a Buy Now: the countries it ships to). */
export type PayFormSession = { amountPence: number; customerEmail: string | null; collectCountries: readonly string[] | null };

/** What the payment session learns from a form that passed, as Stripe Checkout reports its own. */
export type LocalPayment = {
  email: string | null;
  /** The recipient's name (the card's name is the payer's; the parcel needs the recipient's). */
  name: string | null;
  payer: string | null;
  phone: string | null;
  address: { line1: string; line2?: string; city: string; state?: string; postalCode: string; country: string } | null;
};

export type LocalPaymentReading =
  | { ok: true; payment: LocalPayment }
  /** `bankDecline`: the bank's refusal of a card typed in full, which reaches the order as Stripe's would. */
  | { ok: false; refusal: LocalPaymentRefusal; bankDecline: string | null };

/** Reads a posted payment form for `session`; `now` dates the card's expiry. */
export function readLocalPayment(form: { get(name: string): unknown }, session: PayFormSession, now: Date): LocalPaymentReading {
  const text = formText(form);
  const card: CardInput = { number: text("cardNumber"), expiry: text("expiry"), cvc: text("cvc"), name: text("cardName") };
  const askDetails = session.collectCountries !== null;
  const refusal: LocalPaymentRefusal = { ok: false, messages: [], fieldErrors: {}, values: { expiry: card.expiry, cardName: card.name } };
  const refuse = (field: PayField, message: string) => {
    if (refusal.fieldErrors[field]) return;
    refusal.fieldErrors[field] = message;
    refusal.messages.push(message);
  };

  // A control character is refused on its field, before anything else.
  for (const field of TYPED_FIELDS) {
    if ((field === "cardName" || askDetails) && hasControlCharacters(text(field))) refuse(field, controlCharactersMessage(paymentPage.fields[field]));
  }

  let details: PaymentDetails | null = null;
  if (session.collectCountries !== null) {
    const raw = { email: session.customerEmail ?? text("email"), name: text("name"), phone: text("phone"), line1: text("line1"), line2: text("line2"), city: text("city"), state: text("state"), postalCode: text("postalCode"), country: text("country") };
    Object.assign(refusal.values, raw);
    const parsed = paymentDetailsSchema(session.collectCountries).safeParse(raw);
    if (parsed.success) {
      const postcode = postcodeProblem(parsed.data.postalCode, parsed.data.country);
      if (postcode) refuse("postalCode", postcode);
      else details = parsed.data;
    } else for (const issue of parsed.error.issues) refuse(issue.path[0] as PaymentDetailsField, issue.message);
  }
  // Nothing to pay (a 100% discount on a free-shipping order): no card is asked for, as Stripe
  // Checkout completes a no-cost order without one.
  const problems = session.amountPence === 0 ? [] : cardProblems(card, now);
  const declined = problems.find((problem) => problem.declined);
  const bankDecline = declined && refusal.messages.length === 0 ? declined.message : null;
  if (!declined || bankDecline) for (const problem of problems) refuse(CARD_FIELD[problem.field], problem.message);
  if (refusal.messages.length > 0) return { ok: false, refusal, bankDecline };

  const payer = card.name.trim() || null;
  return {
    ok: true,
    payment: {
      email: details?.email ?? null,
      name: details?.name ?? payer,
      payer,
      phone: details?.phone ?? null,
      address: details
        ? {
            line1: details.line1,
            ...(details.line2 ? { line2: details.line2 } : {}),
            city: details.city,
            ...(details.state ? { state: details.state } : {}),
            postalCode: details.postalCode,
            // Orders keep the country names of the checkout form (as the Stripe provider reports them).
            country: countryNameOf(details.country),
          }
        : null,
    },
  };
}
