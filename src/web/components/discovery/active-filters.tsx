import { X } from "../icons/x.tsx";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { COLOUR_FAMILY_LABELS, EMPTY_FILTERS, hasActiveFilters, type DiscoveryFilters, type DiscoveryQuery } from "../../../domain/discovery.ts";
import { discoveryControls } from "../../../domain/messages/discovery.ts";
import { CURRENCY_SYMBOLS, type Currency } from "../../../domain/money.ts";
import { KEEP_SCROLL } from "../../lib/keep-scroll.ts";
import { RESULTS_STATUS_ID, type DiscoveryView } from "./use-discovery-view.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { readyMarker } from "./ready-marker.ts";

type Chip = { key: string; label: string; without: Partial<DiscoveryFilters> };

/** A bound in the currency it was typed in ("£120", "₵1500"). */
function amount(minor: number, currency: Currency): string {
  return `${CURRENCY_SYMBOLS[currency]}${Math.floor(minor / 100)}`;
}

/** One chip per active filter, in the order of the panel; the price range is one chip. */
export function filterChips(filters: DiscoveryFilters): Chip[] {
  const chips: Chip[] = [
    ...filters.sizes.map((size) => ({ key: `size-${size}`, label: discoveryControls.chipSize(size), without: { sizes: filters.sizes.filter((s) => s !== size) } })),
    ...filters.colours.map((colour) => ({ key: `colour-${colour}`, label: COLOUR_FAMILY_LABELS[colour], without: { colours: filters.colours.filter((c) => c !== colour) } })),
  ];
  if (filters.inStock) chips.push({ key: "in-stock", label: discoveryControls.inStock, without: { inStock: false } });
  if (filters.onSale) chips.push({ key: "sale", label: discoveryControls.onSale, without: { onSale: false } });
  const { minPrice, maxPrice } = filters;
  const pounds = (minor: number) => amount(minor, filters.priceCurrency);
  if (minPrice !== null || maxPrice !== null) {
    const label =
      minPrice !== null && maxPrice !== null
        ? discoveryControls.chipPriceRange(pounds(minPrice), pounds(maxPrice))
        : minPrice !== null
          ? discoveryControls.chipMinPrice(pounds(minPrice))
          : discoveryControls.chipMaxPrice(pounds(maxPrice!));
    chips.push({ key: "price", label, without: { minPrice: null, maxPrice: null } });
  }
  return chips;
}

type Props = {
  query: DiscoveryQuery;
  hrefFor: (view: DiscoveryView) => string;
};

/**
 * The active filters as links that remove them, and Clear all: links, so they work without
 * JavaScript. A removed chip is gone from the page, so focus moves to the chip now in its place
 * (or the next control) rather than falling back to the top of the document.
 */
export function ActiveFilters({ query, hrefFor }: Props) {
  const hydrated = useHydrated();
  const list = useRef<HTMLUListElement>(null);
  const removedAt = useRef<number | null>(null);
  const chips = filterChips(query.filters);
  const key = chips.map((chip) => chip.key).join("|");

  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const links = list.current?.querySelectorAll<HTMLAnchorElement>("a");
    const next = links && links.length > 0 ? links[Math.min(index, links.length - 1)] : null;
    (next ?? document.getElementById(RESULTS_STATUS_ID))?.focus({ preventScroll: true });
  }, [key]);

  if (!hasActiveFilters(query.filters)) return null;
  const view = (filters: DiscoveryFilters): DiscoveryView => ({ q: query.q, sort: query.sort, filters });
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" role="group" aria-label={discoveryControls.activeFilters} {...readyMarker(hydrated)}>
      <ul ref={list} className="contents">
        {chips.map((chip, index) => (
          <li key={chip.key}>
            <Link
              to={hrefFor(view({ ...query.filters, ...chip.without }))}
              preventScrollReset
              state={KEEP_SCROLL}
              onClick={() => (removedAt.current = index)}
              aria-label={discoveryControls.removeFilter(chip.label)}
              className="tap-target inline-flex items-center gap-1.5 rounded-full border border-brand-100 bg-brand-50 py-1 pl-3 pr-2 text-xs font-medium hover:border-brand-900"
            >
              {chip.label}
              <X aria-hidden className="h-3.5 w-3.5" />
            </Link>
          </li>
        ))}
        <li>
          <Link
            to={hrefFor(view(EMPTY_FILTERS))}
            preventScrollReset
            state={KEEP_SCROLL}
            onClick={() => (removedAt.current = Number.MAX_SAFE_INTEGER)}
            className="tap-target px-1 text-xs font-medium underline underline-offset-2 hover:text-black"
          >
            {discoveryControls.clearAll}
          </Link>
        </li>
      </ul>
    </div>
  );
}
