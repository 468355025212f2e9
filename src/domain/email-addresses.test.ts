import { describe, expect, it } from "vitest";
import { withAsciiDomain } from "./email-addresses.ts";
import { validation } from "./messages/forms.ts";
import { orderLookupSchema } from "./orders.ts";
import { contactMessageSchema, customerInfoSchema, signInSchema, signUpSchema } from "./schemas.ts";

const neverCommon = () => false;

describe("an e-mail address with a domain in another script", () => {
  it("keeps its domain in the ASCII form DNS and mail servers use", () => {
    expect(withAsciiDomain("kofi@bücher.de")).toBe("kofi@xn--bcher-kva.de");
    expect(withAsciiDomain("ama@例え.jp")).toBe("ama@xn--r8jz45g.jp");
    expect(withAsciiDomain("Kofi@BÜCHER.de")).toBe("Kofi@xn--bcher-kva.de");
  });

  it("leaves ASCII addresses and text that is no address as they were", () => {
    for (const text of ["kofi@example.com", "Kofi@Example.COM", "kofi", "kofi@", "kofi@bücher.de/x", "kofi@bü cher.de"]) {
      expect(withAsciiDomain(text)).toBe(text);
    }
  });

  it("is taken by checkout, sign-up, sign-in and the contact form, and stored in one form however it was typed", () => {
    const unicode = customerInfoSchema.parse({ firstName: "Kofi", lastName: "Mensah", email: "kofi@bücher.de" }).email;
    const ascii = customerInfoSchema.parse({ firstName: "Kofi", lastName: "Mensah", email: "kofi@xn--bcher-kva.de" }).email;
    expect(unicode).toBe(ascii);
    expect(signUpSchema(neverCommon).parse({ firstName: "Ama", lastName: "Owusu", email: "ama@例え.jp", password: "correct horse" }).email).toBe("ama@xn--r8jz45g.jp");
    expect(signInSchema.parse({ email: "ama@例え.jp", password: "x" }).email).toBe("ama@xn--r8jz45g.jp");
    const message = { firstName: "Kofi", lastName: "Mensah", email: "kofi@bücher.de", subject: "Sizes", message: "Hello" };
    expect(contactMessageSchema.parse(message).email).toBe("kofi@xn--bcher-kva.de");
  });

  it("finds an order by the address however its domain is typed", () => {
    expect(orderLookupSchema.parse({ orderNumber: "ORD-1", email: "kofi@bücher.de" }).email).toBe("kofi@xn--bcher-kva.de");
  });

  it("still refuses a local part outside ASCII, as the address rule always has", () => {
    const result = customerInfoSchema.safeParse({ firstName: "Kofi", lastName: "Mensah", email: "kōfi@example.com" });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([validation.invalidEmail]);
  });
});
