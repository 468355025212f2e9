// Carts of signed-in shoppers (cart_items) and pricing of guest carts held in the browser
// (storefront.md section 3 "Cart item", section 4 "Cart"; docs/api.md "Cart").
//
// The server is the authority (docs/architecture.md): prices are always the current storefront price
// read from the catalogue and the price settings, stock and options are checked here, and a
// line is only ever reached together with its owner's user id, so another shopper's line id
// behaves exactly like one that does not exist.
import { createHash } from "node:crypto";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import {
  addToCartSchema,
  assessLine,
  cartSummary,
  checkSelection,
  guestLinesSchema,
  linePicture,
  linePictureNote,
  lineQuantitySchema,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  maxLineQuantity,
  quantityLimitMessage,
  type CartLine,
  type CartView,
  type GuestLine,
} from "../../domain/cart.ts";
import { guestLineId } from "../../domain/guest-cart.ts";
import { cartErrors } from "../../domain/messages/cart.ts";
import { priceWithMarkup } from "../../domain/markup.ts";
import { DEFAULT_PRICE_SETTINGS } from "../../domain/money.ts";
import { firstIssueMessage, parseRequest } from "../../domain/schemas.ts";
import { imagesOf, productImageColumns } from "../catalog/product-fields.server.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { databaseErrorOf, isAccountGone, SQLSTATE } from "../db/database-errors.server.ts";
import { cartItems, guestCartMerges, priceSettings, products } from "../db/schema.ts";
import { isRowId } from "../../domain/row-ids.ts";
import type { Refusal } from "../../domain/refusal.ts";

export type { CartLine, CartSummary, CartView } from "../../domain/cart.ts";

/** Why a cart change was refused; `stock_limit`: out of stock, or more than min(99, stock) in one line. */
export type CartRefusal = Refusal<"invalid" | "not_found" | "signed_out" | "stock_limit">;

export type CartLineResult = { ok: true; line: CartLine } | CartRefusal;

export type SkippedGuestLine = {
  /** The guest line id (guestLineId), so the browser can point at the line it sent. */
  lineId: string;
  productId: string;
  reason: string;
};

export type MergeResult = { ok: true; merged: number; skipped: SkippedGuestLine[] } | CartRefusal;

export type GuestPriceResult = ({ ok: true } & CartView) | CartRefusal;

const notFound = (message: string): CartRefusal => ({ ok: false, reason: "not_found", message });
const invalid = (message: string): CartRefusal => ({ ok: false, reason: "invalid", message });
const stockLimit = (message: string): CartRefusal => ({ ok: false, reason: "stock_limit", message });
/** The account was erased while the shopper was still signed in: the session went with it. */
const signedOut: CartRefusal = { ok: false, reason: "signed_out", message: cartErrors.signInRequired };

// ---------------------------------------------------------------------------------------------
// Reading lines with their product and the current price, in one query
// ---------------------------------------------------------------------------------------------

/**
 * The markup from the single price-settings row, read in the same query as the products so a
 * cart costs one round trip; null when the row is missing (the default applies).
 */
const markupPercent = sql<string | number | null>`(select ${priceSettings.markupPercent} from ${priceSettings} where ${priceSettings.id} = 1)`;

const productColumns = {
  productId: products.id,
  name: products.name,
  category: products.category,
  pricePence: products.pricePence,
  ...productImageColumns,
  availableSizes: products.availableSizes,
  availableColors: products.availableColors,
  inStock: products.inStock,
  stock: products.stock,
  isActive: products.isActive,
  markupPercent,
};

type ProductRow = {
  productId: string;
  name: string;
  category: string;
  pricePence: number;
  image: string | null;
  productUrl: string | null;
  productGallery: string[];
  productImages: string[];
  availableSizes: string[];
  availableColors: string[];
  inStock: boolean;
  stock: number;
  isActive: boolean;
  markupPercent: string | number | null;
};

const lineColumns = {
  id: cartItems.id,
  quantity: cartItems.quantity,
  selectedSize: cartItems.selectedSize,
  selectedColor: cartItems.selectedColor,
  ...productColumns,
};

function productState(row: ProductRow) {
  return { isActive: row.isActive, inStock: row.inStock, stock: row.stock, sizes: row.availableSizes, colors: row.availableColors };
}

function unitPriceOf(row: ProductRow): number {
  const markup = row.markupPercent === null ? DEFAULT_PRICE_SETTINGS.markupPercent : Number(row.markupPercent);
  return priceWithMarkup(row.pricePence, markup);
}

/** A line as the UI shows it. `product` is null when the shop no longer has the product. */
function toCartLine(
  id: string,
  productId: string,
  quantity: number,
  size: string | null,
  colour: string | null,
  product: ProductRow | null,
): CartLine {
  const assessment = assessLine(product && productState(product), size, colour, quantity);
  const unitPrice = product ? unitPriceOf(product) : 0;
  return {
    id,
    productId: product?.productId ?? productId,
    name: product?.name ?? cartErrors.unknownItem,
    category: product?.category ?? "",
    // The shopper's colour (or the only one, chosen for them): a line shows what they will get.
    image: product ? linePicture(imagesOf(product), product.availableColors, assessment.colour) : null,
    pictureNote: product ? linePictureNote(imagesOf(product), product.availableColors, assessment.colour) : null,
    size: assessment.size,
    colour: assessment.colour,
    quantity,
    unitPrice,
    lineTotal: unitPrice * quantity,
    maxQuantity: assessment.maxQuantity,
    available: assessment.available,
    notice: assessment.notice,
  };
}

type StoredLineRow = ProductRow & { id: string; quantity: number; selectedSize: string; selectedColor: string };

const storedLine = (row: StoredLineRow): CartLine =>
  toCartLine(row.id, row.productId, row.quantity, row.selectedSize || null, row.selectedColor || null, row);

/** One of the shopper's lines with its product, or null when it is not theirs or not there. */
async function findLine(db: DbOrTx, userId: string, lineId: string): Promise<StoredLineRow | null> {
  const [row] = await db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Signed-in carts
// ---------------------------------------------------------------------------------------------

/** The shopper's cart, newest line first, at current prices; unavailable lines count for nothing. */
export async function listCart(db: DbOrTx, userId: string): Promise<CartView> {
  const rows = await db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.id));
  const lines = rows.map(storedLine);
  return { lines, summary: cartSummary(lines) };
}

/** Items in the shopper's available lines: the navigation badge's number. */
export async function cartCount(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .select({
      quantity: cartItems.quantity,
      selectedSize: cartItems.selectedSize,
      selectedColor: cartItems.selectedColor,
      isActive: products.isActive,
      inStock: products.inStock,
      stock: products.stock,
      sizes: products.availableSizes,
      colors: products.availableColors,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId));
  return rows.reduce(
    (sum, row) => (assessLine(row, row.selectedSize || null, row.selectedColor || null, row.quantity).available ? sum + row.quantity : sum),
    0,
  );
}

/** The shopper's line of this product, size and colour. */
const lineOf = (userId: string, productId: string, size: string, colour: string) =>
  and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.selectedSize, size), eq(cartItems.selectedColor, colour));

/** How many of this exact line the shopper already has (for the refusal message). */
async function quantityInCart(db: DbOrTx, userId: string, productId: string, size: string, colour: string): Promise<number> {
  const [row] = await db.select({ quantity: cartItems.quantity }).from(cartItems).where(lineOf(userId, productId, size, colour));
  return row?.quantity ?? 0;
}

/** The keys (product, size, colour) of the lines the shopper's cart holds. */
async function lineKeysInCart(db: DbOrTx, userId: string): Promise<Set<string>> {
  const rows = await db.select({ productId: cartItems.productId, size: cartItems.selectedSize, colour: cartItems.selectedColor }).from(cartItems).where(eq(cartItems.userId, userId));
  return new Set(rows.map((row) => lineKey(row.productId, row.size, row.colour)));
}

const lineKey = (productId: string, size: string, colour: string): string => JSON.stringify([productId, size, colour]);

/**
 * Serialises the changes that may make a shopper's lines more (a new line, a sign-in merge) until
 * the transaction ends; growing a line the cart has needs no lock.
 */
async function lockCartOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`);
}

/**
 * Adds to the shopper's cart (storefront.md section 4: the same product, size and colour adds to
 * the line's quantity, otherwise a new line). The product must exist, be active and in stock;
 * the options are checked (section 5); the line may never exceed min(99, stock): asking for more
 * is refused with a message, never silently cut.
 *
 * Each write decides atomically (an UPDATE ... WHERE of the line, or under the cart's lock an
 * INSERT ... ON CONFLICT DO UPDATE ... WHERE): two adds of the same line at once end in one row
 * holding their sum, and an add that would pass the limit changes nothing.
 */
export async function addToCart(db: DbOrTx, userId: string, input: unknown): Promise<CartLineResult> {
  const parsed = parseRequest(addToCartSchema, input, cartErrors.productNotFound);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // A malformed product id is answered like an unknown one, as GET /api/products/:id does.
    if (issue?.path[0] === "productId") return notFound(cartErrors.productNotFound);
    return invalid(firstIssueMessage(parsed.error));
  }
  const { productId, quantity } = parsed.data;

  const [product] = await db.select(productColumns).from(products).where(eq(products.id, productId));
  if (!product || !product.isActive) return notFound(cartErrors.productNotFound);
  const limit = product.inStock ? maxLineQuantity(product.stock) : 0;
  if (limit === 0) return stockLimit(cartErrors.outOfStock);
  const selection = checkSelection(productState(product), parsed.data.size, parsed.data.colour);
  if (!selection.ok) return invalid(selection.message);
  // '' (not NULL) stands for "no size" / "no colour" so the unique index holds (schema.ts).
  const size = selection.size ?? "";
  const colour = selection.colour ?? "";

  if (quantity > limit) return stockLimit(quantityLimitMessage(limit, await quantityInCart(db, userId, productId, size, colour)));
  const key = lineKey(productId, size, colour);
  const upsert = (tx: DbOrTx) =>
    tx
      .insert(cartItems)
      .values({ userId, productId, quantity, selectedSize: size, selectedColor: colour })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.selectedSize, cartItems.selectedColor],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
      })
      .returning({ id: cartItems.id, quantity: cartItems.quantity });

  let saved: { id: string; quantity: number } | undefined;
  try {
    // A line the cart has grows by one UPDATE, without the lock: it makes no new line. Removed
    // meanwhile (another tab), the add goes the new line's way below.
    const held = (await lineKeysInCart(db, userId)).has(key);
    if (held) {
      [saved] = await db
        .update(cartItems)
        .set({ quantity: sql`${cartItems.quantity} + ${quantity}`, updatedAt: sql`now()` })
        .where(and(lineOf(userId, productId, size, colour), sql`${cartItems.quantity} + ${quantity} <= ${limit}`))
        .returning({ id: cartItems.id, quantity: cartItems.quantity });
    }
    if (!saved && !(held && (await quantityInCart(db, userId, productId, size, colour)) > 0)) {
      // A new line past the cart's limit of different items is refused, as the guest cart's add is.
      // The count and the insert happen under the cart's lock, or adds of different lines at once
      // could each see room for one more and together pass the limit.
      const added = await db.transaction(async (tx) => {
        await lockCartOf(tx, userId);
        const held = await lineKeysInCart(tx, userId);
        if (!held.has(key) && held.size >= MAX_CART_LINES) return "full" as const;
        return (await upsert(tx))[0];
      });
      if (added === "full") return stockLimit(cartErrors.tooManyLines(MAX_CART_LINES));
      saved = added;
    }
  } catch (error) {
    if (isAccountGone(error)) return signedOut;
    // The product was deleted between the read and the write.
    if (databaseErrorOf(error)?.code === SQLSTATE.foreignKeyViolation) return notFound(cartErrors.productNotFound);
    throw error;
  }
  if (!saved) {
    const already = await quantityInCart(db, userId, productId, size, colour);
    return stockLimit(quantityLimitMessage(limit, already));
  }
  return { ok: true, line: toCartLine(saved.id, productId, saved.quantity, selection.size, selection.colour, product) };
}

/**
 * Sets one of the shopper's lines to a quantity from 1 to min(99, stock) (DELETE removes a line).
 * A line id that is not the shopper's, or not an id at all, is "not found", exactly like a
 * missing one.
 */
export async function setLineQuantity(db: DbOrTx, userId: string, lineId: string, input: unknown): Promise<CartLineResult> {
  if (!isRowId(lineId)) return notFound(cartErrors.lineNotFound);
  const parsed = parseRequest(lineQuantitySchema, input, cartErrors.invalidQuantity(MAX_LINE_QUANTITY));
  if (!parsed.success) return invalid(firstIssueMessage(parsed.error));
  const { quantity } = parsed.data;
  const id = lineId.toLowerCase();

  // One statement: the owner, the product's state and the stock are checked where the row changes.
  const updated = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .from(products)
    .where(
      and(
        eq(cartItems.id, id),
        eq(cartItems.userId, userId),
        eq(products.id, cartItems.productId),
        eq(products.isActive, true),
        eq(products.inStock, true),
        gte(products.stock, quantity),
      ),
    )
    .returning({ id: cartItems.id });

  const row = await findLine(db, userId, id);
  if (!row) return notFound(cartErrors.lineNotFound);
  if (updated.length > 0) return { ok: true, line: storedLine(row) };
  if (!row.isActive) return stockLimit(cartErrors.noLongerAvailable);
  return stockLimit(quantityLimitMessage(row.inStock ? maxLineQuantity(row.stock) : 0, 0));
}

/** Removes one of the shopper's lines; false when it is not theirs or not there. */
export async function removeLine(db: DbOrTx, userId: string, lineId: string): Promise<boolean> {
  if (!isRowId(lineId)) return false;
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId.toLowerCase()), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return removed.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Guest carts
// ---------------------------------------------------------------------------------------------

/** The products the guest lines name, with the current markup, in one query. */
async function productsOf(db: DbOrTx, lines: readonly GuestLine[], { hold = false } = {}): Promise<Map<string, ProductRow>> {
  const ids = [...new Set(lines.map((line) => line.product_id).filter(isRowId).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return new Map();
  const query = db.select(productColumns).from(products).where(inArray(products.id, ids));
  const rows = await (hold ? query.for("key share", { of: products }) : query);
  return new Map(rows.map((row) => [row.productId, row]));
}

const productFor = (found: Map<string, ProductRow>, productId: string): ProductRow | null =>
  isRowId(productId) ? (found.get(productId.toLowerCase()) ?? null) : null;

const guestIdOf = (line: GuestLine): string => guestLineId(line.product_id, line.selected_size, line.selected_color);

/** The guest cart as the browser sent it, whatever the order of its lines; each line's time tells two carts of the same things apart. */
function guestCartFingerprint(lines: readonly GuestLine[]): string {
  const canonical = lines.map((line) => JSON.stringify([line.product_id, line.selected_size ?? null, line.selected_color ?? null, line.quantity, line.created_at])).sort();
  return createHash("sha256").update(canonical.join("\n")).digest("base64url");
}

/**
 * Copies a guest cart into the shopper's cart after sign-in (storefront.md section 4
 * "Authentication"), in one transaction: a line the shopper already has adds up, capped at
 * min(99, stock) (the shopper did not ask for a particular total, so capping is right here);
 * lines for unknown, inactive or sold-out products, or options the product does not offer, are
 * skipped and reported. When anything fails nothing is written, and the browser keeps its guest
 * cart until a merge succeeds. A guest cart merged before adds nothing (merged 0).
 */
export async function mergeGuestCart(db: DbOrTx, userId: string, input: unknown): Promise<MergeResult> {
  const parsed = parseRequest(guestLinesSchema, input, cartErrors.invalidLines);
  if (!parsed.success) return invalid(firstIssueMessage(parsed.error));
  const lines = parsed.data;
  if (lines.length === 0) return { ok: true, merged: 0, skipped: [] };

  const merging = db.transaction(async (tx) => {
    // A guest cart moves once. The same cart sent again (two tabs signing in at once, a merge whose
    // answer was lost so the browser kept its cart) adds nothing: a second transaction waits here
    // for the first and then finds its row. Only lines that say when they were added tell one cart
    // from a later one of the same things (the browser's always do; an API client's may not).
    if (lines.every((line) => line.created_at)) {
      await tx.delete(guestCartMerges).where(and(eq(guestCartMerges.userId, userId), sql`${guestCartMerges.mergedAt} < now() - interval '30 days'`));
      const [first] = await tx.insert(guestCartMerges).values({ userId, fingerprint: guestCartFingerprint(lines) }).onConflictDoNothing().returning({ userId: guestCartMerges.userId });
      if (!first) return { ok: true as const, merged: 0, skipped: [] };
    }
    // Held until the lines are written: a product an admin deletes meanwhile waits for this merge,
    // or is gone already and skipped as no longer available (not refused by the lines' foreign key
    // as a server error).
    const found = await productsOf(tx, lines, { hold: true });
    // The account's cart keeps to the limit of different lines: guest lines past it stay out, reported.
    await lockCartOf(tx, userId);
    const held = await lineKeysInCart(tx, userId);
    let room = Math.max(0, MAX_CART_LINES - held.size);
    const skipped: SkippedGuestLine[] = [];
    const additions = new Map<string, { productId: string; size: string; colour: string; quantity: number; limit: number }>();
    let merged = 0;
    for (const line of lines) {
      const product = productFor(found, line.product_id);
      const assessment = assessLine(product && productState(product), line.selected_size, line.selected_color, line.quantity);
      if (!product || !assessment.available) {
        skipped.push({ lineId: guestIdOf(line), productId: line.product_id, reason: assessment.notice ?? cartErrors.noLongerAvailable });
        continue;
      }
      const size = assessment.size ?? "";
      const colour = assessment.colour ?? "";
      const key = lineKey(product.productId, size, colour);
      const before = additions.get(key);
      if (!before && !held.has(key)) {
        if (room === 0) {
          skipped.push({ lineId: guestIdOf(line), productId: line.product_id, reason: cartErrors.tooManyLines(MAX_CART_LINES) });
          continue;
        }
        room -= 1;
      }
      merged += 1;
      additions.set(key, {
        productId: product.productId,
        size,
        colour,
        quantity: (before?.quantity ?? 0) + line.quantity,
        limit: assessment.maxQuantity,
      });
    }
    if (additions.size === 0) return { ok: true as const, merged, skipped };

    // One statement for every line. An existing line grows to at most min(99, stock) and is never
    // made smaller than it already is (its quantity may be above a stock that has since fallen).
    const lineLimit = sql`(select least(${MAX_LINE_QUANTITY}, ${products.stock}) from ${products} where ${products.id} = excluded.product_id)`;
    await tx
      .insert(cartItems)
      .values(
        [...additions.values()].map((a) => ({
          userId,
          productId: a.productId,
          quantity: Math.min(a.quantity, a.limit),
          selectedSize: a.size,
          selectedColor: a.colour,
        })),
      )
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.selectedSize, cartItems.selectedColor],
        set: {
          quantity: sql`greatest(${cartItems.quantity}, least(${cartItems.quantity} + excluded.quantity, ${lineLimit}))`,
          updatedAt: sql`now()`,
        },
      });
    return { ok: true as const, merged, skipped };
  });
  return merging.catch((error: unknown) => {
    if (isAccountGone(error)) return signedOut;
    throw error;
  });
}

const createdAtOf = (line: GuestLine): number => {
  const time = line.created_at ? Date.parse(line.created_at) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
};

/**
 * A guest cart held in the browser, priced like a signed-in cart: the same line shape (the line
 * id is the guest line id) and summary, newest line first, at current prices. Lines for products
 * the shop does not have come back unavailable, so the cart can offer to remove them.
 */
export async function priceGuestCart(db: DbOrTx, input: unknown): Promise<GuestPriceResult> {
  const parsed = parseRequest(guestLinesSchema, input, cartErrors.invalidLines);
  if (!parsed.success) return invalid(firstIssueMessage(parsed.error));
  const found = await productsOf(db, parsed.data);
  const newestFirst = parsed.data
    .map((line, index) => ({ line, index, time: createdAtOf(line) }))
    .sort((a, b) => (b.time === a.time ? a.index - b.index : b.time > a.time ? 1 : -1));
  const lines = newestFirst.map(({ line }) =>
    toCartLine(guestIdOf(line), line.product_id, line.quantity, line.selected_size, line.selected_color, productFor(found, line.product_id)),
  );
  return { ok: true, lines, summary: cartSummary(lines) };
}
