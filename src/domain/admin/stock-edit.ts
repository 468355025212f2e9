// An owner's edit of a product's stock while orders keep arriving. The editor shows the stock it
// loaded; sales, refunds and cancels move the real count meanwhile. Writing the typed number back
// as it stands would put sold units on sale again, so the edit is judged against the count the
// owner saw: untouched, it leaves the real count alone; changed from a count that has not moved
// since, it is written; changed from a count that has moved to something else, the owner decides
// again.
import { PRODUCT_LIMITS } from "./product-input.ts";

export type StockEdit =
  | { kind: "write"; stock: number }
  | { kind: "keep" }
  | { kind: "conflict"; seen: number; now: number };

/**
 * `typed`: the stock the owner saved; `seen`: the stock the editor showed (null when the client did
 * not say, which sets the stock as typed); `now`: the product's stock under its row lock.
 */
export function stockEdit(typed: number, seen: number | null, now: number): StockEdit {
  if (seen === null) return { kind: "write", stock: typed };
  // Untouched, or already what the owner typed (the same file imported twice): nothing to write.
  if (typed === seen || typed === now) return { kind: "keep" };
  if (now === seen) return { kind: "write", stock: typed };
  return { kind: "conflict", seen, now };
}

/** `stockSeen` as posted: absent or blank is null; otherwise a whole number in the stock's range. */
export function readStockSeen(value: unknown): { ok: true; seen: number | null } | { ok: false } {
  if (value === undefined || value === null || value === "") return { ok: true, seen: null };
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : null;
  if (text === null || !/^\d{1,7}$/.test(text) || Number(text) > PRODUCT_LIMITS.maxStock) return { ok: false };
  return { ok: true, seen: Number(text) };
}
