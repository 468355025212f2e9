// Product categories (storefront.md sections 1 and 2; admin.md sections 2 and 3).

/** The category values as stored in the database (storefront.md section 2 route table). */
export type CategoryValue =
  | "suits"
  | "blazers"
  | "shirts"
  | "shoes"
  | "ties"
  | "kaftan"
  | "Traditional Wear"
  | "denim"
  | "white-wear"
  | "accessories";

export type Category = {
  value: CategoryValue;
  /** URL segment: /category/{slug}, e.g. "Traditional%20Wear" (storefront.md section 2). */
  slug: string;
  /** Navigation and footer link text. */
  label: string;
  /** Title of the category's section on the home page. */
  homeSection: string;
};

type CategoryCopy = Omit<Category, "slug">;

const category = (copy: CategoryCopy): Category => ({ ...copy, slug: encodeURIComponent(copy.value) });

/** In navigation order (storefront.md section 1 lists the categories in this order). */
export const CATEGORIES: readonly Category[] = [
  category({
    value: "suits",
    label: "Suits",
    homeSection: "Premium Suits",
  }),
  category({
    value: "blazers",
    label: "Blazers",
    homeSection: "Elegant Blazers",
  }),
  category({
    value: "shirts",
    label: "Shirts",
    homeSection: "Premium Shirts",
  }),
  category({
    value: "shoes",
    label: "Shoes",
    homeSection: "Premium Shoes",
  }),
  category({
    value: "ties",
    label: "Ties",
    homeSection: "Designer Ties",
  }),
  category({
    value: "kaftan",
    label: "Kaftan",
    homeSection: "Kaftan Collection",
  }),
  category({
    value: "Traditional Wear",
    label: "Traditional Wear",
    homeSection: "Traditional Wear Collection",
  }),
  category({
    value: "denim",
    label: "Denim",
    homeSection: "Denim Collection",
  }),
  category({
    value: "white-wear",
    label: "White Wear",
    homeSection: "White Wear Collection",
  }),
  category({
    value: "accessories",
    label: "Accessories",
    homeSection: "Fashion Accessories",
  }),
];

function byValue(value: CategoryValue): Category {
  const found = CATEGORIES.find((c) => c.value === value);
  if (found === undefined) throw new Error(`unknown category ${value}`);
  return found;
}

/**
 * Home page sections in the home order, which differs from the navigation order
 * (storefront.md section 2 "Home": Premium Suits, Elegant Blazers, Premium Shoes, ...).
 */
// Marked pure so a browser bundle that never reads the list leaves it out (only the server does).
export const HOME_SECTIONS: readonly { title: string; category: CategoryValue; slug: string }[] = /* @__PURE__ */ (
  ["suits", "blazers", "shoes", "ties", "shirts", "kaftan", "Traditional Wear", "denim", "white-wear", "accessories"] as const
).map((value) => {
  const c = byValue(value);
  return { title: c.homeSection, category: c.value, slug: c.slug };
});

// Spaces, hyphens and underscores do not matter, nor does case: "Kaftan", "traditional-wear",
// "White Wear" and "Traditional%20Wear" all find their category.
function categoryKey(value: string): string {
  return value.toLowerCase().replace(/[\s_-]+/g, "");
}

/** The category a route parameter or import row names, or null when it names none. */
export function categoryFromParam(param: string | null | undefined): CategoryValue | null {
  if (param == null) return null;
  let decoded = param;
  try {
    decoded = decodeURIComponent(param);
  } catch {
    // A malformed escape ("100%") is compared as typed.
  }
  const key = categoryKey(decoded.trim());
  if (key === "") return null;
  return CATEGORIES.find((c) => categoryKey(c.value) === key)?.value ?? null;
}

/** Full record of a category, or null. */
export function findCategory(param: string | null | undefined): Category | null {
  const value = categoryFromParam(param);
  return value === null ? null : byValue(value);
}

/** The category's display name for texts such as 'No {category} found'; unknown ones as given. */
export function categoryLabel(value: string): string {
  return findCategory(value)?.label ?? value;
}

/** URL of a category page. */
export function categoryPath(value: CategoryValue): string {
  return `/category/${byValue(value).slug}`;
}
