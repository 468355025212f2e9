import { Link } from "react-router";
import { discoverySearch, EMPTY_FILTERS, type DiscoveryQuery } from "../../../domain/discovery.ts";
import { discoveryControls } from "../../../domain/messages/discovery.ts";

/** Filters that leave nothing: say so and offer the way back. */
export function NoMatches({ path, query }: { path: string; query: DiscoveryQuery }) {
  return (
    <section className="mt-8 rounded-lg border border-dashed border-brand-100 px-6 py-12 text-center">
      <h2 className="text-lg font-semibold">{discoveryControls.noMatches}</h2>
      <p className="mt-2 text-sm text-brand-900/70">{discoveryControls.noMatchesHint}</p>
      <Link
        to={`${path}${discoverySearch({ q: query.q, sort: query.sort, filters: EMPTY_FILTERS })}`}
        className="mt-5 inline-block rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black"
      >
        {discoveryControls.clearAll}
      </Link>
    </section>
  );
}
