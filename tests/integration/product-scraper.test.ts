// The product URL scraper end to end on this machine (issue 13 "URL scraper"; admin.md sections
// 5, 7, 8; decisions 031 and 032): fixture pages on 127.0.0.1 reached only through the test
// switch, and every SSRF refusal the issue names: private and loopback addresses, localhost,
// decimal/hex/octal IPv4, [::1] and [::ffff:127.0.0.1], a redirect to a private address, a DNS
// name resolving to one, non-HTTP schemes, an oversized body, a slow server, a non-HTML answer,
// too many redirects. Then the save: the spec's fields, the duplicate name, the audit row.
import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminProductEditor, scraper } from "../../src/domain/messages/admin.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { diskImageStore, scrapedImageFolder } from "../../src/server/admin/scraper/scraped-image-store.server.ts";
import { scrapeProductPage, type ScraperSettings } from "../../src/server/admin/scraper/scraper.server.ts";
import type { Resolver } from "../../src/server/admin/scraper/safe-fetch.server.ts";
import { adminAuditLog, products } from "../../src/server/db/schema.ts";
import { action as scrapeAction } from "../../src/web/routes/api.admin.products-scrape.ts";
import { action as saveAction } from "../../src/web/routes/api.admin.products-scraped.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { makeAuth, settle, SHOP, signedInAccount, TEST_DATA_DIR } from "../helpers/admin.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";

type Fixture = { port: number; base: string; hits: string[]; close: () => Promise<void> };

const PNG = sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 40, b: 90 } } }).png().toBuffer();

function page(head: string, body = ""): string {
  return `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

const jsonLdPage = (name: string) =>
  page(
    `<title>${name} | Supplier</title><script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebSite", name: "Supplier" },
        { "@type": "Product", name, description: "Pure wool, half-canvas.", image: ["/img/product.png"], offers: [{ "@type": "Offer", price: "249.00", priceCurrency: "GBP" }] },
      ],
    })}</script>`,
  );

async function startFixture(): Promise<Fixture> {
  const hits: string[] = [];
  const png = await PNG;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fixture");
    hits.push(url.pathname);
    const html = (text: string, type = "text/html; charset=utf-8") => {
      response.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(text) });
      response.end(text);
    };
    const redirect = (location: string) => {
      response.writeHead(302, { location });
      response.end();
    };
    switch (url.pathname) {
      case "/json-ld":
        return html(jsonLdPage(url.searchParams.get("name") ?? "Navy Wool Suit"));
      case "/open-graph":
        return html(
          page(
            `<meta property="og:title" content="Silk Paisley Tie"><meta property="og:image" content="/img/product.png"><meta property="og:description" content="Hand-rolled edges."><meta property="product:price:amount" content="39.50"><meta property="product:price:currency" content="GBP">`,
          ),
        );
      case "/neither":
        return html(page("<title>About us</title>", "<h1>About us</h1><p>We make suits.</p>"));
      case "/no-price":
        return html(page(`<meta property="og:title" content="Our story">`));
      case "/svg-picture":
        return html(page(`<meta property="og:title" content="Wool Blazer"><meta property="og:image" content="/img/picture.svg"><meta property="product:price:amount" content="120">`));
      case "/img/product.png":
        response.writeHead(200, { "content-type": "image/png", "content-length": png.length });
        return response.end(png);
      case "/img/picture.svg":
        response.writeHead(200, { "content-type": "image/svg+xml" });
        return response.end(`<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>`);
      case "/json":
        return html(`{"name":"Suit","price":10}`, "application/json");
      case "/huge":
        return html(page("", "x".repeat(300_000)));
      case "/huge-chunked":
        response.writeHead(200, { "content-type": "text/html" });
        for (let i = 0; i < 30; i++) response.write("y".repeat(10_000));
        return response.end();
      case "/gzip-bomb": {
        const bomb = gzipSync(Buffer.alloc(5_000_000, 32));
        response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip", "content-length": bomb.length });
        return response.end(bomb);
      }
      case "/slow":
        response.writeHead(200, { "content-type": "text/html" });
        response.write("<html><head>");
        return; // never finishes
      case "/silent":
        return; // never answers at all
      case "/redirect-private":
        return redirect("http://10.0.0.1/admin");
      case "/redirect-metadata":
        return redirect("http://169.254.169.254/latest/meta-data/");
      case "/redirect-loopback":
        return redirect(`http://localhost:${(server.address() as AddressInfo).port}/json-ld`);
      case "/redirect-file":
        return redirect("file:///etc/passwd");
      default: {
        const hop = /^\/hops\/(\d+)$/.exec(url.pathname);
        if (hop) {
          const left = Number(hop[1]);
          return left === 0 ? html(jsonLdPage("Redirected Suit")) : redirect(`/hops/${left - 1}`);
        }
        response.writeHead(404, { "content-type": "text/html" });
        return response.end("<h1>Not found</h1>");
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let fixture: Fixture;
let settings: ScraperSettings;
const images = diskImageStore(scrapedImageFolder(TEST_DATA_DIR));

/** Answers every name with the given addresses; nothing here reaches a real DNS server. */
const resolverAnswering = (answers: Record<string, string[]>): Resolver => async (hostname) =>
  (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));

beforeAll(async () => {
  fixture = await startFixture();
  settings = {
    images,
    allowHosts: new Set([`127.0.0.1:${fixture.port}`, `fixture.scraper-test.example:${fixture.port}`]),
    resolve: resolverAnswering({ "fixture.scraper-test.example": ["127.0.0.1"] }),
    limits: { pageBytes: 100_000, timeoutMs: 1_500 },
  };
});

afterAll(async () => {
  await fixture.close();
});

async function refusal(url: unknown, overrides: Partial<ScraperSettings> = {}): Promise<{ error: string; status: number }> {
  const answer = await scrapeProductPage({ ...settings, ...overrides }, url);
  expect(answer.success, JSON.stringify(answer)).toBe(false);
  if (answer.success) throw new Error("scraped");
  return { error: answer.error, status: answer.status };
}

describe("scraping fixture pages through the test switch", () => {
  it("reads a JSON-LD product, copies its picture as WebP under DATA_DIR/uploads/scraped and picks the category from the name", async () => {
    const answer = await scrapeProductPage(settings, `  ${fixture.base}/json-ld  `);
    expect(answer).toMatchObject({
      success: true,
      product: { name: "Navy Wool Suit", price: 249, category: "suits", description: "Pure wool, half-canvas.", url: `${fixture.base}/json-ld`, source: "json-ld" },
      notice: null,
    });
    if (!answer.success) return;
    expect(answer.product.image).toMatch(/^\/uploads\/scraped\/[0-9a-f]{64}\.webp$/);
    const file = path.join(scrapedImageFolder(TEST_DATA_DIR), path.basename(answer.product.image));
    expect(existsSync(file)).toBe(true);
    expect((await sharp(file).metadata()).format).toBe("webp");
    // The same picture again is the same file.
    const again = await scrapeProductPage(settings, `${fixture.base}/json-ld?name=Grey+Suit`);
    expect(again.success && again.product.image).toBe(answer.product.image);
  });

  it("reads Open Graph and product meta tags when a page has no JSON-LD", async () => {
    const answer = await scrapeProductPage(settings, `${fixture.base}/open-graph`);
    expect(answer).toMatchObject({ success: true, product: { name: "Silk Paisley Tie", price: 39.5, category: "ties", description: "Hand-rolled edges.", source: "open-graph" } });
  });

  it("says so clearly when a page has no product data, or no price", async () => {
    expect(await refusal(`${fixture.base}/neither`)).toEqual({ error: scraper.noProduct, status: 422 });
    expect(await refusal(`${fixture.base}/no-price`)).toEqual({ error: scraper.noPrice, status: 422 });
  });

  it("follows up to 3 redirects and refuses a 4th", async () => {
    const three = await scrapeProductPage(settings, `${fixture.base}/hops/3`);
    expect(three).toMatchObject({ success: true, product: { name: "Redirected Suit", url: `${fixture.base}/hops/0` } });
    expect(await refusal(`${fixture.base}/hops/4`)).toEqual({ error: scraper.tooManyRedirects(3), status: 422 });
  });

  it("connects to the address its own resolver checked, not one looked up elsewhere", async () => {
    // The name is only known to the injected resolver: reaching the fixture proves the socket used it.
    const answer = await scrapeProductPage(settings, `http://fixture.scraper-test.example:${fixture.port}/open-graph`);
    expect(answer).toMatchObject({ success: true, product: { name: "Silk Paisley Tie" } });
  });

  it("keeps the product but not a picture that is not a plain image (SVG), and says why", async () => {
    const answer = await scrapeProductPage(settings, `${fixture.base}/svg-picture`);
    expect(answer).toMatchObject({ success: true, product: { name: "Wool Blazer", image: "", category: "blazers" } });
    expect(answer.success && answer.notice).toBe(scraper.imageNotCopied(scraper.notImage("image/svg+xml")));
  });
});

describe("SSRF refusals", () => {
  it.each(["", "   ", "\t\n", undefined, null, 42, "not a url", "http://", "//example.com/product"])("a blank or malformed URL %j: 'Please enter a valid URL'", async (url) => {
    expect(await refusal(url)).toEqual({ error: scraper.invalidUrl, status: 400 });
  });

  it.each(["file:///etc/passwd", "ftp://example.com/product.html", "data:text/html,<h1>Suit</h1>", "gopher://127.0.0.1:70/_GET", "javascript:alert(1)", "ws://example.com/"])(
    "a non-HTTP scheme %s",
    async (url) => {
      expect(await refusal(url)).toEqual({ error: scraper.onlyHttp, status: 422 });
    },
  );

  it.each([
    "http://127.0.0.1/",
    "http://127.0.0.1:{port}/json-ld", // a live server on loopback, on a port the switch does not list
    "http://localhost:{port}/json-ld",
    "http://LOCALHOST./",
    "http://shop.localhost/",
    "http://2130706433:{port}/json-ld", // decimal 127.0.0.1
    "http://0x7f000001:{port}/json-ld", // hex
    "http://0177.0.0.1:{port}/json-ld", // octal
    "http://127.1:{port}/json-ld",
    "http://0.0.0.0:{port}/json-ld",
    "http://[::1]:{port}/json-ld",
    "http://[::ffff:127.0.0.1]:{port}/json-ld",
    "http://[::ffff:7f00:1]/",
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.1.1/",
    "http://100.64.0.1/", // carrier-grade NAT
    "http://169.254.169.254/latest/meta-data/", // cloud metadata
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://[fe80::1]/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://192.0.2.1/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://intranet/",
  ])("a private or loopback target %s", async (pattern) => {
    const url = pattern.replace("{port}", String(fixture.port));
    const before = fixture.hits.length;
    expect(await refusal(url, { allowHosts: new Set() })).toEqual({ error: scraper.privateAddress, status: 422 });
    expect(fixture.hits.length, "the fixture server was reached").toBe(before);
  });

  it("the test switch lets through exactly the host and port it lists, not other spellings of them", async () => {
    for (const url of [`http://localhost:${fixture.port}/json-ld`, `http://[::1]:${fixture.port}/json-ld`, `http://[::ffff:127.0.0.1]:${fixture.port}/json-ld`, `http://127.0.0.2:${fixture.port}/json-ld`]) {
      expect(await refusal(url)).toEqual({ error: scraper.privateAddress, status: 422 });
    }
    expect(await refusal(`http://127.0.0.1:${fixture.port + 1}/json-ld`)).toEqual({ error: scraper.privateAddress, status: 422 });
  });

  it("a DNS name that resolves to a private address, or to a mix of public and private ones", async () => {
    const resolve = resolverAnswering({
      "evil.example.com": ["10.0.0.7"],
      "rebind.example.com": ["93.184.216.34", "127.0.0.1"],
      "mapped.example.com": ["::ffff:169.254.169.254"],
      "v6.example.com": ["::1"],
    });
    for (const host of ["evil.example.com", "rebind.example.com", "mapped.example.com", "v6.example.com"]) {
      expect(await refusal(`http://${host}/product`, { resolve })).toEqual({ error: scraper.privateAddress, status: 422 });
    }
    expect(await refusal("https://nowhere.example.com/", { resolve })).toEqual({ error: scraper.dnsFailed, status: 422 });
  });

  it("a redirect to a private address, the metadata service, loopback by name or another scheme", async () => {
    expect(await refusal(`${fixture.base}/redirect-private`)).toEqual({ error: scraper.privateAddress, status: 422 });
    expect(await refusal(`${fixture.base}/redirect-metadata`)).toEqual({ error: scraper.privateAddress, status: 422 });
    expect(await refusal(`${fixture.base}/redirect-loopback`)).toEqual({ error: scraper.privateAddress, status: 422 });
    expect(await refusal(`${fixture.base}/redirect-file`)).toEqual({ error: scraper.onlyHttp, status: 422 });
  });

  it("a port other than 80 and 443, and credentials in the address", async () => {
    expect(await refusal("http://example.com:8080/product")).toEqual({ error: scraper.port, status: 422 });
    expect(await refusal("https://example.com:22/")).toEqual({ error: scraper.port, status: 422 });
    expect(await refusal(`http://user:secret@127.0.0.1:${fixture.port}/json-ld`)).toEqual({ error: scraper.credentials, status: 422 });
  });

  it("an oversized body, declared, streamed or compressed", async () => {
    const tooLarge = { error: scraper.tooLarge(0.1), status: 422 };
    expect(await refusal(`${fixture.base}/huge`)).toEqual(tooLarge);
    expect(await refusal(`${fixture.base}/huge-chunked`)).toEqual(tooLarge);
    expect(await refusal(`${fixture.base}/gzip-bomb`)).toEqual(tooLarge);
  });

  it("a slow server: one that stalls mid-page and one that never answers", async () => {
    const started = Date.now();
    expect(await refusal(`${fixture.base}/slow`)).toEqual({ error: scraper.timedOut(1.5), status: 422 });
    expect(await refusal(`${fixture.base}/silent`)).toEqual({ error: scraper.timedOut(1.5), status: 422 });
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it("an answer that is not HTML, and an HTTP error", async () => {
    expect(await refusal(`${fixture.base}/json`)).toEqual({ error: scraper.notHtml("application/json"), status: 422 });
    expect(await refusal(`${fixture.base}/img/product.png`)).toEqual({ error: scraper.notHtml("image/png"), status: 422 });
    expect(await refusal(`${fixture.base}/missing`)).toEqual({ error: scraper.httpStatus("404"), status: 422 });
  });

  it("without the test switch, the fixture pages themselves are refused", async () => {
    expect(await refusal(`${fixture.base}/json-ld`, { allowHosts: new Set() })).toEqual({ error: scraper.privateAddress, status: 422 });
  });
});

describeEachEngine("saving a scraped product", (get) => {
  let auth: Auth;
  let adminCookie: string;
  let shopperCookie: string;
  let adminId: string;
  let catalogueChanges = 0;
  const context = () =>
    routeContext({
      app: {
        db: get().db,
        auth,
        config: { publicUrl: SHOP, dataDir: TEST_DATA_DIR, scraperAllowHosts: [`127.0.0.1:${fixture.port}`] },
        kickMail: () => {},
        catalogueChanged: () => void catalogueChanges++,
      },
    });
  type Handler = (args: never) => Promise<Response>;
  const post = (handler: typeof scrapeAction | typeof saveAction, path: string, body: unknown, cookie: string) =>
    settle(
      (handler as Handler)(
        withUrl({
          request: new Request(`${SHOP}${path}`, { method: "POST", headers: { origin: SHOP, cookie, "content-type": "application/json" }, body: JSON.stringify(body) }),
          params: {},
          context: context(),
        }) as never,
      ),
    );

  beforeAll(async () => {
    auth = makeAuth(get().db);
    const admin = await signedInAccount(get().db, auth, { admin: true });
    adminCookie = admin.cookie;
    adminId = admin.userId;
    shopperCookie = (await signedInAccount(get().db, auth, { admin: false })).cookie;
  });

  it("scrapes through the API, saves with the spec's fields, records the audit row and refuses the same name twice", async () => {
    const name = `Scraped Navy Suit ${Date.now()}`;
    const scraped = await post(scrapeAction, "/api/admin/products/scrape", { url: `${fixture.base}/json-ld?name=${encodeURIComponent(name)}` }, adminCookie);
    expect(scraped.status).toBe(200);
    const body = scraped.body as { success: boolean; product: { name: string; price: number; image: string; category: string; description: string; url: string }; error: null };
    expect(body).toMatchObject({ success: true, error: null, product: { name, price: 249, category: "suits" } });

    const changesBefore = catalogueChanges;
    const saved = await post(saveAction, "/api/admin/products/scraped", body.product, adminCookie);
    expect(saved.status).toBe(201);
    // The new product is on sale at once: the shop's page and discovery caches are emptied.
    expect(catalogueChanges).toBe(changesBefore + 1);
    const id = (saved.body as { product: { id: string } }).product.id;
    const [row] = await get().db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({
      name,
      pricePence: 24900,
      originalPricePence: 24900,
      image: body.product.image,
      category: "suits",
      description: "Pure wool, half-canvas.",
      productUrl: body.product.url,
      inStock: true,
      isActive: true,
      stock: 10,
      hasValidImage: true,
    });
    const audit = await get().db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, id));
    expect(audit).toMatchObject([{ adminId, action: "product.created_from_url", subjectType: "product" }]);

    const again = await post(saveAction, "/api/admin/products/scraped", { ...body.product, name: name.toUpperCase() }, adminCookie);
    expect(again).toMatchObject({ status: 409, body: { success: false, error: scraper.duplicate(name.toUpperCase()) } });
    const same = await get().db.select({ id: products.id }).from(products).where(sql`lower(${products.name}) = ${name.toLowerCase()}`);
    expect(same).toHaveLength(1);
  });

  it("refuses a blank URL, a private target, bad fields and a picture the scraper did not copy, with 4xx answers", async () => {
    expect(await post(scrapeAction, "/api/admin/products/scrape", { url: "   " }, adminCookie)).toMatchObject({ status: 400, body: { success: false, error: scraper.invalidUrl } });
    expect(await post(scrapeAction, "/api/admin/products/scrape", {}, adminCookie)).toMatchObject({ status: 400, body: { success: false, error: scraper.invalidUrl } });
    expect(await post(scrapeAction, "/api/admin/products/scrape", { url: "http://169.254.169.254/" }, adminCookie)).toMatchObject({
      status: 422,
      body: { success: false, error: scraper.privateAddress },
    });
    const valid = { name: `Valid ${Date.now()}`, price: 10, image: "", category: "ties", description: "", url: "https://supplier.example/p" };
    expect(await post(saveAction, "/api/admin/products/scraped", { ...valid, price: 0 }, adminCookie)).toMatchObject({ status: 400, body: { error: scraper.priceRequired } });
    // Not an amount, or a fraction of a penny: the product editor's words, and nothing rounded.
    for (const price of ["abc", "1e3", "10.005", 99999.999]) {
      expect(await post(saveAction, "/api/admin/products/scraped", { ...valid, price }, adminCookie)).toMatchObject({ status: 400, body: { error: adminProductEditor.priceInvalid } });
    }
    expect(await post(saveAction, "/api/admin/products/scraped", { ...valid, category: "hats" }, adminCookie)).toMatchObject({ status: 400, body: { error: scraper.categoryRequired } });
    expect(await post(saveAction, "/api/admin/products/scraped", { ...valid, name: "  " }, adminCookie)).toMatchObject({ status: 400, body: { error: scraper.nameRequired } });
    expect(await post(saveAction, "/api/admin/products/scraped", { ...valid, url: "javascript:alert(1)" }, adminCookie)).toMatchObject({ status: 400, body: { error: scraper.invalidUrl } });
    for (const image of ["https://evil.example/x.jpg", "/uploads/scraped/../../auth-secret", `/uploads/scraped/${"0".repeat(64)}.webp`]) {
      expect(await post(saveAction, "/api/admin/products/scraped", { ...valid, image }, adminCookie)).toMatchObject({ status: 400, body: { error: scraper.imageNotCopiedByScraper } });
    }
    // A product without a picture may be saved (the editor can add one later); it is not listed until then.
    const saved = await post(saveAction, "/api/admin/products/scraped", valid, adminCookie);
    expect(saved.status).toBe(201);
  });

  it("saves one product when the same one is saved twice at the same moment", async () => {
    const product = { name: `Twice Saved Tie ${Date.now()}`, price: "25.00", image: "", category: "ties", description: "", url: "https://supplier.example/tie" };
    const answers = await Promise.all([1, 2, 3].map(() => post(saveAction, "/api/admin/products/scraped", product, adminCookie)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const same = await get().db.select({ id: products.id }).from(products).where(sql`lower(${products.name}) = ${product.name.toLowerCase()}`);
    expect(same).toHaveLength(1);
  });

  it("answers a shopper 403 on both endpoints", async () => {
    expect((await post(scrapeAction, "/api/admin/products/scrape", { url: `${fixture.base}/json-ld` }, shopperCookie)).status).toBe(403);
    expect((await post(saveAction, "/api/admin/products/scraped", {}, shopperCookie)).status).toBe(403);
  });
});
