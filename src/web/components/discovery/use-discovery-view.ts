import { useLayoutEffect, useRef, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import { discoverySearch, type DiscoveryQuery } from "../../../domain/discovery.ts";
import { KEEP_SCROLL } from "../../lib/keep-scroll.ts";

/** The view of a listing without its page: what sort and filter controls change. */
export type DiscoveryView = Pick<DiscoveryQuery, "q" | "sort" | "filters">;


/**
 * How a change is shown. `revealHeading`: once the new result is in, the page's heading is brought
 * into view if it is hidden (scrolled away, or under the sticky header; the listing headings'
 * scroll-margin is the header's height). A price range's Apply and every change made in the
 * phone's drawer ask for it: the shopper then looks at the result. A box ticked
 * in the desktop column does not: the page stays where the shopper is ticking.
 */
export type ShowOptions = { revealHeading?: boolean };

/** The id of the results line: focus lands there when the control that had it disappears. */
export const RESULTS_STATUS_ID = "discovery-results-status";

/**
 * The view the controls show and a way to change it. While a change is loading the controls
 * already show it (the box just ticked stays ticked); every change starts again at page 1, with
 * the URL in its one canonical form (discoverySearch). The pending view is remembered rather
 * than read back from the URL being loaded: parsing URLs in the browser would bundle the colour
 * name tables into every listing page.
 */
export function useDiscoveryView(path: string, loaded: DiscoveryQuery) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ search: string; view: DiscoveryView } | null>(null);
  const hrefFor = (view: DiscoveryView, page?: number) => `${path}${discoverySearch({ ...view, page })}`;
  const loading = navigation.state === "loading" && pending !== null && navigation.location.search === pending.search;
  const shown: DiscoveryQuery = loading && pending ? { ...pending.view, page: 1 } : loaded;
  const reveal = useRef(false);
  useLayoutEffect(() => {
    if (!reveal.current) return;
    reveal.current = false;
    // "nearest": the page moves only when the heading is hidden, and only as far as it takes.
    document.querySelector("#main h1")?.scrollIntoView({ block: "nearest" });
  }, [loaded]);
  const show = (view: DiscoveryView, options: ShowOptions = {}) => {
    reveal.current = options.revealHeading === true;
    setPending({ search: discoverySearch(view), view });
    void navigate(hrefFor(view), { preventScrollReset: true, state: KEEP_SCROLL });
  };
  return { shown, loading, hrefFor, show };
}
