// Shared pieces of the admin integration suites: an app context with a real auth, accounts
// signed in as a shopper and as an admin, and a way to read what a loader or action answered.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { inject } from "vitest";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { diskImageStorage, type ImageStorage } from "../../src/server/images/image-storage.server.ts";
import { createAuth } from "../../src/server/auth/auth.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { adminUsers, orderItems, orders } from "../../src/server/db/schema.ts";
import type { RouterContextProvider } from "react-router";
import { createLocalProvider } from "../../src/server/payments/local-provider.server.ts";
import { routeContext } from "./route-context.ts";

export const SHOP = "http://shop.test";
export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";
/** This run's temporary folder, removed when the run ends (the integration global setup). */
const RUN_TEMP = inject("testTempRoot");
/** Where admin routes under test keep files (scraped pictures): a folder of this test process. */
export const TEST_DATA_DIR = path.join(RUN_TEMP, `admin-${process.pid}`);

export function makeAuth(db: Database): Auth {
  return createAuth({ db, config: { publicUrl: SHOP, requireEmailVerification: false, env: "test" }, secret: TEST_SECRET });
}

export type TestContext = RouterContextProvider;

/** What a test context's catalogue changes did: how often the page cache was told, and the image store. */
export type CatalogueProbe = { changes: number; images: ImageStorage; uploadsDir: string };

/** `extra` adds or replaces services (a payment provider) for the routes that use them; `catalogue` watches catalogue changes. */
export function makeContext(
  db: Database,
  auth: Auth,
  kicks: { count: number; jobs?: number } = { count: 0 },
  { catalogue, ...extra }: Record<string, unknown> & { catalogue?: CatalogueProbe } = {},
): TestContext {
  const probe = catalogue ?? catalogueProbe();
  return routeContext({
    app: {
      db,
      auth,
      config: { publicUrl: SHOP, senderAddress: ["Menswear Shop", "United Kingdom"], dataDir: TEST_DATA_DIR, scraperAllowHosts: [] },
      payments: createLocalProvider(db, { publicUrl: SHOP, webhookSecret: "whsec_test_local" }),
      kickMail: () => void kicks.count++,
      kickJobs: () => void (kicks.jobs = (kicks.jobs ?? 0) + 1),
      images: probe.images,
      catalogueChanged: () => void probe.changes++,
      ...extra,
    },
    cspNonce: "",
    setCookie: () => {},
    clientIp: "203.0.113.50",
  });
}

/** An image store in a directory of its own under the run's temporary folder. */
export function catalogueProbe(): CatalogueProbe {
  const uploadsDir = path.join(RUN_TEMP, `uploads-${randomUUID()}`);
  return { changes: 0, images: diskImageStorage(uploadsDir), uploadsDir };
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Signs up an account (an admin when asked) and returns its id, e-mail, password and Cookie header. */
export async function signedInAccount(db: Database, auth: Auth, options: { admin: boolean; email?: string }) {
  const email = options.email ?? uniqueEmail(options.admin ? "admin" : "shopper");
  const password = "correct horse battery";
  const created = await auth.api.signUpEmail({ body: { email, password, name: options.admin ? "Ada Admin" : "Sam Shopper" } });
  if (options.admin) await db.insert(adminUsers).values({ id: created.user.id });
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { userId: created.user.id, email, password, cookie };
}

/** `thrown`: the handler threw it (a page action that throws replaces the page by its error boundary). */
export type Answer = { status: number; body: unknown; headers: Headers; thrown: boolean };

/**
 * What an action returned; one that throws fails the test. A page action's thrown answer replaces
 * the page with the error screen, a returned one shows the form again with its message.
 */
export async function returned(run: unknown): Promise<Answer> {
  return settle(await run);
}

/** What a loader or action answered, thrown or returned: a Response, data(), or plain data. */
export async function settle(run: unknown): Promise<Answer> {
  const read = async (value: unknown, thrown: boolean): Promise<Answer> => {
    if (value instanceof Response) {
      const type = value.headers.get("content-type") ?? "";
      const body = type.includes("json") ? await value.clone().json() : type.includes("text") ? await value.clone().text() : null;
      return { status: value.status, body, headers: value.headers, thrown };
    }
    const shaped = value as { data?: unknown; init?: ResponseInit | null; type?: string } | null;
    if (shaped && typeof shaped === "object" && shaped.type === "DataWithResponseInit") {
      return { status: shaped.init?.status ?? (thrown ? 500 : 200), body: shaped.data, headers: new Headers(shaped.init?.headers), thrown };
    }
    if (thrown) throw value;
    return { status: 200, body: value, headers: new Headers(), thrown };
  };
  try {
    return await read(await run, false);
  } catch (error) {
    return read(error, true);
  }
}

export type OrderSeed = {
  id?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  status?: string;
  paymentStatus?: string;
  sessionId?: string | null;
  createdAt?: Date;
  items?: { name: string; category: string; quantity: number; unitPricePence: number; size?: string; colour?: string }[];
};

/** An order as checkout leaves it, written straight to the database. */
export async function insertOrder(db: Database, seed: OrderSeed = {}): Promise<string> {
  const email = (seed.email ?? uniqueEmail("buyer")).toLowerCase();
  const items = seed.items ?? [{ name: "Navy Suit", category: "suits", quantity: 1, unitPricePence: 19999, size: "40R", colour: "Navy" }];
  const createdAt = seed.createdAt ?? new Date(Date.now() - 60_000);
  const subtotal = items.reduce((sum, item) => sum + item.quantity * item.unitPricePence, 0);
  const [row] = await db
    .insert(orders)
    .values({
      ...(seed.id ? { id: seed.id } : {}),
      status: seed.status ?? "processing",
      paymentStatus: seed.paymentStatus ?? "paid",
      subtotalPence: subtotal,
      shippingPence: 499,
      totalAmountPence: subtotal + 499,
      customer: { firstName: seed.firstName ?? "Ama", lastName: seed.lastName ?? "Owusu", email, phone: "+44 20 7946 0000" },
      customerEmail: email,
      shippingAddress: { firstName: seed.firstName ?? "Ama", lastName: seed.lastName ?? "Owusu", address: "1 Savile Row", city: "London", region: "", postalCode: "W1S 3PR", country: "United Kingdom", phone: "" },
      stripeSessionId: seed.sessionId === undefined ? `cs_test_${Math.random().toString(36).slice(2, 12)}` : seed.sessionId,
      paymentProvider: "local",
      paidAt: seed.paymentStatus === "pending" ? null : new Date(createdAt.getTime() + 30_000),
      createdAt,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values(
    items.map((item) => ({ orderId: row!.id, quantity: item.quantity, unitPricePence: item.unitPricePence, productName: item.name, productCategory: item.category, selectedSize: item.size ?? null, selectedColor: item.colour ?? null })),
  );
  return row!.id;
}
