// Two saves of one record (two admins, or one admin in two tabs; decision 055). Each editor opened
// with the record as it was then; writing back everything it holds would undo the other save's
// changes to fields this owner never touched. Each field is judged against the version the editor
// showed: a field left as shown keeps what the record has now, a changed one is written if nobody
// changed it meanwhile (or changed it the same way), and a field both changed differently is the
// owner's to decide again. The product editor and the discount dialog both judge their saves so.

/** A short fingerprint of each field's value: equal when the values are. */
export type FieldVersions<F extends string> = Record<F, string>;

export type EditAgainstSeen<F extends string> =
  /** `keep`: fields left as shown that someone changed meanwhile: the record keeps their value. */
  | { kind: "write"; keep: F[] }
  | { kind: "conflict"; fields: F[]; keep: F[] };

/**
 * `mine`: versions of what the owner saved; `seen`: of what the editor showed (null when the client
 * did not say, which writes every field as saved); `now`: of the record under its row lock.
 */
export function editAgainstSeen<F extends string>(fields: readonly F[], mine: FieldVersions<F>, seen: FieldVersions<F> | null, now: FieldVersions<F>): EditAgainstSeen<F> {
  if (seen === null) return { kind: "write", keep: [] };
  const keep = fields.filter((field) => mine[field] === seen[field] && now[field] !== seen[field]);
  const changed = fields.filter((field) => mine[field] !== seen[field] && now[field] !== seen[field] && mine[field] !== now[field]);
  return changed.length > 0 ? { kind: "conflict", fields: changed, keep } : { kind: "write", keep };
}

/** The input with the kept fields' values taken from the record as it is now. */
export function withKeptFields<F extends string, T extends Record<F, unknown>>(input: T, now: Pick<T, F>, keep: readonly F[]): T {
  const merged = { ...input };
  for (const field of keep) merged[field] = now[field];
  return merged;
}

const VERSION = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The versions a client says its editor showed: absent or blank is null; otherwise every field's
 * version, as an object (a JSON API) or that object's JSON text (an editor's hidden field).
 */
export function readVersionsSeen<F extends string>(fields: readonly F[], value: unknown): { ok: true; seen: FieldVersions<F> | null } | { ok: false } {
  if (value === undefined || value === null || value === "") return { ok: true, seen: null };
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { ok: false };
    }
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { ok: false };
  const entries = parsed as Record<string, unknown>;
  const seen = {} as FieldVersions<F>;
  for (const field of fields) {
    const version = entries[field];
    if (typeof version !== "string" || !VERSION.test(version)) return { ok: false };
    seen[field] = version;
  }
  return { ok: true, seen };
}
