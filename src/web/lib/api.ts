// Helpers for the JSON resource routes (docs/api.md): one error shape, `{ "error": message }`.
import { strictUtf8 } from "./request-text.ts";
import { mediaTypeOfHeader } from "../../server/http/media-type.ts";
import { apiErrors } from "../../domain/messages/cart.ts";
import { requestErrors } from "../../domain/messages/requests.ts";
import { holdsRefusedText } from "../../domain/text-rules.ts";
import type { Refusal, RefusalReason } from "../../domain/refusal.ts";

export function jsonError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: message }, { status, headers });
}

/** A refusal's `Retry-After` (seconds until the limit's window ends), when it has one. */
export function retryAfterHeader(refusal: { retryAfterSeconds?: number }): HeadersInit | undefined {
  return refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined;
}

/** The methods an endpoint may have besides HEAD, which comes with GET; OPTIONS is the host's. */
export type EndpointMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** 405 for a method the endpoint does not have, with the `Allow` header naming those it has (RFC 9110). */
export function methodNotAllowed(...allowed: EndpointMethod[]): Response {
  const methods = allowed.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method]));
  return Response.json({ error: apiErrors.methodNotAllowed }, { status: 405, headers: { Allow: methods.join(", ") } });
}

/**
 * The loader of an endpoint without a GET, or the action of one with only a GET: without it React
 * Router answers the method itself, as `{"message":"Unexpected Server Error"}` with a 400 or 405.
 */
export function allowOnly(...allowed: EndpointMethod[]): () => Response {
  return () => methodNotAllowed(...allowed);
}

/** Query parameters as a plain object for zod (repeated keys: the first wins). */
export function queryObject(url: URL): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in result)) result[key] = value;
  return result;
}

/**
 * A 400 when a query parameter that takes one value is given more than once: read as its first
 * value, `?status=processing&status=zzz` passed where the other order was refused, and an export
 * built by appending a filter silently kept the old one. `repeatable` names those that are lists.
 */
export function refuseRepeatedParameters(url: URL, repeatable: readonly string[] = []): Response | null {
  const seen = new Set<string>();
  for (const key of url.searchParams.keys()) {
    if (seen.has(key) && !repeatable.includes(key)) return jsonError(400, requestErrors.repeatedParameter(key));
    seen.add(key);
  }
  return null;
}

/** The largest JSON body a mutation accepts (a full guest cart of 100 lines is about 20 KB). */
export const MAX_JSON_BODY_BYTES = 100_000;

/** The body's media type without its parameters (`charset`, `boundary`), lower-cased; "" when none. */
export function mediaTypeOf(request: Request): string {
  return mediaTypeOfHeader(request.headers.get("content-type"));
}

/**
 * The page's origin is the address the request was sent to, and that address is this machine's by
 * number or "localhost" (127.0.0.1 or a LAN address while PUBLIC_URL says localhost; a forwarded
 * port): the same site, whose cart must work. A name other than PUBLIC_URL's is still refused, so a
 * page whose own name was pointed at the shop (DNS rebinding: `Host: evil.example`) cannot call it
 * (decision 010). The host's own guard has checked the scheme before this runs.
 */
function isAddressedOrigin(origin: string, request: Request): boolean {
  const host = request.headers.get("host")?.toLowerCase();
  if (!host) return false;
  try {
    const page = new URL(origin);
    return page.host === host && (page.hostname === "localhost" || /^\d{1,3}(\.\d{1,3}){3}$|^\[[\da-f:.]+\]$/.test(page.hostname));
  } catch {
    return false;
  }
}

/**
 * The 403 for a state change a browser says comes from another site; null for the shop's own pages,
 * at PUBLIC_URL or at the address they were opened at (isAddressedOrigin). The host refuses such
 * requests already; an endpoint says it again where its rule can be read.
 */
export function otherSiteRefusal(request: Request, publicUrl: string): Response | null {
  const origin = request.headers.get("origin");
  if (origin === null || origin === new URL(publicUrl).origin || isAddressedOrigin(origin, request)) return null;
  return jsonError(403, apiErrors.crossOrigin);
}

/**
 * The guard of every JSON endpoint that changes something (docs/api.md): when the browser names
 * the page's origin it must be the shop's own (403 otherwise: a page on another site cannot act
 * for a signed-in shopper), and a request with a body must be JSON (415 otherwise: another site
 * cannot send JSON without the browser asking us first, and we never say yes). A DELETE carries
 * no body and is only checked for its origin. Returns the parsed body, or the response to send.
 */
export async function readJsonMutation(
  request: Request,
  publicUrl: string,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const otherSite = otherSiteRefusal(request, publicUrl);
  if (otherSite) return { ok: false, response: otherSite };
  if (request.method === "DELETE") return { ok: true, body: undefined };
  if (mediaTypeOf(request) !== "application/json") return { ok: false, response: jsonError(415, apiErrors.jsonRequired) };
  if (Number(request.headers.get("content-length") ?? 0) > MAX_JSON_BODY_BYTES) {
    return { ok: false, response: jsonError(413, apiErrors.tooLarge) };
  }
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_JSON_BODY_BYTES) return { ok: false, response: jsonError(413, apiErrors.tooLarge) };
  // JSON is UTF-8 (RFC 8259): bytes that are not would be stored as "�".
  const text = strictUtf8(bytes);
  if (text === null) return { ok: false, response: jsonError(400, apiErrors.invalidJson) };
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, response: jsonError(400, apiErrors.invalidJson) };
  }
  // The storefront's bodies are read by schemas that refuse such text field by field, naming the
  // field; the back office's free-text fields (notes, carrier, reasons, names) are caught here.
  if (new URL(request.url).pathname.startsWith("/api/admin/") && holdsRefusedText(body)) {
    return { ok: false, response: jsonError(400, requestErrors.unstorableText) };
  }
  return { ok: true, body };
}

/** The members of a JSON body, to read by name: none when the body is no object (a number, a string, null). */
export function jsonFields(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
}

/** The status of each kind of refusal a service answers with (docs/api.md). */
export const REFUSAL_STATUS = {
  invalid: 400,
  not_found: 404,
  signed_out: 401,
  stock_limit: 409,
  changed: 409,
  not_shipped: 409,
  duplicate: 409,
  conflict: 409,
  provider: 502,
} as const satisfies Record<RefusalReason, number>;

/** A service's refusal as the JSON error response, its status by its reason (REFUSAL_STATUS). */
export function refusalResponse(refusal: Refusal): Response {
  return jsonError(REFUSAL_STATUS[refusal.reason], refusal.message);
}
