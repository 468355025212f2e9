// The admin's discount codes (admin.md sections 2, 3, 5, 7, 8): every code newest first with its
// display status, create, edit, delete. Fields travel with the spec's names and amounts in pounds
// as the form shows them; the database holds pence. Every change writes the audit trail in its
// own transaction. Uniqueness is the database's: the unique index on code answers a duplicate
// (23505), so two owners saving one code at the same moment cannot both succeed.
import { count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { editAgainstSeen, readVersionsSeen, withKeptFields, type FieldVersions } from "../../../domain/admin/edits-against-seen.ts";
import { DISCOUNT_FIELDS, parseDiscountCode, type DiscountCodeInput, type DiscountField, type DiscountFieldErrors } from "../../../domain/admin/discount-form.ts";
import type { InputSource } from "../../../domain/input-source.ts";
import { discountDisplayStatus, type DiscountDisplayStatus, type DiscountType } from "../../../domain/discounts.ts";
import { adminDiscounts } from "../../../domain/messages/admin-discounts.ts";
import { discounts as messages } from "../../../domain/messages/discounts.ts";
import { requestErrors } from "../../../domain/messages/requests.ts";
import { penceToPounds } from "../../../domain/money.ts";
import type { Database, DbOrTx } from "../../db/client.server.ts";
import { databaseErrorOf, SQLSTATE } from "../../db/database-errors.server.ts";
import { discountCodes, orders } from "../../db/schema.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { fieldVersions } from "../field-versions.server.ts";
import type { Refusal } from "../../../domain/refusal.ts";

/** A discount code as the admin API and page show it (docs/api.md). */
export type AdminDiscount = {
  id: string;
  code: string;
  description: string | null;
  discount_type: DiscountType;
  /** Percent for percentage codes; pounds for fixed codes. */
  discount_value: number;
  /** Pounds, or null for none. */
  min_order_amount: number | null;
  usage_limit: number | null;
  used_count: number;
  expires_at: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  /** admin.md section 4, in its order: Inactive, Expired, Used Up, Active. */
  status: DiscountDisplayStatus;
  /** Orders placed with the code (paid or not): a code on any order is deactivated, never deleted. */
  orders_count: number;
  /** Of those, checkouts never paid (left at the payment page, declined): not in `used_count`. */
  unpaid_orders_count: number;
  /** Each field's fingerprint: an edit sends back those it showed (`versions_seen`), to be judged against them. */
  versions: FieldVersions<DiscountField>;
};

export type DiscountRefusal = Refusal<"invalid" | "not_found" | "duplicate" | "changed"> & {
  field: DiscountField | null;
  /** Every field's problem when the form's fields were checked (the page marks them all). */
  errors?: DiscountFieldErrors;
  /**
   * Nothing saved (`changed`): `fields` the editor changed that someone else changed meanwhile to
   * something else, `keep` those it left as shown that someone else changed, `current` the code now.
   */
  changedMeanwhile?: { fields: DiscountField[]; keep: DiscountField[]; current: AdminDiscount };
};

/** `changed` false (an update only): the code already was as asked, and nothing was written. */
export type DiscountSaved = { ok: true; discount: AdminDiscount; changed: boolean };

export type DiscountRemoved =
  | { ok: true; outcome: "deleted"; discount: AdminDiscount; message: string }
  | { ok: true; outcome: "deactivated"; discount: AdminDiscount; message: string };

type DiscountRow = typeof discountCodes.$inferSelect;

const CODE_UNIQUE_CONSTRAINT = "discount_codes_code_unique";

type OrdersWithCode = { all: number; unpaid: number };

export function toAdminDiscount(row: DiscountRow, ordersWithCode: OrdersWithCode, now: Date): AdminDiscount {
  const value = Number(row.discountValue);
  const fields = {
    id: row.id,
    code: row.code,
    description: row.description,
    discount_type: row.discountType,
    discount_value: row.discountType === "fixed" ? value / 100 : value,
    min_order_amount: row.minOrderAmountPence === null ? null : row.minOrderAmountPence / 100,
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    expires_at: row.expiresAt?.toISOString() ?? null,
    is_active: row.isActive,
  };
  return {
    ...fields,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: discountDisplayStatus(
      { isActive: row.isActive, expiresAt: row.expiresAt, usageLimit: row.usageLimit, usedCount: row.usedCount },
      now,
    ),
    orders_count: ordersWithCode.all,
    unpaid_orders_count: ordersWithCode.unpaid,
    // A value means something else under another type (10 is 10% or £10): its version says which.
    versions: fieldVersions(DISCOUNT_FIELDS, (field) => (field === "discount_value" ? [fields.discount_type, fields.discount_value] : fields[field])),
  };
}

/** The row in JSON's types (amounts as numbers of pounds), which the form's rules read too: the starting point of a partial update. */
function formFieldsOf(row: DiscountRow): Record<DiscountField, unknown> {
  return {
    code: row.code,
    description: row.description ?? "",
    discount_type: row.discountType,
    discount_value: row.discountType === "fixed" ? Number(penceToPounds(Math.round(Number(row.discountValue)))) : Number(row.discountValue),
    min_order_amount: row.minOrderAmountPence === null ? null : Number(penceToPounds(row.minOrderAmountPence)),
    usage_limit: row.usageLimit,
    expires_at: row.expiresAt?.toISOString() ?? null,
    is_active: row.isActive,
  };
}

function columnsOf(input: DiscountCodeInput) {
  return {
    code: input.code,
    description: input.description,
    discountType: input.type,
    discountValue: input.value,
    minOrderAmountPence: input.minOrderAmountPence,
    usageLimit: input.usageLimit,
    expiresAt: input.expiresAt,
    isActive: input.isActive,
  };
}

/** What the audit trail keeps of a code: its fields as the admin saw them, without derived ones. */
function auditedFields(discount: AdminDiscount) {
  const { status: _status, orders_count: _orders, unpaid_orders_count: _unpaid, created_at: _created, updated_at: _updated, versions: _versions, ...fields } = discount;
  return fields;
}

/** The unique-index violation on the code (a driver that names no constraint is taken at its word). */
function isDuplicateCode(error: unknown): boolean {
  const found = databaseErrorOf(error);
  return found?.code === SQLSTATE.uniqueViolation && (found.constraint === undefined || found.constraint === CODE_UNIQUE_CONSTRAINT);
}

const invalid = (message: string, field: DiscountField | null, errors?: DiscountFieldErrors): DiscountRefusal => ({ ok: false, reason: "invalid", message, field, ...(errors ? { errors } : {}) });
const notFound = (): DiscountRefusal => ({ ok: false, reason: "not_found", message: adminDiscounts.notFound, field: null });
const duplicate = (): DiscountRefusal => ({ ok: false, reason: "duplicate", message: messages.alreadyExists, field: "code" });
const changedMeanwhile = (fields: DiscountField[], keep: DiscountField[], current: AdminDiscount): DiscountRefusal => ({
  ok: false,
  reason: "changed",
  message: adminDiscounts.changedMeanwhile(new Intl.ListFormat("en-GB", { type: "conjunction" }).format(fields.map((field) => adminDiscounts.fieldNames[field]))),
  field: fields[0] ?? null,
  changedMeanwhile: { fields, keep, current },
});

const NO_ORDERS: OrdersWithCode = { all: 0, unpaid: 0 };

async function ordersWithCode(db: DbOrTx, id: string): Promise<OrdersWithCode> {
  return (await ordersWithCodes(db, id)).get(id) ?? NO_ORDERS;
}

/** Orders per code, and of those the checkouts never paid. */
async function ordersWithCodes(db: DbOrTx, id?: string): Promise<Map<string | null, OrdersWithCode>> {
  const rows = await db
    .select({ id: orders.discountCodeId, all: count(), unpaid: sql<number>`(count(*) filter (where ${orders.paymentStatus} in ('pending', 'failed')))::int` })
    .from(orders)
    .where(id === undefined ? isNotNull(orders.discountCodeId) : eq(orders.discountCodeId, id))
    .groupBy(orders.discountCodeId);
  return new Map(rows.map((row) => [row.id, { all: row.all, unpaid: Number(row.unpaid) }]));
}

/** Every code, newest first (admin.md section 7), with its display status now. */
export async function listDiscounts(db: Database, now = new Date()): Promise<AdminDiscount[]> {
  const [rows, counts] = await Promise.all([db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id)), ordersWithCodes(db)]);
  return rows.map((row) => toAdminDiscount(row, counts.get(row.id) ?? NO_ORDERS, now));
}

export async function getDiscount(db: Database, id: string, now = new Date()): Promise<AdminDiscount | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
  return row ? toAdminDiscount(row, await ordersWithCode(db, id), now) : null;
}

/**
 * Creates a code from the API's JSON body or the page's form (`source`: parseDiscountCode); a
 * duplicate code is refused by the unique index.
 */
export async function createDiscount(db: Database, admin: AdminViewer, fields: unknown, source: InputSource): Promise<DiscountSaved | DiscountRefusal> {
  const parsed = parseDiscountCode(fields, source);
  if (!parsed.ok) return invalid(parsed.message, parsed.field, parsed.errors);
  try {
    const discount = await db.transaction(async (tx) => {
      const [row] = await tx.insert(discountCodes).values(columnsOf(parsed.input)).returning();
      const created = toAdminDiscount(row!, NO_ORDERS, new Date());
      await recordAdminAction(tx, {
        adminId: admin.userId,
        adminEmail: admin.email,
        action: "discount.created",
        subjectType: "discount_code",
        subjectId: created.id,
        before: null,
        after: auditedFields(created),
      });
      return created;
    });
    return { ok: true, discount, changed: true };
  } catch (error) {
    if (isDuplicateCode(error)) return duplicate();
    throw error;
  }
}

/**
 * Changes the fields given (a PATCH: the others keep their values), checked by the same rules as
 * a new code. Renaming a code to one that exists is refused by the unique index. With
 * `versions_seen` (what the editor showed), a field given as shown keeps what the code has now,
 * and nothing is written when a field given changed was changed meanwhile to something else.
 */
export async function updateDiscount(db: Database, admin: AdminViewer, id: string, changes: unknown, source: InputSource): Promise<DiscountSaved | DiscountRefusal> {
  if (changes === null || typeof changes !== "object" || Array.isArray(changes)) return invalid(requestErrors.jsonObjectRequired, null);
  const given = changes as Record<string, unknown>;
  const seen = readVersionsSeen(DISCOUNT_FIELDS, given.versions_seen);
  if (!seen.ok) return invalid(adminDiscounts.versionsSeenInvalid, null);
  // A new code without is_active is active; a change that empties it says nothing about it, and
  // must not switch back on a code an admin switched off.
  if ("is_active" in given && (given.is_active === null || given.is_active === "")) return invalid(messages.invalidActive, "is_active");
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update").limit(1);
      if (!row) return notFound();
      const stored = formFieldsOf(row);
      const merged = { ...stored };
      for (const field of DISCOUNT_FIELDS) if (field in given) merged[field] = given[field];
      // The fields kept come from the row, typed as JSON would have them, which a form reads too.
      let parsed = parseDiscountCode(merged, source);
      if (!parsed.ok) return invalid(parsed.message, parsed.field, parsed.errors);
      const now = new Date();
      const ordersCount = await ordersWithCode(tx, id);
      const before = toAdminDiscount(row, ordersCount, now);
      const judged = editAgainstSeen(DISCOUNT_FIELDS, toAdminDiscount({ ...row, ...columnsOf(parsed.input) }, ordersCount, now).versions, seen.seen, before.versions);
      if (judged.kind === "conflict") return changedMeanwhile(judged.fields, judged.keep, before);
      if (judged.keep.length > 0) {
        parsed = parseDiscountCode(withKeptFields(merged, stored, judged.keep), source);
        if (!parsed.ok) return invalid(parsed.message, parsed.field, parsed.errors);
      }
      // Save pressed with nothing changed: no write, no audit entry without fields.
      const asked = toAdminDiscount({ ...row, ...columnsOf(parsed.input) }, ordersCount, now);
      if (JSON.stringify(auditedFields(asked)) === JSON.stringify(auditedFields(before))) return { ok: true as const, discount: before, changed: false };
      const [updated] = await tx
        .update(discountCodes)
        .set({ ...columnsOf(parsed.input), updatedAt: now })
        .where(eq(discountCodes.id, id))
        .returning();
      const after = toAdminDiscount(updated!, ordersCount, now);
      await recordAdminAction(tx, {
        adminId: admin.userId,
        adminEmail: admin.email,
        action: "discount.updated",
        subjectType: "discount_code",
        subjectId: id,
        before: auditedFields(before),
        after: auditedFields(after),
      });
      return { ok: true as const, discount: after, changed: true };
    });
  } catch (error) {
    if (isDuplicateCode(error)) return duplicate();
    throw error;
  }
}

/**
 * Deletes a code no order carries. A code on any order (paid, pending or cancelled) is
 * deactivated instead, so those orders keep their record of it. The code's row is locked first:
 * checkout locks it too before it writes an order with the code, so no order can slip in
 * between the count and the delete.
 */
export async function removeDiscount(db: Database, admin: AdminViewer, id: string): Promise<DiscountRemoved | DiscountRefusal> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update").limit(1);
    if (!row) return notFound();
    const now = new Date();
    const ordersCount = await ordersWithCode(tx, id);
    const before = toAdminDiscount(row, ordersCount, now);
    if (ordersCount.all === 0) {
      await tx.delete(discountCodes).where(eq(discountCodes.id, id));
      await recordAdminAction(tx, {
        adminId: admin.userId,
        adminEmail: admin.email,
        action: "discount.deleted",
        subjectType: "discount_code",
        subjectId: id,
        before: auditedFields(before),
        after: null,
      });
      return { ok: true as const, outcome: "deleted" as const, discount: before, message: messages.deleted };
    }
    let after = before;
    if (row.isActive) {
      const [updated] = await tx.update(discountCodes).set({ isActive: false, updatedAt: now }).where(eq(discountCodes.id, id)).returning();
      after = toAdminDiscount(updated!, ordersCount, now);
      await recordAdminAction(tx, {
        adminId: admin.userId,
        adminEmail: admin.email,
        action: "discount.deactivated",
        subjectType: "discount_code",
        subjectId: id,
        before: auditedFields(before),
        after: auditedFields(after),
      });
    }
    return { ok: true as const, outcome: "deactivated" as const, discount: after, message: adminDiscounts.deactivatedInstead(row.code, ordersCount.all) };
  });
}
