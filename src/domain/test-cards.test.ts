import { describe, expect, it } from "vitest";
import { cardMessages, checkCard, parseExpiry, passesLuhn, TEST_CARDS } from "./test-cards.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const card = (overrides: Partial<Parameters<typeof checkCard>[0]> = {}) => ({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", name: "A Shopper", ...overrides });

describe("local payment page cards", () => {
  it("accepts 4242 4242 4242 4242", () => {
    expect(checkCard(card(), NOW)).toEqual({ ok: true });
    expect(checkCard(card({ number: "4242-4242-4242-4242" }), NOW)).toEqual({ ok: true });
  });

  it("declines 4000 0000 0000 0002", () => {
    expect(checkCard(card({ number: TEST_CARDS.declined }), NOW)).toEqual({ ok: false, field: "number", message: cardMessages.declined, declined: true });
  });

  it("refuses numbers that fail the checksum, and other real-looking cards", () => {
    expect(checkCard(card({ number: "4242 4242 4242 4241" }), NOW)).toMatchObject({ ok: false, message: cardMessages.invalidNumber });
    expect(passesLuhn("5555555555554444")).toBe(true);
    expect(checkCard(card({ number: "5555 5555 5555 4444" }), NOW)).toMatchObject({ ok: false, message: cardMessages.testCardsOnly });
  });

  it("checks the expiry date through the end of its month", () => {
    expect(checkCard(card({ expiry: "11/26" }), NOW)).toEqual({ ok: true });
    expect(checkCard(card({ expiry: "10/26" }), NOW)).toMatchObject({ ok: false, message: cardMessages.expired });
    expect(checkCard(card({ expiry: "13/30" }), NOW)).toMatchObject({ ok: false, message: cardMessages.invalidExpiry });
    expect(parseExpiry("04 / 2031")).toEqual({ month: 4, year: 2031 });
  });

  it("needs a 3 or 4 digit security code and a name", () => {
    expect(checkCard(card({ cvc: "12" }), NOW)).toMatchObject({ ok: false, field: "cvc" });
    expect(checkCard(card({ name: " " }), NOW)).toMatchObject({ ok: false, field: "name" });
  });
});
