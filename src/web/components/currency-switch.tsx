import { useFetcher, useLocation } from "react-router";
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from "../../domain/money.ts";
import { useDisplayCurrency } from "../lib/prices.ts";

/** GBP / GHS display switch; works without JavaScript (plain form post and redirect back). */
export function CurrencySwitch({ className = "" }: { className?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const saved = useDisplayCurrency();
  // Show the choice at once, before the revalidated prices arrive.
  const current = (fetcher.formData?.get("currency") as Currency | null) ?? saved;
  return (
    <fetcher.Form method="post" action="/preferences/currency" className={`flex rounded-md border border-brand-100 p-0.5 text-xs ${className}`} aria-label="Display currency">
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {CURRENCIES.map((currency) => (
        <button
          key={currency}
          type="submit"
          name="currency"
          value={currency}
          aria-pressed={current === currency}
          // 44 x 44 px on a phone (WCAG 2.5.5 touch target); compact beside a mouse.
          className={`inline-flex min-h-11 min-w-11 items-center justify-center whitespace-nowrap rounded px-1.5 py-1 font-medium sm:min-h-0 sm:min-w-0 sm:px-2 ${current === currency ? "bg-brand-900 text-white" : "text-brand-900/70 hover:text-brand-900"}`}
        >
          {CURRENCY_SYMBOLS[currency]}
          {/* Phones show the symbol only; the code is still read out. */}
          <span className="sr-only sm:not-sr-only"> {currency}</span>
        </button>
      ))}
    </fetcher.Form>
  );
}
