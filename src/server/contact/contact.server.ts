// Contact messages (storefront.md section 2 "Contact", section 5 "Contact", section 7
// "send-contact-message"). The message is stored and the shop's notification e-mail is queued
// in one transaction (ARCHITECTURE.md "never leaves half-written rows"): either both exist or
// neither does, and the outbox worker delivers the mail later even if the mail server is down.
import { contactMessageSchema, firstIssueMessage, type ContactMessage } from "../../domain/schemas.ts";
import { contact as contactMessages } from "../../domain/messages/contact.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { contactMessages as contactMessagesTable } from "../db/schema.ts";
import { queueMail, type OutgoingMail } from "../mail/outbox.server.ts";

export type ContactField = keyof ContactMessage;

export type SendContactMessageResult =
  | { ok: true; id: string }
  | {
      ok: false;
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
): Promise<SendContactMessageResult> {
  const parsed = contactMessageSchema.safeParse(input);
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
 * The e-mail to the shop. The outbox has no Reply-To header, so the sender's address leads the
 * body; the subject is folded onto one line because it becomes a mail header.
 */
export function contactNotification(message: ContactMessage, shopEmail: string): OutgoingMail {
  const name = `${message.firstName} ${message.lastName}`;
  const subject = `Contact form: ${message.subject}`.replace(/\s+/g, " ").trim();
  const text = [
    `New message from the contact form.`,
    ``,
    `Reply to: ${name} <${message.email}>`,
    `Name: ${name}`,
    `Email: ${message.email}`,
    `Phone: ${message.phone ?? "not given"}`,
    `Subject: ${message.subject}`,
    ``,
    message.message,
    ``,
    `We promise shoppers a reply within 24 hours.`,
  ].join("\n");
  return { to: shopEmail, subject, text };
}
