// Status values and the colour (tone) of their badges (storefront.md section 4 "Order status
// display"; admin.md section 4). A tone is a name the UI maps to its palette.

export type Tone = "green" | "blue" | "yellow" | "red" | "gray";

/** admin.md section 4: "Order status values offered: pending, processing, shipped, delivered, cancelled". */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * admin.md section 4: "Payment status values: paid (green), pending (yellow), failed (red), other
 * grey". Ours in addition: refunded (grey), for a paid order the shop could not fulfil because the
 * last unit sold to someone else meanwhile (docs/deviations.md), or an admin gave the whole
 * payment back; partially_refunded (grey) when an admin gave part of it back (decision 035).
 */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded", "partially_refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** "shipped" -> "Shipped", "partially_refunded" -> "Partially refunded", for badges and filters. */
export function statusLabel(status: string): string {
  const text = status.trim().replaceAll("_", " ");
  return text === "" ? text : text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

// Statuses are stored lower case; a stray "Delivered" or " shipped " from old data still gets
// the colour a person would expect.
function normalise(status: string | null | undefined): string {
  return (status ?? "").trim().toLowerCase();
}

/**
 * storefront.md section 4: completed and delivered green; processing and shipped blue; pending
 * yellow, also the default when empty; anything else red.
 */
export function storefrontOrderStatusTone(status: string | null | undefined): Tone {
  switch (normalise(status)) {
    case "completed":
    case "delivered":
      return "green";
    case "processing":
    case "shipped":
      return "blue";
    case "pending":
    case "":
      return "yellow";
    default:
      return "red";
  }
}

/**
 * admin.md section 4: completed/delivered green, processing/shipped blue, cancelled red,
 * anything else yellow ("completed is tolerated for badge colour").
 */
export function adminOrderStatusTone(status: string | null | undefined): Tone {
  switch (normalise(status)) {
    case "completed":
    case "delivered":
      return "green";
    case "processing":
    case "shipped":
      return "blue";
    case "cancelled":
      return "red";
    default:
      return "yellow";
  }
}

/** admin.md section 4: paid green, pending yellow, failed red, other grey. */
export function paymentStatusTone(status: string | null | undefined): Tone {
  switch (normalise(status)) {
    case "paid":
      return "green";
    case "pending":
      return "yellow";
    case "failed":
      return "red";
    default:
      return "gray";
  }
}
