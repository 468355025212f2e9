import { useNavigate, useNavigation } from "react-router";
import { discoverySearch, parseDiscoveryQuery, type DiscoveryQuery } from "../../../domain/discovery.ts";

/** The view of a listing without its page: what sort and filter controls change. */
export type DiscoveryView = Pick<DiscoveryQuery, "q" | "sort" | "filters">;

/**
 * Location state of a navigation that only changes the view of the page being looked at (sort,
 * a filter): the root keeps the scroll position for it, so a shopper ticking a size half-way down
 * the filter column is not thrown back to the top.
 */
export const KEEP_SCROLL = { keepScroll: true } as const;

function samePath(a: string, b: string): boolean {
  try {
    return decodeURI(a) === decodeURI(b);
  } catch {
    return a === b;
  }
}

/**
 * The view the controls show and a way to change it. While a change is loading the controls
 * already show it (the box just ticked stays ticked), read from the URL being loaded; every change
 * starts again at page 1, with the URL in its one canonical form (discoverySearch).
 */
export function useDiscoveryView(path: string, loaded: DiscoveryQuery) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const pending = navigation.state === "loading" && samePath(navigation.location.pathname, path) ? parseDiscoveryQuery(new URLSearchParams(navigation.location.search)) : null;
  const shown: DiscoveryQuery = pending?.ok ? pending.query : loaded;
  const hrefFor = (view: DiscoveryView, page?: number) => `${path}${discoverySearch({ ...view, page })}`;
  const show = (view: DiscoveryView) => void navigate(hrefFor(view), { preventScrollReset: true, state: KEEP_SCROLL });
  return { shown, loading: pending !== null, hrefFor, show };
}
