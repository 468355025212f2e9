// The check of a carrier and tracking number that the status change and the tracking correction share.
import { cleanShipmentField, SHIPMENT_FIELD_MAX } from "../../../domain/admin/shipment.ts";
import { adminFulfilment } from "../../../domain/messages/admin.ts";
import type { Refusal } from "../../../domain/refusal.ts";
import { controlCharactersMessage, hasControlCharacters } from "../../../domain/text-rules.ts";

/** A carrier or tracking number the customer could not be e-mailed as typed; null when both are fine. */
export function refuseShipmentFields(given: { carrier?: string | null; trackingNumber?: string | null }): Refusal<"invalid"> | null {
  // Refused rather than cut: a tracking number cut short would be e-mailed to the customer wrong.
  for (const [field, label] of [["carrier", adminFulfilment.carrier], ["trackingNumber", adminFulfilment.trackingNumber]] as const) {
    const value = cleanShipmentField(given[field]);
    if (value !== null && value.length > SHIPMENT_FIELD_MAX) return { ok: false, reason: "invalid", message: adminFulfilment.shipmentFieldTooLong(label, SHIPMENT_FIELD_MAX) };
    if (value !== null && hasControlCharacters(value)) return { ok: false, reason: "invalid", message: controlCharactersMessage(label) };
  }
  return null;
}
