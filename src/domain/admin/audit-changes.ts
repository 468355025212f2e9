// What an audit-trail entry changed, field by field (issue 12 "who, what, when, before/after").
// A record written whole (a product's 20 fields) hid the one field an admin changed once cut to a
// line; the Security page lists only the fields whose values differ, each before → after, in
// words and pounds rather than field names and pence.
import { formatGbp } from "../money.ts";
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

const isMoneyField = (field: string) => /(Pence|_pence)$/.test(field);

/** "pricePence" → "price", "discount_value" → "discount value", "isActive" → "active". */
export function auditFieldLabel(field: string): string {
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

function valueText(field: string, value: unknown): string {
  // A moment (an expiry, a time shipped) as every back-office screen shows one: London time.
  if (typeof value === "string") return ISO_TIME.test(value) ? formatAdminDateTime(value) : value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" && isMoneyField(field) && Number.isSafeInteger(value)) return formatGbp(value);
  if (Array.isArray(value)) {
    if (IMAGE_LISTS.has(field) && value.every((entry) => typeof entry === "string")) return value.length === 1 ? "1 image" : `${value.length} images`;
    if (value.every((entry) => typeof entry === "string")) return value.length === 0 ? "none" : value.join(", ");
    if (value.length > 0 && value.every((entry) => isRecord(entry) && typeof entry.quantity === "number")) return quantitiesText(value as Record[]);
  }
  return JSON.stringify(value);
}

/** A value as the page shows it: text as typed, pence as pounds, lists as words; null for none. */
export function auditValue(value: unknown, field = ""): string | null {
  if (value === null || value === undefined) return null;
  const text = valueText(field, value);
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
    const fields = [...new Set([...Object.keys(to ?? {}), ...Object.keys(from ?? {})])];
    return fields.flatMap((field) => {
      const was = from?.[field];
      const now = to?.[field];
      if (JSON.stringify(was ?? null) === JSON.stringify(now ?? null)) return [];
      return [{ field, label: auditFieldLabel(field), before: auditValue(was, field), after: auditValue(now, field) }];
    });
  }
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  return [{ field: "", label: "", before: auditValue(from), after: auditValue(to) }];
}
