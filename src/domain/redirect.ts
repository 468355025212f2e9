// Where the shop sends a shopper after a form: the /auth page's optional `redirect` query
// parameter (storefront.md section 2 "Auth", section 4: "Then the user goes to /{redirect} or /")
// and the currency form's `returnTo`. Only a path on this site is accepted. The target is resolved
// as a URL against the shop's origin, exactly as a browser would resolve it, and kept only if the
// origin is unchanged; what comes out is the resolved path, so dot segments and encodings can no
// longer turn into "//host" (a protocol-relative URL) on the way to the Location header.

const FALLBACK = "/";
// The real origin does not matter: only whether resolving the value leaves it.
const SHOP_ORIGIN = "http://shop.invalid";
const MAX_LENGTH = 1000;

function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A path on this site, or "/" for anything that is not one. "cart" and "/cart" both give
 * "/cart"; the query string and hash are kept.
 */
export function safeLocalPath(value: string | null | undefined): string {
  if (typeof value !== "string") return FALLBACK;
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.length > MAX_LENGTH) return FALLBACK;
  // Browsers drop tabs and newlines inside a URL and read "\" as "/": "/<TAB>/evil.example" is
  // "//evil.example" to them. Such a value is never a link the shop made.
  if (trimmed.includes("\\") || hasControlCharacter(trimmed)) return FALLBACK;
  const path = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  let url: URL;
  try {
    url = new URL(path, SHOP_ORIGIN);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== SHOP_ORIGIN) return FALLBACK;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" and "/a/..//evil.example" resolve to the path "//evil.example", which a
  // browser reads as another host when it comes back in a Location header.
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return FALLBACK;
  return target;
}

/** The /auth page's `redirect`: a path on this site, never the sign-in page itself. */
export function safeRedirectPath(redirect: string | null | undefined): string {
  const target = safeLocalPath(redirect);
  const pathname = new URL(target, SHOP_ORIGIN).pathname;
  // Signing in again from the sign-in page would loop.
  if (pathname === "/auth" || pathname.startsWith("/auth/")) return FALLBACK;
  return target;
}

/** The /auth link that comes back to `path` afterwards ("/" needs no parameter). */
export function signInHref(path: string): string {
  const target = safeRedirectPath(path);
  return target === FALLBACK ? "/auth" : `/auth?redirect=${encodeURIComponent(target.slice(1))}`;
}

/** A page of the back office: to whoever is not signed in it shows the admin login in its place. */
export function isAdminPath(path: string): boolean {
  const { pathname } = new URL(safeLocalPath(path), SHOP_ORIGIN);
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * The sign-in that leads on to `target`: for a back-office page, the page itself (its admin login
 * comes back to it); for any other, /auth with it as the redirect.
 */
export function signInPageFor(target: string): string {
  const path = safeRedirectPath(target);
  return isAdminPath(path) ? path : signInHref(path);
}
