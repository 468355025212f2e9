// Every route of the routing table (src/web/routes.ts) gets malformed requests from a seeded
// generator (tests/fuzz/malformed-requests.ts), against a production server of its own: not one
// may be answered 5xx, and the server must still be serving afterwards. FUZZ_REQUESTS sets how
// many per route (100 by default, affordable in CI; the release check runs 1,000), FUZZ_SEED the
// seed, so any failure replays exactly.
import { expect, test } from "@playwright/test";
import routes from "../../src/web/routes.ts";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { rawRequest, type RawRequest } from "../helpers/raw-http.ts";
import { malformedRequest, type FuzzWorld } from "../fuzz/malformed-requests.ts";

const PER_ROUTE = Number(process.env.FUZZ_REQUESTS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CONCURRENCY = 8;
/** The host's body limit for every route but the payment webhook (src/host/server.ts). */
const BODY_LIMIT = 100_000;

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };
function routePatterns(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [...(entry.index || entry.path !== undefined ? [path] : []), ...routePatterns(entry.children ?? [], path)];
  });
}

let server: BuiltServer;
let world: FuzzWorld;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Loopback is trusted as a proxy here so each request can come from its own made-up address.
  server = await startBuiltServer({ TRUST_PROXY: "loopback" });
  const json = (path: string, init?: RequestInit) => fetch(server.base + path, init).then((answer) => answer.json() as Promise<Record<string, unknown>>);
  const listing = (await json("/api/products?pageSize=48")) as { items: Array<{ id: string; sizes: string[]; colors: string[] }> };
  const product = listing.items[0]!;
  // Open payment sessions, so /pay/:sessionId and the confirmation page are fuzzed past their lookup.
  const sessionIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const checkout = await json("/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base },
      body: JSON.stringify({
        items: [{ product_id: product.id, quantity: 1, selected_size: product.sizes[0], selected_color: product.colors[0] }],
        customerInfo: { firstName: "Ama", lastName: "Owusu", email: `fuzz-${i}@example.com` },
        shippingAddress: { address: "1 High Street", city: "London", postalCode: "N1 1AA", country: "United Kingdom" },
      }),
    });
    expect(typeof checkout.sessionId, JSON.stringify(checkout)).toBe("string");
    sessionIds.push(String(checkout.sessionId));
  }
  const signUp = await rawRequest(server.base, {
    method: "POST",
    path: "/auth?tab=signup",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signup", firstName: "Fuzz", lastName: "Tester", email: `fuzz-${SEED}@example.com`, password: `Fuzz-${SEED}-kente-cloth` }).toString(),
  });
  const sessionCookie = (signUp.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
  expect(sessionCookie).toContain("session_token");
  world = { productIds: listing.items.map((item) => item.id), sessionIds, sessionCookie, origin: server.base, bodyLimit: BODY_LIMIT };
});

test.afterAll(async () => {
  await server?.stop();
});

const describe = (request: RawRequest) =>
  `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 300)} ${request.chunked ? "(chunked) " : ""}${
    request.body === undefined ? "" : Buffer.isBuffer(request.body) || typeof request.body === "string" ? String(request.body).slice(0, 300) : "(chunks)"
  }`;

test(`${PER_ROUTE} malformed requests to every route get no 5xx answer`, async () => {
  test.setTimeout(Math.max(120_000, PER_ROUTE * 60 * 40));
  const patterns = routePatterns(routes as RouteEntry[]);
  // The table has pages, actions, resource routes and the catch-all: all of them are covered.
  expect(patterns).toEqual(expect.arrayContaining(["", "contact", "pay/:sessionId", "api/cart/items/:id", "api/payments/webhook", "*"]));

  const jobs = patterns.flatMap((pattern) => Array.from({ length: PER_ROUTE }, (_, index) => ({ pattern, index })));
  const failures: string[] = [];
  const unanswered: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const { pattern, index } = jobs[next++]!;
        const request = malformedRequest(SEED, pattern, index, world);
        const answer = await rawRequest(server.base, request);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) failures.push(`[${pattern} #${index}] ${answer.status} ${answer.body.slice(0, 120)} <- ${describe(request)}`);
        // No answer at all is only expected for bodies over the limit (the connection is cut after the 413).
        else if (answer.status === 0 && !/ECONNRESET|EPIPE|socket hang up/.test(answer.error ?? "")) unanswered.push(`[${pattern} #${index}] ${answer.error} <- ${describe(request)}`);
      }
    }),
  );
  console.log(`fuzz: ${jobs.length} requests (${patterns.length} routes x ${PER_ROUTE}, seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
  if (failures.length + unanswered.length > 0) console.log(`server log (last 4,000 characters):\n${server.log().slice(-4000)}`);
  expect(failures, failures.slice(0, 30).join("\n")).toEqual([]);
  expect(unanswered, unanswered.slice(0, 30).join("\n")).toEqual([]);
  // Still serving, and the process did not restart or die on the way.
  expect((await rawRequest(server.base, { method: "GET", path: "/api/health" })).status).toBe(200);
  expect((await rawRequest(server.base, { method: "GET", path: "/category/suits" })).status).toBe(200);
});
