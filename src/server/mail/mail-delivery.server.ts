// Delivers the transactional outbox: SMTP when SMTP_URL is set, otherwise .eml files in
// DATA_DIR/outbox/. Rows are claimed with FOR UPDATE SKIP LOCKED so any number of processes can
// run the worker; a failed send is retried with a growing delay and never lost. The From is
// settled when a mail is sent, not when it is queued: a shop renamed on /admin/settings sends
// what is still waiting under its new name.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { DEFAULT_MAIL_ADDRESS } from "../config/env.server.ts";
import type { Database, DbOrTx } from "../db/client.server.ts";
import { rowsOf } from "../db/raw-rows.server.ts";
import { startSweeper } from "../db/sweeper.server.ts";
import { mailOutbox } from "../db/schema.ts";
import { readStoredShopSettings } from "../settings/shop-settings.server.ts";

/**
 * A sender as nodemailer takes it: the operator's MAIL_FROM string as given, or a name and an
 * address, which nodemailer quotes or encodes itself (a shop named "Kọ́fí & Sons, London" stays
 * one valid mailbox; a name is never pasted into a header by hand).
 */
export type MailSender = string | { name: string; address: string };
export type MailMessage = { from: MailSender; to: string; subject: string; text: string; html?: string; replyTo?: string; signal?: AbortSignal };
export type MailTransport = { send(message: MailMessage): Promise<void> };

export const MAX_MAIL_ATTEMPTS = 8;

/**
 * Timeouts well inside the outbox's five-minute lease (nodemailer's own wait ten minutes for a
 * silent server): a mail server that stops answering holds one mail for a minute, not the
 * outbox for ten, and a second process never claims a mail the first is still sending.
 * Parameters in SMTP_URL's query override them.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}

/** Where the file transport writes: erasure looks there too. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

/** Writes each mail as an RFC 822 file, so a shop running offline can still read what was sent. */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      // The address in the name is a reader's aid: cut, so that a long address (up to 254
      // characters, all valid) keeps the name within the file system's 255 bytes.
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 100);
      writeFileSync(path.join(dir, `${stamp}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`), info.message as Buffer);
    },
  };
}

/**
 * Who the shop's mail is from: MAIL_FROM when the operator set it (`mailFrom`), otherwise the
 * shop's name on /admin/settings as it is now, at DEFAULT_MAIL_ADDRESS. Replies go to the contact
 * e-mail set there, when there is one (the From is a no-reply address). One read of the settings.
 */
export async function mailSender(db: DbOrTx, mailFrom: string | undefined): Promise<{ from: MailSender; replyTo: string | undefined }> {
  const { shopName, contactEmail } = await readStoredShopSettings(db);
  return { from: mailFrom ?? { name: shopName, address: DEFAULT_MAIL_ADDRESS }, replyTo: contactEmail ?? undefined };
}

type ClaimedMail = { id: string; to_address: string; subject: string; text_body: string; html_body: string | null; reply_to: string | null; attempts: number };

/**
 * How long to keep trying to mark a sent mail as sent while the database is away (about four
 * minutes in all, inside the five-minute lease): a mail left marked pending goes again once its
 * lease runs out, and the shopper gets it twice.
 */
export const MARK_SENT_RETRY_MS = [250, 1_000, 5_000, 15_000, 30_000, 60_000, 60_000, 60_000];

/**
 * Sends up to `limit` due messages; returns how many were sent. A message is leased for five
 * minutes before sending (outside any transaction, so a slow mail server never holds a database
 * connection); if the process dies mid-send the lease runs out and another worker retries it.
 * `mailFrom` is MAIL_FROM; undefined: the shop's name (mailSender), read once a sweep that has mail.
 */
export async function deliverPendingMail(
  db: Database,
  transport: MailTransport,
  mailFrom: string | undefined,
  limit = 20,
  signal?: AbortSignal,
  markRetryMs: readonly number[] = MARK_SENT_RETRY_MS,
): Promise<number> {
  let sent = 0;
  let sender: Awaited<ReturnType<typeof mailSender>> | undefined;
  for (let i = 0; i < limit && !signal?.aborted; i++) {
    const claimed = await db.execute(sql`
      update ${mailOutbox} set available_at = now() + interval '5 minutes', attempts = attempts + 1
      where id = (
        select id from ${mailOutbox}
        where status = 'pending' and available_at <= now()
        order by available_at
        limit 1
        for update skip locked)
      returning id, to_address, subject, text_body, html_body, reply_to, attempts`);
    const row = rowsOf<ClaimedMail>(claimed)[0];
    if (!row) break;
    let delivered = false;
    try {
      sender ??= await mailSender(db, mailFrom);
      // A mail's own Reply-To first (the contact form's sender); else the shop's contact address,
      // except on a mail to that address itself.
      const replyTo = row.reply_to ?? (sender.replyTo && sender.replyTo.toLowerCase() !== row.to_address.toLowerCase() ? sender.replyTo : undefined);
      await transport.send({ from: sender.from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body ?? undefined, ...(replyTo ? { replyTo } : {}), ...(signal ? { signal } : {}) });
      delivered = true;
      await markSent(db, row.id, markRetryMs, signal);
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (delivered) {
        // The mail is out; only its mark is missing. Saying it failed would be wrong, and writing so would fail too.
        console.error(`mail ${row.id}: sent, but the database did not take it as sent (${message.slice(0, 300)}); it goes again when its lease runs out`);
        break;
      }
      // Back off 30 s, 1 min, 2 min, ... and give up (status failed) after MAX_MAIL_ATTEMPTS.
      const delaySeconds = 30 * 2 ** (row.attempts - 1);
      const givenUp = row.attempts >= MAX_MAIL_ATTEMPTS;
      console.error(`mail ${row.id}: attempt ${row.attempts} of ${MAX_MAIL_ATTEMPTS} failed (${withoutAddresses(message).slice(0, 300)}); ${givenUp ? "given up" : `next try in ${delaySeconds} s`}`);
      await db.execute(sql`
        update ${mailOutbox}
        set last_error = ${message.slice(0, 500)},
            status = ${givenUp ? "failed" : "pending"},
            available_at = now() + make_interval(secs => ${delaySeconds})
        where id = ${row.id}`);
    }
  }
  return sent;
}

/** Marks a mail sent, trying again while the database is away (MARK_SENT_RETRY_MS), unless the worker is stopping. */
async function markSent(db: Database, id: string, retryMs: readonly number[], signal: AbortSignal | undefined): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.execute(sql`update ${mailOutbox} set status = 'sent', sent_at = now(), last_error = null where id = ${id}`);
      return;
    } catch (error) {
      const wait = retryMs[attempt];
      if (wait === undefined || signal?.aborted) throw error;
      // A stopping worker ends the wait at once (the lease takes over).
      await sleep(wait, undefined, signal ? { signal } : undefined).catch(() => {
        throw error;
      });
    }
  }
}

/** A mail server's answer often quotes the recipient: the log says what failed, not to whom. */
function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "<address>");
}

/** How long a stopping process lets a mail being sent finish; after that the send is abandoned and retried later (at least once). */
const MAIL_STOP_GRACE_MS = 5_000;

/**
 * A background loop for the host: sweeps the outbox every few seconds and on demand. A sweep that
 * fails (the database is away) is logged once and simply tried again at the next tick; nothing a
 * sweep throws can reach the process.
 */
export function startMailWorker(db: Database, transport: MailTransport, mailFrom: string | undefined, intervalMs = 5000, stopGraceMs = MAIL_STOP_GRACE_MS) {
  const sweeper = startSweeper({ name: "mail delivery", intervalMs, sweepAtStart: false, stopGraceMs, run: (signal) => deliverPendingMail(db, transport, mailFrom, 20, signal) });
  return {
    /** Delivers what is queued now (or lets the sweep under way do it). */
    kick: () => void sweeper.sweep(),
    /** Stops sweeping; a send under way gets `stopGraceMs`, then is abandoned and retried later. */
    stop: sweeper.stop,
  };
}
