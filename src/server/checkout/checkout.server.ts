// create-checkout (storefront.md section 7; docs/architecture.md "The server is the authority").
// Every price, the shipping and the discount are computed here from the catalogue and settings;
// whatever the browser says about money is ignored. The order is written `pending` with its
// lines, then the payment provider opens a session for exactly that order.
import { and, count, eq, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { buyNowProblem, mergeCheckoutLines, type CartLine, type GuestLine } from "../../domain/cart.ts";
import {
  CHECKOUT_LIMIT_WINDOW_MINUTES,
  checkoutRequestSchema,
  chooseShipping,
  DEFAULT_CHECKOUT_LIMIT,
  MAX_ORDER_TOTAL_PENCE,
  priceDiscount,
  type CheckoutRequest,
} from "../../domain/checkout.ts";
import { formatGbp } from "../../domain/money.ts";
import { orderTotals, type OrderTotals } from "../../domain/order-totals.ts";
import { changeSinceShown } from "../../domain/checkout-shown.ts";
import { GUEST_PLACEHOLDER_EMAIL, GUEST_PLACEHOLDER_FIRST_NAME } from "../../domain/guest-email.ts";
import { COUNTRY_CODES, DEFAULT_COUNTRY } from "../../domain/countries.ts";
import { DISCOUNT_RESERVATION_MINUTES, normaliseDiscountCode, withHeldUses, type DiscountRule } from "../../domain/discounts.ts";
import { discounts as discountMessages } from "../../domain/messages/discounts.ts";
import { EU_COUNTRIES } from "../../domain/shipping.ts";
import { checkout as messages, checkoutRequestErrors as requestErrors } from "../../domain/messages/checkout.ts";
import { normalisePostcode, postcodeProblem } from "../../domain/postcodes.ts";
import { firstIssueMessage, messagesByField, parseRequest } from "../../domain/schemas.ts";
import { listCart, priceGuestCart } from "../cart/cart.server.ts";
import { cartErrors } from "../../domain/messages/cart.ts";
import type { Database, DbOrTx } from "../db/client.server.ts";
import { isAccountGone } from "../db/database-errors.server.ts";
import { discountCodes, orderItems, orders, products, user, type OrderCustomer, type OrderShippingAddress } from "../db/schema.ts";
import { lockPerson } from "../orders/person-lock.server.ts";
import { applyFailedSession } from "../payments/apply-payment.server.ts";
import type { PaymentProvider } from "../payments/payment-provider.server.ts";
import { readAttempts, returnAttempt, takeAttempt, type RateLimitRule } from "../security/rate-limit.server.ts";
import { isRowId } from "../../domain/row-ids.ts";
import { logRequestError } from "../http/error-log.server.ts";

/** Buy Now without an address ships only where standard shipping is free; the payment page asks for the address. */
export const BUY_NOW_COUNTRIES = ["United Kingdom", "United States", ...EU_COUNTRIES];

export type CheckoutBuyer = { userId: string; email: string; firstName: string; lastName: string; phone?: string } | null;

export type CheckoutResult =
  | { ok: true; url: string; sessionId: string; orderId: string }
  /**
   * `field`: the form field the refusal is about; `fields`: every form field the request got
   * wrong, each with its first problem, so the page marks them all at once.
   * `retryAfterSeconds`: on a 429, when the address's window frees (the answer's Retry-After).
   * `changed`: on a 409 because the order priced now is not what the page showed, the new figures.
   */
  | {
      ok: false;
      status: 400 | 401 | 404 | 409 | 429 | 502;
      message: string;
      field?: string;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      changed?: { totals: OrderTotals; lines: CartLine[] };
    };

/**
 * `clientAddress`: who is checking out, for the limits on checkouts and on guessing discount codes.
 * `checkoutLimit`: the checkouts one address may start in CHECKOUT_LIMIT_WINDOW_MINUTES (0: no limit).
 */
type Deps = { db: Database; provider: PaymentProvider; publicUrl: string; now?: Date; clientAddress?: string; checkoutLimit?: number; browserCart?: string };

/**
 * The cart a checkout is opened from (orders.checkout_cart): the signed-in shopper's account cart,
 * or a guest's cart in the browser named by `browserCart` (its HttpOnly cookie); null for Buy Now,
 * which buys one product whatever the cart holds, and for a guest without the cookie.
 */
export function checkoutCartOf(source: CheckoutRequest["source"], buyer: CheckoutBuyer, browserCart: string | undefined): string | null {
  if (source !== "cart") return null;
  if (buyer) return `account:${buyer.userId}`;
  return browserCart ? `browser:${browserCart}` : null;
}

export const checkoutLimitRule = (max: number): RateLimitRule => ({ name: "checkout", max, windowMs: CHECKOUT_LIMIT_WINDOW_MINUTES * 60_000 });

/**
 * Codes that do not exist, tried from one address: a shopper mistypes a few; a script trying
 * common names (SAVE10, WELCOME15) at the speed of the shop would find the real ones. Past the
 * limit every code from that address is refused until the window ends.
 */
export const DISCOUNT_GUESS_LIMIT: RateLimitRule = { name: "discount-guess", max: 20, windowMs: 15 * 60_000 };

/**
 * Checkouts with a code that has a usage limit, from one address, while their orders hold a use
 * (decision 013): a shopper retries a few times; a script placing orders under many e-mails
 * would hold every use of a limited code and lock every other shopper out of it.
 */
export const DISCOUNT_HOLD_LIMIT: RateLimitRule = { name: "discount-hold", max: 10, windowMs: DISCOUNT_RESERVATION_MINUTES * 60_000 };

const refuse = (message: string, status: 400 | 401 | 404 | 409 | 429 = 400): CheckoutResult => ({ ok: false, status, message });

/** The form's fields: customer information and shipping address, named as the page names them. */
const FORM_GROUPS = new Set(["customerInfo", "shippingAddress"]);

/** The form field a problem is about ("customerInfo.phone" is "phone"), or null when it is not one of the form's. */
function formFieldOf(path: readonly PropertyKey[]): string | null {
  const [group, field] = path;
  return typeof group === "string" && FORM_GROUPS.has(group) && typeof field === "string" ? field : null;
}

/** The request's first problem, and every form field it got wrong with that field's first problem. */
function refuseFields(error: z.ZodError): CheckoutResult {
  const fields = messagesByField(error, formFieldOf);
  const field = formFieldOf(error.issues[0]?.path ?? []);
  return { ok: false, status: 400, message: firstIssueMessage(error), ...(field && { field }), ...(Object.keys(fields).length > 0 && { fields }) };
}

export async function createCheckout(deps: Deps, buyer: CheckoutBuyer, input: unknown): Promise<CheckoutResult> {
  const now = deps.now ?? new Date();
  const parsed = parseRequest(checkoutRequestSchema, input, requestErrors.requestUnreadable);
  if (!parsed.success) return refuseFields(parsed.error);
  const request = parsed.data;
  if (request.account && !buyer) return { ok: false, status: 401, message: messages.signedOut };

  // The lines: a signed-in shopper's cart comes from the server; guests and Buy Now send theirs.
  const fromServerCart = request.source === "cart" && buyer !== null;
  const lines = await mergedLines(deps.db, await linesFor(deps.db, request, buyer));
  if (lines === null) return refuse(messages.failed);
  if (lines.length === 0) {
    // An account erased since its session was read took its cart with it: signed out, not empty.
    if (fromServerCart && !(await accountExists(deps.db, buyer.userId))) return refuse(messages.signedOut, 401);
    return refuse(messages.cartEmpty);
  }
  const problem = lines.find((line) => !line.available || line.notice !== null);
  if (problem) {
    // Buy Now's line is looked at again only when it cannot be bought: for the spec's words.
    const buyNow = request.source === "buy-now" ? await buyNowRefusal(deps.db, request.items[0]!) : null;
    return buyNow ? refuse(buyNow.message, buyNow.status) : refuse(`${problem.name}: ${problem.notice ?? messages.failed}`, 409);
  }

  // Who pays: the form's customer information, else the signed-in shopper, else (guest Buy Now)
  // a placeholder the payment page replaces.
  const customer = customerFor(request, buyer);
  if (!customer) return refuse(messages.customerInfoRequired);

  // Where it goes: the form's address; Buy Now without one ships to a free zone the payment page asks for.
  const address = request.shippingAddress ?? null;
  if (!address && request.source === "cart") return refuse(messages.shippingInfoRequired);
  const country = address?.country ?? DEFAULT_COUNTRY;
  const postcode = address ? postcodeProblem(address.postalCode, country) : null;
  // A missing one is the spec's missing shipping information, said above the form as the page says it.
  if (postcode === messages.postalCodeRequired) return { ok: false, status: 400, message: messages.shippingInfoRequired, field: "postalCode", fields: { postalCode: messages.fieldRequired } };
  if (postcode) return { ok: false, status: 400, message: postcode, field: "postalCode", fields: { postalCode: postcode } };
  const shipping = chooseShipping(country, lines.map((line) => ({ name: line.name, category: line.category, quantity: line.quantity })), address ? request.shippingMethod : "standard");
  if (!shipping.ok) return refuse(shipping.message);

  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const checkoutCart = checkoutCartOf(request.source, buyer, deps.browserCart);
  const holder = { email: customer.email, checkoutCart };
  let discount: { id: string; code: string; amount: number; limited: boolean } | null = null;
  if (request.discountCode) {
    const priced = await priceDiscountCode(deps.db, request.discountCode, subtotal, now, holder, deps.clientAddress);
    if (!priced.ok) return priced;
    discount = priced;
  }
  const totals = orderTotals(subtotal, discount?.amount ?? 0, shipping.quote.amount);
  if (totals.total > MAX_ORDER_TOTAL_PENCE) return refuse(requestErrors.orderTooLarge(formatGbp(MAX_ORDER_TOTAL_PENCE)));
  const changed = refusalIfChanged(request, lines, totals);
  if (changed) return changed;
  // The address's limits are counted once everything else is known to be in order, so a refused
  // form costs the shopper nothing; a checkout refused after this point gives its counts back.
  const counted = await countCheckout(deps, discount?.limited ?? false, now);
  if (!counted.ok) return { ok: false, status: 429, message: counted.message, retryAfterSeconds: counted.retryAfterSeconds };

  const placed = await deps.db.transaction(async (tx) => {
    // An erasure of this person's data waits for this order, and sees it, or this waits for the erasure.
    if (customer.email !== GUEST_PLACEHOLDER_EMAIL) await lockPerson(tx, customer.email);
    // The code's row is locked while its uses and holds are counted and this order is written, so
    // concurrent checkouts with the last use of a code cannot all pass (decision 013).
    if (discount) {
      const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, discount.id)).for("update");
      if (!code) return { orderId: null, refused: discountMessages.notFound };
      const held = await heldDiscountUses(tx, code.id, holder, now);
      const check = priceDiscount(withHeldUses(discountRuleOf(code), held), subtotal, now);
      if (!check.ok) return { orderId: null, refused: check.message };
    }
    // The products are held until the order's lines are written: one deleted by an admin meanwhile
    // is refused by name here, not by the lines' foreign key as a server error.
    const kept = new Set(
      (await tx.select({ id: products.id }).from(products).where(inArray(products.id, [...new Set(lines.map((line) => line.productId))])).for("key share")).map((row) => row.id),
    );
    const gone = lines.find((line) => !kept.has(line.productId));
    if (gone) return { orderId: null, refused: `${gone.name}: ${cartErrors.noLongerAvailable}`, status: 409 as const };
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyer?.userId ?? null,
        subtotalPence: totals.subtotal,
        shippingPence: totals.shipping,
        shippingMethod: shipping.method,
        discountPence: totals.discount,
        discountCodeId: discount?.id ?? null,
        totalAmountPence: totals.total,
        customer,
        customerEmail: customer.email.toLowerCase(),
        shippingAddress: address ? toOrderAddress(address, customer) : null,
        paymentProvider: deps.provider.name,
        fromAccountCart: fromServerCart,
        checkoutCart,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order!.id,
        productId: line.productId,
        quantity: line.quantity,
        unitPricePence: line.unitPrice,
        selectedSize: line.size,
        selectedColor: line.colour,
        productName: line.name,
        productCategory: line.category,
      })),
    );
    return { orderId: order!.id, refused: null };
  }).catch((error: unknown) => {
    // The account was erased while this order was being written: there is no one to write it for.
    if (isAccountGone(error)) return { orderId: null, refused: messages.signedOut, status: 401 as const };
    throw error;
  });
  if (placed.orderId === null) {
    await counted.giveBack();
    return refuse(placed.refused ?? messages.failed, "status" in placed ? placed.status : 400);
  }
  const orderId = placed.orderId;

  let session: { id: string; url: string };
  try {
    session = await deps.provider.createSession({
      orderId,
      lines: lines.map((line) => ({
        name: line.name,
        description: [line.size && `Size ${line.size}`, line.colour && `Colour ${line.colour}`].filter(Boolean).join(", ") || undefined,
        quantity: line.quantity,
        unitAmountPence: line.unitPrice,
      })),
      shipping: { amountPence: totals.shipping, label: `${shipping.method === "express" ? "Express" : "Standard"} shipping (${shipping.quote.carrier}, ${shipping.quote.estimatedDays})` },
      discount: discount ? { amountPence: totals.discount, code: discount.code } : null,
      totalPence: totals.total,
      customerEmail: customer.email === GUEST_PLACEHOLDER_EMAIL ? null : customer.email,
      collectShippingCountries: address ? null : BUY_NOW_COUNTRIES.map((name) => COUNTRY_CODES[name]).filter((code): code is string => Boolean(code)),
      successUrl: `${deps.publicUrl}/order-confirmation/{CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.publicUrl}/checkout/cancelled?order=${orderId}`,
      termsUrl: `${deps.publicUrl}/terms`,
    });
  } catch (error) {
    logRequestError(`order ${orderId}: its payment session`, error);
    const now = new Date();
    await deps.db.update(orders).set({ status: "cancelled", paymentStatus: "failed", paymentFailedAt: now, updatedAt: now }).where(eq(orders.id, orderId));
    // The provider's outage is not the shopper's doing: trying again must not use up their limit.
    await counted.giveBack();
    return { ok: false, status: 502, message: messages.failed };
  }

  // The cart stays as it is until the payment succeeds (a recorded deviation from section 4's
  // "cleared on success of create-checkout"): Back from the payment page finds it whole, and
  // paying takes the order's own lines out of it (applyPaidSession).
  await deps.db.update(orders).set({ stripeSessionId: session.id, updatedAt: new Date() }).where(eq(orders.id, orderId));
  if (checkoutCart) await closeReplacedCheckouts(deps, checkoutCart, orderId);
  return { ok: true, url: session.url, sessionId: session.id, orderId };
}

/**
 * The order as priced now, against what the shopper's page showed when Pay was pressed: the
 * catalogue's markup, the cart in another tab or a code's value may have moved since. Charging the
 * new amount would take what no button named, and charging the shown one would let a page set
 * its own price; so the checkout is refused (before anything is written or counted) with the new
 * figures, which the page shows for a second press.
 */
function refusalIfChanged(request: CheckoutRequest, lines: CartLine[], totals: OrderTotals): CheckoutResult | null {
  const change = changeSinceShown(request, lines, totals.total);
  if (change === null) return null;
  const total = formatGbp(totals.total);
  const message =
    request.source === "buy-now"
      ? requestErrors.buyNowPriceChanged(total)
      : { cart: requestErrors.cartChanged, prices: requestErrors.pricesChanged, total: requestErrors.totalChanged }[change](total);
  return { ok: false, status: 409, message, changed: { totals, lines } };
}

/**
 * One payment page open per cart: the cart's older checkouts still unpaid are closed at the
 * provider and their orders cancelled, naming this one as what replaced them. Otherwise a shopper
 * with two tabs (or back on an old payment page) could pay for the same cart twice. A session the
 * provider reports paid meanwhile, or cannot be asked about, is left to its payment; a failure here
 * never costs the shopper the checkout just opened.
 */
async function closeReplacedCheckouts(deps: Deps, checkoutCart: string, newOrderId: string) {
  const older = await deps.db
    .select({ id: orders.id, sessionId: orders.stripeSessionId })
    .from(orders)
    .where(and(eq(orders.checkoutCart, checkoutCart), eq(orders.paymentStatus, "pending"), eq(orders.paymentProvider, deps.provider.name), ne(orders.id, newOrderId)));
  for (const order of older) {
    if (!order.sessionId) continue;
    try {
      if (!(await deps.provider.closeSession(order.sessionId))) continue;
      if ((await applyFailedSession(deps.db, order.sessionId, "expired")) !== "updated") continue;
      await deps.db.update(orders).set({ replacedBy: newOrderId }).where(eq(orders.id, order.id));
    } catch (error) {
      logRequestError(`order ${order.id}: closing its checkout for the newer ${newOrderId}`, error);
    }
  }
}

/**
 * Takes this checkout from the address's limits: every checkout (decision 051), and one with a
 * code that has a usage limit from DISCOUNT_HOLD_LIMIT too. Refused by either, nothing stays
 * taken; `giveBack` returns what was taken, for a checkout refused later on.
 */
async function countCheckout(
  deps: Deps,
  limitedCode: boolean,
  now: Date,
): Promise<{ ok: true; giveBack: () => Promise<void> } | { ok: false; message: string; retryAfterSeconds: number }> {
  const address = deps.clientAddress;
  const taken: RateLimitRule[] = [];
  const giveBack = async () => {
    for (const rule of taken) await returnAttempt(deps.db, rule, address!);
  };
  if (address === undefined) return { ok: true, giveBack };
  const limit = deps.checkoutLimit ?? DEFAULT_CHECKOUT_LIMIT;
  const rules: { rule: RateLimitRule; message: string }[] = [
    ...(limit > 0 ? [{ rule: checkoutLimitRule(limit), message: requestErrors.tooManyCheckouts }] : []),
    ...(limitedCode ? [{ rule: DISCOUNT_HOLD_LIMIT, message: discountMessages.tooManyHolds }] : []),
  ];
  for (const { rule, message } of rules) {
    const attempt = await takeAttempt(deps.db, rule, address, now.getTime());
    if (!attempt.allowed) {
      // A refused attempt still counts in its own window (as every limit here does); the others go back.
      await giveBack();
      return { ok: false, message, retryAfterSeconds: attempt.retryAfterSeconds };
    }
    taken.push(rule);
  }
  return { ok: true, giveBack };
}

type DiscountRow = typeof discountCodes.$inferSelect;

function discountRuleOf(row: DiscountRow): DiscountRule {
  return { isActive: row.isActive, expiresAt: row.expiresAt, usageLimit: row.usageLimit, usedCount: row.usedCount, type: row.discountType, value: Number(row.discountValue), minOrderAmountPence: row.minOrderAmountPence };
}

/** Whose checkout a code is priced for: their pending orders do not hold a use against them. */
type CodeHolder = { email: string | null; checkoutCart: string | null };

/**
 * Uses of a code held by pending orders placed in the last DISCOUNT_RESERVATION_MINUTES by other
 * shoppers. A shopper's own pending orders do not count, by e-mail or by cart: going back from the
 * payment page and trying again must work (the new checkout closes the old one; a second payment
 * of theirs would be refunded if the limit were reached).
 */
async function heldDiscountUses(db: DbOrTx, codeId: string, holder: CodeHolder, now: Date): Promise<number> {
  const since = new Date(now.getTime() - DISCOUNT_RESERVATION_MINUTES * 60_000);
  const { email, checkoutCart } = holder;
  const others = and(
    email && email !== GUEST_PLACEHOLDER_EMAIL ? ne(orders.customerEmail, email.toLowerCase()) : undefined,
    checkoutCart ? or(isNull(orders.checkoutCart), ne(orders.checkoutCart, checkoutCart)) : undefined,
  );
  const [row] = await db
    .select({ held: count() })
    .from(orders)
    .where(and(eq(orders.discountCodeId, codeId), eq(orders.paymentStatus, "pending"), gte(orders.createdAt, since), others));
  return row?.held ?? 0;
}

type DiscountRefusal = { ok: false; status: 400 | 401 | 429; message: string; retryAfterSeconds?: number };

/**
 * Only unknown codes count against DISCOUNT_GUESS_LIMIT: an unknown code takes a guess in the
 * statement that decides whether it is allowed, so guesses sent at once cannot all pass; a known
 * code only reads the count. An address past the limit is refused a real code too, so the answer
 * tells a guesser nothing.
 */
async function guessLimitRefusal(db: Database, known: boolean, address: string, now: Date): Promise<DiscountRefusal | null> {
  const tooMany = (retryAfterSeconds: number): DiscountRefusal => ({ ok: false, status: 429, message: discountMessages.tooManyGuesses, retryAfterSeconds });
  if (known) {
    const guesses = await readAttempts(db, DISCOUNT_GUESS_LIMIT, address, now.getTime());
    return guesses.count >= DISCOUNT_GUESS_LIMIT.max ? tooMany(guesses.retryAfterSeconds) : null;
  }
  const taken = await takeAttempt(db, DISCOUNT_GUESS_LIMIT, address, now.getTime());
  return taken.allowed ? null : tooMany(taken.retryAfterSeconds);
}

async function priceDiscountCode(
  db: Database,
  typed: string,
  subtotal: number,
  now: Date,
  holder: CodeHolder,
  clientAddress: string | undefined,
): Promise<{ ok: true; id: string; code: string; amount: number; limited: boolean } | DiscountRefusal> {
  const code = normaliseDiscountCode(typed);
  const [row] = await db.select().from(discountCodes).where(sql`upper(${discountCodes.code}) = ${code}`).limit(1);
  const refusal = clientAddress === undefined ? null : await guessLimitRefusal(db, row !== undefined, clientAddress, now);
  if (refusal) return refusal;
  const held = row && row.usageLimit !== null ? await heldDiscountUses(db, row.id, holder, now) : 0;
  const priced = priceDiscount(row ? withHeldUses(discountRuleOf(row), held) : null, subtotal, now);
  if (!priced.ok || !row) return { ok: false, status: 400, message: priced.ok ? messages.failed : priced.message };
  return { ok: true, id: row.id, code: row.code, amount: priced.amount, limited: row.usageLimit !== null };
}

/**
 * What a discount code would take off this checkout now (the checkout page's Apply button). The
 * order itself is priced again when it is placed.
 */
export async function previewDiscount(
  db: Database,
  buyer: CheckoutBuyer,
  input: unknown,
  { clientAddress, browserCart, now = new Date() }: { clientAddress?: string; browserCart?: string; now?: Date } = {},
): Promise<{ ok: true; code: string; amount: number } | DiscountRefusal> {
  const parsed = parseRequest(checkoutRequestSchema, input, requestErrors.requestUnreadable);
  if (!parsed.success) return { ok: false, status: 400, message: firstIssueMessage(parsed.error) };
  if (parsed.data.account && !buyer) return { ok: false, status: 401, message: messages.signedOut };
  if (!parsed.data.discountCode) return { ok: false, status: 400, message: messages.discountCodeRequired };
  const lines = await linesFor(db, parsed.data, buyer);
  if (!lines || lines.length === 0) return { ok: false, status: 400, message: messages.cartEmpty };
  const subtotal = lines.filter((line) => line.available).reduce((sum, line) => sum + line.lineTotal, 0);
  const holder = { email: parsed.data.customerInfo?.email ?? buyer?.email ?? null, checkoutCart: checkoutCartOf(parsed.data.source, buyer, browserCart) };
  const priced = await priceDiscountCode(db, parsed.data.discountCode, subtotal, now, holder, clientAddress);
  return priced.ok ? { ok: true, code: priced.code, amount: priced.amount } : priced;
}

/** Identical lines become one and each product's total is checked against its stock (issue 10, item 16). */
async function mergedLines(db: Database, lines: CartLine[] | null): Promise<CartLine[] | null> {
  if (lines === null || lines.length === 0) return lines;
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows = await db.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids));
  const stock = new Map(rows.map((row) => [row.id, row.stock]));
  return mergeCheckoutLines(lines, (productId) => stock.get(productId) ?? 0);
}

/** Buy Now's own refusals in the spec's words (buyNowProblem): the product gone, or a choice left out. */
async function buyNowRefusal(db: DbOrTx, item: GuestLine): Promise<{ message: string; status: 400 | 404 } | null> {
  const [product] = isRowId(item.product_id)
    ? await db
        .select({ sizes: products.availableSizes, colors: products.availableColors })
        .from(products)
        .where(and(eq(products.id, item.product_id.toLowerCase()), eq(products.isActive, true)))
    : [];
  const message = buyNowProblem(product ?? null, item.selected_size, item.selected_color);
  if (message === null) return null;
  return { message, status: product ? 400 : 404 };
}

async function accountExists(db: Database, userId: string): Promise<boolean> {
  return (await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1)).length > 0;
}

async function linesFor(db: Database, request: CheckoutRequest, buyer: CheckoutBuyer): Promise<CartLine[] | null> {
  if (request.source === "cart" && buyer) return (await listCart(db, buyer.userId)).lines;
  const priced = await priceGuestCart(db, request.items);
  return priced.ok ? priced.lines : null;
}

function customerFor(request: CheckoutRequest, buyer: CheckoutBuyer): OrderCustomer | null {
  if (request.customerInfo) {
    const { firstName, lastName, email, phone } = request.customerInfo;
    return { firstName, lastName, email, ...(phone ? { phone } : {}) };
  }
  if (request.source !== "buy-now") return null;
  // The account's name and phone, as /checkout prefills them: the payment page offers them for the delivery.
  if (buyer) return { firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email, ...(buyer.phone ? { phone: buyer.phone } : {}) };
  return { firstName: GUEST_PLACEHOLDER_FIRST_NAME, lastName: "", email: GUEST_PLACEHOLDER_EMAIL };
}

function toOrderAddress(address: NonNullable<CheckoutRequest["shippingAddress"]>, customer: OrderCustomer): OrderShippingAddress {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    address: address.address,
    city: address.city,
    ...(address.state ? { region: address.state } : {}),
    // "" where the destination has no postal codes: every address writer leaves empty parts out.
    postalCode: address.postalCode ? normalisePostcode(address.postalCode, address.country) : "",
    ...(customer.phone ? { phone: customer.phone } : {}),
    country: address.country,
  };
}
