// Contact messages (storefront.md section 5 "Contact", section 8 "Contact"): the service stores
// the message and queues the shop's e-mail in one transaction; the route action answers the form.
import { beforeEach, expect, it, vi } from "vitest";
import { contact } from "../../src/domain/messages/contact.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { controlCharactersMessage } from "../../src/domain/text-rules.ts";
import { sendContactMessage } from "../../src/server/contact/contact.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { contactMessages, mailOutbox } from "../../src/server/db/schema.ts";
import { action } from "../../src/web/routes/contact.tsx";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext } from "../helpers/route-context.ts";

const SHOP = "support@shop.test";

const valid = {
  firstName: "Kwame",
  lastName: "Mensah",
  email: "kwame@example.com",
  phone: "+44 20 7946 0000",
  subject: "Sizing for a kaftan",
  message: "Hello,\nI am 42 inches at the chest. Which size should I order?",
};

const REQUIRED = ["firstName", "lastName", "email", "subject", "message"] as const;

async function counts(db: Database) {
  return {
    messages: (await db.select().from(contactMessages)).length,
    mails: (await db.select().from(mailOutbox)).length,
  };
}

type ActionArgs = Parameters<typeof action>[0];

let senders = 0;

/** Each post comes from its own address, so the per-IP limit only matters where a test says so. */
function postForm(db: Database, fields: Record<string, string>, kickMail = vi.fn(), clientIp = `198.18.${++senders >> 8}.${senders & 255}`) {
  const body = new URLSearchParams(fields);
  const request = new Request("http://shop.test/contact", { method: "POST", body });
  const context = routeContext({ app: { db, config: { shopEmail: SHOP }, kickMail }, cspNonce: "", clientIp });
  return { run: () => action({ request, params: {}, context } as unknown as ActionArgs), kickMail };
}

/** The body and status of what the action returned, whether a plain object or data(...). */
function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  const wrapped = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
  if (wrapped.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200, body: wrapped.data! };
  return { status: 200, body: result as Record<string, unknown> };
}

describeEachEngine("contact messages", (get) => {
  beforeEach(async () => {
    const { db } = get();
    await db.delete(contactMessages);
    await db.delete(mailOutbox);
  });

  it("stores a valid message and queues one pending e-mail to the shop with the sender's details", async () => {
    const { db } = get();
    const result = await sendContactMessage(db, valid, SHOP);
    expect(result.ok).toBe(true);

    const rows = await db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, id: result.ok ? result.id : "" });

    const mails = await db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ toAddress: SHOP, status: "pending", attempts: 0 });
    expect(mail!.subject).toBe(`Contact form: ${valid.subject}`);
    expect(mail!.textBody).toContain(`Reply to: Kwame Mensah <${valid.email}>`);
    expect(mail!.textBody).toContain(valid.phone);
    expect(mail!.textBody).toContain(valid.message);
  });

  it("trims the fields and stores a blank phone as no phone", async () => {
    const { db } = get();
    const result = await sendContactMessage(db, { ...valid, firstName: "  Kwame ", phone: "   " }, SHOP);
    expect(result.ok).toBe(true);
    const [row] = await db.select().from(contactMessages);
    expect(row).toMatchObject({ firstName: "Kwame", phone: null });
  });

  it("refuses a subject with line breaks (a mail header injection), nothing stored", async () => {
    const { db } = get();
    const result = await sendContactMessage(db, { ...valid, subject: "Hello\r\nBcc: victim@example.com" }, SHOP);
    expect(result).toMatchObject({ ok: false, fieldErrors: { subject: controlCharactersMessage("Subject") } });
    expect(await counts(db)).toEqual({ messages: 0, mails: 0 });
  });

  it("refuses NUL and other control characters in any field with a message naming it; a message keeps its line breaks", async () => {
    const { db } = get();
    for (const [field, label] of [["firstName", "First name"], ["lastName", "Last name"], ["phone", "Phone"], ["subject", "Subject"], ["message", "Message"]] as const) {
      const result = await sendContactMessage(db, { ...valid, [field]: "A\u0000B" }, SHOP);
      expect(result).toMatchObject({ ok: false, fieldErrors: { [field]: controlCharactersMessage(label) } });
    }
    expect(await counts(db)).toEqual({ messages: 0, mails: 0 });
    expect((await sendContactMessage(db, { ...valid, message: "Line one\r\n\tLine two" }, SHOP)).ok).toBe(true);
  });

  for (const field of REQUIRED) {
    it(`rejects a message without ${field}: 'Please fill in all required fields.', nothing stored`, async () => {
      const { db } = get();
      for (const missing of ["", "   ", undefined]) {
        const input: Record<string, string | undefined> = { ...valid, [field]: missing };
        const result = await sendContactMessage(db, input, SHOP);
        expect(result).toEqual({
          ok: false,
          message: contact.missingInfo,
          missingInformation: true,
          fieldErrors: { [field]: contact.missingInfo },
        });
      }
      expect(await counts(db)).toEqual({ messages: 0, mails: 0 });
    });
  }

  it("rejects a bad e-mail address with its own message, nothing stored", async () => {
    const { db } = get();
    for (const email of ["kwame", "kwame@", "kwame at example.com"]) {
      const result = await sendContactMessage(db, { ...valid, email }, SHOP);
      expect(result).toEqual({
        ok: false,
        message: validation.invalidEmail,
        missingInformation: false,
        fieldErrors: { email: validation.invalidEmail },
      });
    }
    expect(await counts(db)).toEqual({ messages: 0, mails: 0 });
  });

  it("names every failing field, and a missing field wins the message", async () => {
    const { db } = get();
    const result = await sendContactMessage(db, { ...valid, email: "nope", subject: "" }, SHOP);
    expect(result).toEqual({
      ok: false,
      message: contact.missingInfo,
      missingInformation: true,
      fieldErrors: { email: validation.invalidEmail, subject: contact.missingInfo },
    });
  });

  it("leaves no contact row when queueing the e-mail fails inside the transaction", async () => {
    const { db } = get();
    // mail_outbox.to_address is NOT NULL: the insert of the e-mail fails after the message row.
    await expect(sendContactMessage(db, valid, null as unknown as string)).rejects.toThrow();
    expect(await counts(db)).toEqual({ messages: 0, mails: 0 });
  });

  it("leaves nothing behind when the caller's transaction rolls back after the message was saved", async () => {
    const { db } = get();
    await expect(
      db.transaction(async (tx) => {
        const result = await sendContactMessage(tx, valid, SHOP);
        expect(result.ok).toBe(true);
        expect((await tx.select().from(contactMessages)).length).toBe(1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await counts(db)).toEqual({ messages: 0, mails: 0 });
  });

  it("the form action sends a valid message and then wakes the mail worker", async () => {
    const { db } = get();
    const { run, kickMail } = postForm(db, valid);
    expect(unwrap(await run())).toEqual({ status: 200, body: { status: "sent" } });
    expect(kickMail).toHaveBeenCalledTimes(1);
    expect(await counts(db)).toEqual({ messages: 1, mails: 1 });
  });

  it("the form action answers missing fields with 400, the spec texts and the typed values", async () => {
    const { db } = get();
    const typed = { ...valid, lastName: "", message: "" };
    const { run, kickMail } = postForm(db, typed);
    const { status, body } = unwrap(await run());
    expect(status).toBe(400);
    expect(body).toMatchObject({
      status: "invalid",
      title: contact.missingInfoTitle,
      message: contact.missingInfo,
      fieldErrors: { lastName: contact.missingInfo, message: contact.missingInfo },
      values: typed,
    });
    expect(kickMail).not.toHaveBeenCalled();
    expect(await counts(db)).toEqual({ messages: 0, mails: 0 });
  });

  it("the form action answers a filled honeypot like a success but stores nothing", async () => {
    const { db } = get();
    const { run, kickMail } = postForm(db, { ...valid, website: "https://spam.example" });
    expect(unwrap(await run())).toEqual({ status: 200, body: { status: "sent" } });
    expect(kickMail).not.toHaveBeenCalled();
    expect(await counts(db)).toEqual({ messages: 0, mails: 0 });
  });

  it("the form action answers a failed save with 'Error' / 'Failed to send message...' and keeps the values", async () => {
    const { db } = get();
    const kickMail = vi.fn();
    const request = new Request("http://shop.test/contact", { method: "POST", body: new URLSearchParams(valid) });
    // No shop address configured: queueing the e-mail fails inside the transaction.
    const context = routeContext({ app: { db, config: { shopEmail: null }, kickMail }, cspNonce: "" });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, body } = unwrap(await action({ request, params: {}, context } as unknown as ActionArgs));
    error.mockRestore();
    expect(status).toBe(500);
    expect(body).toMatchObject({ status: "failed", title: contact.errorTitle, message: contact.failed, values: valid });
    expect(kickMail).not.toHaveBeenCalled();
    expect(await counts(db)).toEqual({ messages: 0, mails: 0 });
  });
});
