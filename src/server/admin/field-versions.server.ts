// Each field's version for an editor to send back with its save (edits-against-seen.ts): the first
// 16 characters of the SHA-256 of the field's value as JSON, short enough for a hidden field, and
// equal exactly when the values are.
import { createHash } from "node:crypto";
import type { FieldVersions } from "../../domain/admin/edits-against-seen.ts";

export function fieldVersions<F extends string>(fields: readonly F[], valueOf: (field: F) => unknown): FieldVersions<F> {
  const versions = {} as FieldVersions<F>;
  for (const field of fields) versions[field] = createHash("sha256").update(JSON.stringify(valueOf(field) ?? null)).digest("base64url").slice(0, 16);
  return versions;
}
