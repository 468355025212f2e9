// What a new markup or GBP to GHS rate does to the shop's prices, worked out before it is saved.
// Every storefront price is computed from these two numbers as it is shown, so one Save reprices
// the whole catalogue at once: a typo of 400 for 40 more than triples every price. The Settings
// page says the effect in prices shoppers would see, with the storefront's own rules (markup.ts,
// money.ts), and saves only once the owner confirms it.
import { priceWithMarkup } from "../markup.ts";
import { convertFromGbp, formatMinor, type Currency } from "../money.ts";
import { adminSettings as texts } from "../messages/admin-settings.ts";

/** The two settings every shopper price is made from. */
export type PriceRule = { markupPercent: number; exchangeRate: number };

/** One product's price as shoppers see it: pence in pounds (markup applied), pesewas in cedis. */
export type ShopperPrice = { gbp: number; ghs: number };

export function shopperPrice(basePence: number, rule: PriceRule): ShopperPrice {
  const gbp = priceWithMarkup(basePence, rule.markupPercent);
  return { gbp, ghs: convertFromGbp(gbp, "GHS", rule.exchangeRate) };
}

/** Does saving `after` over `before` change any price a shopper sees (the display currency alone does not)? */
export function repricesShop(before: PriceRule, after: PriceRule): boolean {
  return before.markupPercent !== after.markupPercent || before.exchangeRate !== after.exchangeRate;
}

/**
 * By how much the prices in each currency are multiplied: prices in pounds by the markup alone,
 * prices in cedis by the markup and the rate together.
 */
export function priceScale(before: PriceRule, after: PriceRule): Record<Currency, number> {
  const gbp = (100 + after.markupPercent) / (100 + before.markupPercent);
  return { GBP: gbp, GHS: (gbp * after.exchangeRate) / before.exchangeRate };
}

/** Beyond this factor either way a change is more likely a slip of the keyboard than a decision. */
export const LARGE_PRICE_CHANGE_FACTOR = 2;

export type LargePriceChange = { direction: "up" | "down"; currency: Currency } | null;

/** Prices in some currency more than doubling or falling below half, the first found (pounds before cedis); null otherwise. */
export function largePriceChange(before: PriceRule, after: PriceRule): LargePriceChange {
  const scale = priceScale(before, after);
  for (const currency of ["GBP", "GHS"] as const) {
    if (scale[currency] > LARGE_PRICE_CHANGE_FACTOR) return { direction: "up", currency };
    if (scale[currency] < 1 / LARGE_PRICE_CHANGE_FACTOR) return { direction: "down", currency };
  }
  return null;
}

/** The active products that share one base price (the catalogue is read grouped by it). */
export type BasePriceGroup = { basePence: number; products: number };

export type ExampleProduct = { id: string; name: string; basePence: number };

export type PriceChangePreview = {
  /** Each setting that changes, before and after; null when it stays. */
  markupPercent: { before: number; after: number } | null;
  exchangeRate: { before: number; after: number } | null;
  activeProducts: number;
  /** Active products whose price in pounds or in cedis is another after the change. */
  changedProducts: number;
  examples: { id: string; name: string; before: ShopperPrice; after: ShopperPrice }[];
  large: LargePriceChange;
};

/** The effect of the change on the catalogue: how many active products change price, and the examples' prices before and after. */
export function previewPriceChange(before: PriceRule, after: PriceRule, catalogue: { groups: readonly BasePriceGroup[]; examples: readonly ExampleProduct[] }): PriceChangePreview {
  const changes = (basePence: number) => {
    const [was, willBe] = [shopperPrice(basePence, before), shopperPrice(basePence, after)];
    return was.gbp !== willBe.gbp || was.ghs !== willBe.ghs;
  };
  return {
    markupPercent: before.markupPercent === after.markupPercent ? null : { before: before.markupPercent, after: after.markupPercent },
    exchangeRate: before.exchangeRate === after.exchangeRate ? null : { before: before.exchangeRate, after: after.exchangeRate },
    activeProducts: catalogue.groups.reduce((sum, group) => sum + group.products, 0),
    changedProducts: catalogue.groups.reduce((sum, group) => sum + (changes(group.basePence) ? group.products : 0), 0),
    examples: catalogue.examples.map(({ id, name, basePence }) => ({ id, name, before: shopperPrice(basePence, before), after: shopperPrice(basePence, after) })),
    large: largePriceChange(before, after),
  };
}

/**
 * An example's prices before → after, in the currency the change moves: pounds for a new markup,
 * cedis for a new rate, both when both change ("£278.60 → £995.00 (₵3,482.50 → ₵12,437.50)").
 */
export function examplePrices(example: PriceChangePreview["examples"][number], preview: Pick<PriceChangePreview, "markupPercent" | "exchangeRate">): string {
  const inPounds = texts.priceBeforeAfter(formatMinor(example.before.gbp, "GBP"), formatMinor(example.after.gbp, "GBP"));
  const inCedis = texts.priceBeforeAfter(formatMinor(example.before.ghs, "GHS"), formatMinor(example.after.ghs, "GHS"));
  if (preview.exchangeRate === null) return inPounds;
  return preview.markupPercent === null ? inCedis : `${inPounds} (${inCedis})`;
}

/** The question's lines: what changes, how many products it reprices, the examples, and the warning for a large change. */
export function describePriceChange(preview: PriceChangePreview): { changes: string[]; affected: string; examples: string[]; warning: string | null } {
  const changes = [
    ...(preview.markupPercent ? [texts.markupChange(preview.markupPercent.before, preview.markupPercent.after)] : []),
    ...(preview.exchangeRate ? [texts.rateChange(preview.exchangeRate.before, preview.exchangeRate.after)] : []),
  ];
  return {
    changes,
    affected: texts.pricesAffected(preview.changedProducts, preview.activeProducts, preview.markupPercent === null),
    examples: preview.examples.map((example) => `${example.name}: ${examplePrices(example, preview)}`),
    warning: preview.large ? texts.largePriceChange(preview.large.direction, preview.large.currency) : null,
  };
}
