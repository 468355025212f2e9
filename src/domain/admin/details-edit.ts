// A product's details as its editor saves them besides the stock (the stock has its own rule,
// stock-edit.ts): each judged against the version the editor showed (edits-against-seen.ts).
import { editAgainstSeen, readVersionsSeen as readSeen, withKeptFields, type EditAgainstSeen, type FieldVersions } from "./edits-against-seen.ts";
import type { ProductInput } from "./product-input.ts";

/** The product's details an editor saves besides its stock, named as in ProductInput. */
export const DETAIL_FIELDS = ["name", "description", "category", "pricePence", "originalPricePence", "colours", "sizes", "isActive", "gallery"] as const;

export type DetailField = (typeof DETAIL_FIELDS)[number];

/** A short fingerprint of each detail's value: equal when the values are. */
export type DetailVersions = FieldVersions<DetailField>;

export type DetailsEdit = EditAgainstSeen<DetailField>;

export const detailsEdit = (mine: DetailVersions, seen: DetailVersions | null, now: DetailVersions): DetailsEdit => editAgainstSeen(DETAIL_FIELDS, mine, seen, now);

/** The input with the kept fields' values taken from the product as it is now. */
export const withKeptDetails = <T extends Pick<ProductInput, DetailField>>(input: T, now: Pick<ProductInput, DetailField>, keep: readonly DetailField[]): T => withKeptFields(input, now, keep);

/** `versionsSeen` as posted: every detail's version, or null when absent or blank. */
export const readVersionsSeen = (value: unknown) => readSeen(DETAIL_FIELDS, value);
