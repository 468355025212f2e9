// The e-mails an order sends its buyer: confirmed (paid), not fulfilled (a payment the shop
// refused, decision 013), shipped, cancelled and refunded. Composed in one place so the item lines, the order lookup
// link and the shop's sign-off read the same in every one of them, and in the text and the HTML
// part alike. The callers queue them in the transaction of the change that causes them
// (outbox.server.ts), so a mail goes out exactly when the change commits.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { knownCarrier, trackingUrl } from "../../domain/carrier-tracking.ts";
import { CANCELLATION_RIGHT_DAYS } from "../../domain/consumer-rights.ts";
import { emailForDisplay } from "../../domain/email-display.ts";
import { adminFulfilment, adminRefunds } from "../../domain/messages/admin.ts";
import { orderMails as texts } from "../../domain/messages/order-mails.ts";
import { discountLabel } from "../../domain/messages/discount-label.ts";
import { formatGbp } from "../../domain/money.ts";
import { formatOrderNumber } from "../../domain/order-number.ts";
import { deliveryAddressLine, orderContactEmail, recipientName } from "../../domain/orders.ts";
import { personName } from "../../domain/person-name.ts";
import { refundedMailReason, type RefundReason } from "../../domain/payment-refusals.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { mailOutbox, orderItems, type orders } from "../db/schema.ts";
import { readStoredShopSettings } from "../settings/shop-settings.server.ts";
import { queueMail, type OutgoingMail } from "./outbox.server.ts";

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type ItemLine = Pick<OrderItemRow, "quantity" | "productName" | "selectedSize" | "selectedColor">;

/**
 * What an order e-mail says of the shop: its name (/admin/settings) for the sign-off, and its
 * public origin (PUBLIC_URL) for links; without one, the mail names the lookup page instead.
 */
export type MailingShop = {
  name: string;
  publicUrl: string | null;
  /** The shop's contact e-mail from /admin/settings (replies go there too), or null. */
  contactEmail?: string | null;
  /** The shop's postal address from /admin/settings, one entry per line, or null. */
  address?: readonly string[] | null;
};

/** The shop as its order e-mails name it, read in the caller's transaction from /admin/settings. */
export async function readMailingShop(tx: DbOrTx, publicUrl: string | null): Promise<MailingShop> {
  const stored = await readStoredShopSettings(tx);
  return { name: stored.shopName, publicUrl, contactEmail: stored.contactEmail, address: stored.senderAddress };
}

export type Shipment = { carrier: string | null; trackingNumber: string | null };

/** An address on the shop's public origin, or null where none is known to link from. */
function shopPage(publicUrl: string | null, path: string): string | null {
  return publicUrl ? `${publicUrl.replace(/\/+$/, "")}${path}` : null;
}

/** The order lookup page with the order number filled in: the shopper adds only the e-mail. */
export function orderLookupUrl(publicUrl: string, orderNumber: string): string {
  return shopPage(publicUrl, `/orders/lookup?order=${encodeURIComponent(orderNumber)}`)!;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** "2 x Navy Wool Suit (40R, Navy)": how every order e-mail names a line. */
export function orderItemLine(item: ItemLine): string {
  const options = [item.selectedSize, item.selectedColor].filter(Boolean).join(", ");
  return `${item.quantity} x ${item.productName}${options ? ` (${options})` : ""}`;
}

/** A sentence of the HTML part with its one value in bold: "Thank you for your order <strong>#1A2B3C4D</strong>." */
function withStrong(sentence: (value: string) => string, value: string): string {
  const slot = "\u0000";
  return escapeHtml(sentence(slot)).replace(slot, `<strong>${escapeHtml(value)}</strong>`);
}

// The text's dark colour comes with its own white ground: a mail app that paints a dark background
// would otherwise show dark text on it.
function htmlPage(body: string[]): string {
  return [
    `<!doctype html><html lang="en-GB"><body style="margin:0;background-color:#ffffff">`,
    `<div style="font-family:Arial,Helvetica,sans-serif;color:#1f1a17;background-color:#ffffff;line-height:1.5;padding:16px">`,
    ...body,
    `</div></body></html>`,
  ].join("\n");
}

/**
 * What closes every order e-mail: the lookup link, how to reach the shop, the sign-off, and the
 * shop's name and address, so the shopper always knows who wrote and how to answer (a distance
 * sale's confirmation must give the trader's identity and address).
 */
function closing(shop: MailingShop, number: string, signOff: (name: string) => string = texts.signOff): { text: string[]; html: string[] } {
  const lookup = shop.publicUrl ? orderLookupUrl(shop.publicUrl, number) : null;
  const contactPage = shopPage(shop.publicUrl, "/contact");
  const help = shop.contactEmail ? texts.helpByEmail(shop.contactEmail) : texts.helpByForm;
  // The address block usually starts with the shop's name: it is not said twice.
  const addressLines = (shop.address ?? []).filter((line, index) => !(index === 0 && line.trim() === shop.name.trim()));
  const identity = [shop.name, ...addressLines].join(", ");
  return {
    text: [
      lookup ? `${texts.lookup}: ${lookup}` : `${texts.lookup} ${texts.lookupPage}.`,
      ``,
      contactPage ? `${help} ${texts.contactForm}: ${contactPage}` : help,
      ``,
      signOff(shop.name),
      ...(addressLines.length > 0 ? [identity] : []),
    ],
    html: [
      lookup
        ? `<p>${escapeHtml(texts.lookup)}: <a href="${escapeHtml(lookup)}">${escapeHtml(texts.lookupLink(number))}</a>.</p>`
        : `<p>${escapeHtml(`${texts.lookup} ${texts.lookupPage}.`)}</p>`,
      `<p>${escapeHtml(help)}${contactPage ? ` <a href="${escapeHtml(contactPage)}">${escapeHtml(texts.contactForm)}</a>` : ""}</p>`,
      `<p>${escapeHtml(signOff(shop.name))}</p>`,
      ...(addressLines.length > 0 ? [`<p style="font-size:12px;color:#6b625a">${escapeHtml(identity)}</p>`] : []),
    ],
  };
}

/** The order e-mail, as text and HTML: the lines, the totals, where it goes and the lookup link (issue 15, item 15). */
export function orderConfirmationMail(
  order: OrderRow,
  items: (ItemLine & Pick<OrderItemRow, "unitPricePence">)[],
  shop: MailingShop,
  /** The code behind the order's discount, as the checkout named it; null when it is gone. */
  discountCode: string | null,
): OutgoingMail {
  const number = formatOrderNumber(order.id);
  const lines = items.map((item) => ({
    text: item.quantity > 1 ? `${orderItemLine(item)}, ${texts.each(formatGbp(item.unitPricePence))}` : orderItemLine(item),
    amount: formatGbp(item.unitPricePence * item.quantity),
  }));
  // Who the parcel is for comes first: for a gift or a Buy Now it is not the buyer greeted above.
  const delivering = [recipientName(order.shippingAddress), deliveryAddressLine(order.shippingAddress)].filter(Boolean).join(", ") || null;
  // An order with nothing to pay took no payment, so the greeting does not claim one.
  const intro = (value: string) => texts.confirmedIntro(value, order.totalAmountPence === 0);
  const totals: [string, string][] = [
    [texts.subtotal, formatGbp(order.subtotalPence)],
    ...(order.discountPence > 0 ? [[discountLabel(discountCode), `-${formatGbp(order.discountPence)}`] as [string, string]] : []),
    [texts.shipping(order.shippingMethod), order.shippingPence === 0 ? texts.freeShipping : formatGbp(order.shippingPence)],
    [texts.totalPaid, formatGbp(order.totalAmountPence)],
  ];
  const end = closing(shop, number);
  const terms = shopPage(shop.publicUrl, "/terms");
  const text = [
    texts.greeting(order.customer.firstName),
    ``,
    intro(number),
    ``,
    ...lines.map((line) => `- ${line.text}: ${line.amount}`),
    ``,
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    ``,
    ...(delivering ? [texts.deliveringTo(delivering), ``] : []),
    texts.cancelRight(CANCELLATION_RIGHT_DAYS),
    terms ? `${texts.termsLink}: ${terms}` : texts.termsPage,
    ``,
    ...end.text,
  ].join("\n");
  // The amount's cell keeps its distance from the line's text ("Suit (42R)£557.20" ran together).
  const cell = 'style="padding:4px 0"';
  const amountCell = 'style="padding:4px 0 4px 16px"';
  const html = htmlPage([
    `<p>${escapeHtml(texts.greeting(order.customer.firstName))}</p>`,
    `<p>${withStrong(intro, number)}</p>`,
    `<table role="presentation" style="border-collapse:collapse;min-width:280px">`,
    ...lines.map((line) => `<tr><td ${cell}>${escapeHtml(line.text)}</td><td ${amountCell} align="right">${escapeHtml(line.amount)}</td></tr>`),
    ...totals.map(([label, amount], index) => {
      const weight = index === totals.length - 1 ? "font-weight:bold;" : "";
      return `<tr><td style="${weight}padding:4px 0;border-top:1px solid #e7e2dc">${escapeHtml(label)}</td><td style="${weight}padding:4px 0 4px 16px;border-top:1px solid #e7e2dc" align="right">${escapeHtml(amount)}</td></tr>`;
    }),
    `</table>`,
    ...(delivering ? [`<p>${escapeHtml(texts.deliveringTo(delivering))}</p>`] : []),
    `<p>${escapeHtml(texts.cancelRight(CANCELLATION_RIGHT_DAYS))} ${
      terms ? `${escapeHtml(texts.termsLink)}: <a href="${escapeHtml(terms)}">${escapeHtml(terms)}</a>.` : escapeHtml(texts.termsPage)
    }</p>`,
    ...end.html,
  ]);
  return { orderId: order.id, to: order.customer.email, subject: texts.confirmedSubject(number), text, html };
}

/**
 * The shop's own notice of a paid order, to `to` (its contact e-mail): who, what, where it goes and
 * the link to the order's page, so nobody has to keep the back office open to see an order come in.
 * Not tied to the order (no `orderId`): the order's timeline lists what its customer was sent.
 */
export function newOrderNoticeMail(order: OrderRow, items: ItemLine[], shop: MailingShop, to: string): OutgoingMail {
  const number = formatOrderNumber(order.id);
  const total = formatGbp(order.totalAmountPence);
  const email = emailForDisplay(order.customer.email);
  const customer = personName(order.customer) || email;
  const intro = texts.newOrderIntro(`${customer} (${email})`, number, total);
  const delivering = [recipientName(order.shippingAddress), deliveryAddressLine(order.shippingAddress)].filter(Boolean).join(", ") || null;
  const page = shopPage(shop.publicUrl, `/admin/orders/${order.id}`);
  const lines = items.map(orderItemLine);
  const text = [
    intro,
    ``,
    ...lines.map((line) => `- ${line}`),
    ``,
    texts.shipping(order.shippingMethod),
    ...(delivering ? [texts.deliveringTo(delivering)] : []),
    ...(page ? [``, `${texts.newOrderOpen}: ${page}`] : []),
  ].join("\n");
  const html = htmlPage([
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>`,
    ...lines.map((line) => `<li>${escapeHtml(line)}</li>`),
    `</ul>`,
    `<p>${escapeHtml(texts.shipping(order.shippingMethod))}${delivering ? `<br>${escapeHtml(texts.deliveringTo(delivering))}` : ""}</p>`,
    ...(page ? [`<p><a href="${escapeHtml(page)}">${escapeHtml(texts.newOrderOpen)}</a></p>`] : []),
  ]);
  return { to, subject: texts.newOrderSubject(number, total), text, html };
}

/** A paid order the shop cannot honour (decision 013): why, and that the money is on its way back. */
export function orderNotFulfilledMail(order: OrderRow, reason: RefundReason, shop: MailingShop): OutgoingMail {
  const number = formatOrderNumber(order.id);
  const name = order.customer.firstName;
  const refund = `${texts.refundingInFull(formatGbp(order.totalAmountPence))} ${texts.refundToCard}`;
  const end = closing(shop, number, texts.regards);
  return {
    orderId: order.id,
    to: order.customer.email,
    subject: texts.notFulfilledSubject(number),
    text: [texts.greeting(name), ``, texts.notFulfilledIntro(number, refundedMailReason(reason)), refund, ``, texts.sorry, ``, ...end.text].join("\n"),
    html: htmlPage([
      `<p>${escapeHtml(texts.greeting(name))}</p>`,
      `<p>${escapeHtml(texts.notFulfilledIntro(number, refundedMailReason(reason)))}</p>`,
      `<p>${escapeHtml(refund)}</p>`,
      `<p>${escapeHtml(texts.sorry)}</p>`,
      ...end.html,
    ]),
  };
}

/**
 * The carrier and tracking number lines a shipment has, each only when given, and the link to the
 * carrier's tracking page when the carrier is one the shop knows.
 */
function trackingLines(shipment: Shipment): { text: string[]; html: string[] } {
  const lines = [shipment.carrier ? texts.carrier(shipment.carrier) : null, shipment.trackingNumber ? texts.trackingNumber(shipment.trackingNumber) : null].filter(
    (line): line is string => line !== null,
  );
  const url = trackingUrl(shipment.carrier, shipment.trackingNumber);
  const carrierName = knownCarrier(shipment.carrier)?.name ?? "";
  return {
    text: url ? [...lines, `${texts.trackParcel(carrierName)}: ${url}`] : lines,
    html: url ? [...lines.map(escapeHtml), `<a href="${escapeHtml(url)}">${escapeHtml(texts.trackParcel(carrierName))}</a>`] : lines.map(escapeHtml),
  };
}

/**
 * The order is on its way: what is in the parcel, the carrier and tracking number when the admin
 * gave them, and the lookup link. Units a refund put back in stock (decision 035) stayed in the
 * shop, so they are not listed.
 */
export function orderShippedMail(order: OrderRow, items: (ItemLine & Pick<OrderItemRow, "restockedQuantity">)[], shipment: Shipment, shop: MailingShop): OutgoingMail {
  const number = formatOrderNumber(order.id);
  // Orders written before the customer's keys were settled may lack a first name (admin.md section 3).
  const name = order.customer?.firstName?.trim();
  const parcel = items
    .map((item) => ({ ...item, quantity: item.quantity - item.restockedQuantity }))
    .filter((item) => item.quantity > 0)
    .map(orderItemLine);
  const tracking = trackingLines(shipment);
  const end = closing(shop, number);
  const text = [
    texts.greeting(name),
    ``,
    texts.shippedIntro(number),
    ...(parcel.length > 0 ? [``, texts.shippedItems, ...parcel.map((line) => `- ${line}`)] : []),
    ...(tracking.text.length > 0 ? [``, ...tracking.text] : []),
    ``,
    ...end.text,
  ].join("\n");
  const html = htmlPage([
    `<p>${escapeHtml(texts.greeting(name))}</p>`,
    `<p>${withStrong(texts.shippedIntro, number)}</p>`,
    ...(parcel.length > 0 ? [`<p>${escapeHtml(texts.shippedItems)}</p>`, `<ul>`, ...parcel.map((line) => `<li>${escapeHtml(line)}</li>`), `</ul>`] : []),
    ...(tracking.html.length > 0 ? [`<p>${tracking.html.join("<br>")}</p>`] : []),
    ...end.html,
  ]);
  return { orderId: order.id, to: orderContactEmail(order), subject: adminFulfilment.shippedMailSubject(number), text, html };
}

/**
 * The shop corrected a shipped order's carrier or tracking number: the new details, and the lookup
 * link, without the "on its way" news the customer already had.
 */
export function orderTrackingUpdatedMail(order: OrderRow, shipment: Shipment, shop: MailingShop): OutgoingMail {
  const number = formatOrderNumber(order.id);
  const name = order.customer?.firstName?.trim();
  // A correction that removed the number says so, rather than showing the carrier alone.
  const lines = trackingLines(shipment);
  const noNumber = shipment.trackingNumber ? [] : [texts.noTracking];
  const end = closing(shop, number);
  const text = [texts.greeting(name), ``, texts.trackingUpdatedIntro(number), ``, ...lines.text, ...noNumber, ``, ...end.text].join("\n");
  const html = htmlPage([
    `<p>${escapeHtml(texts.greeting(name))}</p>`,
    `<p>${withStrong(texts.trackingUpdatedIntro, number)}</p>`,
    `<p>${[...lines.html, ...noNumber.map(escapeHtml)].join("<br>")}</p>`,
    ...end.html,
  ]);
  return { orderId: order.id, to: orderContactEmail(order), subject: adminFulfilment.trackingUpdatedMailSubject(number), text, html };
}

/**
 * The shop cancelled a paid order: it will not be sent, and whether the money is already back.
 * The refund itself sends its own e-mail, with the amount and the reason.
 */
export function orderCancelledMail(order: OrderRow, shop: MailingShop, alreadySent = false): OutgoingMail {
  const number = formatOrderNumber(order.id);
  const name = order.customer?.firstName?.trim();
  const refunded = order.refundedPence >= order.totalAmountPence && order.totalAmountPence > 0;
  const payment = refunded
    ? texts.cancelledRefunded(formatGbp(order.refundedPence))
    : order.refundedPence > 0
      ? texts.cancelledPartRefunded(formatGbp(order.refundedPence))
      : texts.cancelledPaymentOpen(formatGbp(order.totalAmountPence));
  const end = closing(shop, number, texts.regards);
  const intro = alreadySent ? texts.cancelledAfterSending : texts.cancelledIntro;
  const text = [texts.greeting(name), ``, intro(number), payment, ``, ...end.text].join("\n");
  const html = htmlPage([
    `<p>${escapeHtml(texts.greeting(name))}</p>`,
    `<p>${withStrong(intro, number)} ${escapeHtml(payment)}</p>`,
    ...end.html,
  ]);
  return { orderId: order.id, to: orderContactEmail(order), subject: texts.cancelledSubject(number), text, html };
}

/** A cancelled order going ahead after all: said to a customer who was told it was cancelled. */
export function orderBackOnMail(order: OrderRow, shop: MailingShop): OutgoingMail {
  const number = formatOrderNumber(order.id);
  const name = order.customer?.firstName?.trim();
  const end = closing(shop, number);
  const text = [texts.greeting(name), ``, texts.backOnIntro(number), ``, ...end.text].join("\n");
  const html = htmlPage([`<p>${escapeHtml(texts.greeting(name))}</p>`, `<p>${withStrong(texts.backOnIntro, number)}</p>`, ...end.html]);
  return { orderId: order.id, to: orderContactEmail(order), subject: texts.backOnSubject(number), text, html };
}

/**
 * Queues the going-ahead e-mail in the caller's transaction when the last the customer heard of a
 * cancel was that the order is cancelled (a cancel e-mail not yet followed by a going-ahead one);
 * nothing otherwise: they were told nothing to undo.
 */
export async function queueBackOnMailIfTold(tx: DbOrTx, order: OrderRow, publicUrl: string | null = null): Promise<boolean> {
  const number = formatOrderNumber(order.id);
  const [last] = await tx
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, order.id), inArray(mailOutbox.subject, [texts.cancelledSubject(number), texts.backOnSubject(number)])))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (last?.subject !== texts.cancelledSubject(number)) return false;
  await queueMail(tx, orderBackOnMail(order, await readMailingShop(tx, publicUrl)));
  return true;
}

/** A refund of `amountPence` (the order's refundedPence already counts it), with why and how much has gone back so far. */
export function orderRefundedMail(order: OrderRow, amountPence: number, reason: string, shop: MailingShop): OutgoingMail {
  const number = formatOrderNumber(order.id);
  const name = order.customer?.firstName?.trim();
  const complete = order.refundedPence >= order.totalAmountPence;
  const intro = !complete
    ? texts.refundedPart(formatGbp(amountPence), number)
    : order.refundedPence === amountPence
      ? texts.refundedInFull(number, formatGbp(amountPence))
      : texts.refundedRest(formatGbp(amountPence), number);
  const soFar = texts.refundedSoFar(formatGbp(order.refundedPence), formatGbp(order.totalAmountPence));
  const end = closing(shop, number);
  const text = [texts.greeting(name), ``, intro, texts.refundReason(reason), ``, soFar, texts.refundToCard, ``, ...end.text].join("\n");
  const html = htmlPage([
    `<p>${escapeHtml(texts.greeting(name))}</p>`,
    `<p>${escapeHtml(intro)}<br>${escapeHtml(texts.refundReason(reason))}</p>`,
    `<p>${escapeHtml(soFar)} ${escapeHtml(texts.refundToCard)}</p>`,
    ...end.html,
  ]);
  return { orderId: order.id, to: orderContactEmail(order), subject: adminRefunds.mailSubject(number), text, html };
}

/**
 * Queues the shipped e-mail in the caller's transaction, with the order's lines and the shop's
 * name as they are now. `publicUrl` is the shop's origin for the lookup link; without it the mail
 * names the lookup page.
 */
export async function queueShippedMail(tx: DbOrTx, order: OrderRow, shipment: Shipment, publicUrl: string | null = null): Promise<string> {
  // In the order the admin's order page lists them (itemsByOrder).
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id));
  return queueMail(tx, orderShippedMail(order, items, shipment, await readMailingShop(tx, publicUrl)));
}

/** Queues the tracking-updated e-mail in the caller's transaction, signed with the shop's name as it is now. */
export async function queueTrackingUpdatedMail(tx: DbOrTx, order: OrderRow, shipment: Shipment, publicUrl: string | null = null): Promise<string> {
  return queueMail(tx, orderTrackingUpdatedMail(order, shipment, await readMailingShop(tx, publicUrl)));
}

/**
 * Queues the cancelled e-mail in the caller's transaction, signed with the shop's name as it is now;
 * `alreadySent`: the order was shipped or delivered when it was cancelled.
 */
export async function queueCancelledMail(tx: DbOrTx, order: OrderRow, publicUrl: string | null = null, alreadySent = false): Promise<string> {
  return queueMail(tx, orderCancelledMail(order, await readMailingShop(tx, publicUrl), alreadySent));
}
