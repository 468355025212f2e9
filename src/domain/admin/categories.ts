// The admin's category filter (admin.md section 2), apart from the storefront's category list.
import { findCategory, type CategoryValue } from "../categories.ts";
import { adminProducts } from "../messages/admin.ts";

/**
 * admin.md section 2 "Admin Products page" category filter: "all (labelled All Categories)" and
 * the categories, "capitalised with hyphens replaced by spaces".
 */
export const ADMIN_CATEGORY_FILTERS: readonly ("all" | CategoryValue)[] = [
  "all",
  "suits",
  "blazers",
  "shirts",
  "ties",
  "shoes",
  "accessories",
  "kaftan",
  "Traditional Wear",
  "denim",
  "white-wear",
];

/**
 * A category's name wherever the back office shows it: the shop's own name ("White Wear", as the
 * product editor, the storefront and the spec's "Traditional Wear" write it), so one category
 * never reads two ways on one screen. A value no category has gets the spec's
 * rule, capitalised with hyphens replaced by spaces.
 */
export function adminCategoryLabel(value: string): string {
  if (value === "all") return adminProducts.allCategories;
  const known = findCategory(value);
  if (known) return known.label;
  const spaced = value.replace(/-/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
