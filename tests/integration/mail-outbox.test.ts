import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { eq, ne } from "drizzle-orm";
import addressparser from "nodemailer/lib/addressparser";
import { afterAll, expect, it, vi } from "vitest";
import { DEFAULT_MAIL_ADDRESS } from "../../src/server/config/env.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { mailOutbox, shopSettings } from "../../src/server/db/schema.ts";
import { deliverPendingMail, fileTransport, MAX_MAIL_ATTEMPTS, smtpTransport, SMTP_TIMEOUTS, startMailWorker, type MailMessage, type MailTransport } from "../../src/server/mail/mail-delivery.server.ts";
import { queueMail } from "../../src/server/mail/outbox.server.ts";
import { contactNotification } from "../../src/server/contact/contact.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const FROM = "Shop <no-reply@shop.test>";

/**
 * The From header of an .eml file as a reader sees it: unfolded, then its RFC 2047 encoded words
 * decoded (adjacent words joined, their bytes read as one UTF-8 text). `raw` is the header as sent.
 */
function fromHeader(eml: string): { raw: string; mailboxes: { name: string; address: string }[] } {
  const head = eml.slice(0, eml.indexOf("\n\n")).replace(/\r?\n[ \t]+/g, " ");
  const raw = head.split("\n").find((line) => line.startsWith("From: "))!.slice("From: ".length);
  const decode = (value: string) =>
    value.replace(/=\?[^?]+\?[QqBb]\?[^?]*\?=(?:\s+=\?[^?]+\?[QqBb]\?[^?]*\?=)*/g, (words) => {
      const bytes = [...words.matchAll(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g)].map(([, , encoding, data]) =>
        encoding!.toUpperCase() === "B"
          ? Buffer.from(data!, "base64")
          : Buffer.from(data!.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1"),
      );
      return Buffer.concat(bytes).toString("utf8");
    });
  const mailboxes = addressparser(raw, { flatten: true }).map((mailbox) => ({ name: decode(mailbox.name), address: mailbox.address }));
  return { raw, mailboxes };
}

async function nameTheShop(db: Database, shopName: string) {
  await db.insert(shopSettings).values({ id: 1, shopName }).onConflictDoUpdate({ target: shopSettings.id, set: { shopName } });
}

describeEachEngine("mail outbox", (get) => {
  it("writes queued mail as .eml files when no SMTP server is configured, exactly once", async () => {
    const { db } = get();
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    dirs.push(dir);
    await queueMail(db, { to: "shopper@example.com", subject: "Your order", text: "Thank you for your order." });
    expect(await deliverPendingMail(db, fileTransport(dir), FROM)).toBe(1);
    expect(await deliverPendingMail(db, fileTransport(dir), FROM)).toBe(0);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dir, files[0]!), "utf8");
    expect(eml).toContain("To: shopper@example.com");
    expect(eml).toContain("Subject: Your order");
    expect(eml).toContain("Thank you for your order.");
  });

  it("writes a mail to the longest valid address too (its file's name stays within 255 bytes)", async () => {
    const { db } = get();
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    dirs.push(dir);
    const to = `${"a".repeat(64)}@${["b".repeat(63), "c".repeat(63), "d".repeat(57)].join(".")}.com`;
    expect(to).toHaveLength(254);
    await queueMail(db, { to, subject: "Your order", text: "Thank you." });
    expect(await deliverPendingMail(db, fileTransport(dir), FROM)).toBe(1);
    expect(readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8")).toContain(to);
  });

  it("a mail sent while the database blinks is marked sent once it is back, not sent again", async () => {
    const { db } = get();
    const id = await queueMail(db, { to: "blink@example.com", subject: "Your order", text: "x" });
    const sent: string[] = [];
    const working: MailTransport = { send: async (m) => void sent.push(m.to) };
    // The claim goes through; the next two writes (marking it sent) meet a database that is away.
    let executes = 0;
    const blinking = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (...args: unknown[]) => {
          executes++;
          if (executes === 2 || executes === 3) return Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
          return (target.execute as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    expect(await deliverPendingMail(blinking, working, FROM, 20, undefined, [1, 1])).toBe(1);
    expect(sent).toEqual(["blink@example.com"]);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("a mail the database never takes as sent is left to its lease, not written up as a failed send", async () => {
    const { db } = get();
    const id = await queueMail(db, { to: "away@example.com", subject: "Your order", text: "x" });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let executes = 0;
    const away = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (...args: unknown[]) => (++executes === 1 ? (target.execute as (...a: unknown[]) => unknown).apply(target, args) : Promise.reject(new Error("connect ECONNREFUSED")));
      },
    });
    const sent: string[] = [];
    expect(await deliverPendingMail(away, { send: async (m) => void sent.push(m.to) }, FROM, 20, undefined, [1])).toBe(0);
    expect(sent).toEqual(["away@example.com"]);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    // Still leased (five minutes), with no error written: only if the lease runs out does it go again.
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: null });
    expect(row!.availableAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("sent, but the database did not take it as sent"));
    errors.mockRestore();
  });

  it("keeps a message whose send failed and retries it later, giving up after the last attempt", async () => {
    const { db } = get();
    const id = await queueMail(db, { to: "retry@example.com", subject: "Retry", text: "x" });
    const failing: MailTransport = { send: async () => Promise.reject(new Error("connection refused")) };
    expect(await deliverPendingMail(db, failing, FROM)).toBe(0);
    let [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "connection refused" });
    expect(row!.availableAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is sent.
    const sent: string[] = [];
    const working: MailTransport = { send: async (m) => void sent.push(m.to) };
    expect(await deliverPendingMail(db, working, FROM)).toBe(0);
    // Due again: the retry goes out.
    await db.update(mailOutbox).set({ availableAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
    expect(await deliverPendingMail(db, working, FROM)).toBe(1);
    expect(sent).toEqual(["retry@example.com"]);
    [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    const doomed = await queueMail(db, { to: "doomed@example.com", subject: "x", text: "x" });
    await db.update(mailOutbox).set({ attempts: MAX_MAIL_ATTEMPTS - 1 }).where(eq(mailOutbox.id, doomed));
    await deliverPendingMail(db, failing, FROM);
    [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, doomed));
    expect(row!.status).toBe("failed");
  });

  it("logs each failed attempt for the operator, without the recipient's address", async () => {
    const { db } = get();
    const id = await queueMail(db, { to: "private.person@example.com", subject: "Order", text: "x" });
    await db.update(mailOutbox).set({ availableAt: new Date(Date.now() + 60_000) }).where(ne(mailOutbox.id, id));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const refusing: MailTransport = { send: async () => Promise.reject(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <private.person@example.com>: No such user")) };
      await deliverPendingMail(db, refusing, FROM);
      expect(errors).toHaveBeenCalledTimes(1);
      const line = String(errors.mock.calls[0]![0]);
      expect(line).toContain(`mail ${id}: attempt 1 of ${MAX_MAIL_ATTEMPTS} failed`);
      expect(line).toContain("550 5.1.1");
      expect(line).toContain("next try in 30 s");
      expect(line).not.toContain("private.person");
    } finally {
      errors.mockRestore();
    }
  });

  it("a mail server that stops answering holds a stopping worker only for its grace, and its mail is tried again later", async () => {
    const { db } = get();
    await db.update(mailOutbox).set({ status: "sent" });
    // Greets and answers EHLO, then never answers MAIL FROM.
    const sockets: net.Socket[] = [];
    let asked = false;
    const server = net.createServer((socket) => {
      sockets.push(socket);
      socket.on("error", () => {});
      socket.write("220 hang.test ESMTP\r\n");
      socket.on("data", (chunk) => {
        if (/^(EHLO|HELO)/i.test(chunk.toString())) socket.write("250-hang.test\r\n250 8BITMIME\r\n");
        else asked = true;
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const id = await queueMail(db, { to: "hang@example.com", subject: "Hangs", text: "x" });
      // A grace of 300 ms rather than the shop's 5 s: what is tested is that the send is abandoned.
      const worker = startMailWorker(db, smtpTransport(`smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`), FROM, 60_000, 300);
      worker.kick();
      await vi.waitFor(() => expect(asked).toBe(true), { timeout: 10_000 });
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const stopping = Date.now();
      await worker.stop();
      errors.mockRestore();
      expect(Date.now() - stopping).toBeLessThan(5_000);
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      // And a silent server is given up on well before the outbox's five-minute lease runs out.
      expect(SMTP_TIMEOUTS.socketTimeout).toBeLessThan(5 * 60_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      server.close();
    }
  }, 30_000);

  it("signs mail with the shop's name on /admin/settings at the time of sending while MAIL_FROM is unset", async () => {
    const { db } = get();
    const sent: MailMessage[] = [];
    const capture: MailTransport = { send: async (message) => void sent.push(message) };
    await queueMail(db, { to: "first@example.com", subject: "One", text: "x" });
    expect(await deliverPendingMail(db, capture, undefined)).toBe(1);
    await nameTheShop(db, "Savile Tailors");
    // Queued before the rename, sent after it: the name of the shop when it goes out.
    await queueMail(db, { to: "second@example.com", subject: "Two", text: "x" });
    expect(await deliverPendingMail(db, capture, undefined)).toBe(1);
    expect(sent.map((message) => message.from)).toEqual([
      { name: "Menswear Shop", address: DEFAULT_MAIL_ADDRESS },
      { name: "Savile Tailors", address: DEFAULT_MAIL_ADDRESS },
    ]);
  });

  it("asks replies to go to the shop's contact e-mail once one is set, but not on a mail to that address", async () => {
    const { db } = get();
    const sent: MailMessage[] = [];
    const capture: MailTransport = { send: async (message) => void sent.push(message) };
    await db.insert(shopSettings).values({ id: 1, contactEmail: null }).onConflictDoUpdate({ target: shopSettings.id, set: { contactEmail: null } });
    await queueMail(db, { to: "before@example.com", subject: "Before", text: "x" });
    expect(await deliverPendingMail(db, capture, undefined)).toBe(1);
    await db.update(shopSettings).set({ contactEmail: "hello@savile.example" });
    await queueMail(db, { to: "after@example.com", subject: "After", text: "x" });
    await queueMail(db, { to: "Hello@savile.example", subject: "Stock report", text: "x" });
    // The contact form's message to the shop: Reply answers the shopper who wrote it.
    await queueMail(db, contactNotification({ firstName: "Li", lastName: "Wei", email: "li@example.com", phone: undefined, subject: "Sizes", message: "Do you have 44L?" }, "hello@savile.example"));
    expect(await deliverPendingMail(db, capture, undefined)).toBe(3);
    expect(sent.map((message) => [message.to, message.replyTo])).toEqual([
      ["before@example.com", undefined],
      ["after@example.com", "hello@savile.example"],
      ["Hello@savile.example", undefined],
      ["hello@savile.example", "li@example.com"],
    ]);
  });

  it("sends from the operator's MAIL_FROM exactly as given, whatever the shop is called", async () => {
    const { db } = get();
    await nameTheShop(db, "Savile Tailors");
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    dirs.push(dir);
    await queueMail(db, { to: "operator@example.com", subject: "Operator", text: "x" });
    expect(await deliverPendingMail(db, fileTransport(dir), '"Orders, Ltd" <orders@example.com>')).toBe(1);
    const from = fromHeader(readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8"));
    expect(from.mailboxes).toEqual([{ name: "Orders, Ltd", address: "orders@example.com" }]);
  });

  it.each([
    ["a comma and non-ASCII letters", "Kọ́fí & Sons, London"],
    ["quotes and a comma", 'The "Best" Shop, Ltd'],
    ["angle brackets and an at sign", "Shop <sales@evil.example> @ Home"],
  ])("writes a valid From header for a shop name with %s", async (_, shopName) => {
    const { db } = get();
    await nameTheShop(db, shopName);
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    dirs.push(dir);
    await queueMail(db, { to: "header@example.com", subject: "Header", text: "x" });
    expect(await deliverPendingMail(db, fileTransport(dir), undefined)).toBe(1);
    const from = fromHeader(readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8"));
    // One mailbox, the shop's whole name as its display name, and a header of plain ASCII (RFC 5322).
    expect(from.mailboxes).toEqual([{ name: shopName, address: DEFAULT_MAIL_ADDRESS }]);
    expect(from.raw).toMatch(/^[\x20-\x7e]+$/);
  });
});
