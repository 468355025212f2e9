// Transactional outbox (docs/architecture.md "e-mail"): a mail is a row written in the same
// transaction as the event that caused it, so a mail server outage never loses a message.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server.ts";
import { mailOutbox } from "../db/schema.ts";
import { isErasedEmail } from "../../domain/admin/personal-data.ts";

/** Why a mail about an erased customer's order never leaves: there is nobody to send it to. */
export const NO_ADDRESS_AFTER_ERASURE = "Not sent: the customer's personal data was erased, so there is no address to send it to.";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The order the mail is about: the admin's order timeline lists it. */
  orderId?: string;
  /** Whom a reply goes to, instead of the shop's contact address. */
  replyTo?: string;
};

export async function queueMail(db: DbOrTx, mail: OutgoingMail): Promise<string> {
  // Kept, as failed, so the order's timeline still says what the shop would have told them.
  const erased = isErasedEmail(mail.to) ? { status: "failed" as const, lastError: NO_ADDRESS_AFTER_ERASURE } : {};
  const [row] = await db
    .insert(mailOutbox)
    // Stamped when written, as the audit trail's rows are, so an order's timeline lists a mail
    // after the change that sent it.
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, replyTo: mail.replyTo ?? null, orderId: mail.orderId ?? null, createdAt: sql<Date>`clock_timestamp()`, ...erased })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("mail was not queued");
  return row.id;
}
