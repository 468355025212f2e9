import { randomBytes } from "node:crypto";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../../tests/helpers/listen.ts";
import { createPageCache, PAGE_CACHE_HEADER, type PageCacheOptions } from "./page-cache.ts";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

type Page = (req: express.Request, res: express.Response) => void | Promise<void>;

/** A host like ours: a nonce per response, compression, the cache, then the page. */
async function serve(page: Page, options: Partial<PageCacheOptions> = {}) {
  let clock = 1_000;
  let renders = 0;
  let arrivals = 0;
  const awaitingArrivals: { count: number; arrived: () => void }[] = [];
  const app = express();
  // Counts the requests the server has received, before the cache can answer or hold them.
  app.use((_req, _res, next) => {
    arrivals++;
    for (const waiter of awaitingArrivals) if (arrivals >= waiter.count) waiter.arrived();
    next();
  });
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(compression());
  const cache = createPageCache({
    ttlMs: 2_000,
    maxEntries: 10,
    maxTotalBytes: 1024 * 1024,
    maxBodyBytes: 64 * 1024,
    isPublicPath: (path) => path.startsWith("/public"),
    varyCookie: "currency",
    now: () => clock,
    ...options,
  });
  app.all("*splat", cache, (req, res) => {
    renders++;
    void page(req, res);
  });
  const { base, close: stop } = await listenOnLoopback(app);
  close = stop;
  return {
    get: (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers }),
    renders: () => renders,
    /** Resolves once the server has received this many requests in all. */
    arrived: (count: number) => new Promise<void>((arrived) => (arrivals >= count ? arrived() : awaitingArrivals.push({ count, arrived }))),
    advance: (ms: number) => void (clock += ms),
    clear: () => cache.clear(),
  };
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

const pageWithNonce: Page = (req, res) => {
  const nonce = String(res.locals.cspNonce);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=0");
  res.write(`<html><body><h1>${req.path}</h1>`);
  res.end(`<script nonce="${nonce}">hydrate()</script></body></html>`);
};

describe("page cache", () => {
  it("renders a public page once and serves it again until it ages out", async () => {
    const shop = await serve(pageWithNonce);
    const first = await shop.get("/public/a");
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    const firstBody = await first.text();
    const second = await shop.get("/public/a");
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0");
    expect(shop.renders()).toBe(1);
    // The same page apart from the nonce.
    expect((await second.text()).replace(/nonce="[^"]+"/, "")).toBe(firstBody.replace(/nonce="[^"]+"/, ""));

    shop.advance(2_000);
    const aged = await shop.get("/public/a");
    expect(aged.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    await aged.text();
    expect(shop.renders()).toBe(2);
  });

  it("gives every response its own CSP nonce, in the header and in the page alike", async () => {
    const shop = await serve(pageWithNonce);
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await shop.get("/public/a", { "accept-encoding": i === 1 ? "gzip" : "br" });
      const headerNonce = nonceOf(response.headers.get("content-security-policy"));
      const body = await response.text();
      expect(body).toContain(`<script nonce="${headerNonce}">`);
      nonces.add(headerNonce!);
    }
    expect(nonces.size).toBe(3);
    expect(shop.renders()).toBe(1);
  });

  it("serves a hit gzipped by itself, brotli through the compression middleware, or plain, each whole", async () => {
    const long = Array.from({ length: 200 }, (_, i) => `<p>line ${i} of the page</p>`).join("");
    const shop = await serve((_req, res) => {
      const nonce = String(res.locals.cspNonce);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<script nonce="${nonce}">a()</script>${long}<script nonce="${nonce}">b()</script>£ end`);
    });
    await (await shop.get("/public/a")).text();
    for (const encoding of ["gzip", "br", "identity"]) {
      const hit = await shop.get("/public/a", { "accept-encoding": encoding });
      expect(hit.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      expect(hit.headers.get("content-encoding") ?? "identity").toBe(encoding);
      const nonce = nonceOf(hit.headers.get("content-security-policy"));
      expect(await hit.text()).toBe(`<script nonce="${nonce}">a()</script>${long}<script nonce="${nonce}">b()</script>£ end`);
    }
    expect(shop.renders()).toBe(1);
  });

  it("keeps pages apart by URL and by display currency", async () => {
    const shop = await serve(pageWithNonce);
    for (const [path, cookie] of [
      ["/public/a", ""],
      ["/public/a?page=2", ""],
      ["/public/a", "currency=GHS"],
      ["/public/b", ""],
    ] as const) {
      await (await shop.get(path, cookie ? { cookie } : {})).text();
    }
    expect(shop.renders()).toBe(4);
    await (await shop.get("/public/a", { cookie: "currency=GHS" })).text();
    expect(shop.renders()).toBe(4);
  });

  it("never keeps a page for ambiguous or malformed cookies, which the app may read differently", async () => {
    const shop = await serve(pageWithNonce);
    // `currency=GHS; currency=` once made a cedi page the cached page for shoppers without a cookie.
    for (const cookie of ["currency=GHS; currency=", "currency=GHS; currency=GBP", "currency=%; currency=GHS", "currency=%E0%A4%A", "=GHS"]) {
      const answer = await shop.get("/public/a", { cookie });
      expect(answer.headers.get(PAGE_CACHE_HEADER), cookie).toBeNull();
      await answer.text();
    }
    expect(shop.renders()).toBe(5);
    await (await shop.get("/public/a")).text();
    await (await shop.get("/public/a", { cookie: "currency=" })).text();
    expect(shop.renders()).toBe(6);
  });

  it("keys a page by the decoded cookie value, as the app reads it", async () => {
    const shop = await serve(pageWithNonce);
    await (await shop.get("/public/a", { cookie: "currency=GHS" })).text();
    await (await shop.get("/public/a", { cookie: "currency=%47HS" })).text();
    await (await shop.get("/public/a", { cookie: 'currency="GHS"' })).text();
    expect(shop.renders()).toBe(1);
  });

  it("never shares a page with a shopper who has any other cookie (a session), nor private pages", async () => {
    const shop = await serve(pageWithNonce);
    await (await shop.get("/public/a")).text();
    const signedIn = await shop.get("/public/a", { cookie: "currency=GBP; shop.session_token=abc" });
    expect(signedIn.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    await signedIn.text();
    await (await shop.get("/cart")).text();
    await (await shop.get("/cart")).text();
    expect(shop.renders()).toBe(4);
  });

  it("does not keep errors, pages that set a cookie, or private answers", async () => {
    let status = 500;
    const shop = await serve((req, res) => {
      if (req.path === "/public/cookie") res.setHeader("Set-Cookie", "a=b");
      if (req.path === "/public/private") res.setHeader("Cache-Control", "private, no-store");
      res.status(req.path === "/public/error" ? status : 200).end("page");
    });
    for (const path of ["/public/error", "/public/cookie", "/public/private"]) {
      await (await shop.get(path)).text();
      await (await shop.get(path)).text();
    }
    expect(shop.renders()).toBe(6);
    status = 200;
    await (await shop.get("/public/error")).text();
    expect((await shop.get("/public/error")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });

  it("renders a page once when many shoppers ask for it at the same moment", async () => {
    const shoppers = 8;
    // The page is held until the server has received every request, so all of them are provably in
    // flight while it renders: none can be a plain hit on a page already kept.
    const shop = await serve(async (_req, res) => {
      await shop.arrived(shoppers);
      res.end("slow page");
    });
    const ask = async () => {
      const response = await shop.get("/public/slow");
      return { cache: response.headers.get(PAGE_CACHE_HEADER), body: await response.text() };
    };
    const answers = await Promise.all(Array.from({ length: shoppers }, ask));
    expect(answers.map((answer) => answer.body)).toEqual(Array(shoppers).fill("slow page"));
    expect(shop.renders()).toBe(1);
    expect(answers.filter((answer) => answer.cache === "miss")).toHaveLength(1);
  }, 10_000);

  it("keeps no more bytes than allowed, forgetting the least recently used pages first", async () => {
    const kilobytes = (n: number) => "x".repeat(n * 1024);
    const shop = await serve((req, res) => void res.end(kilobytes(req.path === "/public/big" ? 70 : 30)), { maxTotalBytes: 80 * 1024 });
    // 30 KB pages cost about 30 KB plain and a little deflated: two fit in 80 KB, three do not.
    for (const path of ["/public/1", "/public/2", "/public/3", "/public/1"]) await (await shop.get(path)).text();
    expect(shop.renders()).toBe(4);
    // Bigger than maxBodyBytes: never kept.
    await (await shop.get("/public/big")).text();
    await (await shop.get("/public/big")).text();
    expect(shop.renders()).toBe(6);
  });

  it("forgets the least recently used page when full, and is off at a TTL of 0", async () => {
    const shop = await serve(pageWithNonce, { maxEntries: 2 });
    for (const path of ["/public/1", "/public/2", "/public/1", "/public/3", "/public/1", "/public/2"]) await (await shop.get(path)).text();
    // 1, 2, (1 hit), 3 evicts 2, (1 hit), 2 again
    expect(shop.renders()).toBe(4);
    await close?.();

    const off = await serve(pageWithNonce, { ttlMs: 0 });
    await (await off.get("/public/a")).text();
    await (await off.get("/public/a")).text();
    expect(off.renders()).toBe(2);
  });

  it("forgets every page when the catalogue changes, so an edited product is shown fresh at once", async () => {
    let name = "Navy Suit";
    const shop = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<h1>${name}</h1>`);
    });
    expect(await (await shop.get("/public/product")).text()).toBe("<h1>Navy Suit</h1>");
    expect((await shop.get("/public/product")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    name = "Charcoal Suit";
    shop.clear();
    const fresh = await shop.get("/public/product");
    expect(fresh.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await fresh.text()).toBe("<h1>Charcoal Suit</h1>");
  });

  it("does not keep a page whose render began before the change", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let name = "Old name";
    let began!: () => void;
    const rendering = new Promise<void>((resolve) => (began = resolve));
    const shop = await serve(async (_req, res) => {
      const seen = name;
      began();
      await gate;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<h1>${seen}</h1>`);
    });
    const first = shop.get("/public/slow");
    await rendering;
    name = "New name";
    shop.clear();
    release();
    expect(await (await first).text()).toBe("<h1>Old name</h1>");
    const next = await shop.get("/public/slow");
    expect(next.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await next.text()).toBe("<h1>New name</h1>");
  });
});
