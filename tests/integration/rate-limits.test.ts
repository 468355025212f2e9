// Rate limits on the public forms (issue 10, items 18 and 20): the contact form is limited per
// address and per sender, and every 429 tells the browser when to try again (Retry-After, as
// docs/api.md promises), through the route's own headers, not only the action's answer.
import { beforeEach, expect, it } from "vitest";
import { auth as authMessages } from "../../src/domain/messages/account.ts";
import { AUTH_RATE_LIMITS } from "../../src/server/auth/accounts.server.ts";
import { createAuth } from "../../src/server/auth/auth.server.ts";
import { CONTACT_RATE_LIMITS } from "../../src/server/contact/contact.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { contactMessages, mailOutbox, rateLimit } from "../../src/server/db/schema.ts";
import { ORDER_LOOKUP_LIMIT } from "../../src/server/orders/orders.server.ts";
import { takeAttempt } from "../../src/server/security/rate-limit.server.ts";
import * as authRoute from "../../src/web/routes/auth.tsx";
import * as contactRoute from "../../src/web/routes/contact.tsx";
import * as lookupRoute from "../../src/web/routes/orders.lookup.tsx";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";

const SHOP = "http://shop.test";

type Answer = { status: number; body: Record<string, unknown>; actionHeaders: Headers };

/** Runs a route action as React Router would and returns its status, data and headers. */
async function post(route: { action: (args: never) => unknown }, path: string, fields: Record<string, string>, context: object): Promise<Answer> {
  const request = new Request(`${SHOP}${path}`, { method: "POST", body: new URLSearchParams(fields) });
  const value = (await route.action(withUrl({ request, context, params: {} }) as never)) as { type?: string; data?: Record<string, unknown>; init?: ResponseInit | null };
  if (value?.type === "DataWithResponseInit") return { status: value.init?.status ?? 200, body: value.data!, actionHeaders: new Headers(value.init?.headers) };
  return { status: 200, body: value as Record<string, unknown>, actionHeaders: new Headers() };
}

/** The headers React Router sends with the page for this answer: the route's headers function. */
function documentHeaders(route: { headers?: unknown }, answer: Answer): Headers {
  expect(typeof route.headers, "the route exports a headers function").toBe("function");
  const parentHeaders = new Headers({ "X-From-Root": "kept" });
  return new Headers(
    (route.headers as (args: object) => HeadersInit)({ parentHeaders, actionHeaders: answer.actionHeaders, loaderHeaders: new Headers(), errorHeaders: undefined }),
  );
}

function expectRetryAfter(route: { headers?: unknown }, answer: Answer, windowMs: number) {
  expect(answer.status).toBe(429);
  const headers = documentHeaders(route, answer);
  const seconds = Number(headers.get("Retry-After"));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
  expect(headers.get("X-From-Root")).toBe("kept");
}

const message = (email: string, n: number) => ({
  firstName: "Kwame",
  lastName: "Mensah",
  email,
  subject: `Question ${n}`,
  message: "Which size should I order?",
});

describeEachEngine("rate limits on public forms", (get) => {
  const contactContext = (db: Database, clientIp: string) => routeContext({ app: { db, config: { shopEmail: "shop@shop.test" }, kickMail: () => {} }, cspNonce: "", clientIp });

  beforeEach(async () => {
    await get().db.delete(rateLimit);
    await get().db.delete(contactMessages);
    await get().db.delete(mailOutbox);
  });

  it("limits contact messages per address: the shop is not flooded with e-mails", async () => {
    const { db } = get();
    for (let i = 0; i < CONTACT_RATE_LIMITS.perIp.max; i++) {
      const answer = await post(contactRoute, "/contact", message(`sender${i}@example.com`, i), contactContext(db, "192.0.2.30"));
      expect(answer.body).toEqual({ status: "sent" });
    }
    const limited = await post(contactRoute, "/contact", message("another@example.com", 99), contactContext(db, "192.0.2.30"));
    expect(limited.body).toMatchObject({ message: authMessages.tooManyAttempts, values: { email: "another@example.com" } });
    expectRetryAfter(contactRoute, limited, CONTACT_RATE_LIMITS.perIp.windowMs);
    expect(await db.select().from(contactMessages)).toHaveLength(CONTACT_RATE_LIMITS.perIp.max);
    expect(await db.select().from(mailOutbox)).toHaveLength(CONTACT_RATE_LIMITS.perIp.max);
    // Someone else is not affected.
    expect((await post(contactRoute, "/contact", message("someone@example.com", 1), contactContext(db, "192.0.2.31"))).body).toEqual({ status: "sent" });
  });

  it("limits contact messages per sender's e-mail, whichever address they come from", async () => {
    const { db } = get();
    for (let i = 0; i < CONTACT_RATE_LIMITS.perEmail.max; i++) {
      expect((await post(contactRoute, "/contact", message("same@example.com", i), contactContext(db, `192.0.2.${100 + i}`))).body).toEqual({ status: "sent" });
    }
    const limited = await post(contactRoute, "/contact", message("Same@Example.com", 9), contactContext(db, "192.0.2.199"));
    expectRetryAfter(contactRoute, limited, CONTACT_RATE_LIMITS.perEmail.windowMs);
  });

  it("does not count a message that was not valid", async () => {
    const { db } = get();
    for (let i = 0; i < CONTACT_RATE_LIMITS.perIp.max + 2; i++) {
      expect((await post(contactRoute, "/contact", { ...message("typo@example", i) }, contactContext(db, "192.0.2.40"))).status).toBe(400);
    }
    expect((await post(contactRoute, "/contact", message("typo@example.com", 1), contactContext(db, "192.0.2.40"))).body).toEqual({ status: "sent" });
  });

  it("sends Retry-After with a refused sign-in", async () => {
    const { db } = get();
    const auth = createAuth({ db, config: { publicUrl: SHOP, requireEmailVerification: false, env: "test" }, secret: "test-secret-test-secret-test-secret-0123" });
    const context = routeContext({ app: { db, auth, config: { publicUrl: SHOP }, kickMail: () => {} }, cspNonce: "", setCookie: () => {}, clientIp: "192.0.2.50" });
    // The address's tries used up directly (each real one spends a scrypt hash; accounts.test.ts
    // shows they count), so the form's sign-in is the one refused.
    for (let i = 0; i < AUTH_RATE_LIMITS.signInPerIp.max; i++) await takeAttempt(db, AUTH_RATE_LIMITS.signInPerIp, "192.0.2.50");
    const answer = await post(authRoute, "/auth", { intent: "signin", email: "nobody@example.com", password: "not a password", js: "1" }, context);
    expect(answer.body).toMatchObject({ message: authMessages.tooManyAttempts });
    expectRetryAfter(authRoute, answer, AUTH_RATE_LIMITS.signInPerIp.windowMs);
  });

  it("sends Retry-After with a refused order look-up", async () => {
    const { db } = get();
    const context = routeContext({ app: { db, config: { publicUrl: SHOP }, kickMail: () => {} }, cspNonce: "", setCookie: () => {}, clientIp: "192.0.2.60" });
    let answer: Answer | undefined;
    for (let i = 0; i <= ORDER_LOOKUP_LIMIT.max; i++) {
      answer = await post(lookupRoute, "/orders/lookup", { orderNumber: `#0000${String(i).padStart(4, "0")}`, email: "guess@example.com" }, context);
    }
    expect(answer!.body).toMatchObject({ message: authMessages.tooManyAttempts });
    expectRetryAfter(lookupRoute, answer!, ORDER_LOOKUP_LIMIT.windowMs);
  });
});
