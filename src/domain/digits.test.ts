import { describe, expect, it } from "vitest";
import { customerSearchTerms } from "./admin/customers.ts";
import { withAsciiDigits } from "./digits.ts";
import { normalisePostcode, postcodeProblem } from "./postcodes.ts";
import { customerInfoSchema, signUpSchema } from "./schemas.ts";

const CUSTOMER = { firstName: "Layla", lastName: "Haddad", email: "layla@example.com" };

describe("numbers typed with another script's digits", () => {
  it("come out in ASCII digits: Arabic-Indic, Extended Arabic-Indic (Persian), Devanagari and full-width", () => {
    expect(withAsciiDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(withAsciiDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(withAsciiDigits("०१२३४५६७८९")).toBe("0123456789");
    expect(withAsciiDigits("＋８１ ３－１２３４－５６７８")).toBe("+81 3-1234-5678");
    expect(withAsciiDigits("+44 20 7946 0000")).toBe("+44 20 7946 0000");
  });

  it("make a phone number the checkout and sign-up take, stored in ASCII digits for the carrier and the admin's search", () => {
    const typed: Record<string, string> = {
      "+٩٧١ ٥٠ ١٢٣ ٤٥٦٧": "+971 50 123 4567",
      "۰۹۱۲ ۳۴۵ ۶۷۸۹": "0912 345 6789",
      "+९१ ९८७६५ ४३२१०": "+91 98765 43210",
      "０３－１２３４－５６７８": "03-1234-5678",
    };
    for (const [phone, stored] of Object.entries(typed)) {
      expect(customerInfoSchema.parse({ ...CUSTOMER, phone }).phone, phone).toBe(stored);
    }
    expect(signUpSchema(() => false).parse({ ...CUSTOMER, phone: "٠٧٧٠٠ ٩٠٠١٢٣", password: "correct horse" }).phone).toBe("07700 900123");
    expect(customerInfoSchema.safeParse({ ...CUSTOMER, phone: "٠١٢" }).success).toBe(false);
  });

  it("find the customer in the admin's search typed either way", () => {
    expect(customerSearchTerms("٠٧٧٠٠ ٩٠٠١٢٣")?.digits).toBe("7700900123");
  });

  it("make a postal code its country's pattern accepts, kept in ASCII digits", () => {
    expect(postcodeProblem("११०००१", "India")).toBeNull();
    expect(normalisePostcode("११० ००१", "India")).toBe("110 001");
    expect(postcodeProblem("١٢٣٤٥", "Saudi Arabia")).toBeNull();
    expect(normalisePostcode("١٢٣٤٥", "Saudi Arabia")).toBe("12345");
    expect(postcodeProblem("１０４－００６１", "Japan")).toBeNull();
    expect(normalisePostcode("１０４－００６１", "Japan")).toBe("104-0061");
    expect(normalisePostcode("٢٣٤", "Ghana")).toBe("234");
  });
});
