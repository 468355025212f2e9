// A revalidation rule for pages whose POSTs change nothing their loader reads (the Security page's
// probes) or whose loader must not run again after a POST (the sign-in page moves on by itself).
import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Skips the loader after a POST only while the address stays the same. When a fetcher's POST is
 * answered during a navigation to another address (a filter chosen while the probes run), React
 * Router ends that navigation with the revalidation's data: skipping the loader there would show
 * the old page's data under the new address.
 */
export function keepDataAfterPost({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  // The hash is no part of it: a form posts without it, while the skip link's "#main" stays in the address.
  const samePage = currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search;
  if (formMethod === "POST" && samePage) return false;
  return defaultShouldRevalidate;
}
