import { describe, expect, it } from "vitest";
import { detailsEdit, readVersionsSeen, withKeptDetails, type DetailField, type DetailVersions } from "./details-edit.ts";
import type { ProductInput } from "./product-input.ts";

const shown: DetailVersions = { name: "n1", description: "d1", category: "c1", pricePence: "p1", originalPricePence: "o1", colours: "co1", sizes: "s1", isActive: "a1", gallery: "g1" };

describe("detailsEdit", () => {
  it("writes everything when the client did not say what it showed", () => {
    expect(detailsEdit({ ...shown, name: "n2" }, null, { ...shown, name: "n3" })).toEqual({ kind: "write", keep: [] });
  });

  it("writes the owner's changes and keeps another save's changes to fields the owner left as shown", () => {
    const mine = { ...shown, pricePence: "p2" };
    const now = { ...shown, description: "d2", gallery: "g2" };
    expect(detailsEdit(mine, shown, now)).toEqual({ kind: "write", keep: ["description", "gallery"] });
  });

  it("writes a field both changed to the same value", () => {
    expect(detailsEdit({ ...shown, name: "n2" }, shown, { ...shown, name: "n2" })).toEqual({ kind: "write", keep: [] });
  });

  it("refuses when a field the owner changed was changed meanwhile to something else", () => {
    const mine = { ...shown, name: "n2", pricePence: "p2", sizes: "s2" };
    const now = { ...shown, name: "n3", pricePence: "p3", description: "d2" };
    expect(detailsEdit(mine, shown, now)).toEqual({ kind: "conflict", fields: ["name", "pricePence"], keep: ["description"] });
  });
});

describe("withKeptDetails", () => {
  it("takes the kept fields from the product as it is now, the rest from the owner", () => {
    const details: Pick<ProductInput, DetailField> = { name: "Mine", description: "Old", category: "suits", pricePence: 100, originalPricePence: null, colours: ["Navy"], sizes: [], isActive: true, gallery: [] };
    const now = { ...details, name: "Theirs", description: "New", pricePence: 200 };
    expect(withKeptDetails({ ...details, stock: 3 }, now, ["description"])).toEqual({ ...details, description: "New", stock: 3 });
  });
});

describe("readVersionsSeen", () => {
  it("reads the editor's JSON text and the API's object; absent or blank is null", () => {
    expect(readVersionsSeen(JSON.stringify(shown))).toEqual({ ok: true, seen: shown });
    expect(readVersionsSeen(shown)).toEqual({ ok: true, seen: shown });
    expect(readVersionsSeen(undefined)).toEqual({ ok: true, seen: null });
    expect(readVersionsSeen("")).toEqual({ ok: true, seen: null });
  });

  it("refuses text that is no JSON, a list, a missing field or a version that is no short token", () => {
    expect(readVersionsSeen("{")).toEqual({ ok: false });
    expect(readVersionsSeen([])).toEqual({ ok: false });
    const { gallery: _gallery, ...missing } = shown;
    expect(readVersionsSeen(missing)).toEqual({ ok: false });
    expect(readVersionsSeen({ ...shown, name: "x".repeat(65) })).toEqual({ ok: false });
    expect(readVersionsSeen({ ...shown, name: 5 })).toEqual({ ok: false });
  });
});
