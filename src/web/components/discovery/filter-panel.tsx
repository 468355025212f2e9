import { useState } from "react";
import type { ColourFamily } from "../../../domain/colours.ts";
import type { DiscoveryFilters, DiscoveryQuery } from "../../../domain/discovery.ts";
import { discoveryControls } from "../../../domain/messages/discovery.ts";
import type { DiscoveryFacets } from "../../../server/catalog/discovery.server.ts";
import { convertFromGbp, CURRENCY_SYMBOLS, gbpAtLeast, gbpAtMost, type Currency } from "../../../domain/money.ts";
import { usePriceDisplay, type PriceDisplay } from "../../lib/prices.ts";
import { ColourDot } from "../colour-dot.tsx";
import { HiddenView } from "./sort-select.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { readyMarker } from "./ready-marker.ts";
import type { DiscoveryView, ShowOptions } from "./use-discovery-view.ts";

type Props = {
  /** Ids must differ between the desktop column and the mobile drawer, which both render a panel. */
  idPrefix: string;
  path: string;
  query: DiscoveryQuery;
  facets: DiscoveryFacets;
  onChange: (view: DiscoveryView, options?: ShowOptions) => void;
};

function toggled<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

const legendClass = "mb-2 text-xs font-semibold uppercase tracking-wide text-brand-900/70";
const countClass = "ml-auto pl-2 text-xs tabular-nums text-brand-900/60";

function unitsText(minor: number | null): string {
  return minor === null ? "" : String(Math.floor(minor / 100));
}

/**
 * A price bound in the shopper's currency: as typed when the URL's bounds are in it, converted at
 * the shop's rate otherwise (a link shared by a shopper who chose the other currency).
 */
function boundIn(minor: number | null, from: Currency, prices: PriceDisplay, end: "min" | "max"): number | null {
  if (minor === null || from === prices.currency) return minor;
  if (prices.currency === "GHS") return convertFromGbp(minor, "GHS", prices.exchangeRate);
  return end === "min" ? gbpAtLeast(minor, from, prices.exchangeRate) : gbpAtMost(minor, from, prices.exchangeRate);
}

function readPounds(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) * 100 : null;
}

/**
 * The filters as one GET form. Without JavaScript the shopper ticks what they want and presses
 * Apply; with it, each tick shows the narrower result at once, and the price range (typed, so not
 * applied mid-number) applies on Enter or Apply. Every option shows how many products it would
 * leave, counted with the other filters applied (facets of discoverProducts).
 */
/** One end of the price range, in whole units of the shopper's currency. */
function PoundsInput(props: { id: string; name: string; label: string; value: string; placeholder: string | undefined; onChange: (text: string) => void }) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={props.id} className="mb-1 block text-xs text-brand-900/70">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        className="h-9 w-full rounded-md border border-brand-100 px-2 tabular-nums focus:border-brand-900 focus:outline-none"
      />
    </div>
  );
}

export function FilterPanel({ idPrefix, path, query, facets, onChange }: Props) {
  const { filters } = query;
  const hydrated = useHydrated();
  const change = (next: Partial<DiscoveryFilters>, options?: ShowOptions) => onChange({ q: query.q, sort: query.sort, filters: { ...filters, ...next } }, options);
  const id = (name: string) => `${idPrefix}-${name}`;

  // The price boxes follow the URL (a chip removed, a link followed) and keep what is being typed otherwise.
  // (React's "adjust state when a prop changes" pattern: compared and reset during render.)
  // Bounds are typed and shown in the shopper's currency (cedis when GHS is chosen: what the cards show).
  const prices = usePriceDisplay();
  const currency = prices.currency;
  const minText = unitsText(boundIn(filters.minPrice, filters.priceCurrency, prices, "min"));
  const maxText = unitsText(boundIn(filters.maxPrice, filters.priceCurrency, prices, "max"));
  const applied = `${minText}-${maxText}-${currency}`;
  const [draft, setDraft] = useState({ applied, min: minText, max: maxText });
  if (draft.applied !== applied) setDraft({ applied, min: minText, max: maxText });
  const { min, max } = draft;
  const setMin = (text: string) => setDraft((current) => ({ ...current, min: text }));
  const setMax = (text: string) => setDraft((current) => ({ ...current, max: text }));

  const sizeSelected = (size: string) => filters.sizes.includes(size);
  const colourSelected = (colour: ColourFamily) => filters.colours.includes(colour);

  return (
    <form
      method="get"
      action={path}
      className="space-y-7 text-sm"
      {...readyMarker(hydrated)}
      onSubmit={(event) => {
        event.preventDefault();
        let minPrice = readPounds(min);
        let maxPrice = readPounds(max);
        // "£200 to £50" means the same range as "£50 to £200".
        if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
        change({ minPrice, maxPrice, priceCurrency: minPrice === null && maxPrice === null ? "GBP" : currency }, { revealHeading: true });
      }}
    >
      <HiddenView query={query} omit="filters" />
      {facets.sizes.length > 0 ? (
        <fieldset>
          <legend className={legendClass}>{discoveryControls.size}</legend>
          <ul className="grid grid-cols-3 gap-1.5">
            {facets.sizes.map((option) => (
              <li key={option.value}>
                <label
                  className={`flex h-10 cursor-pointer flex-col items-center justify-center rounded-md border px-1 text-center leading-tight has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 ${
                    sizeSelected(option.value) ? "border-brand-900 bg-brand-900 text-white" : "border-brand-100 hover:border-brand-900"
                  }`}
                >
                  <input
                    type="checkbox"
                    name="size"
                    value={option.value}
                    checked={sizeSelected(option.value)}
                    onChange={() => change({ sizes: toggled(filters.sizes, option.value) })}
                    className="sr-only"
                  />
                  <span className="text-xs font-medium">{option.label}</span>
                  <span className={`text-[11px] tabular-nums ${sizeSelected(option.value) ? "text-white/80" : "text-brand-900/60"}`}>({option.count})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {facets.colours.length > 0 ? (
        <fieldset>
          <legend className={legendClass}>{discoveryControls.colour}</legend>
          <ul className="space-y-1">
            {facets.colours.map((option) => (
              <li key={option.value}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-brand-50">
                  <input
                    type="checkbox"
                    name="colour"
                    value={option.value}
                    checked={colourSelected(option.value)}
                    onChange={() => change({ colours: toggled(filters.colours, option.value) })}
                    className="h-4 w-4 accent-brand-900"
                  />
                  <ColourDot paint={option.swatch} size="h-4 w-4" />
                  <span className={colourSelected(option.value) ? "font-semibold" : ""}>{option.label}</span>
                  <span className={countClass}>({option.count})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <fieldset>
        <legend className={legendClass}>{discoveryControls.availability}</legend>
        <ul className="space-y-1">
          <li>
            <label className={`flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-brand-50 ${facets.inStock === 0 && !filters.inStock ? "text-brand-900/60" : ""}`}>
              <input type="checkbox" name="in-stock" value="1" checked={filters.inStock} onChange={() => change({ inStock: !filters.inStock })} className="h-4 w-4 accent-brand-900" />
              <span className={filters.inStock ? "font-semibold" : ""}>{discoveryControls.inStock}</span>
              <span className={countClass}>({facets.inStock})</span>
            </label>
          </li>
          <li>
            <label className={`flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-brand-50 ${facets.onSale === 0 && !filters.onSale ? "text-brand-900/60" : ""}`}>
              <input type="checkbox" name="sale" value="1" checked={filters.onSale} onChange={() => change({ onSale: !filters.onSale })} className="h-4 w-4 accent-brand-900" />
              <span className={filters.onSale ? "font-semibold" : ""}>{discoveryControls.onSale}</span>
              <span className={countClass}>({facets.onSale})</span>
            </label>
          </li>
        </ul>
      </fieldset>
      <fieldset>
        <legend className={legendClass}>{discoveryControls.price}</legend>
        <div className="flex items-end gap-2">
          <PoundsInput id={id("min")} name="min" label={discoveryControls.minPrice(CURRENCY_SYMBOLS[currency])} value={min} placeholder={facets.price ? String(Math.floor(convertFromGbp(facets.price.min, currency, prices.exchangeRate) / 100)) : undefined} onChange={setMin} />
          <span aria-hidden className="pb-2 text-brand-900/50">
            –
          </span>
          <PoundsInput id={id("max")} name="max" label={discoveryControls.maxPrice(CURRENCY_SYMBOLS[currency])} value={max} placeholder={facets.price ? String(Math.ceil(convertFromGbp(facets.price.max, currency, prices.exchangeRate) / 100)) : undefined} onChange={setMax} />
          {currency === "GBP" ? null : <input type="hidden" name="cur" value={currency} />}
        </div>
        <button type="submit" className="mt-3 h-9 w-full rounded-md border border-brand-900 text-sm font-medium hover:bg-brand-900 hover:text-white">
          {discoveryControls.apply}
        </button>
      </fieldset>
    </form>
  );
}
