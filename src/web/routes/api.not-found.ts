import { apiErrors } from "../../domain/messages/cart.ts";
import { jsonError } from "../lib/api.ts";

// An address under /api/ that no endpoint has (docs/api.md): a JSON 404 whatever the method, so a
// client reads one error shape instead of the storefront's HTML page or React Router's 405.
export function loader() {
  return jsonError(404, apiErrors.notFound);
}

export const action = loader;
