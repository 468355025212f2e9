import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { mailOutbox } from "../../src/server/db/schema.ts";
import { deliverPendingMail, fileTransport, MAX_MAIL_ATTEMPTS, type MailTransport } from "../../src/server/mail/mail-delivery.server.ts";
import { queueMail } from "../../src/server/mail/outbox.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const FROM = "Shop <no-reply@shop.test>";

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
});
