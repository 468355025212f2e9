// Two saves of one product's details (two admins, or one admin in two tabs). Each editor opened
// with the product as it was then; writing back everything it holds would undo the other save's
// changes to fields this owner never touched. Each field is judged against the version the editor
// showed, as the stock is (stock-edit.ts): a field left as shown keeps what the product has now,
// a changed one is written if nobody changed it meanwhile, and a field both changed differently
// is the owner's to decide again.
import type { ProductInput } from "./product-input.ts";

/** The product's details an editor saves besides its stock, named as in ProductInput. */
export const DETAIL_FIELDS = ["name", "description", "category", "pricePence", "originalPricePence", "colours", "sizes", "isActive", "gallery"] as const;

export type DetailField = (typeof DETAIL_FIELDS)[number];

/** A short fingerprint of each detail's value: equal when the values are. */
export type DetailVersions = Record<DetailField, string>;

export type DetailsEdit =
  /** `keep`: fields left as shown that someone changed meanwhile: the product keeps their value. */
  | { kind: "write"; keep: DetailField[] }
  | { kind: "conflict"; fields: DetailField[]; keep: DetailField[] };

/**
 * `mine`: versions of what the owner saved; `seen`: of what the editor showed (null when the client
 * did not say, which writes every field as saved); `now`: of the product under its row lock.
 */
export function detailsEdit(mine: DetailVersions, seen: DetailVersions | null, now: DetailVersions): DetailsEdit {
  if (seen === null) return { kind: "write", keep: [] };
  const keep = DETAIL_FIELDS.filter((field) => mine[field] === seen[field] && now[field] !== seen[field]);
  const fields = DETAIL_FIELDS.filter((field) => mine[field] !== seen[field] && now[field] !== seen[field] && mine[field] !== now[field]);
  return fields.length > 0 ? { kind: "conflict", fields, keep } : { kind: "write", keep };
}

/** The input with the kept fields' values taken from the product as it is now. */
export function withKeptDetails<T extends Pick<ProductInput, DetailField>>(input: T, now: Pick<ProductInput, DetailField>, keep: readonly DetailField[]): T {
  const merged = { ...input } as Record<DetailField, unknown>;
  for (const field of keep) merged[field] = now[field];
  return merged as T;
}

const VERSION = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `versionsSeen` as posted: absent or blank is null; otherwise every field's version, as an
 * object (the JSON API) or that object's JSON text (the editor's hidden field).
 */
export function readVersionsSeen(value: unknown): { ok: true; seen: DetailVersions | null } | { ok: false } {
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
  const seen = {} as DetailVersions;
  for (const field of DETAIL_FIELDS) {
    const version = entries[field];
    if (typeof version !== "string" || !VERSION.test(version)) return { ok: false };
    seen[field] = version;
  }
  return { ok: true, seen };
}
