// Sync Products to Stripe (issue 14, decision 036) against the fake Stripe server: every active
// product gets a Stripe Product and one active GBP Price at its storefront price; a second run
// changes nothing; a changed price makes a new Price and archives the old one; a product taken
// off sale is archived. On PGlite and PostgreSQL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { adminPayments } from "../../src/domain/messages/admin.ts";
import { STRIPE_SYNC_JOB, stripeSyncJob } from "../../src/server/admin/stripe/stripe-sync-job.server.ts";
import type { AppConfig } from "../../src/server/config/env.server.ts";
import { stripeProductId, syncProductsToStripe, type StripeSyncProgress } from "../../src/server/admin/stripe/stripe-sync.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { products } from "../../src/server/db/schema.ts";
import { createStripeProvider, type StripeProvider } from "../../src/server/payments/stripe-provider.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe.ts";

const SHOP = "http://shop.test";

describeEachEngine("Sync Products to Stripe", (get) => {
  let fake: FakeStripe;
  let stripe: StripeProvider;
  let ids: Record<string, string>;
  let run = 0;
  const sync = (onProgress?: (progress: StripeSyncProgress) => void) =>
    syncProductsToStripe(get().db, stripe.client, { runId: `run-${++run}`, publicUrl: SHOP, batchSize: 2, onProgress });

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: undefined, api: { host: "127.0.0.1", port: fake.port, protocol: "http" } });
    await ensurePriceSettings(get().db);
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(async () => {
    const { db } = get();
    fake.products.clear();
    fake.prices.clear();
    await db.delete(products);
    const rows = await db
      .insert(products)
      .values([
        withDerivedFields({ name: "Charcoal Suit", category: "suits", pricePence: 30_000, description: "Wool, two buttons", image: "/images/products/s-1.svg", stock: 4 }),
        withDerivedFields({ name: "Kente Kaftan", category: "kaftan", pricePence: 4_500, image: "https://images.example.com/kaftan.jpg", stock: 9 }),
        withDerivedFields({ name: "Old Tie", category: "ties", pricePence: 1_000, image: "/images/products/p-1.svg", stock: 1, isActive: false }),
      ])
      .returning({ id: products.id, name: products.name });
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  const activePrices = (productId: string) => [...fake.prices.values()].filter((price) => price.product === stripeProductId(productId) && price.active);

  it("creates a Product and a GBP Price at the storefront price for every active product", async () => {
    const seen: StripeSyncProgress[] = [];
    const result = await sync((progress) => void seen.push(progress));
    expect(result).toMatchObject({ done: 3, total: 3, created: 2, failed: [], pricesCreated: 2 });
    expect(seen.at(0)).toMatchObject({ done: 0, total: 3 });
    expect(seen.map((progress) => progress.done)).toEqual([0, 1, 2, 3]);

    const suit = fake.products.get(stripeProductId(ids["Charcoal Suit"]!))!;
    expect(suit).toMatchObject({ name: "Charcoal Suit", description: "Wool, two buttons", active: true, metadata: { product_id: ids["Charcoal Suit"] }, images: [`${SHOP}/images/products/s-1.svg`] });
    const [price] = activePrices(ids["Charcoal Suit"]!);
    expect(price).toMatchObject({ currency: "gbp", unit_amount: priceWithMarkup(30_000, 40) });
    expect(suit.default_price).toBe(price!.id);
    expect(fake.products.has(stripeProductId(ids["Old Tie"]!))).toBe(false);
  });

  it("sends the images the storefront shows, those listed only in 'Product URL' included, in the same order", async () => {
    const { db } = get();
    const productUrl = "https://cdn.example.com/suit-back.jpg, https://cdn.example.com/suit-side.jpg";
    await db.update(products).set({ productUrl }).where(eq(products.id, ids["Charcoal Suit"]!));
    await sync();
    const suit = fake.products.get(stripeProductId(ids["Charcoal Suit"]!))!;
    expect(suit.images).toEqual([`${SHOP}/images/products/s-1.svg`, "https://cdn.example.com/suit-back.jpg", "https://cdn.example.com/suit-side.jpg"]);
  });

  it("is idempotent: a second run creates no product and no price", async () => {
    await sync();
    const products = fake.products.size;
    const prices = fake.prices.size;
    const second = await sync();
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 3, pricesCreated: 0, pricesArchived: 0, failed: [] });
    expect(fake.products.size).toBe(products);
    expect(fake.prices.size).toBe(prices);
  });

  it("a changed price gets a new Price, made the default, and the old one is archived", async () => {
    const { db } = get();
    await sync();
    const [old] = activePrices(ids["Kente Kaftan"]!);
    await db.update(products).set({ pricePence: 5_000, name: "Kente Kaftan (new)" }).where(eq(products.id, ids["Kente Kaftan"]!));
    const result = await sync();
    expect(result).toMatchObject({ updated: 1, pricesCreated: 1, pricesArchived: 1 });
    const current = activePrices(ids["Kente Kaftan"]!);
    expect(current).toEqual([expect.objectContaining({ unit_amount: priceWithMarkup(5_000, 40) })]);
    expect(fake.prices.get(old!.id)!.active).toBe(false);
    expect(fake.products.get(stripeProductId(ids["Kente Kaftan"]!))).toMatchObject({ name: "Kente Kaftan (new)", default_price: current[0]!.id });
  });

  it("a product Stripe refuses is reported and the others still sync; the job fails with the spec's message", async () => {
    fake.failProductNamed("Kente Kaftan");
    try {
      const result = await sync();
      expect(result).toMatchObject({ done: 3, created: 1, failed: [{ productId: ids["Kente Kaftan"], name: "Kente Kaftan", error: expect.stringContaining("images must be public") }] });
      expect(fake.products.has(stripeProductId(ids["Charcoal Suit"]!))).toBe(true);
      const services = { payments: stripe, config: { publicUrl: SHOP } as AppConfig };
      const attempt = stripeSyncJob.run({ id: `job-refused-${run}`, kind: STRIPE_SYNC_JOB, payload: {}, createdBy: null, attempt: 1 }, { db: get().db, services, report: async () => {}, signal: new AbortController().signal });
      await expect(attempt).rejects.toMatchObject({ name: "JobFailure", message: adminPayments.syncFailed });
    } finally {
      fake.failProductNamed(null);
    }
    // The next run picks up where Stripe refused.
    expect(await sync()).toMatchObject({ created: 1, failed: [] });
  });

  it("archives the Stripe product of a product taken off sale", async () => {
    const { db } = get();
    await sync();
    await db.update(products).set({ isActive: false }).where(eq(products.id, ids["Charcoal Suit"]!));
    expect(await sync()).toMatchObject({ archived: 1 });
    expect(fake.products.get(stripeProductId(ids["Charcoal Suit"]!))!.active).toBe(false);
  });
});
