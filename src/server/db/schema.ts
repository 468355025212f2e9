// One pg-core schema for both PGlite (embedded default) and PostgreSQL (production).
// Money is integer pence everywhere (docs/architecture.md "Money"); the spec's legacy column names
// ('Product Name', 'Price (GBP)', ...) are mapped to snake_case columns, see docs/data-model.md.
import { sql } from "drizzle-orm";
import { REFUND_REASONS } from "../../domain/payment-refusals.ts";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** PostgreSQL's tsvector, read back as its text form (only the database reads it). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const uuidId = () =>
  text("id")
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);

// ---------------------------------------------------------------------------
// better-auth core tables (user, session, account, verification) + its rate limit store.
// Column names follow better-auth's canonical Postgres schema.
// ---------------------------------------------------------------------------
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** better-auth's two-factor plugin: true once a TOTP enrolment was confirmed with a code. */
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// better-auth's database rate-limit storage: limits must hold across several app processes.
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * better-auth's two-factor plugin (TOTP and backup codes): the secret and the codes are stored
 * encrypted with the auth secret; `verified` stays false until the first code confirms enrolment.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_secret_idx").on(t.secret), index("two_factor_user_id_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------
// Shop tables
// ---------------------------------------------------------------------------

/** Extra person details the spec keeps beside the auth user (storefront.md "User metadata"). */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  phone: text("phone"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A user is an admin when their id is in this table (admin.md section 6). */
export const adminUsers = pgTable("admin_users", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: uuidId(),
    name: text("name").notNull(), // 'Product Name'
    productUrl: text("product_url"), // 'Product URL'
    image: text("image"), // 'Product Image' (comma-separated list or one URL)
    pricePence: integer("price_pence").notNull(), // 'Price (GBP)', the base price before markup
    originalPricePence: integer("original_price_pence"),
    discountPercentage: integer("discount_percentage"),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }),
    numberOfSales: integer("number_of_sales").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    soldQuantity: integer("sold_quantity").notNull().default(0), // 'Sold Quantity'
    bestsellerRank: text("bestseller_rank"), // 'Bestseller Rank'
    storeName: text("store_name"),
    storeFeedbackPercentage: numeric("store_feedback_percentage", { precision: 5, scale: 2, mode: "number" }),
    shippingInformation: text("shipping_information"),
    shippingInfo: text("shipping_info"),
    returnRefundPolicy: text("return_refund_policy"),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    stock: integer("stock").notNull().default(0),
    inStock: boolean("in_stock").notNull().default(true),
    isActive: boolean("is_active").notNull().default(true),
    // Derived on every write from the image fields with the domain's image rules: listings show
    // only products with at least one valid image, and this lets the database filter and page them.
    hasValidImage: boolean("has_valid_image").notNull().default(false),
    availableColors: text("available_colors").array().notNull().default(sql`'{}'::text[]`),
    availableSizes: text("available_sizes").array().notNull().default(sql`'{}'::text[]`),
    productImages: text("product_images").array().notNull().default(sql`'{}'::text[]`),
    productGallery: text("product_gallery").array().notNull().default(sql`'{}'::text[]`),
    specifications: jsonb("specifications").$type<ProductSpecifications>(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    // Storefront discovery (search, colour filter), kept by the database from the columns they
    // derive from so no writer (seed, editor, spreadsheet, scraper) can forget them. The SQL
    // functions are the migration's copies of the domain rules (docs/search.md).
    colourFamilies: text("colour_families")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`shop_colour_families(available_colors)`),
    searchDocument: tsvector("search_document")
      .notNull()
      .generatedAlwaysAs(sql`shop_search_document(name, category, available_colors, description)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Search matches the weighted document (name, category, colours and their families,
    // description) by full-text search; typos match the name by trigrams (products_name_trgm_idx).
    index("products_search_document_idx").using("gin", t.searchDocument),
    // (Migration 0010 also adds products_category_facets_idx by hand: drizzle cannot write INCLUDE.)
    // Category pages sorted by price, a page at a time (price_pence is the price paid, before markup).
    index("products_category_price_idx")
      .on(t.category, t.pricePence, t.id)
      .where(sql`${t.isActive} and ${t.hasValidImage}`),
    // Category pages list active products of one category, newest first, a page at a time.
    index("products_category_listing_idx")
      .on(t.category, t.createdAt.desc(), t.id)
      .where(sql`${t.isActive} and ${t.hasValidImage}`),
    // Home and "all products" listings of active products, newest first.
    index("products_listing_idx").on(t.createdAt.desc(), t.id).where(sql`${t.isActive} and ${t.hasValidImage}`),
    // Imports skip a product whose name already exists (admin.md section 5); case-insensitive.
    index("products_name_lower_idx").on(sql`lower(${t.name})`),
    // The admin Products page lists every product (inactive and imageless too), newest first,
    // with or without a category, a page at a time; its search matches anywhere in the name.
    index("products_admin_list_idx").on(t.createdAt.desc(), t.id),
    index("products_admin_category_idx").on(t.category, t.createdAt.desc(), t.id),
    index("products_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    check("products_price_not_negative", sql`${t.pricePence} >= 0`),
    check("products_stock_not_negative", sql`${t.stock} >= 0`),
  ],
);

export type ProductSpecifications = {
  material?: string;
  pattern?: string;
  occasion?: string;
  care?: string;
  variants?: string[];
  feedback?: string;
  followers?: string;
};

/** A signed-in shopper's cart line: one row per user + product + size + colour. */
export const cartItems = pgTable(
  "cart_items",
  {
    id: uuidId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    // '' (not NULL) for "no size" / "no colour", so the unique index below really is unique.
    selectedSize: text("selected_size").notNull().default(""),
    selectedColor: text("selected_color").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cart_items_line_unique").on(t.userId, t.productId, t.selectedSize, t.selectedColor),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * Guest carts already moved into an account: a fingerprint of the lines as the browser sent them.
 * The same guest cart sent again (two tabs signing in at once, or a merge whose answer was lost
 * so the browser kept its cart) is then not added a second time.
 */
export const guestCartMerges = pgTable(
  "guest_cart_merges",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    mergedAt: timestamp("merged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprint] })],
);

export type OrderCustomer = { firstName: string; lastName: string; email: string; phone?: string };
export type OrderShippingAddress = {
  firstName?: string;
  lastName?: string;
  address: string;
  city: string;
  region?: string;
  postalCode: string;
  phone?: string;
  country: string;
};

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuidId(),
    code: text("code").notNull().unique(),
    description: text("description"),
    discountType: text("discount_type", { enum: ["percentage", "fixed"] }).notNull(),
    // Percent (e.g. 15.5) for percentage codes; pence for fixed codes.
    discountValue: numeric("discount_value", { precision: 10, scale: 2, mode: "number" }).notNull(),
    minOrderAmountPence: integer("min_order_amount_pence"),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("discount_codes_type_valid", sql`${t.discountType} in ('percentage', 'fixed')`),
    check("discount_codes_value_positive", sql`${t.discountValue} > 0`),
    check("discount_codes_used_not_negative", sql`${t.usedCount} >= 0`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuidId(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    subtotalPence: integer("subtotal_pence").notNull(),
    shippingPence: integer("shipping_pence").notNull().default(0),
    shippingMethod: text("shipping_method", { enum: ["standard", "express"] }).notNull().default("standard"),
    discountPence: integer("discount_pence").notNull().default(0),
    discountCodeId: text("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    totalAmountPence: integer("total_amount_pence").notNull(),
    currency: text("currency").notNull().default("GBP"),
    customer: jsonb("customer").$type<OrderCustomer>().notNull(),
    customerEmail: text("customer_email").notNull(), // lower-cased copy of customer.email for look-ups
    shippingAddress: jsonb("shipping_address").$type<OrderShippingAddress>(),
    stripeSessionId: text("stripe_session_id").unique(),
    paymentProvider: text("payment_provider").notNull().default("local"),
    /**
     * Placed from the signed-in shopper's own cart (not Buy Now): the cart is kept until the
     * payment succeeds, and paying takes exactly these lines out of it (issue 15, item 2).
     */
    fromAccountCart: boolean("from_account_cart").notNull().default(false),
    /**
     * The cart a checkout was opened from: "account:<user id>" for a signed-in shopper's, or
     * "browser:<key>" for a guest's (the key in an HttpOnly cookie of that browser); null for Buy
     * Now. A cart has one payment page open at a time: a newer checkout of the same cart closes the
     * older ones, so two tabs (or two devices) cannot each charge for it.
     */
    checkoutCart: text("checkout_cart"),
    /** The newer checkout of the same cart that closed this one before it was paid. */
    replacedBy: text("replaced_by"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When its checkout ended without payment (expired, declined, the provider unreachable): the timeline shows it. */
    paymentFailedAt: timestamp("payment_failed_at", { withTimezone: true }),
    /** Why a paid order was not fulfilled and its payment refunded (decision 013); null otherwise. */
    cancelReason: text("cancel_reason", { enum: REFUND_REASONS }),
    /** When the provider confirmed the refund of a `refunded` order. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** The provider refused the refund: an admin must give the money back (decision 013). */
    refundError: text("refund_error"),
    /** A refund (succeeded or still at the provider) covered the shipping (order_refunds.covered). */
    shippingRefunded: boolean("shipping_refunded").notNull().default(false),
    /**
     * Pence given back so far, by the shop's automatic refund of a refused payment (decision 013)
     * or an admin's refunds (order_refunds, decision 035). An admin refund reserves its amount here
     * under the order's row lock before asking the provider, and the check below holds on every
     * engine: nothing can give back more than was paid.
     */
    refundedPence: integer("refunded_pence").notNull().default(0),
    /** When the payment reconciler last asked the provider about this order's session. */
    paymentCheckedAt: timestamp("payment_checked_at", { withTimezone: true }),
    // Fulfilment, set by the admin when the order is marked shipped (both optional).
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    // The names of the order's products as bought, for the admin search: written by the database
    // when its lines are inserted (migration 0018), as order lines never change afterwards.
    itemNames: text("item_names").notNull().default(""),
    // What the admin orders search matches (admin.md section 2: name, e-mail, order id, payment
    // session id; case-insensitive; ours: the postcode, with and without its space, the tracking
    // number and the products' names), kept by the database so no writer can forget it. The name
    // is read under both spellings the order card reads (admin.md section 3: first_name too).
    // Typographic apostrophes are kept as the plain one, as a search is (straightApostrophes):
    // "O’Neill" typed on a phone at checkout is found by "o'neill", and the other way round.
    searchText: text("search_text").generatedAlwaysAs(
      sql`translate(lower(id || ' ' || coalesce(stripe_session_id, '') || ' ' || customer_email || ' ' || coalesce(customer->>'firstName', customer->>'first_name', '') || ' ' || coalesce(customer->>'lastName', customer->>'last_name', '') || ' ' || coalesce(customer->>'email', '') || ' ' || coalesce(shipping_address->>'postalCode', '') || ' ' || replace(coalesce(shipping_address->>'postalCode', ''), ' ', '') || ' ' || coalesce(tracking_number, '') || ' ' || item_names), E'\\u2018\\u2019\\u02bc\\u2032', '''''''''')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_payment_status_idx").on(t.paymentStatus, t.paymentCheckedAt),
    index("orders_customer_email_idx").on(t.customerEmail),
    index("orders_created_idx").on(t.createdAt.desc()),
    // The admin orders screen lists by customer e-mail, then newest first (admin.md section 7),
    // with or without a status filter; search uses trigrams (docs/admin-performance.md).
    index("orders_admin_list_idx").on(t.customerEmail, t.createdAt.desc(), t.id),
    index("orders_admin_status_list_idx").on(t.status, t.customerEmail, t.createdAt.desc(), t.id),
    index("orders_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // The CSV export's keyset cursor walks (created_at, id) backwards, a batch at a time.
    index("orders_created_id_idx").on(t.createdAt, t.id),
    // The dashboard's "Awaiting fulfilment": paid orders (a part refund leaves the rest to send)
    // not yet shipped, delivered or cancelled (src/domain/admin/fulfilment.ts); few rows in a live
    // shop, so counting them is instant.
    index("orders_awaiting_fulfilment_idx")
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} in ('paid', 'partially_refunded') and ${t.status} not in ('shipped', 'delivered', 'completed', 'cancelled')`),
    // Orders that carry a discount code (few): the admin's "used on N orders" and its delete
    // check, checkout's held uses of a code, and the foreign key's "set null" on a code's delete.
    index("orders_discount_code_idx").on(t.discountCodeId).where(sql`${t.discountCodeId} is not null`),
    // A cart's checkouts still open (few): the ones a newer checkout of the same cart closes.
    index("orders_open_checkout_cart_idx").on(t.checkoutCart).where(sql`${t.checkoutCart} is not null and ${t.paymentStatus} = 'pending'`),
    check("orders_total_not_negative", sql`${t.totalAmountPence} >= 0`),
    check("orders_refunded_within_total", sql`${t.refundedPence} >= 0 and ${t.refundedPence} <= ${t.totalAmountPence}`),
  ],
);

/**
 * An admin's refund of a paid order, in full or in part (decision 035). Written `pending` with its
 * amount reserved on orders.refunded_pence before the provider is asked, then `succeeded` (the
 * provider's refund id kept) or `failed` (the reservation given back, the error kept). The
 * (order_id, idempotency_key) pair makes a repeated request (a double click) the same refund.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuidId(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    reason: text("reason").notNull(),
    /** The lines this refund put back in stock, once it succeeded. */
    restocked: jsonb("restocked").$type<{ itemId: string; productId: string | null; quantity: number }[]>().notNull().default(sql`'[]'::jsonb`),
    /** The lines the admin asked to put back, so a refund finished later (after an outage) restocks them. */
    restockRequested: jsonb("restock_requested").$type<{ itemId: string; quantity: number }[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * What the refund covered: units per line, whether or not they went back to stock, and
     * shipping. Added to order_items.refunded_quantity and orders.shipping_refunded when the
     * refund is reserved, and taken off again if the provider refuses it. Refunds from before it
     * was recorded cover nothing here (their restocked units were counted when it was added).
     */
    covered: jsonb("covered").$type<{ lines: { itemId: string; quantity: number }[]; shipping: boolean }>().notNull().default(sql`'{"lines":[],"shipping":false}'::jsonb`),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull().default("pending"),
    provider: text("provider").notNull(),
    providerRefundId: text("provider_refund_id"),
    error: text("error"),
    idempotencyKey: text("idempotency_key").notNull(),
    adminId: text("admin_id").notNull(),
    adminEmail: text("admin_email").notNull().default(""),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("order_refunds_idempotency_unique").on(t.orderId, t.idempotencyKey),
    check("order_refunds_amount_positive", sql`${t.amountPence} > 0`),
    check("order_refunds_status_valid", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * A payment attempt that failed while the order waited for it (a card the bank declined, a 3-D
 * Secure check not passed; the shopper may try another card): the owner sees each on the order's
 * timeline. Keyed by the provider's event, so an event delivered twice is recorded once.
 */
export const orderPaymentDeclines = pgTable(
  "order_payment_declines",
  {
    eventId: text("event_id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_payment_declines_order_idx").on(t.orderId, t.createdAt)],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuidId(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    unitPricePence: integer("unit_price_pence").notNull(), // storefront price at purchase
    selectedSize: text("selected_size"),
    selectedColor: text("selected_color"),
    productName: text("product_name").notNull(),
    productCategory: text("product_category").notNull(),
    /** Units put back in stock, by an admin's refund (decision 035) or a cancel; never more than were bought. */
    restockedQuantity: integer("restocked_quantity").notNull().default(0),
    /**
     * Of those, the units a cancel put back and no refund has since counted as returned: reopening
     * the order takes exactly these out of stock again.
     */
    cancelRestockedQuantity: integer("cancel_restocked_quantity").notNull().default(0),
    /**
     * Units refunds (succeeded or still at the provider) covered, back in stock or not
     * (order_refunds.covered): the refund dialog offers only the rest.
     */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    // Whether a product appears in orders (it is then deactivated, not deleted).
    index("order_items_product_idx").on(t.productId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_restocked_within_quantity", sql`${t.restockedQuantity} >= 0 and ${t.restockedQuantity} <= ${t.quantity}`),
    check("order_items_cancel_restocked_within_restocked", sql`${t.cancelRestockedQuantity} >= 0 and ${t.cancelRestockedQuantity} <= ${t.restockedQuantity}`),
    check("order_items_refunded_within_quantity", sql`${t.refundedQuantity} >= 0 and ${t.refundedQuantity} <= ${t.quantity}`),
  ],
);

/**
 * The admin Customers screen's figures per customer (admin.md section 2 "Customers are derived
 * from orders"): one row per valid customer e-mail, kept by the `orders_admin_stats` trigger in
 * the same transaction as every order write, so 40,000 customers list, sort and page without
 * aggregating 100,000 orders per request (decision 021). Never written by application code.
 */
export const customerStats = pgTable(
  "customer_stats",
  {
    email: text("email").primaryKey(), // orders.customer_email (lower case)
    // The last known ones: from the customer's newest order that has them (migration 0026).
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    /** Every order with this e-mail, paid or not. */
    ordersCount: integer("orders_count").notNull(),
    /** Paid orders only: what counts toward Total Orders, Total Spent and Last Order. */
    paidOrders: integer("paid_orders").notNull(),
    paidTotalPence: bigint("paid_total_pence", { mode: "number" }).notNull(),
    lastPaidAt: timestamp("last_paid_at", { withTimezone: true }),
    lastOrderAt: timestamp("last_order_at", { withTimezone: true }).notNull(),
    /** Lower-case name, e-mail, phone and the phone's digits, for the screen's search. */
    searchText: text("search_text").notNull(),
  },
  // NULLS FIRST is what "order by paid_total_pence desc" means: the page query walks this index.
  // The search's LIKE '%...%' is served by trigrams, as the orders search is.
  (t) => [
    index("customer_stats_spent_idx").on(t.paidTotalPence.desc().nullsFirst(), t.email),
    index("customer_stats_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The sums of customer_stats in one row (id 1), kept by the same trigger: the Customers screen's
 * summary cards and the dashboard's customer count without adding up 40,000 rows per request.
 */
export const customerTotals = pgTable(
  "customer_totals",
  {
    id: integer("id").primaryKey().default(1),
    customers: integer("customers").notNull().default(0),
    /** Customers with at least one paid order: the "Customers" an owner counts as buyers. */
    payingCustomers: integer("paying_customers").notNull().default(0),
    paidOrders: bigint("paid_orders", { mode: "number" }).notNull().default(0),
    paidTotalPence: bigint("paid_total_pence", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("customer_totals_single_row", sql`${t.id} = 1`)],
);

/**
 * Paid orders and revenue per day (Europe/London), kept by the same trigger: the dashboard's
 * all-time revenue and order count and its 30-day chart read a few hundred rows, not every order.
 */
export const orderDailyStats = pgTable("order_daily_stats", {
  day: date("day", { mode: "string" }).primaryKey(),
  paidOrders: integer("paid_orders").notNull().default(0),
  paidRevenuePence: bigint("paid_revenue_pence", { mode: "number" }).notNull().default(0),
});

/** Payment provider events already applied: the key to applying a payment exactly once. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(), // provider event id
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  sessionId: text("session_id"),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sessions of the built-in `local` payment provider (the offline stand-in for Stripe Checkout):
 * what the hosted payment page at /pay/{id} charges, and whether it was paid.
 */
export const localPaymentSessions = pgTable("local_payment_sessions", {
  id: text("id").primaryKey(), // cs_local_...
  orderId: text("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  amountPence: integer("amount_pence").notNull(),
  currency: text("currency").notNull().default("GBP"),
  status: text("status", { enum: ["open", "complete", "expired"] }).notNull().default("open"),
  paymentStatus: text("payment_status", { enum: ["unpaid", "paid", "refunded"] }).notNull().default("unpaid"),
  /** What the shop's refunds gave back of this payment, in part or in full (decision 035). */
  refundedPence: integer("refunded_pence").notNull().default(0),
  /** The idempotency keys of the refunds taken: one asked again with its key is answered, not taken twice (as Stripe does). */
  refundKeys: text("refund_keys").array().notNull().default(sql`'{}'::text[]`),
  customerEmail: text("customer_email"),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** `description`: the line's size and colour ("Size 40R, Colour Navy"), shown under its name. */
  lines: jsonb("lines").$type<{ name: string; description?: string; quantity: number; unitAmountPence: number }[]>().notNull(),
  shippingPence: integer("shipping_pence").notNull().default(0),
  discountPence: integer("discount_pence").notNull().default(0),
  collectCountries: jsonb("collect_countries").$type<string[] | null>(),
  /** What the page asked for when the shop did not know it (Buy Now): name and address. */
  collected: jsonb("collected").$type<{ name: string | null; payer?: string | null; phone?: string | null; address: { line1: string; line2?: string; city: string; state?: string; postalCode: string; country: string } | null } | null>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contactMessages = pgTable("contact_messages", {
  id: uuidId(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/** Single-row price settings (id is always 1). Defaults from storefront.md section 9. */
export const priceSettings = pgTable(
  "price_settings",
  {
    id: integer("id").primaryKey().default(1),
    markupPercent: numeric("markup_percent", { precision: 6, scale: 2, mode: "number" }).notNull().default(40),
    displayCurrency: text("display_currency", { enum: ["GBP", "GHS"] }).notNull().default("GBP"),
    exchangeRate: numeric("exchange_rate", { precision: 12, scale: 4, mode: "number" }).notNull().default(12.5),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("price_settings_single_row", sql`${t.id} = 1`),
    check("price_settings_markup_range", sql`${t.markupPercent} >= 0 and ${t.markupPercent} <= 1000`),
    check("price_settings_rate_positive", sql`${t.exchangeRate} > 0`),
  ],
);

/**
 * Single-row shop settings (id is always 1) an admin edits on /admin/settings. A null contact
 * e-mail or sender address falls back to the environment (SHOP_EMAIL, SHOP_SENDER_ADDRESS).
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    shopName: text("shop_name").notNull().default("Menswear Shop"),
    contactEmail: text("contact_email"),
    /** The sender and return block of shipping labels, one entry per line. */
    senderAddress: text("sender_address").array(),
    /** Shown on /contact when set. */
    contactPhone: text("contact_phone"),
    /** The footer's social links; a network without an address is not shown. */
    socialLinks: jsonb("social_links").$type<Partial<Record<"instagram" | "facebook" | "x" | "tiktok", string>>>(),
    /** Every admin must sign in with a TOTP code; one without it is sent to enrol first. */
    requireAdminTwoFactor: boolean("require_admin_two_factor").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check("shop_settings_single_row", sql`${t.id} = 1`)],
);

/** Transactional outbox: a mail is written in the same transaction as what caused it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuidId(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Whom a reply goes to when not the shop's contact address (the contact form's sender). */
    replyTo: text("reply_to"),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // The order a mail is about, so the admin's order timeline can list the e-mails sent.
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_pending_idx").on(t.status, t.availableAt), index("mail_outbox_order_idx").on(t.orderId)],
);

/**
 * Every admin action (status change, note, export, ...): who, what, when, before and after.
 * Written in the same transaction as the change; append-only (a trigger refuses UPDATE and
 * DELETE, see the migration). admin_id is not a foreign key: the trail outlives the account.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuidId(),
    adminId: text("admin_id").notNull(),
    adminEmail: text("admin_email").notNull().default(""),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_subject_idx").on(t.subjectType, t.subjectId, t.createdAt),
    index("admin_audit_created_idx").on(t.createdAt.desc()),
    // The security page's trail filtered by admin, newest first.
    index("admin_audit_admin_idx").on(t.adminId, t.createdAt.desc()),
  ],
);

/**
 * Background jobs (imports, Stripe product sync, ...), claimed by any app process with
 * FOR UPDATE SKIP LOCKED; see src/server/admin/jobs/jobs.server.ts. A running job holds a lease
 * (locked_until) that its process keeps extending; when the process dies the lease runs out and
 * another process runs the job again.
 */
export const adminJobs = pgTable(
  "admin_jobs",
  {
    id: uuidId(),
    kind: text("kind").notNull(),
    status: text("status", { enum: ["queued", "running", "succeeded", "failed"] }).notNull().default("queued"),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total"),
    result: jsonb("result"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    // At most one queued or running job per key (the partial unique index below): a second
    // "import suits" while one runs gets the running job back instead of a twin.
    singletonKey: text("singleton_key"),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // The admin who asked for it; not a foreign key, like the audit trail: the record outlives the account.
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("admin_jobs_claim_idx").on(t.status, t.createdAt).where(sql`${t.status} in ('queued', 'running')`),
    index("admin_jobs_kind_idx").on(t.kind, t.createdAt.desc()),
    uniqueIndex("admin_jobs_singleton_idx").on(t.singletonKey).where(sql`${t.status} in ('queued', 'running')`),
    check("admin_jobs_progress_not_negative", sql`${t.progressDone} >= 0 and (${t.progressTotal} is null or ${t.progressTotal} >= 0)`),
  ],
);

export const schema = {
  user,
  session,
  account,
  verification,
  rateLimit,
  twoFactor,
  profiles,
  adminUsers,
  products,
  cartItems,
  discountCodes,
  orders,
  orderItems,
  orderRefunds,
  customerStats,
  customerTotals,
  orderDailyStats,
  paymentEvents,
  localPaymentSessions,
  contactMessages,
  priceSettings,
  shopSettings,
  mailOutbox,
  adminAuditLog,
  adminJobs,
};

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type AdminJobRow = typeof adminJobs.$inferSelect;
