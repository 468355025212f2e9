// The Carrier field of Mark shipped and Edit tracking. It stays free text (a local courier, "Hand
// delivered"), but offers the carriers whose tracking page the customer's e-mail and order page link
// to, so the common names are typed the way the link needs.
import { useId } from "react";
import { KNOWN_CARRIERS } from "../../../../domain/carrier-tracking.ts";
import { SHIPMENT_FIELD_MAX } from "../../../../domain/admin/shipment.ts";
import { adminFulfilment } from "../../../../domain/messages/admin.ts";
import { Field } from "../../form/field.tsx";

export function CarrierField({ defaultValue }: { defaultValue?: string }) {
  // Mark shipped and Edit tracking can be open on one page at once: each list has its own id.
  const listId = useId();
  return (
    <>
      <Field density="compact" name="carrier" label={adminFulfilment.carrier} optional maxLength={SHIPMENT_FIELD_MAX} defaultValue={defaultValue} list={listId} autoComplete="off" />
      <datalist id={listId}>
        {KNOWN_CARRIERS.map((carrier) => (
          <option key={carrier.name} value={carrier.name} />
        ))}
      </datalist>
    </>
  );
}
