import { describe, expect, it } from "vitest";
import { isPhoneNumber } from "./phone-numbers.ts";

describe("phone numbers", () => {
  it.each([
    "+44 20 7946 0000",
    "(020) 7946 0000",
    "020-7946-0000",
    "0044 20 7946 0000",
    "+44 (0)20 7946 0000",
    "+1 (555) 010-9999 ext. 12",
    "555.010.9999 x12",
    "+233 24 123 4567",
    "4321",
  ])("takes %s as people write it", (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
  });

  it.each([
    ["no digits", "abc"],
    ["words around digits", "call 07700 900123"],
    ["40 digits", "1".repeat(40)],
    ["16 digits", "1234567890123456"],
    ["3 digits", "123"],
    ["a plus alone", "+"],
    ["separators only", "-- ()"],
    ["a plus inside", "44+20 7946 0000"],
    ["an extension without digits", "020 7946 0000 ext"],
  ])("refuses %s", (_, phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
  });

  it("counts 15 digits after the international prefix 00", () => {
    expect(isPhoneNumber("00" + "1".repeat(15))).toBe(true);
    expect(isPhoneNumber("+" + "1".repeat(15))).toBe(true);
    expect(isPhoneNumber("+" + "1".repeat(16))).toBe(false);
  });
});
