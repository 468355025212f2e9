import { describe, expect, it } from "vitest";
import { checkout } from "./messages/checkout.ts";
import { paymentPage } from "./messages/payment-page.ts";
import { readLocalPayment, type PayFormSession } from "./local-payment-form.ts";
import { cardMessages, TEST_CARDS } from "./test-cards.ts";
import { controlCharactersMessage } from "./text-rules.ts";

const NOW = new Date("2026-05-01T10:00:00Z");
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: " Ama Owusu " };
const ADDRESS = { email: "ama@example.com", name: "Kofi Mensah", phone: "", line1: "1 Savile Row", line2: "", city: "London", state: "", postalCode: "w1s 3pr", country: "GB" };
const CART: PayFormSession = { amountPence: 20_499, customerEmail: "ama@example.com", collectCountries: null };
const GUEST_BUY_NOW: PayFormSession = { amountPence: 20_000, customerEmail: null, collectCountries: ["GB", "FR"] };

const read = (fields: Record<string, string>, session: PayFormSession) => readLocalPayment(new URLSearchParams({ intent: "pay", ...fields }), session, NOW);

describe("readLocalPayment", () => {
  it("pays a cart's checkout with a good card: the card's name is the payer and, with no address asked, the recipient", () => {
    expect(read(CARD, CART)).toEqual({ ok: true, payment: { email: null, name: "Ama Owusu", payer: "Ama Owusu", phone: null, address: null } });
  });

  it("reads a Buy Now's e-mail, recipient and address, naming the country as the checkout does and leaving blank lines out", () => {
    expect(read({ ...CARD, ...ADDRESS }, GUEST_BUY_NOW)).toEqual({
      ok: true,
      payment: { email: "ama@example.com", name: "Kofi Mensah", payer: "Ama Owusu", phone: null, address: { line1: "1 Savile Row", city: "London", postalCode: "w1s 3pr", country: "United Kingdom" } },
    });
  });

  it("names every wrong field at once, keeps what was typed except the card number and CVC, and tries no card", () => {
    const reading = read({ ...CARD, cardNumber: TEST_CARDS.declined, ...ADDRESS, name: "", postalCode: "75008" }, GUEST_BUY_NOW);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    // The declined card is not tried while the details are wrong.
    expect(reading.bankDecline).toBeNull();
    expect(reading.refusal.fieldErrors).toEqual({ name: paymentPage.recipientNameRequired });
    expect(reading.refusal.values).toMatchObject({ expiry: "12/40", cardName: " Ama Owusu ", line1: "1 Savile Row", postalCode: "75008" });
    expect(reading.refusal.values).not.toHaveProperty("cardNumber");
    expect(reading.refusal.values).not.toHaveProperty("cvc");

    const postcode = read({ ...CARD, ...ADDRESS, postalCode: "75008" }, GUEST_BUY_NOW);
    expect(!postcode.ok && postcode.refusal.fieldErrors).toEqual({ postalCode: checkout.postalCodeInvalid("United Kingdom") });
  });

  it("hands the bank's refusal on when only the card is declined", () => {
    const reading = read({ ...CARD, cardNumber: TEST_CARDS.declined }, CART);
    expect(reading).toEqual({ ok: false, bankDecline: cardMessages.declined, refusal: expect.objectContaining({ messages: [cardMessages.declined], fieldErrors: { cardNumber: cardMessages.declined } }) });
  });

  it("refuses a control character on its field, under the form's own label, before anything else", () => {
    const onCard = read({ ...CARD, cardName: "Ama\u0000" }, CART);
    expect(!onCard.ok && onCard.refusal.fieldErrors.cardName).toBe(controlCharactersMessage(paymentPage.fields.cardName));
    const inAddress = read({ ...CARD, ...ADDRESS, line1: "1 Savile\u0007 Row" }, GUEST_BUY_NOW);
    expect(!inAddress.ok && inAddress.refusal.fieldErrors.line1).toBe(controlCharactersMessage(paymentPage.fields.line1));
    // Not asked for, not read.
    expect(read({ ...CARD, line1: "\u0000" }, CART).ok).toBe(true);
  });

  it("asks no card when there is nothing to pay", () => {
    expect(read({}, { ...CART, amountPence: 0 })).toEqual({ ok: true, payment: { email: null, name: null, payer: null, phone: null, address: null } });
  });
});
