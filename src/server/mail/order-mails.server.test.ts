import { describe, expect, it } from "vitest";
import { adminFulfilment, adminRefunds } from "../../domain/messages/admin.ts";
import { orderMails } from "../../domain/messages/order-mails.ts";
import { formatOrderNumber } from "../../domain/order-number.ts";
import type { orderItems, orders } from "../db/schema.ts";
import { newOrderNoticeMail, orderCancelledMail, orderConfirmationMail, orderItemLine, orderLookupUrl, orderNotFulfilledMail, orderRefundedMail, orderShippedMail, orderTrackingUpdatedMail } from "./order-mails.server.ts";

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

const ID = "0b7c2f64-1d2e-4f00-9a8b-5c6d7e8f1a2b";
const NUMBER = formatOrderNumber(ID);
const SHOP = { name: "Kọ́fí & Sons <London>", publicUrl: "https://shop.example.com/" };
const LINK = `https://shop.example.com/orders/lookup?order=${encodeURIComponent(NUMBER)}`;

function order(overrides: Partial<OrderRow> = {}): OrderRow {
  const at = new Date("2026-03-01T10:00:00Z");
  return {
    id: ID,
    userId: null,
    status: "processing",
    paymentStatus: "paid",
    subtotalPence: 22_000,
    shippingPence: 0,
    shippingMethod: "standard",
    discountPence: 0,
    discountCodeId: null,
    totalAmountPence: 22_000,
    currency: "GBP",
    customer: { firstName: "Ama", lastName: "Owusu", email: "ama@example.com" },
    customerEmail: "ama@example.com",
    shippingAddress: { address: "1 Savile Row", city: "London", postalCode: "W1S 3PR", country: "United Kingdom" },
    stripeSessionId: "cs_test_1",
    paymentProvider: "local",
    fromAccountCart: false,
    checkoutCart: null,
    replacedBy: null,
    paidAt: at,
    paymentFailedAt: null,
    cancelReason: null,
    refundedAt: null,
    refundError: null,
    shippingRefunded: false,
    refundedPence: 0,
    paymentCheckedAt: null,
    carrier: null,
    trackingNumber: null,
    shippedAt: null,
    itemNames: "",
    searchText: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

function item(productName: string, quantity: number, selectedSize: string | null, selectedColor: string | null, restockedQuantity = 0): OrderItemRow {
  return { id: productName, orderId: ID, productId: null, quantity, unitPricePence: 10_000, selectedSize, selectedColor, productName, productCategory: "suits", restockedQuantity, cancelRestockedQuantity: 0, refundedQuantity: restockedQuantity, createdAt: new Date() };
}

/** How an order e-mail's text part ends for SHOP (no contact e-mail or address set): lookup, help, sign-off. */
const CLOSING = ["", `${orderMails.lookup}: ${LINK}`, "", `${orderMails.helpByForm} ${orderMails.contactForm}: https://shop.example.com/contact`, "", "Thank you for shopping with Kọ́fí & Sons <London>."];

const ITEMS = [item("Navy Wool Suit", 2, "40R", "Navy"), item("Silk Tie", 1, null, "Burgundy"), item("Pocket Square", 1, null, null)];

describe("order e-mail lines and links", () => {
  it("names a line by quantity, product and the size and colour it has", () => {
    expect(ITEMS.map(orderItemLine)).toEqual(["2 x Navy Wool Suit (40R, Navy)", "1 x Silk Tie (Burgundy)", "1 x Pocket Square"]);
  });

  it("links the lookup page with the order number filled in, whatever the origin's trailing slash", () => {
    expect(orderLookupUrl("https://shop.example.com/", NUMBER)).toBe(LINK);
    expect(orderLookupUrl("https://shop.example.com", NUMBER)).toBe(LINK);
  });
});

describe("the tracking-updated e-mail", () => {
  it("gives the new carrier and tracking number and the lookup link, without a second 'on its way'", () => {
    const mail = orderTrackingUpdatedMail(order({ status: "shipped" }), { carrier: "DPD", trackingNumber: "<15501234567890>" }, SHOP);
    expect(mail).toMatchObject({ orderId: ID, to: "ama@example.com", subject: adminFulfilment.trackingUpdatedMailSubject(NUMBER) });
    expect(mail.text).toBe(
      [
        "Dear Ama,",
        "",
        orderMails.trackingUpdatedIntro(NUMBER),
        "",
        "Carrier: DPD",
        "Tracking number: <15501234567890>",
        "Track your parcel on the DPD website: https://track.dpd.co.uk/parcels/%3C15501234567890%3E",
        ...CLOSING,
      ].join("\n"),
    );
    expect(mail.text).not.toContain(orderMails.shippedIntro(NUMBER));
    expect(mail.html).toContain("Tracking number: &#60;15501234567890&#62;<br>");
    expect(mail.html).toContain(`<a href="https://track.dpd.co.uk/parcels/%3C15501234567890%3E">Track your parcel on the DPD website</a>`);
    // A tracking number cleared is said, not left out: the old one no longer holds.
    expect(orderTrackingUpdatedMail(order(), { carrier: "Collected in person", trackingNumber: null }, SHOP).text).toContain(orderMails.noTracking);
  });
});

describe("the shipped e-mail", () => {
  const mail = orderShippedMail(order({ status: "shipped" }), ITEMS, { carrier: "Royal Mail", trackingNumber: "RM123456789GB" }, SHOP);

  it("lists what was sent, the tracking, the lookup link and the shop's name, in the text part", () => {
    expect(mail).toMatchObject({ orderId: ID, to: "ama@example.com", subject: adminFulfilment.shippedMailSubject(NUMBER) });
    expect(mail.text).toBe(
      [
        "Dear Ama,",
        "",
        `Good news: your order ${NUMBER} has been shipped.`,
        "",
        orderMails.shippedItems,
        "- 2 x Navy Wool Suit (40R, Navy)",
        "- 1 x Silk Tie (Burgundy)",
        "- 1 x Pocket Square",
        "",
        "Carrier: Royal Mail",
        "Tracking number: RM123456789GB",
        "Track your parcel on the Royal Mail website: https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB",
        ...CLOSING,
      ].join("\n"),
    );
  });

  it("says the same in the HTML part, escaped", () => {
    const html = mail.html!;
    expect(html).toContain(`<strong>${NUMBER}</strong>`);
    expect(html).toContain("<li>2 x Navy Wool Suit (40R, Navy)</li>");
    expect(html).toContain("<li>1 x Silk Tie (Burgundy)</li>");
    expect(html).toContain(
      `Carrier: Royal Mail<br>Tracking number: RM123456789GB<br><a href="https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB">Track your parcel on the Royal Mail website</a>`,
    );
    expect(html).toContain(`<a href="${LINK}">look up order ${NUMBER}</a>`);
    expect(html).toContain("<p>Thank you for shopping with Kọ́fí &#38; Sons &#60;London&#62;.</p>");
    expect(html).not.toContain("<London>");
  });

  it("leaves out units a refund put back in stock, and tracking the admin did not give", () => {
    const partial = orderShippedMail(order(), [item("Navy Wool Suit", 2, "40R", "Navy", 1), item("Silk Tie", 1, null, "Burgundy", 1)], { carrier: null, trackingNumber: null }, SHOP);
    expect(partial.text).toContain("- 1 x Navy Wool Suit (40R, Navy)");
    expect(partial.text).not.toContain("Silk Tie");
    expect(partial.text).not.toContain("Carrier");
    expect(partial.text).not.toContain("Tracking number");
  });

  it("gives the number but no link for a carrier the shop does not know", () => {
    const local = orderShippedMail(order(), ITEMS, { carrier: "Kwame's Couriers", trackingNumber: "KC-42" }, SHOP);
    expect(local.text).toContain("Tracking number: KC-42");
    expect(local.text).not.toContain("Track your parcel");
    expect(local.html).not.toContain("Track your parcel");
  });

  it("greets an order without a first name, and names the lookup page when no public address is known", () => {
    const older = orderShippedMail(order({ customer: { email: "old@example.com" } as OrderRow["customer"] }), ITEMS, { carrier: null, trackingNumber: "T1" }, { name: "Menswear Shop", publicUrl: null });
    expect(older.to).toBe("old@example.com");
    expect(older.text.startsWith("Hello,\n")).toBe(true);
    expect(older.text).toContain(`${orderMails.lookup} ${orderMails.lookupPage}.`);
    expect(older.text).not.toContain("http");
    expect(older.text.endsWith("Thank you for shopping with Menswear Shop.")).toBe(true);
  });
});

describe("the order confirmation and the 'could not fulfil' e-mails", () => {
  it("the confirmation lists the lines and signs off with the shop's name in both parts", () => {
    const mail = orderConfirmationMail(order(), ITEMS, SHOP, null);
    expect(mail.subject).toBe(`Order ${NUMBER} confirmed`);
    // A line of more than one unit gives its unit price too.
    expect(mail.text).toContain("- 2 x Navy Wool Suit (40R, Navy), £100.00 each: £200.00");
    expect(mail.text).toContain(`with its number and your e-mail address: ${LINK}`);
    expect(mail.text.endsWith(`\n\n${orderMails.signOff(SHOP.name)}`)).toBe(true);
    expect(mail.html).toContain(`<a href="${LINK}">look up order ${NUMBER}</a>`);
    expect(mail.html).toContain("<p>Thank you for shopping with Kọ́fí &#38; Sons &#60;London&#62;.</p>");
  });

  it("the confirmation states the 14-day right to cancel and links the Terms of Sale with their form", () => {
    const mail = orderConfirmationMail(order(), ITEMS, SHOP, null);
    expect(mail.text).toContain(`${orderMails.cancelRight(14)}\n${orderMails.termsLink}: https://shop.example.com/terms\n`);
    expect(mail.html).toContain(`${orderMails.termsLink}: <a href="https://shop.example.com/terms">https://shop.example.com/terms</a>.`);
    // Without a public address to link to, the mail names the page instead.
    expect(orderConfirmationMail(order(), ITEMS, { ...SHOP, publicUrl: null }, null).text).toContain(`${orderMails.cancelRight(14)}\n${orderMails.termsPage}`);
  });

  it("the confirmation says the payment was received, and where the order goes", () => {
    const mail = orderConfirmationMail(order(), ITEMS, SHOP, null);
    expect(mail.text).toContain(`Thank you for your order ${NUMBER}. Your payment was received and we are preparing your items.`);
    expect(mail.text).toContain("Delivering to: 1 Savile Row, London, W1S 3PR, United Kingdom");
  });

  it("names who the parcel is for (a gift's recipient is not the buyer), and keeps each amount apart from its line in the HTML", () => {
    const gift = order({ shippingAddress: { firstName: "Kofi", lastName: "Mensah", address: "1 Savile Row", city: "London", postalCode: "W1S 3PR", country: "United Kingdom" } });
    const mail = orderConfirmationMail(gift, ITEMS, SHOP, null);
    expect(mail.text).toContain("Delivering to: Kofi Mensah, 1 Savile Row, London, W1S 3PR, United Kingdom");
    expect(mail.html).toContain("Delivering to: Kofi Mensah, 1 Savile Row");
    // "2 x Navy Wool Suit (40R, Navy)£200.00" ran together in a mail reader: the amount has its own padding.
    expect(mail.html).toMatch(/Navy Wool Suit \(40R, Navy\), £100\.00 each<\/td><td style="padding:4px 0 4px 16px" align="right">£200\.00</);
  });

  it("an order with nothing to pay is confirmed without claiming a payment", () => {
    const mail = orderConfirmationMail(order({ discountPence: 22_000, totalAmountPence: 0, discountCodeId: "code-1" }), ITEMS, SHOP, "FREEWEAR");
    expect(mail.text).toContain(`Thank you for your order ${NUMBER}. It is confirmed and we are preparing your items.`);
    expect(mail.html).toContain(`Thank you for your order <strong>${NUMBER}</strong>. It is confirmed and we are preparing your items.`);
    expect(`${mail.text}${mail.html}`).not.toContain("payment was received");
  });

  it("names the discount code the order used, as the checkout showed it", () => {
    const mail = orderConfirmationMail(order({ discountPence: 2_000, totalAmountPence: 20_000, discountCodeId: "code-1" }), ITEMS, SHOP, "WELCOME10");
    expect(mail.text).toContain("Discount (WELCOME10): -£20.00");
    expect(mail.html).toContain("Discount (WELCOME10)");
    // A code deleted since the order was placed: the amount alone.
    expect(orderConfirmationMail(order({ discountPence: 2_000, totalAmountPence: 20_000 }), ITEMS, SHOP, null).text).toContain("Discount: -£20.00");
  });

  it("an empty address (an old Buy Now order) has no 'Delivering to' line", () => {
    const mail = orderConfirmationMail(order({ shippingAddress: {} as OrderRow["shippingAddress"] }), ITEMS, SHOP, null);
    expect(mail.text).not.toContain("Delivering to");
  });

  it("the refusal says why, that the money goes back, and signs off with the shop's name", () => {
    const mail = orderNotFulfilledMail(order({ status: "cancelled", paymentStatus: "refunded" }), "sold-out", SHOP);
    expect(mail).toMatchObject({ orderId: ID, to: "ama@example.com", subject: `Order ${NUMBER}: we could not fulfil it` });
    expect(mail.text).toContain("Your payment of £220.00 is being refunded in full to the card you used.");
    expect(mail.text).toContain(`${orderMails.sorry}\n\n${orderMails.lookup}: ${LINK}`);
    // Bad news is not signed off with thanks; the HTML part says the same.
    expect(mail.text.endsWith(`\n\n${orderMails.regards(SHOP.name)}`)).toBe(true);
    expect(mail.html).toContain(`<p>${orderMails.sorry}</p>`);
    expect(mail.html).toContain(orderMails.refundToCard);
  });
});

describe("the cancelled e-mail", () => {
  it("says the order will not be sent, that the shop will be in touch about money still held, and links the lookup", () => {
    const mail = orderCancelledMail(order({ status: "cancelled" }), SHOP);
    expect(mail).toMatchObject({ orderId: ID, to: "ama@example.com", subject: orderMails.cancelledSubject(NUMBER) });
    expect(mail.text).toContain(orderMails.cancelledIntro(NUMBER));
    expect(mail.text).toContain(orderMails.cancelledPaymentOpen("£220.00"));
    expect(mail.text).toContain(LINK);
    expect(mail.text.endsWith(orderMails.regards(SHOP.name))).toBe(true);
    expect(mail.html).toContain(`<strong>${NUMBER}</strong>`);
    expect(mail.html).toContain("Kọ́fí &#38; Sons &#60;London&#62;");
  });

  it("for an order already sent, does not say it will not be sent: it asks for the parcel back", () => {
    const mail = orderCancelledMail(order({ status: "cancelled" }), SHOP, true);
    expect(mail.text).toContain(orderMails.cancelledAfterSending(NUMBER));
    expect(mail.text).not.toContain("will not be sent");
    expect(mail.html).not.toContain("will not be sent");
  });

  it("says the money is back when the order was refunded in full first", () => {
    const mail = orderCancelledMail(order({ status: "cancelled", paymentStatus: "refunded", refundedPence: 22_000 }), SHOP);
    expect(mail.text).toContain(orderMails.cancelledRefunded("£220.00"));
    expect(mail.text).not.toContain("has not been refunded yet");
  });

  it("says how much is back already when the order was refunded in part first", () => {
    const mail = orderCancelledMail(order({ status: "cancelled", paymentStatus: "partially_refunded", refundedPence: 15_400 }), SHOP);
    expect(mail.text).toContain(orderMails.cancelledPartRefunded("£154.00"));
    expect(mail.text).not.toContain("has not been refunded yet");
  });
});

describe("the refund e-mail", () => {
  it("says what came back, why, how much so far, and links the order like the other e-mails", () => {
    const mail = orderRefundedMail(order({ paymentStatus: "partially_refunded", refundedPence: 5_000 }), 5_000, "One tie returned", SHOP);
    expect(mail).toMatchObject({ orderId: ID, to: "ama@example.com", subject: adminRefunds.mailSubject(NUMBER) });
    expect(mail.text).toContain(orderMails.refundedPart("£50.00", NUMBER));
    expect(mail.text).toContain(orderMails.refundReason("One tie returned"));
    expect(mail.text).toContain(orderMails.refundedSoFar("£50.00", "£220.00"));
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.text.endsWith(orderMails.signOff(SHOP.name))).toBe(true);
  });

  it("calls a single refund of everything a refund in full", () => {
    const mail = orderRefundedMail(order({ paymentStatus: "refunded", refundedPence: 22_000 }), 22_000, "Cancelled", SHOP);
    expect(mail.text).toContain(orderMails.refundedInFull(NUMBER, "£220.00"));
  });

  it("says a refund that completes an earlier part refund leaves the order refunded in full", () => {
    const mail = orderRefundedMail(order({ paymentStatus: "refunded", refundedPence: 22_000 }), 17_000, "The rest returned", SHOP);
    expect(mail.text).toContain(orderMails.refundedRest("£170.00", NUMBER));
    expect(mail.text).not.toContain(orderMails.refundedPart("£170.00", NUMBER));
  });
});

describe("how every order e-mail closes", () => {
  it("gives the shop's e-mail and contact form, then its name and postal address, so the shopper knows who wrote and how to answer", () => {
    const shop = { ...SHOP, contactEmail: "help@kofi.example", address: ["Kọ́fí & Sons <London>", "1 Savile Row", "London W1S 3PR", "United Kingdom"] };
    const mail = orderConfirmationMail(order(), ITEMS, shop, null);
    expect(mail.text).toContain(`${orderMails.helpByEmail("help@kofi.example")} ${orderMails.contactForm}: https://shop.example.com/contact`);
    // The address block's first line is the shop's name: it is not said twice.
    expect(mail.text.endsWith(`${orderMails.signOff(shop.name)}\nKọ́fí & Sons <London>, 1 Savile Row, London W1S 3PR, United Kingdom`)).toBe(true);
    expect(mail.html).toContain(`<a href="https://shop.example.com/contact">${orderMails.contactForm}</a>`);
    expect(mail.html).toContain("Kọ́fí &#38; Sons &#60;London&#62;, 1 Savile Row, London W1S 3PR, United Kingdom</p>");
  });

  it("without an e-mail or an address set, points to the contact form and adds no address line", () => {
    const mail = orderShippedMail(order(), ITEMS, { carrier: null, trackingNumber: null }, { name: "Menswear Shop", publicUrl: null });
    expect(mail.text.endsWith(`${orderMails.helpByForm}\n\n${orderMails.signOff("Menswear Shop")}`)).toBe(true);
  });
});

describe("the shop's notice of a new order", () => {
  it("says who paid how much for what, where it goes, and links the order's page in the back office", () => {
    const mail = newOrderNoticeMail(order(), ITEMS, SHOP, "help@kofi.example");
    expect(mail).toMatchObject({ to: "help@kofi.example", subject: orderMails.newOrderSubject(NUMBER, "£220.00") });
    // Not tied to the order: its timeline lists what the customer was sent.
    expect(mail.orderId).toBeUndefined();
    expect(mail.text).toContain(orderMails.newOrderIntro("Ama Owusu (ama@example.com)", NUMBER, "£220.00"));
    expect(mail.text).toContain("- 2 x Navy Wool Suit (40R, Navy)");
    expect(mail.text).toContain(`${orderMails.newOrderOpen}: https://shop.example.com/admin/orders/${ID}`);
    expect(mail.html).toContain(`<a href="https://shop.example.com/admin/orders/${ID}">${orderMails.newOrderOpen}</a>`);
  });

  it("names the customer's address as they typed it, a domain in its own script", () => {
    const email = "kofi@xn--bcher-kva.de";
    const mail = newOrderNoticeMail(order({ customer: { firstName: "", lastName: "", email }, customerEmail: email }), ITEMS, SHOP, "help@kofi.example");
    expect(mail.text).toContain(orderMails.newOrderIntro("kofi@bücher.de (kofi@bücher.de)", NUMBER, "£220.00"));
    expect(mail.text).not.toContain("xn--");
  });
});
