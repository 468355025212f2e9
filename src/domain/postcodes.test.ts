import { describe, expect, it } from "vitest";
import { checkout } from "./messages/checkout.ts";
import { COUNTRIES_WITHOUT_POSTCODES, normalisePostcode, postcodeOptional, postcodeProblem } from "./postcodes.ts";

describe("postal codes by destination", () => {
  it("accepts real UK postcodes in any case and spacing, and refuses 'zzz'", () => {
    for (const postcode of ["SW1A 1AA", "ec1a1bb", "M1 1AE", "B33 8TH"]) expect(postcodeProblem(postcode, "United Kingdom")).toBeNull();
    expect(postcodeProblem("zzz", "United Kingdom")).toBe(checkout.postalCodeInvalid("United Kingdom"));
    expect(postcodeProblem("12345", "UK")).toBe(checkout.postalCodeInvalid("United Kingdom"));
  });

  it("checks other countries by their own format", () => {
    expect(postcodeProblem("10115", "Germany")).toBeNull();
    expect(postcodeProblem("1011", "Germany")).toBe(checkout.postalCodeInvalid("Germany"));
    expect(postcodeProblem("104-0061", "Japan")).toBeNull();
    expect(postcodeProblem("90210", "United States")).toBeNull();
    expect(postcodeProblem("9021", "United States")).toBe(checkout.postalCodeInvalid("United States"));
  });

  it("lets any text through where there is no pattern to check against (Ghana)", () => {
    expect(postcodeProblem("GA-123-4567", "Ghana")).toBeNull();
    expect(postcodeProblem("anything", "Atlantis")).toBeNull();
  });

  it("asks for a postal code where the destination has them, and not where it has none (Ghana, the UAE, Hong Kong, Qatar)", () => {
    for (const country of ["United Kingdom", "Germany", "United States", "Nigeria", "Ireland"]) {
      expect(postcodeProblem("", country), country).toBe(checkout.postalCodeRequired);
      expect(postcodeOptional(country), country).toBe(false);
    }
    for (const country of ["Ghana", "United Arab Emirates", "Hong Kong", "Qatar"]) {
      expect(postcodeProblem("  ", country), country).toBeNull();
      expect(COUNTRIES_WITHOUT_POSTCODES, country).toContain(country);
    }
  });

  it("accepts real codes typed in lower case or loosely spaced", () => {
    expect(postcodeProblem("d02 x285", "Ireland")).toBeNull();
    expect(postcodeProblem("1012 lg", "Netherlands")).toBeNull();
    expect(postcodeProblem("SW1A  1AA", "United Kingdom")).toBeNull();
    expect(postcodeProblem("je2 3ab", "Jersey")).toBeNull();
    expect(postcodeProblem("110 001", "India")).toBeNull();
    expect(normalisePostcode("d02 x285", "Ireland")).toBe("D02 X285");
    expect(normalisePostcode("SW1A  1AA", "United Kingdom")).toBe("SW1A 1AA");
  });
});

describe("postal codes of the Crown Dependencies", () => {
  it("checks Jersey, Guernsey and Isle of Man postcodes and writes them as the UK's", () => {
    expect(postcodeProblem("JE2 3AB", "Jersey")).toBeNull();
    expect(postcodeProblem("SW1A 1AA", "Jersey")).toBe(checkout.postalCodeInvalid("Jersey"));
    expect(normalisePostcode("gy11aa", "Guernsey")).toBe("GY1 1AA");
    expect(normalisePostcode("im1 1aa", "Isle of Man")).toBe("IM1 1AA");
  });
});

describe("postal codes as the post office writes them", () => {
  it("puts a UK postcode in upper case with its one space before the last three characters", () => {
    expect(normalisePostcode("sw1a1aa", "United Kingdom")).toBe("SW1A 1AA");
    expect(normalisePostcode("  m1   1ae ", "UK")).toBe("M1 1AE");
    expect(normalisePostcode("W1S 3PR", "United Kingdom")).toBe("W1S 3PR");
  });

  it("spaces Irish, Canadian and Dutch codes their way, and upper-cases and tidies the rest", () => {
    expect(normalisePostcode("d02x285", "Ireland")).toBe("D02 X285");
    expect(normalisePostcode("k1a0b1", "Canada")).toBe("K1A 0B1");
    expect(normalisePostcode("1234ab", "Netherlands")).toBe("1234 AB");
    expect(normalisePostcode(" 10115 ", "Germany")).toBe("10115");
    expect(normalisePostcode("ga-123  4567", "Ghana")).toBe("GA-123 4567");
  });

  it("leaves a code that does not fit its country as typed (trimmed), for the refusal to name", () => {
    expect(normalisePostcode(" zzz ", "United Kingdom")).toBe("ZZZ");
  });
});
