// The forgot-password page's address, carrying where the sign-in after the reset leads (its
// `redirect`, as /auth has one): the admin login puts its own page there, so an owner who reset
// the password from it comes back to it rather than to the shop's /auth. A module of its own,
// apart from redirect.ts: the admin login builds this in the browser, and redirect.ts is in every
// storefront page's first load, where a byte more is a byte over the product page's budget.
// Only written here: the pages that read the parameter keep it to a path of this shop
// (safeRedirectPath), whatever a link says.

/** "/auth/forgot-password", with `?redirect=` for any page but the home page ("/admin" gives "redirect=admin"). */
export function forgotPasswordHref(returnTo: string): string {
  const path = returnTo.replace(/^\/+/, "");
  return path === "" ? "/auth/forgot-password" : `/auth/forgot-password?redirect=${encodeURIComponent(path)}`;
}
