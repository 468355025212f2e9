// Addresses whose path itself holds a credential, written as the route table (routes.ts) writes
// them. A payment session id is all it takes to read its order's name, e-mail, delivery address
// and lines (POST /api/checkout/verify) and to cancel its payment page; a password reset token
// sets the account's password (the library's own reset link, which the shop answers 404, still
// arrives with it in the path). Whatever writes a path down (the request log, the error log)
// writes each such segment as its parameter's name, so reading the logs gives access to nobody's
// order or account. A route that takes a secret in its path joins this list:
// src/web/credential-paths.test.ts fails for a route whose parameter is named like one
// (`:sessionId`, `:token`) and is missing here, and for a listed path the table sends to a
// not-found page.
export const CREDENTIAL_PATHS = ["pay/:sessionId", "order-confirmation/:sessionId", "api/auth/reset-password/:token"] as const;

/** The route parameter names that hold a credential wherever the route table uses them. */
export const CREDENTIAL_PARAMS = [":sessionId", ":token"] as const;

const patterns = CREDENTIAL_PATHS.map((path) => path.split("/"));

/** The router's data request for a page (`/pay/{id}.data`) is the page's address plus this. */
const DATA_SUFFIX = ".data";

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * `path` with each credential in it replaced by its parameter's name (`/pay/:sessionId`), matched
 * as the shop matches a page: a name in any case or percent-encoded, and the router's `.data`
 * request of the page kept recognisable (`/pay/:sessionId.data`). Any other path is returned as is.
 */
export function withoutCredentials(path: string): string {
  const segments = path.split("/").filter((segment) => segment !== "");
  const pattern = patterns.find(
    (parts) => segments.length >= parts.length && parts.every((part, i) => part.startsWith(":") || part === decoded(segments[i]!)),
  );
  if (!pattern) return path;
  const kept = segments.map((segment, i) => {
    const part = pattern[i];
    if (part === undefined || !part.startsWith(":")) return segment;
    const last = i === segments.length - 1;
    return last && segment.endsWith(DATA_SUFFIX) ? part + DATA_SUFFIX : part;
  });
  return `/${kept.join("/")}`;
}
