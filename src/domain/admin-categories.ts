// The admin's category filter (admin.md section 2), apart from the storefront's category list.
import { type CategoryValue } from "./categories.ts";
import { adminProducts } from "./messages/admin.ts";

/**
 * admin.md section 2 "Admin Products page" category filter: "all (labelled All Categories)" and
 * the categories, "capitalised with hyphens replaced by spaces" ("white-wear" -> "White wear").
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

export function adminCategoryLabel(value: string): string {
  if (value === "all") return adminProducts.allCategories;
  const spaced = value.replace(/-/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
