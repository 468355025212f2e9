// The admin Security page (admin.md section 2 "Security page", issue 14; decision 038): real
// counts, the access policy proven by live probes, which secrets are set, the payment provider's
// reachability and the audit trail.
import { createHmac } from "node:crypto";
import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { auditSubject, type AuditSubject } from "../../../domain/admin/audit-subjects.ts";
import { isRowId } from "../../../domain/row-ids.ts";
import { formatOrderNumber } from "../../../domain/order-number.ts";
import type { AppContext } from "../../app-context.server.ts";
import type { AppConfig } from "../../config/env.server.ts";
import type { DbOrTx } from "../../db/client.server.ts";
import { databaseErrorOf, SQLSTATE } from "../../db/database-errors.server.ts";
import { adminAuditLog, adminUsers, cartItems, discountCodes, orders, products, profiles, user } from "../../db/schema.ts";

/** The account the probes act as "another user": never an admin, owns nothing, not counted. */
export const PROBE_ACCOUNT_EMAIL = "security-probe@probe.invalid";

export type SecurityCounts = { users: number; orders: number; adminUsers: number };

export async function readSecurityCounts(db: DbOrTx): Promise<SecurityCounts> {
  const [[users], [orderCount], [admins]] = await Promise.all([
    db.select({ n: count() }).from(user).where(ne(user.email, PROBE_ACCOUNT_EMAIL)),
    db.select({ n: count() }).from(orders),
    db.select({ n: count() }).from(adminUsers),
  ]);
  return { users: users?.n ?? 0, orders: orderCount?.n ?? 0, adminUsers: admins?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Secrets: whether each is set, never its value.

export type SecretStatus = { name: string; variable: string; configured: boolean; note: string };

export function secretsStatus(config: Pick<AppConfig, "stripe" | "smtpUrl" | "authSecret">): SecretStatus[] {
  return [
    {
      name: "Payment (Stripe secret key)",
      variable: "STRIPE_SECRET_KEY",
      configured: Boolean(config.stripe?.secretKey),
      note: config.stripe ? "Card payments go through Stripe Checkout." : "Not set: the shop uses its built-in local payment page.",
    },
    {
      name: "Payment webhook (Stripe signing secret)",
      variable: "STRIPE_WEBHOOK_SECRET",
      configured: Boolean(config.stripe?.webhookSecret),
      note: config.stripe
        ? config.stripe.webhookSecret
          ? "Stripe's events are checked against it."
          : "Not set: Stripe's events cannot be verified, payments are confirmed when the shopper returns."
        : "Only needed with Stripe; the local payment page signs its own events.",
    },
    {
      name: "Mail (SMTP)",
      variable: "SMTP_URL",
      configured: Boolean(config.smtpUrl),
      note: config.smtpUrl ? "E-mail is sent through the SMTP server." : "Not set: e-mails are written to files in the data folder, not sent.",
    },
    {
      name: "Auth (session signing secret)",
      variable: "BETTER_AUTH_SECRET",
      // Without the variable the server generated one and keeps it in the data folder.
      configured: true,
      note: config.authSecret ? "Set in the environment." : "Generated on first start and kept in the data folder; set it explicitly when running several servers.",
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The payment provider's reachability (the spec's verify-payment "test" check).

export type PaymentCheck = { provider: "local" | "stripe"; ok: boolean; detail: string | null };

const PAYMENT_CHECK_TIMEOUT_MS = 10_000;

export async function checkPaymentProvider(payments: AppContext["payments"]): Promise<PaymentCheck> {
  if (payments.name === "local") return { provider: "local", ok: true, detail: null };
  // A session id that cannot exist: Stripe answers "not found" (null) when the key works.
  const probe = payments.getSession(`cs_probe_${Date.now().toString(36)}`).then(
    () => ({ provider: "stripe" as const, ok: true, detail: null }),
    (error: unknown) => ({ provider: "stripe" as const, ok: false, detail: error instanceof Error ? error.message.slice(0, 200) : "unknown error" }),
  );
  const timeout = new Promise<PaymentCheck>((resolve) =>
    setTimeout(() => resolve({ provider: "stripe", ok: false, detail: `no answer within ${PAYMENT_CHECK_TIMEOUT_MS / 1000} seconds` }), PAYMENT_CHECK_TIMEOUT_MS).unref(),
  );
  return Promise.race([probe, timeout]);
}

// ---------------------------------------------------------------------------------------------
// Access probes: requests sent in-process to the shop's own routes, as a guest and as another
// signed-in user, for a real record of each table when there is one. A row is Enabled only when
// every probe was refused.

export type ProbeResource = "orders" | "cart_items" | "discount_codes" | "profiles";
export type ProbeOutcome = { as: "guest" | "another user"; request: string; status: number; refused: boolean };
export type ResourcePolicy = { resource: ProbeResource; enabled: boolean; realRecord: boolean; probes: ProbeOutcome[] };

type ProbeTarget = {
  method: "GET" | "PATCH";
  path: string;
  body?: unknown;
  /** What must not appear in a 2xx answer (the record's id, number, code, e-mail...). */
  secrets: string[];
};

type ProbeDeps = Pick<AppContext, "db" | "auth" | "config"> & { dispatch: (request: Request) => Promise<Response> };

const MADE_UP_ID = "00000000-0000-4000-8000-000000000000";

async function probeTargets(db: DbOrTx, probeUserId: string): Promise<Record<ProbeResource, { realRecord: boolean; targets: ProbeTarget[] }>> {
  const [[order], [line], [code], [profile]] = await Promise.all([
    db.select({ id: orders.id, email: orders.customerEmail }).from(orders).orderBy(desc(orders.createdAt)).limit(1),
    db
      .select({ id: cartItems.id, quantity: cartItems.quantity, productId: cartItems.productId })
      .from(cartItems)
      .where(ne(cartItems.userId, probeUserId))
      .orderBy(desc(cartItems.createdAt))
      .limit(1),
    db.select({ id: discountCodes.id, code: discountCodes.code }).from(discountCodes).orderBy(desc(discountCodes.createdAt)).limit(1),
    db
      .select({ id: profiles.id, email: user.email, phone: profiles.phone })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(ne(profiles.id, probeUserId))
      .orderBy(desc(profiles.createdAt))
      .limit(1),
  ]);
  const orderId = order?.id ?? MADE_UP_ID;
  const orderSecrets = order ? [order.id, formatOrderNumber(order.id)] : [];
  const lineId = line?.id ?? MADE_UP_ID;
  const codeId = code?.id ?? MADE_UP_ID;
  const profileEmail = profile?.email ?? "nobody@probe.invalid";
  return {
    orders: {
      realRecord: Boolean(order),
      targets: [
        { method: "GET", path: "/account/orders", secrets: orderSecrets },
        { method: "GET", path: `/api/admin/orders/${orderId}`, secrets: orderSecrets },
        { method: "GET", path: `/admin/orders/${orderId}`, secrets: orderSecrets },
      ],
    },
    cart_items: {
      realRecord: Boolean(line),
      targets: [
        { method: "GET", path: "/api/cart", secrets: line ? [line.id] : [] },
        // The line's own quantity: even a check that failed would change nothing.
        { method: "PATCH", path: `/api/cart/items/${lineId}`, body: { quantity: line?.quantity ?? 1 }, secrets: line ? [line.id] : [] },
      ],
    },
    discount_codes: {
      realRecord: Boolean(code),
      targets: [
        { method: "GET", path: "/admin/discounts", secrets: code ? [code.code] : [] },
        { method: "GET", path: "/api/admin/discounts", secrets: code ? [code.code] : [] },
        { method: "PATCH", path: `/api/admin/discounts/${codeId}`, body: {}, secrets: code ? [code.code] : [] },
      ],
    },
    profiles: {
      realRecord: Boolean(profile),
      targets: [
        { method: "GET", path: `/api/admin/customers?search=${encodeURIComponent(profileEmail)}`, secrets: profile ? [profile.email] : [] },
        { method: "GET", path: `/admin/customers?search=${encodeURIComponent(profileEmail)}`, secrets: profile ? [profile.email] : [] },
      ],
    },
  };
}

/**
 * Refused: 401, 403, 404 or 405; a redirect away from the address asked for (to sign in, or to
 * the shop's front page); or a 2xx answer that holds nothing of the record.
 */
export async function wasRefused(response: Response, path: string, secrets: string[]): Promise<boolean> {
  if ([401, 403, 404, 405].includes(response.status)) return true;
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("location") ?? "";
    return location !== "" && !location.startsWith(path.split("?")[0]!);
  }
  if (response.status >= 200 && response.status < 300) {
    const body = await response.text();
    return secrets.every((secret) => secret === "" || !body.includes(secret));
  }
  // A 400 or a 5xx says nothing either way: not counted as refused.
  return false;
}

function probePassword(secret: string): string {
  return createHmac("sha256", secret).update("security-probe-account").digest("base64url");
}

const PROBE_SIGN_IN_ATTEMPTS = 5;

/** Signs the probe account in (creating it on the first run) and returns its Cookie header. */
async function probeSession(deps: ProbeDeps): Promise<{ userId: string; cookie: string }> {
  const context = await deps.auth.$context;
  const password = probePassword(context.secret);
  let [account] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, PROBE_ACCOUNT_EMAIL)).limit(1);
  // Created the way the library's sign-up does, without its verification e-mail to an address
  // that cannot receive one. Another probe run at the same moment may create it first (a unique
  // violation, nothing to do); any other failure is reported, not hidden.
  const unlessTakenByAnotherRun = (error: unknown) => {
    if (databaseErrorOf(error)?.code !== SQLSTATE.uniqueViolation) throw error;
  };
  const existed = account !== undefined;
  let createdHere = false;
  if (!account) {
    createdHere = Boolean(
      await context.internalAdapter.createUser({ email: PROBE_ACCOUNT_EMAIL, name: "Security probe", emailVerified: true }, { method: "email-password" }).catch(unlessTakenByAnotherRun),
    );
    [account] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, PROBE_ACCOUNT_EMAIL)).limit(1);
    if (!account) throw new Error("the probe account could not be created");
  }
  // The run that made the account stores its password. A later run checks it is there, so an
  // account whose password was never stored (a run stopped between the two steps) is mended
  // instead of failing every sign-in after it; a run that lost the race to create it leaves the
  // password to the winner (the sign-in below waits for it). A later run that starts while the
  // first is between its two steps may store the same password a second time: harmless, the
  // sign-in reads either.
  if (createdHere || (existed && !(await context.internalAdapter.findCredentialAccount(account.id)))) {
    await context.internalAdapter.linkAccount({ userId: account.id, providerId: "credential", accountId: account.id, password: await context.password.hash(password) });
  }
  // Verified, so the sign-in works when the shop requires verified addresses; never an admin.
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
  await deps.db.delete(adminUsers).where(eq(adminUsers.id, account.id));
  // Two first runs at once (two admins on a new shop): the other run may have created the user but
  // not yet its password, so a refused sign-in is tried again for a moment before giving up.
  for (let attempt = 1; ; attempt++) {
    const response = await deps.auth.api.signInEmail({ body: { email: PROBE_ACCOUNT_EMAIL, password }, asResponse: true });
    const cookie = response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    if (response.ok && cookie !== "") return { userId: account.id, cookie };
    if (attempt === PROBE_SIGN_IN_ATTEMPTS) throw new Error("the probe account could not sign in");
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

export async function runAccessProbes(deps: ProbeDeps): Promise<ResourcePolicy[]> {
  const probe = await probeSession(deps);
  try {
    const resources = await probeTargets(deps.db, probe.userId);
    const origin = new URL(deps.config.publicUrl).origin;
    const results: ResourcePolicy[] = [];
    for (const [resource, { realRecord, targets }] of Object.entries(resources) as [ProbeResource, { realRecord: boolean; targets: ProbeTarget[] }][]) {
      const outcomes: ProbeOutcome[] = [];
      for (const target of targets) {
        for (const as of ["guest", "another user"] as const) {
          const headers = new Headers({ origin, accept: target.path.startsWith("/api/") ? "application/json" : "text/html" });
          if (as === "another user") headers.set("cookie", probe.cookie);
          if (target.body !== undefined) headers.set("content-type", "application/json");
          const request = new Request(origin + target.path, {
            method: target.method,
            headers,
            body: target.body === undefined ? undefined : JSON.stringify(target.body),
            redirect: "manual",
          });
          const response = await deps.dispatch(request);
          outcomes.push({ as, request: `${target.method} ${target.path.split("?")[0]}`, status: response.status, refused: await wasRefused(response, target.path, target.secrets) });
        }
      }
      results.push({ resource, enabled: outcomes.every((outcome) => outcome.refused), realRecord, probes: outcomes });
    }
    return results;
  } finally {
    await deps.auth.api.signOut({ headers: new Headers({ cookie: probe.cookie }) }).catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// The audit trail, newest first, filtered by admin and by action, a page at a time.

export const AUDIT_PAGE_SIZE = 25;

export type AuditQuery = { adminId: string | null; action: string | null; page: number };

export type AuditEntry = {
  id: string;
  adminId: string;
  adminEmail: string;
  action: string;
  subjectType: string;
  subjectId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
  /** The record it is about, named as an owner knows it (an order's number, a product's name). */
  subject: AuditSubject | null;
};

export type AuditPage = {
  items: AuditEntry[];
  total: number;
  page: number;
  pageCount: number;
  admins: { id: string; email: string }[];
  actions: string[];
};

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const text = (name: string) => {
    const value = (params.get(name) ?? "").trim();
    return value === "" || value.length > 200 || value.includes("\u0000") ? null : value;
  };
  const page = Number(params.get("page") ?? "1");
  return { adminId: text("admin"), action: text("action"), page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

/** The names, as they are now, of the products and discount codes a page of the trail is about. */
async function currentSubjectNames(db: DbOrTx, rows: { subjectType: string; subjectId: string | null }[]): Promise<Map<string, string>> {
  const idsOf = (type: string) => [...new Set(rows.flatMap((row) => (row.subjectType === type && row.subjectId && isRowId(row.subjectId) ? [row.subjectId] : [])))];
  const productIds = idsOf("product");
  const discountIds = idsOf("discount_code");
  const [named, coded] = await Promise.all([
    productIds.length > 0 ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds)) : [],
    discountIds.length > 0 ? db.select({ id: discountCodes.id, name: discountCodes.code }).from(discountCodes).where(inArray(discountCodes.id, discountIds)) : [],
  ]);
  return new Map([...named, ...coded].map((row) => [row.id, row.name]));
}

export async function listAuditTrail(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const where = and(query.adminId ? eq(adminAuditLog.adminId, query.adminId) : undefined, query.action ? eq(adminAuditLog.action, query.action) : undefined);
  const [[total], admins, actions] = await Promise.all([
    db.select({ n: count() }).from(adminAuditLog).where(where),
    db
      .select({ id: adminAuditLog.adminId, email: sql<string>`max(${adminAuditLog.adminEmail})` })
      .from(adminAuditLog)
      .groupBy(adminAuditLog.adminId)
      .orderBy(sql`max(${adminAuditLog.adminEmail})`),
    db.selectDistinct({ action: adminAuditLog.action }).from(adminAuditLog).orderBy(adminAuditLog.action),
  ]);
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / AUDIT_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const current = await currentSubjectNames(db, rows);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), subject: auditSubject(row, current) })),
    total: total?.n ?? 0,
    page,
    pageCount,
    admins,
    actions: actions.map((row) => row.action),
  };
}
