// The /auth page's optional `redirect` query parameter (storefront.md section 2 "Auth", section 4:
// "Then the user goes to /{redirect} or /"). Only a path on this site is accepted: anything that
// could leave the site (an absolute URL, "//host", "/\host", a scheme) falls back to "/".

const FALLBACK = "/";

/** "checkout" and "/checkout" both give "/checkout"; a query string and hash are kept. */
export function safeRedirectPath(redirect: string | null | undefined): string {
  if (typeof redirect !== "string") return FALLBACK;
  const trimmed = redirect.trim();
  if (trimmed === "" || trimmed.length > 1000) return FALLBACK;
  // Control characters and backslashes are read as "/" or dropped by some URL parsers.
  if (trimmed.includes("\\") || [...trimmed].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return FALLBACK;
  const path = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  if (path.startsWith("//")) return FALLBACK;
  // Resolve against a placeholder origin: if the result is on another origin, it was not a path.
  const base = "http://shop.invalid";
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== base) return FALLBACK;
  // Signing in again from the sign-in page would loop.
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return FALLBACK;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The /auth link that comes back to `path` afterwards ("/" needs no parameter). */
export function signInHref(path: string): string {
  const target = safeRedirectPath(path);
  return target === FALLBACK ? "/auth" : `/auth?redirect=${encodeURIComponent(target.slice(1))}`;
}
