import { describe, expect, it } from "vitest";
import { checkout } from "./messages/checkout.ts";
import { postcodeProblem } from "./postcodes.ts";

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

  it("lets any text through where there is no pattern to check against (Ghana), and leaves a blank to the required-field rule", () => {
    expect(postcodeProblem("GA-123-4567", "Ghana")).toBeNull();
    expect(postcodeProblem("", "United Kingdom")).toBeNull();
    expect(postcodeProblem("anything", "Atlantis")).toBeNull();
  });
});
