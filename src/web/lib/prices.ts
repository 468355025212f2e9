import { useRouteLoaderData } from "react-router";
import { formatMoney, type Currency } from "../../domain/money.ts";

/** What the root loader tells every page about prices: the shopper's currency and the rate. */
export type PriceDisplay = { currency: Currency; exchangeRate: number };

type RootData = { prices: PriceDisplay | null };

/**
 * Formats pence (already at storefront price, markup applied by the server) in the shopper's
 * display currency. Server and browser use the same settings from the root loader, so the first
 * HTML and the hydrated page agree.
 */
export function usePriceFormatter(): (pence: number) => string {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const prices = data?.prices ?? { currency: "GBP", exchangeRate: 1 };
  return (pence: number) => formatMoney(pence, prices.currency, prices.exchangeRate);
}

export function usePriceDisplay(): PriceDisplay {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data?.prices ?? { currency: "GBP", exchangeRate: 1 };
}

export function useDisplayCurrency(): Currency {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data?.prices?.currency ?? "GBP";
}
