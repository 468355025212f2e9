import { useEffect, type ComponentProps } from "react";
import { useNavigate } from "react-router";
import { inAppDestination } from "../lib/in-app-link.ts";

/**
 * A link to a page of the shop, as plain markup: `<a href>` with no hooks and no handler of its
 * own (decision 049). A category page has over fifty links (its cards, the footer), and the
 * router's `<Link>` runs a dozen hooks each while the page hydrates: a fifth of that work on a
 * slow phone. Client-side navigation comes from `useShopLinkNavigation`, once for the document;
 * `data-discover` keeps the router's route discovery for the destinations.
 *
 * Use the router's `Link`/`NavLink` where a link needs the location (active state) or options
 * (`replace`, `state`, `preventScrollReset`).
 */
export function ShopLink({ to, ...anchor }: Omit<ComponentProps<"a">, "href"> & { to: string }) {
  // data-shop-link marks the anchors the listener below navigates, and no other.
  return <a {...anchor} href={to} data-discover="true" data-shop-link="" />;
}

/**
 * The click listener that turns a press on a `ShopLink` into a client-side navigation, as the
 * router's `Link` would: a plain left click only; a new tab, a download, another origin or a
 * press some handler already took are left to the browser or that handler.
 */
export function useShopLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-shop-link]") : null;
      if (!anchor) return;
      const destination = inAppDestination(event, anchor, window.location);
      if (!destination) return;
      event.preventDefault();
      void navigate(destination.to, { replace: destination.samePage });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
