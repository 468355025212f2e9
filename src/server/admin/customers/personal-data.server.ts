// A shopper's personal data, found by their e-mail address wherever the shop keeps it
// (docs/data-model.md "Personal data"): the owner's download of all of it (subject access), and
// its erasure, which keeps the orders for the shop's accounts without the person in them. The
// rules (what is kept, when erasure waits) are src/domain/admin/personal-data.ts.
import { readdir, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, or, sql, type AnyColumn } from "drizzle-orm";
import {
  confirmsErasure,
  ERASED_EMAIL,
  erasedCustomer,
  erasedShippingAddress,
  erasureBlockers,
  erasureNeedles,
  erasureRefusalMessage,
  holdsAddress,
  PERSONAL_DATA_FORMAT,
  personalValuesIn,
  redactJson,
  redactText,
  type ErasureBlocker,
  type ErasureSummary,
} from "../../../domain/admin/personal-data.ts";
import { emailKey } from "../../../domain/email-addresses.ts";
import { adminCustomers } from "../../../domain/messages/admin.ts";
import { formatOrderNumber } from "../../../domain/order-number.ts";
import { personName } from "../../../domain/person-name.ts";
import type { Database, DbOrTx } from "../../db/client.server.ts";
import {
  account,
  adminAuditLog,
  adminJobs,
  adminUsers,
  cartItems,
  contactMessages,
  discountCodes,
  localPaymentSessions,
  mailOutbox,
  orderItems,
  orderRefunds,
  orders,
  products,
  profiles,
  rateLimit,
  session,
  user,
  verification,
} from "../../db/schema.ts";
import { lockPerson } from "../../orders/person-lock.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";


const lowerEquals = (column: AnyColumn, email: string) => sql`lower(${column}) = ${email}`;
/**
 * Whether a JSON or text column may hold the address (position(): an address may hold LIKE's "_").
 * Only a first sift: "john@x.com" is also inside "big.john@x.com", so each row found is judged
 * again by mentionsWhole before it is shown or changed.
 */
const mentions = (column: AnyColumn, email: string) => sql`position(${email} in lower(${column}::text)) > 0`;
/** The same sift for an address someone typed into free text, whose domain may be in another script: by "local@" alone. */
const mentionsAddress = (column: AnyColumn, email: string) => mentions(column, email.slice(0, email.lastIndexOf("@") + 1));
const mentionsWhole = (value: unknown, email: string) => value !== null && value !== undefined && holdsAddress(typeof value === "string" ? value : JSON.stringify(value), email);

async function accountOf(db: DbOrTx, email: string) {
  const [row] = await db.select().from(user).where(lowerEquals(user.email, email)).limit(1);
  return row ?? null;
}

/**
 * The person's account, locked, with no checkout of theirs under way: a checkout writing an order
 * for their address holds lockPerson until it commits, and one writing an order for their account
 * holds the account's row (its foreign key) until then. One that starts later waits for the
 * erasure, then finds the account gone (refused as signed out) or writes a new order of its own.
 */
async function holdPerson(tx: DbOrTx, email: string) {
  await lockPerson(tx, email);
  const [row] = await tx.select().from(user).where(lowerEquals(user.email, email)).limit(1).for("update");
  return row ?? null;
}

/** The person's orders: placed with their e-mail, or from their account under another one. */
function ordersOf(db: DbOrTx, email: string, userId: string | null) {
  const byEmail = eq(orders.customerEmail, email);
  return db
    .select()
    .from(orders)
    .where(userId ? or(byEmail, eq(orders.userId, userId)) : byEmail)
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

async function auditEntriesAbout(db: DbOrTx, email: string, orderIds: string[]) {
  const entries = await db
    .select()
    .from(adminAuditLog)
    .where(
      or(
        orderIds.length > 0 ? and(eq(adminAuditLog.subjectType, "order"), inArray(adminAuditLog.subjectId, orderIds)) : undefined,
        lowerEquals(adminAuditLog.subjectId, email),
        mentionsAddress(adminAuditLog.subjectId, email),
        mentionsAddress(adminAuditLog.before, email),
        mentionsAddress(adminAuditLog.after, email),
      ),
    )
    .orderBy(asc(adminAuditLog.createdAt), asc(adminAuditLog.id));
  return entries.filter(
    (entry) =>
      isAboutTheirOrders(entry, orderIds) ||
      (entry.subjectId !== null && emailKey(entry.subjectId) === email) ||
      mentionsWhole(entry.before, email) ||
      mentionsWhole(entry.after, email),
  );
}

const isAboutTheirOrders = (entry: { subjectType: string; subjectId: string | null }, orderIds: readonly string[]) =>
  entry.subjectType === "order" && entry.subjectId !== null && orderIds.includes(entry.subjectId);

/**
 * The shop's own attempt counters that name the person: keyed "shop:<rule>:<address>", the sign-in
 * throttle "shop:<rule>:<address>|<network>", and those of their account "shop:<rule>:<user id>"
 * (src/server/security/rate-limit.server.ts). better-auth's own counters are keyed by network only.
 */
function countersOf(db: DbOrTx, email: string, userId: string | null) {
  const key = sql`lower(${rateLimit.key})`;
  const tail = `:${email}`;
  return db
    .select()
    .from(rateLimit)
    .where(
      and(
        sql`${rateLimit.key} like 'shop:%'`,
        or(
          sql`right(${key}, ${tail.length}) = ${tail}`,
          sql`position(${`${tail}|`} in ${key}) > 0`,
          userId ? sql`right(${rateLimit.key}, ${userId.length + 1}) = ${`:${userId}`}` : undefined,
        ),
      ),
    )
    .orderBy(asc(rateLimit.key));
}

/** Sign-in tokens (an e-mail change, a reset) naming the address or their account. */
async function tokensOf(db: DbOrTx, email: string, userId: string | null) {
  const tokens = await db
    .select({ id: verification.id, identifier: verification.identifier, value: verification.value, createdAt: verification.createdAt, expiresAt: verification.expiresAt })
    .from(verification)
    .where(or(userId ? eq(verification.value, userId) : undefined, mentions(verification.identifier, email), mentions(verification.value, email)));
  return tokens.filter((token) => (userId !== null && token.value === userId) || mentionsWhole(token.identifier, email) || mentionsWhole(token.value, email));
}

/** Background jobs whose text names the address (an import's report, a failed job's error). */
async function jobsAbout(db: DbOrTx, email: string) {
  const jobs = await db
    .select()
    .from(adminJobs)
    .where(or(mentionsAddress(adminJobs.payload, email), mentionsAddress(adminJobs.result, email), mentionsAddress(adminJobs.error, email)))
    .orderBy(asc(adminJobs.createdAt));
  return jobs.filter((row) => mentionsWhole(row.payload, email) || mentionsWhole(row.result, email) || mentionsWhole(row.error, email));
}

/** What the person did in the back office while they were one of its admins: the trail keeps who acted (kept by erasure). */
function actionsTakenBy(db: DbOrTx, email: string) {
  return db
    .select({ action: adminAuditLog.action, subjectType: adminAuditLog.subjectType, createdAt: adminAuditLog.createdAt })
    .from(adminAuditLog)
    .where(lowerEquals(adminAuditLog.adminEmail, email))
    .orderBy(asc(adminAuditLog.createdAt));
}

function mailsAbout(db: DbOrTx, email: string, orderIds: string[]) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      or(
        lowerEquals(mailOutbox.toAddress, email),
        lowerEquals(mailOutbox.replyTo, email),
        orderIds.length > 0 ? inArray(mailOutbox.orderId, orderIds) : undefined,
        mentionsAddress(mailOutbox.textBody, email),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .then((mails) =>
      mails.filter(
        (mail) =>
          emailKey(mail.toAddress) === email ||
          (mail.replyTo !== null && emailKey(mail.replyTo) === email) ||
          (mail.orderId !== null && orderIds.includes(mail.orderId)) ||
          holdsAddress(mail.textBody, email),
      ),
    );
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Everything the shop holds about one person, as the owner's download gives it (docs/api.md
 * "Customer data"). Secrets are left out (password hashes, session tokens, two-factor secrets):
 * they are the shop's keys, not information about the person. Null when nothing is held.
 */
export async function personalDataOf(db: Database, rawEmail: string) {
  const email = emailKey(rawEmail);
  const found = await accountOf(db, email);
  const orderRows = await ordersOf(db, email, found?.id ?? null);
  const orderIds = orderRows.map((order) => order.id);
  const codeIds = orderRows.map((order) => order.discountCodeId).filter((id): id is string => id !== null);
  const [profile, sessions, signIns, cart, items, refunds, codes, payments, messages, mails, audit, counters, tokens, jobs, actionsTaken] = await Promise.all([
    found ? db.select().from(profiles).where(eq(profiles.id, found.id)) : [],
    found ? db.select().from(session).where(eq(session.userId, found.id)).orderBy(asc(session.createdAt)) : [],
    found ? db.select({ providerId: account.providerId, createdAt: account.createdAt }).from(account).where(eq(account.userId, found.id)) : [],
    found
      ? db
          .select({ product: products.name, quantity: cartItems.quantity, size: cartItems.selectedSize, colour: cartItems.selectedColor, addedAt: cartItems.createdAt })
          .from(cartItems)
          .leftJoin(products, eq(products.id, cartItems.productId))
          .where(eq(cartItems.userId, found.id))
      : [],
    orderIds.length > 0 ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.createdAt), asc(orderItems.id)) : [],
    orderIds.length > 0 ? db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, orderIds)).orderBy(asc(orderRefunds.createdAt)) : [],
    codeIds.length > 0 ? db.select({ id: discountCodes.id, code: discountCodes.code }).from(discountCodes).where(inArray(discountCodes.id, codeIds)) : [],
    orderIds.length > 0 ? db.select().from(localPaymentSessions).where(inArray(localPaymentSessions.orderId, orderIds)) : [],
    db.select().from(contactMessages).where(lowerEquals(contactMessages.email, email)).orderBy(asc(contactMessages.createdAt)),
    mailsAbout(db, email, orderIds),
    auditEntriesAbout(db, email, orderIds),
    countersOf(db, email, found?.id ?? null),
    tokensOf(db, email, found?.id ?? null),
    jobsAbout(db, email),
    actionsTakenBy(db, email),
  ]);
  if (!holdsAnything({ found, orderRows, messages, mails, audit, counters, tokens, jobs, actionsTaken })) return null;
  const codeOf = new Map(codes.map((code) => [code.id, code.code]));
  const profileRow = profile[0];
  return {
    format: PERSONAL_DATA_FORMAT,
    email,
    generatedAt: new Date().toISOString(),
    account: found
      ? {
          name: found.name,
          email: found.email,
          emailVerified: found.emailVerified,
          twoFactorEnabled: found.twoFactorEnabled ?? false,
          createdAt: iso(found.createdAt),
          updatedAt: iso(found.updatedAt),
          profile: profileRow ? { firstName: profileRow.firstName, lastName: profileRow.lastName, phone: profileRow.phone } : null,
          signInMethods: signIns.map((signIn) => ({ provider: signIn.providerId, since: iso(signIn.createdAt) })),
          sessions: sessions.map((row) => ({ createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt), ipAddress: row.ipAddress, userAgent: row.userAgent })),
          cart: cart.map((line) => ({ product: line.product, quantity: line.quantity, size: line.size || null, colour: line.colour || null, addedAt: iso(line.addedAt) })),
        }
      : null,
    orders: orderRows.map((order) => {
      const payment = payments.find((row) => row.orderId === order.id);
      return {
        number: formatOrderNumber(order.id),
        id: order.id,
        placedAt: iso(order.createdAt),
        status: order.status,
        paymentStatus: order.paymentStatus,
        customer: order.customer,
        shippingAddress: order.shippingAddress,
        shippingMethod: order.shippingMethod,
        currency: order.currency,
        subtotalPence: order.subtotalPence,
        shippingPence: order.shippingPence,
        discountPence: order.discountPence,
        discountCode: order.discountCodeId ? (codeOf.get(order.discountCodeId) ?? null) : null,
        totalPence: order.totalAmountPence,
        refundedPence: order.refundedPence,
        paidAt: iso(order.paidAt),
        shippedAt: iso(order.shippedAt),
        carrier: order.carrier,
        trackingNumber: order.trackingNumber,
        items: items
          .filter((item) => item.orderId === order.id)
          .map((item) => ({ product: item.productName, size: item.selectedSize, colour: item.selectedColor, quantity: item.quantity, unitPricePence: item.unitPricePence })),
        refunds: refunds
          .filter((refund) => refund.orderId === order.id)
          .map((refund) => ({ amountPence: refund.amountPence, reason: refund.reason, status: refund.status, requestedAt: iso(refund.createdAt), completedAt: iso(refund.completedAt) })),
        // What the payment page asked for itself (Buy Now): name, phone, billing address.
        paymentPageDetails: payment?.collected ?? null,
      };
    }),
    contactMessages: messages.map((message) => ({
      sentAt: iso(message.createdAt),
      firstName: message.firstName,
      lastName: message.lastName,
      email: message.email,
      phone: message.phone,
      subject: message.subject,
      message: message.message,
    })),
    emails: mails.map((mail) => ({ to: mail.toAddress, subject: mail.subject, status: mail.status, queuedAt: iso(mail.createdAt), sentAt: iso(mail.sentAt), text: mail.textBody })),
    // What the shop's staff did about this person (an order's status, a note), as the trail keeps it.
    // A note on another customer's order that names their address is theirs too.
    staffActions: audit.map((entry) => ({
      action: entry.action,
      at: iso(entry.createdAt),
      subject: entry.subjectType,
      ...(entry.subjectType === "order" && entry.subjectId !== null ? { order: formatOrderNumber(entry.subjectId), theirOrder: isAboutTheirOrders(entry, orderIds) } : {}),
      before: entry.before,
      after: entry.after,
    })),
    // The shop's attempt counters (sign-in, password reset, contact form) that name them; the part
    // after their address is the network a sign-in came from.
    attemptCounters: counters.map((row) => ({ counter: row.key.replace(/^shop:/, ""), count: row.count, windowStartedAt: new Date(row.lastRequest).toISOString() })),
    // Links sent to them not yet used (an e-mail change, a password reset); the token itself is the shop's key.
    pendingLinks: tokens.map((token) => ({ purpose: token.identifier.split(":")[0] ?? "", createdAt: iso(token.createdAt), expiresAt: iso(token.expiresAt) })),
    backgroundJobs: jobs.map((job) => ({ kind: job.kind, status: job.status, createdAt: iso(job.createdAt), payload: job.payload, result: job.result, error: job.error })),
    // Kept by erasure: the trail keeps which admin did what.
    actionsAsAdmin: actionsTaken.map((entry) => ({ action: entry.action, subject: entry.subjectType, at: iso(entry.createdAt) })),
  };
}

/** Whether the shop holds anything at all about the person: "holds nothing" must be true when said. */
function holdsAnything(held: { found: unknown; [rows: string]: unknown }): boolean {
  return Object.values(held).some((value) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined));
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalDataOf>>>;

/** The owner's download, in the trail: who asked, for whom and when; never what it held. */
export async function recordPersonalDataExport(db: DbOrTx, admin: AdminViewer, data: PersonalData): Promise<void> {
  await recordAdminAction(db, {
    adminId: admin.userId,
    adminEmail: admin.email,
    action: "customer.data_exported",
    subjectType: "customer",
    subjectId: data.email,
    before: null,
    after: { orders: data.orders.length, account: data.account !== null },
  });
}

export type ErasureRefusal =
  | { ok: false; reason: "confirmation"; message: string }
  | { ok: false; reason: "not_found"; message: string }
  | { ok: false; reason: "admin"; message: string }
  | { ok: false; reason: "held"; message: string; orders: ErasureBlocker[] };

export type ErasureDone = { ok: true; summary: ErasureSummary };

export const erasureMessages = {
  confirmation: "Type the customer's e-mail address exactly to confirm the erasure.",
  notFound: adminCustomers.holdsNothing,
  admin: "This address belongs to an admin of the shop. Take away their admin rights first; an admin's account is not erased from Customers.",
};

/** Each piece of a person the shop holds, for finding them again in free text. */
function detailsOf(found: { name: string } | null, profile: { firstName: string; lastName: string; phone: string | null } | undefined, orderRows: (typeof orders.$inferSelect)[], messages: (typeof contactMessages.$inferSelect)[], payments: (typeof localPaymentSessions.$inferSelect)[]) {
  const names: string[] = [];
  const phones: string[] = [];
  const addressParts: string[] = [];
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  if (found) names.push(found.name);
  if (profile) {
    names.push(personName(profile));
    phones.push(profile.phone ?? "");
  }
  for (const order of orderRows) {
    names.push(personName(order.customer));
    phones.push(text(order.customer.phone));
    const address = order.shippingAddress;
    if (address) {
      names.push(personName(address));
      phones.push(text(address.phone));
      addressParts.push(text(address.address), text(address.postalCode));
    }
  }
  for (const message of messages) {
    names.push(personName(message));
    phones.push(message.phone ?? "");
  }
  for (const payment of payments) {
    const collected = payment.collected;
    if (!collected) continue;
    names.push(collected.name ?? "", collected.payer ?? "");
    phones.push(collected.phone ?? "");
    if (collected.address) addressParts.push(collected.address.line1, collected.address.line2 ?? "", collected.address.postalCode);
  }
  return { names, phones, addressParts };
}

/**
 * Erases one person's personal data in one transaction (docs/data-model.md "Personal data"):
 * their orders stay, for the shop's accounts, with the name, e-mail, phone and address replaced
 * (the delivery country kept); their account (sessions, sign-in, profile, cart) is deleted; their
 * contact messages and the mails to them go; their details are taken out of the audit trail and
 * jobs; their rate-limit counters go. Refused while an order still needs their details.
 */
export async function erasePersonalData(db: Database, admin: AdminViewer, rawEmail: string, typedConfirmation: string, now = new Date()): Promise<ErasureDone | ErasureRefusal> {
  const email = emailKey(rawEmail);
  if (!confirmsErasure(typedConfirmation, email)) return { ok: false, reason: "confirmation", message: erasureMessages.confirmation };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('shop.erasing_personal_data', 'on', true)`);
    const found = await holdPerson(tx, email);
    // Locked: a payment or a status change of these orders waits for the erasure, then sees it.
    const orderRows = await ordersOf(tx, email, found?.id ?? null).for("update");
    const orderIds = orderRows.map((order) => order.id);
    if (found) {
      const [isAdmin] = await tx.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, found.id));
      if (isAdmin) return { ok: false as const, reason: "admin" as const, message: erasureMessages.admin };
    }
    const pendingRefunds =
      orderIds.length > 0
        ? await tx.select({ orderId: orderRefunds.orderId }).from(orderRefunds).where(and(inArray(orderRefunds.orderId, orderIds), eq(orderRefunds.status, "pending")))
        : [];
    const refundPending = new Set(pendingRefunds.map((row) => row.orderId));
    const blockers = erasureBlockers(
      orderRows.map((order) => ({
        id: order.id,
        status: order.status,
        paymentStatus: order.paymentStatus,
        createdAt: order.createdAt,
        checkoutClosed: order.paymentFailedAt !== null || order.replacedBy !== null,
        // A refund the provider refused leaves the money owed until the owner gives it back.
        refundOutstanding: refundPending.has(order.id) || (order.refundError !== null && order.paymentStatus !== "refunded"),
      })),
      now,
    );
    if (blockers.length > 0) return { ok: false as const, reason: "held" as const, message: erasureRefusalMessage(blockers), orders: blockers };

    const [profile] = found ? await tx.select().from(profiles).where(eq(profiles.id, found.id)) : [];
    const messages = await tx.select().from(contactMessages).where(lowerEquals(contactMessages.email, email));
    const payments = orderIds.length > 0 ? await tx.select().from(localPaymentSessions).where(inArray(localPaymentSessions.orderId, orderIds)) : [];
    const mails = await mailsAbout(tx, email, orderIds);
    const audit = await auditEntriesAbout(tx, email, orderIds);
    const counters = await countersOf(tx, email, found?.id ?? null);
    const tokens = await tokensOf(tx, email, found?.id ?? null);
    const jobs = await jobsAbout(tx, email);
    // A former admin's own actions stay in the trail under their address, but they are held: not "nothing".
    const actionsTaken = await actionsTakenBy(tx, email);
    if (!holdsAnything({ found, orderRows, messages, mails, audit, counters, tokens, jobs, actionsTaken })) return { ok: false as const, reason: "not_found" as const, message: erasureMessages.notFound(email) };

    const details = detailsOf(found, profile, orderRows, messages, payments);
    // Whole values, not split into words: an old street's "16" must not take every 16 with it.
    const earlier = audit.flatMap((entry) => [...personalValuesIn(entry.before), ...personalValuesIn(entry.after)]);
    const needles = erasureNeedles({ email, ...details, addressParts: [...details.addressParts, ...earlier] });

    for (const order of orderRows) {
      // The cart a checkout came from names their browser's cookie or their account: kept, it would
      // tie these orders to the person again (their next order from the same browser). It only
      // matters while a checkout may still be paid, which erasure has waited out.
      await tx
        .update(orders)
        .set({ customer: erasedCustomer(), customerEmail: ERASED_EMAIL, shippingAddress: erasedShippingAddress(order.shippingAddress), checkoutCart: null, updatedAt: now })
        .where(eq(orders.id, order.id));
    }
    if (orderIds.length > 0) await tx.update(localPaymentSessions).set({ customerEmail: null, collected: null }).where(inArray(localPaymentSessions.orderId, orderIds));
    if (mails.length > 0) await tx.delete(mailOutbox).where(inArray(mailOutbox.id, mails.map((mail) => mail.id)));
    if (messages.length > 0) await tx.delete(contactMessages).where(inArray(contactMessages.id, messages.map((message) => message.id)));
    if (tokens.length > 0) await tx.delete(verification).where(inArray(verification.id, tokens.map((token) => token.id)));
    // Sessions, sign-in methods, two-factor, profile and cart go with it (foreign keys, on delete cascade).
    if (found) await tx.delete(user).where(eq(user.id, found.id));
    if (counters.length > 0) await tx.delete(rateLimit).where(inArray(rateLimit.id, counters.map((row) => row.id)));
    // An export of Orders keeps the owner's search, which may have been their name, phone or postcode.
    const aboutThem = new Set(audit.map((entry) => entry.id));
    const searches = (await tx.select().from(adminAuditLog).where(eq(adminAuditLog.subjectType, "orders"))).filter((entry) => !aboutThem.has(entry.id));
    let auditEntries = 0;
    for (const entry of [...audit, ...searches]) {
      // An entry about another customer's order (a note naming this person's address) loses the
      // address only: the names in it may be that other customer's.
      const theirs = isAboutTheirOrders(entry, orderIds) || entry.subjectType !== "order";
      const taken = theirs ? needles : [email];
      const redacted = {
        subjectId: entry.subjectId !== null && emailKey(entry.subjectId) === email ? null : entry.subjectId,
        before: redactJson(entry.before, taken),
        after: redactJson(entry.after, taken),
      };
      // An entry with nothing of theirs (a status change) is left as it was written.
      if (JSON.stringify(redacted) === JSON.stringify({ subjectId: entry.subjectId, before: entry.before, after: entry.after })) continue;
      await tx.update(adminAuditLog).set(redacted).where(eq(adminAuditLog.id, entry.id));
      auditEntries += 1;
    }
    // A refund's reason is typed by the owner, and may name the customer.
    const refundReasons = orderIds.length > 0 ? await tx.select({ id: orderRefunds.id, reason: orderRefunds.reason }).from(orderRefunds).where(inArray(orderRefunds.orderId, orderIds)) : [];
    for (const refund of refundReasons) {
      const reason = redactText(refund.reason, needles);
      if (reason !== refund.reason) await tx.update(orderRefunds).set({ reason }).where(eq(orderRefunds.id, refund.id));
    }
    for (const job of jobs) {
      await tx
        .update(adminJobs)
        .set({ payload: redactJson(job.payload, needles), result: redactJson(job.result, needles), error: job.error === null ? null : redactText(job.error, needles) })
        .where(eq(adminJobs.id, job.id));
    }
    const summary: ErasureSummary = { orders: orderIds, accountDeleted: found !== null, contactMessages: messages.length, mails: mails.length, auditEntries };
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "customer.personal_data_erased",
      subjectType: "customer",
      subjectId: null,
      before: null,
      after: summary,
    });
    return { ok: true as const, summary };
  });
}

/** The file transport's name for a mail: its time, its address made safe for a file name, a random tail. */
const MAIL_FILE_NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-(.+)-[a-z0-9]*\.eml$/;

/**
 * Mails the file transport wrote (DATA_DIR/outbox/*.eml, when no SMTP server is set) to or about
 * the person: their address is the file name's, or is in its text. Outside the transaction, after
 * it committed: a file cannot roll back. Returns how many went.
 */
export async function eraseMailFiles(outboxDir: string, rawEmail: string): Promise<number> {
  const email = emailKey(rawEmail);
  const nameForm = email.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 100);
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(outboxDir, name);
    const holds = MAIL_FILE_NAME.exec(name)?.[1]?.toLowerCase() === nameForm || holdsAddress(await readFile(file, "utf8").catch(() => ""), email);
    if (holds) {
      await unlink(file).catch(() => undefined);
      removed += 1;
    }
  }
  return removed;
}
