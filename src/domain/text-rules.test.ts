import { describe, expect, it } from "vitest";
import { guestLineSchema } from "./cart.ts";
import { checkoutRequestSchema } from "./checkout.ts";
import { orderLookupSchema } from "./orders.ts";
import { contactMessageSchema, customerInfoSchema, firstIssueMessage, shippingAddressSchema, signInSchema } from "./schemas.ts";
import { controlCharactersMessage, hasBidiControls, hasControlCharacters, hasVisibleCharacters, holdsRefusedText, isStorableText, refusedFormField, withoutInvisibleCharacters } from "./text-rules.ts";
import { checkout } from "./messages/checkout.ts";
import { contact as contactMessages } from "./messages/contact.ts";
import { validation } from "./messages/forms.ts";

const contact = { firstName: "Kwame", lastName: "Mensah", email: "kwame@example.com", subject: "Sizing", message: "Hello" };
const customer = { firstName: "Ama", lastName: "Owusu", email: "ama@example.com" };
const address = { address: "1 High Street", city: "London", postalCode: "N1 1AA", country: "United Kingdom" };

describe("control characters in typed text", () => {
  it("are found: NUL and the other C0 controls, DEL and the C1 controls; tab and line breaks only in multi-line text", () => {
    for (const text of ["a\u0000b", "\u0001", "a\u001Fb", "a\u007Fb", "a\u001Bb", "a\u0085b", "a\u009Fb"]) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
      expect(hasControlCharacters(text, { multiLine: true }), JSON.stringify(text)).toBe(true);
    }
    for (const text of ["a\tb", "a\nb", "a\r\nb"]) {
      expect(hasControlCharacters(text)).toBe(true);
      expect(hasControlCharacters(text, { multiLine: true })).toBe(false);
    }
    expect(hasControlCharacters("Kwame Mensah-Ó'Brien, 東京 ₵")).toBe(false);
  });

  it("are refused in contact fields with a message naming the field; a message keeps its line breaks", () => {
    const withNul = contactMessageSchema.safeParse({ ...contact, firstName: "Kw\u0000ame" });
    expect(withNul.success).toBe(false);
    expect(firstIssueMessage(withNul.error!)).toBe(controlCharactersMessage("First name"));
    expect(contactMessageSchema.safeParse({ ...contact, message: "Hi\u0000" }).success).toBe(false);
    expect(contactMessageSchema.safeParse({ ...contact, phone: "0\u00001" }).success).toBe(false);
    expect(contactMessageSchema.safeParse({ ...contact, message: "Hello,\n\tsizes?\r\nThanks" }).success).toBe(true);
  });

  it("are refused in checkout names, address, discount code and cart lines", () => {
    expect(customerInfoSchema.safeParse({ ...customer, lastName: "Ow\u0000usu" }).success).toBe(false);
    expect(shippingAddressSchema.safeParse({ ...address, city: "Lon\u0000don" }).success).toBe(false);
    expect(shippingAddressSchema.safeParse({ ...address, state: "\u0000" }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ discountCode: "SAVE\u000010" }).success).toBe(false);
    expect(guestLineSchema.safeParse({ product_id: "p\u00001", quantity: 1 }).success).toBe(false);
    expect(guestLineSchema.safeParse({ product_id: "p1", quantity: 1 }).success).toBe(true);
    expect(customerInfoSchema.safeParse(customer).success).toBe(true);
  });

  it("are refused in the order lookup and sign-in", () => {
    expect(orderLookupSchema.safeParse({ orderNumber: "ORD\u00001", email: "a@example.com" }).success).toBe(false);
    expect(orderLookupSchema.safeParse({ orderNumber: "ORD1", email: "a\u0000@example.com" }).success).toBe(false);
    expect(signInSchema.safeParse({ email: "a\u0000@example.com", password: "x" }).success).toBe(false);
  });
});

describe("text PostgreSQL can store", () => {
  it("has no NUL and no half of a surrogate pair on its own; whole pairs (emoji) are fine", () => {
    expect(isStorableText("Ama 😀 Owusu, Łódź")).toBe(true);
    expect(isStorableText("")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("Ama\ud800")).toBe(false);
    expect(isStorableText("\udc00Ama")).toBe(false);
    expect(isStorableText("\ud800\ud800\udc00")).toBe(false);
    // A lone half is refused as a control character would be, naming the field.
    expect(customerInfoSchema.safeParse({ ...customer, firstName: "Ama\ud800" }).success).toBe(false);
  });

  it("is looked for in every string and key of a JSON body and in a form's values and file names", () => {
    expect(holdsRefusedText({ items: [{ name: "ok" }], note: "fine 😀" })).toBe(false);
    expect(holdsRefusedText({ items: [{ name: "a\u0000" }] })).toBe(true);
    expect(holdsRefusedText({ "k\ud800": 1 })).toBe(true);
    expect(holdsRefusedText([1, null, true, "\udfff"])).toBe(true);
    // Nested deeper than a call stack goes, as a 100 KB body can be: read to the bottom, no overflow.
    const deep = JSON.parse(`${"[".repeat(49_000)}"\\u0000"${"]".repeat(49_000)}`) as unknown;
    expect(holdsRefusedText(deep)).toBe(true);
    expect(holdsRefusedText(JSON.parse(`${"[".repeat(49_000)}${"]".repeat(49_000)}`))).toBe(false);
    const form = new FormData();
    form.set("note", "fine");
    form.set("file", new File(["x"], "photo.png"));
    expect(refusedFormField(form)).toBeNull();
    form.set("file", new File(["x"], "a\u0000b.png"));
    expect(refusedFormField(form)).toBe("file");
  });
});

describe("bidirectional controls (U+202A-U+202E, U+2066-U+2069)", () => {
  const OVERRIDES = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
  const MARKS = ["\u200e", "\u200f", "\u061c"];

  it("are control characters in any text; the direction marks only in single-line text", () => {
    for (const control of OVERRIDES) {
      expect(hasControlCharacters(`G${control}us`), JSON.stringify(control)).toBe(true);
      expect(hasControlCharacters(`G${control}us`, { multiLine: true }), JSON.stringify(control)).toBe(true);
      expect(hasBidiControls(`G${control}us`)).toBe(true);
    }
    for (const mark of MARKS) {
      expect(hasControlCharacters(`SAVE${mark}10`), JSON.stringify(mark)).toBe(true);
      expect(hasControlCharacters(`שלום${mark} world`, { multiLine: true })).toBe(false);
      expect(hasBidiControls(`a${mark}b`)).toBe(false);
    }
    expect(hasControlCharacters("שלום עליכם, مرحبا")).toBe(false);
  });

  it("are refused in names, addresses, codes and lookups with the field's NUL message", () => {
    const first = (parsed: { success: boolean; error?: unknown }) => (parsed.success ? null : firstIssueMessage(parsed.error as never));
    expect(first(customerInfoSchema.safeParse({ ...customer, firstName: "G\u202eus" }))).toBe(controlCharactersMessage("First name"));
    expect(first(customerInfoSchema.safeParse({ ...customer, lastName: "Ow\u2067usu" }))).toBe(controlCharactersMessage("Last name"));
    expect(first(shippingAddressSchema.safeParse({ ...address, address: "1 High\u202d Street" }))).toBe(controlCharactersMessage("Street address"));
    expect(first(contactMessageSchema.safeParse({ ...contact, message: "Hello \u202e!" }))).toBe(controlCharactersMessage("Message"));
    expect(checkoutRequestSchema.safeParse({ discountCode: "SAVE\u200f10" }).success).toBe(false);
    expect(orderLookupSchema.safeParse({ orderNumber: "ORD\u202e1", email: "a@example.com" }).success).toBe(false);
  });

  it("are refused anywhere in a back-office body or form, as a NUL is", () => {
    expect(holdsRefusedText({ note: "Shipped \u202eto" })).toBe(true);
    expect(holdsRefusedText({ "k\u2066": 1 })).toBe(true);
    // A direction mark in free text (a note in Hebrew) is kept; the field rules judge names.
    expect(holdsRefusedText({ note: "שלום\u200f." })).toBe(false);
    const form = new FormData();
    form.set("intent", "note");
    form.set("note", "G\u202eus");
    expect(refusedFormField(form)).toBe("note");
  });
});

describe("text that draws nothing", () => {
  const persian = "\u0632\u0647\u200c\u0631\u0627"; // Zahra, with the zero-width non-joiner Persian writing needs

  it("is found whatever invisible characters make it up; a Persian name with its joiner is visible", () => {
    for (const text of ["", " \u00a0", "\u200b\u200b", "\u3164", "\u115f\u1160", "\ufeff\u2060", "\u00ad", "\u2800 \u200d"]) {
      expect(hasVisibleCharacters(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of ["Ama", "-", "7", persian, "\u200bAma"]) expect(hasVisibleCharacters(text), JSON.stringify(text)).toBe(true);
    expect(withoutInvisibleCharacters("SAVE\u200b10\ufeff")).toBe("SAVE10");
    expect(withoutInvisibleCharacters(persian)).toBe("\u0632\u0647\u0631\u0627");
  });

  it("is a required field left empty: refused with the field's required message, at checkout, on the contact form and at sign-up", () => {
    const emptyName = customerInfoSchema.safeParse({ ...customer, firstName: "\u200b\u200b" });
    expect(emptyName.success).toBe(false);
    expect(firstIssueMessage(emptyName.error!)).toBe(checkout.customerInfoRequired);
    const emptyCity = shippingAddressSchema.safeParse({ ...address, city: "\u3164" });
    expect(firstIssueMessage(emptyCity.error!)).toBe(checkout.cityRequired);
    const emptySubject = contactMessageSchema.safeParse({ ...contact, subject: "\u200b" });
    expect(firstIssueMessage(emptySubject.error!)).toBe(contactMessages.missingInfo);
    expect(customerInfoSchema.safeParse({ ...customer, firstName: persian }).success).toBe(true);
  });
});

describe("phone fields", () => {
  it("take a phone number or nothing, with one message, at checkout, on the contact form and at sign-up", () => {
    for (const phone of ["abc", "1".repeat(40), "123"]) {
      const parsed = customerInfoSchema.safeParse({ ...customer, phone });
      expect(parsed.success, phone).toBe(false);
      expect(firstIssueMessage(parsed.error!)).toBe(validation.invalidPhone);
      expect(firstIssueMessage(contactMessageSchema.safeParse({ ...contact, phone }).error!)).toBe(validation.invalidPhone);
    }
    expect(customerInfoSchema.parse({ ...customer, phone: " +44 7700 900123 " }).phone).toBe("+44 7700 900123");
    expect(customerInfoSchema.parse({ ...customer, phone: "  " }).phone).toBeUndefined();
    expect(contactMessageSchema.parse({ ...contact, phone: "(020) 7946 0000" }).phone).toBe("(020) 7946 0000");
  });
});
