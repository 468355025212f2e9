// What an audit-trail entry changed, field by field (issue 12 "who, what, when, before/after").
// A record written whole (a product's 20 fields) hid the one field an admin changed once cut to a
// line; the Security page lists only the fields whose values differ, each before → after, in
// words and pounds rather than field names and pence.
import { formatGbp } from "../money.ts";
import { statusLabel } from "../status.ts";
import { formatAdminDateTime } from "./dates.ts";

/**
 * One changed field: its name, the words the page shows for it, and its value before and after as
 * text; null where it had none.
 */
export type AuditChange = { field: string; label: string; before: string | null; after: string | null };

/** Longest value shown; the full record stays one click away on the page. */
export const AUDIT_VALUE_MAX = 300;

type Record = { [key: string]: unknown };

const isRecord = (value: unknown): value is Record => typeof value === "object" && value !== null && !Array.isArray(value);

const IMAGE_LISTS = new Set(["gallery", "images", "productGallery", "productImages"]);

/** Internal keys no owner reads, and a code's use count (payments move it, not admins); the entry's full record, one click away, keeps them. */
const HIDDEN_FIELDS = new Set(["id", "jobId", "refundId", "itemId", "used_count"]);

/** What "no value" means for a field where none is a setting of its own. */
const NONE_MEANS: { [field: string]: string } = { usage_limit: "unlimited", expires_at: "never", min_order_amount: "none" };

/** A side of an update that had no value: said, so "→ hello@shop" does not read as a creation. */
export const AUDIT_EMPTY = "(empty)";

const FIELD_LABELS: { [field: string]: string } = {
  providerRefundId: "provider's reference",
  fileName: "file",
  bytes: "file size",
  rows: "spreadsheet rows",
  discount_value: "value",
  min_order_amount: "minimum order",
  markupPercent: "markup",
};

/** Lists of product ids an import wrote: their count is what an owner reads. */
const PRODUCT_LISTS = new Set(["created", "updated"]);

const isMoneyField = (field: string) => /(Pence|_pence)$/.test(field);

/** "pricePence" → "price", "discount_value" → "discount value", "isActive" → "active". */
export function auditFieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  const words = field
    .replace(/(Pence|_pence)$/, "")
    .replace(/^(is|has)(?=[A-Z_])/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .trim()
    .toLowerCase();
  return words === "" ? field : words;
}

/** Units put back or bought, as "2 × Navy Suit" (or "2 units" for a line not named). */
function quantitiesText(list: Record[]): string {
  return list.map((entry) => (typeof entry.name === "string" ? `${String(entry.quantity)} × ${entry.name}` : `${String(entry.quantity)} ${entry.quantity === 1 ? "unit" : "units"}`)).join(", ");
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** A number the field's meaning gives a unit: a discount's value by its type, pounds, percents, bytes. */
function numberText(field: string, value: number, record: Record | null): string | null {
  if (isMoneyField(field) && Number.isSafeInteger(value)) return formatGbp(value);
  if (field === "min_order_amount") return formatGbp(Math.round(value * 100));
  if (field === "discount_value") {
    if (record?.discount_type === "percentage") return `${value}%`;
    if (record?.discount_type === "fixed") return formatGbp(Math.round(value * 100));
  }
  if (/Percent$/.test(field)) return `${value}%`;
  if (field === "unchanged") return plural(value, "product");
  if (field === "bytes") return value < 1024 ? plural(value, "byte") : `${(value / 1024).toFixed(1)} KB`;
  return null;
}

function valueText(field: string, value: unknown, record: Record | null): string {
  if (typeof value === "string") {
    // A moment (an expiry, a time shipped) as every back-office screen shows one: London time.
    if (ISO_TIME.test(value)) return formatAdminDateTime(value);
    // Stored words ("partially_refunded", "fixed") as the screens show them.
    if (field === "status" || field === "paymentStatus") return statusLabel(value);
    if (field === "discount_type" && value === "fixed") return "fixed amount";
    return value;
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return numberText(field, value, record) ?? String(value);
  if (Array.isArray(value)) {
    if (field === "rows" && value.length === 2 && value.every((entry) => typeof entry === "number")) return value[0] === value[1] ? String(value[0]) : `${value[0]}–${value[1]}`;
    if (PRODUCT_LISTS.has(field) && value.every((entry) => typeof entry === "string")) return value.length === 0 ? "none" : plural(value.length, "product");
    if (IMAGE_LISTS.has(field) && value.every((entry) => typeof entry === "string")) return plural(value.length, "image");
    if (value.every((entry) => typeof entry === "string")) return value.length === 0 ? "none" : value.join(", ");
    if (value.length > 0 && value.every((entry) => isRecord(entry) && typeof entry.quantity === "number")) return quantitiesText(value as Record[]);
  }
  return JSON.stringify(value);
}

/**
 * A value as the page shows it: text as typed, pence as pounds, lists as words; null for none.
 * `record` is the whole side it came from, for a value whose unit another field gives.
 */
export function auditValue(value: unknown, field = "", record: Record | null = null): string | null {
  if (value === null || value === undefined || value === "") return null;
  const text = valueText(field, value, record);
  return text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX - 1)}…` : text;
}

/**
 * The fields that differ between `before` and `after` (objects of one level, as the audit trail
 * writes them), in the order `after` names them then fields only `before` had. A creation (no
 * before) or removal (no after) lists every field the record had. Anything but two records is one
 * change of the whole value, under an empty field name.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const from = before ?? null;
  const to = after ?? null;
  if ((from === null || isRecord(from)) && (to === null || isRecord(to)) && (from !== null || to !== null)) {
    const fields = [...new Set([...Object.keys(to ?? {}), ...Object.keys(from ?? {})])].filter((field) => !HIDDEN_FIELDS.has(field));
    const updated = from !== null && to !== null;
    return fields.flatMap((field) => {
      const was = auditValue(from?.[field], field, from);
      const now = auditValue(to?.[field], field, to);
      // The same value can read differently when another field gives its unit (a discount's type).
      if ((was === now && JSON.stringify(from?.[field] ?? null) === JSON.stringify(to?.[field] ?? null)) || (was === null && now === null)) return [];
      // "(empty)" only for a field the other side has too: an event's record (a refund's amount)
      // has fields its before never had, and those read as plain values.
      const empty = (side: Record | null) => (updated && side !== null && field in side ? (NONE_MEANS[field] ?? AUDIT_EMPTY) : null);
      return [{ field, label: auditFieldLabel(field), before: was ?? empty(from), after: now ?? empty(to) }];
    });
  }
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  return [{ field: "", label: "", before: auditValue(from), after: auditValue(to) }];
}
