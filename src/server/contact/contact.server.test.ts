import { describe, expect, it } from "vitest";
import { contactNotification } from "./contact.server.ts";

describe("the contact form's message to the shop", () => {
  const message = { firstName: "Kofi", lastName: "Mensah", email: "kofi@xn--bcher-kva.de", phone: undefined, subject: "Sizes", message: "Do you have 44L?" };

  it("names the sender's address as they typed it, and Reply answers its ASCII form, which every mail server takes", () => {
    const mail = contactNotification(message, "hello@savile.example");
    expect(mail.text).toContain("Reply to: Kofi Mensah <kofi@bücher.de>");
    expect(mail.text).toContain("Email: kofi@bücher.de");
    expect(mail.replyTo).toBe("kofi@xn--bcher-kva.de");
  });
});
