// admin.md section 5: "Kaftan discount_percentage is the rounded percent of the price below
// original, or null if there is no discount."

/**
 * (original - price) / original as a whole percent, rounded half up in exact integer
 * arithmetic (12.5% -> 13). null when there is no original price or it is not above the price.
 * A saving under half a percent rounds to 0, which is still a discount, so it is 0 and not null.
 */
export function kaftanDiscountPercentage(pricePence: number, originalPricePence: number | null): number | null {
  if (originalPricePence === null) return null;
  if (!Number.isSafeInteger(pricePence) || !Number.isSafeInteger(originalPricePence)) return null;
  if (pricePence < 0 || originalPricePence <= pricePence) return null;
  const saving = originalPricePence - pricePence;
  return Math.floor((200 * saving + originalPricePence) / (2 * originalPricePence));
}
