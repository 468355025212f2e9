// How the Customers page and the API answer an erasure: the same statuses for the same refusals
// (docs/api.md "Customer data").
import type { ErasureRefusal } from "../../../../server/admin/customers/personal-data.server.ts";

export const ERASURE_STATUS: Record<ErasureRefusal["reason"], number> = {
  confirmation: 400,
  not_found: 404,
  // The person's orders or account make it wait: nothing is wrong with the request itself.
  admin: 409,
  held: 409,
};
