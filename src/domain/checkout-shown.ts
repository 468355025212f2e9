// What a checkout page showed when Pay was pressed, and whether the order priced now is still
// that (docs/api.md "POST /api/checkout"). The page names a total on its Pay button; the server
// prices the order again when it is placed. The catalogue's markup, the cart in another tab or a
// code's value may have moved meanwhile: the order is then refused with the new figures rather
// than charged at an amount nobody showed. Pure: the page and the server compute the same
// fingerprint from the lines each has. Nothing here decides what is charged: the server's prices do.

/** A line as a page shows it: what it is, how many, and the price of one in pence. */
export type ShownLine = { productId: string; size: string | null; colour: string | null; quantity: number; unitPrice: number };

/** 32-bit FNV-1a as 8 hex digits: a change detector, not a secret (the server never trusts it for money). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * Sixteen hex digits: the first eight stand for what is in the cart (product, size, colour,
 * quantity), the last eight for that with each unit price, so a mismatch tells a changed cart from
 * changed prices. Lines are taken in any order and the same product, size and colour in two lines
 * count as one, as the server merges them; sizes and colours compare without case, as it does.
 */
export function linesFingerprint(lines: readonly ShownLine[]): string {
  const merged = new Map<string, { quantity: number; unitPrice: number }>();
  for (const line of lines) {
    const key = [line.productId.toLowerCase(), line.size?.toLowerCase() ?? "", line.colour?.toLowerCase() ?? ""].join("\u0000");
    const earlier = merged.get(key);
    merged.set(key, { quantity: (earlier?.quantity ?? 0) + line.quantity, unitPrice: earlier?.unitPrice ?? line.unitPrice });
  }
  const keys = [...merged.keys()].sort();
  const bag = keys.map((key) => `${key}\u0000${merged.get(key)!.quantity}`).join("\n");
  const priced = keys.map((key) => `${key}\u0000${merged.get(key)!.quantity}\u0000${merged.get(key)!.unitPrice}`).join("\n");
  return fnv1a(bag) + fnv1a(priced);
}

/** What a checkout request says its page showed; either may be missing (an older page, a script). */
export type ShownCheckout = { expectedTotalPence?: number | null; linesFingerprint?: string | null };

/**
 * How the order priced now differs from what was shown: `cart` (other items or quantities),
 * `prices` (the same items at other prices), `total` (the same lines, but the shipping or the
 * discount came to something else), or null when it is what was shown. What the request left out
 * is not compared: an older page is priced as before.
 */
export type CheckoutChange = "cart" | "prices" | "total";

export function changeSinceShown(shown: ShownCheckout, lines: readonly ShownLine[], totalPence: number): CheckoutChange | null {
  if (shown.linesFingerprint != null) {
    const now = linesFingerprint(lines);
    if (now.slice(0, 8) !== shown.linesFingerprint.slice(0, 8)) return "cart";
    if (now !== shown.linesFingerprint) return "prices";
  }
  if (shown.expectedTotalPence != null && shown.expectedTotalPence !== totalPence) return "total";
  return null;
}
