// The authorization matrix (issue 12, docs/architecture.md "The server is the authority"): every route
// under /admin and /api/admin, every method, called as a guest, a signed-in shopper and an admin.
// Pages: a guest gets the admin login (401 { adminLogin }), a shopper is sent to /. JSON: a guest
// gets 401, a shopper 403. An admin is never refused and never gets a 5xx. A route added to
// src/web/routes.ts under these prefixes without a line here fails the first test.
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../src/web/routes.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { insertOrder, makeAuth, makeContext, settle, SHOP, signedInAccount, type TestContext } from "../helpers/admin.ts";
import { withUrl } from "../helpers/route-context.ts";
import { products } from "../../src/server/db/schema.ts";
import { adminShell } from "../../src/domain/messages/admin.ts";

type Kind = "page" | "api";
type MatrixEntry = {
  kind: Kind;
  /** A concrete address for the pattern (":id" is replaced with a real order's id, ":productId" with a product's). */
  example: string;
  /** The admin layout's action is the admin login form itself: anyone may post to it. */
  loginForm?: true;
  /** admin.md section 6: the Stripe page shows Access Denied (403, no data) instead of redirecting. */
  deniedInPlace?: true;
  /**
   * The page's action takes forms: a guest's post (a session that ended while the page was open)
   * is answered, not thrown, so the page keeps what was typed and asks to sign in over it (decision 059).
   */
  forms?: true;
};

const MATRIX: Record<string, MatrixEntry> = {
  "/admin": { kind: "page", example: "/admin", loginForm: true },
  "/admin/_index": { kind: "page", example: "/admin", forms: true },
  "/admin/orders": { kind: "page", example: "/admin/orders?search=ama&status=processing&page=1", forms: true },
  "/admin/orders/print": { kind: "page", example: "/admin/orders/print?ids=:id" },
  "/admin/orders/:id": { kind: "page", example: "/admin/orders/:id", forms: true },
  "/admin/customers": { kind: "page", example: "/admin/customers", forms: true },
  "/admin/products/spreadsheet": { kind: "page", example: "/admin/products/spreadsheet" },
  "/admin/products": { kind: "page", example: "/admin/products?category=suits&search=navy&page=1", forms: true },
  "/admin/products/new": { kind: "page", example: "/admin/products/new", forms: true },
  "/admin/products/:id/edit": { kind: "page", example: "/admin/products/:productId/edit", forms: true },
  "/admin/stripe": { kind: "page", example: "/admin/stripe?search=ama&page=2", deniedInPlace: true },
  "/admin/discounts": { kind: "page", example: "/admin/discounts", forms: true },
  "/admin/settings": { kind: "page", example: "/admin/settings", forms: true },
  "/admin/security": { kind: "page", example: "/admin/security", forms: true },
  "/admin/*": { kind: "page", example: "/admin/no-such-screen" },
  "/api/admin/dashboard": { kind: "api", example: "/api/admin/dashboard" },
  "/api/admin/customers": { kind: "api", example: "/api/admin/customers" },
  "/api/admin/customers/personal-data": { kind: "api", example: "/api/admin/customers/personal-data?email=matrix-nobody%40example.com" },
  "/api/admin/customers/erasure": { kind: "api", example: "/api/admin/customers/erasure" },
  "/api/admin/orders": { kind: "api", example: "/api/admin/orders" },
  "/api/admin/orders/export.csv": { kind: "api", example: "/api/admin/orders/export.csv" },
  "/api/admin/products/export.csv": { kind: "api", example: "/api/admin/products/export.csv" },
  "/api/admin/products/template.csv": { kind: "api", example: "/api/admin/products/template.csv" },
  "/api/admin/products/import": { kind: "api", example: "/api/admin/products/import" },
  "/api/admin/products/import/preview": { kind: "api", example: "/api/admin/products/import/preview" },
  "/api/admin/orders/:id": { kind: "api", example: "/api/admin/orders/:id" },
  "/api/admin/orders/:id/notes": { kind: "api", example: "/api/admin/orders/:id/notes" },
  "/api/admin/orders/:id/refunds": { kind: "api", example: "/api/admin/orders/:id/refunds" },
  "/api/admin/orders/:id/tracking": { kind: "api", example: "/api/admin/orders/:id/tracking" },
  "/api/admin/stripe/sync": { kind: "api", example: "/api/admin/stripe/sync" },
  "/api/admin/jobs/:id": { kind: "api", example: "/api/admin/jobs/:id" },
  "/api/admin/imports": { kind: "api", example: "/api/admin/imports" },
  "/api/admin/products": { kind: "api", example: "/api/admin/products?category=suits&search=navy" },
  "/api/admin/products/:id": { kind: "api", example: "/api/admin/products/:productId" },
  "/api/admin/uploads": { kind: "api", example: "/api/admin/uploads" },
  "/api/admin/products/scrape": { kind: "api", example: "/api/admin/products/scrape" },
  "/api/admin/products/scraped": { kind: "api", example: "/api/admin/products/scraped" },
  "/api/admin/discounts": { kind: "api", example: "/api/admin/discounts" },
  "/api/admin/discounts/:id": { kind: "api", example: "/api/admin/discounts/:id" },
  "/api/admin/settings": { kind: "api", example: "/api/admin/settings" },
  "/api/admin/*": { kind: "api", example: "/api/admin/nope" },
};

type Found = { pattern: string; file: string };

/** Every route of routes.ts as its full pattern; an index route is "<parent>/_index". */
function flatten(entries: RouteConfigEntry[], parent = ""): Found[] {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? `${parent}/_index` : `${parent}/${entry.path ?? ""}`.replace(/\/+$/, "") || "/";
    return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
  });
}

const ADMIN_ROUTES = flatten(routes).filter(({ pattern }) => pattern === "/admin" || pattern.startsWith("/admin/") || pattern.startsWith("/api/admin"));
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

describe("authorization matrix coverage", () => {
  it("lists every admin route of src/web/routes.ts", () => {
    const missing = ADMIN_ROUTES.map(({ pattern }) => pattern).filter((pattern) => !(pattern in MATRIX));
    expect(missing, "admin routes missing from the authorization matrix").toEqual([]);
    const stale = Object.keys(MATRIX).filter((pattern) => !ADMIN_ROUTES.some((route) => route.pattern === pattern));
    expect(stale, "matrix lines for routes that no longer exist").toEqual([]);
  });
});

function paramsFor(pattern: string, example: string): Record<string, string> {
  const names = pattern.split("/");
  const values = new URL(example, SHOP).pathname.split("/");
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    if (name.startsWith(":")) params[name.slice(1)] = decodeURIComponent(values[index] ?? "");
  });
  return params;
}

function requestFor(kind: Kind, method: (typeof METHODS)[number], url: string, cookie: string | null): Request {
  const headers = new Headers({ origin: SHOP });
  if (cookie) headers.set("cookie", cookie);
  let body: string | undefined;
  if (method !== "GET" && method !== "DELETE") {
    if (kind === "api") {
      headers.set("content-type", "application/json");
      body = JSON.stringify({ status: "processing", note: "Checked by the matrix" });
    } else {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = "intent=nothing";
    }
  }
  return new Request(SHOP + url, { method, headers, body });
}

describeEachEngine("admin authorization matrix", (get) => {
  let auth: Auth;
  let context: TestContext;
  let shopperCookie: string;
  let adminCookie: string;
  let orderId: string;
  let productId: string;

  beforeAll(async () => {
    const { db } = get();
    auth = makeAuth(db);
    context = makeContext(db, auth);
    shopperCookie = (await signedInAccount(db, auth, { admin: false })).cookie;
    adminCookie = (await signedInAccount(db, auth, { admin: true })).cookie;
    orderId = await insertOrder(db);
    // A product the matrix's PUT and DELETE may change: its body is refused (400) before anything is written.
    [{ id: productId }] = await db.insert(products).values({ name: "Matrix Suit", pricePence: 10000, category: "suits" }).returning({ id: products.id }) as [{ id: string }];
  });

  for (const { pattern, file } of ADMIN_ROUTES) {
    const entry = MATRIX[pattern];
    if (!entry) continue;
    describe(`${pattern} (${file})`, () => {
      const load = async () => (await import(`../../src/web/${file}`)) as RouteModule;
      const url = () => entry.example.replaceAll(":productId", productId).replaceAll(":id", orderId);
      const call = async (method: (typeof METHODS)[number], cookie: string | null) => {
        const module = await load();
        const handler = method === "GET" ? module.loader : module.action;
        if (!handler) return null;
        return settle(handler(withUrl({ request: requestFor(entry.kind, method, url(), cookie), params: paramsFor(pattern, url()), context })));
      };

      it("has a loader that checks admin rights on the server", async () => {
        expect(typeof (await load()).loader).toBe("function");
      });

      // Without an action the router answers any other method itself, 405 before any check (a
      // guest's POST to /admin/customers learnt the page exists instead of meeting the login).
      it("has an action, so every method meets the admin check first", async () => {
        expect(typeof (await load()).action).toBe("function");
      });

      for (const method of METHODS) {
        it(`${method} as a guest is refused`, async () => {
          const answer = await call(method, null);
          if (answer === null) return; // no action: React Router answers 405 itself
          if (method !== "GET" && entry.loginForm) {
            // Posting to the login form does nothing without a valid intent and credentials.
            expect(answer.status).toBe(400);
            return;
          }
          if (entry.kind === "page" && entry.forms && method !== "GET") {
            expect(answer.status).toBe(401);
            expect(answer.thrown).toBe(false);
            expect(answer.body).toEqual({ adminLogin: true, ok: false, message: adminShell.sessionEnded });
            expect(answer.headers.get("cache-control")).toBe("no-store");
          } else if (entry.kind === "page") {
            expect(answer.status).toBe(401);
            expect(answer.body).toEqual({ adminLogin: true });
          } else {
            expect(answer.status).toBe(401);
            expect(answer.body).toMatchObject({ error: expect.any(String) });
            expect(answer.headers.get("cache-control")).toBe("no-store");
          }
        });

        it(`${method} as a signed-in shopper is refused`, async () => {
          const answer = await call(method, shopperCookie);
          if (answer === null) return;
          if (method !== "GET" && entry.loginForm) {
            expect(answer.status).toBe(400);
            return;
          }
          if (entry.kind === "page" && entry.deniedInPlace) {
            expect(answer.status).toBe(403);
            expect(answer.body).toMatchObject({ denied: true, overview: null });
          } else if (entry.kind === "page") {
            expect(answer.status).toBe(302);
            expect(answer.headers.get("location")).toBe("/");
          } else {
            expect(answer.status).toBe(403);
            expect(answer.body).toMatchObject({ error: expect.any(String) });
            expect(answer.headers.get("cache-control")).toBe("no-store");
          }
        });

        it(`${method} as an admin is let in and never fails with a 5xx`, async () => {
          const answer = await call(method, adminCookie);
          if (answer === null) return;
          expect(answer.status).toBeLessThan(500);
          expect([401, 403]).not.toContain(answer.status);
          if (answer.status === 302) expect(answer.headers.get("location")).not.toBe("/");
        });
      }

      if (entry.kind === "api") {
        // Allow names exactly the methods the endpoint has (HEAD with GET), on every 405 it gives.
        it("answers a method it does not have 405 with an Allow header naming the ones it has", async () => {
          const answers = new Map<string, Awaited<ReturnType<typeof call>>>();
          for (const method of METHODS) answers.set(method, await call(method, adminCookie));
          const has = METHODS.filter((method) => answers.get(method)?.status !== 405);
          const expected = has.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])).join(", ");
          for (const [method, answer] of answers) {
            if (answer?.status !== 405) continue;
            expect({ method, body: answer.body, allow: answer.headers.get("allow") }).toEqual({ method, body: { error: "Method not allowed" }, allow: expected });
          }
          if (pattern === "/api/admin/*") expect([...answers.values()].map((answer) => [answer?.status, answer?.body])).toEqual(METHODS.map(() => [404, { error: "Not found" }]));
        });
      }
    });
  }
});
