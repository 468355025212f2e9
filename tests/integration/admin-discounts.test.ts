// The admin's discount codes on both engines (admin.md sections 2, 3, 4, 5, 7, 8; issue 14): the
// JSON API and the page's form intents, the spec's messages, a duplicate refused by the unique
// index (also when two owners save one code at the same moment), partial updates, delete after
// which nothing is left, a code on orders deactivated instead, and the audit trail of each change.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminDiscounts } from "../../src/domain/messages/admin-discounts.ts";
import { discounts } from "../../src/domain/messages/discounts.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { requestErrors } from "../../src/domain/messages/requests.ts";
import type { AdminDiscount } from "../../src/server/admin/discounts/admin-discounts.server.ts";
import { removeDiscount } from "../../src/server/admin/discounts/admin-discounts.server.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { createCheckout } from "../../src/server/checkout/checkout.server.ts";
import { adminAuditLog, discountCodes, orders, products } from "../../src/server/db/schema.ts";
import { createLocalProvider } from "../../src/server/payments/local-provider.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { action as pageAction, loader as pageLoader } from "../../src/web/routes/admin.discounts.tsx";
import { action as itemAction, loader as itemLoader } from "../../src/web/routes/api.admin.discount.ts";
import { action as listAction, loader as listLoader } from "../../src/web/routes/api.admin.discounts.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { insertOrder, makeAuth, makeContext, returned, settle, SHOP, signedInAccount, type TestContext } from "../helpers/admin.ts";
import { withUrl } from "../helpers/route-context.ts";

/** A loader's or action's arguments (the route types also want the matched pattern, which these routes never read). */
const routeArgs = (args: { request: Request; params: Record<string, string>; context: TestContext }) => withUrl(args) as never;

let counter = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++counter}`;

describeEachEngine("admin discount codes", (get) => {
  let auth: Auth;
  let context: TestContext;
  let adminCookie: string;
  let adminId: string;

  beforeAll(async () => {
    const { db } = get();
    auth = makeAuth(db);
    context = makeContext(db, auth);
    const account = await signedInAccount(db, auth, { admin: true });
    adminCookie = account.cookie;
    adminId = account.userId;
  });

  const request = (path: string, init: { method?: string; body?: unknown } = {}) =>
    new Request(SHOP + path, {
      method: init.method ?? "GET",
      headers: { cookie: adminCookie, origin: SHOP, ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });

  const create = (body: unknown) => settle(listAction(routeArgs({ request: request("/api/admin/discounts", { method: "POST", body }), params: {}, context })));
  const patch = (id: string, body: unknown) =>
    settle(itemAction(routeArgs({ request: request(`/api/admin/discounts/${id}`, { method: "PATCH", body }), params: { id }, context })));
  const remove = (id: string) => settle(itemAction(routeArgs({ request: request(`/api/admin/discounts/${id}`, { method: "DELETE" }), params: { id }, context })));
  const list = async () => ((await settle(listLoader(routeArgs({ request: request("/api/admin/discounts"), params: {}, context })))).body as { items: AdminDiscount[] }).items;
  const getCode = async (id: string) => (await get().db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0];
  const auditOf = (id: string) =>
    get().db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subjectType, "discount_code"), eq(adminAuditLog.subjectId, id)));

  it("creates a code with the spec's field names, amounts in pounds, and records it", async () => {
    const code = uniqueCode("summer");
    const answer = await create({
      code: code.toLowerCase(),
      description: "Summer sale",
      discount_type: "fixed",
      discount_value: 7.5,
      min_order_amount: 50,
      usage_limit: 3,
      expires_at: "2099-12-31",
      is_active: true,
    });
    expect(answer.status).toBe(201);
    const created = answer.body as AdminDiscount;
    expect(created).toMatchObject({
      code: code.toUpperCase(),
      description: "Summer sale",
      discount_type: "fixed",
      discount_value: 7.5,
      min_order_amount: 50,
      usage_limit: 3,
      used_count: 0,
      expires_at: "2099-12-31T23:59:59.999Z",
      is_active: true,
      status: "Active",
      orders_count: 0,
      unpaid_orders_count: 0,
    });
    const [row] = await get().db.select().from(discountCodes).where(eq(discountCodes.id, created.id));
    expect(row).toMatchObject({ discountValue: 750, minOrderAmountPence: 5000 });
    const trail = await auditOf(created.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ adminId, action: "discount.created", after: expect.objectContaining({ code: code.toUpperCase(), discount_value: 7.5 }) });
    expect((await list()).map((item) => item.id)).toContain(created.id);
  });

  it("refuses a duplicate, whatever its case, with the spec's message and writes nothing", async () => {
    const code = uniqueCode("DUP");
    expect((await create({ code, discount_value: 10 })).status).toBe(201);
    const again = await create({ code: ` ${code.toLowerCase()} `, discount_type: "fixed", discount_value: 5 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "Discount code already exists", field: "code" });
    expect(await get().db.select().from(discountCodes).where(eq(discountCodes.code, code))).toHaveLength(1);
  });

  it("lets only one of two simultaneous creates of one code succeed", async () => {
    const code = uniqueCode("RACE");
    const answers = await Promise.all([create({ code, discount_value: 10 }), create({ code, discount_value: 20 })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ error: discounts.alreadyExists });
    expect(await get().db.select().from(discountCodes).where(eq(discountCodes.code, code))).toHaveLength(1);
  });

  it("answers 400 with 'Please fill in required fields' when code or value is missing, and clear text otherwise", async () => {
    for (const body of [{ discount_value: 10 }, { code: uniqueCode("X") }, { code: "", discount_value: "" }, {}]) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ error: discounts.requiredFields });
    }
    for (const body of [[], "SAVE10", 5]) expect(await create(body)).toMatchObject({ status: 400, body: { error: requestErrors.jsonObjectRequired, field: null } });
    const cases: [Record<string, unknown>, string][] = [
      [{ discount_value: 150 }, discounts.percentageTooHigh],
      [{ discount_value: -5 }, discounts.valueMustBePositive],
      [{ discount_type: "fixed", discount_value: -1 }, discounts.valueMustBePositive],
      [{ discount_type: "bogus", discount_value: 5 }, discounts.invalidType],
      [{ discount_value: 5, usage_limit: 2.5 }, discounts.invalidUsageLimit],
      [{ discount_value: 5, min_order_amount: -1 }, discounts.minimumNotNegative],
      [{ discount_value: 5, expires_at: "tomorrow" }, discounts.invalidExpiryDate],
      // Requests an API prober sent: each names its field and its rule.
      [{ discount_value: 1e308 }, discounts.percentageTooHigh],
      [{ discount_value: 5, description: 12 }, validation.notText("Description")],
      [{ discount_value: 5, is_active: "yes" }, discounts.invalidActive],
      [{ discount_value: 5, is_active: "no" }, discounts.invalidActive],
      [{ discount_value: 5, is_active: "off" }, discounts.invalidActive],
      [{ discount_value: 5, is_active: "0" }, discounts.invalidActive],
      [{ discount_value: 5, usage_limit: "10" }, discounts.usageLimitNotNumber],
      [{ discount_value: "5" }, discounts.valueNotNumber],
      [{ discount_value: 5, min_order_amount: "50" }, discounts.minimumNotNumber],
    ];
    for (const [fields, message] of cases) {
      const answer = await create({ code: uniqueCode("BAD"), ...fields });
      expect(answer.status, message).toBe(400);
      expect(answer.body).toMatchObject({ error: message });
    }
  });

  it("changes only the fields a PATCH names, with the same rules, and records before and after", async () => {
    const code = uniqueCode("EDIT");
    const created = (await create({ code, description: "First", discount_type: "fixed", discount_value: 5, usage_limit: 10, expires_at: "2099-01-01T12:00:00Z" })).body as AdminDiscount;
    const changed = await patch(created.id, { usage_limit: 2, description: "Second" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ code, description: "Second", discount_type: "fixed", discount_value: 5, usage_limit: 2, expires_at: "2099-01-01T12:00:00.000Z" });

    expect((await patch(created.id, { discount_type: "percentage", discount_value: 101 })).body).toMatchObject({ error: discounts.percentageTooHigh });
    expect((await patch(created.id, { discount_value: null })).body).toMatchObject({ error: discounts.requiredFields });
    expect((await patch(created.id, "nonsense")).body).toMatchObject({ error: requestErrors.jsonObjectRequired });
    expect(await patch(created.id, { is_active: "no" })).toMatchObject({ status: 400, body: { error: discounts.invalidActive, field: "is_active" } });
    expect(await patch(created.id, { usage_limit: "3" })).toMatchObject({ status: 400, body: { error: discounts.usageLimitNotNumber, field: "usage_limit" } });

    const other = uniqueCode("OTHER");
    expect((await create({ code: other, discount_value: 5 })).status).toBe(201);
    const renamed = await patch(created.id, { code: other.toLowerCase() });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toMatchObject({ error: discounts.alreadyExists });

    expect((await patch("no-such-code", { usage_limit: 1 })).status).toBe(404);
    const trail = await auditOf(created.id);
    expect(trail.map((entry) => entry.action)).toEqual(["discount.created", "discount.updated"]);
    expect(trail[1]).toMatchObject({ before: expect.objectContaining({ usage_limit: 10, description: "First" }), after: expect.objectContaining({ usage_limit: 2, description: "Second" }) });
    // Switched off, a code stays off: an emptied is_active is refused, not read as the new-code default.
    expect((await patch(created.id, { is_active: false })).body).toMatchObject({ is_active: false });
    for (const emptied of [null, ""]) expect(await patch(created.id, { is_active: emptied })).toMatchObject({ status: 400, body: { error: discounts.invalidActive } });
    expect((await patch(created.id, { is_active: true })).body).toMatchObject({ is_active: true });
  });

  it("judges a PATCH against the versions it was read with: a field changed meanwhile to something else is refused with 409, the others keep what is stored", async () => {
    const read = (await create({ code: uniqueCode("SEEN"), description: "Original", discount_value: 10, usage_limit: 100 })).body as AdminDiscount;
    // Another admin switches the code off and lowers its limit.
    expect((await patch(read.id, { is_active: false, usage_limit: 50 })).body).toMatchObject({ is_active: false, usage_limit: 50 });

    // A client that read it before changes the limit too, to something else: nothing is saved.
    const refused = await patch(read.id, { description: "Winter sale", usage_limit: 80, is_active: true, versions_seen: read.versions });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: adminDiscounts.changedMeanwhile("usage limit"),
      field: "usage_limit",
      changed_fields: ["usage_limit"],
      discount: { id: read.id, description: "Original", usage_limit: 50, is_active: false },
    });
    expect((await getCode(read.id))).toMatchObject({ description: "Original", usageLimit: 50, isActive: false });

    // Sent as it was read, the Active switch keeps the other admin's "off"; the description is written.
    const saved = await patch(read.id, { description: "Winter sale", usage_limit: 100, is_active: true, versions_seen: read.versions });
    expect(saved).toMatchObject({ status: 200, body: { description: "Winter sale", usage_limit: 50, is_active: false } });
    // Judged against the code as it is now (the 409's versions), the change replaces theirs knowingly.
    const current = saved.body as AdminDiscount;
    expect((await patch(read.id, { usage_limit: 80, versions_seen: current.versions })).body).toMatchObject({ usage_limit: 80, is_active: false });
    // A change both made the same way is no conflict.
    expect((await patch(read.id, { usage_limit: 80, versions_seen: read.versions })).status).toBe(200);
    expect(await patch(read.id, { usage_limit: 80, versions_seen: { code: "x" } })).toMatchObject({ status: 400, body: { error: adminDiscounts.versionsSeenInvalid } });
    const trail = await auditOf(read.id);
    expect(trail.map((entry) => entry.action)).toEqual(["discount.created", "discount.updated", "discount.updated", "discount.updated"]);
  });

  it("shows the display status in the spec's order: Inactive, Expired, Used Up, Active", async () => {
    const { db } = get();
    const make = async (prefix: string, values: Partial<typeof discountCodes.$inferInsert>) =>
      (await db.insert(discountCodes).values({ code: uniqueCode(prefix), discountType: "percentage", discountValue: 10, ...values }).returning())[0]!.id;
    const past = new Date(Date.now() - 86_400_000);
    const inactive = await make("S1", { isActive: false, expiresAt: past, usageLimit: 1, usedCount: 1 });
    const expired = await make("S2", { expiresAt: past, usageLimit: 1, usedCount: 1 });
    const usedUp = await make("S3", { usageLimit: 2, usedCount: 2 });
    const active = await make("S4", { usageLimit: 2, usedCount: 1 });
    const byId = new Map((await list()).map((item) => [item.id, item]));
    expect([inactive, expired, usedUp, active].map((id) => byId.get(id)?.status)).toEqual(["Inactive", "Expired", "Used Up", "Active"]);
    const single = await settle(itemLoader(routeArgs({ request: request(`/api/admin/discounts/${usedUp}`), params: { id: usedUp }, context })));
    expect(single.body).toMatchObject({ status: "Used Up", used_count: 2, usage_limit: 2 });
  });

  it("deletes an unused code, and deactivates a code that is on an order instead", async () => {
    const { db } = get();
    const unused = (await create({ code: uniqueCode("GONE"), discount_value: 10 })).body as AdminDiscount;
    const deleted = await remove(unused.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ ok: true, outcome: "deleted", message: "Discount code deleted successfully" });
    expect(await db.select().from(discountCodes).where(eq(discountCodes.id, unused.id))).toHaveLength(0);
    expect((await auditOf(unused.id)).map((entry) => entry.action)).toEqual(["discount.created", "discount.deleted"]);
    expect((await remove(unused.id)).status).toBe(404);

    const used = (await create({ code: uniqueCode("KEPT"), discount_value: 10 })).body as AdminDiscount;
    const orderId = await insertOrder(db);
    await db.update(orders).set({ discountCodeId: used.id, discountPence: 2000 }).where(eq(orders.id, orderId));
    const kept = await remove(used.id);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ outcome: "deactivated", message: adminDiscounts.deactivatedInstead(used.code, 1), discount: { is_active: false, status: "Inactive", orders_count: 1 } });
    const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, used.id));
    expect(row?.isActive).toBe(false);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.discountCodeId).toBe(used.id);
    expect((await auditOf(used.id)).map((entry) => entry.action)).toEqual(["discount.created", "discount.deactivated"]);
  });

  it("says how many of the orders carrying a code were never paid, as Used counts only paid ones", async () => {
    const { db } = get();
    const code = (await create({ code: uniqueCode("HALF"), discount_value: 10 })).body as AdminDiscount;
    for (const paymentStatus of ["paid", "pending", "failed", "refunded"] as const) {
      const orderId = await insertOrder(db, { paymentStatus, status: paymentStatus === "paid" || paymentStatus === "refunded" ? "processing" : "pending" });
      await db.update(orders).set({ discountCodeId: code.id, discountPence: 100 }).where(eq(orders.id, orderId));
    }
    const listed = (await list()).find((discount) => discount.id === code.id);
    expect(listed).toMatchObject({ orders_count: 4, unpaid_orders_count: 2 });
    expect(adminDiscounts.usedOn(4, 2)).toBe("Used on 4 orders (2 not paid)");
    expect(adminDiscounts.usedOn(1, 0)).toBe("Used on 1 order");
  });

  it("answers 405 for a method the endpoints do not have, and 415 for a body that is not JSON", async () => {
    const put = await settle(listAction(routeArgs({ request: request("/api/admin/discounts", { method: "PUT", body: {} }), params: {}, context })));
    expect(put.status).toBe(405);
    const form = new Request(SHOP + "/api/admin/discounts", { method: "POST", headers: { cookie: adminCookie, origin: SHOP, "content-type": "application/x-www-form-urlencoded" }, body: "code=A&discount_value=5" });
    expect((await settle(listAction(routeArgs({ request: form, params: {}, context })))).status).toBe(415);
  });

  it("never leaves an order whose code vanished when a delete meets checkouts with the code", async () => {
    const { db } = get();
    await ensurePriceSettings(db);
    const provider = createLocalProvider(db, { publicUrl: SHOP, webhookSecret: "whsec_discounts" });
    const [product] = await db
      .insert(products)
      .values(withDerivedFields({ name: `Kente Kaftan ${uniqueCode("p")}`, category: "kaftans", pricePence: 5_000, image: "/images/products/k-1.svg", stock: 50 }))
      .returning({ id: products.id });
    const admin = { userId: adminId, email: "admin@example.com", firstName: "Ada", lastName: "Admin" };
    for (let round = 0; round < 3; round++) {
      const code = uniqueCode("RACEDEL");
      const created = (await create({ code, discount_value: 10 })).body as AdminDiscount;
      const checkouts = Array.from({ length: 3 }, (_, index) =>
        createCheckout({ db, provider, publicUrl: SHOP }, null, {
          items: [{ product_id: product!.id, quantity: 1, selected_size: null, selected_color: null }],
          customerInfo: { firstName: "Ama", lastName: "Owusu", email: `race-${round}-${index}-${code.toLowerCase()}@example.com` },
          shippingAddress: { address: "1 Savile Row", city: "London", postalCode: "W1S 3PR", country: "United Kingdom" },
          discountCode: code,
        }),
      );
      const [removed, ...results] = await Promise.all([removeDiscount(db, admin, created.id), ...checkouts]);
      const placed = results.filter((result) => result.ok).length;
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, created.id));
      const withCode = await db.select().from(orders).where(eq(orders.discountCodeId, created.id));
      expect(withCode).toHaveLength(placed);
      if (placed > 0) {
        // Orders carry the code: it was kept (deactivated), not deleted.
        expect(removed).toMatchObject({ ok: true, outcome: "deactivated" });
        expect(row?.isActive).toBe(false);
      } else {
        expect(removed).toMatchObject({ ok: true, outcome: "deleted" });
        expect(row).toBeUndefined();
      }
      // Refused after the delete (no such code) or after the deactivation (not active).
      for (const result of results) if (!result.ok) expect([discounts.notFound, discounts.inactive]).toContain(result.message);
    }
  });

  describe("the page's form intents", () => {
    const post = (fields: Record<string, string>) => {
      const body = new URLSearchParams(fields);
      const req = new Request(SHOP + "/admin/discounts", { method: "POST", headers: { cookie: adminCookie, origin: SHOP, "content-type": "application/x-www-form-urlencoded" }, body });
      return returned(pageAction(routeArgs({ request: req, params: {}, context })));
    };

    it("creates, refuses a duplicate, edits and deletes with the spec's messages", async () => {
      const code = uniqueCode("page");
      const fields = { intent: "create", code, description: "", discount_type: "percentage", discount_value: "15", min_order_amount: "", usage_limit: "", expires_at: "" };
      const created = await post(fields);
      expect(created).toMatchObject({ status: 200, body: { ok: true, message: "Discount code created successfully" } });
      const duplicate = await post(fields);
      expect(duplicate).toMatchObject({ status: 409, body: { ok: false, message: "Discount code already exists", field: "code" } });
      expect((await post({ ...fields, code: "" })).body).toMatchObject({ ok: false, message: "Please fill in required fields", field: "code" });
      // A NUL or a bidirectional override is the back office's one answer to such text, not "Please
      // fill in required fields", returned to the dialog against its field (not the error screen).
      for (const [field, value] of [["description", "a\u0000"], ["code", "G\u202eUS"], ["description", "Sale \u2067x"]] as const) {
        expect(await post({ ...fields, code: uniqueCode("nul"), [field]: value }), value).toEqual({
          status: 400,
          body: { ok: false, intent: "create", message: requestErrors.unstorableText, field },
          headers: expect.any(Headers),
          thrown: false,
        });
      }
      // The Active switch's own values are the form's: "on" from a checkbox without a value.
      expect((await post({ ...fields, code: uniqueCode("on"), is_active: "on" })).body).toMatchObject({ ok: true });

      const page = (await settle(pageLoader(routeArgs({ request: new Request(SHOP + "/admin/discounts", { headers: { cookie: adminCookie } }), params: {}, context })))).body as { items: AdminDiscount[] };
      const saved = page.items.find((item) => item.code === code.toUpperCase())!;
      // The Active switch was off (a checkbox posts nothing): the code is saved inactive.
      expect(saved).toMatchObject({ is_active: false, status: "Inactive", discount_value: 15 });

      const edited = await post({ intent: "update", id: saved.id, code, discount_type: "fixed", discount_value: "4.99", expires_at: "2099-06-30", is_active: "true" });
      expect(edited.body).toMatchObject({ ok: true, message: "Discount code updated successfully" });
      const [row] = await get().db.select().from(discountCodes).where(eq(discountCodes.id, saved.id));
      // The end of 30 June in London, which is summer time (BST): 22:59:59.999 UTC.
      expect(row).toMatchObject({ discountType: "fixed", discountValue: 499, isActive: true, expiresAt: new Date("2099-06-30T22:59:59.999Z") });

      expect((await post({ intent: "update", id: "missing", code, discount_value: "5" })).status).toBe(404);
      expect((await post({ intent: "delete", id: saved.id })).body).toMatchObject({ ok: true, outcome: "deleted", message: discounts.deleted });
      expect((await post({ intent: "delete", id: saved.id })).body).toMatchObject({ ok: false, message: expect.stringContaining(discounts.deleteFailed) });
      expect((await post({ intent: "nothing" })).status).toBe(400);
    });

    it("an edit saved with nothing changed writes nothing and says 'No changes to save' (the page and the API)", async () => {
      const created = (await create({ code: uniqueCode("SAME"), description: "Twenty off", discount_value: 20, usage_limit: 5, expires_at: "2099-03-01T18:30:00Z" })).body as AdminDiscount;
      const [before] = await get().db.select().from(discountCodes).where(eq(discountCodes.id, created.id));
      const unchanged = { intent: "update", id: created.id, code: created.code, description: "Twenty off", discount_type: "percentage", discount_value: "20", min_order_amount: "", usage_limit: "5", expires_at: "2099-03-01", expires_at_saved: created.expires_at!, is_active: "true" };
      expect((await post(unchanged)).body).toMatchObject({ ok: true, message: discounts.noChanges });
      expect((await patch(created.id, { description: "Twenty off", usage_limit: 5 })).body).toMatchObject({ id: created.id, usage_limit: 5 });
      expect((await auditOf(created.id)).map((entry) => entry.action)).toEqual(["discount.created"]);
      const [after] = await get().db.select().from(discountCodes).where(eq(discountCodes.id, created.id));
      expect(after!.updatedAt).toEqual(before!.updatedAt);
      // A real change is saved and recorded.
      expect((await post({ ...unchanged, usage_limit: "6" })).body).toMatchObject({ ok: true, message: discounts.updated });
      expect((await auditOf(created.id)).map((entry) => entry.action)).toEqual(["discount.created", "discount.updated"]);
    });

    it("a stale edit dialog keeps another admin's switch-off and writes only what it changed; a field both changed is refused with what it is now", async () => {
      const code = uniqueCode("STALE");
      const made = (await create({ code, description: "Original", discount_value: 10, usage_limit: 100 })).body as AdminDiscount;
      // Both dialogs opened with the code as it was; each posts every field and what it showed.
      const dialog = { intent: "update", id: made.id, code, description: "Original", discount_type: "percentage", discount_value: "10", min_order_amount: "", usage_limit: "100", expires_at: "", is_active: "true", versions_seen: JSON.stringify(made.versions) };
      const { is_active: _on, ...switchedOff } = dialog;
      expect((await post(switchedOff)).body).toMatchObject({ ok: true, message: discounts.updated });

      // The second dialog, still showing the code active, changes only the description.
      expect((await post({ ...dialog, description: "Winter sale" })).body).toMatchObject({ ok: true, message: discounts.updated });
      expect(await getCode(made.id)).toMatchObject({ description: "Winter sale", isActive: false, usageLimit: 100 });

      // A third change, of the limit, from a dialog that showed the first description and another limit meanwhile saved.
      expect((await patch(made.id, { usage_limit: 40 })).status).toBe(200);
      const refused = await post({ ...dialog, usage_limit: "60" });
      expect(refused).toMatchObject({
        status: 409,
        body: {
          ok: false,
          message: adminDiscounts.changedMeanwhile("usage limit"),
          field: "usage_limit",
          errors: { usage_limit: adminDiscounts.changedTo("40") },
          current: { description: "Winter sale", usage_limit: 40, is_active: false },
          keep: ["description", "is_active"],
        },
      });
      expect(await getCode(made.id)).toMatchObject({ description: "Winter sale", isActive: false, usageLimit: 40 });
    });

    it("keeps an expiry's time of day when the date field comes back unchanged", async () => {
      const created = (await create({ code: uniqueCode("TIME"), discount_value: 5, expires_at: "2099-03-01T18:30:00Z" })).body as AdminDiscount;
      await post({ intent: "update", id: created.id, code: created.code, discount_value: "6", expires_at: "2099-03-01", expires_at_saved: created.expires_at!, is_active: "true" });
      const [row] = await get().db.select().from(discountCodes).where(eq(discountCodes.id, created.id));
      expect(row?.expiresAt).toEqual(new Date("2099-03-01T18:30:00Z"));
      expect(row?.discountValue).toBe(6);
    });
  });
});
