// A parcel's carrier and tracking number, as Mark shipped and Edit tracking take them: the forms
// and the server hold the same limits, so the forms never offer what the server refuses.

/** The most characters a carrier or a tracking number may have. */
export const SHIPMENT_FIELD_MAX = 100;

/** Statuses whose parcel has left: only their tracking can be corrected in place. */
const TRACKING_EDITABLE_STATUSES: readonly string[] = ["shipped", "delivered"];

/** Whether an order in `status` has tracking to correct (before, it belongs to Mark shipped). */
export function canEditTracking(status: string): boolean {
  return TRACKING_EDITABLE_STATUSES.includes(status);
}

/** A carrier or tracking number as kept: trimmed, and null when nothing was typed. */
export function cleanShipmentField(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  return text === "" ? null : text;
}
