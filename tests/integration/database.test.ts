import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems, discountCodes, priceSettings, products, user } from "../../src/server/db/schema.ts";
import { ensurePriceSettings, getPriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { databaseIsHealthy } from "../../src/server/health/health.server.ts";
import pg from "pg";
import { availableEngines, createTestDatabase, describeEachEngine } from "../helpers/databases.ts";
import { endOfClients, recordPgClients } from "../helpers/pg-clients.ts";

const EXPECTED_TABLES = [
  "account",
  "admin_audit_log",
  "admin_jobs",
  "admin_users",
  "cart_items",
  "contact_messages",
  "customer_stats",
  "customer_totals",
  "discount_codes",
  "guest_cart_merges",
  "local_payment_sessions",
  "mail_outbox",
  "order_daily_stats",
  "order_items",
  "order_payment_declines",
  "order_refunds",
  "orders",
  "payment_events",
  "price_settings",
  "products",
  "profiles",
  "rate_limit",
  "session",
  "shop_settings",
  "two_factor",
  "user",
  "verification",
];

async function tableNames(db: Parameters<typeof databaseIsHealthy>[0]): Promise<string[]> {
  const result = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
  return (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
}

describeEachEngine("migrations", (get) => {
  it("create every table of both spec documents", async () => {
    expect(await tableNames(get().db)).toEqual(EXPECTED_TABLES);
  });

  it("are a no-op when run again", async () => {
    await get().migrate();
    expect(await tableNames(get().db)).toEqual(EXPECTED_TABLES);
  });

  it("store price settings with the spec's defaults (40%, GBP, 12.5)", async () => {
    await ensurePriceSettings(get().db);
    await ensurePriceSettings(get().db);
    const rows = await get().db.select().from(priceSettings);
    expect(rows).toHaveLength(1);
    expect(await getPriceSettings(get().db)).toEqual({ markupPercent: 40, currency: "GBP", exchangeRate: 12.5 });
  });

  it("allow only one price settings row", async () => {
    await expect(get().db.insert(priceSettings).values({ id: 2 })).rejects.toThrow();
  });

  it("keep one cart row per user, product, size and colour", async () => {
    const { db } = get();
    await db.insert(user).values({ id: "u1", name: "A", email: "a@example.com" });
    const [product] = await db
      .insert(products)
      .values({ name: "Navy Suit", pricePence: 20000, category: "suits", stock: 3 })
      .returning();
    const line = { userId: "u1", productId: product!.id, quantity: 1, selectedSize: "M", selectedColor: "Navy" };
    await db.insert(cartItems).values(line);
    await expect(db.insert(cartItems).values(line)).rejects.toThrow();
    // A different size is a different line.
    await db.insert(cartItems).values({ ...line, selectedSize: "L" });
    const rows = await db.select().from(cartItems).where(eq(cartItems.userId, "u1"));
    expect(rows).toHaveLength(2);
  });

  it("refuse a zero quantity, a negative price and negative stock", async () => {
    const { db } = get();
    await expect(db.insert(products).values({ name: "Bad", pricePence: -1, category: "ties" })).rejects.toThrow();
    await expect(db.insert(products).values({ name: "Bad", pricePence: 100, category: "ties", stock: -1 })).rejects.toThrow();
    const [product] = await db.insert(products).values({ name: "Silk Tie", pricePence: 1500, category: "ties" }).returning();
    await expect(db.insert(cartItems).values({ userId: "u1", productId: product!.id, quantity: 0 })).rejects.toThrow();
  });

  it("keep discount codes unique", async () => {
    const { db } = get();
    const code = { code: "WELCOME10", discountType: "percentage" as const, discountValue: 10 };
    await db.insert(discountCodes).values(code);
    await expect(db.insert(discountCodes).values(code)).rejects.toThrow();
  });

  it("answer the health check with a real round trip", async () => {
    expect(await databaseIsHealthy(get().db)).toBe(true);
  });
});

describe("health check", () => {
  it("reports unhealthy once the database is gone", async () => {
    const handle = await createTestDatabase("pglite");
    await handle.close();
    expect(await databaseIsHealthy(handle.db)).toBe(false);
  });
});

describe.runIf(availableEngines().includes("postgres"))("PostgreSQL connections", () => {
  it("survive the server dropping idle connections: the process keeps running and the next query works", async () => {
    const handle = await createTestDatabase("postgres");
    const poolClients = recordPgClients();
    try {
      // Open several pooled connections and leave them idle.
      await Promise.all(Array.from({ length: 4 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)));
      expect(poolClients().length).toBeGreaterThan(1);
      const heard = endOfClients(poolClients());
      const admin = new pg.Client({ connectionString: handle.url });
      await admin.connect();
      const dropped = await admin.query(
        "select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) t",
      );
      await admin.end();
      expect(dropped.rows[0].n).toBeGreaterThan(0);
      // Every pooled connection has heard it was dropped (an unhandled 'error' event would fail
      // this test), so the health check below needs a new one.
      await heard();
      expect(await databaseIsHealthy(handle.db)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
