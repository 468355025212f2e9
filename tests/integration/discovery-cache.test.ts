// The discovery views' short-lived memo (decision 040): a kept view is computed once, a catalogue
// change made through the app is seen by the very next request, entries expire on their own, and
// the product cards (prices, stock) are read afresh even while the counts are kept.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_FILTERS, type DiscoveryQuery } from "../../src/domain/discovery.ts";
import { startApp } from "../../src/server/app-context.server.ts";
import { createDiscoveryCache } from "../../src/server/catalog/discovery-cache.server.ts";
import { discoverProducts, suggestProducts } from "../../src/server/catalog/discovery.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { loadConfig } from "../../src/server/config/env.server.ts";
import { products } from "../../src/server/db/schema.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";

const NOW = new Date("2026-11-23T12:00:00Z");

function query(q: string): DiscoveryQuery {
  return { q, sort: "featured", page: 1, filters: EMPTY_FILTERS };
}

function product(name: string, pricePence = 12_000) {
  return withDerivedFields({ name, category: "denim", pricePence, image: "/images/products/test-1.svg", stock: 4, availableColors: ["Navy"], availableSizes: ["32"] });
}

describeEachEngine("discovery cache", (get) => {
  beforeAll(async () => {
    await ensurePriceSettings(get().db);
  });

  it("keeps a search's counts until the catalogue changes, and a change is seen at once", async () => {
    const { db } = get();
    const cache = createDiscoveryCache({ ttlMs: 60_000 });
    await db.insert(products).values(product("Quillonweave Flannel Trousers"));
    const first = await discoverProducts(db, { category: null, query: query("quillonweave"), pageSize: 12, cache }, NOW);
    expect(first.total).toBe(1);

    await db.insert(products).values(product("Quillonweave Cord Trousers"));
    const kept = await discoverProducts(db, { category: null, query: query("quillonweave"), pageSize: 12, cache }, NOW);
    expect(kept.total).toBe(1);

    cache.clear(); // what the app does after every catalogue change (see the next test)
    const fresh = await discoverProducts(db, { category: null, query: query("quillonweave"), pageSize: 12, cache }, NOW);
    expect(fresh.total).toBe(2);
    expect(fresh.products.map((p) => p.name).sort()).toEqual(["Quillonweave Cord Trousers", "Quillonweave Flannel Trousers"]);
  });

  it("reads the product cards afresh while the counts are kept: a new price shows on the next request", async () => {
    const { db } = get();
    const cache = createDiscoveryCache({ ttlMs: 60_000 });
    const [row] = await db.insert(products).values(product("Pemberlance Linen Trousers", 10_000)).returning({ id: products.id });
    const before = await discoverProducts(db, { category: null, query: query("pemberlance"), pageSize: 12, cache }, NOW);
    await db.update(products).set({ pricePence: 8_000 }).where(eq(products.id, row!.id));
    const after = await discoverProducts(db, { category: null, query: query("pemberlance"), pageSize: 12, cache }, NOW);
    expect(after.products[0]!.price).toBeLessThan(before.products[0]!.price);
  });

  it("forgets a view once its lifetime is over", async () => {
    const { db } = get();
    let clock = 0;
    const cache = createDiscoveryCache({ ttlMs: 2_000, now: () => clock });
    await db.insert(products).values(product("Vardenholt Chino Trousers"));
    expect((await discoverProducts(db, { category: null, query: query("vardenholt"), pageSize: 12, cache }, NOW)).total).toBe(1);
    expect((await suggestProducts(db, "vardenh", cache)).products).toHaveLength(1);
    await db.insert(products).values(product("Vardenholt Wool Trousers"));
    clock = 1_000;
    expect((await discoverProducts(db, { category: null, query: query("vardenholt"), pageSize: 12, cache }, NOW)).total).toBe(1);
    expect((await suggestProducts(db, "vardenh", cache)).products).toHaveLength(1);
    clock = 2_000;
    expect((await discoverProducts(db, { category: null, query: query("vardenholt"), pageSize: 12, cache }, NOW)).total).toBe(2);
    expect((await suggestProducts(db, "vardenh", cache)).products).toHaveLength(2);
  });
});

describe("the app's discovery cache", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-discovery-cache-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is emptied by every catalogue change made through the app", async () => {
    const app = await startApp(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_CATALOGUE: "false" }));
    try {
      const cache = app.context.discoveryCache!;
      const { db } = app.context;
      await db.insert(products).values(product("Orrinbrook Twill Trousers"));
      expect((await discoverProducts(db, { category: "denim", query: query(""), pageSize: 12, cache }, NOW)).total).toBe(1);
      expect(cache.size()).toBeGreaterThan(0);
      await db.insert(products).values(product("Orrinbrook Cotton Trousers"));
      app.context.catalogueChanged();
      expect(cache.size()).toBe(0);
      expect((await discoverProducts(db, { category: "denim", query: query(""), pageSize: 12, cache }, NOW)).total).toBe(2);
    } finally {
      await app.close();
    }
  });
});
