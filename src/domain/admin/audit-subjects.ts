// Which record an audit-trail entry is about, in words an owner knows: the order's number, the
// product's name, the discount's code, the admin's e-mail. Read from the entry itself (its
// before/after hold the record as it was), so an entry still names a product deleted since.
import { formatOrderNumber } from "../order-number.ts";

export type AuditSubject = { label: string; href: string | null };

type Entry = { subjectType: string; subjectId: string | null; before: unknown; after: unknown };

function field(record: unknown, name: string): string | null {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return null;
  const value = (record as Record<string, unknown>)[name];
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** The newest value of a field the entry recorded (after, else before). */
const recorded = (entry: Entry, name: string) => field(entry.after, name) ?? field(entry.before, name);

/**
 * The entry's subject. `current` holds the names of subjects that still exist (by id), so a link
 * is only offered to a record that can still be opened, and a renamed one reads as it is now.
 */
export function auditSubject(entry: Entry, current: ReadonlyMap<string, string>): AuditSubject | null {
  const id = entry.subjectId;
  switch (entry.subjectType) {
    case "order":
      return id ? { label: formatOrderNumber(id), href: `/admin/orders/${id}` } : null;
    case "product": {
      const label = (id && current.get(id)) ?? recorded(entry, "name");
      if (!label) return null;
      return { label, href: id && current.has(id) ? `/admin/products/${id}/edit` : null };
    }
    case "discount_code": {
      const label = (id && current.get(id)) ?? recorded(entry, "code");
      return label ? { label, href: id && current.has(id) ? "/admin/discounts" : null } : null;
    }
    case "admin_user": {
      const label = recorded(entry, "email");
      return label ? { label, href: null } : null;
    }
    default:
      return null;
  }
}
