// The category page's heading (storefront.md section 2), apart from the category list so the
// navigation on every page does not carry the category page's texts.
import { findCategory } from "./categories.ts";
import { categoryPage } from "./messages/catalog.ts";

/** storefront.md section 2: "Any other category gets the generic heading 'Products'." */
export function categoryHeading(value: string | null | undefined): string {
  return findCategory(value)?.heading ?? categoryPage.genericHeading;
}
