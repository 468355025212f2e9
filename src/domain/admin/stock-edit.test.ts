import { describe, expect, it } from "vitest";
import { readStockSeen, stockEdit } from "./stock-edit.ts";

describe("stockEdit", () => {
  it("leaves the real count alone when the owner did not change the stock shown", () => {
    // Opened at 3, two sold meanwhile, saved for a price change: the 1 left stays 1.
    expect(stockEdit(3, 3, 1)).toEqual({ kind: "keep" });
  });

  it("writes a changed stock when nothing moved it since the editor opened", () => {
    expect(stockEdit(10, 3, 3)).toEqual({ kind: "write", stock: 10 });
  });

  it("asks again when the owner changed a stock that orders moved meanwhile", () => {
    expect(stockEdit(10, 3, 1)).toEqual({ kind: "conflict", seen: 3, now: 1 });
  });

  it("has nothing to write when the stock is already what the owner typed", () => {
    expect(stockEdit(0, 5, 0)).toEqual({ kind: "keep" });
  });

  it("sets the stock as typed when the client did not say what it showed", () => {
    expect(stockEdit(5, null, 1)).toEqual({ kind: "write", stock: 5 });
  });
});

describe("readStockSeen", () => {
  it("reads a whole number from a form or a JSON body", () => {
    expect(readStockSeen("7")).toEqual({ ok: true, seen: 7 });
    expect(readStockSeen(0)).toEqual({ ok: true, seen: 0 });
  });

  it("treats an absent or blank value as not said", () => {
    expect(readStockSeen(undefined)).toEqual({ ok: true, seen: null });
    expect(readStockSeen("")).toEqual({ ok: true, seen: null });
  });

  it("refuses anything else", () => {
    for (const value of ["-1", "2.5", "lots", 1.5, 2_000_000, true, {}]) expect(readStockSeen(value)).toEqual({ ok: false });
  });
});
