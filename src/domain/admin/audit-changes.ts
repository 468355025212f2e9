// What an audit-trail entry changed, field by field (issue 12 "who, what, when, before/after").
// A record written whole (a product's 20 fields) hid the one field an admin changed once cut to a
// line; the Security page lists only the fields whose values differ, each before → after.

/** One changed field: its name and its value before and after, as text; null where it had none. */
export type AuditChange = { field: string; before: string | null; after: string | null };

/** Longest value shown; the full record stays one click away on the page. */
export const AUDIT_VALUE_MAX = 300;

type Record = { [key: string]: unknown };

const isRecord = (value: unknown): value is Record => typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as the page shows it: strings as typed, anything else as JSON; null for none. */
export function auditValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
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
      return [{ field, before: auditValue(was), after: auditValue(now) }];
    });
  }
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  return [{ field: "", before: auditValue(from), after: auditValue(to) }];
}
