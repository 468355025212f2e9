// The HTTP host's defences, against a production server of its own (tests/helpers/built-server.ts):
// cookies read one way for the page cache and the app, body limits, the cross-site check,
// private answers for signed-in shoppers, the client address, NUL in a URL or a field, renders
// abandoned by the client, and the production default of the limit on checkouts from one address
// (the journeys' server raises it). Each of these but the last showed only on the production build.
import { expect, test } from "@playwright/test";
import { DEFAULT_CHECKOUT_LIMIT } from "../../src/domain/checkout.ts";
import { checkoutRequestErrors } from "../../src/domain/messages/checkout.ts";
import { contact as contactMessages } from "../../src/domain/messages/contact.ts";
import { apiErrors } from "../../src/domain/messages/cart.ts";
import { requestErrors } from "../../src/domain/messages/requests.ts";
import { controlCharactersMessage } from "../../src/domain/text-rules.ts";
import { ownServer } from "./own-server.ts";
import { rawRequest, type RawAnswer } from "../helpers/raw-http.ts";

test.describe.configure({ mode: "default" });

const server = ownServer();

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const statusOf = (answer: RawAnswer) => answer.status;
const header = (answer: RawAnswer, name: string): string => String(answer.headers[name] ?? "");
const bodyOf = (answer: RawAnswer): string => answer.error ?? answer.body;

/** Checkouts started from this address before the test of the per-address limit (it counts them). */
let checkoutsStartedEarlier = 0;

const CEDI_PRICE = /₵\s?[\d,]+\.\d\d/;
const POUND_PRICE = /£\s?[\d,]+\.\d\d/;

test("started in production on an address shoppers cannot open, the server says so at start (e-mail links would not work)", async () => {
  expect(server().log()).toMatch(/PUBLIC_URL: http:\/\/127\.0\.0\.1:\d+ is not a public https address, so links in e-mails will not open for shoppers/);
});

test("a repeated currency cookie never gives later signed-out shoppers cedi prices", async () => {
  for (const cookie of ["currency=GHS; currency=", "currency=GHS; currency=GBP", "currency=%47HS; currency="]) {
    const path = `/category/suits?probe=${encodeURIComponent(cookie)}`;
    const poisoned = await rawRequest(server().base, { method: "GET", path, headers: { cookie } });
    expect(statusOf(poisoned)).toBe(200);
    const next = await rawRequest(server().base, { method: "GET", path });
    expect(statusOf(next)).toBe(200);
    expect(bodyOf(next), cookie).toMatch(POUND_PRICE);
    expect(bodyOf(next), cookie).not.toMatch(CEDI_PRICE);
  }
  // A plain GHS cookie still gets (and shares) cedi pages.
  const cedi = await rawRequest(server().base, { method: "GET", path: "/category/suits", headers: { cookie: "currency=GHS" } });
  expect(bodyOf(cedi)).toMatch(CEDI_PRICE);
});

test("idle connections are kept 65 s, longer than a load balancer keeps its own, so a reused one is never reset", async () => {
  // Node says how long it keeps an idle connection in the Keep-Alive header of each answer.
  const answer = await rawRequest(server().base, { method: "GET", path: "/api/health" });
  expect(answer.status).toBe(200);
  expect(header(answer, "keep-alive")).toBe("timeout=65");
});

test("OPTIONS is answered 204 without running a page or an endpoint", async () => {
  for (const path of ["/", "/api/products", "/api/admin/orders/export.csv", "/cart"]) {
    const answer = await rawRequest(server().base, { method: "OPTIONS", path });
    expect(statusOf(answer), path).toBe(204);
    expect(bodyOf(answer), path).toBe("");
    expect(header(answer, "allow"), path).toContain("GET");
  }
});

test("methods are settled before any route: an unknown one is 405, a page takes no PUT, PATCH or DELETE, and every 405 says what is allowed", async () => {
  const logBefore = server().log().length;
  // TRACE made the router's request object throw: a 500 with a stack trace in the log.
  for (const [method, path] of [["TRACE", "/"], ["TRACE", "/api/health"], ["TRACE", "/api/admin/dashboard"], ["PROPFIND", "/api/health"], ["PURGE", "/category/suits"]]) {
    const answer = await rawRequest(server().base, { method: method!, path: path! });
    expect(statusOf(answer), `${method} ${path}`).toBe(405);
    expect(header(answer, "allow"), `${method} ${path}`).toBe(path!.startsWith("/api/") ? "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" : "GET, HEAD, POST, OPTIONS");
    if (path!.startsWith("/api/")) expect(JSON.parse(bodyOf(answer))).toEqual({ error: requestErrors.methodNotAllowed });
  }
  // DELETE /auth signed a shopper in: a page's form is a POST.
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    const answer = await rawRequest(server().base, { method, path: "/auth.data", headers: { ...FORM, origin: server().base }, body: "intent=signin&email=a%40b.example&password=x" });
    expect(statusOf(answer), method).toBe(405);
    expect(header(answer, "allow"), method).toBe("GET, HEAD, POST, OPTIONS");
    expect(answer.headers["set-cookie"], method).toBeUndefined();
  }
  // A page without a form: the router's 405, with what it does take.
  const home = await rawRequest(server().base, { method: "POST", path: "/", headers: { ...FORM, origin: server().base }, body: "a=1" });
  expect(statusOf(home)).toBe(405);
  expect(header(home, "allow")).toBe("GET, HEAD, OPTIONS");
  // A form posted to an address that does not exist is a 404, as its GET is.
  expect(statusOf(await rawRequest(server().base, { method: "POST", path: "/no/such/page", headers: { ...FORM, origin: server().base }, body: "a=1" }))).toBe(404);
  // OPTIONS names the same methods.
  expect(header(await rawRequest(server().base, { method: "OPTIONS", path: "/contact" }), "allow")).toBe("GET, HEAD, POST, OPTIONS");
  expect(server().log().slice(logBefore)).not.toMatch(/TypeError|at new Request/);
});

test("an address that is not valid percent-encoding is a 400 in the API's JSON under /api/", async () => {
  for (const path of ["/api/products/%", "/api/admin/orders/%", "/api/products/%ED%A0%80"]) {
    const answer = await rawRequest(server().base, { method: "GET", path });
    expect(statusOf(answer), path).toBe(400);
    expect(JSON.parse(bodyOf(answer)), path).toEqual({ error: requestErrors.badUrl });
  }
});

test("a body that is not well-formed UTF-8 is refused, never stored as replacement characters", async () => {
  const raw = (text: string) => Buffer.concat([Buffer.from(text.split("<bad>")[0]!), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(text.split("<bad>")[1] ?? "")]);
  // A form whose percent-escapes spell no character, and one with the raw bytes.
  for (const body of ["name=Ama%ED%A0%80&email=ama%40example.com&subject=Hi&message=Hello%20there%20shop", "name=Ama%FF&email=ama%40example.com&subject=Hi&message=Hello%20there%20shop"]) {
    const answer = await rawRequest(server().base, { method: "POST", path: "/contact.data", headers: { ...FORM, origin: server().base }, body });
    expect(statusOf(answer), body).toBe(400);
    expect(bodyOf(answer), body).toContain(requestErrors.brokenForm);
  }
  const json = await rawRequest(server().base, {
    method: "POST",
    path: "/api/checkout/discount",
    headers: { "content-type": "application/json", origin: server().base },
    body: raw('{"code":"SAVE<bad>10","subtotal":1000}'),
  });
  expect(statusOf(json)).toBe(400);
  expect(JSON.parse(bodyOf(json))).toEqual({ error: apiErrors.invalidJson });
});

test("the back office's stylesheet is cached for a year even for a signed-in admin: it is the same for everyone", async () => {
  const page = await rawRequest(server().base, { method: "GET", path: "/admin" });
  const href = /<link rel="stylesheet" href="(\/shop\.css\?v=[^"]+)"/.exec(bodyOf(page))?.[1];
  expect(href).toBeDefined();
  const css = await rawRequest(server().base, { method: "GET", path: href!, headers: { cookie: "better-auth.session_token=anything" } });
  expect(statusOf(css)).toBe(200);
  expect(header(css, "cache-control")).toContain("immutable");
});

test("a malformed cookie is ignored: every page still renders", async () => {
  for (const cookie of ["currency=%", "currency=%E0%A4%A", "currency=%; better-auth.session_token=%ZZ", "=;;=="]) {
    for (const path of ["/", "/category/suits", "/cart", "/checkout", "/contact", "/_.data", "/api/cart"]) {
      const answer = await rawRequest(server().base, { method: "GET", path, headers: { cookie } });
      expect(statusOf(answer), `${path} with ${cookie}`).toBeLessThan(500);
      expect(statusOf(answer), `${path} with ${cookie}`).toBeGreaterThan(0);
    }
  }
});

function* chunksOf(totalBytes: number, chunkBytes = 64 * 1024): Iterable<Buffer> {
  const chunk = Buffer.alloc(chunkBytes, "a");
  for (let sent = 0; sent < totalBytes; sent += chunkBytes) yield chunk;
}

test("bodies over their limit are refused with 413 before they are read into memory", async () => {
  const declared = await rawRequest(server().base, { method: "POST", path: "/contact", headers: FORM, body: `message=${"a".repeat(150_000)}` });
  expect(statusOf(declared)).toBe(413);
  expect(bodyOf(declared)).toBe(requestErrors.tooLarge);

  const before = server().rssBytes();
  // Four 50 MB chunked bodies at once (no Content-Length): counted as they stream and cut off.
  const answers = await Promise.all(
    [
      ["/contact", FORM],
      ["/auth", FORM],
      ["/api/cart/items", { "content-type": "application/json" }],
      ["/api/payments/webhook", { "content-type": "application/json" }],
    ].map(([path, headers]) =>
      rawRequest(server().base, { method: "POST", path: path as string, headers: headers as Record<string, string>, chunked: true, body: chunksOf(50 * 1024 * 1024) }),
    ),
  );
  for (const answer of answers) expect(statusOf(answer), bodyOf(answer)).toBe(413);
  expect(server().rssBytes() - before).toBeLessThan(64 * 1024 * 1024);
  expect(bodyOf(answers[2]!)).toBe(JSON.stringify({ error: requestErrors.tooLarge }));

  // A path Express cannot decode, with an oversized body still streaming: answered once, and the
  // server lives on (Express's own error handler used to answer twice and crash the process).
  const broken = await rawRequest(server().base, { method: "POST", path: "/pay/%E0%A4%A", headers: FORM, chunked: true, body: chunksOf(2 * 1024 * 1024) });
  expect([400, 413]).toContain(statusOf(broken));
  await expect.poll(async () => statusOf(await rawRequest(server().base, { method: "GET", path: "/api/health" }))).toBe(200);
});

test("bodies within their limit still arrive whole: a full contact message, a large webhook event", async () => {
  const message = "é".repeat(5000); // the longest message, each character six bytes URL-encoded
  const contact = await rawRequest(server().base, {
    method: "POST",
    path: "/contact",
    headers: FORM,
    body: new URLSearchParams({ firstName: "Kwame", lastName: "Mensah", email: "kwame@example.com", subject: "Sizing", message }).toString(),
  });
  expect(statusOf(contact)).toBe(200);
  const chunkedContact = await rawRequest(server().base, {
    method: "POST",
    path: "/contact",
    headers: FORM,
    chunked: true,
    body: [Buffer.from(new URLSearchParams({ firstName: "Ama", lastName: "Owusu", email: "ama@example.com", subject: "Hi", message }).toString())],
  });
  expect(statusOf(chunkedContact)).toBe(200);
  // The payment provider's events get more room; this one is not signed, so it is refused for that.
  const event = JSON.stringify({ type: "checkout.session.completed", padding: "x".repeat(600_000) });
  const webhook = await rawRequest(server().base, { method: "POST", path: "/api/payments/webhook", headers: { "content-type": "application/json" }, body: event });
  expect(statusOf(webhook)).not.toBe(413);
});

test("state changes from another site are refused; the shop's own pages and server-to-server calls pass", async () => {
  const foreign: Array<Record<string, string>> = [
    { origin: "https://evil.example" },
    { origin: "null" },
    { origin: server().base.replace("127.0.0.1", "localhost") },
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
  ];
  for (const headers of foreign) {
    for (const path of ["/auth/sign-out", "/preferences/currency", "/contact", "/api/cart/items"]) {
      const answer = await rawRequest(server().base, { method: "POST", path, headers: { ...FORM, ...headers }, body: "currency=GHS" });
      expect(statusOf(answer), `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(header(answer, "set-cookie")).toBe("");
    }
  }
  const own = await rawRequest(server().base, { method: "POST", path: "/preferences/currency", headers: { ...FORM, origin: server().base, "sec-fetch-site": "same-origin" }, body: "currency=GHS" });
  expect(statusOf(own)).toBe(200);
  expect(header(own, "set-cookie")).toContain("currency=GHS");
  const webhook = await rawRequest(server().base, { method: "POST", path: "/api/payments/webhook", headers: { "content-type": "application/json" }, body: "{}" });
  expect(statusOf(webhook)).not.toBe(403);
});

test("behind a proxy that sends its own Host, a form posted from the shop's public address still works", async () => {
  // nginx's default: Host is the upstream's name, while the browser's Origin is the public address.
  // A page's form without JavaScript (React Router checks these actions' Origin itself).
  const body = new URLSearchParams({ firstName: "Kojo", lastName: "Antwi", email: "kojo@example.com", subject: "Proxy", message: "Sent through a proxy." }).toString();
  const proxied = await rawRequest(server().base, {
    method: "POST",
    path: "/contact",
    headers: { ...FORM, host: "shop-upstream:3000", origin: server().base, "sec-fetch-site": "same-origin" },
    body,
  });
  expect(statusOf(proxied), bodyOf(proxied).slice(0, 200)).toBe(200);
  expect(bodyOf(proxied)).toContain(contactMessages.sentTitle);
  // Another site is still refused, whatever Host the proxy sends.
  const foreign = await rawRequest(server().base, { method: "POST", path: "/contact", headers: { ...FORM, host: "shop-upstream:3000", origin: "https://evil.example" }, body });
  expect(statusOf(foreign)).toBe(403);
});

test("every answer for a signed-in shopper, or that sets a cookie, is private and not stored", async () => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const signUp = await rawRequest(server().base, {
    method: "POST",
    path: "/auth?tab=signup",
    headers: FORM,
    body: new URLSearchParams({ intent: "signup", firstName: "Kofi", lastName: "Boateng", email: `kofi-${unique}@example.com`, password: `Kente-${unique}-cloth` }).toString(),
  });
  expect(statusOf(signUp), bodyOf(signUp)).toBe(200);
  expect(header(signUp, "cache-control")).toBe("private, no-store");
  const setCookies = signUp.headers["set-cookie"] ?? [];
  const cookie = setCookies.map((line) => line.split(";")[0]).join("; ");
  expect(cookie).toContain("session_token");

  for (const path of ["/", "/_.data", "/cart", "/cart.data", "/checkout", "/checkout.data", "/account/orders", "/account/orders.data", "/category/suits", "/api/products"]) {
    const answer = await rawRequest(server().base, { method: "GET", path, headers: { cookie } });
    expect(statusOf(answer), path).toBe(200);
    expect(header(answer, "cache-control"), path).toBe("private, no-store");
  }
  // Signed out, the public pages keep their caching (and the page cache still shares them).
  const publicPage = await rawRequest(server().base, { method: "GET", path: "/api/products" });
  expect(header(publicPage, "cache-control")).toBe("public, max-age=60");
  const currency = await rawRequest(server().base, { method: "POST", path: "/preferences/currency", headers: FORM, body: "currency=GBP" });
  expect(header(currency, "cache-control")).toBe("private, no-store");
});

test("a client cannot choose its address with X-Forwarded-For: the per-IP limits count it once", async () => {
  const remaining = (answer: RawAnswer) => Number(/r=(\d+)/.exec(header(answer, "ratelimit"))?.[1]);
  const first = await rawRequest(server().base, { method: "GET", path: "/api/products?pageSize=1", headers: { "x-forwarded-for": "203.0.113.1" } });
  const second = await rawRequest(server().base, { method: "GET", path: "/api/products?pageSize=1", headers: { "x-forwarded-for": "203.0.113.2" } });
  expect(remaining(second)).toBe(remaining(first) - 1);
});

test("NUL in a URL or a form field is a 400 with a clear message, never a 500", async () => {
  for (const path of ["/pay/%00", "/product/%00", "/api/products/%00", "/api/products?category=%00", "/order-confirmation/a%00b"]) {
    const answer = await rawRequest(server().base, { method: "GET", path });
    expect(statusOf(answer), path).toBe(400);
    expect(bodyOf(answer), path).toContain(requestErrors.badUrl);
  }
  const contact = await rawRequest(server().base, {
    method: "POST",
    path: "/contact.data",
    headers: FORM,
    body: new URLSearchParams({ firstName: "Kw\u0000ame", lastName: "Mensah", email: "kwame@example.com", subject: "Hi", message: "Hello" }).toString(),
  });
  expect(statusOf(contact)).toBe(400);
  expect(bodyOf(contact)).toContain(controlCharactersMessage("First name"));
  const lookup = await rawRequest(server().base, { method: "POST", path: "/orders/lookup", headers: FORM, body: "orderNumber=ORD%00&email=a%40example.com" });
  expect(statusOf(lookup)).toBe(400);

  const products = JSON.parse(bodyOf(await rawRequest(server().base, { method: "GET", path: "/api/products?pageSize=1" }))) as {
    items: Array<{ id: string; sizes: string[]; colors: string[] }>;
  };
  const product = products.items[0]!;
  const bodyOfCheckout = JSON.stringify({
    items: [{ product_id: product.id, quantity: 1, selected_size: product.sizes[0], selected_color: product.colors[0] }],
    customerInfo: { firstName: "Ama", lastName: "Owusu", email: "ama@example.com" },
    shippingAddress: { address: "1 High Street", city: "London", postalCode: "N1 1AA", country: "United Kingdom" },
  });
  // A NUL, and half of a surrogate pair (a JSON escape): text PostgreSQL cannot store, the same answer.
  for (const unstorable of ["\\u0000", "\\ud800"]) {
    const checkout = await rawRequest(server().base, {
      method: "POST",
      path: "/api/checkout",
      headers: { "content-type": "application/json" },
      body: bodyOfCheckout.replace('"Ama"', `"Ama${unstorable}"`),
    });
    expect(statusOf(checkout), `${unstorable} ${bodyOf(checkout)}`).toBe(400);
    const refused = controlCharactersMessage("First name");
    expect(JSON.parse(bodyOf(checkout))).toEqual({ error: refused, field: "firstName", fields: { firstName: refused } });
  }
  const verify = await rawRequest(server().base, { method: "POST", path: "/api/checkout/verify", headers: { "content-type": "application/json" }, body: '{"sessionId":"cs_local_\\u0000"}' });
  expect(statusOf(verify), bodyOf(verify)).toBe(400);

  // The payment page: a NUL in the name on the card is refused on that field, and nothing is paid.
  const opened = await rawRequest(server().base, { method: "POST", path: "/api/checkout", headers: { "content-type": "application/json" }, body: bodyOfCheckout });
  expect(statusOf(opened), bodyOf(opened)).toBe(201);
  checkoutsStartedEarlier++;
  const { sessionId } = JSON.parse(bodyOf(opened)) as { sessionId: string };
  const page = await rawRequest(server().base, { method: "GET", path: `/pay/${sessionId}` });
  expect(statusOf(page)).toBe(200);
  // It shows the buyer's e-mail and address: never stored by a shared cache.
  expect(header(page, "cache-control")).toBe("no-store");
  const card = new URLSearchParams({ intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ama\u0000" }).toString();
  const refused = await rawRequest(server().base, { method: "POST", path: `/pay/${sessionId}.data`, headers: FORM, body: card });
  expect(statusOf(refused), bodyOf(refused)).toBe(400);
  expect(bodyOf(refused)).toContain(controlCharactersMessage("Name on card"));
  const still = await rawRequest(server().base, { method: "POST", path: "/api/checkout/verify", headers: { "content-type": "application/json" }, body: JSON.stringify({ sessionId }) });
  expect(JSON.parse(bodyOf(still))).toMatchObject({ success: false });
});

test("form actions answer 415 to a body that is not a form, never a 500", async () => {
  for (const path of ["/auth", "/contact", "/orders/lookup", "/preferences/currency", "/pay/no-such-session"]) {
    for (const headers of [{ "content-type": "application/json" }, { "content-type": "text/plain" }, {}] as Array<Record<string, string>>) {
      const answer = await rawRequest(server().base, { method: "POST", path, headers, body: '{"currency":"GHS"}' });
      expect(statusOf(answer), `${path} ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(400);
      expect(statusOf(answer), `${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
      // A page's form says what was wrong, where a refresh would not help.
      if (["/auth", "/contact", "/orders/lookup"].includes(path)) expect(bodyOf(answer), path).toContain(requestErrors.formRequired);
    }
  }
});

test("each page has one address: a trailing slash, capitals or a category's alias answer 301 to it, never off the shop", async () => {
  const listing = JSON.parse(bodyOf(await rawRequest(server().base, { method: "GET", path: "/api/products?category=suits" }))) as { items: Array<{ id: string }> };
  const id = listing.items[0]!.id;
  const moved: Array<[string, string]> = [
    ["/faq/", "/faq"],
    ["/FAQ?from=mail", "/faq?from=mail"],
    ["/category/suits/?page=2", "/category/suits?page=2"],
    ["/category/SUITS", "/category/suits"],
    ["/category/traditional-wear?sort=newest", "/category/Traditional%20Wear?sort=newest"],
    [`/Product/${id}`, `/product/${id}`],
    [`/product/${id.toUpperCase()}?colour=Navy`, `/product/${id}?colour=Navy`],
    ["/category/suits?min=300&max=100", "/category/suits?min=100&max=300"],
  ];
  for (const [path, location] of moved) {
    const answer = await rawRequest(server().base, { method: "GET", path });
    expect(statusOf(answer), path).toBe(301);
    expect(header(answer, "location"), path).toBe(location);
  }
  for (const path of ["/faq", "/category/Traditional%20Wear", `/product/${id}`]) {
    expect(statusOf(await rawRequest(server().base, { method: "GET", path })), path).toBe(200);
  }
  // Two slashes would be another site's address in a Location header.
  for (const path of ["//elsewhere.example/", "/\\elsewhere.example/"]) {
    const answer = await rawRequest(server().base, { method: "GET", path });
    expect(header(answer, "location"), path).not.toMatch(/elsewhere/);
  }
});

test("a shopper who leaves while a page renders leaves no stack trace in the log", async () => {
  const paths = ["/", "/category/suits", "/category/traditional", "/faq", "/size-guide", "/returns"];
  const logBefore = server().log().length;
  // Each client drops the connection as soon as the page starts to arrive, many at a time.
  await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      rawRequest(server().base, { method: "GET", path: `${paths[i % paths.length]}?leave=${i}`, headers: { cookie: "better-auth.session_token=x" }, abortOnResponse: true }),
    ),
  );
  // The server is still well and has said everything it had to say about those requests.
  await expect.poll(async () => statusOf(await rawRequest(server().base, { method: "GET", path: "/api/health" }))).toBe(200);
  const logged = server().log().slice(logBefore);
  expect(logged).not.toContain("destination stream closed early");
  expect(logged).not.toMatch(/Error|\n\s+at /);
});

// Near the end of the file: it uses up this server's checkouts for the loopback address.
test("one address starts at most 30 checkouts in 10 minutes, whatever X-Forwarded-For it sends", async () => {
  const products = JSON.parse(bodyOf(await rawRequest(server().base, { method: "GET", path: "/api/products?pageSize=1" }))) as {
    items: Array<{ id: string; sizes: string[]; colors: string[] }>;
  };
  const product = products.items[0]!;
  const place = (i: number) =>
    rawRequest(server().base, {
      method: "POST",
      path: "/api/checkout",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i + 1}` },
      body: JSON.stringify({
        items: [{ product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null }],
        customerInfo: { firstName: "Ama", lastName: "Owusu", email: `limit-${i}@example.com` },
        shippingAddress: { address: "1 High Street", city: "London", postalCode: "N1 1AA", country: "United Kingdom" },
      }),
    });
  // The checkouts earlier tests started from this address count too.
  for (let i = checkoutsStartedEarlier; i < DEFAULT_CHECKOUT_LIMIT; i++) {
    const placed = await place(i);
    expect(statusOf(placed), bodyOf(placed)).toBe(201);
  }
  const refused = await place(DEFAULT_CHECKOUT_LIMIT);
  expect(statusOf(refused)).toBe(429);
  expect(JSON.parse(bodyOf(refused))).toEqual({ error: checkoutRequestErrors.tooManyCheckouts });
});

// Last in the file: it uses up this server's API requests for the loopback address for a minute.
test("past 600 API requests a minute from one address the API answers 429 in JSON, with the time to wait; the health check still answers", async () => {
  // The minute starts with the address's first request, in an earlier test: it may end while these
  // are sent, so they go on until the limit answers (two minutes' worth at most).
  let refused: RawAnswer | undefined;
  for (let sent = 0; sent < 1_300 && !refused; sent += 50) {
    const answers = await Promise.all(Array.from({ length: 50 }, () => rawRequest(server().base, { method: "GET", path: "/api/no-such-endpoint" })));
    expect(answers.filter((answer) => ![404, 429].includes(statusOf(answer))).map(statusOf)).toEqual([]);
    refused = answers.find((answer) => statusOf(answer) === 429);
  }
  if (!refused) throw new Error("no 429 after 1,300 requests");
  expect(header(refused, "content-type")).toContain("application/json");
  expect(JSON.parse(bodyOf(refused))).toEqual({ error: requestErrors.tooManyRequests });
  expect(Number(header(refused, "retry-after"))).toBeGreaterThan(0);
  const products = await rawRequest(server().base, { method: "GET", path: "/api/products?pageSize=1" });
  expect(statusOf(products)).toBe(429);
  // A monitor sharing the address reads the shop's state, not the limit.
  expect(statusOf(await rawRequest(server().base, { method: "GET", path: "/api/health" }))).toBe(200);
});
