// Which chart of the size guide explains a category's sizes: the product page's Size choice
// links straight to it (/size-guide#jackets, ...).

export type SizeGuideSection = "clothing" | "jackets" | "collars" | "waists" | "shoes" | "one-size";

const SECTION_BY_CATEGORY: Readonly<Record<string, SizeGuideSection>> = {
  suits: "jackets",
  blazers: "jackets",
  shirts: "collars",
  "white-wear": "collars",
  denim: "waists",
  shoes: "shoes",
  ties: "one-size",
  accessories: "one-size",
};

/** The chart for a category; letter sizes (kaftan, traditional wear, anything new) by default. */
export function sizeGuideSection(category: string): SizeGuideSection {
  return SECTION_BY_CATEGORY[category] ?? "clothing";
}

export function sizeGuideHref(category: string): string {
  return `/size-guide#${sizeGuideSection(category)}`;
}
