// Contact messages (storefront.md section 2 "Contact", section 5 "Contact", section 7
// "send-contact-message"). The message is stored and the shop's notification e-mail is queued
// in one transaction (docs/architecture.md "Bad input gets a clear 4xx and loses nothing"): either both exist or
// neither does, and the outbox worker delivers the mail later even if the mail server is down.
import { emailForDisplay } from "../../domain/email-display.ts";
import { contactMessageSchema, firstIssueMessage, parseRequest, type ContactMessage } from "../../domain/schemas.ts";
import { auth as authMessages } from "../../domain/messages/account.ts";
import { contact as contactMessages } from "../../domain/messages/contact.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { contactMessages as contactMessagesTable } from "../db/schema.ts";
import { queueMail, type OutgoingMail } from "../mail/outbox.server.ts";
import { takeAttempts, type RateLimitRule } from "../security/rate-limit.server.ts";

/**
 * Every message becomes an e-mail to the shop: 100 of 100 were accepted in 6 seconds (issue 10,
 * item 18). A shopper sends one or two; a few more leave room for a household behind one router.
 */
export const CONTACT_RATE_LIMITS = {
  perIp: { name: "contact-ip", max: 10, windowMs: 15 * 60_000 },
  perEmail: { name: "contact-email", max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export type ContactField = keyof ContactMessage;

export type SendContactMessageResult =
  | { ok: true; id: string }
  | { ok: false; limited: true; message: string; retryAfterSeconds: number }
  | {
      ok: false;
      limited?: false;
      /** The first problem, for the toast and the form alert (section 5 shows one message). */
      message: string;
      /** True when a required field is empty: the UI titles the alert 'Missing Information'. */
      missingInformation: boolean;
      /** One message per field that failed, so the form can mark each of them. */
      fieldErrors: Partial<Record<ContactField, string>>;
    };

/**
 * Validates a contact message with the shared schema, stores it and queues the e-mail to the
 * shop. Invalid input stores nothing and returns the spec's message; a database failure throws
 * (the caller shows 'Failed to send message. ...') and leaves no row behind.
 */
export async function sendContactMessage(
  db: DbOrTx,
  input: unknown,
  shopEmail: string,
  /** The sender's address: a valid message is then counted against the limits per IP and e-mail. */
  sender?: { ip: string },
): Promise<SendContactMessageResult> {
  const parsed = parseRequest(contactMessageSchema, input, contactMessages.missingInfo);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<ContactField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ContactField | undefined;
      if (field !== undefined && fieldErrors[field] === undefined) fieldErrors[field] = issue.message;
    }
    // Any empty required field gives the spec's message; otherwise the first problem found.
    const missingInformation = parsed.error.issues.some((issue) => issue.message === contactMessages.missingInfo);
    return {
      ok: false,
      message: missingInformation ? contactMessages.missingInfo : firstIssueMessage(parsed.error),
      missingInformation,
      fieldErrors,
    };
  }

  const message = parsed.data;
  // Counted only for a valid message: a shopper fixing a typo has not sent anything yet.
  if (sender) {
    const limit = await takeAttempts(db, [
      { rule: CONTACT_RATE_LIMITS.perIp, subject: sender.ip },
      { rule: CONTACT_RATE_LIMITS.perEmail, subject: message.email },
    ]);
    if (!limit.allowed) return { ok: false, limited: true, message: authMessages.tooManyAttempts, retryAfterSeconds: limit.retryAfterSeconds };
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessagesTable)
      .values({
        firstName: message.firstName,
        lastName: message.lastName,
        email: message.email,
        phone: message.phone ?? null,
        subject: message.subject,
        message: message.message,
      })
      .returning({ id: contactMessagesTable.id });
    if (!row) throw new Error("contact message was not stored");
    await queueMail(tx, contactNotification(message, shopEmail));
    return row.id;
  });
  return { ok: true, id };
}

/**
 * The e-mail to the shop: Reply answers the sender (its Reply-To), whose address also leads the
 * body; the subject is folded onto one line because it becomes a mail header.
 */
export function contactNotification(message: ContactMessage, shopEmail: string): OutgoingMail {
  const name = `${message.firstName} ${message.lastName}`;
  const subject = `Contact form: ${message.subject}`.replace(/\s+/g, " ").trim();
  const text = [
    `New message from the contact form.`,
    ``,
    `Reply to: ${name} <${emailForDisplay(message.email)}>`,
    `Name: ${name}`,
    `Email: ${emailForDisplay(message.email)}`,
    `Phone: ${message.phone ?? "not given"}`,
    `Subject: ${message.subject}`,
    ``,
    message.message,
    ``,
    `We promise shoppers a reply within 24 hours.`,
  ].join("\n");
  return { to: shopEmail, subject, text, replyTo: message.email };
}
