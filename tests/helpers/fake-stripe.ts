// A small fake of the Stripe API endpoints the shop uses, on 127.0.0.1 (tests never reach the
// internet). The real `stripe` SDK talks to it through its host/port/protocol options.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeSession = {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: "gbp";
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  collected_information: { shipping_details: { name: string; address: Record<string, string | null> } | null } | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  url: string;
};

export type FakeProduct = {
  id: string;
  object: "product";
  name: string;
  description: string | null;
  images: string[];
  active: boolean;
  default_price: string | null;
  metadata: Record<string, string>;
};

export type FakePrice = {
  id: string;
  object: "price";
  product: string;
  unit_amount: number;
  currency: string;
  active: boolean;
  metadata: Record<string, string>;
};

export type FakeStripe = {
  port: number;
  sessions: Map<string, FakeSession>;
  /** Every request as received: method, path and the decoded form body. */
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null }[];
  /** Refunds made (an idempotent replay is not a second one); amount in pence. */
  refunds: { id: string; payment_intent: string; amount: number }[];
  products: Map<string, FakeProduct>;
  prices: Map<string, FakePrice>;
  /** Makes session creation fail with a Stripe error until it is called again (the provider is down). */
  failCreates(fail: boolean): void;
  /** Makes refunds fail with this message (a closed card account), or succeed again with null. */
  failRefunds(message: string | null): void;
  /** Makes creating the product of this name fail (Stripe refusing it), or none with null. */
  failProductNamed(name: string | null): void;
  /** `name` is the recipient's on the shipping address; `billingName` the card's (the recipient's when not given). */
  pay(sessionId: string, details?: { email?: string; name?: string; billingName?: string; address?: Record<string, string> }): FakeSession;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** The amount Stripe would charge: line items plus shipping minus the coupon. */
function totalOf(body: URLSearchParams, coupons: Map<string, number>): number {
  let total = 0;
  for (let i = 0; body.has(`line_items[${i}][quantity]`); i++) {
    total += Number(body.get(`line_items[${i}][quantity]`)) * Number(body.get(`line_items[${i}][price_data][unit_amount]`));
  }
  total += Number(body.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]") ?? 0);
  const coupon = body.get("discounts[0][coupon]");
  if (coupon) total -= coupons.get(coupon) ?? 0;
  return total;
}

/** Stripe's form encoding of one nested object: `metadata[key]=value` -> { key: value }. */
function nested(body: URLSearchParams, name: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of body) {
    const match = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(key);
    if (match) result[match[1]!] = value;
  }
  return result;
}

function list(body: URLSearchParams, name: string): string[] | null {
  const values = Object.entries(nested(body, name))
    .filter(([key]) => /^\d+$/.test(key))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, value]) => value);
  if (values.length > 0) return values;
  return body.has(name) && body.get(name) === "" ? [] : null;
}

const flag = (value: string | null, fallback: boolean) => (value === null ? fallback : value === "true");

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, number>();
  const requests: FakeStripe["requests"] = [];
  const refunds: FakeStripe["refunds"] = [];
  const products = new Map<string, FakeProduct>();
  const prices = new Map<string, FakePrice>();
  // Stripe answers a repeated idempotency key with the first response (for 24 hours).
  const idempotent = new Map<string, { status: number; payload: unknown }>();
  let failCreate = false;
  let failRefund: string | null = null;
  let failProduct: string | null = null;

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake-stripe");
      const body = new URLSearchParams(raw);
      requests.push({ method: req.method ?? "GET", path: url.pathname, body, idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null });
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      const remembered = key && req.method === "POST" ? idempotent.get(`${url.pathname} ${key}`) : undefined;
      const send = (status: number, payload: unknown) => {
        if (key && req.method === "POST" && !remembered) idempotent.set(`${url.pathname} ${key}`, { status, payload });
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req"), ...(remembered ? { "idempotent-replayed": "true" } : {}) });
        res.end(JSON.stringify(payload));
      };
      if (remembered) return send(remembered.status, remembered.payload);
      const invalid = (message: string, code?: string) => send(400, { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } });
      const notFound = () => send(404, { error: { type: "invalid_request_error", message: "No such checkout.session", code: "resource_missing" } });

      if (req.method === "POST" && url.pathname === "/v1/coupons") {
        const coupon = { id: id("coupon"), object: "coupon", amount_off: Number(body.get("amount_off")), currency: "gbp" };
        coupons.set(coupon.id, coupon.amount_off);
        return send(200, coupon);
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (failCreate) {
          return send(500, { error: { type: "api_error", message: "Stripe is down" } });
        }
        const sessionId = id("cs_test");
        const session: FakeSession = {
          id: sessionId,
          object: "checkout.session",
          status: "open",
          payment_status: "unpaid",
          amount_total: totalOf(body, coupons),
          currency: "gbp",
          customer_email: body.get("customer_email"),
          customer_details: null,
          collected_information: null,
          payment_intent: null,
          metadata: { orderId: body.get("metadata[orderId]") ?? "" },
          client_reference_id: body.get("client_reference_id"),
          url: `https://checkout.stripe.test/pay/${sessionId}`,
        };
        sessions.set(sessionId, session);
        return send(200, session);
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && sessionMatch) {
        const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
        return session ? send(200, session) : notFound();
      }
      // As Stripe: only an open session can be expired; any other is a 400.
      const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (req.method === "POST" && expireMatch) {
        const session = sessions.get(decodeURIComponent(expireMatch[1]!));
        if (!session) return notFound();
        if (session.status !== "open") return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
        session.status = "expired";
        return send(200, session);
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const paymentIntent = body.get("payment_intent") ?? "";
        if (failRefund) return invalid(failRefund);
        const session = [...sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent);
        if (!session) return invalid(`No such payment_intent: '${paymentIntent}'`, "resource_missing");
        const already = refunds.filter((refund) => refund.payment_intent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0);
        const amount = body.has("amount") ? Number(body.get("amount")) : session.amount_total - already;
        if (!(amount > 0)) return invalid(`Charge for ${paymentIntent} has already been refunded.`, "charge_already_refunded");
        if (already + amount > session.amount_total) {
          return invalid(`Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${((session.amount_total - already) / 100).toFixed(2)})`, "amount_too_large");
        }
        const refund = { id: id("re"), payment_intent: paymentIntent, amount };
        refunds.push(refund);
        return send(200, { ...refund, object: "refund", currency: "gbp", metadata: nested(body, "metadata"), status: "succeeded" });
      }
      if (req.method === "POST" && url.pathname === "/v1/products") {
        if (failProduct !== null && body.get("name") === failProduct) return invalid("Invalid URL: images must be public https URLs", "url_invalid");
        const productId = body.get("id") ?? id("prod");
        if (products.has(productId)) return invalid(`Product already exists.`, "resource_already_exists");
        const product: FakeProduct = {
          id: productId,
          object: "product",
          name: body.get("name") ?? "",
          description: body.get("description") || null,
          images: list(body, "images") ?? [],
          active: flag(body.get("active"), true),
          default_price: null,
          metadata: nested(body, "metadata"),
        };
        products.set(productId, product);
        return send(200, product);
      }
      const productMatch = /^\/v1\/products\/([^/]+)$/.exec(url.pathname);
      if (productMatch) {
        const product = products.get(decodeURIComponent(productMatch[1]!));
        if (!product) return send(404, { error: { type: "invalid_request_error", message: `No such product: '${productMatch[1]}'`, code: "resource_missing" } });
        if (req.method === "POST") {
          if (body.has("name")) product.name = body.get("name")!;
          if (body.has("description")) product.description = body.get("description") || null;
          const images = list(body, "images");
          if (images) product.images = images;
          if (body.has("active")) product.active = flag(body.get("active"), product.active);
          if (body.has("default_price")) product.default_price = body.get("default_price") || null;
          Object.assign(product.metadata, nested(body, "metadata"));
        }
        return send(200, product);
      }
      if (req.method === "POST" && url.pathname === "/v1/prices") {
        const product = products.get(body.get("product") ?? "");
        if (!product) return invalid(`No such product: '${body.get("product")}'`, "resource_missing");
        const price: FakePrice = {
          id: id("price"),
          object: "price",
          product: product.id,
          unit_amount: Number(body.get("unit_amount")),
          currency: body.get("currency") ?? "gbp",
          active: true,
          metadata: nested(body, "metadata"),
        };
        prices.set(price.id, price);
        return send(200, price);
      }
      if (req.method === "GET" && url.pathname === "/v1/prices") {
        const product = url.searchParams.get("product");
        const active = url.searchParams.get("active");
        const data = [...prices.values()].filter((price) => (!product || price.product === product) && (active === null || String(price.active) === active));
        return send(200, { object: "list", url: "/v1/prices", has_more: false, data });
      }
      const priceMatch = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname);
      if (priceMatch) {
        const price = prices.get(decodeURIComponent(priceMatch[1]!));
        if (!price) return send(404, { error: { type: "invalid_request_error", message: `No such price: '${priceMatch[1]}'`, code: "resource_missing" } });
        if (req.method === "POST" && body.has("active")) price.active = flag(body.get("active"), price.active);
        return send(200, price);
      }
      return send(404, { error: { type: "invalid_request_error", message: `Unknown route ${req.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    sessions,
    requests,
    refunds,
    products,
    prices,
    failCreates: (fail) => {
      failCreate = fail;
    },
    failRefunds: (message) => {
      failRefund = message;
    },
    failProductNamed: (name) => {
      failProduct = name;
    },
    pay(sessionId, details = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = id("pi");
      session.customer_details = { email: details.email ?? session.customer_email, name: details.billingName ?? details.name ?? null };
      if (details.address) session.collected_information = { shipping_details: { name: details.name ?? "", address: details.address } };
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
