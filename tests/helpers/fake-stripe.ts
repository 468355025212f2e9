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

export type FakeStripe = {
  port: number;
  sessions: Map<string, FakeSession>;
  /** Every request as received: method, path and the decoded form body. */
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null }[];
  refunds: { payment_intent: string }[];
  /** Makes session creation fail with a Stripe error until it is called again (the provider is down). */
  failCreates(fail: boolean): void;
  pay(sessionId: string, details?: { email?: string; name?: string; address?: Record<string, string> }): FakeSession;
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

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, number>();
  const requests: FakeStripe["requests"] = [];
  const refunds: FakeStripe["refunds"] = [];
  let failCreate = false;

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake-stripe");
      const body = new URLSearchParams(raw);
      requests.push({ method: req.method ?? "GET", path: url.pathname, body, idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(payload));
      };
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
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const paymentIntent = body.get("payment_intent") ?? "";
        refunds.push({ payment_intent: paymentIntent });
        return send(200, { id: id("re"), object: "refund", payment_intent: paymentIntent, status: "succeeded" });
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
    failCreates: (fail) => {
      failCreate = fail;
    },
    pay(sessionId, details = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = id("pi");
      session.customer_details = { email: details.email ?? session.customer_email, name: details.name ?? null };
      if (details.address) session.collected_information = { shipping_details: { name: details.name ?? "", address: details.address } };
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
