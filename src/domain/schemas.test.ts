import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { checkout } from "./messages/checkout.ts";
import { contact } from "./messages/contact.ts";
import { validation } from "./messages/forms.ts";
import { FIELD_LIMITS } from "./field-limits.ts";
import {
  changePasswordSchema,
  contactMessageSchema,
  customerInfoSchema,
  firstIssueMessage,
  messagesByField,
  productListQuerySchema,
  shippingAddressSchema,
  signInSchema,
  newPasswordSchema,
  signUpSchema,
} from "./schemas.ts";

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function firstMessage(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return firstIssueMessage(result.error);
}

describe("contactMessageSchema (storefront.md section 5 Contact)", () => {
  const valid = {
    firstName: "Kwame",
    lastName: "Mensah",
    email: "kwame@example.com",
    subject: "Sizing",
    message: "Does the navy suit run small?",
  };

  it("accepts a complete message and trims it; phone is optional", () => {
    expect(contactMessageSchema.parse({ ...valid, firstName: "  Kwame " })).toEqual({ ...valid, phone: undefined });
    expect(contactMessageSchema.parse({ ...valid, phone: "+44 20 7946 0000" }).phone).toBe("+44 20 7946 0000");
    expect(contactMessageSchema.parse({ ...valid, phone: "  " }).phone).toBeUndefined();
    expect(contactMessageSchema.parse({ ...valid, phone: null }).phone).toBeUndefined();
  });

  it.each(["firstName", "lastName", "email", "subject", "message"])("requires %s with the spec's message", (field) => {
    expect(messagesOf(contactMessageSchema, { ...valid, [field]: "" })).toEqual([contact.missingInfo]);
    expect(messagesOf(contactMessageSchema, { ...valid, [field]: "   " })).toEqual([contact.missingInfo]);
    expect(messagesOf(contactMessageSchema, { ...valid, [field]: undefined })).toEqual(["Please fill in all required fields."]);
  });

  it("refuses an invalid email", () => {
    expect(messagesOf(contactMessageSchema, { ...valid, email: "not-an-email" })).toEqual([validation.invalidEmail]);
    expect(contactMessageSchema.parse({ ...valid, email: " kwame@example.com " }).email).toBe("kwame@example.com");
  });

  it("limits lengths at the boundary", () => {
    const max = FIELD_LIMITS.message;
    expect(contactMessageSchema.safeParse({ ...valid, message: "x".repeat(max) }).success).toBe(true);
    expect(messagesOf(contactMessageSchema, { ...valid, message: "x".repeat(max + 1) })).toEqual([
      validation.tooLong("Message", max),
    ]);
    expect(contactMessageSchema.safeParse({ ...valid, firstName: "x".repeat(FIELD_LIMITS.name) }).success).toBe(true);
    expect(contactMessageSchema.safeParse({ ...valid, firstName: "x".repeat(FIELD_LIMITS.name + 1) }).success).toBe(false);
  });
});

describe("customerInfoSchema (storefront.md section 5 Checkout)", () => {
  const valid = { firstName: "Ama", lastName: "Owusu", email: "ama@example.com" };

  it("accepts first name, last name and email; phone optional", () => {
    expect(customerInfoSchema.parse(valid)).toEqual({ ...valid, phone: undefined });
    expect(customerInfoSchema.parse({ ...valid, phone: "07700 900000" }).phone).toBe("07700 900000");
  });

  it.each(["firstName", "lastName", "email"])("requires %s", (field) => {
    expect(firstMessage(customerInfoSchema, { ...valid, [field]: "" })).toBe(
      "Please fill in all required customer information",
    );
  });

  it("reports one message per missing field", () => {
    expect(messagesOf(customerInfoSchema, {})).toEqual([
      checkout.customerInfoRequired,
      checkout.customerInfoRequired,
      checkout.customerInfoRequired,
    ]);
  });
});

describe("shippingAddressSchema (storefront.md section 5 Checkout)", () => {
  const valid = { address: "1 Savile Row", city: "London", postalCode: "W1S 3PR", country: "United Kingdom" };

  it("accepts an address; state is optional", () => {
    expect(shippingAddressSchema.parse(valid)).toEqual({ ...valid, state: undefined });
    expect(shippingAddressSchema.parse({ ...valid, state: "Greater London" }).state).toBe("Greater London");
  });

  it("gives each missing field its own message", () => {
    expect(firstMessage(shippingAddressSchema, { ...valid, address: "" })).toBe("Street address is required");
    expect(firstMessage(shippingAddressSchema, { ...valid, city: " " })).toBe("City is required");
    expect(firstMessage(shippingAddressSchema, { ...valid, country: "" })).toBe("Country is required");
  });

  it("leaves the postal code to the destination: optional here, asked for by the checkout where the country has them", () => {
    expect(shippingAddressSchema.parse({ ...valid, country: "Ghana", postalCode: " " }).postalCode).toBeUndefined();
    expect(shippingAddressSchema.safeParse({ ...valid, postalCode: "" }).success).toBe(true);
  });

  it("puts the messages in field order, so the first one shown is the street's", () => {
    expect(messagesOf(shippingAddressSchema, { address: "", city: "", postalCode: "", country: "" })).toEqual([checkout.streetRequired, checkout.cityRequired, checkout.countryRequired]);
  });

  it("defaults the country to the United Kingdom", () => {
    const { country: _country, ...withoutCountry } = valid;
    expect(shippingAddressSchema.parse(withoutCountry).country).toBe("United Kingdom");
  });

  it("stores the canonical country name", () => {
    expect(shippingAddressSchema.parse({ ...valid, country: "uk" }).country).toBe("United Kingdom");
    expect(shippingAddressSchema.parse({ ...valid, country: "USA" }).country).toBe("United States");
    // issue 10, item 15: a name outside the list is refused, not shipped as "any other destination".
    expect(shippingAddressSchema.safeParse({ ...valid, country: "Narnia" }).success).toBe(false);
  });

  it("refuses a restricted destination with the spec's block (storefront.md section 5)", () => {
    expect(firstMessage(shippingAddressSchema, { ...valid, country: "Cuba" })).toBe(
      "Cannot ship to Cuba. Please select a different shipping address.",
    );
    expect(firstMessage(shippingAddressSchema, { ...valid, country: "yemen" })).toBe(checkout.cannotShipTo("Yemen"));
  });
});

describe("signUpSchema and signInSchema (storefront.md section 5)", () => {
  const signUp = { firstName: "Kofi", lastName: "Boateng", email: "kofi@example.com", password: "correct horse" };
  // A stand-in for the server's list of common passwords.
  const COMMON = new Set(["password", "12345678", "qwertyuiop"]);
  const isCommon = (value: string) => COMMON.has(value.toLowerCase());
  const signUpRule = signUpSchema(isCommon);

  it("accepts a complete sign-up", () => {
    expect(signUpRule.parse(signUp)).toEqual(signUp);
  });

  it("refuses an address the shop keeps for itself (.invalid, which no mail reaches)", () => {
    for (const email of ["security-probe@probe.invalid", "guest@buy-now.INVALID"]) {
      expect(messagesOf(signUpRule, { ...signUp, email })).toEqual([validation.invalidEmail]);
    }
    expect(signUpRule.safeParse({ ...signUp, email: "kofi@invalid.example.com" }).success).toBe(true);
  });

  it("requires a password of at least 8 characters", () => {
    expect(signUpRule.safeParse({ ...signUp, password: "k7#mQ2!x" }).success).toBe(true);
    expect(messagesOf(signUpRule, { ...signUp, password: "1234567" })).toEqual([validation.passwordTooShort(8)]);
    expect(messagesOf(signUpRule, { ...signUp, password: "" })).toContain(validation.passwordRequired);
  });

  it("accepts long passphrases, up to 128 characters, and no more", () => {
    expect(signUpRule.safeParse({ ...signUp, password: "a".repeat(64) }).success).toBe(true);
    expect(signUpRule.safeParse({ ...signUp, password: "b".repeat(128) }).success).toBe(true);
    expect(messagesOf(signUpRule, { ...signUp, password: "c".repeat(129) })).toEqual([validation.tooLong("Password", 128)]);
  });

  it("does not trim passwords", () => {
    expect(signUpRule.parse({ ...signUp, password: "  spaced  " }).password).toBe("  spaced  ");
  });

  it("refuses a password of only spaces or other whitespace (issue 10, item 21)", () => {
    expect(messagesOf(signUpRule, { ...signUp, password: "        " })).toEqual([validation.passwordOnlySpaces]);
    expect(messagesOf(signUpRule, { ...signUp, password: " \t\n \u00a0  \u3000  " })).toEqual([validation.passwordOnlySpaces]);
  });

  it("refuses the most common passwords, whatever their case (issue 10, item 21)", () => {
    expect(messagesOf(signUpRule, { ...signUp, password: "password" })).toEqual([validation.passwordTooCommon]);
    expect(messagesOf(signUpRule, { ...signUp, password: "PassWord" })).toEqual([validation.passwordTooCommon]);
    expect(messagesOf(signUpRule, { ...signUp, password: "12345678" })).toEqual([validation.passwordTooCommon]);
  });

  it("applies the same rule to a new password on its own (password reset)", () => {
    const rule = newPasswordSchema(isCommon);
    expect(rule.safeParse("qwertyuiop").success).toBe(false);
    expect(rule.safeParse("        ").success).toBe(false);
    expect(rule.safeParse("short").success).toBe(false);
    expect(rule.parse("tailored linen jacket")).toBe("tailored linen jacket");
  });

  it("requires first name, last name and email", () => {
    expect(messagesOf(signUpRule, { ...signUp, firstName: "" })).toEqual([validation.firstNameRequired]);
    expect(messagesOf(signUpRule, { ...signUp, lastName: "" })).toEqual([validation.lastNameRequired]);
    expect(messagesOf(signUpRule, { ...signUp, email: "" })).toEqual([validation.emailRequired]);
    expect(messagesOf(signUpRule, { ...signUp, email: "kofi" })).toEqual([validation.invalidEmail]);
  });

  it("signs in with email and any non-empty password", () => {
    expect(signInSchema.parse({ email: "kofi@example.com", password: "short" })).toEqual({
      email: "kofi@example.com",
      password: "short",
    });
    expect(messagesOf(signInSchema, { email: "", password: "" })).toEqual([
      validation.emailRequired,
      validation.passwordRequired,
    ]);
  });
});

describe("changePasswordSchema (a signed-in change of password; ours)", () => {
  const rule = changePasswordSchema((password) => password === "password123");
  const change = { currentPassword: "old", password: "Kente-weave-2026", confirmPassword: "Kente-weave-2026" };

  it("takes any current password, as sign-in does, and a new one by sign-up's rule", () => {
    expect(rule.parse(change)).toEqual(change);
    expect(messagesOf(rule, { ...change, currentPassword: "" })).toEqual([validation.currentPasswordRequired]);
    expect(messagesOf(rule, { ...change, password: "short", confirmPassword: "short" })).toEqual([validation.passwordTooShort(FIELD_LIMITS.passwordMin)]);
    expect(messagesOf(rule, { ...change, password: "password123", confirmPassword: "password123" })).toEqual([validation.passwordTooCommon]);
  });

  it("asks for the new password twice, and for one that is not the current one", () => {
    expect(messagesOf(rule, { ...change, confirmPassword: "Kente-weave-2025" })).toEqual([validation.passwordsDiffer]);
    expect(messagesOf(rule, { ...change, currentPassword: change.password })).toEqual([validation.passwordUnchanged]);
  });

  // The form marks every field to fix at once, not the first a submit.
  it("refuses every empty field at once, each with its own message", () => {
    const refused = rule.safeParse({ currentPassword: "", password: "", confirmPassword: "" });
    expect(refused.success).toBe(false);
    expect(messagesByField(refused.error!)).toEqual({
      currentPassword: validation.currentPasswordRequired,
      password: validation.passwordRequired,
      confirmPassword: validation.confirmPasswordRequired,
    });
  });
});

describe("productListQuerySchema", () => {
  it("defaults to page 1 of 12", () => {
    expect(productListQuerySchema.parse({})).toEqual({ category: undefined, page: 1, pageSize: 12 });
    expect(productListQuerySchema.parse({ page: null, pageSize: "" })).toEqual({ category: undefined, page: 1, pageSize: 12 });
  });

  it("reads numbers from query strings", () => {
    expect(productListQuerySchema.parse({ category: "suits", page: "3", pageSize: "24" })).toEqual({
      category: "suits",
      page: 3,
      pageSize: 24,
    });
  });

  it("needs a whole page number of at least 1", () => {
    expect(productListQuerySchema.safeParse({ page: "1" }).success).toBe(true);
    expect(messagesOf(productListQuerySchema, { page: "0" })).toEqual([validation.invalidPage]);
    expect(messagesOf(productListQuerySchema, { page: "-1" })).toEqual([validation.invalidPage]);
    expect(messagesOf(productListQuerySchema, { page: "1.5" })).toEqual([validation.invalidPage]);
    expect(messagesOf(productListQuerySchema, { page: "abc" })).toEqual([validation.invalidPage]);
    // Only decimal digits: JavaScript's Number would read these as 16, 10 and 2.
    for (const page of ["0x10", "1e1", "2.0", "0b11"]) expect(messagesOf(productListQuerySchema, { page }), page).toEqual([validation.invalidPage]);
    expect(messagesOf(productListQuerySchema, { pageSize: "0x10" })).toEqual([validation.invalidPageSize(48)]);
    expect(productListQuerySchema.parse({ page: " 2 ", pageSize: "012" })).toMatchObject({ page: 2, pageSize: 12 });
  });

  it("allows page sizes from 1 to 48", () => {
    expect(productListQuerySchema.parse({ pageSize: "1" }).pageSize).toBe(1);
    expect(productListQuerySchema.parse({ pageSize: "48" }).pageSize).toBe(48);
    expect(productListQuerySchema.safeParse({ pageSize: "0" }).success).toBe(false);
    expect(messagesOf(productListQuerySchema, { pageSize: "49" })).toEqual([validation.invalidPageSize(48)]);
  });

  it("treats a blank category as none", () => {
    expect(productListQuerySchema.parse({ category: " " }).category).toBeUndefined();
    expect(productListQuerySchema.parse({ category: "Traditional Wear" }).category).toBe("Traditional Wear");
  });
});
