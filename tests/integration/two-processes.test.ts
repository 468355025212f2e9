// Several app processes behind a load balancer on one PostgreSQL (issue 10, item 25; the README's
// "Running several processes"): two built servers share a database, and one shopper's requests
// alternate between them. Sessions, carts, rate limits and exactly-once payment hold across
// both, and neither serves a price older than PAGE_CACHE_SECONDS after it changed.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { localWebhookSecret } from "../../src/server/app-context.server.ts";
import { mailOutbox, orders, priceSettings, products } from "../../src/server/db/schema.ts";
import { ORDER_LOOKUP_LIMIT } from "../../src/server/orders/orders.server.ts";
import { createLocalProvider } from "../../src/server/payments/local-provider.server.ts";
import { availableEngines, createTestDatabase } from "../helpers/databases.ts";
import { sharedTestBuild, startShopServer, type ShopServer } from "../helpers/server-process.ts";
import { createCheckout, insertProduct, postJson, signIn, signUp, uniqueEmail } from "../helpers/shopper-http.ts";

const AUTH_SECRET = "two-processes-secret-two-processes-secret-01";
const PAGE_CACHE_SECONDS = 2;
/** Time for a request to reach the server's cache on a busy machine, on top of the cache's own lifetime. */
const REACH_MARGIN_MS = 1_000;

const get = (url: string, cookie = "") => fetch(url, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(15_000) });

describe.runIf(availableEngines().includes("postgres"))("two app processes on one PostgreSQL (built server)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: ShopServer;
  let b: ShopServer;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    const [buildDir, created] = await Promise.all([sharedTestBuild(inject("testBuildRoot")), createTestDatabase("postgres")]);
    database = created;
    const start = () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-two-"));
      dataDirs.push(dataDir);
      return startShopServer({
        dataDir,
        buildDir,
        env: { DATABASE_URL: database.url!, BETTER_AUTH_SECRET: AUTH_SECRET, PAGE_CACHE_SECONDS: String(PAGE_CACHE_SECONDS) },
      });
    };
    [a, b] = await Promise.all([start(), start()]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("keep one shopper's session and cart, and apply the payment exactly once, whichever process answers", async () => {
    const productId = await insertProduct(database.db, { name: "Shared Silk Tie", pricePence: 3_000, stock: 5 });
    const email = uniqueEmail("two");
    await signUp(a.url, email);

    // Signed in on B, the session works on A.
    const signedIn = await signIn(b.url, email);
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.cookie;

    // Added to the cart on A, the cart on B holds it.
    const added = await postJson(a.url, "/api/cart/items", { productId, size: null, colour: "Navy", quantity: 1 }, cookie);
    expect(added.status, await added.clone().text()).toBe(201);
    const cart = await get(`${b.url}/api/cart`, cookie);
    expect(cart.status).toBe(200);
    expect(await cart.text()).toContain(productId);

    // Checkout on B from the server-side cart.
    const opened = await createCheckout(b.url, { cookie, email });
    expect(opened.status, await opened.clone().text()).toBe(201);
    const { sessionId } = (await opened.json()) as { sessionId: string };

    // The provider records the payment, and its signed event reaches both processes at once,
    // twice each (a provider retrying, a load balancer fanning out), while the shopper's browser
    // verifies the session on both.
    const provider = createLocalProvider(database.db, { publicUrl: a.url, webhookSecret: localWebhookSecret(AUTH_SECRET) });
    const event = await provider.completeSession(sessionId, { email: null, name: null, address: null });
    const deliveries = [a, b, a, b].map((server) =>
      fetch(`${server.url}/api/payments/webhook`, { method: "POST", headers: event!.headers, body: event!.rawBody, signal: AbortSignal.timeout(15_000) }),
    );
    const verifications = [b, a].map((server) => postJson(server.url, "/api/checkout/verify", { sessionId }));
    expect((await Promise.all(deliveries)).map((response) => response.status)).toEqual([200, 200, 200, 200]);
    for (const verified of await Promise.all(verifications)) {
      expect(await verified.json()).toMatchObject({ success: true, status: "paid" });
    }

    // Paid once: one unit taken from stock, one confirmation e-mail.
    const [order] = await database.db.select().from(orders).where(eq(orders.stripeSessionId, sessionId));
    expect(order).toMatchObject({ paymentStatus: "paid" });
    const [product] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    expect(product!.stock).toBe(4);
    const confirmations = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, "Order % confirmed")));
    expect(confirmations).toHaveLength(1);

    // The account's orders list it on either process; the cart is empty on both.
    for (const server of [a, b]) {
      const page = await get(`${server.url}/account/orders`, cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Shared Silk Tie");
      expect(JSON.stringify(await (await get(`${server.url}/api/cart`, cookie)).json())).not.toContain(productId);
    }
  });

  it("count rate-limited attempts across both processes", async () => {
    // Order look-ups are limited per client address; alternate between the processes.
    const lookup = (server: ShopServer) =>
      fetch(`${server.url}/orders/lookup`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ orderNumber: "ABCD1234", email: "nobody@example.com" }),
        signal: AbortSignal.timeout(15_000),
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < ORDER_LOOKUP_LIMIT.max; attempt++) statuses.push((await lookup(attempt % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array(ORDER_LOOKUP_LIMIT.max).fill(404));
    // The limit is used up: each process refuses the next one, though each saw only half.
    expect((await lookup(a)).status).toBe(429);
    expect((await lookup(b)).status).toBe(429);
  });

  it("never serve a price older than PAGE_CACHE_SECONDS after it changed on the other process", async () => {
    const productId = await insertProduct(database.db, { name: "Repriced Silk Tie", pricePence: 1_000, stock: 5 });
    const priceOn = async (server: ShopServer) => ((await (await get(`${server.url}/api/products/${productId}`)).json()) as { price: number }).price;
    const [before] = await database.db.select({ markup: priceSettings.markupPercent }).from(priceSettings).where(eq(priceSettings.id, 1));
    const oldPrice = priceWithMarkup(1_000, before!.markup);
    // Both processes have the page in their cache.
    expect(await priceOn(a)).toBe(oldPrice);
    expect(await priceOn(b)).toBe(oldPrice);

    // The owner changes the markup (as the settings page on either process does: one row in the database).
    const newMarkup = before!.markup + 10;
    await database.db.update(priceSettings).set({ markupPercent: newMarkup }).where(eq(priceSettings.id, 1));
    const changedAt = Date.now();
    const newPrice = priceWithMarkup(1_000, newMarkup);
    expect(newPrice).not.toBe(oldPrice);

    // A stale answer is allowed only to a request sent within PAGE_CACHE_SECONDS of the change
    // (plus the time a request takes to reach the cache on a busy machine).
    const seenNew = { a: false, b: false };
    const servers = { a, b };
    while (!seenNew.a || !seenNew.b) {
      for (const name of ["a", "b"] as const) {
        if (seenNew[name]) continue;
        const sentAfterMs = Date.now() - changedAt;
        const price = await priceOn(servers[name]);
        if (price === newPrice) {
          seenNew[name] = true;
          continue;
        }
        expect(price).toBe(oldPrice);
        expect(sentAfterMs, `process ${name} served the old price to a request sent ${sentAfterMs} ms after the change`).toBeLessThanOrEqual(
          PAGE_CACHE_SECONDS * 1000 + REACH_MARGIN_MS,
        );
      }
      await sleep(100);
    }
    // And it stays new: no process goes back to a copy made before the change.
    for (const server of [a, b, a, b]) expect(await priceOn(server)).toBe(newPrice);
    await database.db.update(priceSettings).set({ markupPercent: before!.markup }).where(eq(priceSettings.id, 1));
  });
});
