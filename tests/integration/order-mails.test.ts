// The e-mails an order sends its buyer, as queued in the outbox on both engines: the shipped
// e-mail lists the parcel and links the order lookup; every order e-mail signs off with the shop's
// name as set on /admin/settings (src/server/mail/order-mails.server.ts).
import { eq, like } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { adminFulfilment } from "../../src/domain/messages/admin.ts";
import { orderMails } from "../../src/domain/messages/order-mails.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { changeOrderStatus } from "../../src/server/admin/orders/order-status-change.server.ts";
import { mailOutbox, shopSettings } from "../../src/server/db/schema.ts";
import { applyPaidSession } from "../../src/server/payments/apply-payment.server.ts";
import { insertOrder, SHOP } from "../helpers/admin.ts";
import { describeEachEngine } from "../helpers/databases.ts";

const SHOP_NAME = 'Kọ́fí & Sons, "London"';
const ADMIN = { userId: "order-mails-admin", email: "admin@example.com", firstName: "Ada", lastName: "Admin" };
const ITEMS = [
  { name: "Navy Wool Suit", category: "suits", quantity: 2, unitPricePence: 20_000, size: "40R", colour: "Navy" },
  { name: "Silk Tie", category: "ties", quantity: 1, unitPricePence: 1_000, colour: "Burgundy" },
];

describeEachEngine("order e-mails", (get) => {
  beforeAll(async () => {
    await get().db.insert(shopSettings).values({ id: 1, shopName: SHOP_NAME }).onConflictDoUpdate({ target: shopSettings.id, set: { shopName: SHOP_NAME } });
  });

  const mailsOf = (orderId: string) => get().db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
  /** The shop's notices of a new order (not tied to the order: found by the number in the subject). */
  const noticesOf = (orderId: string) =>
    get().db.select().from(mailOutbox).where(like(mailOutbox.subject, `${orderMails.newOrderSubject(formatOrderNumber(orderId), "")}%`));

  it("the shipped e-mail lists the parcel and the tracking, and signs off with the shop's name, in both parts", async () => {
    const { db } = get();
    const id = await insertOrder(db, { items: ITEMS });
    expect(await changeOrderStatus(db, ADMIN, id, { status: "shipped", carrier: "Royal Mail", trackingNumber: "RM123456789GB" })).toMatchObject({ ok: true, mailed: true });
    const [mail, ...more] = await mailsOf(id);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(adminFulfilment.shippedMailSubject(formatOrderNumber(id)));
    expect(mail!.textBody).toContain(`${orderMails.shippedItems}\n- 2 x Navy Wool Suit (40R, Navy)\n- 1 x Silk Tie (Burgundy)\n`);
    expect(mail!.textBody).toContain("Carrier: Royal Mail\nTracking number: RM123456789GB");
    expect(mail!.textBody).toContain(orderMails.lookup);
    expect(mail!.textBody.endsWith(`Thank you for shopping with ${SHOP_NAME}.`)).toBe(true);
    expect(mail!.htmlBody).toContain("<li>2 x Navy Wool Suit (40R, Navy)</li>");
    expect(mail!.htmlBody).toContain("<p>Thank you for shopping with Kọ́fí &#38; Sons, &#34;London&#34;.</p>");
  });

  it("the shipped e-mail links the order lookup with the number filled in, given the shop's address", async () => {
    const { db } = get();
    const id = await insertOrder(db, { items: ITEMS });
    const number = formatOrderNumber(id);
    const link = `${SHOP}/orders/lookup?order=${encodeURIComponent(number)}`;
    expect(await changeOrderStatus(db, ADMIN, id, { status: "shipped", trackingNumber: "T1" }, SHOP)).toMatchObject({ ok: true, mailed: true });
    const [mail] = await mailsOf(id);
    expect(mail!.textBody).toContain(`${orderMails.lookup}: ${link}`);
    expect(mail!.htmlBody).toContain(`<a href="${link}">look up order ${number}</a>`);
  });

  it("the order confirmation and the 'could not fulfil' e-mails sign off in the shop's name", async () => {
    const { db } = get();
    const paid = await insertOrder(db, { paymentStatus: "pending", sessionId: "cs_test_order_mails_paid", items: ITEMS });
    expect(await applyPaidSession(db, "cs_test_order_mails_paid", undefined, { publicUrl: SHOP, shopEmail: "owner@shop.test" })).toMatchObject({ kind: "paid", firstTime: true });
    // No contact e-mail in Settings: the new order is announced to the server's shop address.
    const notices = await noticesOf(paid);
    expect(notices.map((mail) => mail.toAddress)).toEqual(["owner@shop.test"]);
    const [confirmed] = await mailsOf(paid);
    expect(confirmed!.subject).toBe(`Order ${formatOrderNumber(paid)} confirmed`);
    expect(confirmed!.textBody).toContain("- 2 x Navy Wool Suit (40R, Navy), £200.00 each: £400.00");
    expect(confirmed!.textBody.endsWith(`\n\nThank you for shopping with ${SHOP_NAME}.`)).toBe(true);
    expect(confirmed!.htmlBody).toContain("<p>Thank you for shopping with Kọ́fí &#38; Sons, &#34;London&#34;.</p>");

    const cancelled = await insertOrder(db, { status: "cancelled", paymentStatus: "pending", sessionId: "cs_test_order_mails_cancelled", items: ITEMS });
    expect(await applyPaidSession(db, "cs_test_order_mails_cancelled")).toMatchObject({ kind: "refunded", reason: "paid-after-cancel" });
    const [refused] = await mailsOf(cancelled);
    expect(refused!.subject).toBe(`Order ${formatOrderNumber(cancelled)}: we could not fulfil it`);
    expect(refused!.textBody).toContain(`${orderMails.sorry}\n\n`);
    // Bad news signs off without thanks; it is an HTML mail like the others.
    expect(refused!.textBody.endsWith(`\n\n${orderMails.regards(SHOP_NAME)}`)).toBe(true);
    expect(refused!.htmlBody).toContain(`<p>${orderMails.sorry}</p>`);
  });

  it("with the shop's contact e-mail and address set in Settings, every order e-mail gives them under its sign-off", async () => {
    const { db } = get();
    const address = ["1 Savile Row", "London W1S 3PR", "United Kingdom"];
    await db.update(shopSettings).set({ contactEmail: "help@kofi.example", senderAddress: address });
    try {
      const paid = await insertOrder(db, { paymentStatus: "pending", sessionId: "cs_test_order_mails_footer", items: ITEMS });
      expect(await applyPaidSession(db, "cs_test_order_mails_footer", undefined, { publicUrl: SHOP })).toMatchObject({ kind: "paid" });
      const [confirmed] = await mailsOf(paid);
      expect(confirmed!.textBody).toContain(`${orderMails.helpByEmail("help@kofi.example")} ${orderMails.contactForm}: ${SHOP}/contact`);
      expect(confirmed!.textBody.endsWith(`${orderMails.signOff(SHOP_NAME)}\n${SHOP_NAME}, ${address.join(", ")}`)).toBe(true);
      // The shop hears of the order at its contact e-mail, with the way to the order's page.
      const [notice] = await noticesOf(paid);
      expect(notice).toMatchObject({ toAddress: "help@kofi.example", orderId: null });
      expect(notice!.textBody).toContain(`${SHOP}/admin/orders/${paid}`);
      expect(await changeOrderStatus(db, ADMIN, paid, { status: "shipped" }, SHOP)).toMatchObject({ ok: true, mailed: true });
      const shipped = (await mailsOf(paid)).find((mail) => mail.id !== confirmed!.id);
      expect(shipped!.textBody).toContain(orderMails.helpByEmail("help@kofi.example"));
      expect(shipped!.textBody).toContain(address.join(", "));
    } finally {
      await db.update(shopSettings).set({ contactEmail: null, senderAddress: null });
    }
  });

  it("an order cancelled after it was shipped asks the customer for the parcel back, instead of saying it will not be sent", async () => {
    const { db } = get();
    const id = await insertOrder(db, { items: ITEMS });
    expect(await changeOrderStatus(db, ADMIN, id, { status: "shipped" }, SHOP)).toMatchObject({ ok: true, mailed: true });
    expect(await changeOrderStatus(db, ADMIN, id, { status: "cancelled" }, SHOP)).toMatchObject({ ok: true, mailed: true });
    const cancelled = (await mailsOf(id)).find((mail) => mail.subject === orderMails.cancelledSubject(formatOrderNumber(id)));
    expect(cancelled!.textBody).toContain(orderMails.cancelledAfterSending(formatOrderNumber(id)));
    expect(cancelled!.textBody).not.toContain("will not be sent");
  });

  it("a cancelled order set going again tells a customer who was told of the cancel, and only such a customer", async () => {
    const { db } = get();
    const told = await insertOrder(db, { items: ITEMS });
    expect(await changeOrderStatus(db, ADMIN, told, { status: "cancelled" }, SHOP)).toMatchObject({ ok: true, mailed: true });
    expect(await changeOrderStatus(db, ADMIN, told, { status: "processing" }, SHOP)).toMatchObject({ ok: true, mailed: true });
    const backOn = (await mailsOf(told)).filter((mail) => mail.subject === orderMails.backOnSubject(formatOrderNumber(told)));
    expect(backOn).toHaveLength(1);
    expect(backOn[0]!.textBody).toContain(orderMails.backOnIntro(formatOrderNumber(told)));
    // Cancelled again without a word to the customer and set going again: they last heard it was
    // going ahead, so nothing more is sent.
    expect(await changeOrderStatus(db, ADMIN, told, { status: "cancelled", notifyCustomer: false }, SHOP)).toMatchObject({ ok: true, mailed: false });
    expect(await changeOrderStatus(db, ADMIN, told, { status: "processing" }, SHOP)).toMatchObject({ ok: true, mailed: false });
    expect((await mailsOf(told)).filter((mail) => mail.subject === orderMails.backOnSubject(formatOrderNumber(told)))).toHaveLength(1);

    const quiet = await insertOrder(db, { items: ITEMS });
    expect(await changeOrderStatus(db, ADMIN, quiet, { status: "cancelled", notifyCustomer: false }, SHOP)).toMatchObject({ ok: true, mailed: false });
    expect(await changeOrderStatus(db, ADMIN, quiet, { status: "processing" }, SHOP)).toMatchObject({ ok: true, mailed: false });
    expect(await mailsOf(quiet)).toEqual([]);
  });
});
