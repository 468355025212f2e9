// A PostgreSQL restart while shoppers check out and pay (issue 10, items 1 and 22), on the
// production build: the process keeps running, answers 503 on /api/health and clean error pages
// while the database is away (a signed-in shopper is never told to sign in), and serves again
// within seconds of the database coming back, without a restart.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrors, cartErrors } from "../../src/domain/messages/cart.ts";
import { general } from "../../src/domain/messages/layout.ts";
import { findPostgresBinDir, type PostgresServer } from "../helpers/postgres-server.ts";
import type { ShopServer } from "../helpers/server-process.ts";
import { startShopOnOwnPostgres, type ShopOnOwnPostgres } from "../helpers/shop-on-own-postgres.ts";
import { createCheckout, insertProduct, payWithCard, signUp, uniqueEmail } from "../helpers/shopper-http.ts";

/** How soon after PostgreSQL accepts connections again the shop must serve (health 200, a checkout). */
const RECOVERY_LIMIT_MS = 10_000;
const CONCURRENT_SHOPPERS = 6;

const get = (url: string, cookie = "") => fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual", signal: AbortSignal.timeout(15_000) });

async function waitFor(shop: ShopServer, what: string, limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (!shop.running()) throw new Error(`${what}: the shop's process ended (${JSON.stringify(shop.exit())}):\n${shop.output()}`);
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await sleep(100);
  }
}

// Its own PostgreSQL: this test stops and starts it, which the suites sharing the global one must not see.
describe.runIf(findPostgresBinDir() !== null)("a PostgreSQL restart under checkout and payment traffic (built server)", () => {
  let running: ShopOnOwnPostgres | undefined;
  let postgres: PostgresServer;
  let shop: ShopServer;
  let productId: string;

  beforeAll(async () => {
    // Every shopper here checks out from 127.0.0.1, as fast as the shop answers: no per-address limit.
    running = await startShopOnOwnPostgres("restart", { BETTER_AUTH_SECRET: "restart-test-secret-restart-test-secret-0123", PAGE_CACHE_SECONDS: "0", CHECKOUT_LIMIT: "0" });
    ({ postgres, shop } = running);
    productId = await insertProduct(running.database.db, { name: "Restart Silk Tie", pricePence: 2_000, stock: 10_000 });
  });

  afterAll(async () => {
    await running?.stop();
  });

  it("keeps running, answers 503 while the database is away and serves again within seconds", async () => {
    const cookie = await signUp(shop.url, uniqueEmail("restart"));
    expect((await get(`${shop.url}/api/cart`, cookie)).status).toBe(200);

    // Shoppers check out and pay without pause until told to stop; every answer is kept.
    const statuses: number[] = [];
    let paid = 0;
    let stopTraffic = false;
    const shopper = async () => {
      while (!stopTraffic) {
        try {
          const opened = await createCheckout(shop.url, { productId, email: uniqueEmail("buyer") });
          statuses.push(opened.status);
          if (opened.status !== 201) {
            await opened.body?.cancel();
            continue;
          }
          const { sessionId } = (await opened.json()) as { sessionId: string };
          const payment = await payWithCard(shop.url, sessionId);
          statuses.push(payment.status);
          await payment.body?.cancel();
          if (payment.status === 302) paid++;
        } catch {
          statuses.push(0); // the connection failed: only acceptable if the process died, checked below
        }
      }
    };
    const traffic = Array.from({ length: CONCURRENT_SHOPPERS }, shopper);
    await waitFor(shop, "payments before the restart", 60_000, async () => paid >= CONCURRENT_SHOPPERS);

    postgres.shutDown(); // pg_ctl stop -m fast: every connection, idle or in a transaction, is terminated
    const paidBeforeOutage = paid;

    await waitFor(shop, "health 503 while the database is away", 15_000, async () => (await get(`${shop.url}/api/health`)).status === 503);
    expect(shop.running()).toBe(true);

    // A signed-in shopper's cart: 503 with a clear message, never "Please sign in".
    const cart = await get(`${shop.url}/api/cart`, cookie);
    const cartBody = (await cart.json()) as { error: string };
    expect(cart.status).toBe(503);
    expect(cartBody.error).toBe(apiErrors.unavailable);
    expect(cartBody.error).not.toBe(cartErrors.signInRequired);
    expect(cart.headers.get("retry-after")).toBeTruthy();

    // The JSON API a guest uses answers the same way (it reads no session that would say so).
    for (const [path, init] of [
      ["/api/products?q=silk", {}],
      ["/api/checkout", { method: "POST", headers: { "content-type": "application/json", origin: shop.url }, body: JSON.stringify({ source: "cart", items: [{ product_id: productId, quantity: 1 }] }) }],
    ] as const) {
      const answer = await fetch(`${shop.url}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get("retry-after"), path).toBeTruthy();
      expect(await answer.json(), path).toEqual({ error: apiErrors.unavailable });
    }

    // Pages show the shop's error screen, with no stack trace, as a 503 to come back to (signed
    // in or not), not a 500.
    for (const [page, pageCookie] of [["/", ""], ["/cart", cookie], [`/product/${productId}`, ""]] as const) {
      const answer = await get(`${shop.url}${page}`, pageCookie);
      const html = await answer.text();
      expect(answer.status, page).toBe(503);
      expect(answer.headers.get("retry-after"), page).toBeTruthy();
      expect(html, page).toContain(general.errorScreen);
      expect(html, page).not.toMatch(/\n\s+at |node_modules|terminating connection|ECONNREFUSED/);
    }
    // The page's own data requests (a link followed, a form sent once the page runs) say the same.
    for (const [data, dataCookie] of [["/_root.data", ""], ["/cart.data", cookie], [`/product/${productId}.data`, ""]] as const) {
      const answer = await get(`${shop.url}${data}`, dataCookie);
      await answer.body?.cancel();
      expect(answer.status, data).toBe(503);
      expect(answer.headers.get("retry-after"), data).toBeTruthy();
    }

    postgres.startAgain();
    const backAfterMs = await waitFor(shop, "health 200 after the database is back", RECOVERY_LIMIT_MS, async () => (await get(`${shop.url}/api/health`)).status === 200);
    await waitFor(shop, "a payment after the database is back", RECOVERY_LIMIT_MS - backAfterMs, async () => paid > paidBeforeOutage);
    stopTraffic = true;
    await Promise.all(traffic);

    expect(shop.running(), shop.output()).toBe(true);
    // Refused connections would mean the process went away at some point.
    expect(statuses.filter((status) => status === 0)).toEqual([]);
    // Outage answers are server errors (5xx), never a 4xx that blames the shopper.
    expect(statuses.filter((status) => status >= 400 && status < 500)).toEqual([]);
    expect((await get(`${shop.url}/api/cart`, cookie)).status).toBe(200);
    expect(shop.output()).not.toMatch(/Unhandled 'error' event|uncaughtException/);
  });
});
