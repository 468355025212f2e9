import { describe, expect, it } from "vitest";
import { cardMessages, cardProblems, parseExpiry, passesLuhn, TEST_CARDS } from "./test-cards.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const card = (overrides: Partial<Parameters<typeof cardProblems>[0]> = {}) => ({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", name: "A Shopper", ...overrides });

describe("local payment page cards", () => {
  it("accepts 4242 4242 4242 4242", () => {
    expect(cardProblems(card(), NOW)).toEqual([]);
    expect(cardProblems(card({ number: "4242-4242-4242-4242" }), NOW)).toEqual([]);
  });

  it("declines 4000 0000 0000 0002", () => {
    expect(cardProblems(card({ number: TEST_CARDS.declined }), NOW)).toEqual([{ field: "number", message: cardMessages.declined, declined: true }]);
  });

  it("refuses numbers that fail the checksum, and other real-looking cards", () => {
    expect(cardProblems(card({ number: "4242 4242 4242 4241" }), NOW)).toEqual([{ field: "number", message: cardMessages.invalidNumber }]);
    expect(passesLuhn("5555555555554444")).toBe(true);
    expect(cardProblems(card({ number: "5555 5555 5555 4444" }), NOW)).toEqual([{ field: "number", message: cardMessages.testCardsOnly }]);
  });

  it("checks the expiry date through the end of its month", () => {
    expect(cardProblems(card({ expiry: "11/26" }), NOW)).toEqual([]);
    expect(cardProblems(card({ expiry: "10/26" }), NOW)).toEqual([{ field: "expiry", message: cardMessages.expired }]);
    expect(cardProblems(card({ expiry: "13/30" }), NOW)).toEqual([{ field: "expiry", message: cardMessages.invalidExpiry }]);
    expect(parseExpiry("04 / 2031")).toEqual({ month: 4, year: 2031 });
  });

  it("needs a 3 or 4 digit security code and a name", () => {
    expect(cardProblems(card({ cvc: "12" }), NOW)).toEqual([{ field: "cvc", message: cardMessages.invalidCvc }]);
    expect(cardProblems(card({ name: " " }), NOW)).toEqual([{ field: "name", message: cardMessages.nameRequired }]);
  });

  it("names every wrong field at once, in the form's order; the bank never sees a card typed with mistakes", () => {
    expect(cardProblems({ number: "", expiry: "", cvc: "", name: "" }, NOW).map((problem) => problem.field)).toEqual(["number", "expiry", "cvc", "name"]);
    expect(cardProblems(card({ number: TEST_CARDS.declined, cvc: "1" }), NOW)).toEqual([{ field: "cvc", message: cardMessages.invalidCvc }]);
  });
});
