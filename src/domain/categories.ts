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
  /** Category page heading and blurb (storefront.md section 2 "Heading and blurb per category"). */
  heading: string;
  blurb: string;
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
    heading: "Men's Suits",
    blurb:
      "Sharp tailoring for every occasion, from boardroom two-pieces to wedding-ready three-pieces, cut to flatter and built to last.",
    homeSection: "Premium Suits",
  }),
  category({
    value: "blazers",
    label: "Blazers",
    heading: "Blazers",
    blurb:
      "Single- and double-breasted blazers that lift jeans or chinos and hold their own at a dinner or an evening do.",
    homeSection: "Elegant Blazers",
  }),
  category({
    value: "shirts",
    label: "Shirts",
    heading: "Shirts",
    blurb:
      "Crisp dress shirts and easy casual shirts in cotton and linen, in the colours and fits a good wardrobe is built on.",
    homeSection: "Premium Shirts",
  }),
  category({
    value: "shoes",
    label: "Shoes",
    heading: "Shoes",
    blurb:
      "Oxfords, loafers, brogues and boots in leather and suede, made to finish an outfit properly and wear in beautifully.",
    homeSection: "Premium Shoes",
  }),
  category({
    value: "ties",
    label: "Ties",
    heading: "Ties",
    blurb:
      "Silk ties, bow ties and pocket squares in classic stripes, rich solids and bold prints, the detail that makes the look.",
    homeSection: "Designer Ties",
  }),
  category({
    value: "kaftan",
    label: "Kaftan",
    heading: "Kaftans",
    blurb:
      "Flowing kaftans with fine embroidery and clean lines, comfortable enough for every day and smart enough for celebrations.",
    homeSection: "Kaftan Collection",
  }),
  category({
    value: "Traditional Wear",
    label: "Traditional Wear",
    heading: "Traditional Wear",
    blurb:
      "Agbadas, senators and printed sets that honour tradition, tailored for weddings, ceremonies and every proud occasion.",
    homeSection: "Traditional Wear Collection",
  }),
  category({
    value: "denim",
    label: "Denim",
    heading: "Denim",
    blurb:
      "Denim shirts and jackets in washes from deep indigo to faded blue, rugged, versatile and better with every wear.",
    homeSection: "Denim Collection",
  }),
  category({
    value: "white-wear",
    label: "White Wear",
    heading: "White Wear",
    blurb:
      "Clean, bright white outfits for church, celebrations and summer days, fresh, elegant and effortlessly sharp.",
    homeSection: "White Wear Collection",
  }),
  category({
    value: "accessories",
    label: "Accessories",
    heading: "Accessories",
    blurb:
      "Watches, cufflinks, belts and finishing touches chosen to complete the look without saying too much.",
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
export const HOME_SECTIONS: readonly { title: string; category: CategoryValue; slug: string }[] = (
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
