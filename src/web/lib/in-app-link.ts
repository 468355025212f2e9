/** What a click needs to say about itself: which button, and which modifier keys were held. */
export type LinkClick = Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">;

/** What a link says about where it goes. */
export type LinkTarget = Pick<HTMLAnchorElement, "origin" | "pathname" | "search" | "hash" | "target"> & { hasAttribute(name: string): boolean };

/**
 * Where the app should go for a click on a link, or `null` when the browser (or a handler that
 * already took the click) should have it. The rules of React Router's own `Link`: only a plain
 * left click on a link that opens in this tab and this origin. Going to the page already shown
 * replaces it in the history instead of adding it twice.
 */
export function inAppDestination(click: LinkClick, link: LinkTarget, current: Pick<Location, "origin" | "pathname" | "search" | "hash">): { to: string; samePage: boolean } | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if ((link.target !== "" && link.target !== "_self") || link.hasAttribute("download")) return null;
  if (link.origin !== current.origin) return null;
  const to = link.pathname + link.search + link.hash;
  return { to, samePage: to === current.pathname + current.search + current.hash };
}

/**
 * Whether a navigation link points at the page shown, as React Router's `NavLink` decides it
 * (case-insensitive): the same path, or with `end` unset a page below it ("/category/suits" is
 * active on "/category/suits/..."). "/" is active only on the home page.
 */
export function isActivePath(pathname: string, to: string, { end = false } = {}): boolean {
  const current = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (current === target) return true;
  if (end || target === "/") return false;
  return current.startsWith(target.endsWith("/") ? target : `${target}/`);
}
